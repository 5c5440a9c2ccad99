// Fault suite: a bulk create of 5,000 materials against the local service while it answers 500, 503 and 429 with
// Retry-After, adds latency, resets connections, or expires every token in the middle of the job. Each run ends
// completed or with a report that matches what the service holds; after resuming, the service holds each material
// exactly once (counted through /__sandbox/stats, and every id in the sidecar distinct).
import * as assert from 'assert';
import type { BulkItem, BulkJobResult } from '../../../src/core/bulk';
import { TestSession, startService, type RunningService } from '../client/support/localService';
import {
  CountingClient,
  assertConsistent,
  assertSidecarComplete,
  makeItems,
  materialCount,
  readSidecarFile,
  runWithSidecar,
  tempMaterialsPath,
} from './support/bulk';
import { format } from '../../../src/core/l10n';

const N = 5_000;
const BULK_PATH = '/material/bulk/create';

interface Scenario {
  name: string;
  /** Runs before request n of the first run (a fault "in the middle"). */
  inject: (svc: RunningService, n: number) => Promise<void>;
  /** What the first run must end with. */
  expect: 'completed' | 'stopped';
  /** Checks on the first run's result. */
  check?: (r: BulkJobResult, session: TestSession, client: CountingClient) => void;
}

const MIDDLE = 12; // request 12 of 25: items 2,200–2,399

const scenarios: Scenario[] = [
  {
    name: '500 once: the unknown outcome is recovered by one resend (409 path), the job completes',
    inject: (svc, n) => (n === MIDDLE ? svc.sandbox('fail', { path: BULK_PATH, status: 500, count: 1 }).then(() => undefined) : Promise.resolve()),
    expect: 'completed',
  },
  {
    name: '500 repeatedly: the job stops with an exact report (the chunk not confirmed), resuming completes',
    inject: (svc, n) => (n === MIDDLE ? svc.sandbox('fail', { path: BULK_PATH, status: 500, count: 2 }).then(() => undefined) : Promise.resolve()),
    expect: 'stopped',
    check: (r) => {
      assert.strictEqual(r.failed?.status, 500);
      assert.strictEqual(r.failed?.outcomeUnknown, true);
      assert.strictEqual(r.failed?.chunkStart, (MIDDLE - 1) * 200);
      assert.strictEqual(r.created.length, (MIDDLE - 1) * 200);
      assert.strictEqual(r.unconfirmed.length, 200);
    },
  },
  {
    name: '503 with Retry-After (more than the client retries): waited for, resent, the job completes',
    inject: (svc, n) => (n === MIDDLE ? svc.sandbox('fail', { path: BULK_PATH, status: 503, count: 3, retryAfter: 1 }).then(() => undefined) : Promise.resolve()),
    expect: 'completed',
  },
  {
    name: '429 with Retry-After: the client waits and resends, the job completes',
    inject: (svc, n) => (n === MIDDLE ? svc.sandbox('fail', { path: BULK_PATH, status: 429, count: 2, retryAfter: 1 }).then(() => undefined) : Promise.resolve()),
    expect: 'completed',
  },
  {
    name: '429 with Retry-After beyond every retry: the job stops (nothing unconfirmed), resuming completes',
    inject: (svc, n) => (n === MIDDLE ? svc.sandbox('fail', { path: BULK_PATH, status: 429, count: 6, retryAfter: 0 }).then(() => undefined) : Promise.resolve()),
    expect: 'stopped',
    check: (r) => {
      assert.strictEqual(r.failed?.status, 429);
      assert.strictEqual(r.failed?.outcomeUnknown, false, '429 with Retry-After says nothing was done');
      assert.strictEqual(r.unconfirmed.length, 0);
    },
  },
  {
    name: 'added latency from the middle on: slower, the job completes',
    inject: (svc, n) => (n === MIDDLE ? svc.sandbox('latency', { ms: 40 }).then(() => undefined) : Promise.resolve()),
    expect: 'completed',
  },
  {
    name: 'connection resets: one is recovered by a resend; two stop the job with the chunk not confirmed; resuming completes',
    inject: async (svc, n) => {
      if (n === 5) await svc.sandbox('reset-connections', { path: BULK_PATH, count: 1 });
      // Request 6 was the resend of chunk 5, so request MIDDLE + 1 carries chunk MIDDLE.
      if (n === MIDDLE + 1) await svc.sandbox('reset-connections', { path: BULK_PATH, count: 2 });
    },
    expect: 'stopped',
    check: (r) => {
      assert.strictEqual(r.failed?.outcomeUnknown, true);
      assert.match(r.failed ? format(r.failed.message) : '', /connection reset|Could not reach/);
      assert.strictEqual(r.failed?.chunkStart, (MIDDLE - 1) * 200);
      assert.strictEqual(r.created.length, (MIDDLE - 1) * 200);
    },
  },
  {
    name: 'all tokens expire in the middle: the client renews and the job completes',
    inject: (svc, n) => (n === MIDDLE ? svc.sandbox('expire-tokens', {}).then(() => undefined) : Promise.resolve()),
    expect: 'completed',
    check: (_r, session) => assert.strictEqual(session.renewals, 1),
  },
];

describe('bulk create of 5,000 materials under faults', function () {
  this.timeout(60_000);
  let svc: RunningService;

  before(async () => {
    svc = await startService();
  });
  after(() => svc?.stop());

  beforeEach(async () => {
    await svc.sandbox('latency', { ms: 0 });
  });

  for (const s of scenarios) {
    it(s.name, async () => {
      const session = new TestSession(svc.urls.authUrl);
      await session.signIn();
      const client = session.client(svc.urls);
      const epdUrl = svc.urls.epdUrl;
      const items: BulkItem[] = makeItems(N, 'faults');
      const file = tempMaterialsPath('faults');
      const before = await materialCount(svc);

      const counting = new CountingClient(client, (n) => s.inject(svc, n));
      const r1 = await runWithSidecar(file, epdUrl, items, { client: counting, recoveryDelayMs: 20, chunkSize: 200 });
      await svc.sandbox('latency', { ms: 0 });
      assertConsistent(r1, items);
      const held = (await materialCount(svc)) - before;
      // The report is accurate: what it calls created is on the service; only unconfirmed ones may also be.
      assert.ok(held >= r1.created.length && held <= r1.created.length + r1.unconfirmed.length, `service holds ${held}, report says ${r1.created.length} created (+${r1.unconfirmed.length} unconfirmed)`);
      if (s.expect === 'completed') {
        assert.strictEqual(r1.failed, undefined, r1.failed && format(r1.failed.message));
        assert.strictEqual(r1.created.length + r1.alreadyThere.length, N);
        assert.strictEqual(r1.notSent.length, 0);
      } else {
        assert.ok(r1.failed, 'stopped with a failure');
        assert.ok(r1.notSent.length > 0);
      }
      s.check?.(r1, session, counting);

      // Resume: only what is not recorded is sent.
      const resume = new CountingClient(client);
      const r2 = await runWithSidecar(file, epdUrl, items, { client: resume });
      assert.strictEqual(r2.failed, undefined, r2.failed && format(r2.failed.message));
      assert.strictEqual(resume.itemsSent, r1.notSent.length, 'the resume sends exactly the materials not recorded');
      assert.strictEqual(r2.skipped.length, N - r1.notSent.length);
      assert.strictEqual((await materialCount(svc)) - before, N, 'the service holds each material exactly once');
      assertSidecarComplete(await readSidecarFile(file), items, epdUrl);
    });
  }
});
