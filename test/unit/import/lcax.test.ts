// LCAx import of every published version, on real published files (test/fixtures/import/SOURCES-lcax-table7.md):
// each figure is compared with the value in the source file.
import * as assert from 'assert';
import { MODULE, UNIT } from '../../../src/core/codes';
import { componentMaterials, resolveEpdIds } from '../../../src/core/import';
import { importLcax, isLcax } from '../../../src/core/import/lcax';
import { buildCodeTable } from '../../../src/core/codeTable';

import type { ImportInput } from '../../../src/core/import/types';
import { findingsOfValue } from '../../fixtures/checks';
import type { Material } from '../../../src/core/schemas/types';
import { validateAgainst } from '../../../src/core/schemas';
import { readFixture } from '../../fixtures/paths';
import { format } from '../../../src/core/l10n';

const NOW = new Date('2024-06-01T00:00:00Z');
const codes = buildCodeTable();
type Json = Record<string, unknown>;

function input(dir: string, name: string): ImportInput {
  return { name, bytes: new TextEncoder().encode(readFixture('import', dir, name)) };
}
function source(dir: string, name: string): Json {
  return JSON.parse(readFixture('import', dir, name)) as Json;
}
function fromJson(name: string, doc: unknown): ImportInput {
  return { name, bytes: new TextEncoder().encode(JSON.stringify(doc)) };
}
function value(m: Material, module: number, indicator: string): number | undefined {
  return m.lciaResults.find((r) => r.moduleTypeEnum === module)?.indicators.find((i) => i.type === indicator)?.value;
}
function unitOf(m: Material, module: number, indicator: string): string | undefined {
  return m.lciaResults.find((r) => r.moduleTypeEnum === module)?.indicators.find((i) => i.type === indicator)?.unit;
}
/** The material is valid against the schema and has no rule findings but the expiry warning (old datasets). */
function assertClean(m: Material): void {
  assert.deepStrictEqual(validateAgainst('material', m), []);
  const findings = findingsOfValue('material', m, { now: NOW }).filter((f) => f.ruleId !== 'epd-expired');
  assert.deepStrictEqual(findings, []);
}

describe('LCAx import: EPDx / LCAx 0.x–1.x (snake_case, categories at the top level — the published Tabel 7 files)', () => {
  it('a per-m² generic EPD: GWP per module, declared unit, mass per m², +A1 marking, dates, names', () => {
    const file = '0070b2a8-d944-5fed-aee0-167f154557a0.json';
    const src = source('table7', file);
    const gwp = src.gwp as Json;
    const r = importLcax(input('table7', file), codes);
    assert.strictEqual(r.format, 'lcax-epd');
    assert.deepStrictEqual(r.refused, []);
    assert.strictEqual(r.materials.length, 1);
    const m = r.materials[0].material;
    assert.strictEqual(m.name, src.name);
    assert.strictEqual(m.originalUUID, src.id);
    assert.strictEqual(m.originalVersion, src.version);
    assert.strictEqual(value(m, MODULE.A1A3, 'GWP_TOTAL'), gwp.a1a3);
    assert.strictEqual(value(m, MODULE.C4, 'GWP_TOTAL'), gwp.c4);
    assert.strictEqual(value(m, MODULE.C3, 'GWP_TOTAL'), undefined, 'null is not declared');
    assert.strictEqual(m.lciaResults.find((x) => x.moduleTypeEnum === MODULE.C3)?.moduleStatusEnum, 0);
    const conv = (src.conversions as Json[])[0];
    assert.deepStrictEqual(m.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M2, mass: conv.value, massUnit: UNIT.KG });
    assert.strictEqual(m.epdInfo?.epdSpecificationForm, 1, 'standard EN15804A1');
    assert.strictEqual(m.epdInfo?.epdProductIndustryType, 0, 'subtype Generic');
    assert.strictEqual(m.epdInfo?.validTo, '2025-12-22T00:00:00Z');
    assert.strictEqual(m.epdInfo?.publicationDate, '2020-12-22T00:00:00Z');
    assert.strictEqual(m.epdInfo?.link, (src.source as Json).url);
    assertClean(m);
  });

  it('a per-m³ industry EPD takes its kg conversion as the mass of 1 m³; negative A1-A3 kept', () => {
    const src = source('table7', '623b0d1f-4768-42ba-90b0-f5e19ca6cfdf.json');
    const m = importLcax(input('table7', '623b0d1f-4768-42ba-90b0-f5e19ca6cfdf.json'), codes).materials[0].material;
    const gwp = src.gwp as Json;
    for (const [k, code] of [['a1a3', MODULE.A1A3], ['c3', MODULE.C3], ['c4', MODULE.C4], ['d', MODULE.D]] as const) {
      assert.strictEqual(value(m, code, 'GWP_TOTAL'), gwp[k], k);
    }
    assert.strictEqual(m.declaredUnit.declaredUnit, UNIT.M3);
    assert.strictEqual(m.declaredUnit.mass, (src.conversions as Json[])[0].value);
    assert.strictEqual(m.epdInfo?.epdProductIndustryType, 1, 'subtype Industry');
    assertClean(m);
  });

  it('a per-kg EPD has no mass to take (a conversion of 1000 "to kg" is not applied to a kg unit)', () => {
    const src = source('table7', 'e7b1adaa-aca3-5d43-8e07-a749b80ab460.json');
    const m = importLcax(input('table7', 'e7b1adaa-aca3-5d43-8e07-a749b80ab460.json'), codes).materials[0].material;
    assert.deepStrictEqual(m.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.KG });
    assert.strictEqual(value(m, MODULE.A1A3, 'GWP_TOTAL'), (src.gwp as Json).a1a3);
    assert.strictEqual(value(m, MODULE.D, 'GWP_TOTAL'), (src.gwp as Json).d);
  });

  it('a 0.1 project: an EPD declared in UNKNOWN and parts referring to external or internal EPDs are refused, naming the field', () => {
    const r = importLcax(input('lcax', 'v0.1-basic-project.json'), codes);
    assert.strictEqual(r.format, 'lcax-project');
    assert.deepStrictEqual(r.materials, []);
    assert.deepStrictEqual(r.constructions, []);
    const fields = r.refused.map((i) => format(i.field));
    assert.ok(fields.some((f) => /parts\.1bf3aa10-5113-4a6f-9189-8bf87a9d9b01\.epd_source\.EPD\.declaredUnit$/.test(f)), fields.join('\n'));
    assert.ok(r.refused.some((i) => /UNKNOWN.*no counterpart/.test(format(i.reason))));
    assert.ok(r.refused.some((i) => /ExternalEPD https:\/\/oekobaudat\.de/.test(format(i.reason))));
    assert.ok(r.refused.some((i) => /InternalEPD/.test(format(i.reason))));
    assert.ok(r.refused.every((i) => i.item && i.reason));
  });
});

