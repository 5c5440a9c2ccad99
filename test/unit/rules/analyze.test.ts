// The one check of a document (analyze): the same findings whether a bulk file is analysed in full or edit by edit,
// an item of a file on its own as in the whole file, what blocks sending as a view of the analysis, and the rules
// asking the code table they are given.
import * as assert from 'assert';
import { applyAll, type TextChange } from '../../../src/core/document';
import { buildCodeTable } from '../../../src/core/codeTable';
import { format } from '../../../src/core/l10n';
import { analyze, blockingOf, describeBlocking, type Analysis, type AnalyzeOptions, type RuleDiagnostic } from '../../../src/core/rules';
import { MATERIAL_SPECS, materialItem } from '../../../src/service/seed/materials';
import { CHECKS } from '../../fixtures/checks';

const NOW = new Date('2026-11-22T12:00:00Z');
const OPTIONS: AnalyzeOptions = { ...CHECKS, fileName: 'walls.materials.json', now: NOW };

function material(i: number): Record<string, unknown> {
  return { ...materialItem(MATERIAL_SPECS[i]), originalUUID: `00000000-0000-4000-8000-00000000000${i}`, originalVersion: '1' };
}

/** Rule id, severity, the text at the range and the path of each placed finding and schema problem, in text order. */
function seen(a: Analysis): string[] {
  const text = a.text;
  const all: RuleDiagnostic[] = [...a.findings, ...a.schemaProblems];
  return all
    .sort((x, y) => x.offset - y.offset || x.ruleId.localeCompare(y.ruleId))
    .map((d) => `${d.ruleId} ${d.severity} ${JSON.stringify(text.slice(d.offset, d.offset + d.length))} ${d.path.join('/')}`);
}

/** The change that replaces the first `from` after `after` with `to`. */
function replace(text: string, after: string, from: string, to: string): TextChange {
  const offset = text.indexOf(from, text.indexOf(after));
  assert.ok(offset > 0, `${from} after ${after}`);
  return { offset, length: from.length, text: to };
}

