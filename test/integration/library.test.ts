// Inside VS Code against the local service: the Library tree (workspace files, pulled and looked-up materials, a
// construction's components, GWP descriptions), Pull by id, Push Construction after a declined and an accepted
// confirmation, new files from templates without diagnostics, and the LCAx EPD import.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { authenticateUser, LcaClient, type ConstructionRead } from '../../src/client';
import { checkValue } from '../../src/core/rules';
import { validateAgainst } from '../../src/core/schemas';
import { MATERIAL_IDS } from '../../src/service/seed/ids';
import { LibraryTreeProvider, type LibraryNode } from '../../src/extension/library/tree';
import type { LcaExtensionApi } from '../../src/extension/extension';
import { readFixture } from '../fixtures/paths';
import { testServiceUrls } from './support/service';
import { api } from './support/extension';

const urls = testServiceUrls();
const UNKNOWN_ID = '0b9d3a55-0000-4000-8000-00000000dead';


/** The registered tree when the composition root exposes it, else one over the same catalog (same code, same data). */
function libraryTree(a: LcaExtensionApi): LibraryTreeProvider {
  return (a.testing as { libraryTree?: LibraryTreeProvider }).libraryTree ?? new LibraryTreeProvider(a.testing.catalog);
}

async function serviceClient(): Promise<LcaClient> {
  const token = await authenticateUser(urls!.authUrl, 'demo@example.com', 'demo-password');
  return new LcaClient({ urls: urls!, getToken: async () => token.accessToken });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The local service's fault injection (docs/service-decisions.md). */
async function control(path: string, body: unknown = {}): Promise<void> {
  const origin = new URL(urls!.baseUrl).origin;
  const res = await fetch(`${origin}/__sandbox/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.ok(res.ok, `fault injection ${path} answered ${res.status}`);
}

async function constructionCount(): Promise<number> {
  const origin = new URL(urls!.baseUrl).origin;
  const stats = (await (await fetch(`${origin}/__sandbox/stats`)).json()) as { tenants: Record<string, { constructions: number }> };
  return stats.tenants['Demo Arkitekter'].constructions;
}

interface Shown {
  node: LibraryNode;
  item: vscode.TreeItem;
}

async function groupItems(tree: LibraryTreeProvider, group: 'constructions' | 'materials'): Promise<Shown[]> {
  const roots = await tree.getChildren();
  const node = roots.find((n) => n.kind === 'group' && n.group === group);
  if (!node) return [];
  return (await tree.getChildren(node)).map((n) => ({ node: n, item: tree.getTreeItem(n) }));
}

function workspaceUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder, ...parts);
}

async function writeJson(uri: vscode.Uri, value: unknown): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, Buffer.from(JSON.stringify(value, null, 2), 'utf8'));
}

async function readJson(uri: vscode.Uri): Promise<unknown> {
  return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
}

/** Problems VS Code shows for a file: schema (JSON language features) and the semantic rules. */
function problemsOf(uri: vscode.Uri): string[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => d.severity === vscode.DiagnosticSeverity.Error || d.severity === vscode.DiagnosticSeverity.Warning)
    .map((d) => `${d.source ?? ''} ${d.message}`);
}

describe('library: Library tree, pull, push, new files and LCAx import', function () {
  this.timeout(90_000);

  before(async function () {
    if (!urls) this.skip();
    const account = await vscode.commands.executeCommand<{ login: string }>('lca.signIn', { kind: 'user', login: 'demo@example.com', secret: 'demo-password' });
    assert.strictEqual(account?.login, 'demo@example.com');
  });

  after(async () => {
    if (urls) await control('clear-faults');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('pull a seeded material by id: the file is written, valid, linked, and shown in the tree', async () => {
    const a = await api();
    const id = MATERIAL_IDS.concreteC30;
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.pullById', id);
    assert.ok(uri, 'a file was written');
    assert.match(uri.path, /\.material\.json$/);
    const body = await readJson(uri);
    assert.deepStrictEqual(validateAgainst('material', body), []);
    assert.ok(!('id' in (body as object)) && !('tenantId' in (body as object)) && !('createdAt' in (body as object)), 'read-only fields stripped');
    assert.strictEqual(a.testing.catalog.linkedId(uri), id);
    const tree = libraryTree(a);
    const shown = await waitFor('the pulled material in the tree', async () =>
      (await groupItems(tree, 'materials')).find((s) => s.node.kind === 'material' && s.node.material.id === id && !!s.node.material.uri),
    );
    assert.strictEqual(shown.item.contextValue, 'lca.material.file.linked');
    assert.match(String(shown.item.description), /^282 kg CO2e \/ m³ · pulled$/);
    assert.match((shown.item.tooltip as vscode.MarkdownString).value, new RegExp(id));
  });

  it('pull refuses an id that is not a UUID and reports an unknown one, writing nothing', async () => {
    assert.strictEqual(await vscode.commands.executeCommand('lca.pullById', 'not-an-id'), undefined);
    assert.strictEqual(await vscode.commands.executeCommand('lca.pullById', UNKNOWN_ID), undefined);
  });

  it('new material, materials file and construction from templates have no diagnostics', async () => {
    const a = await api();
    // A broken file first: once VS Code reports it, schema validation is running for these file types.
    const broken = workspaceUri('broken-probe.material.json');
    await writeJson(broken, { name: 5 });
    await vscode.window.showTextDocument(broken);
    await waitFor('schema diagnostics on a broken file (validation runs)', () => (problemsOf(broken).length ? true : undefined), 30_000);

    const material = await vscode.commands.executeCommand<vscode.Uri>('lca.newMaterial', { name: 'Integration insulation' });
    const materials = await vscode.commands.executeCommand<vscode.Uri>('lca.newMaterials', { name: 'integration-library' });
    const construction = await vscode.commands.executeCommand<vscode.Uri>('lca.newConstruction', { name: 'Integration deck', epdId: MATERIAL_IDS.concreteC30 });
    for (const uri of [material, materials, construction]) {
      assert.ok(uri, 'file written');
      const doc = await vscode.workspace.openTextDocument(uri);
      assert.ok(vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString()), 'the new file is open');
      const value = JSON.parse(doc.getText());
      const kind = uri.path.endsWith('.materials.json') ? 'materials' : uri.path.endsWith('.material.json') ? 'material' : 'construction';
      assert.deepStrictEqual(validateAgainst(kind, value), [], uri.path);
      const findings = checkValue(kind, value, { resolveEpd: a.testing.catalog.resolveEpd });
      assert.deepStrictEqual(findings, [], uri.path);
    }
    // Give the language features the time they took for the broken file, then nothing may be reported.
    await new Promise((r) => setTimeout(r, 2000));
    for (const uri of [material, materials, construction]) assert.deepStrictEqual(problemsOf(uri), [], uri.path);
    await vscode.workspace.fs.delete(broken);
  });

  it('the tree lists workspace constructions with GWP and their components, and looks up referenced materials', async () => {
    const a = await api();
    const tree = libraryTree(a);
    const deck = await waitFor('the new construction in the tree', async () =>
      (await groupItems(tree, 'constructions')).find((s) => s.node.kind === 'construction' && s.node.construction.name === 'Integration deck'),
    );
    // 1 m² × 0.1 m of concrete C30/37 at 282 kg CO2e/m³.
    assert.strictEqual(deck.item.description, '28.2 kg CO2e / m² · file');
    assert.strictEqual(deck.item.contextValue, 'lca.construction.file');
    const components = await tree.getChildren(deck.node);
    assert.strictEqual(components.length, 1);
    const component = tree.getTreeItem(components[0]);
    assert.strictEqual(component.label, 'Ready-mix concrete C30/37');
    assert.strictEqual(component.description, '1 m² × 0.1 m');

    // A construction naming a seeded material nobody has pulled: the catalog looks it up and the tree shows it.
    const client = await serviceClient();
    const wool = await client.getMaterial(MATERIAL_IDS.mineralWool);
    const roof = workspaceUri('integration-roof.construction.json');
    await writeJson(roof, {
      name: 'Integration roof insulation',
      declaredUnit: { declaredUnit: 2, declaredValue: 1 },
      constructionEpds: [{ epdId: MATERIAL_IDS.mineralWool, constructionUnit: { unit: 2, amount: 1, height: 0.3 } }],
    });
    const woolShown = await waitFor('the referenced material among the materials', async () =>
      (await groupItems(tree, 'materials')).find((s) => s.node.kind === 'material' && s.node.material.id === MATERIAL_IDS.mineralWool),
    );
    assert.strictEqual(woolShown.item.label, wool.name);
    assert.match(String(woolShown.item.description), /kg CO2e \/ .+ · service$/);
    assert.strictEqual(woolShown.item.contextValue, 'lca.material.linked');
    const roofShown = await waitFor('the roof with its GWP', async () => {
      const found = (await groupItems(tree, 'constructions')).find((s) => s.node.kind === 'construction' && s.node.construction.name === 'Integration roof insulation');
      return found && /kg CO2e/.test(String(found.item.description)) ? found : undefined;
    });
    assert.match(String(roofShown.item.description), /^[-\d.]+ kg CO2e \/ m² · file$/);
  });

  it('a component whose material lookup fails (5xx) shows an error with Retry; Retry after recovery shows the material', async () => {
    const a = await api();
    const tree = libraryTree(a);
    // A seeded material no other test looks up, so the catalog does not know it yet.
    const id = MATERIAL_IDS.timber;
    const name = (await (await serviceClient()).getMaterial(id)).name;
    await control('fail', { path: `/material/${id}`, status: 503, count: 1000 });
    let construction: LibraryNode | undefined;
    const componentItem = async (): Promise<Shown | undefined> => {
      construction ??= (await groupItems(tree, 'constructions')).find((s) => s.node.kind === 'construction' && s.node.construction.name === 'Integration timber wall')?.node;
      if (!construction) return undefined;
      const [node] = await tree.getChildren(construction);
      return node ? { node, item: tree.getTreeItem(node) } : undefined;
    };
    let failed: Shown;
    try {
      await writeJson(workspaceUri('integration-timber-wall.construction.json'), {
        name: 'Integration timber wall',
        declaredUnit: { declaredUnit: 2, declaredValue: 1 },
        constructionEpds: [{ epdId: id, constructionUnit: { unit: 3, amount: 0.05 } }],
      });
      failed = await waitFor(
        'the component shown as a failed lookup',
        async () => {
          const shown = await componentItem();
          return shown?.item.contextValue === 'lca.component.lookupFailed' ? shown : undefined;
        },
        30_000,
      );
    } finally {
      await control('clear-faults');
    }
    assert.strictEqual(failed.item.label, `Could not look up material ${id}: service error 503`);
    assert.strictEqual((failed.item.iconPath as vscode.ThemeIcon).id, 'error');
    assert.strictEqual(failed.item.command?.command, 'lca.retryMaterialLookup');
    const tooltip = (failed.item.tooltip as vscode.MarkdownString).value;
    for (const text of [String(failed.item.label), tooltip]) assert.doesNotMatch(text, /bearer|token|eyJ/i, 'no token in what the tree shows');
    // The Retry button is contributed for exactly this node.
    const ext = vscode.extensions.getExtension<LcaExtensionApi>('lca-workbench.lca-workbench');
    const menus = (ext?.packageJSON as { contributes: { menus: Record<string, { command: string; when?: string; group?: string }[]> } }).contributes.menus;
    assert.ok(
      menus['view/item/context'].some((m) => m.command === 'lca.retryMaterialLookup' && m.group?.startsWith('inline') && m.when?.includes(`viewItem == ${String(failed.item.contextValue)}`)),
      'an inline Retry action on the failed node',
    );

    await vscode.commands.executeCommand('lca.retryMaterialLookup', failed.node);
    const recovered = await waitFor('the material after Retry', async () => {
      const shown = await componentItem();
      return shown?.item.label === name ? shown : undefined;
    });
    assert.strictEqual(recovered.item.contextValue, 'lca.component.linked');
    assert.strictEqual(recovered.item.description, '0.05 m³');
  });

  it('push a construction: declined sends nothing; accepted creates it, links the file, and the service returns it', async () => {
    const a = await api();
    const uri = workspaceUri('integration-deck.construction.json');
    const before = await constructionCount();
    a.testing.queueConfirmationAnswers(false);
    assert.strictEqual(await vscode.commands.executeCommand('lca.pushConstruction', uri), undefined);
    assert.strictEqual(await constructionCount(), before, 'declined: nothing created');

    a.testing.queueConfirmationAnswers(true);
    const created = await vscode.commands.executeCommand<ConstructionRead>('lca.pushConstruction', uri);
    assert.ok(created?.id, 'created');
    assert.strictEqual(await constructionCount(), before + 1);
    const client = await serviceClient();
    const read = await client.getConstruction(created.id);
    assert.strictEqual(read.name, 'Integration deck');
    assert.strictEqual(read.constructionEpds?.length, 1);
    assert.strictEqual(a.testing.catalog.linkedId(uri), created.id);
    const tree = libraryTree(a);
    const shown = await waitFor('the pushed construction, linked', async () =>
      (await groupItems(tree, 'constructions')).find((s) => s.node.kind === 'construction' && s.node.construction.id === created.id),
    );
    assert.strictEqual(shown.item.contextValue, 'lca.construction.file.linked');
    assert.match(String(shown.item.description), / · pushed$/);

    // Pushing again unchanged: the file matches the service, so nothing is created.
    assert.strictEqual(await vscode.commands.executeCommand('lca.pushConstruction', uri), undefined);
    assert.strictEqual(await constructionCount(), before + 1);
  });

  it('push refuses a construction whose material does not exist, sending nothing', async () => {
    const uri = workspaceUri('integration-broken.construction.json');
    await writeJson(uri, {
      name: 'Integration broken',
      declaredUnit: { declaredUnit: 2, declaredValue: 1 },
      constructionEpds: [{ epdId: UNKNOWN_ID, constructionUnit: { unit: 2, amount: 1 } }],
    });
    const before = await constructionCount();
    assert.strictEqual(await vscode.commands.executeCommand('lca.pushConstruction', uri), undefined);
    assert.strictEqual(await constructionCount(), before);
  });

  it('import an LCAx EPD: a valid material file is written next to it', async () => {
    const source = workspaceUri('imports', 'concrete.lcax.json');
    await vscode.workspace.fs.writeFile(source, Buffer.from(readFixture('lcax', 'concrete-c30-37.lcax.json'), 'utf8'));
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.importLcax', source);
    assert.ok(uri, 'imported');
    assert.strictEqual(uri.toString(), workspaceUri('imports', 'ready-mix-concrete-c30-37-cem-ii-a-ll.material.json').toString());
    const body = await readJson(uri);
    assert.deepStrictEqual(validateAgainst('material', body), []);
    assert.deepStrictEqual(checkValue('material', body).filter((f) => f.severity !== 'info'), []);

    // Not an EPD: refused with a message, no file.
    const bad = workspaceUri('imports', 'not-an-epd.json');
    await writeJson(bad, { name: 'x', id: 'y', version: '1', declaredUnit: 'm2r1', impacts: {} });
    assert.strictEqual(await vscode.commands.executeCommand('lca.importLcax', bad), undefined);
  });
  it('bulk-created ids count only for the service of the sidecar (epdUrl): of another service the material is a file and its id unknown', async () => {
    const a = await api();
    const tree = libraryTree(a);
    // An id the local service does not have: only the sidecar vouches for it.
    const createdId = '7c1d0e55-0000-4000-8000-0000000000c1';
    const originalUUID = '7c1d0e55-0000-4000-8000-00000000a001';
    const materials = workspaceUri('integration-sidecar.materials.json');
    const sidecar = workspaceUri('integration-sidecar.materials.created.json');
    const sidecarFor = (epdUrl: string): unknown => ({
      $comment: 'Written by LCA Workbench: ids of the materials of integration-sidecar.materials.json created on the service. Do not edit.',
      source: 'integration-sidecar.materials.json',
      epdUrl,
      items: [{ originalUUID, originalVersion: '1.0', id: createdId, name: 'Integration sidecar board', createdAt: '2026-01-01T00:00:00Z' }],
    });
    const shownBoard = async (): Promise<Shown | undefined> =>
      (await groupItems(tree, 'materials')).find((s) => s.node.kind === 'material' && s.node.material.name === 'Integration sidecar board');

    await writeJson(sidecar, sidecarFor('https://epd.another-environment.example/api'));
    await writeJson(materials, [{ name: 'Integration sidecar board', originalUUID, originalVersion: '1.0', declaredUnit: { declaredUnit: 2, declaredValue: 1 } }]);
    const construction = workspaceUri('integration-sidecar.construction.json');
    await writeJson(construction, {
      name: 'Integration sidecar wall',
      declaredUnit: { declaredUnit: 2, declaredValue: 1 },
      constructionEpds: [{ epdId: createdId, constructionUnit: { unit: 2, amount: 1 } }],
    });
    await vscode.window.showTextDocument(construction);
    const unresolved = (): vscode.Diagnostic[] => vscode.languages.getDiagnostics(construction).filter((d) => d.source === 'LCA' && d.code === 'epd-unresolved');

    const asFile = await waitFor('the material of another service’s sidecar, shown as a file', async () => {
      const shown = await shownBoard();
      return shown && String(shown.item.description).endsWith(' · file') ? shown : undefined;
    });
    assert.strictEqual(asFile.item.contextValue, 'lca.material.file', 'no service id');
    await waitFor('the epdId of another service reported as unknown', () => unresolved()[0], 20_000);

    // The same ids recorded for this environment's service: bulk-created, and the epdId resolves.
    await writeJson(sidecar, sidecarFor(urls!.epdUrl + '/'));
    const created = await waitFor('the material as bulk-created', async () => {
      const shown = await shownBoard();
      return shown && String(shown.item.description).endsWith(' · bulk-created') ? shown : undefined;
    });
    assert.strictEqual(created.item.contextValue, 'lca.material.file.linked');
    await waitFor('the epd-unresolved diagnostic to go away', () => unresolved().length === 0, 20_000);
  });
});
