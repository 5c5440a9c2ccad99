// BR18 Bilag 2 Tabel 7 import, on the published CSV and the LCAx files made from it: every imported figure is
// compared with the value in the source file.
import * as assert from 'assert';
import { MODULE, UNIT } from '../../../src/core/codes';
import { importInputs } from '../../../src/core/import';
import { importTable7, isTable7 } from '../../../src/core/import/table7';
import { buildCodeTable } from '../../../src/core/codeTable';

import type { ImportInput } from '../../../src/core/import/types';
import { CHECKS, findingsOfValue } from '../../fixtures/checks';
import { planBulkCreate } from '../../../src/core/bulk/plan';
import type { Material } from '../../../src/core/schemas/types';
import { validateAgainst } from '../../../src/core/schemas';
import { readFixture } from '../../fixtures/paths';
import { format } from '../../../src/core/l10n';

const codes = buildCodeTable();
const file = (dir: string, name: string): ImportInput => ({ name, bytes: new TextEncoder().encode(readFixture('import', dir, name)) });
const csvText = readFixture('import', 'table7', 'tabel7.csv');
const csv = (text: string): ImportInput => ({ name: 'tabel7.csv', bytes: new TextEncoder().encode(text) });
const gwp = (m: Material, module: number): number | undefined =>
  m.lciaResults.find((r) => r.moduleTypeEnum === module)?.indicators.find((i) => i.type === 'GWP_TOTAL')?.value;

/** The CSV's own rows, read here with a plain split that is good enough for the test's few lines. */
function sourceRow(id: string): string[] {
  const line = csvText.split(/\r?\n/).find((l) => l.startsWith(`${id},`))!;
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}
const num = (s: string): number | undefined => (s === '-' ? undefined : Number(s));

describe('BR18 Tabel 7 import: the published CSV', () => {
  const result = importTable7(csv(csvText), codes);
  const byId = (id: string): Material => {
    const m = result.materials.find((x) => format(x.source).endsWith(`(${id})`));
    assert.ok(m, `no material for ${id}`);
    return m.material;
  };

  it('every one of the 450 rows becomes a material; none refused', () => {
    const rows = csvText.split(/\r?\n/).filter((l) => l.startsWith('#')).length;
    assert.strictEqual(rows, 450);
    assert.deepStrictEqual(result.refused, []);
    assert.strictEqual(result.materials.length, rows);
    assert.strictEqual(result.format, 'table7');
    assert.strictEqual(new Set(result.materials.map((m) => m.material.originalUUID)).size, rows, 'one originalUUID per Sorterings ID');
  });

  it('GWP per module, declared unit and mass are the row\'s values ("-" is not declared)', () => {
    for (const id of ['#B1318', '#G1172', '#G0005', '#G0754', '#G0086', '#G0002']) {
      const row = sourceRow(id);
      const m = byId(id);
      assert.strictEqual(m.name, row[3], id);
      assert.deepStrictEqual(m.nameMultiLang, [{ lang: 'da', value: row[3] }]);
      assert.strictEqual(gwp(m, MODULE.A1A3), num(row[4]), `${id} A1-A3`);
      assert.strictEqual(gwp(m, MODULE.C3), num(row[5]), `${id} C3`);
      assert.strictEqual(gwp(m, MODULE.C4), num(row[6]), `${id} C4`);
      assert.strictEqual(gwp(m, MODULE.D), num(row[7]), `${id} D`);
      assert.strictEqual(m.declaredUnit.declaredValue, Number(row[8]), `${id} declared factor kept, never rescaled`);
      assert.strictEqual(m.epdInfo?.link, row[11]);
      assert.ok(m.description?.includes(id));
    }
    // The declared unit, and the mass of declaredValue units = Masse faktor × Deklareret faktor.
    assert.deepStrictEqual(byId('#B1318').declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M3, mass: 470, massUnit: UNIT.KG });
    assert.deepStrictEqual(byId('#G1172').declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M2, mass: 84, massUnit: UNIT.KG });
    assert.deepStrictEqual(byId('#G0005').declaredUnit, { declaredValue: 1000, declaredUnit: UNIT.KG });
    assert.deepStrictEqual(byId('#G0754').declaredUnit, { declaredValue: 1.25077, declaredUnit: UNIT.M2, mass: 0.500308, massUnit: UNIT.KG });
    assert.strictEqual(byId('#G1172').lciaResults.find((r) => r.moduleTypeEnum === MODULE.C3)?.moduleStatusEnum, 0, '"-" → not declared');
  });

  it('"Generisk data" rows are generic (0), "Branche data" rows industry (1); STK is pieces', () => {
    assert.strictEqual(byId('#G1172').epdInfo?.epdProductIndustryType, 0);
    assert.strictEqual(byId('#B1318').epdInfo?.epdProductIndustryType, 1);
    const generic = result.materials.filter((m) => m.material.epdInfo?.epdProductIndustryType === 0).length;
    assert.strictEqual(generic, 416);
    const stk = csvText.split(/\r?\n/).find((l) => /,STK,/.test(l))!.split(',')[0];
    assert.strictEqual(byId(stk).declaredUnit.declaredUnit, UNIT.PCS);
  });

  it('the materials are valid and pass the rules', () => {
    const all = result.materials.map((m) => m.material);
    assert.deepStrictEqual(validateAgainst('materials', all), []);
    const findings = findingsOfValue('materials', all, { now: new Date('2026-01-01T00:00:00Z') }).filter((f) => f.severity !== 'info');
    // The waste treatment datasets (#G2000…) publish no A1-A3 ("-") but end-of-life figures: real data, no warning.
    // A dataset whose every published figure is 0 ("Tom affaldsproces", an empty waste process) states its source:
    // a declared zero, not the New Material template's — no warning, and no question before a bulk create.
    const allZero = all.flatMap((m, i) => (m.lciaResults.every((r) => r.indicators.every((x) => x.value === 0)) ? [i] : []));
    assert.ok(allZero.length >= 1 && allZero.length < 5, `${allZero.length} with every figure 0`);
    assert.ok(allZero.some((i) => all[i].name === 'Tom affaldsproces'), allZero.map((i) => all[i].name).join(', '));
    assert.deepStrictEqual(findings.map((f) => [f.ruleId, f.path[0]]), []);
    const plan = planBulkCreate(JSON.stringify(all, null, 2), { ...CHECKS, fileName: 'tabel7.materials.json', epdUrl: 'http://127.0.0.1:1/epd' });
    assert.strictEqual(plan.problems, undefined, 'nothing refused');
    assert.deepStrictEqual(plan.templates, [], 'no template question');
    // The same zeros without a source are the template's: warned of, and asked about before sending.
    const unsourced = { ...all[allZero[0]], sourceDatabaseVersion: undefined };
    assert.deepStrictEqual(findingsOfValue('material', unsourced).map((f) => f.ruleId).filter((r) => r === 'results-template'), ['results-template']);
  });

  it('importing the same table twice gives the same originalUUID and originalVersion (no duplicates on the service)', () => {
    const again = importTable7(csv(csvText), codes);
    assert.deepStrictEqual(again.materials.map((m) => [m.material.originalUUID, m.material.originalVersion]), result.materials.map((m) => [m.material.originalUUID, m.material.originalVersion]));
  });

  it('a row that cannot be converted is refused with its row number and column; the others still import', () => {
    const lines = csvText.split(/\r?\n/);
    lines[2] = lines[2].replace(',-652,', ',-6x2,'); // row 3 of the file: A1-A3 of #B1325
    lines[4] = lines[4].replace(',M3,', ',M4,'); // row 5: the unit of #B1339
    const r = importTable7(csv(lines.join('\n')), codes);
    assert.deepStrictEqual(r.refused.map((i) => [format(i.item), format(i.field)]), [
      ['row 3 (#B1325)', 'column "Global Opvarmning, modul A1-A3"'],
      ['row 5 (#B1339)', 'column "Deklareret enhed (FU)"'],
    ]);
    assert.match(format(r.refused[0].reason), /"-6x2" is not a number/);
    assert.strictEqual(r.materials.length, 448);
  });

  it('a CSV that is not Tabel 7 is refused, naming the missing columns', () => {
    const r = importTable7(csv('Sorterings ID,Navn DK\n#1,x\n'), codes);
    assert.strictEqual(r.materials.length, 0);
    assert.match(format(r.refused[0].reason), /Global Opvarmning, modul A1-A3.*Deklareret faktor/);
  });
});

