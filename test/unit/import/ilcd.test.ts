// ILCD+EPD import of real published data sets (test/fixtures/import/ilcd, origins in SOURCES.md): every figure is
// compared with the value written in the source XML, read by hand, not with earlier output of this importer.
import { EPD_SPECIFICATION_FORM } from '../../../src/core/import/en15804';
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { zipSync } from 'fflate';
import { MODULE, UNIT } from '../../../src/core/codes';
import { ImportCancelledError, detectFormat, importInputs, importInputsAsync, type ImportInput, type ImportResult } from '../../../src/core/import';
import { importIlcd } from '../../../src/core/import/ilcd';
import { validateAgainst } from '../../../src/core/schemas';
import type { Material } from '../../../src/core/schemas/types';
import { FIXTURES } from '../../fixtures/paths';
import { buildCodeTable } from '../../../src/core/codeTable';
import { format } from '../../../src/core/l10n';

/** The assumed code table: the figures below are the same in every table, only code numbers could differ. */
const codes = buildCodeTable();
const ILCD = path.join(FIXTURES, 'import', 'ilcd');
const ILCD_JSON = path.join(FIXTURES, 'import', 'ilcd-json');

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
function folder(name: string): ImportInput[] {
  const dir = path.join(ILCD, name);
  return walk(dir).map((f) => ({ name: path.relative(dir, f).split(path.sep).join('/'), bytes: fs.readFileSync(f) }));
}
function only(result: ImportResult): Material {
  assert.deepStrictEqual(result.refused, []);
  assert.strictEqual(result.materials.length, 1);
  return result.materials[0].material;
}
function value(m: Material, module: number, indicator: string): number | undefined {
  return m.lciaResults.find((r) => r.moduleTypeEnum === module)?.indicators.find((i) => i.type === indicator)?.value;
}
function gwp(m: Material): Record<string, number | undefined> {
  const labels: Record<number, string> = { [MODULE.A1A3]: 'A1-A3', [MODULE.A4]: 'A4', [MODULE.A5]: 'A5', [MODULE.B1]: 'B1', [MODULE.B2]: 'B2', [MODULE.B3]: 'B3', [MODULE.B4]: 'B4', [MODULE.B5]: 'B5', [MODULE.B6]: 'B6', [MODULE.B7]: 'B7', [MODULE.C1]: 'C1', [MODULE.C2]: 'C2', [MODULE.C3]: 'C3', [MODULE.C4]: 'C4', [MODULE.D]: 'D' };
  const out: Record<string, number | undefined> = {};
  for (const r of m.lciaResults) {
    const g = r.indicators.find((i) => i.type === 'GWP_TOTAL');
    if (g) out[labels[r.moduleTypeEnum] ?? String(r.moduleTypeEnum)] = g.value;
  }
  return out;
}
const warningsOf = (r: ImportResult) => r.warnings.map((w) => format(w.reason)).join('\n');

