// Cursor contexts and hover texts of the editing features (src/core/preview/language.ts).
import { familyOf, familyWords } from '../../../src/core/families';
import * as assert from 'assert';
import { UNIT } from '../../../src/core/codes';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import {
  codeCompletionAt,
  declaredUnitSummary,
  epdIdCompletionSpan,
  gwpA1A3Text,
  indicatorHover,
  indicatorUnitHover,
  jsonContextAt,
  materialHover,
  moduleHover,
  unitCodeHover,
} from '../../../src/core/preview';
import { format, type Msg } from '../../../src/core/l10n';

const fmt = (m: Msg | undefined): string | undefined => m && format(m);

const construction = `{
  "name": "Wall",
  "declaredUnit": { "declaredUnit": 2, "declaredValue": 1 },
  "constructionEpds": [
    { "epdId": "d9bec1cd-5b40-5af0-b778-cfd39c04db4e", "constructionUnit": { "unit": 3, "amount": 0.1 } },
    { "epdId": },
    { "epdId": "ab
    }
  ]
}`;

const material = `{
  "lciaResults": [
    { "moduleTypeEnum": 15, "indicators": [ { "type": "GWP_TOTAL", "unit": "MJ", "value": 1 }, { "type": 6, "unit": "MJ", "value": 2 } ] }
  ]
}`;

const at = (text: string, probe: string, delta = 1): number => {
  const i = text.indexOf(probe);
  assert.ok(i >= 0, probe);
  return i + delta;
};

