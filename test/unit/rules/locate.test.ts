// Locating paths without one big syntax tree: top-level items of bulk files, and ranges of deep paths.
import * as assert from 'assert';
import fc from 'fast-check';
import { DocumentLocator, topLevelItems } from '../../../src/core/document';
import { analyze } from '../../../src/core/rules';
import { CHECKS } from '../../fixtures/checks';
import { bulkMaterials } from '../../fixtures/generate';

describe('locating in bulk files', () => {
  it('splits any JSON array into its items, whatever strings they hold', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 8 }), fc.constantFrom(0, 2, '\t'), (items, indent) => {
        const text = JSON.stringify(items, null, indent);
        const spans = topLevelItems(text);
        assert.ok(spans);
        assert.deepStrictEqual(spans.map((s) => JSON.parse(text.slice(s.offset, s.offset + s.length)) as unknown), JSON.parse(text));
      }),
    );
  });

  it('skips comments and brackets inside strings', () => {
    const text = '// materials\n[ /* first */ {"name": "a ] \\" }"}, // second\n [1, [2]], "x,y" , 3 ]';
    const spans = topLevelItems(text) ?? [];
    assert.deepStrictEqual(spans.map((s) => text.slice(s.offset, s.offset + s.length)), ['{"name": "a ] \\" }"}', '[1, [2]]', '"x,y"', '3']);
    assert.strictEqual(topLevelItems('{"a": [1]}'), undefined);
  });

  it('finds the range of a deep path in one item of a large file', () => {
    const materials = bulkMaterials(300);
    materials[217].lciaResults[0].indicators[0].value = 999;
    const text = JSON.stringify(materials, null, 2);
    const range = new DocumentLocator(text).rangeOf([217, 'lciaResults', 0, 'indicators', 0, 'value']);
    assert.ok(range);
    assert.strictEqual(text.slice(range.offset, range.offset + range.length), '999');
    const before = text.slice(0, range.offset);
    assert.ok(before.includes('"Sample material 217"') && !before.includes('"Sample material 218"'), 'inside item 217');
    const [d] = analyze(text, { ...CHECKS, kind: 'materials', now: new Date('2026-01-01T00:00:00Z') }).findings;
    assert.strictEqual(d.ruleId, 'gwp-sum');
    assert.strictEqual(d.offset, range.offset);
  });
});
