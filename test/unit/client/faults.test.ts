// The client under failure, against the local service's fault injection: 401 renewal, Retry-After,
// no blind retry of a create, abort, timeout, refusal of invalid bodies, and no token in any output.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import { inspect } from 'util';
import { LcaClient, LcaServiceError, SESSION_EXPIRED_MESSAGE } from '../../../src/client';
import { DEMO_USER, TestSession, startService, type RunningService } from './support/localService';
import { material, project } from './support/samples';
import { format } from '../../../src/core/l10n';

async function failure(promise: Promise<unknown>): Promise<LcaServiceError> {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof LcaServiceError, `expected an LcaServiceError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected the call to fail');
}

/** Record counts of the caller's tenant, whatever the exact shape of /__sandbox/stats. */
function totalRecords(stats: unknown): number {
  let sum = 0;
  const walk = (v: unknown) => {
    if (typeof v === 'number') sum += v;
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  // Records only: the stats also count issued tokens, which a renewal rightly adds to.
  walk((stats as { tenants?: unknown }).tenants);
  return sum;
}

/**
 * The statuses of the session's requests, less the 401s its renewals answered: this suite's tokens live 2 s, so a
 * Retry-After wait on a busy machine can outlast one (the renewal itself is tested above).
 */
function withoutRenewals(session: TestSession): number[] {
  const statuses = session.log.map((l) => l.status as number);
  const unauthorised = statuses.filter((s) => s === 401).length;
  assert.strictEqual(unauthorised, session.renewals, 'each 401 was followed by one renewal');
  return statuses.filter((s) => s !== 401);
}

describe('client under faults (local service over HTTP)', function () {
  this.timeout(30_000);
  let svc: RunningService;
  let session: TestSession;
  let client: LcaClient;

  before(async () => {
    svc = await startService(2);
  });
  after(() => svc?.stop());

  beforeEach(async () => {
    await svc.sandbox('latency', { ms: 0 });
    session = new TestSession(svc.urls.authUrl);
    await session.signIn();
    client = session.client(svc.urls);
  });

  describe('401 and token renewal', () => {
    it('renews once when the token has expired (short TTL) and repeats the call', async () => {
      await new Promise((r) => setTimeout(r, 2_200));
      const enums = await client.getProjectEnums();
      assert.ok(enums.buildingTypeEnum.length);
      assert.strictEqual(session.renewals, 1);
      assert.deepStrictEqual(session.log.map((l) => l.status), [401, 200]);
    });

    it('renews after /__sandbox/expire-tokens, also for a create (nothing is created twice)', async () => {
      const before = totalRecords(await svc.stats());
      await svc.sandbox('expire-tokens', {});
      const created = await client.createProject(project('Created across a renewal'));
      assert.ok(created.id);
      assert.strictEqual(session.renewals, 1);
      assert.strictEqual(totalRecords(await svc.stats()) - before, 1, 'exactly one project more');
    });

    it('gives up with "session expired" when renewal yields nothing or the new token is refused too', async () => {
      await svc.sandbox('expire-tokens', {});
      const noRenewal = new LcaClient({ urls: svc.urls, getToken: async () => session.token, renewToken: async () => undefined });
      const e1 = await failure(noRenewal.getProjectEnums());
      assert.strictEqual(e1.status, 401);
      assert.strictEqual(e1.message, format(SESSION_EXPIRED_MESSAGE));

      let renewals = 0;
      const stale = session.token;
      const staleRenewal = new LcaClient({ urls: svc.urls, getToken: async () => stale, renewToken: async () => (renewals++, stale) });
      const e2 = await failure(staleRenewal.listProjects({}));
      assert.strictEqual(e2.message, 'Your session has expired — sign in again');
      assert.strictEqual(renewals, 1, 'renewal is tried once only');
    });

    it('does not send anything without a token', async () => {
      const signedOut = new LcaClient({ urls: svc.urls, getToken: async () => undefined, log: (e) => session.log.push(e) });
      const e = await failure(signedOut.getProjectEnums());
      assert.strictEqual(e.status, 401);
      assert.match(e.message, /not signed in/);
      assert.strictEqual(session.log.length, 0);
    });
  });

  describe('retries', () => {
    it('waits for Retry-After on a 429 and then succeeds', async () => {
      await svc.sandbox('fail', { path: '/buildingprojectenums', status: 429, count: 1, retryAfter: 1 });
      const started = Date.now();
      await client.getProjectEnums();
      const waited = Date.now() - started;
      assert.ok(waited >= 900, `waited ${waited} ms`);
      assert.deepStrictEqual(withoutRenewals(session), [429, 200]);
    });

    it('repeats a create refused with 503 + Retry-After, and creates it once', async () => {
      const before = totalRecords(await svc.stats());
      await svc.sandbox('fail', { path: '/material/bulk/create', status: 503, count: 1, retryAfter: 1 });
      const created = await client.bulkCreateMaterials([material('Retried after 503', { A1A3: 10 })]);
      assert.strictEqual(created.length, 1);
      assert.deepStrictEqual(withoutRenewals(session), [503, 200]);
      assert.strictEqual(totalRecords(await svc.stats()) - before, 1);
    });

    it('never repeats a failing create without Retry-After', async () => {
      const before = totalRecords(await svc.stats());
      for (const status of [500, 503, 429]) {
        session.log.length = 0;
        await svc.sandbox('fail', { path: '/material/bulk/create', status, count: 1 });
        const e = await failure(client.bulkCreateMaterials([material(`Not retried ${status}`, { A1A3: 10 })]));
        assert.strictEqual(e.status, status);
        assert.deepStrictEqual(session.log.map((l) => l.status), [status], `one attempt for ${status}`);
      }
      assert.strictEqual(totalRecords(await svc.stats()), before, 'nothing was created');
    });

    it('never repeats a create whose connection was reset, but repeats a read', async () => {
      await svc.sandbox('reset-connections', { path: '/BuildingProject', count: 1 });
      const e = await failure(client.createProject(project('Reset connection')));
      assert.strictEqual(e.code, 'network');
      assert.strictEqual(session.log.length, 1);
      await svc.sandbox('reset-connections', { path: '/buildingprojectenums', count: 1 });
      session.log.length = 0;
      await client.getProjectEnums();
      assert.strictEqual(session.log.length, 2);
      assert.ok(session.log[0].error, 'the first attempt failed');
      assert.strictEqual(session.log[1].status, 200);
    });

    it('gives up at once when Retry-After is beyond the cap, saying when to try again', async () => {
      const capped = session.client(svc.urls, { retry: { limit: 2, maxDelayMs: 50, maxRetryAfterMs: 1_000 } });
      await svc.sandbox('fail', { path: '/buildingprojectenums', status: 503, count: 1, retryAfter: 120 });
      const e = await failure(capped.getProjectEnums());
      assert.strictEqual(e.retryAfterSeconds, 120);
      assert.strictEqual(e.message, 'The LCA service is unavailable (503); try again in 120 s');
    });
  });

  describe('cancellation and timeouts', () => {
    it('stops at once when the caller aborts', async () => {
      await svc.sandbox('latency', { ms: 3_000 });
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 100);
      const e = await failure(client.listProjects({}, controller.signal));
      assert.strictEqual(e.code, 'aborted');
      assert.strictEqual(e.message, 'The request was cancelled');
      assert.ok(Date.now() - started < 1_500, 'did not wait for the answer');
    });

    it('reports a timeout as such, naming the host', async () => {
      await svc.sandbox('latency', { ms: 2_000 });
      const impatient = session.client(svc.urls, { timeoutMs: 300 });
      const e = await failure(impatient.getProject(randomUUID()));
      assert.strictEqual(e.code, 'timeout');
      assert.strictEqual(e.message, `The LCA service at ${svc.origin} did not answer within 300 ms`);
      assert.strictEqual(session.log.length, 1, 'a timed-out request is not repeated');
      assert.strictEqual(session.log[0].error, 'timeout');
    });
  });

  describe('invalid requests', () => {
    it('refuses a body that breaks the schema without sending it, listing each problem', async () => {
      const e = await failure(client.createProject({ projectName: 'No type or stage' } as never));
      assert.strictEqual(e.code, 'invalid-request');
      assert.deepStrictEqual(e.requestProblems?.map((p) => p.keyword), ['required', 'required']);
      assert.match(e.message, /^The project is not valid and was not sent: .*`type`.*; .*`stage`/);
      const bad = material('Negative declared value', { A1A3: 1 });
      bad.declaredUnit.declaredValue = -1;
      const e2 = await failure(client.bulkCreateMaterials([bad]));
      assert.strictEqual(e2.code, 'invalid-request');
      assert.match(e2.message, /\/0\/declaredUnit\/declaredValue/);
      assert.strictEqual(session.log.length, 0, 'nothing was sent');
    });

    it('a list the caller says it checked is sent as it is, and the service still refuses it with a 400', async () => {
      const bad = material('Negative declared value, said to be checked', { A1A3: 1 });
      bad.declaredUnit.declaredValue = -1;
      const e = await failure(client.bulkCreateMaterials([bad], undefined, { checked: true }));
      assert.strictEqual(e.status, 400);
      assert.notStrictEqual(e.code, 'invalid-request');
      assert.strictEqual(session.log.length, 1, 'the list was sent once');
    });
  });

  describe('secrets', () => {
    it('never puts the token or the password into an error or a log entry', async () => {
      const errors: unknown[] = [];
      const collect = async (p: Promise<unknown>) => {
        try {
          await p;
        } catch (e) {
          errors.push(e);
        }
      };
      const token = session.token!;
      await collect(client.getProject(randomUUID()));
      await collect(client.getProject(token)); // the token in a path: never echoed back
      await collect(client.createStream('Bad', [randomUUID()]));
      await svc.sandbox('expire-tokens', {});
      const stale = new LcaClient({ urls: svc.urls, getToken: async () => token, renewToken: async () => token, log: (e) => session.log.push(e) });
      await collect(stale.getProjectEnums());
      await svc.sandbox('latency', { ms: 1_000 });
      await collect(session.client(svc.urls, { timeoutMs: 100 }).getProjectEnums());
      await svc.sandbox('latency', { ms: 0 });
      await collect(session.client({ ...svc.urls, baseUrl: 'http://127.0.0.1:9/api' }).getProjectEnums());
      await collect(import('../../../src/client').then((m) => m.authenticateUser(svc.urls.authUrl, DEMO_USER.email, 'wrong-password-1234')));
      assert.strictEqual(errors.length, 7);
      const everything = [
        ...errors.map((e) => inspect(e, { depth: 10, showHidden: true })),
        ...errors.map((e) => JSON.stringify(e)),
        ...session.log.map((l) => JSON.stringify(l)),
      ].join('\n');
      for (const secret of [token, session.token!, DEMO_USER.password, 'wrong-password-1234']) {
        assert.ok(!everything.includes(secret), `a secret leaked: ${secret.slice(0, 4)}…`);
      }
    });
  });
});
