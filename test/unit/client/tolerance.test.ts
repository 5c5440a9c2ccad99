// The client copes with a real service that answers differently from the documented decisions:
// empty or bare-id success bodies, ASP.NET and HTML error bodies, wrapped lists, tokens as text,
// GraphQL auth errors in a 200, and an unreachable host.
import * as assert from 'assert';
import * as net from 'net';
import { LcaClient, LcaServiceError, authenticateUser, type RequestLogEntry } from '../../../src/client';
import { GET_PROJECT_LIST_QUERY } from '../../../src/core/graphql/getProjectList';
import { startStandInService, type StandInService } from './support/standInService';

const ID = '3f0c7a52-5d7e-4b8a-9a61-0d2c1e4b9f10';

async function rejectsWith(promise: Promise<unknown>, check: (e: LcaServiceError) => void): Promise<LcaServiceError> {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof LcaServiceError, `expected an LcaServiceError, got ${String(e)}`);
    check(e);
    return e;
  }
  assert.fail('expected the call to fail');
}

describe('client tolerance (a service that differs from the local one)', function () {
  this.timeout(15_000);
  let svc: StandInService;
  let log: RequestLogEntry[];
  let client: LcaClient;
  let token: string;

  beforeEach(async () => {
    svc = await startStandInService();
    log = [];
    token = 'token-one-0123456789';
    client = new LcaClient({
      urls: { baseUrl: `${svc.url}/api/`, epdUrl: `${svc.url}/epd`, authUrl: `${svc.url}/auth`, graphqlUrl: `${svc.url}/graphql` },
      getToken: async () => token,
      renewToken: async () => (token = 'token-two-0123456789'),
      retry: { limit: 2, maxDelayMs: 20 },
      timeoutMs: 3_000,
      log: (e) => log.push(e),
    });
  });

  afterEach(() => svc.close());

  it('reads a project back when updatebaseinfo answers 204 with no body', async () => {
    svc.on(`PUT /api/BuildingProject/updatebaseinfo/${ID}`, () => ({ status: 204 }));
    svc.on(`GET /api/BuildingProject/${ID}`, () => ({ body: { id: ID, projectName: 'Renamed', unknownField: { a: 1 } } }));
    const detail = await client.updateProjectBaseInfo(ID, { $schema: '../schemas/project-update.schema.json', projectName: 'Renamed' });
    assert.strictEqual(detail.projectName, 'Renamed');
    assert.deepStrictEqual(detail.unknownField, { a: 1 }, 'unknown fields pass through');
    assert.deepStrictEqual(svc.requests.map((r) => `${r.method} ${r.path}`), [
      `PUT /api/BuildingProject/updatebaseinfo/${ID}`,
      `GET /api/BuildingProject/${ID}`,
    ]);
    assert.deepStrictEqual(JSON.parse(svc.requests[0].body), { projectName: 'Renamed' }, '$schema is not sent');
    assert.strictEqual(svc.requests[0].headers.authorization, `Bearer ${token}`);
  });

  it('follows a create that answers with a bare id', async () => {
    svc.on('POST /api/BuildingProject', () => ({ body: JSON.stringify(ID) }));
    svc.on(`GET /api/BuildingProject/${ID}`, () => ({ body: { id: ID, projectName: 'New' } }));
    const created = await client.createProject({ projectName: 'New', type: 0, stage: 1 });
    assert.strictEqual(created.id, ID);
    assert.strictEqual(created.projectName, 'New');
  });

  it('turns an ASP.NET validation problem into field errors', async () => {
    svc.on('POST /api/BuildingProject', () => ({
      status: 400,
      headers: { 'Content-Type': 'application/problem+json' },
      body: { title: 'One or more validation errors occurred.', status: 400, errors: { ProjectName: ['The ProjectName field is required.'] } },
    }));
    const e = await rejectsWith(client.createProject({ projectName: 'Rejected by the service', type: 0, stage: 0 }), (err) => assert.strictEqual(err.status, 400));
    assert.strictEqual(e.code, 'http');
    assert.strictEqual(e.message, 'One or more validation errors occurred (400) — /ProjectName: The ProjectName field is required.');
    assert.deepStrictEqual(e.problem?.errors, [{ pointer: '/ProjectName', message: 'The ProjectName field is required.' }]);
  });

  it('retries a read through an HTML 502 from a gateway, then reports it without the HTML', async () => {
    svc.on('GET /api/BuildingProject/buildingprojectenums', () => ({ status: 502, headers: { 'Content-Type': 'text/html' }, body: '<html><body>Bad Gateway</body></html>' }));
    const e = await rejectsWith(client.getProjectEnums(), (err) => assert.strictEqual(err.status, 502));
    assert.strictEqual(e.message, 'The LCA service failed (502)');
    assert.strictEqual(svc.requests.length, 3, 'one attempt and two retries');
    assert.deepStrictEqual(log.map((l) => l.status), [502, 502, 502]);
  });

  it('does not retry a create that failed with 503 and no Retry-After', async () => {
    svc.on('POST /api/Bim/streamDefaultBranches', () => ({ status: 503, body: 'Service Unavailable' }));
    await rejectsWith(client.createStream('s', []), (err) => {
      assert.strictEqual(err.status, 503);
      assert.strictEqual(err.message, 'The LCA service is unavailable (503); try again later');
    });
    assert.strictEqual(svc.requests.length, 1);
  });

  it('accepts a wrapped list whose entries spell the id differently', async () => {
    svc.on(`GET /api/BuildingProject/buildingprojectuserlist/${ID}`, () => ({ body: { items: [{ id: 'u1', email: 'a@b.c', role: 'Owner' }] } }));
    const users = await client.getProjectUsers(ID);
    assert.deepStrictEqual(users, [{ id: 'u1', userId: 'u1', email: 'a@b.c', role: 'Owner' }]);
  });

  it('names the endpoint when a required field is missing', async () => {
    svc.on(`GET /epd/construction/${ID}`, () => ({ body: { name: 'Wall' } }));
    await rejectsWith(client.getConstruction(ID), (err) => {
      assert.strictEqual(err.code, 'invalid-response');
      assert.strictEqual(err.message, 'The LCA service returned an unexpected response for GET /construction/{id}: the construction has no "id"');
    });
    svc.on('GET /api/BuildingProject/buildingprojectenums', () => ({ body: [] }));
    await rejectsWith(client.getProjectEnums(), (err) => {
      assert.strictEqual(err.code, 'invalid-response');
      assert.match(err.message, /GET \/BuildingProject\/buildingprojectenums: expected the body to be an object, got an array/);
    });
  });

  it('fills in enumeration lists the service leaves out', async () => {
    svc.on('GET /api/BuildingProject/buildingprojectenums', () => ({ body: { buildingTypeEnum: ['Office'], buildingProjectStageEnums: ['Design'], newList: [1] } }));
    const e = await client.getProjectEnums();
    assert.deepStrictEqual(e.defaultBranches, []);
    assert.deepStrictEqual(e.regerencedAreaTypeEnum, {});
    assert.deepStrictEqual(e.newList, [1]);
  });

  it('renews the token once when GraphQL reports an expired JWT inside a 200', async () => {
    svc.on('POST /graphql/v1/graphql', (req) =>
      req.headers.authorization === 'Bearer token-two-0123456789'
        ? { body: { data: { project: [{ id: ID, name: 'P', extra: true }] } } }
        : { body: { errors: [{ message: 'Could not verify JWT: JWTExpired', extensions: { code: 'invalid-jwt' } }] } },
    );
    const list = await client.listProjects({});
    assert.deepStrictEqual(list, [{ id: ID, name: 'P', extra: true }]);
    assert.strictEqual(svc.requests.length, 2);
    const sent = JSON.parse(svc.requests[1].body) as { operationName: string; query: string; variables: Record<string, unknown> };
    assert.strictEqual(sent.operationName, 'GetProjectList');
    assert.strictEqual(sent.query, GET_PROJECT_LIST_QUERY, 'the operation text is the shared one');
    assert.deepStrictEqual(sent.variables.whereName, {}, 'absent filters are sent as {}');
  });

  it('reports other GraphQL errors as such', async () => {
    svc.on('POST /graphql/v1/graphql', () => ({ body: { errors: [{ message: 'field "nme" not found' }] } }));
    await rejectsWith(client.listProjects({}), (err) => {
      assert.strictEqual(err.code, 'graphql');
      assert.strictEqual(err.message, 'The project list query failed: field "nme" not found');
    });
  });

  it('accepts a sign-in answered with the bare token as text', async () => {
    svc.on('POST /auth/v1/user', () => ({ body: 'opaque-token-value' }));
    const before = Date.now();
    const t = await authenticateUser(`${svc.url}/auth`, 'a@b.c', 'pw-secret-1');
    assert.strictEqual(t.accessToken, 'opaque-token-value');
    assert.ok(t.expiresAt > before && t.expiresAt <= Date.now() + 15 * 60_000, 'a short default expiry');
  });

  it('says which host could not be reached, and why', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as net.AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    const offline = new LcaClient({
      urls: { baseUrl: `http://127.0.0.1:${port}/api`, epdUrl: '', authUrl: '', graphqlUrl: '' },
      getToken: async () => token,
      retry: { limit: 1, maxDelayMs: 10 },
      log: (e) => log.push(e),
    });
    await rejectsWith(offline.getProject(ID), (err) => {
      assert.strictEqual(err.code, 'network');
      assert.strictEqual(err.message, `Could not reach the LCA service at http://127.0.0.1:${port} (connection refused)`);
    });
    assert.deepStrictEqual(log.map((l) => l.error), ['connection refused', 'connection refused'], 'a read is retried once');
    assert.strictEqual(log[0].url, `http://127.0.0.1:${port}/api/BuildingProject/${ID}`);
  });
});
