// Inside VS Code: typing in a 10,000-material library (*.materials.json, ~38 MB). An edit inside one material re-checks
// only that material and its diagnostic appears at the right place; hover and completion answer from the material
// under the cursor. The file is edited as "LCA JSON (large file)", so that completion and hover do not wait for VS Code's
// JSON language service reading all of it again (setting lca.editing.largeFileThreshold). The extension-host cost of each check (full on open, incremental after the edit) and the wall
// time from the edit to the diagnostic are printed for the README; nothing here asserts a time.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { bulkMaterials } from '../fixtures/generate';
import { api } from './support/extension';
import { waitFor as pollFor } from './support/wait';
import { logText } from './support/log';

const COUNT = 10_000;

/** Polled every 20 ms: the wall times this suite takes follow what it waits for closely. */
const waitFor = <T>(what: string, probe: () => T | undefined | false, ms = 120_000): Promise<T> => pollFor(what, probe, ms, 20);

/** 10,000 materials with their GWP indicators (all 18 modules each), tab-indented: ~38 MB, under VS Code's 50 MB sync limit. */
function libraryText(): string {
  const keep = new Set(['GWP_TOTAL', 'GWP_FOSSIL', 'GWP_BIOGENIC', 'GWP_LULUC']);
  const items = bulkMaterials(COUNT);
  for (const m of items) for (const r of m.lciaResults) r.indicators = r.indicators.filter((i) => keep.has(i.type));
  return JSON.stringify(items, null, '\t');
}

