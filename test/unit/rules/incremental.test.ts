// The incremental analysis of a bulk file (what the editor runs while the user types) gives exactly what the full
// analysis of the same text gives, after any sequence of edits — and an edit inside one material re-checks only that one.
import * as assert from 'assert';
import fc from 'fast-check';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { epdIdCompletionSpan, jsonContextAt } from '../../../src/core/preview';
import { applyAll, type TextChange } from '../../../src/core/document';
import { analyze, checksInFull, type Analysis, type AnalyzeOptions, type RuleDiagnostic } from '../../../src/core/rules';
import { CHECKS } from '../../fixtures/checks';
import type { Material } from '../../../src/core/schemas/types';
import { bulkMaterials, uuidFor } from '../../fixtures/generate';

const NOW = new Date('2026-11-22T12:00:00Z');
const OPTIONS: AnalyzeOptions = { ...CHECKS, fileName: 'library.materials.json', now: NOW };
const INCREMENTAL: AnalyzeOptions = { ...OPTIONS, incremental: true };

/** Everything an analysis places: the rules' findings and the schema problems. */
const diagnosticsOf = (a: Analysis): RuleDiagnostic[] => [...a.findings, ...a.schemaProblems];
/** What the full analysis of a text places. */
const checkText = (text: string, options: AnalyzeOptions): RuleDiagnostic[] => diagnosticsOf(analyze(text, options));

/** Five materials, some with findings (missing modules, a wrong unit, a sum that disagrees, an expired EPD, a duplicate). */
function library(): Material[] {
  const items = bulkMaterials(5);
  // The indicators the rules look at, so that a run stays quick: the three sums' totals and parts, one more.
  const kept = new Set(['GWP_TOTAL', 'GWP_FOSSIL', 'GWP_BIOGENIC', 'GWP_LULUC', 'PERE', 'PERM', 'PERT', 'ODP']);
  for (const m of items) for (const r of m.lciaResults) r.indicators = r.indicators.filter((i) => kept.has(i.type));
  items[1].lciaResults = items[1].lciaResults.slice(0, 15);
  items[2].lciaResults[0].indicators[0].unit = 'kg';
  items[2].lciaResults[0].indicators[1].value = 99;
  items[3].epdInfo = { ...(items[3].epdInfo ?? {}), validTo: '2020-01-01' } as Material['epdInfo'];
  items[4].originalUUID = items[0].originalUUID;
  return items;
}

function documentText(indent: string | number, crlf: boolean): string {
  const text = JSON.stringify(library(), null, indent);
  return crlf ? text.replace(/\n/g, '\r\n') : text;
}

const canonical = (list: readonly RuleDiagnostic[]): string[] => list.map((d) => JSON.stringify(d)).sort();

/** An edit, picked against the current text when it is applied. */
type Edit =
  | { kind: 'number'; pick: number; text: string }
  | { kind: 'string'; pick: number; text: string }
  | { kind: 'raw'; pick: number; length: number; text: string };

const NUMBERS = ['0', '-1', '1', '17', '99.5', '1e-9', '282', '2', '-0.705'];
const STRINGS = ['kg CO2 eq', 'kg CO2e', 'MJ', 'GWP_TOTAL', 'PERT', 'PERE', uuidFor(0), uuidFor(3), '2020-01-01', '2099-12-31', '', 'x'];
const RAW = ['', ',', '{', '}', '[', ']', '"', '\n', '\r\n', ' ', '0', '-1', ':', '"a": 1,', '{"type": "GWP_TOTAL", "unit": "kg", "value": 1},', '// c\n'];

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('number' as const), pick: fc.nat(), text: fc.constantFrom(...NUMBERS) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('string' as const), pick: fc.nat(), text: fc.constantFrom(...STRINGS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), pick: fc.nat(), length: fc.nat({ max: 6 }), text: fc.constantFrom(...RAW) }) },
);

function tokens(text: string, pattern: RegExp): { offset: number; length: number }[] {
  return [...text.matchAll(pattern)].map((m) => ({ offset: m.index, length: m[0].length }));
}

/** The change an edit makes to `text` (numbers and strings keep the document valid JSON most of the time). */
function changeOf(text: string, e: Edit): TextChange {
  if (e.kind === 'raw') {
    const offset = e.pick % (text.length + 1);
    return { offset, length: Math.min(e.length, text.length - offset), text: e.text };
  }
  const found = e.kind === 'number' ? tokens(text, /(?<=[:[,]\s*)-?\d+(\.\d+)?([eE][-+]?\d+)?/g) : tokens(text, /"(?:[^"\\]|\\.)*"/g);
  if (found.length === 0) return { offset: 0, length: 0, text: '' };
  const t = found[e.pick % found.length];
  return e.kind === 'number' ? { offset: t.offset, length: t.length, text: e.text } : { offset: t.offset + 1, length: t.length - 2, text: e.text };
}