describe('editing: cursor contexts and hover texts', () => {
  it('finds an epdId value with the span of its string literal', () => {
    const offset = at(construction, '"d9bec1cd', 5);
    const ctx = jsonContextAt(construction, offset, ASSUMED_CODES);
    assert.deepStrictEqual(ctx, {
      kind: 'epdId',
      span: { offset: construction.indexOf('"d9bec1cd'), length: 38 },
      value: 'd9bec1cd-5b40-5af0-b778-cfd39c04db4e',
    });
    assert.strictEqual(jsonContextAt(construction, at(construction, '"epdId"'), ASSUMED_CODES), undefined, 'a property name is not a value');
  });

  it('finds modules, indicator types (by name or number), indicator units and unit codes', () => {
    assert.deepStrictEqual(jsonContextAt(material, at(material, '15'), ASSUMED_CODES)?.kind, 'module');
    const byName = jsonContextAt(material, at(material, 'GWP_TOTAL'), ASSUMED_CODES);
    assert.ok(byName?.kind === 'indicator' && byName.indicator?.type === 12);
    const byNumber = jsonContextAt(material, at(material, '6,', 0), ASSUMED_CODES);
    assert.ok(byNumber?.kind === 'indicator' && byNumber.indicator?.name === 'PENRT');
    const unit = jsonContextAt(material, at(material, '"MJ"'), ASSUMED_CODES);
    assert.ok(unit?.kind === 'indicatorUnit' && unit.indicator?.name === 'GWP_TOTAL' && unit.unit === 'MJ');
    const code = jsonContextAt(construction, at(construction, '"unit": 3', 9), ASSUMED_CODES);
    assert.deepStrictEqual(code, { kind: 'unitCode', span: { offset: at(construction, '"unit": 3', 8), length: 1 }, code: 3, key: 'unit' });
    assert.strictEqual(jsonContextAt(construction, at(construction, '0.1'), ASSUMED_CODES), undefined, 'an amount is not a code');
  });

  it('places an epdId completion over the whole string, at the cursor when the value is empty, nowhere elsewhere', () => {
    const literal = construction.indexOf('"d9bec1cd');
    assert.deepStrictEqual(epdIdCompletionSpan(construction, literal + 3), { offset: literal, length: 38 });
    const empty = at(construction, '"epdId": }', 9);
    assert.deepStrictEqual(epdIdCompletionSpan(construction, empty), { offset: empty, length: 0 });
    const open = construction.indexOf('"ab');
    assert.deepStrictEqual(epdIdCompletionSpan(construction, open + 3), { offset: open, length: 3 }, 'an unterminated string up to the line end');
    assert.strictEqual(epdIdCompletionSpan(construction, at(construction, '"Wall"')), undefined);
    assert.strictEqual(epdIdCompletionSpan(construction, at(construction, '"epdId"')), undefined);
  });

  it('hover texts name modules, indicators, units and materials', () => {
    assert.match(format(moduleHover(0, ASSUMED_CODES)), /\*\*A1-A3\*\* — Product stage/);
    assert.match(format(moduleHover(10, ASSUMED_CODES)), /B6.*assumed/s);
    assert.match(format(moduleHover(99, ASSUMED_CODES)), /not known/);
    assert.match(format(indicatorHover({ type: 12, name: 'GWP_TOTAL', unit: 'kg CO2 eq', description: 'Global warming potential, total', group: 'core impact' }, 'GWP_TOTAL')), /Unit: `kg CO2 eq` · type 12/);
    assert.match(format(indicatorHover(undefined, 'FOO')), /`FOO` is not/);
    assert.match(format(indicatorUnitHover('MJ', { type: 12, name: 'GWP_TOTAL', unit: 'kg CO2 eq', description: '', group: 'core impact' })), /not the indicator's unit/);
    assert.match(format(unitCodeHover(UNIT.M2, 'declaredUnit', ASSUMED_CODES)), /\*\*M2\*\* — square metre \(m²; area\)/);
    const du = { declaredUnit: UNIT.M3, declaredValue: 1, mass: 1800, massUnit: UNIT.KG };
    assert.strictEqual(format(declaredUnitSummary(du, ASSUMED_CODES)), '1 m³ (1800 kg)');
    assert.strictEqual(format(gwpA1A3Text(528.5, du, ASSUMED_CODES)), 'GWP A1-A3 528.5 kg CO₂e per m³');
    const hover = materialHover({ id: 'abc', name: 'Clay brick, outer leaf', declaredUnit: du, gwpA1A3: 528.5, source: 'read from the service', family: familyWords(familyOf({ name: 'Clay brick, outer leaf' })) }, ASSUMED_CODES);
    assert.match(format(hover), /\*\*Clay brick, outer leaf\*\*/);
    assert.match(format(hover), /GWP A1-A3 528\.5 kg CO₂e per m³/);
    // Its family, and where it was read: the name's word, or the tag a user set (which wins).
    assert.match(format(hover), /Family: masonry \(from the word “clay brick” of its name\)/);
    const tagged = materialHover({ id: 'abc', name: 'Clay brick, outer leaf', declaredUnit: du, gwpA1A3: 528.5, family: familyWords(familyOf({ name: 'Clay brick, outer leaf', tags: ['family:stone-ceramics'] })) }, ASSUMED_CODES);
    assert.match(format(tagged), /Family: stone and ceramics \(set by the tag family:stone-ceramics\)/);
    assert.match(format(materialHover({ id: 'x', name: '<img src=x>', declaredUnit: du, gwpA1A3: undefined, family: familyWords(familyOf({ name: '<img src=x>' })) }, ASSUMED_CODES)), /\\<img src=x\\>/);
  });

  it('offers codes as words — "3 — M3 (cubic metre)" — where a unit, module, status or EPD type goes, and nowhere else', () => {
    const text = `{
  "declaredUnit": { "declaredUnit": , "declaredValue": 1, "massUnit": 4 },
  "epdInfo": { "epdProductIndustryType":  },
  "lciaResults": [ { "moduleTypeEnum": 1, "moduleStatusEnum": , "indicators": [ { "type": 12, "unit": "kg CO2 eq", "value": 1 } ] } ],
  "constructionUnit": { "unit": 3 }
}`;
    const unit = codeCompletionAt(text, text.indexOf('"declaredUnit": ,') + 16, ASSUMED_CODES);
    assert.ok(unit, 'declaredUnit value');
    assert.strictEqual(unit.span.length, 0);
    assert.ok(unit.choices.some((c) => c.code === 3 && format(c.label) === '3 — M3 (cubic metre)'), JSON.stringify(unit.choices));
    // What Enter takes is a unit, never "0 — NONE (no unit)": that one comes last.
    assert.notStrictEqual(unit.choices[0].code, 0);
    assert.strictEqual(format(unit.choices[unit.choices.length - 1].label), '0 — NONE (no unit)');
    const mass = codeCompletionAt(text, text.indexOf('4 }'), ASSUMED_CODES);
    assert.deepStrictEqual(mass?.choices.map((c) => format(c.label)), ['4 — KG (kilogram)', '5 — TONNE (tonne (1000 kg))']);
    assert.deepStrictEqual(mass?.span, { offset: text.indexOf('4 }'), length: 1 });
    const module = codeCompletionAt(text, text.indexOf('1, "moduleStatusEnum"') + 1, ASSUMED_CODES);
    assert.strictEqual(fmt(module?.choices.find((c) => c.code === 10)?.label), '10 — B6 (Operational energy use)');
    const status = codeCompletionAt(text, text.indexOf('"moduleStatusEnum": ,') + 20, ASSUMED_CODES);
    assert.strictEqual(fmt(status?.choices.find((c) => c.code === 2)?.label), '2 — Calculated');
    const type = codeCompletionAt(text, text.indexOf('"epdProductIndustryType":  ') + 26, ASSUMED_CODES);
    assert.deepStrictEqual(type?.choices.map((c) => format(c.label)), ['0 — Generic', '1 — Industry', '2 — Product']);
    assert.strictEqual(codeCompletionAt(text, text.indexOf('"unit": 3') + 8, ASSUMED_CODES)?.choices.length, 10, 'constructionUnit.unit');
    assert.strictEqual(codeCompletionAt(text, text.indexOf('"kg CO2 eq"') + 2, ASSUMED_CODES), undefined, "an indicator's unit is text");
    assert.strictEqual(codeCompletionAt(text, text.indexOf('"value": 1') + 9, ASSUMED_CODES), undefined);
    assert.strictEqual(codeCompletionAt(text, text.indexOf('"declaredUnit": {') + 3, ASSUMED_CODES), undefined, 'a key');
  });
});
