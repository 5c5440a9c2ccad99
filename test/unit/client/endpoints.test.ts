// Every endpoint of the interface, called through the client against the local service over HTTP.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import { DEFAULT_BRANCH_IDS, INDICATOR_TYPE, MODULES, PROJECT_ENUMS } from '../../../src/core/codes';
import { LcaClient, LcaServiceError, authenticateAccount, authenticateUser } from '../../../src/client';
import { DEMO_ACCOUNT, DEMO_USER, TestSession, startService, type RunningService } from './support/localService';
import { construction, material, project } from './support/samples';

async function failure(promise: Promise<unknown>): Promise<LcaServiceError> {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof LcaServiceError, `expected an LcaServiceError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected the call to fail');
}

describe('client endpoints (local service over HTTP)', function () {
  this.timeout(20_000);
  let svc: RunningService;
  let session: TestSession;
  let client: LcaClient;

  before(async () => {
    svc = await startService();
    session = new TestSession(svc.urls.authUrl);
    await session.signIn();
    client = session.client(svc.urls);
  });

  after(() => svc?.stop());

  describe('authentication', () => {
    it('signs a user in and computes the expiry from expires_in', async () => {
      const before = Date.now();
      const t = await authenticateUser(svc.urls.authUrl, DEMO_USER.email, DEMO_USER.password);
      assert.ok(t.accessToken.length >= 16);
      assert.ok(t.refreshToken, 'a refresh token is issued');
      assert.ok(t.expiresAt > before + 60_000, 'the token lives longer than a minute');
      const raw = (await (
        await fetch(`${svc.urls.authUrl}/v1/user`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO_USER) })
      ).json()) as { expires_in: number };
      assert.ok(Math.abs(t.expiresAt - (before + raw.expires_in * 1000)) < 5_000);
    });

    it('refuses a wrong password with a plain message that does not repeat it', async () => {
      const password = 'not-the-demo-password';
      const e = await failure(authenticateUser(svc.urls.authUrl, DEMO_USER.email, password));
      assert.strictEqual(e.status, 401);
      assert.strictEqual(e.message, 'The e-mail address or password was not accepted (401)');
      assert.ok(!JSON.stringify({ ...e, message: e.message, stack: e.stack }).includes(password));
    });

    it('refuses incomplete sign-in details without sending them', async () => {
      const e = await failure(authenticateUser(svc.urls.authUrl, 'not an e-mail', ''));
      assert.strictEqual(e.code, 'invalid-request');
      assert.deepStrictEqual(e.requestProblems?.map((p) => p.pointer).sort(), ['/email', '/password']);
      const e2 = await failure(authenticateAccount(svc.urls.authUrl, '', 'some-secret-value'));
      assert.deepStrictEqual(e2.requestProblems?.map((p) => p.pointer), ['/clientId']);
    });

    it('signs an account in with client id and secret', async () => {
      const t = await authenticateAccount(svc.urls.authUrl, DEMO_ACCOUNT.clientId, DEMO_ACCOUNT.secret);
      const asAccount = new LcaClient({ urls: svc.urls, getToken: async () => t.accessToken });
      assert.ok((await asAccount.getProjectEnums()).buildingTypeEnum.length, 'the account token is accepted');
      const e = await failure(authenticateAccount(svc.urls.authUrl, 'no-such-client', 'wrong-secret-value'));
      assert.strictEqual(e.message, 'The client id or secret was not accepted (401)');
    });
  });

  describe('projects', () => {
    it('reads the project enumerations as listed in the interface, with the default branch ids', async () => {
      const e = await client.getProjectEnums();
      assert.deepStrictEqual(e.buildingTypeEnum, PROJECT_ENUMS.buildingTypeEnum);
      assert.deepStrictEqual(e.buildingProjectStageEnums, PROJECT_ENUMS.buildingProjectStageEnums);
      assert.deepStrictEqual(e.regerencedAreaTypeEnum, PROJECT_ENUMS.regerencedAreaTypeEnum);
      assert.deepStrictEqual(e.defaultBranchIds, DEFAULT_BRANCH_IDS);
    });

    it('lists the seeded projects through GraphQL, favourites first, with every field passed through', async () => {
      const list = await client.listProjects({});
      assert.ok(list.length >= 2, `seeded projects: ${list.length}`);
      for (const p of list) {
        assert.match(p.id, /^[0-9a-f-]{36}$/);
        assert.strictEqual(typeof p.name, 'string');
        assert.strictEqual(p.__typename, 'project', 'unknown-to-the-type fields are kept');
      }
      const favourites = list.map((p) => !!p.favorite);
      assert.deepStrictEqual(favourites, [...favourites].sort((a, b) => Number(b) - Number(a)), 'favourites first');
      const one = list[0];
      const filtered = await client.listProjects({ whereName: { _ilike: `%${one.name.slice(1, 6)}%` } });
      assert.ok(filtered.some((p) => p.id === one.id));
      assert.ok(filtered.length <= list.length);
      const none = await client.listProjects({ whereName: { _eq: `no such project ${randomUUID()}` } });
      assert.deepStrictEqual(none, []);
    });

    it('creates a project, reads it, lists its users and updates its base information', async () => {
      const created = await client.createProject(project('Client test house'));
      assert.strictEqual(created.projectName, 'Client test house');
      assert.strictEqual(created.role, 'Owner');
      assert.ok(created.updatedAt);

      const read = await client.getProject(created.id);
      const raw = await (await fetch(`${svc.urls.baseUrl}/BuildingProject/${created.id}`, { headers: { Authorization: `Bearer ${session.token}` } })).json();
      assert.deepStrictEqual(read, raw, 'the detail is passed through unchanged');

      const users = await client.getProjectUsers(created.id);
      assert.ok(users.some((u) => u.email === DEMO_USER.email && u.role === 'Owner'), JSON.stringify(users));

      await new Promise((r) => setTimeout(r, 10));
      const updated = await client.updateProjectBaseInfo(created.id, { projectName: 'Client test house (renamed)', stage: 2 });
      assert.strictEqual(updated.projectName, 'Client test house (renamed)');
      assert.strictEqual(updated.stage, 2);
      assert.strictEqual(updated.clientName, 'Test Client A/S', 'fields not sent are kept');
      assert.notStrictEqual(updated.updatedAt, created.updatedAt);
    });

    it('says "Project not found (404)" for an unknown id', async () => {
      const e = await failure(client.getProject(randomUUID()));
      assert.strictEqual(e.status, 404);
      assert.strictEqual(e.message, 'Project not found (404)');
      assert.strictEqual(e.problem?.status, 404);
    });
  });

  describe('streams', () => {
    it('creates a stream, finds the project linked to it, deletes it', async () => {
      const branches = [DEFAULT_BRANCH_IDS.Arkitektur, DEFAULT_BRANCH_IDS.Konstruktioner];
      const stream = await client.createStream('Client test stream', branches);
      assert.ok(stream.streamId);
      assert.deepStrictEqual(stream.branches?.map((b) => b.name).sort(), ['Arkitektur', 'Konstruktioner']);

      const linked = await client.createProject(project('Linked to a stream', { streamId: stream.streamId }));
      const found = await client.findProjectsByStream(stream.streamId);
      assert.deepStrictEqual(found.map((p) => p.id), [linked.id]);
      assert.strictEqual(found[0].name, 'Linked to a stream');

      await client.deleteStream(stream.streamId);
      assert.strictEqual((await client.getProject(linked.id)).streamId ?? null, null, 'the project is unlinked');
      const again = await failure(client.deleteStream(stream.streamId));
      assert.strictEqual(again.message, 'Stream not found (404)');
    });

    it('passes on the service\'s reason when it rejects an unknown branch id', async () => {
      const e = await failure(client.createStream('Bad branches', [randomUUID()]));
      assert.strictEqual(e.status, 400);
      assert.match(e.message, /\(400\)/);
      assert.ok(e.problem, 'problem details are kept');
    });
  });

  describe('materials, constructions and dashboards', () => {
    let materialIds: string[] = [];
    let constructionId = '';

    it('bulk-creates materials in one request and reads one back with all 18 modules', async () => {
      const before = session.log.length;
      const created = await client.bulkCreateMaterials([
        material('Client test concrete', { A1A3: 250, C3: 5, C4: 2, D: -10 }),
        material('Client test insulation', { A1A3: 80, C4: 1 }),
      ]);
      assert.strictEqual(session.log.length - before, 1, 'one request');
      assert.deepStrictEqual(created.map((m) => m.name), ['Client test concrete', 'Client test insulation']);
      materialIds = created.map((m) => m.id);

      const read = await client.getMaterial(materialIds[0]);
      assert.strictEqual(read.id, materialIds[0]);
      assert.deepStrictEqual(read.lciaResults?.map((r) => r.moduleTypeEnum).sort((a, b) => a - b), MODULES.map((m) => m.code).sort((a, b) => a - b));
      const a1a3 = read.lciaResults?.find((r) => r.moduleTypeEnum === 0);
      const gwp = a1a3?.indicators.find((i) => i.type === INDICATOR_TYPE.GWP_TOTAL);
      assert.strictEqual(gwp?.value, 250);
      assert.strictEqual(gwp?.originalIdentifier, 'GWP_TOTAL');
    });

    it('creates a construction from those materials and reads it back', async () => {
      const created = await client.createConstruction(
        construction('Client test wall', [
          { epdId: materialIds[0], thicknessM: 0.2 },
          { epdId: materialIds[1], thicknessM: 0.15 },
        ]),
      );
      constructionId = created.id;
      assert.strictEqual(created.isConstruction, true);
      const read = await client.getConstruction(created.id);
      assert.strictEqual(read.name, 'Client test wall');
      assert.strictEqual(read.constructionEpds?.length, 2);
      assert.ok(Array.isArray(read.lciaResults));
      const e = await failure(client.getConstruction(randomUUID()));
      assert.strictEqual(e.message, 'Construction not found (404)');
    });

    it('reads the indicator enumerations', async () => {
      const e = await client.getIndicatorEnums();
      assert.strictEqual(e.indicators?.find((i) => i.type === INDICATOR_TYPE.GWP_TOTAL)?.name, 'GWP_TOTAL');
      assert.ok(e.indicatorTypeMappings?.length, 'indicator type mappings are served');
    });

    it('reads the dashboard, its summary and the inspection of a construction', async () => {
      const [p] = await client.listProjects({});
      const dashboard = await client.getDashboard(p.id, { stages: ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'] });
      assert.ok(dashboard.dashboardsPerBranchPlusTotal.Total, 'a Total dashboard');
      const summary = await client.getDashboardSummary(p.id, {});
      assert.strictEqual(summary.projectId, p.id);
      assert.strictEqual(typeof summary.passes, 'boolean');
      const inspected = await client.inspectConstruction(p.id, constructionId);
      assert.ok(typeof inspected.dashboardsPerBranchPlusTotal === 'object');
    });
  });
});
