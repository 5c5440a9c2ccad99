// Benchmark: typing in a 10,000-material library — one edit inside one material, checked incrementally (what the
// editor runs after a pause in typing), as a ratio to the full analysis of the same text, measured
// in the same run (both `analyze`). Goal ≤ 0.1×. Completion and hover read only the material under the cursor (itemAt).
import { analyze, type AnalyzeOptions } from '../../../src/core/rules';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { CHECKS } from '../../fixtures/checks';
import { jsonContextAt } from '../../../src/core/preview';
import { bulkMaterials } from '../../fixtures/generate';
import { best } from './common';
import { result, type BenchResult } from './result';

const COUNT = 10_000;

export const incrementalBench = {
  name: 'typing in a 10,000-material library',
  async run(): Promise<BenchResult> {
    const keep = new Set(['GWP_TOTAL', 'GWP_FOSSIL', 'GWP_BIOGENIC', 'GWP_LULUC']);
    const items = bulkMaterials(COUNT);
    for (const m of items) for (const r of m.lciaResults) r.indicators = r.indicators.filter((i) => keep.has(i.type));
    const text = JSON.stringify(items, null, '\t');
    const options: AnalyzeOptions = { ...CHECKS, fileName: 'library.materials.json', now: new Date('2026-11-22T12:00:00Z') };
    const full = await best(3, () => analyze(text, options).findings);
    const incremental = { ...options, incremental: true };
    let inc = analyze(text, incremental);
    // Alternately set and restore material 5,000's lifespan (50 ↔ 0): each edit adds or removes one finding.
    const at = text.indexOf('"expectedLifespan": 50', text.indexOf('"Sample material 5000"')) + '"expectedLifespan": '.length;
    let zero = false;
    const edit = await best(20, () => {
      inc = analyze({ previous: inc, changes: [{ offset: at, length: zero ? 1 : 2, text: zero ? '50' : '0' }] }, incremental);
      zero = !zero;
      return inc.groups;
    });
    if (inc.stats.mode !== 'incremental') throw new Error(`the edit was checked in full (${inc.stats.reason})`);
    const last = text.lastIndexOf('"kg CO2 eq"') + 3;
    const hover = await best(20, () => {
      const item = inc.itemAt(last)!;
      return jsonContextAt(item.text, last - item.start, ASSUMED_CODES);
    });
    const wholeHover = await best(3, () => jsonContextAt(text, last, ASSUMED_CODES));
    return result({
      name: 'typing, 10,000 materials: one edit re-checked (analyze with the previous analysis)',
      ms: edit,
      floor: `the full analysis (rules, placed) of the ${(text.length / 1e6).toFixed(0)} MB file`,
      floorMs: full,
      goal: 0.1,
      detail: `hover on the last material ${hover.toFixed(2)} ms (${(hover / full).toFixed(4)}× the full check; on the whole text it took ${wholeHover.toFixed(0)} ms)`,
    });
  },
};
