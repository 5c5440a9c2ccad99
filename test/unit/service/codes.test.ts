// The local service and codes it does not know: interface-shaped materials and constructions are stored and read
// back as sent; where a calculation needs the meaning of an unknown code, the construction and the dashboard say
// which part could not be computed and why, instead of refusing the request.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { REPO_ROOT } from '../../fixtures/paths';
import { call, signIn, startHarness, type Harness } from './support/harness';

type Obj = Record<string, unknown>;
const sample = (name: string): Obj => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'samples', name), 'utf8')) as Obj;

interface Dash {
  mappingStatus: { Mapped: number; 'Not mapped': number };
  notComputed?: { elementId: string; elementName: string; reason: string }[];
}

describe('local service: codes it does not know', function () {
  this.timeout(30_000);
  let h: Harness;
  let demo: string;
  const lines: string[] = [];

  before(async () => {
    h = await startHarness({ log: (l) => lines.push(l) });
    demo = await signIn(h);
  });
  after(() => h.cleanup());

  it('stores materials and constructions with unknown codes and reads them back unchanged; a component of an unknown unit is named, not refused', async () => {
    const epd = h.service.urls.epdUrl;
    const base = sample('concrete-c30-37.material.json');
    const { $schema: _schema, ...material } = base;
    const odd = {
      ...material,
      originalUUID: randomUUID(),
      declaredUnit: { declaredValue: 1, declaredUnit: 11, mass: 2400, massUnit: 1 },
      epdInfo: { ...(material.epdInfo as Obj), epdProductIndustryType: 7 },
      lciaResults: (material.lciaResults as Obj[]).map((r, i) => (i === 0 ? { ...r, moduleStatusEnum: 5 } : r)),
    };
    const created = await call<Obj[]>('POST', `${epd}/material/bulk/create`, { token: demo, body: [odd] });
    assert.strictEqual(created.status, 200, created.text);
    const id = String(created.body[0].id);
    const read = await call<Obj>('GET', `${epd}/material/${id}`, { token: demo });
    const du = read.body.declaredUnit as Obj;
    assert.deepStrictEqual([du.declaredUnit, du.declaredValue, du.mass, du.massUnit], [11, 1, 2400, 1]);
    assert.strictEqual((read.body.epdInfo as Obj).epdProductIndustryType, 7);
    const first = (read.body.lciaResults as Obj[]).find((r) => r.moduleTypeEnum === (odd.lciaResults[0] as Obj).moduleTypeEnum)!;
    assert.strictEqual(first.moduleStatusEnum, 5);

    const construction = {
      name: 'Wall with a unit code of another service',
      declaredUnit: { declaredUnit: 11, declaredValue: 1, mass: 420, massUnit: 1 },
      constructionEpds: [{ epdId: id, constructionUnit: { unit: 11, amount: 0.2, shownUnit: 12 } }],
    };
    const c = await call<Obj>('POST', `${epd}/Material/construction`, { token: demo, body: construction });
    assert.strictEqual(c.status, 200, c.text);
    const back = await call<Obj>('GET', `${epd}/construction/${String(c.body.id)}`, { token: demo });
    const cdu = back.body.declaredUnit as Obj;
    assert.deepStrictEqual([cdu.declaredUnit, cdu.massUnit, cdu.mass], [11, 1, 420]);
    assert.deepStrictEqual((back.body.constructionEpds as Obj[])[0].constructionUnit, { unit: 11, amount: 0.2, shownUnit: 12 });
    assert.deepStrictEqual(back.body.componentsNotComputed, [{ index: 0, epdId: id, reason: 'unit code 11 is not known; left out of lciaResults' }]);
    assert.ok(lines.some((l) => l.includes(`construction ${String(c.body.id)}: component 0 not computed: unit code 11 is not known`)), lines.join('\n'));
  });

  it('a dashboard of a project using one says which element could not be computed and why (counted as not mapped)', async () => {
    const epd = h.service.urls.epdUrl;
    const { $schema: _schema, ...material } = sample('concrete-c30-37.material.json');
    const created = await call<Obj[]>('POST', `${epd}/material/bulk/create`, {
      token: demo,
      body: [{ ...material, originalUUID: randomUUID(), name: 'Concrete per unit 11', declaredUnit: { declaredValue: 1, declaredUnit: 11 } }],
    });
    const materialId = String(created.body[0].id);
    const dashboard = async (): Promise<Dash> =>
      (await call<{ dashboardsPerBranchPlusTotal: Record<string, Dash> }>('POST', `${h.service.urls.baseUrl}/dashboard/${PROJECT_IDS.school}`, { token: demo, body: {} })).body
        .dashboardsPerBranchPlusTotal.Total;
    const before = await dashboard();
    assert.strictEqual(before.notComputed, undefined);

    // Elements come from the model exchange, which has no endpoint here: map one in the stored state.
    await h.stop();
    const file = path.join(h.dataDir, 'state.json');
    const state = JSON.parse(fs.readFileSync(file, 'utf8')) as { projects: { id: string; elements: { id: string; name: string; materialId?: string | null; constructionId?: string | null; unit: number }[] }[] };
    const element = state.projects.find((p) => p.id === PROJECT_IDS.school)!.elements.find((e) => e.constructionId || e.materialId)!;
    element.constructionId = null;
    element.materialId = materialId;
    fs.writeFileSync(file, JSON.stringify(state));
    await h.restart({ log: (l) => lines.push(l) });
    demo = await signIn(h);

    const after = await dashboard();
    assert.deepStrictEqual(after.notComputed, [
      { elementId: element.id, elementName: element.name, reason: `material "Concrete per unit 11": the EPD's declared unit code 11 is not known` },
    ]);
    assert.strictEqual(after.mappingStatus['Not mapped'], before.mappingStatus['Not mapped'] + 1);
    assert.ok(lines.some((l) => l.includes(`element ${element.id} (${element.name}) not computed: material "Concrete per unit 11"`)), 'and in the log');
  });
});
