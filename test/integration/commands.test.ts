// Inside VS Code: the one failure policy of commands (src/extension/commands.ts). A command that fails for a moment
// shows what failed with Retry and Open Log, logs it, and Retry — chosen as a user does, with the notification's
// primary action — runs the command again with the same arguments; a refusal the service would repeat offers no Retry;
// a refused sign-in offers Retry (asking again) instead of a second Sign In.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { PROJECT_IDS } from '../../src/service/seed/ids';
import { control, testServiceUrls } from './support/service';
import { api, signInAs } from './support/extension';
import { waitFor } from './support/wait';
import { logText } from './support/log';
import { stubUi } from './support/ui';

const urls = testServiceUrls();

function projectEditor(id: string): vscode.TextEditor | undefined {
  return vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'lca' && e.document.uri.path === `/project/${id}.json`);
}

describe('commands: one failure policy (message, Retry with the same arguments, Open Log)', function () {
  this.timeout(60_000);
  // Messages recorded, and shown for real: Retry is pressed on the notification itself.
  const ui = stubUi({ showNotifications: true });

  before(async function () {
    if (!urls) this.skip();
    await signInAs('demo@example.com');
  });

  after(async () => {
    if (urls) await control('clear-faults');
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a command failing with a service error shows what failed with Retry and Open Log, and Retry runs it again', async () => {
    await api();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Only this test's message may be the notification whose primary action is accepted below.
    await vscode.commands.executeCommand('notifications.clearAll');
    await control('fail', { path: `/BuildingProject/${PROJECT_IDS.school}`, status: 503, count: 50 });
    const seq = ui.count();
    const result = await vscode.commands.executeCommand('lca.openProjectJson', PROJECT_IDS.school);
    assert.strictEqual(result, undefined, 'the failed command resolves to nothing');
    const errors = ui.messages(seq).filter((m) => m.kind === 'error');
    assert.strictEqual(errors.length, 1, `one error message: ${JSON.stringify(errors)}`);
    assert.match(errors[0].message, /^Could not open the project: /);
    assert.deepStrictEqual(errors[0].actions, ['Retry', 'Open Log']);
    await waitFor('the failure in the LCA log', () => logText().includes(errors[0].message));
    assert.strictEqual(projectEditor(PROJECT_IDS.school), undefined, 'nothing opened');

    await control('clear-faults');
    // Retry as the user chooses it: the notification's primary action (Ctrl+Shift+A); the message reaches the
    // workbench shortly after the command returned, so ask until the project is open.
    const editor = await waitFor(
      'the project opened by Retry',
      async () => {
        const open = projectEditor(PROJECT_IDS.school);
        if (open) return open;
        await vscode.commands.executeCommand('notification.acceptPrimaryAction');
        return waitFor('the project', () => projectEditor(PROJECT_IDS.school), 1500).catch(() => undefined);
      },
      30_000,
      0,
    );
    assert.ok(editor.document.getText().includes(PROJECT_IDS.school), 'the project read by Retry');
    assert.strictEqual(ui.messages(seq).filter((m) => m.kind === 'error').length, 1, 'no second error');
  });

  it('a refusal the service would repeat (404) is shown without Retry', async () => {
    await api();
    const missing = '00000000-0000-4000-8000-000000000404';
    const seq = ui.count();
    const result = await vscode.commands.executeCommand('lca.openProjectJson', missing);
    assert.strictEqual(result, undefined);
    const error = await waitFor('the error message', () => ui.messages(seq).find((m) => m.kind === 'error'));
    assert.match(error.message, /^Could not open the project: /);
    assert.deepStrictEqual(error.actions, ['Open Log']);
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('a refused sign-in goes the same way: "Sign-in failed: why" with Retry and Open Log, no second Sign In', async () => {
    await api();
    const seq = ui.count();
    try {
      const result = await vscode.commands.executeCommand('lca.signIn', { kind: 'user', login: 'demo@example.com', secret: 'not-the-password' });
      assert.strictEqual(result, undefined, 'the refused sign-in resolves to nothing');
      const error = await waitFor('the error message', () => ui.messages(seq).find((m) => m.kind === 'error'));
      assert.match(error.message, /^Sign-in failed: /);
      assert.deepStrictEqual(error.actions, ['Retry', 'Open Log']);
      await waitFor('the failure in the LCA log', () => logText().includes(error.message));
    } finally {
      await vscode.commands.executeCommand('notifications.clearAll');
      await signInAs('demo@example.com');
    }
  });
});
