// Inside VS Code: the LCA findings of files no editor holds are in Problems (lca.problems.scope "workspace", the
// default): a file written to disk and never opened, its JSON syntax errors too; opened, the editor answers for it
// (one set, never both); a folder written with its files at once, theirs; closed and changed on disk, its new problems;
// deleted, none; scope "openFiles", none.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { waitFor } from './support/wait';
import { stubUi } from './support/ui';
import { api } from './support/extension';

const lcaDiagnostics = (uri: vscode.Uri): vscode.Diagnostic[] => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'LCA');
const messages = (uri: vscode.Uri): string[] => lcaDiagnostics(uri).map((d) => d.message);

function folder(): vscode.Uri {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, 'the integration workspace is open');
  return vscode.Uri.joinPath(f.uri, 'workspace-problems');
}

const material = (lifespan: number): string => `{
  "name": "Never opened",
  "originalUUID": "workspace-problems-test",
  "expectedLifespan": ${lifespan}
}
`;

async function write(uri: vscode.Uri, text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
}

describe('Problems: the LCA findings of the whole workspace', function () {
  this.timeout(60_000);
  stubUi();
  const closed = vscode.Uri.joinPath(folder(), 'closed.material.json');
  const broken = vscode.Uri.joinPath(folder(), 'broken.construction.json');

  // Run alone, nothing has activated the extension yet (the test workspace starts without LCA files).
  before(() => api());

  after(async () => {
    await vscode.workspace.getConfiguration('lca').update('problems.scope', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false }).then(undefined, () => undefined);
  });

  it('a file written to disk and never opened: its error is in Problems at its line, as the editor would show it', async () => {
    await write(closed, material(-5));
    await waitFor('the closed file\'s problem', () => messages(closed).some((m) => m.includes('-5')), 20_000);
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === closed.toString()), 'the file was never opened');
    const lifespan = lcaDiagnostics(closed).find((d) => d.message.includes('-5'))!;
    assert.strictEqual(lifespan.severity, vscode.DiagnosticSeverity.Error);
    assert.strictEqual(lifespan.range.start.line, 3, 'on the line of "expectedLifespan"');
    assert.strictEqual(lifespan.code, 'lifespan-not-positive');
  });

  it('a folder written at once with its files, as an unzip or a checkout does: the problems of the files in it are in Problems', async () => {
    // Written straight to disk, the folders and the files a moment apart: the watcher sees the top folder created,
    // perhaps not the files written into it before it watched the folder.
    const deep = path.join(folder().fsPath, 'unzipped', 'a', 'b');
    fs.mkdirSync(deep, { recursive: true });
    fs.writeFileSync(path.join(deep, 'deep.material.json'), material(-9));
    fs.writeFileSync(path.join(folder().fsPath, 'unzipped', 'top.material.json'), material(-8));
    const deepUri = vscode.Uri.file(path.join(deep, 'deep.material.json'));
    const topUri = vscode.Uri.file(path.join(folder().fsPath, 'unzipped', 'top.material.json'));
    await waitFor('the problems of both files of the new folder', () => messages(deepUri).some((m) => m.includes('-9')) && messages(topUri).some((m) => m.includes('-8')), 20_000);
    assert.strictEqual(lcaDiagnostics(deepUri).find((d) => d.message.includes('-9'))!.range.start.line, 3);
  });

  it('a closed construction that is not JSON: its syntax error is in Problems (no JSON language server reads a closed file)', async () => {
    await write(broken, '{ "name": "Broken", "constructionEpds": [ }\n');
    await waitFor('the syntax error of the closed file', () => lcaDiagnostics(broken).some((d) => d.code === 'json'), 20_000);
    assert.strictEqual(lcaDiagnostics(broken).find((d) => d.code === 'json')!.severity, vscode.DiagnosticSeverity.Error);
  });

  it('opened, the editor answers for it — one set of problems, never both; closed and changed on disk, its new problems', async () => {
    const doc = await vscode.workspace.openTextDocument(closed);
    await vscode.window.showTextDocument(doc);
    const edit = new vscode.WorkspaceEdit();
    const at = doc.getText().indexOf('-5');
    edit.replace(closed, new vscode.Range(doc.positionAt(at), doc.positionAt(at + 2)), '-6');
    await vscode.workspace.applyEdit(edit);
    await waitFor('the problem of the text as typed', () => messages(closed).some((m) => m.includes('-6')));
    assert.strictEqual(messages(closed).filter((m) => /lifespan/i.test(m)).length, 1, messages(closed).join('\n'));
    await doc.save();
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await write(closed, material(-7));
    await waitFor('the new problem read from disk', () => messages(closed).some((m) => m.includes('-7')), 20_000);
    assert.deepStrictEqual(messages(closed).filter((m) => /-[56]/.test(m)), [], 'no stale problem');
    assert.strictEqual(messages(closed).filter((m) => /lifespan/i.test(m)).length, 1);
  });

  it('scope "openFiles": the problems of files no editor holds go; back to "workspace", they come back', async () => {
    const lca = vscode.workspace.getConfiguration('lca');
    await lca.update('problems.scope', 'openFiles', vscode.ConfigurationTarget.Workspace);
    await waitFor('no problems of closed files', () => lcaDiagnostics(closed).length === 0 && lcaDiagnostics(broken).length === 0);
    await lca.update('problems.scope', undefined, vscode.ConfigurationTarget.Workspace);
    await waitFor('the closed file\'s problem again', () => messages(closed).some((m) => m.includes('-7')), 20_000);
  });

  it('a deleted file: its problems go', async () => {
    await vscode.workspace.fs.delete(closed, { useTrash: false });
    await waitFor('the deleted file\'s problems gone', () => lcaDiagnostics(closed).length === 0, 20_000);
  });
});