describe('ILCD+EPD import (real published data sets)', () => {
  it('EN 15804+A2 steel wire rod per 1000 kg with A1, A2, A3 apart: declared 1000 KG, A1-A3 = A1 + A2 + A3 once, every GWP as in the XML', () => {
    const result = importIlcd(folder('epditaly-steel-wire-rod'), { codes });
    const m = only(result);
    assert.deepStrictEqual(validateAgainst('material', m), []);
    // flow efa83769…: Mass flow property, meanValue 1000.0; exchange meanAmount 1.0
    assert.deepStrictEqual(m.declaredUnit, { declaredValue: 1000, declaredUnit: UNIT.KG });
    // GWP-total (6a37f984…): A1 539.5, A2 40.4, A3 106.7, C1 6.4, C2 16.7, C3 1.7, C4 0.9, D -716.5
    assert.deepStrictEqual(gwp(m), { 'A1-A3': 686.6, C1: 6.4, C2: 16.7, C3: 1.7, C4: 0.9, D: -716.5 });
    assert.strictEqual(m.lciaResults.length, 18);
    assert.strictEqual(new Set(m.lciaResults.map((r) => r.moduleTypeEnum)).size, 18);
    // GWP-fossil A1 530.9 + A2 40.3 + A3 given in the file; PENRT (exchange 06159210…) A1 9626.314, A2 585.773, A3 58.732
    assert.strictEqual(value(m, MODULE.A1A3, 'PENRT'), 10270.819);
    assert.strictEqual(value(m, MODULE.A4, 'GWP_TOTAL'), undefined);
    assert.strictEqual(m.lciaResults.find((r) => r.moduleTypeEnum === MODULE.A4)?.moduleStatusEnum, 0);
    assert.strictEqual(m.originalUUID, 'a6ef2d29-49bd-4aaf-ac19-1e3975e4fa51');
    assert.strictEqual(m.originalVersion, '00.00.039');
    assert.strictEqual(m.epdInfo?.epdSpecificationForm, EPD_SPECIFICATION_FORM.A2);
    assert.strictEqual(m.epdInfo?.epdProductIndustryType, 2); // specific dataset
    assert.strictEqual(m.epdInfo?.validTo, '2025-12-31T00:00:00Z'); // dataSetValidUntil 2025
    assert.strictEqual(m.epdInfo?.declarationNumber, 'EPDITALY0091');
    assert.strictEqual(m.epdInfo?.publicationDate, '2020-01-16T00:00:00Z');
    assert.match(warningsOf(result), /per 1000 kg/);
    assert.match(warningsOf(result), /A1, A2 and A3 are given separately/);
  });

  it('EN 15804+A1 fire curtain per m² with an area weight: mass 13.17 kg, AP and POCP under their +A1 units, EP left out, B2 0 vs B1 not declared', () => {
    const result = importIlcd(folder('oekobaudat-fire-curtain'), { codes });
    const m = only(result);
    assert.deepStrictEqual(validateAgainst('material', m), []);
    // flow beea8d2c…: Area reference property; MatML grammage 13.17 kg/m^2
    assert.deepStrictEqual(m.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M2, mass: 13.17, massUnit: UNIT.KG });
    // GWP (+A1, 77e416eb…)
    assert.deepStrictEqual(gwp(m), { 'A1-A3': 30.1, A4: 1.32, A5: 7.63, B2: 0, B3: 22.12, B4: 18.95, B6: 126.05, B7: 0, C1: 0.14, C2: 0.17, C3: 0.0548, C4: 0.11, D: -20.59 });
    assert.strictEqual(value(m, MODULE.A1A3, 'ADPF'), 311.09);
    assert.strictEqual(value(m, MODULE.D, 'ADPE'), -6.9e-7);
    // AP (b4274add…) A1-A3 0.1 kg SO2 eq, POCP (1e84a202…) A4 -0.00107 kg C2H4 eq: labelled with the +A1 units, as LCAx does.
    const a1a3 = m.lciaResults.find((r) => r.moduleTypeEnum === MODULE.A1A3)!.indicators;
    assert.deepStrictEqual(a1a3.find((i) => i.type === 'AP'), { type: 'AP', unit: 'kg SO2 eq', value: 0.1 });
    assert.deepStrictEqual(m.lciaResults.find((r) => r.moduleTypeEnum === MODULE.A4)!.indicators.find((i) => i.type === 'POCP'), { type: 'POCP', unit: 'kg C2H4 eq', value: -0.00107 });
    assert.strictEqual(m.lciaResults.find((r) => r.moduleTypeEnum === MODULE.B2)?.moduleStatusEnum, 2);
    assert.strictEqual(m.lciaResults.find((r) => r.moduleTypeEnum === MODULE.B1)?.moduleStatusEnum, 0);
    assert.strictEqual(m.epdInfo?.epdSpecificationForm, EPD_SPECIFICATION_FORM.A1);
    assert.strictEqual(m.epdInfo?.epdProductIndustryType, 2);
    assert.strictEqual(m.originalVersion, '00.00.018');
    assert.deepStrictEqual(m.nameMultiLang, [
      { lang: 'de', value: 'Abschlüsse - clauss markisen Projekt GmbH - Feuerschutzvorhang' },
      { lang: 'en', value: 'Shutters - clauss markisen Projekt GmbH - Fire curtain' },
    ]);
    assert.strictEqual(m.name, 'Shutters - clauss markisen Projekt GmbH - Fire curtain');
    assert.deepStrictEqual(m.descriptionMultiLang?.map((d) => d.lang), ['de', 'en']);
    assert.match(warningsOf(result), /Left out .*EP \(EN 15804\+A1, kg PO4 eq\)/);
    assert.doesNotMatch(warningsOf(result), /Left out [^.]*(AP|POCP) \(EN 15804\+A1/);
    assert.match(warningsOf(result), /AP in kg SO2 eq and POCP in kg C2H4 eq/);
  });

  it('EN 15804+A1 insulation per m³ with a bulk density: mass 17.5 kg; the first listed scenario taken and the other named', () => {
    const result = importIlcd(folder('epditaly-eco-espanso'), { codes });
    const m = only(result);
    assert.deepStrictEqual(m.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M3, mass: 17.5, massUnit: UNIT.KG });
    // GWP: A1-A3 343.0, A4 0.0289, C2 0.00356; "100% riciclo": C3 0.335, C4 0.0, D -1.06 ("100% incenerimento": C3 2.08, D -0.251)
    assert.deepStrictEqual(gwp(m), { 'A1-A3': 343, A4: 0.0289, C2: 0.00356, C3: 0.335, C4: 0, D: -1.06 });
    assert.strictEqual(m.epdInfo?.epdProductIndustryType, 1); // average dataset
    assert.strictEqual(m.epdInfo?.declarationNumber, 'EPDITALY0029');
    assert.match(warningsOf(result), /C3: scenario "100% riciclo" taken, "100% incenerimento" left out/);
  });

  it('EN 15804+A2 parquet per m²: area weight is the mass, layer thickness only reported; resource indicators from the exchanges', () => {
    const result = importIlcd(folder('ibu-parquet'), { codes });
    const m = only(result);
    assert.deepStrictEqual(validateAgainst('material', m), []);
    assert.deepStrictEqual(m.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M2, mass: 7.7, massUnit: UNIT.KG });
    // GWP-total: A1-A3 6.529, A5 0.2576, B2 7.037, B5 1.462, C1 0, C2 0.08151, C3 (S1) 11.88, C4 0, D (S1) -4.877
    assert.deepStrictEqual(gwp(m), { 'A1-A3': 6.529, A5: 0.2576, B2: 7.037, B5: 1.462, C1: 0, C2: 0.08151, C3: 11.88, C4: 0, D: -4.877 });
    assert.strictEqual(value(m, MODULE.A1A3, 'GWP_BIOGENIC'), -12.1);
    assert.strictEqual(value(m, MODULE.A1A3, 'PERE'), 198.063810485965);
    assert.strictEqual(value(m, MODULE.A1A3, 'PENRT'), 292.7);
    assert.strictEqual(m.epdInfo?.declarationNumber, 'EPD-HAM-20220202-ICD1-DE');
    assert.strictEqual(m.epdInfo?.validTo, '2027-12-31T00:00:00Z');
    assert.strictEqual(m.epdInfo?.epdSpecificationForm, EPD_SPECIFICATION_FORM.A2);
    assert.deepStrictEqual(m.nameMultiLang, [{ lang: 'de', value: '2-Schicht-Parkett' }, { lang: 'en', value: '2-layer parquet' }]);
    assert.match(warningsOf(result), /layer thickness 0\.0135 m/);
  });

  it('a ZIP of several exports (built from the published files) imports every EPD; the format is told by content', () => {
    const files: Record<string, Uint8Array> = {};
    for (const name of ['environdec-plasterboard', 'epditaly-eco-espanso', 'epditaly-steel-wire-rod', 'ibu-parquet', 'oekobaudat-fire-curtain']) {
      for (const f of folder(name)) files[f.name] = f.bytes;
    }
    const zip = zipSync(files);
    const input = { name: 'export.bin', bytes: zip };
    assert.strictEqual(detectFormat(input), 'ilcd');
    const result = importInputs([input], { codes });
    assert.deepStrictEqual(result.refused, []);
    assert.strictEqual(result.format, 'ilcd');
    assert.deepStrictEqual(result.materials.map((m) => m.material.originalUUID).sort(), [
      '2eb43850-0ab2-4068-afe5-218d69a096f8', '8bc0d502-7f9b-43ab-af31-d55d23a708f1', 'a6ef2d29-49bd-4aaf-ac19-1e3975e4fa51',
      'daa1778e-be8f-4d2f-b1b3-c32ca2f0e90d', 'ee8863aa-7276-4896-b07a-713937a3134d',
    ]);
    const plasterboard = result.materials.find((m) => m.material.originalUUID === 'daa1778e-be8f-4d2f-b1b3-c32ca2f0e90d')!.material;
    // GWP (+A1): A1-A3 2.79, A4 0.776, A5 0.0635, C1 0.0308, C2 0.0323, C3 0.0, C4 0.0497 — per m² (Area), no mass given
    assert.deepStrictEqual(gwp(plasterboard), { 'A1-A3': 2.79, A4: 0.776, A5: 0.0635, C1: 0.0308, C2: 0.0323, C3: 0, C4: 0.0497 });
    assert.deepStrictEqual(plasterboard.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M2 });
  });

  it('a process data set without its flow is refused naming the field and why; broken XML is refused, not a crash', () => {
    const process = folder('oekobaudat-fire-curtain').filter((f) => f.name.includes('/processes/'));
    const lone = importInputs(process.map((p) => ({ ...p, name: 'download.txt' })), { codes });
    assert.strictEqual(lone.materials.length, 0);
    assert.strictEqual(lone.refused.length, 1);
    assert.match(format(lone.refused[0].field), /referenceToFlowDataSet/);
    assert.match(format(lone.refused[0].reason), /beea8d2c-ce41-4489-8a6f-eb37c8ec7dd9 is not among the files imported/);
    const broken = importInputs([{ name: 'broken.xml', bytes: Buffer.from('<?xml version="1.0"?><processDataSet><processInformation>') }], { codes });
    assert.strictEqual(broken.materials.length, 0);
    assert.strictEqual(broken.refused.length, 1);
    assert.strictEqual(format(broken.refused[0].item), 'broken.xml');
    const json = importInputs([{ name: 'process.json', bytes: Buffer.from(JSON.stringify({ processInformation: { dataSetInformation: {} } })) }], { codes });
    assert.strictEqual(format(json.refused[0].field), 'processInformation/dataSetInformation/UUID');
    const notEpd = importInputs([{ name: 'notes.md', bytes: Buffer.from('# notes\nnothing here') }], { codes });
    assert.match(format(notEpd.refused[0].reason), /Not EPD data/);
  });

  it('an aborted signal stops the import with ImportCancelledError; progress is reported up to the total', () => {
    const inputs = folder('ibu-parquet');
    const controller = new AbortController();
    controller.abort();
    assert.throws(() => importInputs(inputs, { codes, signal: controller.signal }), ImportCancelledError);
    const seen: [number, number][] = [];
    importIlcd(inputs, { codes, onProgress: (d, t) => seen.push([d, t]) });
    const last = seen[seen.length - 1];
    assert.strictEqual(last[0], last[1]);
    assert.strictEqual(last[1], inputs.length + 1);
  });

  it('the editor\'s variant gives the same result, and a cancel during the work stops it with nothing returned', async () => {
    const inputs = folder('epditaly-steel-wire-rod');
    const sync = importInputs(inputs, { codes });
    const asyncResult = await importInputsAsync(inputs, { codes });
    assert.deepStrictEqual(asyncResult, sync);
    const controller = new AbortController();
    let calls = 0;
    await assert.rejects(
      importInputsAsync(inputs, { codes, signal: controller.signal, onProgress: () => (++calls === 1 ? controller.abort() : undefined) }),
      ImportCancelledError,
    );
    assert.strictEqual(calls, 1);
  });

  it('ILCD+EPD JSON (soda4LCA) per m³ with a mass property: A1-A3 as given (A1, A2, A3 not added again), the default scenario for D', () => {
    const name = 'f63ac879-fa7d-4f91-813e-e816cbdf1927.json';
    const input = { name, bytes: fs.readFileSync(path.join(ILCD_JSON, name)) };
    assert.strictEqual(detectFormat(input), 'ilcd');
    const m = only(importInputs([input], { codes }));
    assert.deepStrictEqual(validateAgainst('material', m), []);
    // Volume reference property (m3, meanValue 1.0); Mass property meanValue 510.45 (gross density 510.45 kg/m^3 too)
    assert.deepStrictEqual(m.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M3, mass: 510.45, massUnit: UNIT.KG });
    // GWP (+A1): A1 -764.07…, A2 24.73…, A3 91.92…, A1-A3 -647.4201396839651; D: "energetisch" (default) -261.09709844067464
    assert.deepStrictEqual(gwp(m), { 'A1-A3': -647.4201396839651, A5: 0.87278541690962, C2: 0.535834904201247, C3: 810.1162362231684, D: -261.09709844067464 });
    assert.strictEqual(m.epdInfo?.epdProductIndustryType, 1); // representative dataset
    assert.strictEqual(m.originalVersion, '00.00.025');
  });

  it('ILCD+EPD JSON per m² with grammage, gross density and layer thickness: only the grammage is the mass; A1+A2+A3 summed', () => {
    const argeton = only(importInputs([{ name: 'a.json', bytes: fs.readFileSync(path.join(ILCD_JSON, '0e0c4e37-b7e6-4a4f-b1c9-d36da0aa16f5.json')) }], { codes }));
    // grammage 40.57 kg/m^2, gross density 2100.0 kg/m^3, layer thickness 0.03 m
    assert.deepStrictEqual(argeton.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M2, mass: 40.57, massUnit: UNIT.KG });
    assert.deepStrictEqual(gwp(argeton), { 'A1-A3': 43.4, A4: 0.23604829111236, A5: 0.484, B1: 0, B2: 0, B3: 0, B4: 0, B5: 0, C1: 0, C2: 0.115290208509573, C3: 0, C4: 0.542914926937108, D: -3.18 });
    assert.strictEqual(argeton.epdInfo?.publicationDate, '2019-08-16T00:00:00Z'); // publicationDateOfEPD 1565913600000
    assert.strictEqual(argeton.epdInfo?.declarationNumber, 'EPD-WIN-20140143-ICA2-DE');
    const board = importInputs([{ name: 'b.json', bytes: fs.readFileSync(path.join(ILCD_JSON, '0e80e6e7-6882-47be-8bd8-5cd869a746d9.json')) }], { codes });
    // GWP A1 11.906613 + A2 0.36490214 + A3 4.0447066
    assert.strictEqual(gwp(only(board))['A1-A3'], 16.31622174);
    assert.match(warningsOf(board), /gross density 1850 kg\/m\^3; layer thickness 0\.008 m/);
  });

  it('Danish EPDs (EPD Norge, da names): concrete per m³ with its mass, a precast wall per 1000 kg; A1+A2+A3 summed; name and description in Danish', () => {
    const read = (f: string) => ({ name: f, bytes: fs.readFileSync(path.join(ILCD_JSON, f)) });
    const concrete = only(importInputs([read('0aa8b645-02d9-41b4-8aa3-70335af2a9e7.json')], { codes }));
    assert.deepStrictEqual(validateAgainst('material', concrete), []);
    assert.strictEqual(concrete.name, 'Aggressiv 35MPa max 16mm vib-fri Færdig beton');
    assert.deepStrictEqual(concrete.nameMultiLang, [{ lang: 'da', value: 'Aggressiv 35MPa max 16mm vib-fri Færdig beton' }]);
    assert.match(concrete.description ?? '', /^Datakvalitet:/);
    // Volume (m3, 1.0) with Mass 2265.0; GWP-total A1 256.723356887539 + A2 8.485777018525 + A3 3.385395098948, A4 3.913628247615
    assert.deepStrictEqual(concrete.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M3, mass: 2265, massUnit: UNIT.KG });
    assert.strictEqual(gwp(concrete)['A1-A3'], 268.594529005012);
    assert.strictEqual(gwp(concrete).A4, 3.913628247615);
    assert.strictEqual(concrete.epdInfo?.declarationNumber, 'NEPD-4945-3957-DK');
    assert.strictEqual(concrete.epdInfo?.validTo, '2028-12-31T00:00:00Z');
    assert.strictEqual(concrete.epdInfo?.epdSpecificationForm, EPD_SPECIFICATION_FORM.A2);
    const wall = only(importInputs([read('503dfca1-7c65-4179-9ffa-ebc6d8b48b7d.json')], { codes }));
    assert.strictEqual(wall.name, 'Betonelement Væg C35 Passiv');
    // Mass reference property, meanValue 1000.0: results per 1000 kg
    assert.deepStrictEqual(wall.declaredUnit, { declaredValue: 1000, declaredUnit: UNIT.KG });
    // A1 158.777466419796 + A2 10.820329223073 + A3 9.539741034189; C1 3.999999960000 … D -17.295386938527
    assert.deepStrictEqual(gwp(wall), { 'A1-A3': 179.137536677058, A4: 22.9490157802, C1: 3.99999996, C2: 2.61477582, C3: 1.058430042177, C4: 4.046321599372, D: -17.295386938527 });
  });

  it('LCAx EPD JSON is told by content and routed to the LCAx converter', () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'lcax', 'concrete-c30-37.lcax.json'));
    const input = { name: 'epd.data', bytes: text };
    assert.strictEqual(detectFormat(input), 'lcax-epd');
    const result = importInputs([input], { codes });
    assert.strictEqual(result.materials.length, 1);
    assert.strictEqual(result.format, 'lcax-epd');
  });
});
