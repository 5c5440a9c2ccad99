// What keeps a document from being sent (blockingOf an analysis, src/core/rules/analyze.ts): syntax, schema and rule errors once each, in
// VS Code's words for syntax, at 1-based line:column — the list the editor's errors and the refusals share.
import * as assert from 'assert';
import { planBulkCreate } from '../../../src/core/bulk';
import { syntaxProblems } from '../../../src/core/document';
import { analyze, blockingOf, describeBlocking } from '../../../src/core/rules';
import { MATERIAL_SPECS, materialItem } from '../../../src/service/seed/materials';
import { format } from '../../../src/core/l10n';
import { CHECKS } from '../../fixtures/checks';

function material(i: number): Record<string, unknown> {
  return { ...materialItem(MATERIAL_SPECS[i]), originalUUID: `00000000-0000-4000-8000-00000000000${i}`, originalVersion: '1' };
}

describe('rules: blocking problems (errors shown once, same count and words everywhere)', () => {
  it('names syntax errors in VS Code’s words at line:column, a trailing comma as such', () => {
    const missingComma = '{\n  "a": 1\n  "b": 2\n}';
    const [comma] = syntaxProblems(missingComma);
    assert.deepStrictEqual([format(comma.message), comma.line, comma.column], ['Expected comma', 3, 3]);
    const trailing = syntaxProblems('[1, 2,\n]');
    assert.deepStrictEqual(trailing.map((p) => format(describeBlocking(p))), ['1:6 Trailing comma']);
  });

  it('places schema problems: a missing property at its object, a string for a number at the value', () => {
    const list = [material(0), material(1)];
    delete list[0].name;
    (list[1].declaredUnit as Record<string, unknown>).declaredValue = '50';
    const text = JSON.stringify(list, null, 2);
    const found = blockingOf(analyze(text, { ...CHECKS, kind: 'materials' })).filter((p) => p.kind === 'schema');
    assert.strictEqual(found.length, 2, found.map((p) => format(describeBlocking(p))).join(' | '));
    assert.match(format(found[0].message), /item 0 is missing the required property `name`/);
    assert.strictEqual(found[0].line, 2, 'at the opening brace of item 0');
    assert.match(format(found[1].message), /`declaredValue` must be a number/);
    assert.strictEqual(text.slice(found[1].offset, found[1].offset + found[1].length), '"50"');
  });

  it('the bulk refusal counts and words exactly what blockingOf lists, in text order', () => {
    const list = [material(0), material(1), material(2)];
    delete list[2].originalVersion;
    (list[0].declaredUnit as Record<string, unknown>).declaredValue = '50';
    const text = JSON.stringify(list, null, 2).replace('"originalUUID": "00000000-0000-4000-8000-000000000001",', '"originalUUID": "00000000-0000-4000-8000-000000000001"');
    const all = blockingOf(analyze(text, { ...CHECKS, kind: 'materials' }));
    assert.deepStrictEqual(all.map((p) => p.kind), ['schema', 'syntax', 'schema']);
    const plan = planBulkCreate(text, { ...CHECKS, fileName: 'x.materials.json', epdUrl: 'http://127.0.0.1/epd' });
    assert.strictEqual(plan.problems?.count, 3);
    assert.deepStrictEqual(plan.problems?.samples, all.map(describeBlocking));
    assert.deepStrictEqual([plan.problems?.syntax, plan.problems?.schema, plan.problems?.semantic], [1, 2, 0]);
  });
});
