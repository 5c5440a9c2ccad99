// Projects, users and streams over HTTP: create/read/update, 400 with pointers, 404, 403 for a Viewer, tenancy
// (another tenant's project is a 404), enumerations with default branch ids, and the stream lifecycle.
import * as assert from 'assert';
import { DEFAULT_BRANCH_IDS, PROJECT_ENUMS } from '../../../src/core/codes';
import { PROJECT_IDS, STREAM_IDS, USER_IDS } from '../../../src/service/seed/ids';
import { call, pointers, signIn, startHarness, type Harness } from './support/harness';

interface Detail {
  id: string;
  projectName: string;
  role: string;
  favorite: boolean;
  updatedAt: string;
  createdAt: string;
  streamId: string | null;
  streamName?: string | null;
  deletedBy: string | null;
  tenantId: string;
  branches: { id: string; name: string }[];
  clientName?: string;
  buildingAddress?: { city: string };
}

const newProject = (name: string, extra: Record<string, unknown> = {}) => ({
  projectName: name,
  clientName: 'Test Client A/S',
  type: 0,
  stage: 1,
  buildingAddress: { street: 'Havnegade', streetNumber: '1', city: 'Aarhus', postalCode: '8000', country: 'Denmark' },
  heatArea: { heatedFloorAreaAboveGround: 1000, heatedBasementArea: 0 },
  ...extra,
});

