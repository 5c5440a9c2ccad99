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
import { control, testServiceUrls } from './support/service';
import type { BulkCreateOutcome } from '../../src/extension/bulk';
import { api, signInAs } from './support/extension';
import { stubUi } from './support/ui';
import { format } from '../../src/core/l10n';

const urls = testServiceUrls();
const COMMAND = 'lca.bulkCreateMaterials';
const N = 800;


function origin(): string {
  return new URL(urls!.baseUrl).origin;
}

/** Materials of the demo tenant on the service. */
async function demoMaterials(): Promise<number> {
  const res = await fetch(`${origin()}/__sandbox/stats`);
  const stats = (await res.json()) as { tenants: Record<string, { materials: number }> };
  return stats.tenants['Demo Arkitekter'].materials;
}

/** A diagnostic as the refusal names it: "line:column message". */
const where = (d: vscode.Diagnostic): string => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`;

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
  const ui = stubUi();
  this.timeout(120_000);
  let file: string;
  let uri: vscode.Uri;
  let items: Record<string, unknown>[];
  let text: string;

  before(async function () {
    if (!urls) this.skip();
    await signInAs('demo@example.com');
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

  /** The errors Problems holds for `uri`, in text order. */
  const errorsInProblems = (uri: vscode.Uri): vscode.Diagnostic[] =>
    vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error).sort((x, y) => x.range.start.compareTo(y.range.start));
  /** The errors Problems holds for `uri` once `want` holds and nothing changes for a moment. */
  const settledErrors = async (uri: vscode.Uri, what: string, want: (d: vscode.Diagnostic[]) => boolean): Promise<vscode.Diagnostic[]> => {
    const until = Date.now() + 20_000;
    for (;;) {
      const now = errorsInProblems(uri);
      if (want(now)) {
        // VS Code's JSON language server publishes on its own schedule: wait until nothing changes for a moment.
        await new Promise((r) => setTimeout(r, 1500));
        const again = errorsInProblems(uri);
        if (again.length === now.length) return again;
      } else if (Date.now() > until) {
        throw new Error(`timed out waiting for ${what}: ${vscode.languages.getDiagnostics(uri).map((d) => `${d.severity} ${d.source} ${d.message}`).join(' | ')}`);
      } else await new Promise((r) => setTimeout(r, 200));
    }
  };
  /** Bulk Create on `uri`, which refuses it: the outcome and the error message shown. */
  const refusalOf = async (uri: vscode.Uri): Promise<{ outcome: BulkCreateOutcome; message: string }> => {
    const seq = ui.count();
    const outcome = await vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, { uri, confirm: true });
    const shown = ui.messages(seq).find((m) => m.kind === 'error');
    assert.ok(shown, 'a refusal was shown');
    return { outcome, message: shown.message };
  };

  it('what the service would refuse is red in the editor, and Problems and the refusal give the same count, words and line:column', async () => {
    await api();
    const small = path.join(path.dirname(file), `bulk-schema-${Date.now()}.materials.json`);
    const list = materials(3);
    delete list[0].name;
    (list[1].declaredUnit as Record<string, unknown>).declaredValue = '50';
    fs.writeFileSync(small, `${JSON.stringify(list, null, 2)}\n`);
    const smallUri = vscode.Uri.file(small);
    const doc = await vscode.workspace.openTextDocument(smallUri);
    const editor = await vscode.window.showTextDocument(doc);
    const settled = (what: string, want: (d: vscode.Diagnostic[]) => boolean): Promise<vscode.Diagnostic[]> => settledErrors(smallUri, what, want);
    const refusal = (): Promise<{ outcome: BulkCreateOutcome; message: string }> => refusalOf(smallUri);

    // Schema problems: a missing required property and "50" where a number goes — both errors (red), two in all.
    const red = await settled('two schema errors', (d) => d.length >= 2);
    assert.strictEqual(red.length, 2, red.map(where).join(' | '));
    assert.ok(red.every((d) => d.source === 'LCA' && d.code === 'schema'));
    assert.match(red[0].message, /missing the required property `name`/);
    assert.match(red[1].message, /`declaredValue` must be a number/);
    const first = await refusal();
    assert.strictEqual(first.outcome.outcome, 'invalid');
    assert.strictEqual(first.outcome.problems?.count, red.length, 'the same count');
    assert.match(first.message, new RegExp(`has ${red.length} errors`));
    assert.ok(first.message.includes(`First: ${where(red[0])}`), `${first.message} names ${where(red[0])}`);
    assert.deepStrictEqual(first.outcome.problems?.samples.map(format), red.map(where), 'the same words at the same line:column');

    // A syntax error (a comma taken out) besides them: VS Code's JSON errors and ours, counted alike.
    const text = doc.getText();
    const comma = text.indexOf(',', text.indexOf('"originalVersion"'));
    await editor.edit((e) => e.delete(new vscode.Range(doc.positionAt(comma), doc.positionAt(comma + 1))));
    const withSyntax = await settled('a syntax error', (d) => d.some((x) => x.source !== 'LCA'));
    const second = await refusal();
    assert.strictEqual(second.outcome.problems?.count, withSyntax.length, `Problems: ${withSyntax.map(where).join(' | ')}; refusal: ${second.message}`);
    assert.match(second.message, new RegExp(`has ${withSyntax.length} errors`));
    assert.deepStrictEqual(second.outcome.problems?.samples.map(format), withSyntax.slice(0, 5).map(where));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('broken JSON of several kinds (a missing comma and an unclosed brace, a trailing comma, a cut text): the refusal says as many errors as Problems holds', async () => {
    await api();
    const valid = `${JSON.stringify(materials(3), null, 2)}\n`;
    const cut = (text: string, from: string | RegExp, to: string): string => {
      const broken = text.replace(from, to);
      assert.notStrictEqual(broken, text, String(from));
      return broken;
    };
    const kinds: Record<string, string> = {
      'a missing comma and an unclosed brace': cut(cut(valid, /("originalVersion": "1\.0\.0"),/, '$1'), /\}\n\]\n$/, '\n]\n'),
      'a trailing comma': cut(valid, /("originalVersion": "1\.0\.0",)/, '$1,'),
      'a text cut in half': valid.slice(0, Math.floor(valid.length / 2)),
      'an item without its closing brace': cut(valid, /\},\n {2}\{/, ',\n  {'),
    };
    for (const [kind, text] of Object.entries(kinds)) {
      const broken = path.join(path.dirname(file), `bulk-broken-${Date.now()}.materials.json`);
      fs.writeFileSync(broken, text);
      const brokenUri = vscode.Uri.file(broken);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(brokenUri));
      const problems = await settledErrors(brokenUri, `the syntax errors of ${kind}`, (d) => d.some((x) => x.source !== 'LCA'));
      const { outcome, message } = await refusalOf(brokenUri);
      assert.strictEqual(outcome.outcome, 'invalid', kind);
      assert.strictEqual(outcome.problems?.count, problems.length, `${kind}: Problems: ${problems.map(where).join(' | ')}; refusal: ${message}`);
      assert.match(message, problems.length === 1 ? / has 1 error / : new RegExp(` has ${problems.length} errors `), kind);
      // The same problems at the same places; Problems orders those of one line:column as it likes, so they are compared as sets.
      const places = (list: string[] | undefined) => [...(list ?? [])].sort();
      assert.deepStrictEqual(places(outcome.problems?.samples.map(format)), places(problems.slice(0, 5).map(where)), kind);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      fs.rmSync(broken, { force: true });
    }
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
    await api();
    const before = await demoMaterials();
    ui.answerConfirmations(false);
    const outcome = await vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, uri);
    assert.strictEqual(outcome?.outcome, 'declined');
    assert.strictEqual(outcome.toSend, N);
    assert.strictEqual(await demoMaterials(), before, 'nothing sent');
    assert.strictEqual(sidecarOf(file), undefined, 'no sidecar');
  });

  let firstCreated = 0;
  let baseline = 0;

  it('a failure in the middle stops the job with a report; the sidecar holds exactly what was created', async () => {
    await api();
    baseline = await demoMaterials();
    // Slow requests down so the failure can be injected once the first chunk is recorded.
    await control('latency', { ms: 250 });
    ui.answerConfirmations(true);
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
    await api();
    ui.answerConfirmations(true);
    const outcome = await vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, uri);
    assert.strictEqual(outcome?.outcome, 'ran');
    assert.strictEqual(outcome.alreadyCreated, firstCreated);
    assert.strictEqual(outcome.toSend, N - firstCreated);
    const result = outcome.result!;
    assert.strictEqual(result.failed, undefined, result.failed && format(result.failed.message));
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
      const brokenText = `${JSON.stringify(many, null, 2)}\n`;
      fs.writeFileSync(big, brokenText);
      const refused = await vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, { uri: bigUri, confirm: true });
      assert.strictEqual(refused?.outcome, 'invalid', refused?.error);
      assert.ok((refused.problems?.count ?? 0) >= 1, `errors counted: ${refused.problems?.count}`);
      // Named as Problems would: line:column of the value, and the same words.
      const at = brokenText.indexOf('"ten"');
      const where = `${brokenText.slice(0, at).split('\n').length}:${at - brokenText.lastIndexOf('\n', at - 1)}`;
      assert.strictEqual(refused.problems && format(refused.problems.samples[0]), `${where} \`declaredValue\` must be a number`);
      assert.strictEqual(await demoMaterials(), before, 'nothing sent');
    } finally {
      fs.rmSync(big, { force: true });
    }
  });
});


