// A materials file on disk checked and sent item by item, never held whole (the 100,000-material path): the items
// found are exactly the array's items whatever the layout; what cannot be read is refused at its place; the check
// refuses what planBulkCreate refuses, with the same count, words and line:column; a file that changed after the check
// is not sent; and a job from disk creates every material once, recording each id in the sidecar.
import * as assert from 'assert';
import fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import {
  FileChangedError,
  SidecarRecorder,
  mergeSidecar,
  planBulkCreate,
  planBulkFile,
  readFileMaterials,
  runBulkCreate,
  scanItems,
  sidecarPathFor,
  type FileBulkItem,
  type ScannedItem,
} from '../../../src/core/bulk';
import { isLcaServiceError, type LcaClient } from '../../../src/client';
import { format, type Msg } from '../../../src/core/l10n';
import { TestSession, startService, type RunningService } from '../client/support/localService';
import { CountingClient, makeMaterials, materialCount, readSidecarFile, tempMaterialsPath } from './support/bulk';
import { CHECKS } from '../../fixtures/checks';

async function scan(text: string, chunkBytes?: number): Promise<{ items: ScannedItem[]; problem?: { offset: number; message: Msg } }> {
  const file = tempMaterialsPath('scan');
  fs.writeFileSync(file, text);
  const items: ScannedItem[] = [];
  const r = await scanItems(file, (it) => items.push(it), chunkBytes ? { chunkBytes } : {});
  return { items, ...(r.problem ? { problem: r.problem } : {}) };
}

/** `value` as JSON with the given indent and line end (an array's items laid out as formatters write them). */
function layout(value: unknown[], indent: string | number, eol: string, bom: boolean, tail: string): string {
  const text = JSON.stringify(value, null, indent).replace(/\n/g, eol);
  return `${bom ? '\ufeff' : ''}${text}${tail}`;
}

