// Materials and constructions over HTTP: atomic bulk create with pointers by item index, 409 with existingId,
// 413, reads with tenancy, the indicator enumeration, and constructions aggregated from their components.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import { INDICATORS, MODULE, MODULES, UNIT } from '../../../src/core/codes';
import { CONSTRUCTION_IDS, MATERIAL_IDS } from '../../../src/service/seed/ids';
import { call, pointers, signIn, startHarness, stats, type Harness, type Problem } from './support/harness';

interface Indicator { type: number; unit: string; value: number; originalIdentifier: string }
interface Module { moduleTypeEnum: number; moduleStatusEnum: number; indicators: Indicator[] }
interface MaterialRead {
  id: string;
  name: string;
  tenantId: string;
  isConstruction: boolean;
  lciaResults: Module[];
  declaredUnit: { declaredUnit: number; declaredValue: number; mass: number | null };
  categorization: { path: string[] };
  nameMultiLang: unknown[];
}
interface ConstructionRead {
  id: string;
  internalVersionNumber: number;
  isConstruction: boolean;
  lastModifiedAt: null;
  newestVersion: boolean;
  tenantId: string;
  tenantName: string;
  lciaResults: Module[];
  constructionEpds: { id: string; name: string; epd: MaterialRead }[];
}

/** A material with GWP_TOTAL in A1-A3, C3, C4 and D; every other module empty. */
function material(name: string, gwp: { A1A3: number; C3: number; C4: number; D: number }, unit: number = UNIT.M3, mass = 2400) {
  const values: Record<number, number> = { [MODULE.A1A3]: gwp.A1A3, [MODULE.C3]: gwp.C3, [MODULE.C4]: gwp.C4, [MODULE.D]: gwp.D };
  return {
    name,
    originalUUID: randomUUID(),
    originalVersion: '1.0',
    declaredUnit: { declaredValue: 1, declaredUnit: unit, mass, massUnit: UNIT.KG },
    lciaResults: MODULES.map((m) => ({
      moduleTypeEnum: m.code,
      moduleStatusEnum: values[m.code] === undefined ? 0 : 2,
      indicators: values[m.code] === undefined ? [] : [{ type: 'GWP_TOTAL', unit: 'kg CO2 eq', value: values[m.code] }],
    })),
  };
}

const gwp = (m: { lciaResults: Module[] }, module: number): number | undefined =>
  m.lciaResults.find((r) => r.moduleTypeEnum === module)?.indicators.find((i) => i.type === 12)?.value;