describe('incremental check of a bulk file', function () {
  this.timeout(120_000);
  const modes = { incremental: 0, full: 0 };

  after(() => {
    // The random edits exercise both paths (most keep the file valid JSON, a few break it).
    assert.ok(modes.incremental > modes.full / 2 && modes.full > 0, JSON.stringify(modes));
  });

  it('equals the full check after every edit of a random sequence (numbers, strings, broken text, several changes at once)', () => {
    fc.assert(
      fc.property(
        // 0: the whole file on one line, items side by side.
        fc.constantFrom<string | number>(2, 4, '\t', 0),
        fc.boolean(),
        fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }),
        (indent, crlf, events) => {
          let text = documentText(indent, crlf);
          let inc = analyze(text, INCREMENTAL);
          assert.deepStrictEqual(canonical(diagnosticsOf(inc)), canonical(checkText(text, OPTIONS)), 'on open');
          for (const event of events) {
            // Each change of an event applies to the text the previous one left, as in VS Code's change events.
            const changes: TextChange[] = [];
            let after = text;
            for (const e of event) {
              const change = changeOf(after, e);
              changes.push(change);
              after = applyAll(after, [change]);
            }
            // What the editor asks before it checks (a full check of a big library waits for a pause): said right.
            const full = checksInFull({ previous: inc, changes });
            inc = analyze({ previous: inc, changes }, INCREMENTAL);
            modes[inc.stats.mode]++;
            assert.strictEqual(full, inc.stats.mode === 'full', `checksInFull said ${full} for ${JSON.stringify(changes)}`);
            text = after;
            assert.strictEqual(inc.text, text, 'the checker follows the text');
            assert.deepStrictEqual(canonical(diagnosticsOf(inc)), canonical(checkText(text, OPTIONS)), `after ${JSON.stringify(changes)}`);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a value deleted and then typed again is checked as one edit of that material; the state between would be a full check, after which the value typed goes back to checking that material only', () => {
    const text = documentText(2, false);
    const inc = analyze(text, INCREMENTAL);
    const value = text.indexOf('"declaredUnit": ', text.indexOf('"declaredUnit": {', text.indexOf('Sample material 3')) + 1) + '"declaredUnit": '.length;
    assert.match(text.slice(value, value + 2), /^\d,/);
    const deleted: TextChange = { offset: value, length: 1, text: '' };
    // `"declaredUnit": ,` is not JSON: checking now would check the whole file.
    assert.strictEqual(checksInFull({ previous: inc, changes: [deleted] }), true);
    const typed: TextChange[] = [deleted, { offset: value, length: 0, text: '2' }];
    assert.strictEqual(checksInFull({ previous: inc, changes: typed }), false);
    const next = analyze({ previous: inc, changes: typed }, INCREMENTAL);
    assert.deepStrictEqual([next.stats.mode, next.stats.itemsChecked], ['incremental', 1]);
    assert.strictEqual(next.text, text.slice(0, value) + '2' + text.slice(value + 1));
    assert.deepStrictEqual(canonical(diagnosticsOf(next)), canonical(checkText(next.text, OPTIONS)));
    // The value left deleted is checked in full (the text is not JSON); typed again, only its material is checked.
    const broken = analyze({ previous: next, changes: [deleted] }, INCREMENTAL);
    assert.strictEqual(broken.stats.mode, 'full');
    assert.deepStrictEqual(canonical(diagnosticsOf(broken)), canonical(checkText(broken.text, OPTIONS)));
    const fixedChange: TextChange = { offset: value, length: 0, text: '4' };
    assert.strictEqual(checksInFull({ previous: broken, changes: [fixedChange] }), false);
    const fixed = analyze({ previous: broken, changes: [fixedChange] }, INCREMENTAL);
    assert.deepStrictEqual([fixed.stats.mode, fixed.stats.itemsChecked], ['incremental', 1]);
    assert.strictEqual(fixed.text, text.slice(0, value) + '4' + text.slice(value + 1));
    assert.ok(fixed.itemAt(value), 'checked item by item again');
    assert.deepStrictEqual(canonical(diagnosticsOf(fixed)), canonical(checkText(fixed.text, OPTIONS)));
    // Across materials, or from an analysis that is not incremental: full.
    const between = text.indexOf('},\n  {') + 1;
    assert.strictEqual(checksInFull({ previous: fixed, changes: [{ offset: between, length: 4, text: '' }] }), true);
    assert.strictEqual(checksInFull({ previous: analyze(text, OPTIONS), changes: [{ offset: value, length: 1, text: '2' }] }), true);
  });

  it('equals the full check when values are deleted (the text no longer JSON), other edits made meanwhile, and values typed again', () => {
    const restored = { incremental: 0, full: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom<string | number>(2, '\t', 0),
        fc.array(fc.record({ pick: fc.nat(), between: fc.array(edit, { maxLength: 2 }), text: fc.constantFrom(...NUMBERS) }), { minLength: 1, maxLength: 4 }),
        (indent, steps) => {
          let text = documentText(indent, false);
          let inc = analyze(text, INCREMENTAL);
          const step = (change: TextChange): void => {
            const full = checksInFull({ previous: inc, changes: [change] });
            inc = analyze({ previous: inc, changes: [change] }, INCREMENTAL);
            text = applyAll(text, [change]);
            assert.strictEqual(full, inc.stats.mode === 'full', `checksInFull said ${full} for ${JSON.stringify(change)}`);
            assert.strictEqual(inc.text, text);
            assert.deepStrictEqual(canonical(diagnosticsOf(inc)), canonical(checkText(text, OPTIONS)), `after ${JSON.stringify(change)}`);
          };
          for (const s of steps) {
            const numbers = tokens(text, /(?<=:\s*)-?\d+(\.\d+)?/g);
            if (numbers.length === 0) return;
            const n = numbers[s.pick % numbers.length];
            step({ offset: n.offset, length: n.length, text: '' });
            for (const e of s.between) step(changeOf(text, e));
            // The value typed again where it was, when that place is still between ": " and what followed.
            step({ offset: n.offset, length: 0, text: s.text });
            restored[inc.stats.mode]++;
          }
        },
      ),
      { numRuns: 60 },
    );
    assert.ok(restored.incremental > 0, JSON.stringify(restored));
  });

  it('re-checks only the material an edit is in, and the findings follow the edit', () => {
    const text = documentText(2, false);
    let inc = analyze(text, INCREMENTAL);
    assert.ok(inc.itemAt(text.indexOf('Sample material 2')), 'a valid bulk file is checked item by item');
    assert.ok(!diagnosticsOf(inc).some((d) => d.ruleId === 'lifespan-not-positive'));
    // Give material 2 a lifespan of 0 years (an error), typing inside it.
    const at = text.indexOf('"expectedLifespan"', text.indexOf('Sample material 2'));
    const value = text.indexOf(':', at) + 2;
    const end = text.slice(value).search(/[,\n]/) + value;
    inc = analyze({ previous: inc, changes: [{ offset: value, length: end - value, text: '0' }] }, INCREMENTAL);
    assert.deepStrictEqual([inc.stats.mode, inc.stats.itemsChecked], ['incremental', 1]);
    const lifespan = inc.findings.filter((d) => d.ruleId === 'lifespan-not-positive');
    assert.deepStrictEqual(lifespan.map((d) => [d.path, inc.text.slice(d.offset, d.offset + d.length)]), [[[2, 'expectedLifespan'], '0']]);
    // An edit that breaks the structure (a stray bracket between items) is checked in full, and still agrees.
    const between = inc.text.indexOf('},\n  {') + 2;
    inc = analyze({ previous: inc, changes: [{ offset: between, length: 0, text: ']' }] }, INCREMENTAL);
    assert.strictEqual(inc.stats.mode, 'full');
    assert.deepStrictEqual(canonical(diagnosticsOf(inc)), canonical(checkText(inc.text, OPTIONS)));
  });

  it('hovers and completions read only the material under the cursor and answer as on the whole file', () => {
    const text = documentText(2, false);
    const inc = analyze(text, INCREMENTAL);
    fc.assert(
      fc.property(fc.nat({ max: text.length }), (offset) => {
        const item = inc.itemAt(offset);
        if (!item) return;
        const local = jsonContextAt(item.text, offset - item.start, ASSUMED_CODES);
        const whole = jsonContextAt(text, offset, ASSUMED_CODES);
        assert.deepStrictEqual(local && { ...local, span: { offset: local.span.offset + item.start, length: local.span.length } }, whole);
        const span = epdIdCompletionSpan(item.text, offset - item.start);
        assert.deepStrictEqual(span && { ...span, offset: span.offset + item.start }, epdIdCompletionSpan(text, offset));
      }),
      { numRuns: 300 },
    );
    // Hovers were found (the property is not vacuous): a module code and an indicator unit.
    const unitAt = text.indexOf('"kg CO2 eq"') + 2;
    assert.strictEqual(jsonContextAt(inc.itemAt(unitAt)!.text, unitAt - inc.itemAt(unitAt)!.start, ASSUMED_CODES)?.kind, 'indicatorUnit');
  });
});