describe('typing in a 10,000-material library', function () {
  this.timeout(300_000);
  let uri: vscode.Uri;

  before(async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the integration workspace is open');
    uri = vscode.Uri.joinPath(folder.uri, 'editing', 'big-library.materials.json');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(libraryText()));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
  });

  it('an edit inside one material re-checks only it; its diagnostic appears where it was typed; hover answers there', async () => {
    const a = await api();
    const opened = Date.now();
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    // What the status bar names: the large file's own language, not JSON.
    // A 38 MB document reaches the extension host in seconds on a loaded machine (23 s in CI): the waits are generous,
    // since what is checked here is what happens, not how fast (the benchmarks measure that).
    await waitFor('the large-file language', () => doc.languageId === 'lca-json', 120_000);
    const key = uri.toString();
    const full = await waitFor('the check on open', () => a.testing.checks().find((c) => c.uri === key && c.version === doc.version), 120_000);
    const openMs = Date.now() - opened;
    assert.strictEqual(full.mode, 'full');
    assert.strictEqual(full.itemsChecked, COUNT);

    // Material 7,500's lifespan becomes 0 years: an error on that value, found by re-checking that material alone.
    const text = doc.getText();
    const at = text.indexOf('"expectedLifespan": 50', text.indexOf('"Sample material 7500"')) + '"expectedLifespan": '.length;
    const target = new vscode.Range(doc.positionAt(at), doc.positionAt(at + 2));
    const edited = Date.now();
    assert.ok(await editor.edit((e) => e.replace(target, '0')));
    const diagnostic = await waitFor('the lifespan diagnostic', () =>
      vscode.languages.getDiagnostics(uri).find((d) => d.source === 'LCA' && d.code === 'lifespan-not-positive'),
    );
    const editMs = Date.now() - edited;
    assert.deepStrictEqual([diagnostic.range.start.line, diagnostic.range.start.character, diagnostic.range.end.character], [target.start.line, target.start.character, target.start.character + 1]);
    const incremental = a.testing.checks().find((c) => c.uri === key && c.version === doc.version);
    assert.ok(incremental, 'the edit was checked');
    assert.deepStrictEqual([incremental.mode, incremental.itemsChecked], ['incremental', 1]);

    // Hover on an indicator unit of the last material: answered from that material's text. (The wall time includes
    // VS Code's JSON language service, whose hover on the same 38 MB document the command also waits for.)
    const last = doc.getText().lastIndexOf('"kg CO2 eq"') + 3;
    const hovered = Date.now();
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, doc.positionAt(last));
    const hoverMs = Date.now() - hovered;
    const hoverText = (hovers ?? []).flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
    assert.match(hoverText, /kg CO2 eq/);

    const activation = /activated in (\d+) ms/.exec(logText())?.[1];
    console.log(
      `      activate() ${activation ?? '?'} ms; 10,000 materials (${(text.length / 1e6).toFixed(1)} MB): open → LCA diagnostics ${openMs} ms (full check ${full.ms.toFixed(0)} ms of the extension host); ` +
        `edit → diagnostic ${editMs} ms wall (200 ms debounce included; incremental check ${incremental.ms.toFixed(1)} ms = ` +
        `${(incremental.ms / full.ms).toFixed(3)}× the full check); hover ${hoverMs} ms wall`,
    );
  });

  it('completion at declaredUnit and hover answer in the 10,000-material file; so do they and a command after it changed on disk', async () => {
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    // The edit of the test before is saved, so that the file is as on disk and a change there is read in. (Reverting it
    // instead leaves the extension host's copy of a file this large with the edit: VS Code sends no change for it.)
    // A save of 38 MB can be refused while the previous write of the host is still busy (seen in CI): asked again.
    await waitFor('the edited library saved', async () => !doc.isDirty || (await doc.save()), 60_000);
    const unitAt = (text: string, name: string): number => {
      const at = /"declaredUnit": \d/.exec(text.slice(text.indexOf(`"${name}"`)))!;
      return text.indexOf(`"${name}"`) + at.index + '"declaredUnit": '.length;
    };
    const labels = (list: vscode.CompletionList | undefined): string[] => (list?.items ?? []).map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    const hoverText = (hovers: vscode.Hover[] | undefined): string => (hovers ?? []).flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
    const a = await api();
    /** Our provider's own answer to the command started at `t`: its extension-host ms and how long after `t` it ran. */
    const ours = (kind: 'completion' | 'hover', t: number): string => {
      const answer = a.testing.languageAnswers().find((x) => x.kind === kind && x.startedAt >= t);
      assert.ok(answer, `the LCA ${kind} provider answered`);
      return `${ms(answer.ms)} ms in the LCA provider, started ${answer.startedAt - t} ms after the command`;
    };
    const ms = (x: number): string => (x < 10 ? x.toFixed(1) : x.toFixed(0));
    const complete = async (at: number): Promise<{ ms: number; labels: string[]; ours: string }> => {
      const t = Date.now();
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, doc.positionAt(at));
      return { ms: Date.now() - t, labels: labels(list), ours: ours('completion', t) };
    };
    const hover = async (at: number): Promise<{ ms: number; text: string; ours: string }> => {
      const t = Date.now();
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, doc.positionAt(at));
      return { ms: Date.now() - t, text: hoverText(hovers), ours: ours('hover', t) };
    };

    const at = unitAt(doc.getText(), 'Sample material 5000');
    const completed = await complete(at);
    assert.ok(completed.labels.some((l) => /M3|M2|KG/.test(l)), `unit codes offered: ${completed.labels.slice(0, 10).join(', ')}`);
    const hovered = await hover(at);
    assert.match(hovered.text, /`declaredUnit` \d/);

    // Another program rewrites the library: one material renamed, near the end.
    const onDisk = doc.getText().replace('"Sample material 9990"', '"Renamed material 9990"');
    const versionBefore = doc.version;
    const written = Date.now();
    fs.writeFileSync(uri.fsPath, onDisk);
    await waitFor('the document read again from disk', () => doc.getText(new vscode.Range(doc.positionAt(onDisk.indexOf('"Renamed material 9990"')), doc.positionAt(onDisk.indexOf('"Renamed material 9990"') + 23))) === '"Renamed material 9990"');
    const reloadMs = Date.now() - written;
    assert.strictEqual(doc.languageId, 'lca-json', 'still LCA JSON (large file) after the change on disk');
    const after = await complete(unitAt(onDisk, 'Renamed material 9990'));
    assert.ok(after.labels.some((l) => /M3|M2|KG/.test(l)), `unit codes offered after the change: ${after.labels.slice(0, 10).join(', ')}`);
    const hoverAfter = await hover(unitAt(onDisk, 'Renamed material 9990'));
    assert.match(hoverAfter.text, /`declaredUnit` \d/);
    const command = Date.now();
    await vscode.commands.executeCommand('lca.refreshLibrary');
    const commandMs = Date.now() - command;
    const recheck = a.testing.checks().filter((c) => c.uri === uri.toString() && c.version > versionBefore);
    const rechecked = recheck.map((c) => `${c.mode} ${c.itemsChecked} item(s) ${ms(c.ms)} ms`).join(', ') || 'not yet';
    console.log(
      `      completion at declaredUnit ${completed.ms} ms wall (${completed.ours}), hover ${hovered.ms} ms (${hovered.ours}); changed on disk → read in ${reloadMs} ms, ` +
        `then completion ${after.ms} ms (${after.ours}), hover ${hoverAfter.ms} ms (${hoverAfter.ours}), LCA: Refresh Library ${commandMs} ms; the changed file's check: ${rechecked} ` +
        `(wall times of the commands)`,
    );

    // Threshold 0 switches the large-file language off: the file is JSON again; the default gives it back.
    const lca = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('lca');
    await lca().update('editing.largeFileThreshold', 0, vscode.ConfigurationTarget.Workspace);
    try {
      await waitFor('JSON again', () => doc.languageId === 'json');
    } finally {
      await lca().update('editing.largeFileThreshold', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await waitFor('the large-file language again', () => doc.languageId === 'lca-json');

    // JSON chosen by the user (Change Language Mode) stays, also when the setting changes meanwhile, and is checked.
    const checksBefore = a.testing.checks().filter((c) => c.uri === uri.toString()).length;
    await vscode.languages.setTextDocumentLanguage(doc, 'json');
    await waitFor('the LCA check of the file as JSON', () => a.testing.checks().filter((c) => c.uri === uri.toString()).length > checksBefore);
    await lca().update('editing.largeFileThreshold', 3, vscode.ConfigurationTarget.Workspace);
    try {
      const moved = await waitFor('a language change', () => doc.languageId !== 'json', 2000).then(() => true, () => false);
      assert.strictEqual(moved, false, `the user's JSON was kept (now ${doc.languageId})`);
    } finally {
      await lca().update('editing.largeFileThreshold', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