describe('bulk create: cancel mid-job tells the truth, Run Again stays reachable', function () {
  const ui = stubUi();
  this.timeout(120_000);

  before(async function () {
    if (!urls) this.skip();
    await signInAs('demo@example.com');
  });

  after(async () => {
    if (urls) await control('latency', { ms: 0 });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('cancel mid-job: the message’s counts equal what the service holds; Run Again from the report sends only the rest', async () => {
    const a = await api();
    const folder = vscode.workspace.workspaceFolders![0];
    const file = path.join(folder.uri.fsPath, `bulk-cancel-${Date.now()}.materials.json`);
    const uri = vscode.Uri.file(file);
    const items = materials(N);
    fs.writeFileSync(file, `${JSON.stringify(items, null, 2)}\n`);
    const baseline = await demoMaterials();
    // Slow requests so that the cancel lands while the second request is in flight.
    await control('latency', { ms: 1000 });
    const seq = ui.count();
    const running = vscode.commands.executeCommand<BulkCreateOutcome>(COMMAND, { uri, confirm: true });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const s = sidecarOf(file);
      if (s?.ok && s.sidecar.items.length >= 200) break;
      assert.ok(Date.now() < deadline, 'the first request was recorded');
      await new Promise((r) => setTimeout(r, 10));
    }
    // The job sends the next request right after recording the first; on a loaded machine that can take a moment, so
    // the cancel waits until the second request has surely left (it is then held by the 1 s latency).
    await new Promise((r) => setTimeout(r, 400));
    assert.ok(a.testing.bulk.cancel(uri), 'a running job was cancelled');
    const outcome = await running;
    await control('latency', { ms: 0 });
    assert.strictEqual(outcome?.outcome, 'ran');
    assert.strictEqual(outcome.result?.cancelled, true);
    // Whatever the service still does with requests that reached it is done by now.
    await new Promise((r) => setTimeout(r, 1000));
    const held = (await demoMaterials()) - baseline;

    const warning = ui.messages(seq).find((m) => m.kind === 'warning');
    assert.ok(warning, `a warning was shown: ${JSON.stringify(ui.messages(seq))}`);
    const m = /cancelled: ([\d,]+) confirmed(?:, ([\d,]+) in flight when cancelled \(will be reconciled on the next run\))?, ([\d,]+) not sent/.exec(warning.message);
    assert.ok(m, `the message says what was confirmed, in flight and not sent: ${warning.message}`);
    const [confirmed, inFlight, notSent] = [m[1], m[2] ?? '0', m[3]].map((x) => Number(x.replace(/,/g, '')));
    assert.strictEqual(confirmed + inFlight + notSent, N, 'the counts add up to the file');
    assert.ok(confirmed >= 400, `the request in flight at the cancel was answered and counted: ${warning.message}`);
    assert.strictEqual(held, confirmed, `the service holds ${held}; the message says ${warning.message}`);
    assert.match(warning.message, /Run Again/);
    const recorded = sidecarOf(file);
    assert.ok(recorded?.ok);
    assert.strictEqual(recorded.sidecar.items.length, confirmed, 'the sidecar records what was confirmed');

    // After the toast is gone, Run Again is still there: in the report's title bar and on the file's context menu.
    const pkg = vscode.extensions.getExtension('lca-workbench.lca-workbench')!.packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
    const runAgainIn = (menu: string) => pkg.contributes.menus[menu].find((x) => x.command === 'lca.bulkCreateRunAgain')?.when ?? '';
    assert.match(runAgainIn('editor/title'), /resourceScheme == '?lca-bulk-report'?/);
    assert.match(runAgainIn('explorer/context'), /resourcePath in '?lca\.bulkUnfinished'?/);
    assert.match(outcome.report ?? '', /\*\*Run Again\*\*/);
    const report = vscode.workspace.textDocuments.find((d) => d.uri.toString() === outcome.reportUri);
    assert.ok(report, 'the report is open');
    const again = await vscode.commands.executeCommand<BulkCreateOutcome>('lca.bulkCreateRunAgain', { uri: report.uri, confirm: true });
    assert.strictEqual(again?.outcome, 'ran', again?.error);
    assert.strictEqual(again.alreadyCreated, confirmed);
    assert.strictEqual(again.result?.notSent.length, 0);
    assert.strictEqual((await demoMaterials()) - baseline, N, 'each material exactly once');
    fs.rmSync(file, { force: true });
    fs.rmSync(sidecarPathFor(file), { force: true });
  });
});
