// Sign-in state across environments and in VS Code's Accounts menu: Sign Out forgets the credentials and tokens of
// every environment, and the authentication provider reports the session (and its end) to VS Code.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { testServiceUrls } from './support/service';
import type { LcaExtensionApi } from '../../src/extension/extension';

const urls = testServiceUrls();
const DEMO = { kind: 'user', login: 'demo@example.com', secret: 'demo-password' } as const;

async function api(): Promise<LcaExtensionApi> {
  const ext = vscode.extensions.getExtension<LcaExtensionApi>('lca-workbench.lca-workbench');
  assert.ok(ext, 'extension is installed');
  return ext.activate();
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
});
