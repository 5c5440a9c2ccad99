// The material builder every importer uses: dates, unit texts (Danish and English), module texts, EPD types, the
// codes of the table it is given, and what its refusals and warnings say — each checked as the user reads it.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { buildCodeTable } from '../../../src/core/codeTable';
import { UNITS } from '../../../src/core/codes';
import { buildMaterial, FieldError, moduleLabelOf, parseDate, unitLabelOf, type MaterialDraft } from '../../../src/core/import/builder';
import { format, msg, phrase } from '../../../src/core/l10n';
import { validateAgainst } from '../../../src/core/schemas';
import { REPO_ROOT } from '../../fixtures/paths';

const codes = buildCodeTable();
const danish = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'l10n', 'bundle.l10n.da.json'), 'utf8')) as Record<string, string>;

/** A small draft as a reader would give it: a plasterboard per m² with GWP in A1-A3 and C3. */
function draft(over: Partial<MaterialDraft> = {}): MaterialDraft {
  return {
    id: '4f1a2c3d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    idNamespace: 'test',
    version: '1',
    name: 'Gipsplade',
    declaredUnit: 'm2',
    mass: 9.5,
    values: [
      { indicator: 'GWP_TOTAL', module: 'A1-A3', value: 2.79 },
      { indicator: 'GWP_TOTAL', module: 'C3', value: 0.03 },
    ],
    tags: [],
    ...over,
  };
}
function refusal(d: MaterialDraft): FieldError {
  try {
    buildMaterial(d, codes);
  } catch (e) {
    assert.ok(e instanceof FieldError, `expected a FieldError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected the draft to be refused');
}
const gwp = (d: MaterialDraft, module: number) =>
  buildMaterial(d, codes).material.lciaResults.find((r) => r.moduleTypeEnum === module)?.indicators.find((i) => i.type === 'GWP_TOTAL')?.value;

describe('Material builder: dates as EPD formats write them', () => {
  it('ISO days, xs:date with a zone, Danish day-month-year, date-times, Unix seconds and milliseconds', () => {
    assert.strictEqual(parseDate('2028-12-31'), '2028-12-31T00:00:00Z');
    assert.strictEqual(parseDate('2028-12-31+01:00'), '2028-12-31T00:00:00Z');
    assert.strictEqual(parseDate('2028-12-31Z'), '2028-12-31T00:00:00Z');
    assert.strictEqual(parseDate('31-12-2028'), '2028-12-31T00:00:00Z');
    assert.strictEqual(parseDate('31.12.2028'), '2028-12-31T00:00:00Z');
    assert.strictEqual(parseDate('1/2/2028'), '2028-02-01T00:00:00Z', 'day first, as Danes write it');
    assert.strictEqual(parseDate('2023-04-17T10:30'), '2023-04-17T10:30:00Z', 'a date-time without zone is UTC');
    assert.strictEqual(parseDate('2023-04-17T10:30:00+02:00'), '2023-04-17T08:30:00Z');
    assert.strictEqual(parseDate(1608595200), '2020-12-22T00:00:00Z', 'Unix seconds (EPDx 0.1)');
    assert.strictEqual(parseDate(1565913600000), '2019-08-16T00:00:00Z', 'milliseconds (soda4LCA JSON)');
  });

  it('a year alone is its last day for "valid until" and its first for a publication', () => {
    assert.strictEqual(parseDate('2025'), '2025-12-31T00:00:00Z');
    assert.strictEqual(parseDate('2025', 'start'), '2025-01-01T00:00:00Z');
    const m = buildMaterial(draft({ validUntil: '2025', publicationDate: '2020' }), codes).material;
    assert.strictEqual(m.epdInfo?.validTo, '2025-12-31T00:00:00Z');
    assert.strictEqual(m.epdInfo?.publicationDate, '2020-01-01T00:00:00Z');
  });

  it('what is no date is no date: impossible days, words', () => {
    assert.strictEqual(parseDate('31-02-2028'), undefined);
    assert.strictEqual(parseDate('2028-13-01'), undefined);
    assert.strictEqual(parseDate('next year'), undefined);
  });

  it('an unreadable date refuses the material naming the field and the text, or is left out with a warning when the reader asks', () => {
    const e = refusal(draft({ validUntil: 'next year', where: { validUntil: msg('column "{0}"', 'Gyldig til') } }));
    assert.strictEqual(e.message, 'column "Gyldig til": "next year" is not a date (2028-12-31, 31-12-2028 or 2028)');
    assert.strictEqual(phrase(msg('{0}: {1}', e.field, e.reason), (t) => danish[t] ?? t), `kolonne "Gyldig til": ${phrase(e.reason, (t) => danish[t] ?? t)}`);
    const lenient = buildMaterial(draft({ validUntil: 'soon', badDate: 'leave out', where: { validUntil: 'processInformation/time/dataSetValidUntil' } }), codes);
    assert.strictEqual(lenient.material.epdInfo?.validTo, undefined);
    assert.ok(lenient.warnings.map(format).includes('processInformation/time/dataSetValidUntil: "soon" is not a date (2028-12-31, 31-12-2028 or 2028); left out.'), lenient.warnings.map(format).join('\n'));
  });
});

describe('Material builder: unit texts', () => {
  it('Danish, English, symbols and codes-as-written all give the unit', () => {
    const cases: [string, string][] = [
      ['m3', 'M3'], ['m³', 'M3'], ['M3', 'M3'], ['kubikmeter', 'M3'], ['1 m^3', 'M3'], ['cbm', 'M3'],
      ['m2', 'M2'], ['m²', 'M2'], ['kvadratmeter', 'M2'], ['sqm', 'M2'],
      ['m', 'M'], ['løbende meter', 'M'], ['lbm', 'M'],
      ['kg', 'KG'], ['KG', 'KG'], ['t', 'TONNE'], ['tonnes', 'TONNE'],
      ['stk', 'PCS'], ['STK', 'PCS'], ['stk.', 'PCS'], ['pcs', 'PCS'], ['piece', 'PCS'], ['pieces', 'PCS'], ['Stück', 'PCS'],
      ['kWh', 'KWH'], ['MJ', 'MJ'], ['liter', 'L'],
    ];
    for (const [text, label] of cases) assert.strictEqual(unitLabelOf(text), label, text);
    for (const text of ['kilo', 'UNKNOWN', 'm2r1', 'tones_km', '', 'NONE']) assert.strictEqual(unitLabelOf(text), undefined, text);
  });

  it('the code written is the passed table\'s code of that unit, the mass in its kg', () => {
    const m3 = UNITS.find((u) => u.label === 'M3')!;
    const kg = UNITS.find((u) => u.label === 'KG')!;
    const other = buildCodeTable({ environment: 'Other', service: { units: [{ ...m3, code: 30 }, { ...kg, code: 40 }] } });
    const built = buildMaterial(draft({ declaredUnit: 'kubikmeter', mass: 470 }), other);
    assert.deepStrictEqual(built.material.declaredUnit, { declaredValue: 1, declaredUnit: 30, mass: 470, massUnit: 40 });
    assert.ok(!built.warnings.some((w) => /code table/.test(format(w))));
    // The assumed table: M3 = 3, KG = 4.
    assert.deepStrictEqual(buildMaterial(draft({ declaredUnit: 'm³', mass: 470 }), codes).material.declaredUnit, { declaredValue: 1, declaredUnit: 3, mass: 470, massUnit: 4 });
  });

  it('a unit the table lacks keeps the assumed code and says so; a declared unit that is a mass has no separate mass', () => {
    const areaOnly = buildCodeTable({ environment: 'Area only', service: { units: [{ ...UNITS.find((u) => u.label === 'M2')!, code: 11 }] } });
    const built = buildMaterial(draft({ declaredUnit: 'stk', mass: 2 }), areaOnly);
    assert.strictEqual(built.material.declaredUnit.declaredUnit, 6);
    assert.ok(built.warnings.map(format).some((w) => w.startsWith('unit PCS, unit KG: no code with this label in the code table of environment "Area only"')), built.warnings.map(format).join('\n'));
    assert.deepStrictEqual(buildMaterial(draft({ declaredUnit: 'kg', declaredValue: 1000, mass: 1000 }), codes).material.declaredUnit, { declaredValue: 1000, declaredUnit: 4 });
  });

  it('a text that is no unit refuses the material, saying which text and where', () => {
    const e = refusal(draft({ declaredUnit: 'kilo', where: { declaredUnit: msg('column "{0}"', 'Deklareret enhed') } }));
    assert.strictEqual(format(e.field), 'column "Deklareret enhed"');
    assert.match(format(e.reason), /^"kilo" is not a unit \(m, m2, m3, kg, t, pcs, kWh, MJ, l\)/);
    assert.match(e.message, /^column "Deklareret enhed": "kilo" is not a unit/);
    assert.strictEqual(refusal(draft({ declaredUnit: ' ' })).message, 'declaredUnit: the declared unit is empty (m, m2, m3, kg, t, pcs, kWh, l)');
  });
});

describe('Material builder: modules, values and EPD types', () => {
  it('module texts of every format', () => {
    for (const t of ['A1-A3', 'a1a3', 'A1-3', 'a1to3', 'A1 - A3', 'Modul A1-A3', 'A13']) assert.strictEqual(moduleLabelOf(t), 'A1-A3', t);
    for (const [t, l] of [['c3', 'C3'], ['Modul D', 'D'], ['b6', 'B6'], ['a0', 'A0']]) assert.strictEqual(moduleLabelOf(t), l, t);
    assert.strictEqual(moduleLabelOf('a9'), undefined);
  });

  it('every module of the table once, in code order; a value\'s module "Calculated", the others "Not declared"', () => {
    const m = buildMaterial(draft(), codes).material;
    assert.deepStrictEqual(m.lciaResults.map((r) => r.moduleTypeEnum), codes.modules.map((x) => x.code));
    assert.strictEqual(gwp(draft(), 0), 2.79);
    assert.strictEqual(gwp(draft(), 15), 0.03);
    assert.deepStrictEqual(m.lciaResults.filter((r) => r.moduleStatusEnum === 2).map((r) => r.moduleTypeEnum), [0, 15]);
    assert.deepStrictEqual(validateAgainst('material', m), []);
  });

  it('A1, A2 and A3 given apart are summed into A1-A3 without binary noise, and said', () => {
    const split = draft({ values: [{ indicator: 'GWP_TOTAL', module: 'A1', value: 539.5 }, { indicator: 'GWP_TOTAL', module: 'A2', value: 40.4 }, { indicator: 'GWP_TOTAL', module: 'A3', value: 106.7 }] });
    assert.strictEqual(gwp(split, 0), 686.6);
    assert.ok(buildMaterial(split, codes).warnings.map(format).includes('A1, A2 and A3 are given separately: A1-A3 is their sum.'));
  });

  it('a material without GWP total in A1-A3 gets a warning; one with it does not', () => {
    const none = buildMaterial(draft({ values: [{ indicator: 'GWP_TOTAL', module: 'C3', value: 0.03 }] }), codes);
    assert.ok(none.warnings.map(format).includes('No GWP total for A1-A3: the material counts as zero in the product stage.'), none.warnings.map(format).join('\n'));
    const fossilOnly = buildMaterial(draft({ values: [{ indicator: 'GWP_FOSSIL', module: 'A1-A3', value: 2 }] }), codes);
    assert.ok(fossilOnly.warnings.some((w) => /No GWP total for A1-A3/.test(format(w))));
    assert.ok(!buildMaterial(draft(), codes).warnings.some((w) => /No GWP total/.test(format(w))));
  });

  it('an unknown module or a value given twice is refused at the value\'s place', () => {
    const unknown = refusal(draft({ values: [{ indicator: 'GWP_TOTAL', module: 'a9', value: 1, where: 'impacts.gwp.a9' }] }));
    assert.strictEqual(unknown.message, 'impacts.gwp.a9: "a9" is not a life cycle module (A1-A3, A4, A5, B1–B8, C1–C4, D)');
    const twice = refusal(draft({ values: [{ indicator: 'GWP_TOTAL', module: 'a1a3', value: 1 }, { indicator: 'GWP_TOTAL', module: 'A1-A3', value: 2, where: msg('column "{0}"', 'GWP A1-A3') }] }));
    assert.strictEqual(twice.message, 'column "GWP A1-A3": GWP_TOTAL is given twice for module A1-A3');
  });

  it('EN 15804+A1 keeps the +A1 units of AP and POCP; an indicator the table lacks is left out with a warning', () => {
    const a1 = buildMaterial(draft({ standard: 'A1', values: [{ indicator: 'GWP_TOTAL', module: 'A1-A3', value: 1 }, { indicator: 'AP', module: 'A1-A3', value: 0.1 }] }), codes).material;
    assert.strictEqual(a1.epdInfo?.epdSpecificationForm, 1);
    assert.deepStrictEqual(a1.lciaResults[0].indicators.map((i) => [i.type, i.unit]), [['GWP_TOTAL', 'kg CO2 eq'], ['AP', 'kg SO2 eq']]);
    const gwpOnly = buildCodeTable({ environment: 'GWP only', service: { indicators: [{ ...codes.indicatorByName('GWP_TOTAL')! }] } });
    const built = buildMaterial(draft({ values: [{ indicator: 'GWP_TOTAL', module: 'A1-A3', value: 1 }, { indicator: 'ODP', module: 'A1-A3', value: 1e-7 }] }), gwpOnly);
    assert.deepStrictEqual(built.material.lciaResults[0].indicators.map((i) => i.type), ['GWP_TOTAL']);
    assert.ok(built.warnings.map(format).includes('Left out (the code table has no such indicator): ODP.'));
  });

  it('EPD types in Danish and English, as ILCD, LCAx and spreadsheets write them', () => {
    const type = (t: string) => buildMaterial(draft({ epdType: t }), codes).material.epdInfo?.epdProductIndustryType;
    for (const t of ['Generisk data', 'generic dataset', 'Generic']) assert.strictEqual(type(t), 0, t);
    for (const t of ['Branche data', 'average dataset', 'representative dataset', 'industry']) assert.strictEqual(type(t), 1, t);
    for (const t of ['Produktspecifik', 'specific dataset', 'Product']) assert.strictEqual(type(t), 2, t);
    const odd = buildMaterial(draft({ epdType: 'template', where: { epdType: msg('column "{0}"', 'Datatype') } }), codes);
    assert.strictEqual(odd.material.epdInfo?.epdProductIndustryType, undefined);
    assert.ok(odd.warnings.map(format).includes('column "Datatype": "template" is not generic, industry or product; the EPD type is left out.'));
  });

  it('an id that is no UUID gives a stable derived originalUUID, with a warning unless the reader expects it', () => {
    const a = buildMaterial(draft({ id: '#G1172', idNamespace: 'br18-tabel7' }), codes);
    const b = buildMaterial(draft({ id: '#G1172', idNamespace: 'br18-tabel7', idDerivedQuietly: true }), codes);
    assert.strictEqual(a.material.originalUUID, b.material.originalUUID);
    assert.match(a.material.originalUUID, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(a.warnings.some((w) => format(w).startsWith('id "#G1172" is not a UUID')));
    assert.ok(!b.warnings.some((w) => /not a UUID/.test(format(w))));
  });
});
