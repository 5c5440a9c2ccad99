// The material under the cursor read from a window of a bulk file's lines (hover and completion before the check of a
// big library has caught up): the same text the analysis' itemAt gives, or none when the window does not hold it all.
import * as assert from 'assert';
import { analyze } from '../../../src/core/rules';
import { materialAround } from '../../../src/core/document';
import { codeCompletionAt } from '../../../src/core/preview';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { bulkMaterials } from '../../fixtures/generate';
import { CHECKS } from '../../fixtures/checks';

describe('materialAround (the material near the cursor, from a window of lines)', () => {
  const text = JSON.stringify(bulkMaterials(30), null, '\t');
  const analysis = analyze(text, { ...CHECKS, fileName: 'x.materials.json', incremental: true });
  /** A window of whole lines around `offset`, `lines` each side. */
  const all = text.split('\n');
  const starts = all.reduce<number[]>((s, l, i) => (s.push(i ? s[i - 1] + all[i - 1].length + 1 : 0), s), []);
  const windowAt = (offset: number, lines: number): { start: number; text: string } => {
    let line = starts.findIndex((s) => s > offset) - 1;
    if (line < 0) line = all.length - 1;
    const from = Math.max(0, line - lines);
    return { start: starts[from], text: all.slice(from, line + lines + 1).join('\n') };
  };

  it('finds the same material as the analysis, wherever the cursor is in it', () => {
    for (const needle of ['"Sample material 0"', '"kg CO2 eq"', '"declaredValue"', '"moduleTypeEnum"']) {
      for (let from = 0, at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, from)) {
        from = at + 1;
        const w = windowAt(at + 2, 2000);
        const found = materialAround(w.text, at + 2 - w.start);
        assert.ok(found, `found around ${at}`);
        assert.deepStrictEqual({ start: w.start + found.start, text: w.text.slice(found.start, found.end) }, analysis.itemAt(at + 2));
      }
    }
  });

  it('is undefined when the window does not hold the whole material (the caller reads more)', () => {
    const at = text.indexOf('"declaredValue"', text.indexOf('"Sample material 12"'));
    const w = windowAt(at, 3);
    assert.strictEqual(materialAround(w.text, at - w.start), undefined);
  });

  it('gives completion its path inside a material being typed (no value yet)', () => {
    const at = text.indexOf('"declaredUnit": 3', text.indexOf('"Sample material 20"')) + '"declaredUnit": '.length;
    const typed = text.slice(0, at) + text.slice(at + 1);
    const lines = typed.split('\n');
    const line = typed.slice(0, at).split('\n').length - 1;
    const start = lines.slice(0, line - 2000).reduce((n, l) => n + l.length + 1, 0);
    const window = lines.slice(line - 2000, line + 2000).join('\n');
    const found = materialAround(window, at - start)!;
    const item = window.slice(found.start, found.end);
    const choices = codeCompletionAt(item, at - start - found.start, ASSUMED_CODES);
    assert.ok(choices && choices.choices.length > 0, 'unit codes offered');
  });
});