describe('local service: materials and constructions', function () {
  this.timeout(30_000);
  let h: Harness;
  let demo: string;
  let other: string;
  let epd: string;
  before(async () => {
    h = await startHarness();
    epd = h.service.urls.epdUrl;
    demo = await signIn(h, 'demo');
    other = await signIn(h, 'other');
  });
  after(() => h.cleanup());

  const demoMaterials = async () => (await stats(h))['Demo Arkitekter'].materials;

  it('serves the full EN 15804+A2 indicator list, modules, units and indicator type mappings', async () => {
    const r = await call<{ indicators: { type: number; name: string; unit: string }[]; modules: { code: number }[]; units: unknown[]; indicatorTypeMappings: { id: string; indicator: number }[] }>(
      'GET', `${epd}/material/indicatorenums`, { token: demo });
    assert.strictEqual(r.status, 200);
    assert.strictEqual(r.body.indicators.length, INDICATORS.length);
    const byType = new Map(r.body.indicators.map((i) => [i.type, i.name]));
    assert.strictEqual(byType.get(1), 'ODP');
    assert.strictEqual(byType.get(6), 'PENRT');
    assert.strictEqual(byType.get(12), 'GWP_TOTAL');
    assert.deepStrictEqual(r.body.modules.map((m) => m.code), [...Array(18).keys()]);
    assert.ok(r.body.indicatorTypeMappings.some((m) => m.indicator === 12));
  });

  it('bulk-creates materials: the records come back in order with ids, numeric indicator types and all 18 modules', async () => {
    const items = [material('Test concrete A', { A1A3: 250, C3: 5, C4: 4, D: -3 }), material('Test concrete B', { A1A3: 300, C3: 6, C4: 5, D: -4 })];
    const before = await demoMaterials();
    const r = await call<MaterialRead[]>('POST', `${epd}/material/bulk/create`, { token: demo, body: items });
    assert.strictEqual(r.status, 200);
    assert.deepStrictEqual(r.body.map((m) => m.name), ['Test concrete A', 'Test concrete B']);
    assert.strictEqual(await demoMaterials(), before + 2);
    const read = await call<MaterialRead>('GET', `${epd}/material/${r.body[1].id}`, { token: demo });
    assert.strictEqual(read.status, 200);
    assert.strictEqual(read.body.lciaResults.length, 18);
    const a1 = read.body.lciaResults.find((m) => m.moduleTypeEnum === 0)!.indicators[0];
    assert.deepStrictEqual([a1.type, a1.value, a1.originalIdentifier], [12, 300, 'GWP_TOTAL']);
    assert.strictEqual(read.body.isConstruction, false);
    assert.ok(Array.isArray(read.body.categorization.path));
    // Private to the demo tenant (isPublic absent = false).
    assert.strictEqual((await call('GET', `${epd}/material/${r.body[1].id}`, { token: other })).status, 404);
  });

  it('creates nothing when one item is invalid, and points at the item by index', async () => {
    const bad = material('Broken', { A1A3: 1, C3: 0, C4: 0, D: 0 }) as Record<string, unknown>;
    (bad.declaredUnit as Record<string, unknown>).declaredValue = 0;
    bad.declaredUnitt = 1;
    const before = await demoMaterials();
    const r = await call<Problem>('POST', `${epd}/material/bulk/create`, {
      token: demo,
      body: [material('Fine 1', { A1A3: 1, C3: 0, C4: 0, D: 0 }), material('Fine 2', { A1A3: 1, C3: 0, C4: 0, D: 0 }), bad],
    });
    assert.strictEqual(r.status, 400);
    const p = pointers(r);
    assert.ok(p.includes('/2/declaredUnit/declaredValue'), p.join(', '));
    assert.ok(p.every((x) => x.startsWith('/2')), p.join(', '));
    assert.strictEqual(await demoMaterials(), before, 'nothing stored');
  });

  it('answers a duplicate (originalUUID, originalVersion) with 409, the existing id, and stores nothing', async () => {
    const m = material('Dup', { A1A3: 1, C3: 0, C4: 0, D: 0 });
    const first = await call<MaterialRead[]>('POST', `${epd}/material/bulk/create`, { token: demo, body: [m] });
    const before = await demoMaterials();
    const fresh = material('Fresh', { A1A3: 1, C3: 0, C4: 0, D: 0 });
    const again = await call<Problem>('POST', `${epd}/material/bulk/create`, { token: demo, body: [fresh, m] });
    assert.strictEqual(again.status, 409);
    assert.deepStrictEqual(again.body.errors!.map((e) => [e.pointer, e.existingId]), [['/1', first.body[0].id]]);
    assert.strictEqual(await demoMaterials(), before);
    const twice = await call('POST', `${epd}/material/bulk/create`, { token: demo, body: [fresh, fresh] });
    assert.strictEqual(twice.status, 409);
    // Another tenant may hold the same pair.
    assert.strictEqual((await call('POST', `${epd}/material/bulk/create`, { token: other, body: [m] })).status, 200);
  });

  it('answers 413 for more than 1000 items and for a body over 20 MB; 400 for malformed JSON', async () => {
    const m = material('x', { A1A3: 1, C3: 0, C4: 0, D: 0 });
    const many = Array.from({ length: 1001 }, () => m);
    assert.strictEqual((await call('POST', `${epd}/material/bulk/create`, { token: demo, body: many })).status, 413);
    const huge = `[${' '.repeat(21 * 1024 * 1024)}]`;
    assert.strictEqual((await call('POST', `${epd}/material/bulk/create`, { token: demo, body: huge })).status, 413);
    assert.strictEqual((await call('POST', `${epd}/material/bulk/create`, { token: demo, body: '[{"name": }]' })).status, 400);
    assert.strictEqual((await call('POST', `${epd}/material/bulk/create`, { token: demo, body: [] })).status, 200, 'an empty file is valid');
  });

  it('reads public materials for everyone and private ones only for the owning tenant', async () => {
    assert.strictEqual((await call('GET', `${epd}/material/${MATERIAL_IDS.concreteC30}`, { token: other })).status, 200);
    assert.strictEqual((await call('GET', `${epd}/material/${MATERIAL_IDS.demoReusedBrick}`, { token: demo })).status, 200);
    assert.strictEqual((await call('GET', `${epd}/material/${MATERIAL_IDS.demoReusedBrick}`, { token: other })).status, 404);
    assert.strictEqual((await call('GET', `${epd}/material/${MATERIAL_IDS.otherSiteConcrete}`, { token: demo })).status, 404);
    assert.strictEqual((await call('GET', `${epd}/material/${randomUUID()}`, { token: demo })).status, 404);
    assert.strictEqual((await call('GET', `${epd}/material/${MATERIAL_IDS.concreteC30}`)).status, 401);
  });

  it('creates a construction whose results are the components\' scaled and summed per module', async () => {
    const [a, b] = (await call<MaterialRead[]>('POST', `${epd}/material/bulk/create`, {
      token: demo,
      body: [material('Layer A', { A1A3: 100, C3: 10, C4: 2, D: -5 }), material('Layer B per kg', { A1A3: 2, C3: 0, C4: 0.5, D: 0 }, UNIT.KG, 1)],
    })).body;
    const body = {
      name: 'Test wall',
      declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1, mass: null },
      expectedLifespan: 60,
      constructionEpds: [
        // 1 m² at 0.2 m thickness = 0.2 m³ of A (declared per 1 m³): factor 0.2.
        { epdId: a.id, constructionUnit: { unit: UNIT.M2, amount: 1, height: 0.2 } },
        // 10 kg at 50 % = 5 kg of B (declared per 1 kg): factor 5.
        { epdId: b.id, constructionUnit: { unit: UNIT.KG, amount: 10, percentage: 50 } },
      ],
    };
    const r = await call<ConstructionRead>('POST', `${epd}/Material/construction`, { token: demo, body });
    assert.strictEqual(r.status, 200, r.text);
    const c = r.body;
    // A1-A3 = 0.2 · 100 + 5 · 2 = 30; C3 = 0.2 · 10 = 2; C4 = 0.2 · 2 + 5 · 0.5 = 2.9; D = 0.2 · −5 = −1.
    assert.ok(Math.abs(gwp(c, MODULE.A1A3)! - 30) < 1e-9);
    assert.ok(Math.abs(gwp(c, MODULE.C3)! - 2) < 1e-9);
    assert.ok(Math.abs(gwp(c, MODULE.C4)! - 2.9) < 1e-9);
    assert.ok(Math.abs(gwp(c, MODULE.D)! - -1) < 1e-9);
    assert.strictEqual(c.lciaResults.length, 18);
    assert.deepStrictEqual([c.isConstruction, c.internalVersionNumber, c.lastModifiedAt, c.newestVersion, c.tenantName], [true, 1, null, true, 'Demo Arkitekter']);
    assert.deepStrictEqual(c.constructionEpds.map((e) => e.epd.id), [a.id, b.id]);
    const read = await call<ConstructionRead>('GET', `${epd}/construction/${c.id}`, { token: demo });
    assert.deepStrictEqual(read.body, c);
    assert.strictEqual((await call('GET', `${epd}/construction/${c.id}`, { token: other })).status, 404);
  });

  it('refuses a construction with an unknown (or invisible) epdId or an unconvertible quantity, pointing at the component', async () => {
    const base = { name: 'x', declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 } };
    const unknown = await call('POST', `${epd}/Material/construction`, {
      token: demo,
      body: { ...base, constructionEpds: [{ epdId: MATERIAL_IDS.concreteC30, constructionUnit: { unit: UNIT.M3, amount: 1 } }, { epdId: MATERIAL_IDS.otherSiteConcrete, constructionUnit: { unit: UNIT.M3, amount: 1 } }] },
    });
    assert.strictEqual(unknown.status, 400);
    assert.deepStrictEqual(pointers(unknown), ['/constructionEpds/1/epdId']);
    const noThickness = await call<Problem>('POST', `${epd}/Material/construction`, {
      token: demo,
      body: { ...base, constructionEpds: [{ epdId: MATERIAL_IDS.concreteC30, constructionUnit: { unit: UNIT.M2, amount: 1 } }] },
    });
    assert.strictEqual(noThickness.status, 400);
    assert.deepStrictEqual(pointers(noThickness), ['/constructionEpds/0/constructionUnit']);
    assert.match(noThickness.body.errors![0].message, /thickness/);
    const invalid = await call('POST', `${epd}/Material/construction`, { token: demo, body: { ...base, constructionEpds: [] } });
    assert.strictEqual(invalid.status, 400);
    assert.deepStrictEqual(pointers(invalid), ['/constructionEpds']);
  });

  it('reads seeded constructions with tenancy', async () => {
    const r = await call<ConstructionRead>('GET', `${epd}/construction/${CONSTRUCTION_IDS.outerWallBrick}`, { token: other });
    assert.strictEqual(r.status, 200);
    assert.strictEqual(r.body.constructionEpds.length, 4);
    assert.strictEqual((await call('GET', `${epd}/construction/${CONSTRUCTION_IDS.demoGreenRoof}`, { token: other })).status, 404);
    assert.strictEqual((await call('GET', `${epd}/construction/${CONSTRUCTION_IDS.otherBalcony}`, { token: other })).status, 200);
    assert.strictEqual((await call('GET', `${epd}/construction/${CONSTRUCTION_IDS.otherBalcony}`, { token: demo })).status, 404);
  });
});
