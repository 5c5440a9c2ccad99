// Inside VS Code against the local service (issue 24 item 3): another tenant's materials are not offered. demo
// pushes one material (Push Material) and bulk-creates two; the Push Material sidecar says who created its id, as the
// bulk sidecar does. Signed in as other@example.com (another tenant), epdId completion and Pick Material do not offer
// demo's ids, and the Library marks them as not readable by that identity — without asking the service about each.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import * as vscode from 'vscode';
import { readSidecar, sidecarPathFor } from '../../src/core/bulk';
import { MATERIAL_SPECS, materialItem } from '../../src/service/seed/materials';
import { CREDENTIALS } from '../../src/service/seed/ids';
import type { BulkCreateOutcome } from '../../src/extension/bulk';
import type { LibraryNode } from '../../src/extension/library/tree';
import { testServiceUrls } from './support/service';
import { api, signInAs } from './support/extension';
import { stubUi } from './support/ui';
import { waitFor } from './support/wait';

const urls = testServiceUrls();
const DEMO = { kind: 'user', login: CREDENTIALS.demoUser.email, secret: CREDENTIALS.demoUser.password } as const;

function workspaceUri(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder, name);
}

async function writeJson(uri: vscode.Uri, value: unknown): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, Buffer.from(JSON.stringify(value, null, 2) + '\n', 'utf8'));
}

