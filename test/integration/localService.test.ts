// The path of a user with only the .vsix: no lca.service.* hosts configured, so the Local environment starts the
// service built into the extension (data in the extension's global storage) — start it, sign in, see the seeded
// projects. The harness points lca.service.* at its own service (scripts/lib/service.js, user settings); this test
// empties those settings and restores them afterwards.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { createdKeys, readSidecar, sidecarPathFor } from '../../src/core/bulk';
import type { BulkCreateOutcome } from '../../src/extension/bulk';
import { PROJECT_IDS } from '../../src/service/seed/ids';
import { MATERIAL_SPECS, materialItem } from '../../src/service/seed/materials';
import { testServiceUrls } from './support/service';
import { api, signInAs } from './support/extension';
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
    if (urls) await signInAs('demo@example.com');
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
  it('a restart of the built-in service keeps every link: the same URLs, and Bulk Create again finds every material already created, the sidecar kept', async () => {
    const started = await vscode.commands.executeCommand<{ baseUrl: string; epdUrl: string }>('lca.startLocalService');
    assert.ok(started?.baseUrl);
    assert.strictEqual((await vscode.commands.executeCommand<{ login: string }>('lca.signIn', DEMO))?.login, 'demo@example.com');
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'a workspace folder is open');
    const file = path.join(folder.uri.fsPath, `restart-${Date.now()}.materials.json`);
    const items = MATERIAL_SPECS.slice(0, 3).map((spec, i) => ({ ...materialItem(spec), name: `${spec.name} (restart #${i})`, originalUUID: randomUUID(), originalVersion: '1.0.0', isPublic: false, isCustom: true }));
    fs.writeFileSync(file, `${JSON.stringify(items, null, 2)}\n`);
    const uri = vscode.Uri.file(file);
    try {
      const first = await vscode.commands.executeCommand<BulkCreateOutcome>('lca.bulkCreateMaterials', { uri, confirm: true });
      assert.strictEqual(first?.outcome, 'ran', first?.error);
      const sidecarFile = sidecarPathFor(file);
      const before = readSidecar(fs.readFileSync(sidecarFile, 'utf8'));
      assert.ok(before.ok);
      assert.strictEqual(createdKeys(before.sidecar, started.epdUrl).size, 3);

      await vscode.commands.executeCommand('lca.stopLocalService');
      const again = await vscode.commands.executeCommand<{ baseUrl: string; epdUrl: string }>('lca.startLocalService');
      assert.strictEqual(again?.baseUrl, started.baseUrl, 'the same service, at the same URL, after a restart');
      assert.strictEqual((await vscode.commands.executeCommand<{ login: string }>('lca.signIn', DEMO))?.login, 'demo@example.com');

      const second = await vscode.commands.executeCommand<BulkCreateOutcome>('lca.bulkCreateMaterials', { uri, confirm: true });
      assert.strictEqual(second?.outcome, 'nothing-to-send', `every material is known as created: ${JSON.stringify(second)}`);
      assert.ok(!fs.existsSync(`${sidecarFile}.bak`), 'the sidecar was not taken for another service and kept aside');
      const after = readSidecar(fs.readFileSync(sidecarFile, 'utf8'));
      assert.ok(after.ok);
      assert.deepStrictEqual([...createdKeys(after.sidecar, again.epdUrl).values()].map((r) => r.id).sort(), [...createdKeys(before.sidecar, started.epdUrl).values()].map((r) => r.id).sort());
    } finally {
      for (const f of [file, sidecarPathFor(file), `${sidecarPathFor(file)}.bak`]) fs.rmSync(f, { force: true });
    }
  });
});