describe('BR18 Tabel 7 import: the LCAx files made from it', () => {
  it('each file gives the row\'s material: the LCAx values, the Danish name, generic or industry type', () => {
    for (const [name, id] of [['0070b2a8-d944-5fed-aee0-167f154557a0.json', '#G1172'], ['623b0d1f-4768-42ba-90b0-f5e19ca6cfdf.json', '#B1318']]) {
      const src = JSON.parse(readFixture('import', 'table7', name)) as { name: string; gwp: Record<string, number | null>; conversions: { value: number }[] };
      const r = importInputs([file('table7', name)], { codes });
      assert.strictEqual(r.format, 'table7');
      const m = r.materials[0].material;
      assert.deepStrictEqual(m.nameMultiLang, [{ lang: 'da', value: src.name }]);
      assert.strictEqual(gwp(m, MODULE.A1A3), src.gwp.a1a3);
      assert.strictEqual(m.declaredUnit.mass, src.conversions[0].value);
      assert.ok(m.tags?.includes('BR18 Tabel 7'));
      // The LCAx file and the CSV row agree on A1-A3.
      assert.strictEqual(gwp(m, MODULE.A1A3), num(sourceRow(id)[4]));
    }
    assert.strictEqual(importInputs([file('table7', '0070b2a8-d944-5fed-aee0-167f154557a0.json')], { codes }).materials[0].material.epdInfo?.epdProductIndustryType, 0);
    assert.strictEqual(importInputs([file('table7', '623b0d1f-4768-42ba-90b0-f5e19ca6cfdf.json')], { codes }).materials[0].material.epdInfo?.epdProductIndustryType, 1);
  });

  it('isTable7 recognises the CSV and the Tabel 7 LCAx files, not other LCAx files', () => {
    assert.ok(isTable7(file('table7', 'tabel7.csv')));
    assert.ok(isTable7(file('table7', 'e7b1adaa-aca3-5d43-8e07-a749b80ab460.json')));
    assert.ok(!isTable7(file('lcax', 'v2.6-epd-massivholzplatte.json')));
    assert.ok(!isTable7(file('spreadsheet', 'epd-per-module.csv')));
  });
});
