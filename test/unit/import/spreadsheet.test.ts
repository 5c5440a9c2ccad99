// Spreadsheet import (.xlsx and .csv, Danish and English headers): reading, the proposed column mapping, its saved
// form, the conversion (figures compared with the cells of the file) and the row/column of each refused row.
import * as assert from 'assert';
import { MODULE, UNIT } from '../../../src/core/codes';
import {
  importSheet, importSpreadsheet, isSpreadsheet, mappingFileName, parseMapping, parseNumber, proposeMapping, readSpreadsheet, serializeMapping,
  type ColumnMapping,
} from '../../../src/core/import/spreadsheet';
import type { ImportInput } from '../../../src/core/import/types';
import { buildCodeTable } from '../../../src/core/codeTable';
import { findingsOfValue } from '../../fixtures/checks';
import type { Material } from '../../../src/core/schemas/types';
import { validateAgainst } from '../../../src/core/schemas';
import * as fs from 'fs';
import * as path from 'path';
import { FIXTURES, REPO_ROOT } from '../../fixtures/paths';
import { format, isMsg, phrase, type Named } from '../../../src/core/l10n';

const codes = buildCodeTable();
const file = (name: string): ImportInput => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(FIXTURES, 'import', 'spreadsheet', name))) });
const text = (name: string, t: string): ImportInput => ({ name, bytes: new TextEncoder().encode(t) });
const danish = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'l10n', 'bundle.l10n.da.json'), 'utf8')) as Record<string, string>;
/** A place as the Danish report phrases it: a `Msg` through the Danish bundle (no place may be English text). */
const da = (place: Named): string => {
  assert.ok(isMsg(place), `not a phrase but text: ${JSON.stringify(place)}`);
  return phrase(place, (t) => danish[t] ?? t);
};
const gwp = (m: Material, module: number): number | undefined =>
  m.lciaResults.find((r) => r.moduleTypeEnum === module)?.indicators.find((i) => i.type === 'GWP_TOTAL')?.value;

const DANISH_HEADERS = ['Sorterings ID', 'Materiale', 'Datatype', 'Deklareret mængde', 'Deklareret enhed', 'Masse (kg)', 'GWP A1-A3', 'GWP C3', 'GWP C4', 'GWP D', 'Levetid (år)', 'Link'];

describe('Spreadsheet import: reading', () => {
  it('the .xlsx and the Danish .csv (semicolons, decimal commas, BOM) read to the same cells', async () => {
    const x = await readSpreadsheet(file('epd-bibliotek.xlsx'));
    const c = await readSpreadsheet(file('epd-bibliotek.csv'));
    assert.deepStrictEqual(x.headers, DANISH_HEADERS);
    assert.deepStrictEqual(c.headers, DANISH_HEADERS);
    assert.strictEqual(x.rows.length, 5);
    assert.strictEqual(x.firstRow, 2);
    assert.deepStrictEqual(x.rows[0].slice(0, 7), ['#B1318', 'Krydslamineret træ, CLT (Forbrænding EoL)', 'Branche data', '1', 'm3', '470', '-664']);
    // Same numbers once parsed, whatever the decimal separator.
    for (let r = 0; r < 5; r++) {
      for (const col of [3, 5, 6, 7, 8, 9]) assert.strictEqual(parseNumber(c.rows[r][col]) ?? null, parseNumber(x.rows[r][col]) ?? null, `row ${r + 2} column ${DANISH_HEADERS[col]}`);
    }
  });

  it('numbers as spreadsheets write them', () => {
    assert.strictEqual(parseNumber('255.909'), 255.909);
    assert.strictEqual(parseNumber('255,909'), 255.909);
    assert.strictEqual(parseNumber('1.234,5'), 1234.5);
    assert.strictEqual(parseNumber('1,234.5'), 1234.5);
    assert.strictEqual(parseNumber('1 234,5'), 1234.5);
    assert.strictEqual(parseNumber('−0,5'), -0.5);
    assert.strictEqual(parseNumber('2.148e-12'), 2.148e-12);
    assert.strictEqual(parseNumber('-'), null);
    assert.strictEqual(parseNumber(''), null);
    assert.strictEqual(parseNumber('12 kg'), undefined);
  });

  it('a file that is neither a workbook nor CSV text is refused, naming the file', async () => {
    const broken = { name: 'broken.xlsx', bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('xl/ nonsense')]) };
    const r = await importSpreadsheet(broken, proposeMapping(DANISH_HEADERS), codes);
    assert.strictEqual(r.materials.length, 0);
    assert.strictEqual(format(r.refused[0].item), 'broken.xlsx');
    assert.match(format(r.refused[0].reason), /cannot be read as an Excel workbook/);
  });

  it('isSpreadsheet: workbooks, CSV files and header-like text; not JSON or XML', () => {
    assert.ok(isSpreadsheet(file('epd-bibliotek.xlsx')));
    assert.ok(isSpreadsheet(file('epd-bibliotek.csv')));
    assert.ok(isSpreadsheet(text('export', 'Name;Declared unit;GWP A1-A3\nx;m3;1\n')));
    assert.ok(!isSpreadsheet(text('x.json', '{"name": "x"}')));
    assert.ok(!isSpreadsheet(text('x.xml', '<processDataSet/>')));
  });
});

