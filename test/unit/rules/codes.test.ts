// Codes as data: files with codes our assumed table does not know (massUnit 1, unit code 11) are valid against the
// contributed schemas; the LCA rules warn with the environment's meaning and table source, offer the nearest known
// code, and stay quiet under a table (an environment's `codes` override) in which the codes mean what the file says.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ASSUMED_CODES, buildCodeTable, parseCodeOverride, servedCodeLayer } from '../../../src/core/codeTable';
import { applyTextEdits } from '../../../src/core/document';
import { analyze, type AnalyzeOptions, type RuleDiagnostic } from '../../../src/core/rules';
import { validateAgainst } from '../../../src/core/schemas';
import { REPO_ROOT } from '../../fixtures/paths';
import { format } from '../../../src/core/l10n';

const checkText = (text: string, options: Omit<AnalyzeOptions, 'validate'>): RuleDiagnostic[] => [...analyze(text, { ...options, validate: validateAgainst }).findings];

const material = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'samples', 'concrete-c30-37.material.json'), 'utf8')) as Record<string, unknown>;
const materialWith = (declaredUnit: Record<string, unknown>): Record<string, unknown> => ({ ...material, declaredUnit });

const bulk = JSON.stringify([materialWith({ declaredValue: 1, declaredUnit: 11, mass: 2400, massUnit: 1 })], null, 2);
const construction = JSON.stringify(
  {
    name: 'Wall with other codes',
    declaredUnit: { declaredUnit: 11, declaredValue: 1, mass: 420, massUnit: 1 },
    constructionEpds: [{ epdId: '3f2b8c1e-9d4a-4e6b-8c2f-1a2b3c4d5e6f', constructionUnit: { unit: 11, amount: 0.2 } }],
  },
  null,
  2,
);

const codeWarnings = (d: RuleDiagnostic[]): RuleDiagnostic[] => d.filter((x) => x.ruleId.startsWith('code-'));
const at = (d: RuleDiagnostic[], p: (string | number)[]): RuleDiagnostic | undefined => d.find((x) => JSON.stringify(x.path) === JSON.stringify(p));

