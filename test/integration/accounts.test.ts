// Sign-in state across environments and in VS Code's Accounts menu: one secret entry per environment, Sign Out forgets
// the credentials and tokens of every environment, the authentication provider reports the session (and its end) to
// VS Code, a sign-in stored in the legacy layout is moved at the first read, and a sign-in or sign-out made in another
// window (a change of the secret itself) is followed.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { testServiceUrls } from './support/service';
import { AUTH_PROVIDER_ID } from '../../src/extension/auth';
import { api } from './support/extension';
import { waitFor as poll } from './support/wait';
import { logText, waitForLog } from './support/log';
import { stubUi } from './support/ui';

const urls = testServiceUrls();
const DEMO = { kind: 'user', login: 'demo@example.com', secret: 'demo-password' } as const;
const CLIENT = { kind: 'account', login: 'demo-client', secret: 'demo-secret' } as const;

async function issuedTokens(): Promise<number> {
  const stats = (await (await fetch(`${new URL(urls!.baseUrl).origin}/__sandbox/stats`)).json()) as { tokensIssued: number };
  return stats.tokensIssued;
}

/** The Accounts menu's labels, once they are `labels`. */
async function sessionsBecome(labels: string[], what: string): Promise<void> {
  await api();
  await poll(what, async () => {
    const now = (await vscode.authentication.getAccounts(AUTH_PROVIDER_ID)).map((account) => account.label);
    return JSON.stringify(now) === JSON.stringify(labels) || undefined;
  });
}

async function waitFor(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) assert.fail(what);
    await new Promise((r) => setTimeout(r, 50));
  }
}