describe('analyze: one check of a document', () => {
  const text = JSON.stringify([material(0), material(1), material(2)], null, 2);

  it('gives kind, value, findings and schema problems of a text; the value and a locator of its paths', () => {
    const a = analyze(text, OPTIONS);
    assert.strictEqual(a.kind, 'materials');
    assert.deepStrictEqual(a.value, JSON.parse(text));
    assert.strictEqual(a.strict, true);
    assert.deepStrictEqual(a.schemaProblems, []);
    const span = a.locator.rangeOf([1, 'name']);
    assert.ok(span);
    assert.strictEqual(text.slice(span.offset, span.offset + span.length), JSON.stringify(MATERIAL_SPECS[1].name));
    assert.deepStrictEqual(blockingOf(a), [], 'a valid file has nothing that blocks sending');
  });

  it('in full and incrementally gives the same findings after each edit', () => {
    const edits: [string, string, string][] = [
      // Material 1's lifespan becomes 0 years (an error), then its declared value a string (a schema problem).
      [MATERIAL_SPECS[1].name, '"expectedLifespan": 120', '"expectedLifespan": 0'],
      [MATERIAL_SPECS[1].name, '"declaredValue": 1', '"declaredValue": "1"'],
      // Material 2 repeats material 0's identity (a finding across items).
      [MATERIAL_SPECS[2].name, '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000000'],
    ];
    let current = text;
    let incremental = analyze(current, { ...OPTIONS, incremental: true });
    assert.deepStrictEqual(seen(incremental), seen(analyze(current, OPTIONS)), 'on open');
    for (const [after, from, to] of edits) {
      const change = replace(current, after, from, to);
      current = applyAll(current, [change]);
      incremental = analyze({ previous: incremental, changes: [change] }, { ...OPTIONS, incremental: true });
      assert.deepStrictEqual([incremental.stats.mode, incremental.stats.itemsChecked], ['incremental', 1], `${to}: only the edited material`);
      assert.strictEqual(incremental.text, current);
      assert.deepStrictEqual(seen(incremental), seen(analyze(current, OPTIONS)), to);
    }
    const found = seen(incremental);
    assert.ok(found.some((f) => f.startsWith('lifespan-not-positive error "0" 1/expectedLifespan')), found.join('\n'));
    assert.ok(found.some((f) => f.startsWith('schema error "\\"1\\"" 1/declaredUnit/declaredValue')), found.join('\n'));
    assert.ok(found.some((f) => f.startsWith('material-duplicate error "\\"00000000-0000-4000-8000-000000000000\\"" 2/originalUUID')), found.join('\n'));
  });

  it('an edit of an analysis made in full is analysed in full, as the new text', () => {
    const before = analyze(text, OPTIONS);
    const change = replace(text, MATERIAL_SPECS[0].name, '"expectedLifespan": 120', '"expectedLifespan": -1');
    const after = analyze({ previous: before, changes: [change] }, OPTIONS);
    assert.strictEqual(after.stats.mode, 'full');
    assert.deepStrictEqual(seen(after), seen(analyze(applyAll(text, [change]), OPTIONS)));
    assert.ok(seen(after).some((f) => f.startsWith('lifespan-not-positive error "-1" 0/expectedLifespan')));
  });

  it('an item read on its own finds what the whole file finds in it, placed in its own text', () => {
    const list = [material(0), material(1)];
    (list[1] as { expectedLifespan: number }).expectedLifespan = 0;
    delete list[1].name;
    const whole = JSON.stringify(list, null, 2);
    const itemText = JSON.stringify(list[1], null, 2);
    const item = analyze(itemText, { ...OPTIONS, item: 1 });
    const full = analyze(whole, OPTIONS);
    const inItem = (a: Analysis, t: string): string[] =>
      [...a.findings, ...a.schemaProblems].filter((d) => d.path[0] === 1).map((d) => `${d.ruleId} ${format(d.message)} ${t.slice(d.offset, d.offset + d.length).slice(0, 20)}`).sort();
    assert.deepStrictEqual(inItem(item, itemText), inItem(full, whole));
    assert.ok(inItem(item, itemText).some((f) => f.includes('item 1 is missing the required property `name`')), inItem(item, itemText).join('\n'));
  });

  it('what blocks sending is a view of the analysis: syntax, schema and rule errors in text order, no warnings', () => {
    const list = [material(0), material(1)];
    (list[0] as { expectedLifespan: number }).expectedLifespan = 0;
    (list[1].declaredUnit as Record<string, unknown>).declaredValue = '1';
    // A warning (an expired EPD) does not block.
    (list[1] as { epdInfo: Record<string, unknown> }).epdInfo = { ...(list[1].epdInfo as Record<string, unknown>), validTo: '2020-01-01T00:00:00Z' };
    const broken = JSON.stringify(list, null, 2).replace(/\n]$/, ',\n]');
    const a = analyze(broken, OPTIONS);
    assert.strictEqual(a.strict, false);
    assert.ok(a.findings.some((d) => d.ruleId === 'epd-expired' && d.severity === 'warning'));
    const blocking = blockingOf(a);
    // The lifespan of 0 years is reported once, in the rule's words (the schema's minimum says the same).
    assert.deepStrictEqual(blocking.map((p) => p.kind), ['rule', 'schema', 'syntax']);
    assert.match(format(describeBlocking(blocking[0])), /^\d+:\d+ A lifespan of 0 years is not possible/);
    assert.match(format(describeBlocking(blocking[2])), /^\d+:\d+ Trailing comma$/);
  });

  it('asks the code table it is given', () => {
    const one = JSON.stringify({ ...material(0), declaredUnit: { declaredValue: 1, declaredUnit: 11 } }, null, 2);
    const warnings = (a: Analysis): string[] => a.findings.filter((d) => d.ruleId === 'code-unknown').map((d) => d.path.join('/'));
    assert.deepStrictEqual(warnings(analyze(one, { ...CHECKS, kind: 'material', now: NOW })), ['declaredUnit/declaredUnit']);
    const table = buildCodeTable({ environment: 'test', override: { units: [{ code: 11, label: 'M3X', name: 'cubic metre', dimension: 'volume', factor: 1 }] } });
    assert.deepStrictEqual(warnings(analyze(one, { ...CHECKS, codes: table, kind: 'material', now: NOW })), []);
  });
});