describe('codes as data: tolerant schemas and the code rules', () => {
  it('a bulk file and a construction with massUnit 1 and unit code 11 have 0 schema errors', () => {
    assert.deepStrictEqual(validateAgainst('materials', JSON.parse(bulk)), []);
    assert.deepStrictEqual(validateAgainst('construction', JSON.parse(construction)), []);
    // What the interface fixes stays an error: a unit code that is not an integer, a module code 18.
    assert.deepStrictEqual(validateAgainst('material', materialWith({ declaredValue: 1, declaredUnit: 'M3' })).map((p) => p.pointer), ['/declaredUnit/declaredUnit']);
    const badModule = { ...material, lciaResults: [{ moduleTypeEnum: 18, indicators: [] }] };
    assert.deepStrictEqual(validateAgainst('material', badModule).map((p) => p.pointer), ['/lciaResults/0/moduleTypeEnum']);
  });

  it('warns with what the code means in this environment and where the table came from, and fixes to the nearest known code', () => {
    const d = codeWarnings(checkText(bulk, { fileName: 'x.materials.json', codes: ASSUMED_CODES }));
    assert.strictEqual(d.length, 2, JSON.stringify(d, null, 1));
    assert.ok(d.every((x) => x.severity === 'warning'));
    const mass = at(d, [0, 'declaredUnit', 'massUnit'])!;
    assert.strictEqual(mass.ruleId, 'code-wrong-kind');
    assert.match(format(mass.message), /`massUnit` 1 means M \(metre, a length unit\) in this environment \(from the assumed table \(docs\/service-decisions\.md\)\), not a mass unit/);
    assert.strictEqual(mass.fix && format(mass.fix.title), 'Change to 4 (KG (kilogram, a mass unit))');
    const unit = at(d, [0, 'declaredUnit', 'declaredUnit'])!;
    assert.strictEqual(unit.ruleId, 'code-unknown');
    assert.match(format(unit.message), /`declaredUnit` 11 is not a unit code in this environment \(table: the assumed table/);
    assert.strictEqual(unit.fix && format(unit.fix.title), 'Change to 9 (L (litre, a volume unit))');
    const once = applyTextEdits(bulk, unit.fix!.edits);
    const again = at(codeWarnings(checkText(once, { fileName: 'x.materials.json', codes: ASSUMED_CODES })), [0, 'declaredUnit', 'massUnit'])!;
    const fixed = applyTextEdits(once, again.fix!.edits);
    assert.deepStrictEqual(codeWarnings(checkText(fixed, { fileName: 'x.materials.json', codes: ASSUMED_CODES })), []);

    const c = codeWarnings(checkText(construction, { fileName: 'x.construction.json', codes: ASSUMED_CODES }));
    assert.deepStrictEqual(c.map((x) => x.path.join('/')).sort(), ['constructionEpds/0/constructionUnit/unit', 'declaredUnit/declaredUnit', 'declaredUnit/massUnit']);
  });

  it('gives no warning under an override table in which 1 = KG and 11 is a unit, and names the override as the source', () => {
    const { layer, problems } = parseCodeOverride({ units: { 1: 'KG', 11: { label: 'M2', name: 'square metre (other code)', dimension: 'area' } } });
    assert.deepStrictEqual(problems, []);
    const table = buildCodeTable({ override: layer, environment: 'Other service' });
    assert.strictEqual(table.unitByCode(1)?.dimension, 'mass');
    assert.strictEqual(table.unitByCode(1)?.source, 'override');
    assert.strictEqual(table.unitByCode(3)?.source, 'assumed');
    assert.deepStrictEqual(codeWarnings(checkText(bulk, { fileName: 'x.materials.json', codes: table })), []);
    assert.deepStrictEqual(codeWarnings(checkText(construction, { fileName: 'x.construction.json', codes: table })), []);
    // A code the override does not name still warns, naming both sources of the table.
    const other = JSON.stringify([materialWith({ declaredValue: 1, declaredUnit: 12 })]);
    const w = codeWarnings(checkText(other, { fileName: 'x.materials.json', codes: table }));
    assert.match(format(w[0].message), /the `codes` override of environment "Other service" \(settings\) \+ the assumed table|the assumed table \(docs\/service-decisions\.md\) \+ the `codes` override of environment "Other service"/);
  });

  it('says what and where for each bad override entry, and keeps the good ones', () => {
    const { layer, problems } = parseCodeOverride({ units: { x: 'KG', 2: {}, 3: { label: 'Q', dimension: 'weight' }, 4: 'KG' }, colours: {}, stages: { 7: 'Paused' } });
    assert.deepStrictEqual(problems.map((p) => p.path), ['codes.units.2', 'codes.units.3.dimension', 'codes.units.x', 'codes.colours']);
    assert.match(format(problems[2].message), /not an integer code/);
    assert.match(format(problems[1].message), /must be one of none, length, area, volume, mass, count, energy/);
    assert.deepStrictEqual(layer.units?.map((u) => u.code), [4]);
    assert.deepStrictEqual(layer.stages, [{ code: 7, label: 'Paused' }]);
    assert.deepStrictEqual(parseCodeOverride('KG').problems.map((p) => p.path), ['codes']);
  });

  it('reads a served table tolerantly: extra fields ignored, a malformed list named and the assumed codes kept for it', () => {
    const { layer, problems } = servedCodeLayer(
      { units: [{ code: 1, label: 'KG', extra: true }, { label: 'no code' }], modules: 'nope', indicators: [{ type: 12, name: 'GWP_TOTAL', unit: 'kg CO2e', more: {} }] },
      { buildingTypeEnum: ['Office'], somethingNew: [1, 2] },
    );
    assert.deepStrictEqual(problems.map((p) => p.path), ['material/indicatorenums units[1]', 'material/indicatorenums modules']);
    const table = buildCodeTable({ service: layer, environment: 'Real' });
    assert.strictEqual(table.unitByCode(1)?.label, 'KG');
    assert.strictEqual(table.unitByCode(1)?.source, 'service');
    assert.strictEqual(table.unitByCode(3), undefined, 'a served unit list is the whole list of that environment');
    assert.strictEqual(table.moduleByCode(6)?.source, 'assumed');
    assert.strictEqual(table.buildingTypeByCode(1), undefined);
  });
});
