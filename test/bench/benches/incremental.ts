// Benchmark: typing in a 10,000-material library — one edit inside one material, checked incrementally (what the
// editor runs after a pause in typing), as a ratio to the full semantic check of the same text (checkText), measured
// in the same run. Goal ≤ 0.1×. Completion and hover read only the material under the cursor (itemAt).
import { checkText } from '../../../src/core/rules';
import { IncrementalCheck } from '../../../src/core/rules/incremental';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
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
    const options = { fileName: 'library.materials.json', now: new Date('2026-11-22T12:00:00Z') };
    const full = await best(3, () => checkText(text, options));
    const inc = new IncrementalCheck(text, options);
    // Alternately set and restore material 5,000's lifespan (50 ↔ 0): each edit adds or removes one finding.
    const at = text.indexOf('"expectedLifespan": 50', text.indexOf('"Sample material 5000"')) + '"expectedLifespan": '.length;
    let zero = false;
    const edit = await best(20, () => {
      inc.update([{ offset: at, length: zero ? 1 : 2, text: zero ? '50' : '0' }], options.now);
      zero = !zero;
      return inc.groups();
    });
    if (inc.lastUpdate.mode !== 'incremental') throw new Error(`the edit was checked in full (${inc.lastUpdate.reason})`);
    const last = text.lastIndexOf('"kg CO2 eq"') + 3;
    const hover = await best(20, () => {
      const item = inc.itemAt(last)!;
      return jsonContextAt(item.text, last - item.start, ASSUMED_CODES);
    });
    const wholeHover = await best(3, () => jsonContextAt(text, last, ASSUMED_CODES));
    return result({
      name: 'typing, 10,000 materials: one edit re-checked (IncrementalCheck.update)',
      ms: edit,
      floor: `the full semantic check (checkText) of the ${(text.length / 1e6).toFixed(0)} MB file`,
      floorMs: full,
      goal: 0.1,
      detail: `hover on the last material ${hover.toFixed(2)} ms (${(hover / full).toFixed(4)}× the full check; on the whole text it took ${wholeHover.toFixed(0)} ms)`,
    });
  },
};