async function readText(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

/** A material of the seed's specs with a fresh originalUUID, private to whoever creates it. */
function freshMaterial(i: number, name: string): Record<string, unknown> {
  return { ...materialItem(MATERIAL_SPECS[i]), name, originalUUID: randomUUID(), originalVersion: '1.0.0', isPublic: false, isCustom: true };
}

/** The ids epdId completion offers at the (empty) epdId of `doc`. */
async function offeredIds(doc: vscode.TextDocument): Promise<string[]> {
  const at = doc.positionAt(doc.getText().indexOf('"epdId": ""') + 10);
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, at);
  assert.ok(list, 'completion answered');
  return list.items.map((i) => String(i.insertText ?? '').replace(/"/g, ''));
}

/** The ids Pick Material ("Pick a known material…", the quick fix of an unknown epdId) offers; the pick is cancelled. */
async function pickedFrom(uri: vscode.Uri): Promise<string[]> {
  const window = vscode.window as unknown as { showQuickPick: unknown };
  const stub = window.showQuickPick;
  let offered: readonly vscode.QuickPickItem[] = [];
  window.showQuickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => {
    offered = await items;
    return undefined;
  };
  try {
    const picked = await vscode.commands.executeCommand<string | undefined>('lca.pickEpdId', uri, ['constructionEpds', 0, 'epdId']);
    assert.strictEqual(picked, undefined, 'cancelled');
  } finally {
    window.showQuickPick = stub;
  }
  assert.ok(offered.length > 0, 'Pick Material was shown');
  return offered.flatMap((i) => (i.detail ? [i.detail.split(' ')[0]] : []));
}

/** Every material node of the Library (inside each file / source group). */
async function libraryMaterials(): Promise<LibraryNode[]> {
  const tree = (await api()).testing.libraryTree;
  const group = (await tree.getChildren()).find((n) => n.kind === 'group' && n.group === 'materials');
  const out: LibraryNode[] = [];
  for (const n of group ? await tree.getChildren(group) : []) out.push(...(n.kind === 'source' ? await tree.getChildren(n) : [n]));
  return out;
}

describe('other tenant: demo’s materials are not offered to other@example.com (completion, Pick Material, Library)', function () {
  const ui = stubUi();
  this.timeout(180_000);
  const stamp = Date.now();
  const singleUri = () => workspaceUri(`tenant-${stamp}.material.json`);
  const bulkUri = () => workspaceUri(`tenant-${stamp}.materials.json`);
  const constructionUri = () => workspaceUri(`tenant-${stamp}.construction.json`);
  let demoIds: string[] = [];

  before(async function () {
    if (!urls) this.skip();
    await signInAs('demo@example.com');
  });

  after(async () => {
    if (!urls) return;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The other suites expect demo to be signed in.
    await signInAs('demo@example.com');
    for (const uri of [singleUri(), bulkUri(), constructionUri()]) {
      await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
      await vscode.workspace.fs.delete(vscode.Uri.file(sidecarPathFor(uri.fsPath))).then(undefined, () => undefined);
    }
  });

  it('demo pushes a material and bulk-creates two: both sidecars say demo created them, and demo is offered them', async () => {
    const a = await api();
    await writeJson(singleUri(), freshMaterial(0, `Tenant pushed ${stamp}`));
    ui.answerConfirmations(true);
    const pushed = await vscode.commands.executeCommand<{ outcome: string; materials?: { id?: string }[] }>('lca.pushMaterial', { uri: singleUri(), confirm: true });
    assert.strictEqual(pushed?.outcome, 'created', JSON.stringify(pushed));
    const pushedId = pushed.materials?.[0]?.id;
    assert.ok(pushedId, 'the pushed id');
    const single = readSidecar(await readText(vscode.Uri.file(sidecarPathFor(singleUri().fsPath))));
    assert.ok(single.ok, 'the Push Material sidecar reads');
    assert.strictEqual(single.sidecar.createdBy, DEMO.login, 'the Push Material sidecar records who created the id');
    assert.deepStrictEqual(single.sidecar.items.map((i) => i.id), [pushedId]);

    await writeJson(bulkUri(), [freshMaterial(1, `Tenant bulk A ${stamp}`), freshMaterial(2, `Tenant bulk B ${stamp}`)]);
    const outcome = await vscode.commands.executeCommand<BulkCreateOutcome>('lca.bulkCreateMaterials', { uri: bulkUri(), confirm: true });
    assert.strictEqual(outcome?.outcome, 'ran');
    const bulk = readSidecar(await readText(vscode.Uri.file(sidecarPathFor(bulkUri().fsPath))));
    assert.ok(bulk.ok);
    assert.strictEqual(bulk.sidecar.createdBy, DEMO.login);
    demoIds = [pushedId, ...bulk.sidecar.items.map((i) => i.id)];
    assert.strictEqual(demoIds.length, 3);
    await waitFor('demo’s ids in the catalog', () => demoIds.every((id) => a.testing.catalog.material(id)?.id === id));

    // demo's own ids: offered by completion and Pick Material, and the Library can Inspect and Pull them.
    await vscode.workspace.fs.writeFile(
      constructionUri(),
      Buffer.from(`{\n  "name": "Tenant wall ${stamp}",\n  "declaredUnit": { "declaredUnit": 2, "declaredValue": 1 },\n  "constructionEpds": [ { "epdId": "", "constructionUnit": { "unit": 3, "amount": 0.2 } } ]\n}\n`),
    );
    const doc = await vscode.workspace.openTextDocument(constructionUri());
    await vscode.window.showTextDocument(doc);
    const offered = await offeredIds(doc);
    for (const id of demoIds) assert.ok(offered.includes(id), `completion offers demo’s ${id} to demo`);
    const picked = await pickedFrom(constructionUri());
    for (const id of demoIds) assert.ok(picked.includes(id), `Pick Material offers demo’s ${id} to demo`);
    const tree = a.testing.libraryTree;
    await waitFor('demo’s materials linked in the Library', async () => {
      const nodes = (await libraryMaterials()).filter((n) => n.kind === 'material' && demoIds.includes(n.material.id ?? ''));
      return nodes.length === 3 && nodes.every((n) => tree.getTreeItem(n).contextValue === 'lca.material.file.linked');
    });
  });

  it('signed in as other@example.com: completion and Pick Material do not offer demo’s ids, and the Library marks them', async () => {
    assert.strictEqual(demoIds.length, 3, 'demo created its materials');
    const a = await api();
    await signInAs('other@example.com');

    const doc = await vscode.workspace.openTextDocument(constructionUri());
    await vscode.window.showTextDocument(doc);
    const offered = await offeredIds(doc);
    assert.deepStrictEqual(demoIds.filter((id) => offered.includes(id)), [], 'completion offers none of demo’s ids');
    const picked = await pickedFrom(constructionUri());
    assert.deepStrictEqual(demoIds.filter((id) => picked.includes(id)), [], 'Pick Material offers none of demo’s ids');

    // The Library: every one of demo's ids is marked as not readable by other@ (not only one that was looked up),
    // with neither Inspect nor Pull offered.
    const tree = a.testing.libraryTree;
    const marked = await waitFor('demo’s three materials marked foreign', async () => {
      const nodes = (await libraryMaterials()).filter((n) => n.kind === 'material' && demoIds.includes(n.material.id ?? ''));
      return nodes.length === 3 && nodes.every((n) => tree.getTreeItem(n).contextValue === 'lca.material.file.foreign') ? nodes : undefined;
    });
    for (const node of marked) {
      const item = tree.getTreeItem(node);
      assert.match(String(item.description), /not readable by you: created or read by demo@example\.com/);
    }
    for (const id of demoIds) assert.strictEqual(a.testing.catalog.lookupFailure(id), undefined, `no failed lookup of ${id}`);

    // A construction of other@'s naming one of demo's ids: the finding says whose it is, not that nobody knows it.
    const foreign = workspaceUri('tenant-foreign.construction.json');
    await writeJson(foreign, {
      name: 'Uses demo’s material',
      declaredUnit: { declaredUnit: 2, declaredValue: 1, mass: null, massUnit: 4 },
      constructionEpds: [{ epdId: demoIds[0], constructionUnit: { unit: 2, amount: 1 } }],
    });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(foreign));
    const finding = await waitFor('the finding on demo’s id', () =>
      vscode.languages.getDiagnostics(foreign).find((d) => d.source === 'LCA' && d.code === 'epd-unresolved'),
    );
    assert.match(finding.message, /^Material \S+ belongs to another sign-in \(demo@example\.com\): the service does not give it to you/);
    assert.ok(!/known \(workspace files, cache or service\)/.test(finding.message), finding.message);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await vscode.workspace.fs.delete(foreign);

    // Back as demo: the ids are demo's again.
    await signInAs('demo@example.com');
    const again = await offeredIds(doc);
    for (const id of demoIds) assert.ok(again.includes(id), `completion offers ${id} to demo again`);
  });
});
