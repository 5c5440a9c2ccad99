// Inside VS Code: replacing a value in a large bulk library (here 100 materials, 1.5 MB). Deleting the value leaves
// its material incomplete JSON, which only a check of the whole file can place; that check waits for a pause of 2.5 s in
// typing, cursor moves and completion, so that Ctrl+Space there answers at once. The value chosen or typed before then
// is checked with the deletion as one edit of that material; a value left deleted gets its error after the pause, and
// typed again then, only its material is checked.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { bulkMaterials } from '../fixtures/generate';
import { api } from './support/extension';
import { waitFor as pollFor } from './support/wait';

const COUNT = 100;

/** Polled every 20 ms: the wall times this suite takes follow what it waits for closely. */
const waitFor = <T>(what: string, probe: () => T | undefined | false, ms = 30_000): Promise<T> => pollFor(what, probe, ms, 20);

describe('replacing a value in a large bulk library', function () {
  this.timeout(120_000);
  let uri: vscode.Uri;
  const lca = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('lca');

  before(async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the integration workspace is open');
    uri = vscode.Uri.joinPath(folder.uri, 'editing', 'replace-value.materials.json');
    const text = JSON.stringify(bulkMaterials(COUNT), null, 2);
    assert.ok(text.length > 1_000_000 && text.length < 2_000_000, `${text.length} characters`);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    // Edited as "LCA JSON (large file)" from 1 MB, as a 50 MB library is by default: completion then waits for no
    // JSON language service.
    await lca().update('editing.largeFileThreshold', 1, vscode.ConfigurationTarget.Workspace);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await lca().update('editing.largeFileThreshold', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
  });

  it('a deleted value is not checked in full while completion is asked for; the value chosen is checked as one edit; one left deleted gets its error after the pause and, typed again, is checked alone', async () => {
    const a = await api();
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    await waitFor('the large-file language', () => doc.languageId === 'lca-json');
    const key = uri.toString();
    const checksOf = (version: number) => a.testing.checks().filter((c) => c.uri === key && c.version === version);
    await waitFor('the check on open', () => checksOf(doc.version).length > 0);
    // When each version's first check was seen.
    const seen = new Map<number, number>();
    const sweep = (): void => {
      for (const c of a.testing.checks()) if (c.uri === key && !seen.has(c.version)) seen.set(c.version, Date.now());
    };
    const watch = setInterval(sweep, 10);
    try {
      const valueAt = (name: string): number => {
        const text = doc.getText();
        const inner = text.indexOf('"declaredUnit": ', text.indexOf('"declaredUnit": {', text.indexOf(`"${name}"`)) + 1);
        return inner + '"declaredUnit": '.length;
      };
      const fromLca = (e: vscode.Diagnostic): boolean => e.source === 'LCA';

      // Material 50's declared unit deleted, then Ctrl+Space there: the unit codes are offered. (One completion before,
      // so that what VS Code starts for the first one in a window — other extensions' activation — is not timed.)
      let at = valueAt('Sample material 50');
      await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, doc.positionAt(at));
      const unit = doc.getText().charAt(at);
      assert.match(unit, /\d/);
      assert.ok(await editor.edit((e) => e.delete(new vscode.Range(doc.positionAt(at), doc.positionAt(at + 1)))));
      const deletedVersion = doc.version;
      const deletedAt = Date.now();
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, doc.positionAt(at));
      const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      assert.ok(labels.some((l) => /\bM2\b/.test(l)), `unit codes offered: ${labels.slice(0, 8).join(', ')}`);
      // The value typed again (the usual check runs 0.2 s after an edit; this one waits for a pause of 2.5 s): one
      // check of that material, with the deletion; the version in between is never checked.
      const listMs = Date.now() - deletedAt;
      await new Promise((r) => setTimeout(r, Math.max(0, 400 - listMs)));
      assert.ok(await editor.edit((e) => e.insert(doc.positionAt(at), unit)));
      const typedMs = Date.now() - deletedAt;
      const typed = await waitFor('the check of the value typed again', () => checksOf(doc.version)[0]);
      assert.deepStrictEqual([typed.mode, typed.itemsChecked], ['incremental', 1]);
      assert.deepStrictEqual(checksOf(deletedVersion), [], `the version with the value deleted was not checked (completion after ${listMs} ms, typed after ${typedMs} ms)`);
      assert.deepStrictEqual(vscode.languages.getDiagnostics(uri).filter(fromLca).map((d) => d.message), []);

      // A value left deleted: after the pause the whole file is checked and the error is where the value was.
      at = valueAt('Sample material 80');
      assert.ok(await editor.edit((e) => e.delete(new vscode.Range(doc.positionAt(at), doc.positionAt(at + 1)))));
      const deleted = Date.now();
      // The schema's error on the material's declaredUnit, and the syntax error where the value was: "LCA JSON (large
      // file)" has no JSON language service, so the editor publishes it (the error a refusal before sending counts).
      const line = doc.positionAt(doc.getText().lastIndexOf('"declaredUnit": {', at)).line;
      const error = await waitFor('the error on the material', () =>
        vscode.languages.getDiagnostics(uri).find((d) => fromLca(d) && d.severity === vscode.DiagnosticSeverity.Error && d.range.start.line === line),
      );
      assert.match(error.message, /missing the required property `declaredUnit`/);
      const syntax = vscode.languages.getDiagnostics(uri).filter((d) => fromLca(d) && d.code === 'json');
      assert.deepStrictEqual(
        syntax.map((d) => [d.message, d.severity, d.range.start.line]),
        [['Value expected', vscode.DiagnosticSeverity.Error, doc.positionAt(at).line]],
      );
      assert.strictEqual(checksOf(doc.version)[0]?.mode, 'full');
      sweep();
      const after = (seen.get(doc.version) ?? 0) - deleted;
      assert.ok(after >= 2400, `checked ${after} ms after the edit, after the pause`);

      // Typed again after that: only that material is checked, at once, and its error goes.
      assert.ok(await editor.edit((e) => e.insert(doc.positionAt(at), unit)));
      const again = await waitFor('the check of the value typed again after the pause', () => checksOf(doc.version)[0]);
      assert.deepStrictEqual([again.mode, again.itemsChecked], ['incremental', 1]);
      assert.deepStrictEqual(vscode.languages.getDiagnostics(uri).filter(fromLca).map((d) => d.message), []);
    } finally {
      clearInterval(watch);
    }
  });
});
