// The path of a user with only the .vsix: no lca.service.* hosts configured, so the Local environment starts the
// service built into the extension (data in the extension's global storage) — start it, sign in, see the seeded
// projects. The harness points lca.service.* at its own service (scripts/lib/service.js, user settings); this test
// empties those settings and restores them afterwards.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { PROJECT_IDS } from '../../src/service/seed/ids';
import { testServiceUrls } from './support/service';
import { api } from './support/extension';
import { waitForLog } from './support/log';

const urls = testServiceUrls();
const KEYS = ['baseUrl', 'epdUrl', 'authUrl', 'graphqlUrl'] as const;
const DEMO = { kind: 'user', login: 'demo@example.com', secret: 'demo-password' } as const;


describe('Local environment: the built-in service (no hosts configured)', function () {
  this.timeout(90_000);
  const config = () => vscode.workspace.getConfiguration('lca');
  const saved = new Map<string, unknown>();

  before(async function () {
    if (!urls) this.skip();
    await vscode.commands.executeCommand('lca.signOut');
    for (const key of KEYS) {
      saved.set(key, config().inspect(`service.${key}`)?.globalValue);
      await config().update(`service.${key}`, undefined, vscode.ConfigurationTarget.Global);
    }
  });

  after(async () => {
    await api();
    await vscode.commands.executeCommand('lca.signOut');
    for (const key of KEYS) await config().update(`service.${key}`, saved.get(key), vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('lca.stopLocalService');
    if (urls) await vscode.commands.executeCommand('lca.signIn', DEMO);
  });

  it('Start Local Service, sign in, see the seeded projects — served by the extension itself', async () => {
    const a = await api();
    for (const key of KEYS) assert.strictEqual(config().get(`service.${key}`), '', `lca.service.${key} is empty`);
    const started = await vscode.commands.executeCommand<{ baseUrl: string }>('lca.startLocalService');
    assert.ok(started?.baseUrl, 'the built-in service started');
    assert.match(started.baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/api$/);
    assert.notStrictEqual(started.baseUrl, urls!.baseUrl, 'not the harness’s service');
    assert.strictEqual(a.testing.localService.urls?.baseUrl, started.baseUrl);
    await waitForLog(/Local LCA service running at .* \(data in .*local-service\)/);

    const account = await vscode.commands.executeCommand<{ login: string; environment: string }>('lca.signIn', DEMO);
    assert.deepStrictEqual(account && [account.environment, account.login], ['Local', 'demo@example.com']);
    await waitForLog(new RegExp(`POST ${started.baseUrl.replace(/\/api$/, '')}/auth/v1/user → 200`)); // signed in against the built-in service
    const nodes = await a.testing.projectsTree.getChildren();
    const ids = nodes.map((n) => (n.kind === 'project' ? n.project.id : n.kind));
    for (const id of [PROJECT_IDS.school, PROJECT_IDS.office, PROJECT_IDS.logistics]) assert.ok(ids.includes(id), `seeded project ${id} in ${ids.join(', ')}`);
  });

  it('without Start, signing in to Local starts the built-in service when needed', async () => {
    const a = await api();
    await vscode.commands.executeCommand('lca.signOut');
    await vscode.commands.executeCommand('lca.stopLocalService');
    assert.strictEqual(a.testing.localService.urls, undefined);
    const account = await vscode.commands.executeCommand<{ login: string }>('lca.signIn', DEMO);
    assert.strictEqual(account?.login, 'demo@example.com');
    assert.ok(a.testing.localService.urls, 'started by the sign-in');
    const nodes = await a.testing.projectsTree.getChildren();
    assert.ok(nodes.some((n) => n.kind === 'project' && n.project.id === PROJECT_IDS.school), 'seeded projects listed');
  });
});