describe('local service: projects and streams', function () {
  this.timeout(20_000);
  let h: Harness;
  let demo: string;
  let other: string;
  let base: string;
  before(async () => {
    h = await startHarness();
    base = h.service.urls.baseUrl;
    demo = await signIn(h, 'demo');
    other = await signIn(h, 'other');
  });
  after(() => h.cleanup());

  it('serves the enumerations exactly as the interface lists them, plus defaultBranchIds', async () => {
    const r = await call<Record<string, unknown>>('GET', `${base}/BuildingProject/buildingprojectenums`, { token: demo });
    assert.strictEqual(r.status, 200);
    assert.deepStrictEqual(r.body.buildingTypeEnum, [
      'Office', 'School/Institution', 'Residential - Single-family house', 'Residential - Multi-storey building',
      'Residential - Terraced house', 'Retail', 'Logistics', 'Production', 'Hotel',
    ]);
    assert.deepStrictEqual(r.body.buildingProjectStageEnums, ['Competition', 'Design', 'Detailed Design', 'Construction', 'Operation', 'Archived', 'On Hold']);
    assert.deepStrictEqual(r.body.materialMappingMethodEnum, ['Mest benyttet', 'Senest benyttet', 'Lavest GWP']);
    assert.strictEqual((r.body.regerencedAreaTypeEnum as Record<string, number>)['Integrated garages town houses'], 0.5);
    for (const key of Object.keys(PROJECT_ENUMS)) assert.ok(key in r.body, key);
    assert.deepStrictEqual(r.body.defaultBranchIds, DEFAULT_BRANCH_IDS);
  });

  it('reads a seeded project with the caller\'s role and favourite', async () => {
    const r = await call<Detail>('GET', `${base}/BuildingProject/${PROJECT_IDS.school}`, { token: demo });
    assert.strictEqual(r.status, 200);
    assert.strictEqual(r.body.projectName, 'Skolen ved Søen');
    assert.strictEqual(r.body.role, 'Owner');
    assert.strictEqual(r.body.favorite, true);
    assert.strictEqual(r.body.streamId, STREAM_IDS.school);
    assert.deepStrictEqual(r.body.branches.map((b) => b.name).sort(), ['Arkitektur', 'Konstruktioner']);
  });

  it('hides another tenant\'s project (404, not 403) and answers unknown ids with 404', async () => {
    assert.strictEqual((await call('GET', `${base}/BuildingProject/${PROJECT_IDS.otherHousing}`, { token: demo })).status, 404);
    assert.strictEqual((await call('GET', `${base}/BuildingProject/${PROJECT_IDS.school}`, { token: other })).status, 404);
    assert.strictEqual((await call('GET', `${base}/BuildingProject/00000000-0000-4000-8000-000000000000`, { token: demo })).status, 404);
    assert.strictEqual((await call('GET', `${base}/BuildingProject/buildingprojectuserlist/${PROJECT_IDS.otherHousing}`, { token: demo })).status, 404);
    assert.strictEqual((await call('GET', `${base}/BuildingProject/${PROJECT_IDS.school}`)).status, 401);
  });

  it('lists the users of a project with their roles', async () => {
    const r = await call<{ userId: string; email: string; role: string }[]>('GET', `${base}/BuildingProject/buildingprojectuserlist/${PROJECT_IDS.school}`, { token: demo });
    assert.strictEqual(r.status, 200);
    assert.deepStrictEqual(r.body.map((u) => [u.userId, u.email, u.role]).sort(), [
      [USER_IDS.demo, 'demo@example.com', 'Owner'],
      [USER_IDS.lars, 'lars@example.com', 'Editor'],
    ].sort());
  });

  it('creates a project (the caller becomes Owner) and reads it back', async () => {
    const created = await call<Detail>('POST', `${base}/BuildingProject`, { token: demo, body: newProject('Ny skole') });
    assert.strictEqual(created.status, 200);
    assert.strictEqual(created.body.role, 'Owner');
    assert.strictEqual(created.body.deletedBy, null);
    assert.strictEqual(created.body.streamId, null);
    const read = await call<Detail>('GET', `${base}/BuildingProject/${created.body.id}`, { token: demo });
    assert.strictEqual(read.body.projectName, 'Ny skole');
    assert.strictEqual(read.body.buildingAddress?.city, 'Aarhus');
    assert.strictEqual((await call('GET', `${base}/BuildingProject/${created.body.id}`, { token: other })).status, 404);
  });

  it('refuses an invalid project with 400 and one pointer per failing field', async () => {
    const r = await call('POST', `${base}/BuildingProject`, {
      token: demo,
      body: { projectName: '', type: 1.5, stage: 1, wastagePercentage: 140, referencedAreas: { values: { Garage: 3 } }, projectNamee: 'x' },
    });
    assert.strictEqual(r.status, 400);
    const p = pointers(r);
    for (const expected of ['/projectName', '/type', '/wastagePercentage']) assert.ok(p.includes(expected), `${expected} in ${p.join(', ')}`);
    assert.ok(p.some((x) => x.startsWith('/referencedAreas/values')), p.join(', '));
    assert.ok(p.some((x) => x === '' || x === '/projectNamee'), p.join(', '));
    assert.strictEqual((await call('POST', `${base}/BuildingProject`, { token: demo, body: '[1,' })).status, 400);
  });

  it('updates base information, moves updatedAt forward, and refuses fields outside base info', async () => {
    const before = await call<Detail>('GET', `${base}/BuildingProject/${PROJECT_IDS.office}`, { token: demo });
    const r = await call<Detail>('PUT', `${base}/BuildingProject/updatebaseinfo/${PROJECT_IDS.office}`, {
      token: demo,
      body: { projectName: 'Kontorhus Havnegade II', clientName: 'Ny bygherre' },
    });
    assert.strictEqual(r.status, 200);
    assert.strictEqual(r.body.projectName, 'Kontorhus Havnegade II');
    assert.strictEqual(r.body.clientName, 'Ny bygherre');
    assert.ok(Date.parse(r.body.updatedAt) > Date.parse(before.body.updatedAt));
    assert.strictEqual(r.body.createdAt, before.body.createdAt);
    const refused = await call<{ errors?: { pointer: string }[] }>('PUT', `${base}/BuildingProject/updatebaseinfo/${PROJECT_IDS.office}`, {
      token: demo,
      body: { streamId: STREAM_IDS.school, projectName: 42 },
    });
    assert.strictEqual(refused.status, 400);
    assert.deepStrictEqual(refused.body.errors?.map((e) => e.pointer).sort(), ['/projectName', '/streamId'], JSON.stringify(refused.body));
    // Nothing of a refused update is applied.
    const after = await call<Detail>('GET', `${base}/BuildingProject/${PROJECT_IDS.office}`, { token: demo });
    assert.strictEqual(after.body.projectName, 'Kontorhus Havnegade II');
  });

  it('answers 403 when a Viewer updates and 404 when another tenant does', async () => {
    const viewer = await call('PUT', `${base}/BuildingProject/updatebaseinfo/${PROJECT_IDS.logistics}`, { token: demo, body: { projectName: 'x' } });
    assert.strictEqual(viewer.status, 403);
    const stranger = await call('PUT', `${base}/BuildingProject/updatebaseinfo/${PROJECT_IDS.school}`, { token: other, body: { projectName: 'x' } });
    assert.strictEqual(stranger.status, 404);
  });

  it('runs a stream through its life: create, link a project, find by stream, delete (irrecoverable, unlinks)', async () => {
    const s = await call<{ streamId: string; streamName: string; branches: { id: string; name: string }[] }>('POST', `${base}/Bim/streamDefaultBranches`, {
      token: demo,
      body: { streamName: 'Ny skole BIM', branches: [DEFAULT_BRANCH_IDS.Konstruktioner, DEFAULT_BRANCH_IDS.Arkitektur] },
    });
    assert.strictEqual(s.status, 200);
    assert.deepStrictEqual(s.body.branches.map((b) => b.name), ['Konstruktioner', 'Arkitektur']);
    const p = await call<Detail>('POST', `${base}/BuildingProject`, { token: demo, body: newProject('Linked', { streamId: s.body.streamId }) });
    assert.strictEqual(p.body.streamId, s.body.streamId);
    assert.strictEqual(p.body.streamName, 'Ny skole BIM', 'the detail names the linked stream');
    assert.strictEqual((await call<Detail>('GET', `${base}/BuildingProject/${p.body.id}`, { token: demo })).body.streamName, 'Ny skole BIM');
    assert.deepStrictEqual(p.body.branches.map((b) => b.name), ['Konstruktioner', 'Arkitektur']);

    const found = await call<{ id: string; bimStreamId: string; role: string }[]>('GET', `${base}/BuildingProject/byBimStreamId?streamId=${s.body.streamId}`, { token: demo });
    assert.deepStrictEqual(found.body.map((x) => [x.id, x.bimStreamId, x.role]), [[p.body.id, s.body.streamId, 'Owner']]);
    assert.deepStrictEqual((await call('GET', `${base}/BuildingProject/byBimStreamId?streamId=${s.body.streamId}`, { token: other })).body, []);
    assert.strictEqual((await call('GET', `${base}/BuildingProject/byBimStreamId`, { token: demo })).status, 400);

    assert.strictEqual((await call('DELETE', `${base}/Bim/stream/${s.body.streamId}`, { token: other })).status, 404);
    const del = await call<{ deleted: boolean }>('DELETE', `${base}/Bim/stream/${s.body.streamId}`, { token: demo });
    assert.strictEqual(del.status, 200);
    assert.strictEqual(del.body.deleted, true);
    assert.strictEqual((await call('DELETE', `${base}/Bim/stream/${s.body.streamId}`, { token: demo })).status, 404);
    const after = await call<Detail>('GET', `${base}/BuildingProject/${p.body.id}`, { token: demo });
    assert.strictEqual(after.body.streamId, null);
    assert.strictEqual(after.body.streamName, null);
    assert.deepStrictEqual((await call('GET', `${base}/BuildingProject/byBimStreamId?streamId=${s.body.streamId}`, { token: demo })).body, []);
  });

  it('refuses a stream with a branch id that is not a default branch, and a project linked to an unknown stream', async () => {
    const r = await call('POST', `${base}/Bim/streamDefaultBranches`, {
      token: demo,
      body: { streamName: 'x', branches: [DEFAULT_BRANCH_IDS.Arkitektur, '00000000-0000-4000-8000-000000000001'] },
    });
    assert.strictEqual(r.status, 400);
    assert.deepStrictEqual(pointers(r), ['/branches/1']);
    const p = await call('POST', `${base}/BuildingProject`, { token: demo, body: newProject('x', { streamId: '00000000-0000-4000-8000-000000000002' }) });
    assert.strictEqual(p.status, 400);
    assert.deepStrictEqual(pointers(p), ['/streamId']);
  });

  it('answers an unknown path with 404 and a wrong method with 405', async () => {
    assert.strictEqual((await call('GET', `${base}/NoSuchThing`, { token: demo })).status, 404);
    assert.strictEqual((await call('DELETE', `${base}/BuildingProject/${PROJECT_IDS.school}`, { token: demo })).status, 405);
  });
});