describe('materials file on disk, item by item', function () {
  this.timeout(60_000);

  it('finds exactly the items of the array, whatever the layout, the chunk size or what the strings hold', async () => {
    const item = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      // Objects holding lists of objects, and strings that look like the separators the fast path looks for.
      fc.record({ name: fc.constantFrom('a,\n  {b', '},\\n  {', '"],[', 'x'), list: fc.array(fc.record({ v: fc.integer(), s: fc.string() }), { maxLength: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { maxLength: 12 }),
        fc.constantFrom<string | number>(0, 1, 2, 4, '\t'),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.constantFrom('', '\n', '  \r\n'),
        fc.constantFrom(7, 64, 4096),
        async (values, indent, eol, bom, tail, chunk) => {
          const text = layout(values, indent, eol, bom, tail);
          const { items, problem } = await scan(text, chunk);
          assert.strictEqual(problem, undefined, `refused: ${JSON.stringify(problem)} in ${JSON.stringify(text)}`);
          assert.deepStrictEqual(
            items.map((it) => it.value),
            JSON.parse(text.replace(/^\ufeff/, '')) as unknown[],
          );
          const bytes = Buffer.from(text);
          for (const it of items) assert.strictEqual(bytes.toString('utf8', it.span.start, it.span.end), it.text);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('stops at what is not an array of JSON values, naming the place', async () => {
    const said = async (text: string): Promise<string> => {
      const problem = (await scan(text)).problem;
      return problem ? format(problem.message) : '';
    };
    assert.strictEqual(await said('[\n  {"a": 1},\n  {"b": 2},\n]\n'), 'Trailing comma');
    assert.strictEqual((await scan('[{"a": 1}] x')).problem?.offset, 11);
    assert.strictEqual(await said('[{"a": 1}] x'), 'End of file expected.');
    assert.match(await said('{"a": 1}'), /holds a JSON array of materials/);
    assert.match(await said('[\n  {"a": 1},\n  {"b": '), /not closed/);
    assert.deepStrictEqual(await scan(' [ ] '), { items: [] });
    // An item that is not JSON is handed over with why; the scan goes on.
    const broken = await scan('[\n  {"a": 1},\n  {"b": tru},\n  {"c": 3}\n]');
    assert.deepStrictEqual(broken.items.map((i) => i.value ?? `error: ${i.text}`), [{ a: 1 }, 'error: {"b": tru}', { c: 3 }]);
  });

  it('finds in a valid file the items, keys and sidecar split of planBulkCreate', async () => {
    const materials = makeMaterials(7, 'file');
    const text = JSON.stringify(materials, null, 2);
    const file = tempMaterialsPath('valid');
    fs.writeFileSync(file, text);
    const epdUrl = 'http://127.0.0.1:1/epd';
    const sidecar = mergeSidecar(undefined, { source: 'valid.materials.json', epdUrl }, [
      { originalUUID: String(materials[3].originalUUID), originalVersion: String(materials[3].originalVersion), id: 'known', name: '', createdAt: '' },
    ]);
    const fromText = planBulkCreate(text, { ...CHECKS, fileName: 'valid.materials.json', epdUrl, sidecar });
    const fromFile = await planBulkFile(file, { ...CHECKS, fileName: 'valid.materials.json', epdUrl, sidecar });
    assert.strictEqual(fromFile.problems, undefined);
    assert.deepStrictEqual(
      fromFile.items.map((i) => [i.index, i.key, i.material.name]),
      fromText.items.map((i) => [i.index, i.key, i.material.name]),
    );
    assert.deepStrictEqual(fromFile.toSend.map((i) => i.index), [0, 1, 2, 4, 5, 6]);
    assert.deepStrictEqual(fromFile.created.map((i) => i.index), [3]);
    assert.deepStrictEqual(await readFileMaterials(fromFile.file, fromFile.toSend), fromText.toSend.map((i) => i.material));
  });

  it('refuses a file with errors with the count, words and line:column of planBulkCreate — read whole or item by item', async () => {
    const materials = makeMaterials(6, 'bad') as unknown as Record<string, unknown>[];
    delete materials[1].name;
    (materials[2].declaredUnit as Record<string, unknown>).declaredValue = 0;
    materials[4].originalUUID = String(materials[3].originalUUID).toUpperCase();
    materials[5].isCustom = 'yes';
    for (const text of [JSON.stringify(materials, null, 2), JSON.stringify(materials, null, 4).replace(/\n/g, '\r\n'), JSON.stringify(materials)]) {
      const file = tempMaterialsPath('bad');
      fs.writeFileSync(file, text);
      const options = { ...CHECKS, fileName: 'bad.materials.json', epdUrl: 'http://127.0.0.1:1/epd' };
      const expected = planBulkCreate(text, options).problems;
      assert.ok(expected && expected.count >= 4, JSON.stringify(expected));
      for (const wholeTextLimit of [Infinity, 0]) {
        const plan = await planBulkFile(file, { ...CHECKS, ...options, wholeTextLimit });
        assert.deepStrictEqual(plan.problems, expected, `read ${wholeTextLimit ? 'whole' : 'item by item'}`);
        assert.deepStrictEqual([plan.items, plan.toSend], [[], []], 'nothing to send');
      }
    }
  });

  it('refuses a syntax error item by item at its line, with nothing to send', async () => {
    const text = JSON.stringify(makeMaterials(3, 'syntax'), null, 2);
    const at = text.indexOf('"isCustom": true', text.indexOf('"isCustom": true') + 1);
    const broken = `${text.slice(0, at)}"isCustom": tru${text.slice(at + '"isCustom": true'.length)}`;
    const file = tempMaterialsPath('syntax');
    fs.writeFileSync(file, broken);
    const plan = await planBulkFile(file, { ...CHECKS, fileName: 'syntax.materials.json', epdUrl: 'http://127.0.0.1:1/epd', wholeTextLimit: 0 });
    assert.ok(plan.problems && plan.problems.syntax >= 1, JSON.stringify(plan.problems));
    const line = broken.slice(0, at).split('\n').length;
    assert.match(format(plan.problems.samples[0]), new RegExp(`^${line}:\\d+ `));
    assert.deepStrictEqual(plan.toSend, []);
  });

  it('does not read items from a file that changed after the check', async () => {
    const file = tempMaterialsPath('changed');
    fs.writeFileSync(file, JSON.stringify(makeMaterials(2, 'changed'), null, 2));
    const plan = await planBulkFile(file, { ...CHECKS, fileName: 'changed.materials.json', epdUrl: 'http://127.0.0.1:1/epd' });
    fs.appendFileSync(file, '\n');
    await assert.rejects(readFileMaterials(plan.file, plan.toSend), FileChangedError);
  });

  describe('sent from disk (local service over HTTP)', () => {
    let svc: RunningService;
    let client: LcaClient;

    before(async () => {
      svc = await startService();
      const session = new TestSession(svc.urls.authUrl);
      await session.signIn();
      client = session.client(svc.urls);
    });
    after(() => svc?.stop());

    it('creates every material once, each request read from the file, every id in the sidecar', async () => {
      const file = tempMaterialsPath('disk');
      fs.writeFileSync(file, JSON.stringify(makeMaterials(450, 'disk'), null, 2));
      const epdUrl = svc.urls.epdUrl;
      const plan = await planBulkFile(file, { ...CHECKS, fileName: path.basename(file), epdUrl });
      const before = await materialCount(svc);
      const reads: number[] = [];
      const counting = new CountingClient(client);
      const recorder = new SidecarRecorder(sidecarPathFor(file), { source: path.basename(file), epdUrl }, undefined);
      const result = await runBulkCreate({
        client: counting,
        isServiceFailure: isLcaServiceError,
        items: plan.items,
        materials: (items) => {
          reads.push(items.length);
          return readFileMaterials(plan.file, items as readonly FileBulkItem[]);
        },
        itemsChecked: true,
        chunkSize: 200,
        onRecord: (records) => recorder.add(records),
      });
      await recorder.flush();
      assert.strictEqual(result.failed, undefined);
      assert.strictEqual(result.created.length, 450);
      assert.deepStrictEqual(reads, [200, 200, 50], 'each request read from the file when it is sent');
      assert.strictEqual((await materialCount(svc)) - before, 450);
      const sidecar = await readSidecarFile(file);
      assert.strictEqual(new Set(sidecar!.items.map((i) => i.id)).size, 450);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    });

    it('cancelled while the materials of a request are read: that request is not sent, and is reported as not sent, not as in flight', async () => {
      const file = tempMaterialsPath('cancel');
      fs.writeFileSync(file, JSON.stringify(makeMaterials(300, 'cancel'), null, 2));
      const plan = await planBulkFile(file, { ...CHECKS, fileName: path.basename(file), epdUrl: svc.urls.epdUrl });
      const before = await materialCount(svc);
      const abort = new AbortController();
      const result = await runBulkCreate({
        client,
        isServiceFailure: isLcaServiceError,
        items: plan.items,
        materials: async (items) => {
          abort.abort();
          return readFileMaterials(plan.file, items as readonly FileBulkItem[]);
        },
        itemsChecked: true,
        chunkSize: 200,
        signal: abort.signal,
        cancelGraceMs: 10_000,
      });
      assert.strictEqual(result.cancelled, true);
      assert.deepStrictEqual([result.created.length, result.unconfirmed.length, result.notSent.length], [0, 0, 300]);
      assert.strictEqual((await materialCount(svc)) - before, 0, 'nothing reached the service');
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    });

    it('stops before sending what it cannot read, and reports the rest as not sent', async () => {
      const file = tempMaterialsPath('gone');
      fs.writeFileSync(file, JSON.stringify(makeMaterials(300, 'gone'), null, 2));
      const plan = await planBulkFile(file, { ...CHECKS, fileName: path.basename(file), epdUrl: svc.urls.epdUrl });
      let calls = 0;
      const result = await runBulkCreate({
        client,
        isServiceFailure: isLcaServiceError,
        items: plan.items,
        materials: async (items) => {
          if (++calls === 2) fs.appendFileSync(file, ' ');
          return readFileMaterials(plan.file, items as readonly FileBulkItem[]);
        },
        itemsChecked: true,
        chunkSize: 200,
      });
      assert.strictEqual(result.created.length, 200);
      assert.strictEqual(result.notSent.length, 100);
      assert.strictEqual(result.failed?.outcomeUnknown, false);
      assert.match(result.failed ? format(result.failed.message) : '', /changed on disk after it was checked/);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    });
  });
});
