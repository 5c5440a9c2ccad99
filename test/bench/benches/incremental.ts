// Benchmark: typing in a 10,000-material library — one edit inside one material, checked incrementally (what the
// editor runs after a pause in typing), as a ratio to the full analysis of the same text, measured
// in the same run (both `analyze`). Goal ≤ 0.1×. Completion and hover read only the material under the cursor (itemAt).
import { analyze, type AnalyzeOptions } from '../../../src/core/rules';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { CHECKS } from '../../fixtures/checks';
import { codeCompletionAt, jsonContextAt } from '../../../src/core/preview';
import { materialAround } from '../../../src/core/document';
import { bulkMaterials } from '../../fixtures/generate';
import { best } from './common';
import { result, type BenchResult } from './result';

const COUNT = 10_000;

export const incrementalBench = {
  name: 'typing in a 10,000-material library',
  async run(): Promise<BenchResult[]> {
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
    // Before the check has caught up (just opened, changed on disk), completion and hover read the material from the
    // lines around the cursor (editing/analyses.ts textAround: windows of 200, 800, … lines on each side).
    const lineStarts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    const near = (offset: number): { start: number; text: string } | undefined => {
      let line = lineStarts.findIndex((s) => s > offset) - 1;
      if (line < 0) line = lineStarts.length - 1;
      for (let lines = 200; lines <= 51_200; lines *= 4) {
        const from = lineStarts[Math.max(0, line - lines)];
        const to = line + lines + 1 < lineStarts.length ? lineStarts[line + lines + 1] - 1 : text.length;
        const window = text.slice(from, to);
        const found = materialAround(window, offset - from);
        if (found) return { start: from + found.start, text: window.slice(found.start, found.end) };
      }
      return undefined;
    };
    const named = text.indexOf('"Sample material 9995"');
    const unitAt = named + /"declaredUnit": \d/.exec(text.slice(named))!.index + '"declaredUnit": '.length;
    const completion = await best(20, () => {
      const item = near(unitAt)!;
      const found = codeCompletionAt(item.text, unitAt - item.start, ASSUMED_CODES);
      if (!found?.choices.length) throw new Error('no completion at declaredUnit');
    });
    const nearHover = await best(20, () => {
      const item = near(unitAt)!;
      if (jsonContextAt(item.text, unitAt - item.start, ASSUMED_CODES)?.kind !== 'unitCode') throw new Error('no hover at declaredUnit');
    });
    const answers = result({
      name: 'completion + hover at declaredUnit, 10,000 materials, before the check caught up (lines around the cursor)',
      ms: completion + nearHover,
      floor: 'one edit re-checked incrementally',
      floorMs: edit,
      goalMs: 1000,
      detail: `completion ${completion.toFixed(2)} ms, hover ${nearHover.toFixed(2)} ms (the line index is the editor's own: not counted)`,
    });
    return [answers, result({
      name: 'typing, 10,000 materials: one edit re-checked (analyze with the previous analysis)',
      ms: edit,
      floor: `the full analysis (rules, placed) of the ${(text.length / 1e6).toFixed(0)} MB file`,
      floorMs: full,
      goal: 0.1,
      detail: `hover on the last material ${hover.toFixed(2)} ms (${(hover / full).toFixed(4)}× the full check; on the whole text it took ${wholeHover.toFixed(0)} ms)`,
    })];
  },
};
