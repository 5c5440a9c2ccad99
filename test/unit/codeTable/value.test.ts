// The code table is a value: what the preview, the calculations, the hovers, completions and templates read follows
// the table they are given. An environment whose `codes` override renumbers units, modules and indicators changes
// what the user sees; the assumed table gives the figures of the other tests.
import * as assert from 'assert';
import { UNIT } from '../../../src/core/codes';
import { ASSUMED_CODES, buildCodeTable, parseCodeOverride } from '../../../src/core/codeTable';
import { epdDataOf, type EpdData } from '../../../src/core/lca';
import { aggregateConstruction } from '../../../src/core/lca/scale';
import { format } from '../../../src/core/l10n';
import { codeCompletionAt, declaredUnitSummary, moduleHover, previewConstruction, previewTitle, unitCodeHover } from '../../../src/core/preview';
import { materialCreateBody, newConstructionTemplate } from '../../../src/core/templates';
import { materialId } from '../../../src/service/seed/ids';
import { seedMaterials } from '../../../src/service/seed/materials';

/** Another service's table: unit 42 is the square metre, module 20 is A1-A3 again, indicator 40 is GWP total. */
function otherTable() {
  const { layer, problems } = parseCodeOverride({
    units: { 42: { label: 'M2', name: 'square metre (code 42)', dimension: 'area' } },
    modules: { 20: { label: 'A1-A3', name: 'Product stage (code 20)' } },
    indicators: { 40: { name: 'GWP_TOTAL', unit: 'kg CO2 eq' } },
  });
  assert.deepStrictEqual(problems, []);
  return buildCodeTable({ override: layer, environment: 'Other service' });
}

const seeded = new Map<string, EpdData>(seedMaterials().map((s) => [s.id, epdDataOf(s.item, ASSUMED_CODES, s.id)]));
const resolveSeed = (id: string): EpdData | undefined => seeded.get(id);

/** 1 m² of the precast wall (per 1 m², A1-A3 66.9), its quantity written with unit code 42. */
const wallIn42 = {
  declaredUnit: { declaredUnit: 42, declaredValue: 1 },
  constructionEpds: [{ epdId: materialId('precast-wall-20'), constructionUnit: { unit: 42, amount: 1 } }],
};

describe('code table as a value: core follows the table it is given', () => {
  it('the impact preview converts a unit code the environment defines, and names it; the assumed table refuses it', () => {
    const other = previewConstruction(wallIn42, resolveSeed, otherTable(), 50);
    assert.deepStrictEqual(other.problems, []);
    assert.strictEqual(other.total?.a1a3, 66.9);
    assert.match(format(previewTitle(other)), /^Impact preview \(GWP, kg CO₂e per m²\): A1-A3 66\.9 /);

    const assumed = previewConstruction(wallIn42, resolveSeed, ASSUMED_CODES, 50);
    assert.strictEqual(assumed.total, undefined);
    assert.strictEqual(assumed.problems.length, 1);
    assert.match(format(assumed.problems[0].reason), /42/);
    assert.match(format(previewTitle(assumed)), /cannot be computed/);
  });

  it("the construction aggregation (the service's) reads units with the table it is given", () => {
    const component = [{ epd: seeded.get(materialId('precast-wall-20'))!, quantity: { unit: 42, amount: 2 } }];
    const other = aggregateConstruction(component, { codes: otherTable() });
    assert.ok(other.ok);
    assert.deepStrictEqual(other.factors, [2]);
    assert.ok(!aggregateConstruction(component, { codes: ASSUMED_CODES }).ok);
  });

  it('hovers and completions say what a code means in the environment', () => {
    const table = otherTable();
    assert.match(format(unitCodeHover(42, 'unit', table)), /\*\*M2\*\* — square metre \(code 42\) \(m²; area\)/);
    assert.match(format(unitCodeHover(42, 'unit', ASSUMED_CODES)), /not known in this environment/);
    assert.match(format(moduleHover(20, table)), /\*\*A1-A3\*\* — Product stage \(code 20\)/);
    assert.match(format(moduleHover(20, table)), /`codes` override of environment "Other service"/);
    assert.match(format(moduleHover(20, ASSUMED_CODES)), /not known/);
    assert.strictEqual(format(declaredUnitSummary({ declaredUnit: 42, declaredValue: 2 }, table)), '2 m²');
    assert.strictEqual(format(declaredUnitSummary({ declaredUnit: 42, declaredValue: 2 }, ASSUMED_CODES)), '2 unit 42');
    const text = '{ "lciaResults": [ { "moduleTypeEnum": 2 } ] }';
    const offset = text.indexOf('2 }');
    assert.ok(codeCompletionAt(text, offset, table)?.choices.some((c) => format(c.label) === '20 — A1-A3 (Product stage (code 20))'));
    assert.ok(!codeCompletionAt(text, offset, ASSUMED_CODES)?.choices.some((c) => c.code === 20));
  });

  it('a pulled material names the indicator types of its own service', () => {
    const read = { name: 'Board', lciaResults: [{ moduleTypeEnum: 0, moduleStatusEnum: 2, indicators: [{ type: 40, unit: 'kg CO2 eq', value: 5 }] }] };
    const other = materialCreateBody(read, otherTable());
    assert.deepStrictEqual(other.body.lciaResults.find((r) => r.moduleTypeEnum === 0)?.indicators, [{ type: 'GWP_TOTAL', unit: 'kg CO2 eq', value: 5 }]);
    assert.deepStrictEqual(other.dropped, []);
    const assumed = materialCreateBody(read, ASSUMED_CODES);
    assert.deepStrictEqual(assumed.body.lciaResults.find((r) => r.moduleTypeEnum === 0)?.indicators, []);
    assert.deepStrictEqual(assumed.dropped, ['/lciaResults/0/indicators/0']);
  });

  it('a new construction lays an area unit of the environment over a material per m³', () => {
    const material = { id: materialId('brick'), name: 'Brick', declaredUnit: { declaredUnit: UNIT.M3, declaredValue: 1 } };
    const other = newConstructionTemplate({ name: 'Wall', material, declaredUnit: 42 }, otherTable());
    assert.deepStrictEqual(other.constructionEpds[0].constructionUnit, { unit: 42, amount: 1, percentage: 100, height: 0.1, shownUnit: 42 });
    const assumed = newConstructionTemplate({ name: 'Wall', material, declaredUnit: 42 }, ASSUMED_CODES);
    assert.deepStrictEqual(assumed.constructionEpds[0].constructionUnit, { unit: UNIT.M3, amount: 1, percentage: 100, shownUnit: UNIT.M3 });
  });
});
