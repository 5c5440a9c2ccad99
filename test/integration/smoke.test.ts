// Smoke test inside VS Code: the extension is installed, activates, and its commands work in the editor.
import * as assert from 'assert';
import * as vscode from 'vscode';
import * as fs from 'fs';
import { waitForLog } from './support/log';
import { api } from './support/extension';
import { waitFor } from './support/wait';

const EXTENSION_ID = 'lca-workbench.lca-workbench';

describe('smoke: extension basics', () => {
  it('is present and activates', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} is not installed`);
    await ext.activate();
    assert.strictEqual(ext.isActive, true);
    await waitForLog(/LCA Workbench activated in (\d+) ms/); // the log says how long activation took
  });

  it('leaves the V8 code cache of its bundle in its global storage for the next activation (dist/extension.js loads dist/main.js)', async () => {
    const { globalStorage } = (await api()).testing.storedState();
    const cache = await waitFor('the code cache file', () => (fs.existsSync(globalStorage) ? fs.readdirSync(globalStorage).find((f) => /^code-cache-main-\d+-\d+\.bin$/.test(f)) : undefined), 15_000);
    assert.ok(fs.statSync(`${globalStorage}/${cache}`).size > 10_000, 'a cache of the compiled bundle');
  });

  it('contributes every command declared in package.json', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    await ext.activate();
    const declared: string[] = (ext.packageJSON.contributes.commands as { command: string }[]).map((c) => c.command);
    assert.ok(declared.includes('lca.showCodes') && declared.includes('lca.showLog'));
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = declared.filter((c) => !registered.has(c));
    assert.deepStrictEqual(missing, [], `declared but not registered: ${missing.join(', ')}`);
  });

  it('"LCA: Show Codes Reference" opens a Markdown editor with the module codes', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('lca.showCodes');
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor, 'no active editor after lca.showCodes');
    assert.strictEqual(editor.document.languageId, 'markdown');
    const text = editor.document.getText();
    assert.ok(text.includes('LCA codes reference'), 'title missing');
    assert.ok(text.includes('A1-A3'), 'module A1-A3 missing');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