describe('Spreadsheet import: the proposed mapping', () => {
  it('Danish headers', () => {
    assert.deepStrictEqual(proposeMapping(DANISH_HEADERS).columns, {
      'Sorterings ID': { kind: 'field', field: 'id' },
      Materiale: { kind: 'field', field: 'name' },
      Datatype: { kind: 'field', field: 'epdType' },
      'Deklareret mængde': { kind: 'field', field: 'declaredValue' },
      'Deklareret enhed': { kind: 'field', field: 'declaredUnit' },
      'Masse (kg)': { kind: 'field', field: 'mass' },
      'GWP A1-A3': { kind: 'value', indicator: 'GWP_TOTAL', module: MODULE.A1A3 },
      'GWP C3': { kind: 'value', indicator: 'GWP_TOTAL', module: MODULE.C3 },
      'GWP C4': { kind: 'value', indicator: 'GWP_TOTAL', module: MODULE.C4 },
      'GWP D': { kind: 'value', indicator: 'GWP_TOTAL', module: MODULE.D },
      'Levetid (år)': { kind: 'field', field: 'lifespan' },
      Link: { kind: 'field', field: 'link' },
    });
  });

  it('English headers, the Tabel 7 headers, and columns it does not know', () => {
    const m = proposeMapping(['EPD id', 'Name', 'Declared unit', 'Mass per unit', 'Module', 'Value', 'GWP-fossil A1-A3 (kg CO2e)', 'PENRT C4', 'Colour']).columns;
    assert.deepStrictEqual(m['EPD id'], { kind: 'field', field: 'id' });
    assert.deepStrictEqual(m['Declared unit'], { kind: 'field', field: 'declaredUnit' });
    assert.deepStrictEqual(m['Mass per unit'], { kind: 'field', field: 'mass' });
    assert.deepStrictEqual(m.Module, { kind: 'field', field: 'module' });
    assert.deepStrictEqual(m.Value, { kind: 'field', field: 'indicatorValue' });
    assert.deepStrictEqual(m['GWP-fossil A1-A3 (kg CO2e)'], { kind: 'value', indicator: 'GWP_FOSSIL', module: MODULE.A1A3 });
    assert.deepStrictEqual(m['PENRT C4'], { kind: 'value', indicator: 'PENRT', module: MODULE.C4 });
    assert.deepStrictEqual(m.Colour, { kind: 'ignore' });
    const t7 = proposeMapping(['Sorterings ID', 'Data type', 'Navn DE/ENG', 'Navn DK', 'Global Opvarmning, modul A1-A3', 'Global Opvarmning, modul D', 'Deklareret faktor (FU)', 'Deklareret enhed (FU)', 'Masse faktor']).columns;
    assert.deepStrictEqual(t7['Navn DK'], { kind: 'field', field: 'nameDa' });
    assert.deepStrictEqual(t7['Global Opvarmning, modul A1-A3'], { kind: 'value', indicator: 'GWP_TOTAL', module: MODULE.A1A3 });
    assert.deepStrictEqual(t7['Global Opvarmning, modul D'], { kind: 'value', indicator: 'GWP_TOTAL', module: MODULE.D });
    assert.deepStrictEqual(t7['Deklareret faktor (FU)'], { kind: 'field', field: 'declaredValue' });
  });

  it('the saved mapping reads back the same; a broken one says what is wrong', () => {
    const m = proposeMapping(DANISH_HEADERS);
    assert.strictEqual(mappingFileName('/w/epd-bibliotek.xlsx'), '/w/epd-bibliotek.xlsx.lca-mapping.json');
    assert.deepStrictEqual(parseMapping(serializeMapping(m, 'epd-bibliotek.xlsx')), m);
    assert.throws(() => parseMapping('{"columns": {"GWP A1-A3": {"kind": "value", "indicator": "GWP", "module": 0}}}'), /column "GWP A1-A3"/);
    assert.throws(() => parseMapping('nope'), /not JSON/);
  });
});