describe('LCAx import: 2.x', () => {
  it('an EPD with a gross density (kg/m^3) in its conversion metaData, per m³: the density is the mass of 1 m³; +A1 units', () => {
    const src = source('lcax', 'v2.6-epd-massivholzplatte.json');
    const r = importLcax(input('lcax', 'v2.6-epd-massivholzplatte.json'), codes);
    assert.deepStrictEqual(r.refused, []);
    const m = r.materials[0].material;
    const impacts = src.impacts as Record<string, Json>;
    assert.strictEqual(m.declaredUnit.mass, (src.conversions as Json[])[0].value);
    assert.strictEqual(m.declaredUnit.declaredUnit, UNIT.M3);
    assert.strictEqual(value(m, MODULE.A1A3, 'GWP_TOTAL'), impacts.gwp.a1a3);
    assert.strictEqual(value(m, MODULE.D, 'GWP_TOTAL'), impacts.gwp.d);
    assert.strictEqual(value(m, MODULE.C3, 'MFR'), impacts.mrf.c3);
    assert.strictEqual(value(m, MODULE.A1A3, 'AP'), impacts.ap.a1a3);
    assert.strictEqual(unitOf(m, MODULE.A1A3, 'AP'), 'kg SO2 eq', 'EN 15804+A1 acidification unit');
    assert.strictEqual(unitOf(m, MODULE.A1A3, 'POCP'), 'kg C2H4 eq', 'EN 15804+A1 POCP unit');
    assert.strictEqual(unitOf(m, MODULE.A1A3, 'GWP_TOTAL'), 'kg CO2 eq');
    assert.strictEqual(m.epdInfo?.epdSpecificationForm, 1);
    assert.strictEqual(m.epdInfo?.epdProductIndustryType, 1, 'subtype representative');
    assert.ok(r.materials[0].warnings.some((w) => /ep \(eutrophication/.test(format(w))), 'the +A1 eutrophication is left out with a warning');
    assertClean(m);
  });

  it('the +A1 units are accepted for a +A1 material only: the same material marked +A2 gets the unit warnings', () => {
    const m = importLcax(input('lcax', 'v2.6-epd-massivholzplatte.json'), codes).materials[0].material;
    const asA2: Material = { ...m, epdInfo: { ...m.epdInfo, epdSpecificationForm: 2 } };
    const units = findingsOfValue('material', asA2, { now: NOW }).filter((f) => f.ruleId === 'indicator-unit').map((f) => format(f.message));
    assert.ok(units.some((u) => /AP is measured in "mol H\+ eq", not "kg SO2 eq"/.test(u)), units.join('\n'));
    assert.ok(units.some((u) => /POCP is measured in "kg NMVOC eq", not "kg C2H4 eq"/.test(u)), units.join('\n'));
  });

  it('the same EPD declared per m²: the density is never taken as the mass; a kg/m² conversion is', () => {
    const src = source('lcax', 'v2.6-epd-massivholzplatte.json');
    const perM2 = { ...src, declaredUnit: 'm2' };
    const r1 = importLcax(fromJson('m2.json', perM2), codes);
    assert.strictEqual(r1.materials[0].material.declaredUnit.mass, undefined);
    assert.ok(r1.materials[0].warnings.some((w) => /conversions\[0\] \(510\.45 gross density \(kg\/m\^3\)\) is not the mass of one m2/.test(format(w))), r1.materials[0].warnings.map(format).join('\n'));
    const areaWeight = { value: 10.21, to: 'kg', metaData: { name: { string: 'grammage' }, unit: { string: 'kg/m^2' } } };
    const r2 = importLcax(fromJson('m2.json', { ...perM2, conversions: [...(src.conversions as Json[]), areaWeight] }), codes);
    assert.deepStrictEqual(r2.materials[0].material.declaredUnit, { declaredValue: 1, declaredUnit: UNIT.M2, mass: 10.21, massUnit: UNIT.KG });
    // and per m³ with both, the density wins over the area weight
    const r3 = importLcax(fromJson('m3.json', { ...src, conversions: [areaWeight, ...(src.conversions as Json[])] }), codes);
    assert.strictEqual(r3.materials[0].material.declaredUnit.mass, 510.45);
  });

  it('a 2.2 project ("type": "actual", maps keyed by id): its EPD as a material, its assembly as a construction referring to it', () => {
    const src = source('lcax', 'v2.2-project-actual.json');
    const assembly = (src.assemblies as Record<string, Json>)['d57fbbc1-2f57-47bc-b7de-8f1b2ee4da87'];
    const product = (assembly.products as Record<string, Json>)['ee60d276-eb44-41a9-a36d-6ded36315c47'];
    const epd = product.impactData as Json;
    const r = importLcax(input('lcax', 'v2.2-project-actual.json'), codes);
    assert.strictEqual(r.format, 'lcax-project');
    assert.deepStrictEqual(r.refused, []);
    assert.strictEqual(r.materials.length, 1);
    const m = r.materials[0].material;
    assert.strictEqual(m.originalUUID, epd.id);
    assert.strictEqual(m.originalVersion, epd.version);
    assert.strictEqual(value(m, MODULE.A1A3, 'GWP_TOTAL'), (epd.impacts as Record<string, Json>).gwp.a1a3);
    assert.strictEqual(m.declaredUnit.mass, (epd.conversions as Json[])[0].value);
    assert.strictEqual(m.epdInfo?.epdSpecificationForm, 1);
    assertClean(m);
    assert.strictEqual(r.constructions.length, 1);
    const c = r.constructions[0].construction;
    assert.strictEqual(c.name, assembly.name);
    assert.deepStrictEqual(c.declaredUnit, { declaredUnit: UNIT.M2, declaredValue: 1 });
    assert.deepStrictEqual(c.constructionEpds, [{ epdId: epd.id, expectedLifespan: product.referenceServiceLife, constructionUnit: { unit: UNIT.KG, amount: product.quantity } }]);
    assert.deepStrictEqual(validateAgainst('construction', c), []);
    // The editor resolves each component through the source id of the EPD it uses: the material written beside it.
    assert.deepStrictEqual(r.constructions[0].componentSources, [epd.id]);
    assert.strictEqual(r.materials[0].sourceId, epd.id);
    assert.deepStrictEqual(componentMaterials(r.constructions[0], r.materials), [r.materials[0]]);
    assert.ok(r.warnings.some((w) => /50 years/.test(format(w.reason))));
  });

  it('a 2.6 project (lists, "type": "assembly" / "product" / "EPD") gives the same material and construction', () => {
    const a = importLcax(input('lcax', 'v2.2-project-actual.json'), codes);
    const b = importLcax(input('lcax', 'v2.6-project.json'), codes);
    assert.deepStrictEqual(b.refused, []);
    assert.deepStrictEqual(b.materials.map((x) => x.material.lciaResults), a.materials.map((x) => x.material.lciaResults));
    assert.deepStrictEqual(b.constructions.map((x) => x.construction), a.constructions.map((x) => x.construction));
  });

  it('resolveEpdIds replaces the originalUUID by the id the service gave, and names those without one', () => {
    const c = importLcax(input('lcax', 'v2.6-project.json'), codes).constructions[0].construction;
    assert.deepStrictEqual(resolveEpdIds(structuredClone(c), new Map()), ['d61fc8da-1a0d-4baa-a0fa-194c1f8a5218']);
    const resolved = structuredClone(c);
    assert.deepStrictEqual(resolveEpdIds(resolved, new Map([['d61fc8da-1a0d-4baa-a0fa-194c1f8a5218', '11111111-2222-4333-8444-555555555555']])), []);
    assert.strictEqual(resolved.constructionEpds[0].epdId, '11111111-2222-4333-8444-555555555555');
  });
});

describe('LCAx import: 3.x and detection', () => {
  // No LCAx 3.x file is published outside Git LFS (the lcax repository keeps its 3.x fixtures there); the shape
  // below is the 3.x schema's (lifeCycleModules, impactData as a list of {"type": "EPD"} / {"type": "reference"}).
  it('a 3.x project: embedded EPDs imported, a product whose impact data is a reference refuses its construction', () => {
    const epd = { type: 'EPD', id: '5aa09d72-e200-40dc-b8da-959a72e32bc3', name: 'Beton C30/37', declaredUnit: 'm3', version: '00.02.000', publishedDate: '2021-01-01', validUntil: '2026-01-01', formatVersion: '3.4.0', standard: 'en15804a2', location: 'dnk', subtype: 'generic', conversions: [{ to: 'kg', value: 2365, metaData: { unit: 'kg/m^3' } }], impacts: { gwp: { a1a3: 252, c3: 3.1, c4: 1.4, d: -12 } } };
    const doc = {
      id: 'p', name: 'P', formatVersion: '3.4.0', lifeCycleModules: ['a1a3'], impactCategories: ['gwp'],
      assemblies: [
        { type: 'assembly', id: 'a1', name: 'Wall', quantity: 10, unit: 'm2', products: [{ type: 'product', id: 'p1', name: 'Concrete', referenceServiceLife: 120, impactData: [epd], quantity: 0.2, unit: 'm3' }] },
        { type: 'assembly', id: 'a2', name: 'Roof', quantity: 10, unit: 'm2', products: [{ type: 'product', id: 'p2', name: 'Tiles', referenceServiceLife: 60, impactData: [{ type: 'reference', uri: 'https://example.org/epd/tiles.json' }], quantity: 1, unit: 'm2' }] },
      ],
    };
    const r = importLcax(fromJson('p.json', doc), codes);
    assert.strictEqual(r.materials.length, 1);
    assert.strictEqual(r.materials[0].material.declaredUnit.mass, 2365);
    assert.strictEqual(r.materials[0].material.epdInfo?.epdSpecificationForm, 2);
    assert.strictEqual(unitOf(r.materials[0].material, MODULE.A1A3, 'GWP_TOTAL'), 'kg CO2 eq');
    assert.deepStrictEqual(r.constructions.map((c) => c.construction.name), ['Wall']);
    assert.deepStrictEqual(r.refused.map((i) => [format(i.item), format(i.field)]), [['Roof (a2)', 'assemblies[1].products[0].impactData[0]']]);
    assert.match(format(r.refused[0].reason), /tiles\.json.*construction is not written/);
  });

  it('isLcax tells LCAx files from others by content', () => {
    assert.ok(isLcax(input('table7', '0070b2a8-d944-5fed-aee0-167f154557a0.json')));
    assert.ok(isLcax(input('lcax', 'v0.1-basic-project.json')));
    assert.ok(isLcax(input('lcax', 'v2.2-project-actual.json')));
    assert.ok(isLcax(input('lcax', 'v2.6-epd-massivholzplatte.json')));
    assert.ok(!isLcax(input('table7', 'tabel7.csv')));
    assert.ok(!isLcax(fromJson('x.materials.json', [{ name: 'x', declaredUnit: { declaredValue: 1, declaredUnit: 3 }, lciaResults: [] }])));
    assert.ok(!isLcax({ name: 'broken.json', bytes: new TextEncoder().encode('{"declaredUnit": ') }));
  });

  it('a file that is not JSON is refused, naming the file', () => {
    const r = importLcax({ name: 'broken.json', bytes: new TextEncoder().encode('{"name": ') }, codes);
    assert.strictEqual(r.refused.length, 1);
    assert.strictEqual(format(r.refused[0].item), 'broken.json');
    assert.match(format(r.refused[0].reason), /not JSON/);
  });
});
