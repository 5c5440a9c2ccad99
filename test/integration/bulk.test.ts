// Inside VS Code: "LCA: Bulk Create Materials" against the launcher's local service. An invalid file (the editor's
// current text) is refused and nothing is sent; a declined confirmation sends nothing; a failure injected in the
// middle ends with a report and a sidecar of exactly what was created; running again sends only the rest; the
// service then holds each material exactly once (counted), and the materials file is unchanged.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { createdKeys, materialKey, readSidecar, sidecarPathFor } from '../../src/core/bulk';
import { MATERIAL_SPECS, materialItem } from '../../src/service/seed/materials';
import { testServiceUrls } from './support/service';
import type { BulkCreateOutcome } from '../../src/extension/bulk';
import { api } from './support/extension';

const urls = testServiceUrls();
const COMMAND = 'lca.bulkCreateMaterials';
const N = 800;


function origin(): string {
  return new URL(urls!.baseUrl).origin;
}

async function control(pathName: string, body: unknown): Promise<void> {
  const res = await fetch(`${origin()}/__sandbox/${pathName}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.ok(res.ok, `fault injection ${pathName} answered ${res.status}`);
}

/** Materials of the demo tenant on the service. */
async function demoMaterials(): Promise<number> {
  const res = await fetch(`${origin()}/__sandbox/stats`);
  const stats = (await res.json()) as { tenants: Record<string, { materials: number }> };
  return stats.tenants['Demo Arkitekter'].materials;
}

function materials(n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const spec = MATERIAL_SPECS[i % MATERIAL_SPECS.length];
    return { ...materialItem(spec), name: `${spec.name} (integration #${i})`, originalUUID: randomUUID(), originalVersion: '1.0.0', isPublic: false, isCustom: true };
  });
}

function sidecarOf(file: string): ReturnType<typeof readSidecar> | undefined {
  const sidecar = sidecarPathFor(file);
  return fs.existsSync(sidecar) ? readSidecar(fs.readFileSync(sidecar, 'utf8')) : undefined;
}