describe('Spreadsheet import: conversion', () => {
  it('the Danish workbook: each figure is the cell\'s value', async () => {
    const input = file('epd-bibliotek.xlsx');
    const sheet = await readSpreadsheet(input);
    const r = await importSpreadsheet(input, proposeMapping(sheet.headers), codes);
    assert.deepStrictEqual(r.refused, []);
    assert.strictEqual(r.materials.length, 5);
    for (let i = 0; i < 5; i++) {
      const row = sheet.rows[i];
      const m = r.materials[i].material;
      assert.strictEqual(m.name, row[1]);
      assert.strictEqual(gwp(m, MODULE.A1A3), parseNumber(row[6]) ?? undefined);
      assert.strictEqual(gwp(m, MODULE.C3), parseNumber(row[7]) ?? undefined);
      assert.strictEqual(gwp(m, MODULE.C4), parseNumber(row[8]) ?? undefined);
      assert.strictEqual(gwp(m, MODULE.D), parseNumber(row[9]) ?? undefined);
      assert.strictEqual(m.declaredUnit.declaredValue, parseNumber(row[3]));
      assert.strictEqual(m.expectedLifespan, parseNumber(row[10]));
      assert.strictEqual(m.epdInfo?.link, row[11]);
      assert.deepStrictEqual(validateAgainst('material', m), []);
      assert.deepStrictEqual(findingsOfValue('material', m, { now: new Date('2026-01-01T00:00:00Z') }).filter((f) => f.severity !== 'info'), []);
    }
    assert.deepStrictEqual(r.materials[0].material.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M3, mass: 470, massUnit: UNIT.KG });
    assert.deepStrictEqual(r.materials[2].material.declaredUnit, { declaredValue: 1000, declaredUnit: UNIT.KG });
    assert.strictEqual(r.materials[0].material.epdInfo?.epdProductIndustryType, 1, 'Branche data');
    assert.strictEqual(r.materials[1].material.epdInfo?.epdProductIndustryType, 0, 'Generisk data');
    assert.strictEqual(r.materials[1].material.lciaResults.find((x) => x.moduleTypeEnum === MODULE.C3)?.moduleStatusEnum, 0, '"-"/empty = not declared');
    // The CSV saved by Danish Excel gives the same materials.
    const fromCsv = await importSpreadsheet(file('epd-bibliotek.csv'), proposeMapping(sheet.headers), codes);
    assert.deepStrictEqual(fromCsv.materials.map((x) => x.material), r.materials.map((x) => x.material));
  });

  it('one row per material × module: rows of one EPD make one material', async () => {
    const input = file('epd-per-module.csv');
    const sheet = await readSpreadsheet(input);
    const r = importSheet(sheet, proposeMapping(sheet.headers), input.name, codes);
    assert.deepStrictEqual(r.refused, []);
    assert.strictEqual(r.materials.length, 2);
    const clt = r.materials[0].material;
    assert.deepStrictEqual([gwp(clt, MODULE.A1A3), gwp(clt, MODULE.C3), gwp(clt, MODULE.C4), gwp(clt, MODULE.D)], [-664, 744, 0, -387]);
    assert.deepStrictEqual(clt.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M3, mass: 470, massUnit: UNIT.KG });
    const gips = r.materials[1].material;
    assert.deepStrictEqual([gwp(gips, MODULE.A1A3), gwp(gips, MODULE.C3), gwp(gips, MODULE.C4)], [22.3539, undefined, 1.26047]);
  });

  it('each row that cannot be converted is reported with its row number and column; the rest import', async () => {
    const lines = fs.readFileSync(path.join(FIXTURES, 'import', 'spreadsheet', 'epd-bibliotek.csv'), 'utf8').split(/\r?\n/);
    lines[2] = lines[2].replace(';22,3539;', ';22,35x;'); // row 3: GWP A1-A3
    lines[3] = lines[3].replace(';1000;kg;', ';1000;kilo;'); // row 4: unit
    lines[5] = lines[5].replace(';120;', ';hundred;'); // row 6: lifespan
    const input = text('bad.csv', lines.join('\n'));
    const sheet = await readSpreadsheet(input);
    const r = importSheet(sheet, proposeMapping(sheet.headers), input.name, codes);
    assert.deepStrictEqual(r.refused.map((i) => [format(i.item), format(i.field)]), [
      ['row 3', 'column "GWP A1-A3"'],
      ['row 4', 'column "Deklareret enhed"'],
      ['row 6', 'column "Levetid (år)"'],
    ]);
    assert.match(format(r.refused[0].reason), /"22,35x" is not a number/);
    assert.match(format(r.refused[1].reason), /"kilo" is not a unit/);
    assert.deepStrictEqual(r.materials.map((m) => m.material.name), ['Krydslamineret træ, CLT (Forbrænding EoL)', 'Solafskærmning, polyethylenterephthalat (PET)']);
  });

  it('where an issue is, is data: phrased in Danish a refused row reads "række 12", its column "kolonne …", a source "board.csv række 2"', async () => {
    const lines = fs.readFileSync(path.join(FIXTURES, 'import', 'spreadsheet', 'epd-bibliotek.csv'), 'utf8').split(/\r?\n/);
    const good = Array.from({ length: 10 }, (_, i) => lines[1].replace('#B1318', `#B${1000 + i}`)); // rows 2–11
    const input = text('board.csv', [lines[0], ...good, lines[2].replace(';22,3539;', ';22,35x;')].join('\n')); // row 12: GWP A1-A3
    const sheet = await readSpreadsheet(input);
    const r = importSheet(sheet, proposeMapping(sheet.headers), input.name, codes);
    assert.deepStrictEqual(r.refused.map((i) => [da(i.item), da(i.field)]), [['række 12', 'kolonne "GWP A1-A3"']]);
    assert.deepStrictEqual(r.refused.map((i) => [format(i.item), format(i.field)]), [['row 12', 'column "GWP A1-A3"']]);
    assert.strictEqual(r.materials.length, 10);
    assert.strictEqual(da(r.materials[0].source), 'board.csv række 2');
  });

  it('a mapping naming a column the file lacks or twice, or without any value column, is refused before any row', async () => {
    const sheet = await readSpreadsheet(file('epd-bibliotek.csv'));
    const noSuch: ColumnMapping = { columns: { ...proposeMapping(sheet.headers).columns, 'GWP A4': { kind: 'value', indicator: 'GWP_TOTAL', module: MODULE.A4 } } };
    assert.match(format(importSheet(sheet, noSuch, 'x.csv', codes).refused[0].field), /column "GWP A4"/);
    const twice = { ...sheet, headers: sheet.headers.map((h) => (h === 'GWP C3' ? 'GWP C4' : h)) };
    const dup = importSheet(twice, proposeMapping(twice.headers), 'x.csv', codes);
    assert.deepStrictEqual(dup.materials, []);
    assert.match(format(dup.refused[0].field), /column "GWP C4"/);
    assert.match(format(dup.refused[0].reason), /more than once/);
    const noValues: ColumnMapping = { columns: { Materiale: { kind: 'field', field: 'name' } } };
    assert.match(format(importSheet(sheet, noValues, 'x.csv', codes).refused[0].reason), /no value column/);
  });
});

