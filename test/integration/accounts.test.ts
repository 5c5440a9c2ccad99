// Sign-in state across environments and in VS Code's Accounts menu: Sign Out forgets the credentials and tokens of
// every environment, and the authentication provider reports the session (and its end) to VS Code.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { testServiceUrls } from './support/service';
import { AUTH_PROVIDER_ID } from '../../src/extension/auth';
import { api } from './support/extension';
import { logText, waitForLog } from './support/log';

const urls = testServiceUrls();
const DEMO = { kind: 'user', login: 'demo@example.com', secret: 'demo-password' } as const;

async function waitFor(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) assert.fail(what);
    await new Promise((r) => setTimeout(r, 50));
  }
}


describe('Accounts: sign out everywhere, Accounts menu', function () {
  this.timeout(60_000);
  const config = () => vscode.workspace.getConfiguration('lca');

  before(function () {
    if (!urls) this.skip();
  });

  afterEach(async () => {
    // Leave the run as other test files expect it: Local active, no extra environment.
    await config().update('environment', undefined, vscode.ConfigurationTarget.Global);
    await config().update('environments', undefined, vscode.ConfigurationTarget.Global);
  });

  it('Sign Out forgets the credentials and tokens of every environment, not only the active one', async () => {
    const a = await api();
    // A second environment on the same service, signed in as an account; then Local as a user.
    await config().update('environments', [{ name: 'Staging', ...urls }], vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('lca.switchEnvironment', 'Staging');
    const staging = await vscode.commands.executeCommand<{ environment: string }>('lca.signIn', { kind: 'account', login: 'demo-client', secret: 'demo-secret' });
    assert.strictEqual(staging?.environment, 'Staging');
    await vscode.commands.executeCommand('lca.switchEnvironment', 'Local');
    const local = await vscode.commands.executeCommand<{ environment: string }>('lca.signIn', DEMO);
    assert.strictEqual(local?.environment, 'Local');
    const before = await a.testing.secretKeys();
    for (const key of ['lca.credential/Staging', 'lca.token/Staging', 'lca.credential/Local', 'lca.token/Local']) {
      assert.ok(before.includes(key), `${key} stored before sign-out (have ${before.join(', ')})`);
    }

    await vscode.commands.executeCommand('lca.signOut');
    assert.deepStrictEqual(await a.testing.secretKeys(), [], 'nothing LCA-related left in secret storage');
    // Staging too is signed out: switching to it shows no account and no projects.
    await vscode.commands.executeCommand('lca.switchEnvironment', 'Staging');
    assert.deepStrictEqual(await a.testing.projectsTree.getChildren(), []);
  });

  it('the Accounts menu: VS Code is told of the session (with the account label) after sign-in and of its end after Sign Out', async () => {
    const a = await api();
    await vscode.commands.executeCommand('lca.signOut');
    const changes: string[] = [];
    const sub = vscode.authentication.onDidChangeSessions((e) => changes.push(e.provider.id));
    try {
      await vscode.commands.executeCommand('lca.signIn', DEMO);
      await waitFor(() => changes.includes(AUTH_PROVIDER_ID), 'VS Code reports a session change of the LCA provider after sign-in');
      const sessions = await a.testing.authSessions();
      assert.deepStrictEqual(sessions.map((s) => s.account.label), ['demo@example.com (Local)']);
      // An extension VS Code has not yet granted access to the account (getSession without createIfNone) gets no
      // session: that is VS Code's consent model, not ours, so only the provider's answer is asserted above.
      changes.length = 0;
      await vscode.commands.executeCommand('lca.signOut');
      await waitFor(() => changes.includes(AUTH_PROVIDER_ID), 'VS Code reports a session change of the LCA provider after Sign Out');
      assert.deepStrictEqual(await a.testing.authSessions(), []);
      assert.strictEqual(await vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { silent: true }), undefined);
    } finally {
      sub.dispose();
      await vscode.commands.executeCommand('lca.signIn', DEMO);
    }
  });

  it('sign-in requests are logged (method, path, status, duration) without the password or secret', async () => {
    await api();
    const before = logText().length;
    await vscode.commands.executeCommand('lca.signIn', { kind: 'account', login: 'demo-client', secret: 'demo-secret' });
    await vscode.commands.executeCommand('lca.signIn', { kind: 'user', login: 'demo@example.com', secret: 'wrong-password-0815' });
    await vscode.commands.executeCommand('lca.signIn', DEMO);
    const authPath = new URL(urls!.authUrl).pathname.replace(/\/+$/, '');
    await waitForLog(new RegExp(`POST \\S*${authPath}/v2/api-token → 200 \\(\\d+ ms\\)`), before); // account sign-in request logged
    await waitForLog(new RegExp(`POST \\S*${authPath}/v1/user → 401 \\(\\d+ ms\\)`), before); // refused sign-in request logged
    await waitForLog(new RegExp(`POST \\S*${authPath}/v1/user → 200 \\(\\d+ ms\\)`), before); // user sign-in request logged
    const log = logText().slice(before);
    for (const secret of ['demo-secret', 'demo-password', 'wrong-password-0815']) assert.ok(!log.includes(secret), `the log holds a secret (${secret.slice(0, 4)}…)`);
  });
});