describe('bulk create materials (LCA: Bulk Create Materials)', function () {
  this.timeout(120_000);
  let file: string;
  let uri: vscode.Uri;
  let items: Record<string, unknown>[];
  let text: string;

  before(async function () {
    if (!urls) this.skip();
    const a = await api();
    assert.ok(a);
    const account = await vscode.commands.executeCommand<{ login: string }>('lca.signIn', { kind: 'user', login: 'demo@example.com', secret: 'demo-password' });
    assert.strictEqual(account?.login, 'demo@example.com');
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'a workspace folder is open');
    file = path.join(folder.uri.fsPath, `bulk-${Date.now()}.materials.json`);
    uri = vscode.Uri.file(file);
    items = materials(N);
    // Formatted the user's way (tabs, a trailing newline): the job must leave this file exactly as it is.
    text = `${JSON.stringify(items, null, '\t')}\n`;
    fs.writeFileSync(file, text);
  });

  after(async () => {
    if (urls) await control('latency', { ms: 0 });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('refuses an invalid file (the editor’s unsaved text) and sends nothing', async () => {
    const before = await demoMaterials();
    // A small file of its own: valid on disk, broken in the editor.
    const small = path.join(path.dirname(file), `bulk-invalid-${Date.now()}.materials.json`);
    const smallText = `${JSON.stringify(materials(20), null, 2)}\n`;
    fs.writeFileSync(small, smallText);
    const smallUri = vscode.Uri.file(small);
    const doc = await vscode.workspace.openTextDocument(smallUri);
    const editor = await vscode.window.showTextDocument(doc);
    // Break the current text in the editor only: item 3 loses its name, item 7 gets a declared value of 0.
    const broken = JSON.parse(doc.getText()) as Record<string, unknown>[];
    delete broken[3].name;
    (broken[7].declaredUnit as Record<string, unknown>).declaredValue = 0;
    await editor.edit((e) => e.replace(new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), JSON.stringify(broken, null, '\t')));
    const outcome = await vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, { uri: smallUri, confirm: true });
    assert.strictEqual(outcome?.outcome, 'invalid');
    assert.ok((outcome.problems?.count ?? 0) >= 2, `errors counted: ${outcome.problems?.count}`);
    assert.strictEqual(await demoMaterials(), before, 'nothing sent');
    assert.strictEqual(sidecarOf(small), undefined, 'no sidecar');
    assert.strictEqual(fs.readFileSync(small, 'utf8'), smallText, 'the file on disk is untouched');
    // Once the editor's text is valid again, the same file is accepted (declined here: nothing sent).
    await editor.edit((e) => e.replace(new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), smallText));
    const valid = await vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, { uri: smallUri, confirm: false });
    assert.strictEqual(valid?.outcome, 'declined');
    assert.strictEqual(valid.toSend, 20);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    fs.rmSync(small, { force: true });
  });

  it('a declined confirmation sends nothing', async () => {
    const a = await api();
    const before = await demoMaterials();
    a.testing.queueConfirmationAnswers(false);
    const outcome = await vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, uri);
    assert.strictEqual(outcome?.outcome, 'declined');
    assert.strictEqual(outcome.toSend, N);
    assert.strictEqual(await demoMaterials(), before, 'nothing sent');
    assert.strictEqual(sidecarOf(file), undefined, 'no sidecar');
  });

  let firstCreated = 0;
  let baseline = 0;

  it('a failure in the middle stops the job with a report; the sidecar holds exactly what was created', async () => {
    const a = await api();
    baseline = await demoMaterials();
    // Slow requests down so the failure can be injected once the first chunk is recorded.
    await control('latency', { ms: 250 });
    a.testing.queueConfirmationAnswers(true);
    const running = vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, uri);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const s = sidecarOf(file);
      if (s?.ok && s.sidecar.items.length >= 200) break;
      assert.ok(Date.now() < deadline, 'the first chunk was recorded');
      await new Promise((r) => setTimeout(r, 20));
    }
    // The next request fails, and so does the job's one recovery resend (rules are used up after `count`).
    await control('fail', { path: '/material/bulk/create', status: 500, count: 2 });
    const outcome = await running;
    await control('latency', { ms: 0 });
    assert.strictEqual(outcome?.outcome, 'ran');
    const result = outcome.result!;
    assert.ok(result.failed, 'stopped by the failure');
    assert.strictEqual(result.failed.status, 500);
    assert.ok(result.created.length >= 200 && result.created.length < N && result.created.length % 200 === 0, `created ${result.created.length}`);
    assert.strictEqual(result.notSent.length, N - result.created.length);
    assert.strictEqual(result.failed.chunkStart, result.created.length);
    firstCreated = result.created.length;
    // The report says exactly this, and it matches the service and the sidecar.
    assert.strictEqual((await demoMaterials()) - baseline, firstCreated, 'the service holds what the report calls created');
    const s = sidecarOf(file);
    assert.ok(s?.ok);
    assert.strictEqual(s.sidecar.items.length, firstCreated);
    assert.strictEqual(s.sidecar.epdUrl, urls!.epdUrl);
    assert.match(outcome.report ?? '', new RegExp(`Not created \\(${N - firstCreated}\\)`));
    assert.match(outcome.report ?? '', new RegExp(`Created \\(${firstCreated}\\)`));
    assert.ok(vscode.workspace.textDocuments.some((d) => d.uri.toString() === outcome.reportUri), 'the report is open');
    assert.strictEqual(fs.readFileSync(file, 'utf8'), text, 'the materials file is untouched');
  });

  it('running again sends only the rest; the service holds each material exactly once', async () => {
    const a = await api();
    a.testing.queueConfirmationAnswers(true);
    const outcome = await vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, uri);
    assert.strictEqual(outcome?.outcome, 'ran');
    assert.strictEqual(outcome.alreadyCreated, firstCreated);
    assert.strictEqual(outcome.toSend, N - firstCreated);
    const result = outcome.result!;
    assert.strictEqual(result.failed, undefined, result.failed?.message);
    assert.strictEqual(result.skipped.length, firstCreated, 'the recorded ones were not sent');
    assert.strictEqual(result.created.length + result.alreadyThere.length, N - firstCreated);
    assert.strictEqual((await demoMaterials()) - baseline, N, 'each material exactly once');
    const s = sidecarOf(file);
    assert.ok(s?.ok);
    const known = createdKeys(s.sidecar, urls!.epdUrl);
    const ids = items.map((m) => known.get(materialKey(String(m.originalUUID), String(m.originalVersion)))?.id);
    assert.ok(ids.every(Boolean), 'every material has its id in the sidecar');
    assert.strictEqual(new Set(ids).size, N, 'all ids distinct');
    assert.strictEqual(fs.readFileSync(file, 'utf8'), text, 'the materials file is untouched');
    // And a third run has nothing to send.
    const third = await vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, { uri, confirm: true });
    assert.strictEqual(third?.outcome, 'nothing-to-send');
    assert.strictEqual((await demoMaterials()) - baseline, N);
  });

  it('a 60 MB materials file that is not open is read from disk and checked (VS Code hands no file over 50 MB to extensions)', async () => {
    const big = path.join(path.dirname(file), `bulk-60mb-${Date.now()}.materials.json`);
    const many = materials(12_500);
    const bigText = `${JSON.stringify(many, null, 2)}\n`;
    assert.ok(bigText.length > 60e6, `the file is ${(bigText.length / 1e6).toFixed(1)} MB`);
    fs.writeFileSync(big, bigText);
    const bigUri = vscode.Uri.file(big);
    try {
      const before = await demoMaterials();
      const declined = await vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, { uri: bigUri, confirm: false });
      assert.strictEqual(declined?.outcome, 'declined', declined?.error);
      assert.strictEqual(declined.toSend, 12_500);
      // One broken material deep in the file: refused with the count, nothing sent.
      (many[11_000].declaredUnit as Record<string, unknown>).declaredValue = 'ten';
      fs.writeFileSync(big, `${JSON.stringify(many, null, 2)}\n`);
      const refused = await vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, { uri: bigUri, confirm: true });
      assert.strictEqual(refused?.outcome, 'invalid', refused?.error);
      assert.ok((refused.problems?.count ?? 0) >= 1, `errors counted: ${refused.problems?.count}`);
      assert.match(refused.problems?.samples[0] ?? '', /11000/);
      assert.strictEqual(await demoMaterials(), before, 'nothing sent');
    } finally {
      fs.rmSync(big, { force: true });
    }
  });
});

