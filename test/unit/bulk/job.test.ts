// The bulk-create job against the local service over HTTP: chunks and counts, resume after a failure sends only
// the rest, 409 existingId recovery (sidecar lost, answer lost), cancellation with an accurate report, and the
// sidecar (round trip, atomic write, tolerance of a broken one) and the pre-send check.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  SidecarRecorder,
  createdKeys,
  loadSidecarFile,
  materialKey,
  mergeSidecar,
  planBulkCreate,
  readSidecar,
  renderReport,
  runBulkCreate,
  chunkSizeFor,
  serializeSidecar,
  sidecarPathFor,
  summaryLine,
  type SidecarItem,
} from '../../../src/core/bulk';
import { isLcaServiceError, type LcaClient } from '../../../src/client';
import { TestSession, startService, type RunningService } from '../client/support/localService';
import {
  CountingClient,
  assertConsistent,
  assertSidecarComplete,
  makeItems,
  makeMaterials,
  materialCount,
  readSidecarFile,
  runWithSidecar,
  tempMaterialsPath,
} from './support/bulk';
import { format } from '../../../src/core/l10n';
import { cancelledJob } from './cancelledJob';
import { CHECKS } from '../../fixtures/checks';

const BULK_PATH = '/material/bulk/create';

describe('bulk create job (local service over HTTP)', function () {
  this.timeout(30_000);
  let svc: RunningService;
  let session: TestSession;
  let client: LcaClient;
  let epdUrl: string;

  before(async () => {
    svc = await startService();
    epdUrl = svc.urls.epdUrl;
  });
  after(() => svc?.stop());

  beforeEach(async () => {
    await svc.sandbox('latency', { ms: 0 });
    session = new TestSession(svc.urls.authUrl);
    await session.signIn();
    client = session.client(svc.urls);
  });

  it('creates every material once, in chunks of 200, recording each chunk in the sidecar', async () => {
    const items = makeItems(450);
    const file = tempMaterialsPath();
    const before = await materialCount(svc);
    const counting = new CountingClient(client);
    const sidecarSizes: number[] = [];
    const progress: number[] = [];
    const result = await runWithSidecar(file, epdUrl, items, {
      client: counting,
      onRecord: async () => {
        sidecarSizes.push((await readSidecarFile(file))!.items.length);
      },
      onProgress: (p) => progress.push(p.done),
    });
    assert.strictEqual(result.failed, undefined);
    assert.strictEqual(result.cancelled, false);
    assert.strictEqual(result.created.length, 450);
    assert.strictEqual(result.notSent.length, 0);
    assert.strictEqual(counting.requests, 3);
    assert.deepStrictEqual(sidecarSizes, [200, 400, 450], 'the sidecar is on disk after every chunk');
    assert.deepStrictEqual(progress, [0, 200, 400, 450]);
    assertConsistent(result, items);
    assert.strictEqual((await materialCount(svc)) - before, 450, 'the service holds 450 more materials');
    const ids = assertSidecarComplete(await readSidecarFile(file), items, epdUrl);
    // Each recorded id is the material with that originalUUID (a sample of GETs, all of one chunk's edges).
    for (const it of [items[0], items[199], items[200], items[449]]) {
      const read = await client.getMaterial(ids.get(it.key)!);
      assert.strictEqual(read.originalUUID, it.material.originalUUID);
    }
    // The file name and the service are in the sidecar; nothing but it was written next to the file.
    const sidecar = (await readSidecarFile(file))!;
    assert.strictEqual(sidecar.source, path.basename(file));
    assert.deepStrictEqual(fs.readdirSync(path.dirname(file)), [path.basename(sidecarPathFor(file))]);
  });

  it('after a 500 in the middle it stops with an exact report; running again sends only the rest, each once', async () => {
    const items = makeItems(600);
    const file = tempMaterialsPath();
    const before = await materialCount(svc);
    // Request 2 fails, and so does the one recovery resend.
    const first = new CountingClient(client, async (n) => {
      if (n === 2) await svc.sandbox('fail', { path: BULK_PATH, status: 500, count: 2 });
    });
    const r1 = await runWithSidecar(file, epdUrl, items, { client: first, recoveryDelayMs: 10 });
    assert.ok(r1.failed, 'stopped');
    assert.strictEqual(r1.failed.status, 500);
    assert.strictEqual(r1.failed.chunkStart, 200);
    assert.strictEqual(r1.failed.outcomeUnknown, true, 'a 500 may have done the work');
    assert.strictEqual(r1.created.length, 200);
    assert.strictEqual(r1.notSent.length, 400);
    assert.deepStrictEqual(r1.unconfirmed.map((r) => r.index), items.slice(200, 400).map((i) => i.index));
    assertConsistent(r1, items);
    assert.strictEqual((await materialCount(svc)) - before, 200, 'the report matches the service');
    const report = renderReport(r1, { source: 'x.materials.json', sidecar: 'x.materials.created.json', epdUrl });
    assert.match(report, /Not created \(400\)/);
    assert.match(report, /Created \(200\)/);
    assert.match(report, /not confirmed/);

    const second = new CountingClient(client);
    const r2 = await runWithSidecar(file, epdUrl, items, { client: second });
    assert.strictEqual(r2.failed, undefined);
    assert.strictEqual(r2.skipped.length, 200, 'the 200 recorded ones are not sent');
    assert.strictEqual(second.itemsSent, 400, 'only the rest is sent');
    assert.strictEqual(r2.created.length, 400);
    assert.strictEqual((await materialCount(svc)) - before, 600, 'each material exactly once');
    assertSidecarComplete(await readSidecarFile(file), items, epdUrl);
  });

  it('a single 500 is recovered by one resend: the job completes', async () => {
    const items = makeItems(500);
    const file = tempMaterialsPath();
    const before = await materialCount(svc);
    const counting = new CountingClient(client, async (n) => {
      if (n === 2) await svc.sandbox('fail', { path: BULK_PATH, status: 500, count: 1 });
    });
    const r = await runWithSidecar(file, epdUrl, items, { client: counting, recoveryDelayMs: 10 });
    assert.strictEqual(r.failed, undefined);
    assert.strictEqual(r.created.length, 500);
    assert.strictEqual(counting.requests, 4);
    assert.strictEqual((await materialCount(svc)) - before, 500);
  });

  it('sidecar lost: running again records the existing ids from the 409 and creates nothing', async () => {
    const items = makeItems(300);
    const file = tempMaterialsPath();
    const before = await materialCount(svc);
    const r1 = await runWithSidecar(file, epdUrl, items, { client });
    const firstIds = new Map(r1.created.map((c) => [materialKey(c.originalUUID, c.originalVersion), c.id]));
    fs.rmSync(sidecarPathFor(file));
    // Half of the file is reordered, to show the sidecar does not depend on positions.
    const reordered = [...items].reverse();
    const r2 = await runWithSidecar(file, epdUrl, reordered, { client });
    assert.strictEqual(r2.failed, undefined);
    assert.strictEqual(r2.created.length, 0);
    assert.strictEqual(r2.alreadyThere.length, 300);
    for (const a of r2.alreadyThere) assert.strictEqual(a.id, firstIds.get(materialKey(a.originalUUID, a.originalVersion)), 'the existing id');
    assert.strictEqual((await materialCount(svc)) - before, 300, 'no duplicates');
    assertSidecarComplete(await readSidecarFile(file), items, epdUrl);
  });

  it('a mix of existing and new items in one chunk: existing ones recorded, the rest resent and created', async () => {
    const items = makeItems(250);
    const file = tempMaterialsPath();
    const before = await materialCount(svc);
    // 100 of them exist already (created behind the job's back), spread over both chunks.
    const early = items.filter((_, i) => i % 5 < 2);
    await client.bulkCreateMaterials(early.map((e) => e.material));
    const counting = new CountingClient(client);
    const r = await runWithSidecar(file, epdUrl, items, { client: counting });
    assert.strictEqual(r.failed, undefined);
    assert.strictEqual(r.alreadyThere.length, 100);
    assert.strictEqual(r.created.length, 150);
    assert.strictEqual(counting.requests, 4, 'each chunk: one 409, one resend of the rest');
    assert.strictEqual((await materialCount(svc)) - before, 250);
    assertSidecarComplete(await readSidecarFile(file), items, epdUrl);
  });

  it('answer lost (timeout after the service did the work): no blind resend; the next run recovers the ids, no duplicates', async () => {
    const items = makeItems(400);
    const file = tempMaterialsPath();
    const before = await materialCount(svc);
    const impatient = session.client(svc.urls, { timeoutMs: 400 });
    const counting = new CountingClient(impatient, async (n) => {
      if (n === 2) await svc.sandbox('latency', { ms: 800 });
    });
    const r1 = await runWithSidecar(file, epdUrl, items, { client: counting, recoveryAttempts: 0 });
    assert.ok(r1.failed?.outcomeUnknown, 'outcome unknown');
    assert.strictEqual(counting.requests, 2, 'not resent blindly');
    assert.strictEqual(r1.unconfirmed.length, 200);
    await svc.sandbox('latency', { ms: 0 });
    await new Promise((r) => setTimeout(r, 900));
    // The service did create the second chunk: its answer was lost.
    assert.strictEqual((await materialCount(svc)) - before, 400);
    const r2 = await runWithSidecar(file, epdUrl, items, { client });
    assert.strictEqual(r2.failed, undefined);
    assert.strictEqual(r2.alreadyThere.length, 200, 'ids of the lost answer recovered from the 409');
    assert.strictEqual(r2.created.length, 0);
    assert.strictEqual((await materialCount(svc)) - before, 400, 'each material exactly once');
    assertSidecarComplete(await readSidecarFile(file), items, epdUrl);
  });

  it('cancel between chunks: the report lists exactly what was created', async () => {
    const items = makeItems(700);
    const file = tempMaterialsPath();
    const before = await materialCount(svc);
    const abort = new AbortController();
    const r = await runWithSidecar(file, epdUrl, items, { client, signal: abort.signal, onRecord: (n) => (n === 2 ? abort.abort() : undefined) });
    assert.strictEqual(r.cancelled, true);
    assert.strictEqual(r.failed, undefined);
    assert.strictEqual(r.created.length, 400);
    assert.strictEqual(r.notSent.length, 300);
    assert.strictEqual(r.unconfirmed.length, 0);
    assertConsistent(r, items);
    assert.strictEqual((await materialCount(svc)) - before, 400);
    const r2 = await runWithSidecar(file, epdUrl, items, { client });
    assert.strictEqual(r2.created.length, 300);
    assert.strictEqual((await materialCount(svc)) - before, 700);
  });

  it('cancel during a request: that chunk is reported as not confirmed; the next run recovers it', async () => {
    const items = makeItems(400);
    const file = tempMaterialsPath();
    const before = await materialCount(svc);
    const abort = new AbortController();
    const counting = new CountingClient(client, async (n) => {
      if (n === 2) {
        await svc.sandbox('latency', { ms: 600 });
        setTimeout(() => abort.abort(), 200);
      }
    });
    const r = await runWithSidecar(file, epdUrl, items, { client: counting, signal: abort.signal });
    assert.strictEqual(r.cancelled, true);
    assert.strictEqual(r.created.length, 200);
    assert.strictEqual(r.unconfirmed.length, 200);
    assertConsistent(r, items);
    await svc.sandbox('latency', { ms: 0 });
    await new Promise((res) => setTimeout(res, 700));
    const held = (await materialCount(svc)) - before;
    assert.ok(held >= 200 && held <= 400, `the service holds the created ones and at most the unconfirmed ones (${held})`);
    const r2 = await runWithSidecar(file, epdUrl, items, { client });
    assert.strictEqual(r2.created.length + r2.alreadyThere.length, 200);
    assert.strictEqual((await materialCount(svc)) - before, 400, 'each material exactly once');
    assertSidecarComplete(await readSidecarFile(file), items, epdUrl);
  });

  it('cancel during a request with a grace period: its answer is awaited and recorded, so the counts equal the service’s', async () => {
    const items = makeItems(600);
    const file = tempMaterialsPath();
    const before = await materialCount(svc);
    const abort = new AbortController();
    const waited: number[] = [];
    const counting = new CountingClient(client, async (n) => {
      if (n === 2) {
        await svc.sandbox('latency', { ms: 400 });
        setTimeout(() => abort.abort(), 100);
      }
    });
    const r = await runWithSidecar(file, epdUrl, items, { client: counting, signal: abort.signal, cancelGraceMs: 5_000, onCancelWait: (n) => waited.push(n) });
    await svc.sandbox('latency', { ms: 0 });
    assert.strictEqual(r.cancelled, true);
    assert.deepStrictEqual(waited, [200], 'told that it waits for the 200 in flight');
    assert.strictEqual(r.created.length, 400, 'the request in flight answered within the grace period and counts as created');
    assert.strictEqual(r.unconfirmed.length, 0);
    assert.strictEqual(r.notSent.length, 200);
    assert.strictEqual(counting.requests, 2, 'nothing sent after the cancel');
    assertConsistent(r, items);
    await new Promise((res) => setTimeout(res, 500));
    assert.strictEqual((await materialCount(svc)) - before, 400, 'the service holds exactly what the job calls created');
    assert.strictEqual(summaryLine(r), '400 confirmed, 200 not sent (cancelled)');
    assert.strictEqual((await readSidecarFile(file))!.items.length, 400);
  });

  it('the summary of a cancel says what was confirmed, what was in flight and what was not sent', () => {
    const result = cancelledJob((i) => `m${i}`, 1);
    assert.strictEqual(summaryLine(result), '400 confirmed, 200 in flight when cancelled (will be reconciled on the next run), 1,400 not sent (cancelled)');
    const report = renderReport(result, { source: 'x.materials.json', sidecar: 'x.materials.created.json', epdUrl: 'http://e' });
    assert.match(report, /in flight when cancelled \(the service may hold them; the next run reconciles them\): 200; not sent: 1400/);
    assert.match(report, /\*\*Run Again\*\*/);
  });

  it('request size: about twenty requests per job, 200 to 1000 materials each', () => {
    assert.deepStrictEqual([1, 800, 4000, 5000, 10_000, 20_000, 100_000].map(chunkSizeFor), [200, 200, 200, 300, 500, 1000, 1000]);
  });

  it('a request the service finds too large (413) is split in halves: nothing lost, nothing created twice', async () => {
    // 1,500 in one request is over the local service's 1,000 per request: 413, then 750 + 750.
    const items = makeItems(1500);
    const before = await materialCount(svc);
    const counting = new CountingClient(client);
    const r = await runBulkCreate({ client: counting, isServiceFailure: isLcaServiceError, items, chunkSize: 1500, itemsChecked: true });
    assert.strictEqual(r.failed, undefined, r.failed && format(r.failed.message));
    assert.deepStrictEqual(counting.sizes, [1500, 750, 750]);
    assert.strictEqual(r.requestSizeCut, 750);
    assert.strictEqual(r.created.length, 1500);
    assert.strictEqual(new Set(r.created.map((c) => c.id)).size, 1500);
    assert.deepStrictEqual(r.created.map((c) => c.originalUUID), items.map((i) => String(i.material.originalUUID)), 'in file order');
    assert.strictEqual((await materialCount(svc)) - before, 1500, 'each material exactly once');
  });

  it('a refusal (session gone) stops with nothing unconfirmed', async () => {
    const items = makeItems(300);
    const before = await materialCount(svc);
    const noRenew = session.client(svc.urls, { renewToken: async () => undefined });
    const counting = new CountingClient(noRenew, async (n) => {
      if (n === 2) await svc.sandbox('expire-tokens', {});
    });
    const r = await runBulkCreate({ client: counting, isServiceFailure: isLcaServiceError, items });
    assert.strictEqual(r.failed?.status, 401);
    assert.strictEqual(r.failed?.outcomeUnknown, false);
    assert.strictEqual(r.created.length, 200);
    assert.strictEqual(r.unconfirmed.length, 0);
    assert.strictEqual(r.notSent.length, 100);
    assert.strictEqual((await materialCount(svc)) - before, 200);
  });

  it('a sidecar that cannot be written stops the job after that chunk, with its ids in the report', async () => {
    const items = makeItems(300);
    const r = await runBulkCreate({
      client,
      isServiceFailure: isLcaServiceError,
      items,
      onRecord: () => {
        throw new Error('disk full');
      },
    });
    assert.match(r.failed ? format(r.failed.message) : '', /disk full/);
    assert.strictEqual(r.created.length, 200, 'the ids of the chunk that was created are still reported');
    assert.strictEqual(r.notSent.length, 100);
  });
});