describe('Spreadsheet import: density, area weight and thickness give the mass per declared unit', () => {
  const sheetOfText = (csv: string) => readSpreadsheet(text('plader.csv', csv));
  const warningsOf = (m: { warnings: readonly Named[] }): string[] => m.warnings.map((w) => format(w));

  it('Danish and English headers are taken as density, area weight and thickness, with the unit the name gives', () => {
    const fieldOf = (h: string) => { const t = proposeMapping(['Navn', h]).columns[h]; return t.kind === 'field' ? t.field : t.kind; };
    for (const h of ['Densitet', 'Densitet (kg/m3)', 'Rumvægt', 'Rumvægt [kg/m³]', 'Massefylde', 'Density', 'Density [kg/m³]', 'Bulk density (kg/m3)', 'kg/m3']) assert.strictEqual(fieldOf(h), 'density', h);
    for (const h of ['Flademasse', 'Flademasse (kg/m2)', 'Arealvægt', 'Area weight', 'Area weight [kg/m²]', 'kg/m2']) assert.strictEqual(fieldOf(h), 'areaWeight', h);
    for (const h of ['Tykkelse', 'Tykkelse (mm)', 'Tykkelse [m]', 'Thickness', 'Thickness (mm)', 'Thickness [m]']) assert.strictEqual(fieldOf(h), 'thickness', h);
    // Still what it was: a mass column is a mass.
    assert.strictEqual(fieldOf('Masse (kg)'), 'mass');
  });

  it('per m³ the density is the mass; per m² density × thickness (12.5 mm plasterboard at 720 kg/m³ → 9 kg), or the area weight', async () => {
    const sheet = await sheetOfText([
      'Navn;Deklareret enhed;Densitet (kg/m3);Tykkelse (mm);Flademasse (kg/m2);GWP A1-A3',
      'Beton C30/37;m3;2400;;;250',
      'Gipsplade 12,5 mm;m2;720;12,5;;2,1',
      'Gipsplade, arealvægt;m2;;;8,6;2,1',
      'Træfiberplade;m3;160;100;;-100',
    ].join('\n'));
    const r = importSheet(sheet, proposeMapping(sheet.headers), 'plader.csv', codes);
    assert.deepStrictEqual(r.refused, []);
    assert.deepStrictEqual(r.materials.map((m) => m.material.declaredUnit), [
      { declaredValue: 1, declaredUnit: UNIT.M3, mass: 2400, massUnit: UNIT.KG },
      { declaredValue: 1, declaredUnit: UNIT.M2, mass: 9, massUnit: UNIT.KG },
      { declaredValue: 1, declaredUnit: UNIT.M2, mass: 8.6, massUnit: UNIT.KG },
      { declaredValue: 1, declaredUnit: UNIT.M3, mass: 160, massUnit: UNIT.KG },
    ]);
    for (const m of r.materials) assert.deepStrictEqual(warningsOf(m).filter((w) => /mass|density|thickness/i.test(w)), [], format(m.source));
    for (const m of r.materials) assert.deepStrictEqual(validateAgainst('material', m.material), []);
  });

  it('the thickness unit is the one the column name says (m), and the declared amount multiplies the mass', async () => {
    const sheet = await sheetOfText(['Name;Declared unit;Declared amount;Density [kg/m³];Thickness [m];GWP A1-A3', 'Plasterboard;m2;10;720;0,0125;21'].join('\n'));
    const r = importSheet(sheet, proposeMapping(sheet.headers), 'boards.csv', codes);
    assert.deepStrictEqual(r.materials[0].material.declaredUnit, { declaredValue: 10, declaredUnit: UNIT.M2, mass: 90, massUnit: UNIT.KG });
  });

  it('per m² with a density but no thickness: no mass, and a warning that says what is missing, with row and column', async () => {
    const sheet = await sheetOfText(['Navn;Deklareret enhed;Densitet;GWP A1-A3', 'Gipsplade;m2;720;2,1'].join('\n'));
    const r = importSheet(sheet, proposeMapping(sheet.headers), 'plader.csv', codes);
    const m = r.materials[0];
    assert.deepStrictEqual(m.material.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M2 });
    assert.strictEqual(format(m.source), 'plader.csv row 2');
    const w = warningsOf(m).filter((x) => /thickness/.test(x));
    assert.strictEqual(w.length, 1, warningsOf(m).join('\n'));
    assert.match(w[0], /column "Densitet".*m².*no thickness.*no mass/);
    // In Danish too, the place is the column.
    const danishWarning = m.warnings.map(da).find((x) => /tykkelse/.test(x));
    assert.match(danishWarning ?? '', /kolonne "Densitet"/);
  });

  it('a density for a declared unit that is not m³ or m² gives no mass and a warning; per kg the unit is the mass', async () => {
    const sheet = await sheetOfText(['Navn;Deklareret enhed;Densitet;GWP A1-A3', 'Dør;stk;600;50', 'Stål;kg;7850;1,9'].join('\n'));
    const r = importSheet(sheet, proposeMapping(sheet.headers), 'x.csv', codes);
    assert.deepStrictEqual(r.materials.map((m) => m.material.declaredUnit), [{ declaredValue: 1, declaredUnit: UNIT.PCS }, { declaredValue: 1, declaredUnit: UNIT.KG }]);
    assert.ok(warningsOf(r.materials[0]).some((w) => /column "Densitet".*"stk".*no mass/.test(w)), warningsOf(r.materials[0]).join('\n'));
    assert.deepStrictEqual(warningsOf(r.materials[1]).filter((w) => /mass|density/i.test(w)), []);
  });

  it('implausible densities and masses are warned about, naming the column', async () => {
    const sheet = await sheetOfText([
      'Name;Declared unit;Density;Thickness (mm);Mass (kg);GWP A1-A3',
      'Typo concrete;m3;240000;;;250', // a density of 240,000 kg/m³
      'Board in g/cm3;m3;0,72;;;2', // 0.72 read as kg/m³
      'Thick slab;m2;2400;1200;;250', // 1.2 m × 2400 = 2,880 kg/m²
      'Board as mass;m2;;;720;2,1', // the density chosen as mass per m²
    ].join('\n'));
    const r = importSheet(sheet, proposeMapping(sheet.headers), 'x.csv', codes);
    const w = r.materials.map((m) => warningsOf(m).filter((x) => /implausible/.test(x)));
    assert.match(w[0].join(), /column "Density".*240000 kg\/m³ is implausible/);
    assert.match(w[1].join(), /column "Density".*0\.72 kg\/m³ is implausible/);
    assert.match(w[2].join(), /column "Density".*2880 kg per m² is implausible/);
    assert.deepStrictEqual(w[3], [], '720 kg/m² is heavy but possible');
    // A thickness in metres under a name without a unit is read as mm: 0.0125 mm is warned about.
    const thin = await sheetOfText(['Name;Declared unit;Density;Thickness;GWP A1-A3', 'Board;m2;720;0,0125;2,1'].join('\n'));
    const t = importSheet(thin, proposeMapping(thin.headers), 'x.csv', codes);
    assert.match(warningsOf(t.materials[0]).join('\n'), /column "Thickness" gives no unit.*taken in mm/);
    assert.match(warningsOf(t.materials[0]).join('\n'), /column "Thickness".*0\.0000125 m is implausible/);
    const heavy = await sheetOfText(['Name;Declared unit;Mass (kg);GWP A1-A3', 'Wrong unit;m2;2400;250'].join('\n'));
    const h = importSheet(heavy, proposeMapping(heavy.headers), 'x.csv', codes);
    assert.match(warningsOf(h.materials[0]).join(), /column "Mass \(kg\)".*2400 kg per m² is implausible/);
  });
});
