// The integration tests and the extension see one `vscode` API object: what a test puts on `vscode.window` is what the
// extension calls. The UI stubs of support/ui.ts and the dashboard recorder of support/dashboards.ts rely on it.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { api } from './support/extension';

describe('shared vscode API', () => {
  it('a stub on vscode.window.showInformationMessage sees the message a command shows', async () => {
    await api();
    const window = vscode.window as { showInformationMessage: (...args: unknown[]) => unknown };
    const original = window.showInformationMessage;
    const seen: unknown[][] = [];
    window.showInformationMessage = (...args: unknown[]) => {
      seen.push(args);
      return Promise.resolve(undefined);
    };
    try {
      const result = await vscode.commands.executeCommand('lca.showImpactBreakdown', vscode.Uri.file('/tmp/not-a-construction.txt'));
      assert.strictEqual(result, undefined);
    } finally {
      window.showInformationMessage = original;
    }
    assert.deepStrictEqual(seen, [['Open a *.construction.json file to see its impact breakdown.', 'Get Started']]);
  });
});