describe('bulk create sidecar and pre-send check', () => {
  const epdUrl = 'http://127.0.0.1:9/epd';
  const record = (i: number): SidecarItem => ({ originalUUID: `0000000${i}-0000-4000-8000-000000000000`, originalVersion: '1.0', id: `id-${i}`, name: `M ${i}`, createdAt: '2025-01-01T00:00:00.000Z' });

  it('sidecarPathFor puts it next to the file', () => {
    assert.strictEqual(sidecarPathFor('/a/b/walls.materials.json'), '/a/b/walls.materials.created.json');
    assert.strictEqual(sidecarPathFor('C:\\x\\Lib.Materials.json'), 'C:\\x\\Lib.materials.created.json');
  });

  it('round trip: serialize → readSidecar gives the same records; merge replaces by key', () => {
    const s = mergeSidecar(undefined, { source: 'walls.materials.json', epdUrl: `${epdUrl}/` }, [record(1), record(2)]);
    assert.strictEqual(s.epdUrl, epdUrl);
    assert.match(s.$comment, /walls\.materials\.json created on the service\. Do not edit\./);
    const text = serializeSidecar(s);
    const read = readSidecar(text);
    assert.ok(read.ok);
    assert.deepStrictEqual(read.sidecar, s);
    assert.deepStrictEqual(JSON.parse(text), s, 'plain JSON');
    const merged = mergeSidecar(read.sidecar, { source: 'walls.materials.json', epdUrl }, [{ ...record(2), id: 'id-2b' }, record(3)]);
    assert.deepStrictEqual(merged.items.map((i) => i.id), ['id-1', 'id-2b', 'id-3']);
    assert.strictEqual(createdKeys(merged, epdUrl).get(materialKey(record(1).originalUUID.toUpperCase(), '1.0'))?.id, 'id-1', 'UUIDs compare case-insensitively');
  });

  it('records for another service do not count, and are not merged', () => {
    const s = mergeSidecar(undefined, { source: 'a.materials.json', epdUrl }, [record(1)]);
    assert.strictEqual(createdKeys(s, 'https://lca.example.com/epd').size, 0);
    assert.strictEqual(createdKeys(s, 'HTTP://127.0.0.1:9/epd/').size, 1, 'same service, other spelling');
    assert.deepStrictEqual(mergeSidecar(s, { source: 'a.materials.json', epdUrl: 'https://lca.example.com/epd' }, [record(2)]).items.map((i) => i.id), ['id-2']);
  });

  it('tolerates a broken sidecar with a clear error, and skips incomplete entries', () => {
    const broken = readSidecar('{"items": [ {"id": "x"');
    assert.ok(!broken.ok);
    assert.match(format(broken.error), /not valid JSON/);
    const notOne = readSidecar('[1, 2]');
    assert.ok(!notOne.ok && /not a JSON object/.test(format(notOne.error)));
    const noUrl = readSidecar('{"items": []}');
    assert.ok(!noUrl.ok && /epdUrl/.test(format(noUrl.error)));
    const partial = readSidecar(JSON.stringify({ epdUrl, items: [record(1), { id: 'no-key' }, 'junk', { ...record(2), extra: true }] }));
    assert.ok(partial.ok);
    assert.strictEqual(partial.skipped, 2);
    assert.deepStrictEqual(partial.sidecar.items.map((i) => i.id), ['id-1', 'id-2']);
  });

  it('writes atomically (no temporary file left) and reads back from disk', async () => {
    const file = tempMaterialsPath('atomic');
    const sidecar = sidecarPathFor(file);
    const recorder = new SidecarRecorder(sidecar, { source: 'atomic.materials.json', epdUrl }, undefined);
    await recorder.add([record(1)]);
    await recorder.add([record(2)]);
    await recorder.flush();
    assert.deepStrictEqual(fs.readdirSync(path.dirname(file)), [path.basename(sidecar)]);
    assert.strictEqual(fs.readFileSync(sidecar, 'utf8'), serializeSidecar(recorder.sidecar), 'the layout of serializeSidecar');
    const state = await loadSidecarFile(sidecar);
    assert.ok(state.exists && state.ok);
    assert.strictEqual(state.sidecar.items.length, 2);
    fs.writeFileSync(sidecar, '{ not json');
    const broken = await loadSidecarFile(sidecar);
    assert.ok(broken.exists && !broken.ok && /not valid JSON/.test(format(broken.error)));
    assert.deepStrictEqual(await loadSidecarFile(`${sidecar}.missing`), { exists: false });
  });

  it('appends later records in place, rewriting the file only first, for a replaced record, or after another writer', async () => {
    const file = tempMaterialsPath('append');
    const sidecar = sidecarPathFor(file);
    const recorder = new SidecarRecorder(sidecar, { source: 'append.materials.json', epdUrl }, undefined);
    const inode = () => fs.statSync(sidecar).ino;
    const onDisk = () => fs.readFileSync(sidecar, 'utf8');
    await recorder.add([record(1)]);
    const first = inode();
    await recorder.add([record(2), record(3)]);
    await recorder.add([record(4)]);
    assert.strictEqual(inode(), first, 'appended to the same file');
    assert.strictEqual(onDisk(), serializeSidecar(recorder.sidecar), 'the layout of serializeSidecar');
    // A later record of the same material replaces the earlier one: the whole file again.
    await recorder.add([{ ...record(2), id: 'id-2-again' }]);
    assert.strictEqual(onDisk(), serializeSidecar(recorder.sidecar));
    assert.ok(onDisk().includes('id-2-again') && !onDisk().includes('"id-2"'));
    // Another writer replaced the file: nothing is appended to what is gone; the next write has every record.
    fs.writeFileSync(`${sidecar}.other`, '{"items": []}');
    fs.renameSync(`${sidecar}.other`, sidecar);
    await recorder.add([record(5)]);
    await recorder.flush();
    const state = await loadSidecarFile(sidecar);
    assert.ok(state.exists && state.ok);
    assert.deepStrictEqual(state.sidecar.items.map((i) => i.id), ['id-1', 'id-2-again', 'id-3', 'id-4', 'id-5']);
    assert.deepStrictEqual(fs.readdirSync(path.dirname(file)), [path.basename(sidecar)], 'no temporary file left');
  });

  it('planBulkCreate refuses invalid text and counts its errors; splits valid text by the sidecar', () => {
    const materials = makeMaterials(3);
    const valid = JSON.stringify(materials, null, 2);
    const s = mergeSidecar(undefined, { source: 'p.materials.json', epdUrl }, [
      { originalUUID: String(materials[1].originalUUID), originalVersion: String(materials[1].originalVersion), id: 'known', name: '', createdAt: '' },
    ]);
    const plan = planBulkCreate(valid, { ...CHECKS, fileName: 'p.materials.json', sidecar: s, epdUrl });
    assert.strictEqual(plan.problems, undefined);
    assert.deepStrictEqual(plan.toSend.map((i) => i.index), [0, 2]);
    assert.deepStrictEqual(plan.created.map((i) => i.index), [1]);
    const otherService = planBulkCreate(valid, { ...CHECKS, fileName: 'p.materials.json', sidecar: s, epdUrl: 'https://other.example.com/epd' });
    assert.strictEqual(otherService.toSend.length, 3);

    const bad = JSON.parse(valid) as Record<string, unknown>[];
    delete bad[0].name;
    (bad[2].declaredUnit as Record<string, unknown>).declaredValue = 0;
    bad[1].originalUUID = bad[2].originalUUID;
    const refused = planBulkCreate(JSON.stringify(bad), { ...CHECKS, fileName: 'p.materials.json', epdUrl });
    assert.ok(refused.problems);
    assert.ok(refused.problems.schema >= 2, `schema problems ${refused.problems.schema}`);
    assert.ok(refused.problems.semantic >= 1, 'the duplicate pair');
    assert.strictEqual(refused.problems.count, refused.problems.schema + refused.problems.semantic);
    const syntax = planBulkCreate(valid.slice(0, -3), { ...CHECKS, fileName: 'p.materials.json', epdUrl });
    assert.ok(syntax.problems && syntax.problems.syntax >= 1);
  });
});