describe('Accounts: one secret entry per environment, sign out everywhere, Accounts menu, other windows', function () {
  this.timeout(60_000);
  const ui = stubUi();
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
    // One SecretStorage entry per environment, holding its credential and token; nothing else.
    assert.deepStrictEqual((await a.testing.secretKeys()).sort(), ['lca.session/Local', 'lca.session/Staging']);

    await vscode.commands.executeCommand('lca.signOut');
    assert.deepStrictEqual(await a.testing.secretKeys(), [], 'nothing LCA-related left in secret storage');
    // Staging too is signed out: switching to it shows no account and no projects.
    await vscode.commands.executeCommand('lca.switchEnvironment', 'Staging');
    assert.deepStrictEqual(await a.testing.projectsTree.getChildren(), []);
  });

  it('the Accounts menu: VS Code is told of the session (with the account label) after sign-in and of its end after Sign Out', async () => {
    await api();
    await vscode.commands.executeCommand('lca.signOut');
    const changes: string[] = [];
    const sub = vscode.authentication.onDidChangeSessions((e) => changes.push(e.provider.id));
    try {
      await vscode.commands.executeCommand('lca.signIn', DEMO);
      await waitFor(() => changes.includes(AUTH_PROVIDER_ID), 'VS Code reports a session change of the LCA provider after sign-in');
      const accounts = await vscode.authentication.getAccounts(AUTH_PROVIDER_ID);
      assert.deepStrictEqual(accounts.map((account) => account.label), ['demo@example.com (Local)']);
      // An extension VS Code has not yet granted access to the account (getSession without createIfNone) gets no
      // session: that is VS Code's consent model, not ours, so only the accounts VS Code lists are asserted above.
      changes.length = 0;
      await vscode.commands.executeCommand('lca.signOut');
      await waitFor(() => changes.includes(AUTH_PROVIDER_ID), 'VS Code reports a session change of the LCA provider after Sign Out');
      assert.deepStrictEqual(await vscode.authentication.getAccounts(AUTH_PROVIDER_ID), []);
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
  it('a sign-in stored in the legacy layout (credential, token and key index) is moved to one entry per environment at the first read', async () => {
    const a = await api();
    const secrets = a.testing.secrets;
    assert.ok(secrets, 'the tests get the extension\'s SecretStorage');
    await vscode.commands.executeCommand('lca.signOut');
    await config().update('environments', [{ name: 'Staging', ...urls }], vscode.ConfigurationTarget.Global);
    // What an earlier version stored: Local as a user with a token still valid, Staging as an account without a token,
    // and an environment since removed from the settings; the index lists every key.
    const response = await fetch(`${urls!.authUrl}/v1/user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO.login, password: DEMO.secret }) });
    const token = ((await response.json()) as { access_token: string }).access_token;
    const legacy: Record<string, unknown> = {
      'lca.credential/Local': DEMO,
      'lca.token/Local': { accessToken: token, expiresAt: Date.now() + 3_600_000 },
      'lca.credential/Staging': CLIENT,
      'lca.credential/Removed': CLIENT,
    };
    try {
      for (const [key, value] of Object.entries(legacy)) await secrets.store(key, JSON.stringify(value));
      await secrets.store('lca.secretKeys', JSON.stringify(Object.keys(legacy)));

      // The first read after that (here: switching to Staging) moves them.
      await vscode.commands.executeCommand('lca.switchEnvironment', 'Staging');
      await sessionsBecome(['demo-client (Staging)'], 'the Staging account read from the legacy layout');
      assert.deepStrictEqual((await a.testing.secretKeys()).sort(), ['lca.session/Local', 'lca.session/Staging']);
      for (const key of [...Object.keys(legacy), 'lca.secretKeys']) assert.strictEqual(await secrets.get(key), undefined, `${key} deleted`);
      assert.ok(await secrets.get('lca.session/Removed'), 'the sign-in of an environment no longer configured is kept too');
      assert.ok((await a.testing.projectsTree.getChildren()).length > 0, 'the moved account credential works');

      // Local: the user, with the token that was stored (no new sign-in to the service).
      await vscode.commands.executeCommand('lca.switchEnvironment', 'Local');
      await sessionsBecome(['demo@example.com (Local)'], 'the Local user read from the legacy layout');
      const issued = await issuedTokens();
      await vscode.commands.executeCommand('lca.refreshProjects');
      assert.ok((await a.testing.projectsTree.getChildren()).some((n) => n.kind === 'project'), 'projects listed with the moved token');
      assert.strictEqual(await issuedTokens(), issued, 'the moved token was used, not a new one');
    } finally {
      await secrets.delete('lca.session/Removed');
    }
  });

  it('another window signing in or out (a change of the secret itself) is followed: account, Accounts menu, Projects view', async () => {
    const a = await api();
    const secrets = a.testing.secrets!;
    await vscode.commands.executeCommand('lca.signIn', DEMO);
    await sessionsBecome(['demo@example.com (Local)'], 'signed in as the demo user');
    const changes: string[] = [];
    const sub = vscode.authentication.onDidChangeSessions((e) => changes.push(e.provider.id));
    try {
      // Another window signs in to Local as another user: it stores the entry, without a token yet.
      const other = { kind: 'user', login: 'other@example.com', secret: 'other-password' };
      await secrets.store('lca.session/Local', JSON.stringify({ credential: other }));
      await sessionsBecome(['other@example.com (Local)'], 'this window follows the other window\'s sign-in');
      await waitFor(() => changes.includes(AUTH_PROVIDER_ID), 'VS Code is told of the new session');
      assert.ok((await a.testing.projectsTree.getChildren()).length > 0, 'the Projects view lists what the other user may read');

      // The other window signs out: the entry goes, and so does this window's sign-in.
      changes.length = 0;
      await secrets.delete('lca.session/Local');
      await sessionsBecome([], 'this window follows the other window\'s sign-out');
      await waitFor(() => changes.includes(AUTH_PROVIDER_ID), 'VS Code is told the session ended');
      assert.deepStrictEqual(await a.testing.projectsTree.getChildren(), [], 'the Projects view shows its sign-in welcome');
      assert.deepStrictEqual(await a.testing.secretKeys(), []);
    } finally {
      sub.dispose();
      await vscode.commands.executeCommand('lca.signIn', DEMO);
    }
  });
  it('a stored credential the service refuses when renewing is forgotten, and the command layer asks to sign in again', async () => {
    const a = await api();
    const secrets = a.testing.secrets!;
    await vscode.commands.executeCommand('lca.signIn', DEMO);
    try {
      // The password was changed elsewhere: the entry holds a credential the service refuses, and no token.
      await secrets.store('lca.session/Local', JSON.stringify({ credential: { ...DEMO, secret: 'changed-elsewhere-0815' } }));
      await a.testing.ready();
      const seen = ui.count();
      await vscode.commands.executeCommand('lca.refreshProjects');
      await a.testing.projectsTree.getChildren();
      const warning = await poll('the sign-in-again prompt', () => ui.messages(seen).find((m) => m.kind === 'warning'));
      assert.strictEqual(warning.message, 'Your LCA sign-in for Local is no longer valid. Sign in again.');
      assert.deepStrictEqual(warning.actions, ['Sign In']);
      assert.deepStrictEqual(await a.testing.secretKeys(), [], 'the refused credential is forgotten');
      await sessionsBecome([], 'signed out after the refusal');
    } finally {
      await vscode.commands.executeCommand('lca.signIn', DEMO);
    }
  });
});
