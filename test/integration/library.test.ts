// Inside VS Code against the local service: the Library tree (workspace files, pulled and looked-up materials, a
// construction's components, GWP descriptions), Pull by id, Push Construction after a declined and an accepted
// confirmation, new files from templates without diagnostics, and the LCAx EPD import.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { authenticateUser, LcaClient, type ConstructionRead } from '../../src/client';
import { findingsOfValue } from '../fixtures/checks';
import { validateAgainst } from '../../src/core/schemas';
import { ASSUMED_CODES } from '../../src/core/codeTable';
import { newMaterialTemplate } from '../../src/core/templates';
import { MATERIAL_IDS } from '../../src/service/seed/ids';
import { LibraryTreeProvider, type LibraryNode } from '../../src/extension/library/tree';
import type { LcaExtensionApi } from '../../src/extension/extension';
import { readFixture } from '../fixtures/paths';
import { control, testServiceUrls } from './support/service';
import { api, signInAs } from './support/extension';
import { stubUi } from './support/ui';
import { waitFor } from './support/wait';
import { format, msg } from '../../src/core/l10n';

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
  // Materials are grouped by file / source: the items of every group.
  const children = await tree.getChildren(node);
  const items: LibraryNode[] = [];
  for (const child of children) items.push(...(child.kind === 'source' ? await tree.getChildren(child) : [child]));
  return items.map((n) => ({ node: n, item: tree.getTreeItem(n) }));
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
  const ui = stubUi();
  this.timeout(90_000);

  before(async function () {
    if (!urls) this.skip();
    await signInAs('demo@example.com');
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
    assert.match(String(shown.item.description), /^282 kg CO₂e \/ m³ · pulled$/);
    assert.match((shown.item.tooltip as vscode.MarkdownString).value, new RegExp(id));
    // Its material family, and where it was read: the service's category tags (Concrete › Ready-mix concrete).
    assert.match((shown.item.tooltip as vscode.MarkdownString).value.replace(/\\(.)/g, '$1'), /Family: structural concrete \(from the tag Ready-mix concrete\)/);
  });

  it('a folder written at once with its material, as an unzip or a checkout does: the Library lists the material', async () => {
    const a = await api();
    const deep = path.join(workspaceUri('unzipped-library', 'epds', '2026').fsPath);
    fs.mkdirSync(deep, { recursive: true });
    fs.writeFileSync(path.join(deep, 'unzipped.material.json'), JSON.stringify({ name: 'Unzipped fibre board', originalUUID: 'unzipped-fibre-board' }));
    const shown = await waitFor('the material of the new folder in the tree', async () =>
      (await groupItems(libraryTree(a), 'materials')).find((s) => s.node.kind === 'material' && s.node.material.name === 'Unzipped fibre board'),
    );
    assert.strictEqual(shown.node.kind === 'material' && shown.node.material.uri?.fsPath, path.join(deep, 'unzipped.material.json'));
    await vscode.workspace.fs.delete(workspaceUri('unzipped-library'), { recursive: true, useTrash: false });
  });

  it('pull refuses an id that is not a UUID and reports an unknown one, writing nothing', async () => {
    assert.strictEqual(await vscode.commands.executeCommand('lca.pullById', 'not-an-id'), undefined);
    assert.strictEqual(await vscode.commands.executeCommand('lca.pullById', UNKNOWN_ID), undefined);
  });

  it('new material, materials file and construction from templates are valid; the materials only warn that their results are still the template\'s zeros', async () => {
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
      const findings = findingsOfValue(kind, value, { resolveEpd: a.testing.catalog.resolveEpd });
      // A material's results are the template's zeros until filled in: that warning only.
      assert.deepStrictEqual(findings.map((f) => f.ruleId), kind === 'construction' ? [] : ['results-template'], uri.path);
    }
    // Give the language features the time they took for the broken file, then nothing may be reported.
    await new Promise((r) => setTimeout(r, 2000));
    // The new material's results are still the template's zeros: that one warning, and its description says what to fill in.
    const templateWarning = `LCA ${format(msg('Every result of this material is 0, as in the New Material template: fill in the figures of its EPD. Sent like this, it counts as zero emissions in every construction.'))}`;
    assert.deepStrictEqual(problemsOf(material), [templateWarning], material.path);
    assert.deepStrictEqual(problemsOf(materials), [templateWarning], materials.path);
    assert.deepStrictEqual(problemsOf(construction), [], construction.path);
    assert.match(String((await readJson(material) as { description: string }).description), /^To fill in from the EPD before pushing/);
    await vscode.workspace.fs.delete(broken);
  });

  it('the tree lists workspace constructions with GWP and their components, and looks up referenced materials', async () => {
    const a = await api();
    const tree = libraryTree(a);
    const deck = await waitFor('the new construction in the tree', async () =>
      (await groupItems(tree, 'constructions')).find((s) => s.node.kind === 'construction' && s.node.construction.name === 'Integration deck'),
    );
    // 1 m² × 0.1 m of concrete C30/37 at 282 kg CO2e/m³.
    assert.strictEqual(deck.item.description, '28.2 kg CO₂e / m² · file');
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
    assert.match(String(woolShown.item.description), /kg CO₂e \/ .+ · service$/);
    assert.strictEqual(woolShown.item.contextValue, 'lca.material.linked');
    const roofShown = await waitFor('the roof with its GWP', async () => {
      const found = (await groupItems(tree, 'constructions')).find((s) => s.node.kind === 'construction' && s.node.construction.name === 'Integration roof insulation');
      return found && /kg CO₂e/.test(String(found.item.description)) ? found : undefined;
    });
    assert.match(String(roofShown.item.description), /^[-\d.]+ kg CO₂e \/ m² · file$/);
  });

  it('constructions of one name (a file and its copy from a round trip) are told apart by their files; a name of its own shows none', async () => {
    const tree = libraryTree(await api());
    const body = { name: 'Integration twin', declaredUnit: { declaredUnit: 2, declaredValue: 1 }, constructionEpds: [{ epdId: MATERIAL_IDS.concreteC30, constructionUnit: { unit: 2, amount: 1, height: 0.1 } }] };
    const files = [workspaceUri('twins', 'twin.construction.json'), workspaceUri('twins', 'imported', 'twin.construction.json')];
    try {
      for (const f of files) await writeJson(f, body);
      const twins = await waitFor('both twins in the tree', async () => {
        await vscode.commands.executeCommand('lca.refreshLibrary');
        const found = (await groupItems(tree, 'constructions')).filter((s) => s.node.kind === 'construction' && s.node.construction.name === 'Integration twin');
        return found.length === 2 ? found : undefined;
      });
      assert.deepStrictEqual(twins.map((t) => String(t.item.description)).sort(), ['28.2 kg CO₂e / m² · file · twins/imported/twin.construction.json', '28.2 kg CO₂e / m² · file · twins/twin.construction.json']);
      const deck = (await groupItems(tree, 'constructions')).find((s) => s.node.kind === 'construction' && s.node.construction.name === 'Integration deck');
      assert.strictEqual(deck?.item.description, '28.2 kg CO₂e / m² · file', 'a name no other construction has: no file named');
    } finally {
      await vscode.workspace.fs.delete(workspaceUri('twins'), { recursive: true }).then(undefined, () => undefined);
    }
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
    ui.answerConfirmations(false);
    assert.strictEqual(await vscode.commands.executeCommand('lca.pushConstruction', uri), undefined);
    assert.strictEqual(await constructionCount(), before, 'declined: nothing created');

    ui.answerConfirmations(true);
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

  it('push of a construction with a schema problem refuses with the count, words and line:column of its red errors in Problems', async () => {
    await api();
    const uri = workspaceUri('integration-schema.construction.json');
    await writeJson(uri, {
      name: 'Integration schema',
      declaredUnit: { declaredUnit: 2, declaredValue: '1' },
      constructionEpds: [{ epdId: MATERIAL_IDS.concreteC30, constructionUnit: { unit: 3 } }],
    });
    await vscode.window.showTextDocument(uri);
    const red = await waitFor('two red schema errors', () => {
      const errors = vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
      return errors.length >= 2 ? errors.sort((x, y) => x.range.start.compareTo(y.range.start)) : undefined;
    });
    assert.strictEqual(red.length, 2, red.map((d) => d.message).join(' | '));
    const before = await constructionCount();
    const seq = ui.count();
    assert.strictEqual(await vscode.commands.executeCommand('lca.pushConstruction', uri), undefined);
    const shown = ui.messages(seq).find((m) => m.kind === 'error');
    const first = `${red[0].range.start.line + 1}:${red[0].range.start.character + 1} ${red[0].message}`;
    assert.strictEqual(shown?.message, `integration-schema.construction.json has 2 error(s) — nothing was sent. First: ${first}`);
    assert.strictEqual(await constructionCount(), before, 'nothing sent');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('import an LCAx EPD: a valid material file is written next to it', async () => {
    const source = workspaceUri('imports', 'concrete.lcax.json');
    await vscode.workspace.fs.writeFile(source, Buffer.from(readFixture('lcax', 'concrete-c30-37.lcax.json'), 'utf8'));
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.importLcax', source);
    assert.ok(uri, 'imported');
    assert.strictEqual(uri.toString(), workspaceUri('imports', 'ready-mix-concrete-c30-37-cem-ii-a-ll.material.json').toString());
    const body = await readJson(uri);
    assert.deepStrictEqual(validateAgainst('material', body), []);
    assert.deepStrictEqual(findingsOfValue('material', body).filter((f) => f.severity !== 'info'), []);

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
    const sidecarFor = (epdUrl: string, createdBy?: string): unknown => ({
      $comment: 'Written by LCA Workbench: ids of the materials of integration-sidecar.materials.json created on the service. Do not edit.',
      source: 'integration-sidecar.materials.json',
      epdUrl,
      ...(createdBy ? { createdBy } : {}),
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

    // The same ids recorded for this environment's service by the signed-in user: bulk-created, and the epdId resolves.
    await writeJson(sidecar, sidecarFor(urls!.epdUrl + '/', 'DEMO@example.com'));
    const created = await waitFor('the material as bulk-created', async () => {
      const shown = await shownBoard();
      return shown && String(shown.item.description).endsWith(' · bulk-created') ? shown : undefined;
    });
    assert.strictEqual(created.item.contextValue, 'lca.material.file.linked');
    await waitFor('the epd-unresolved diagnostic to go away', () => unresolved().length === 0, 20_000);

    // A sidecar that does not say who created its ids (written before createdBy existed): the id is checked with the
    // service, which does not know it, so it is flagged and the Library marks it as not readable.
    await writeJson(sidecar, sidecarFor(urls!.epdUrl));
    const unconfirmed = await waitFor('the unconfirmed id marked not readable', async () => {
      const shown = await shownBoard();
      return shown?.item.contextValue === 'lca.material.file.foreign' ? shown : undefined;
    });
    assert.match(String(unconfirmed.item.description), /not readable by you/);
    await waitFor('the unconfirmed epdId reported', () => unresolved()[0], 20_000);
  });

  it('an item of a bulk file with its own id and no sidecar (a pulled record) is offered with that id, as the tools for agents read it', async () => {
    const a = await api();
    const tree = libraryTree(a);
    const materials = workspaceUri('integration-pulled-ids.materials.json');
    await writeJson(materials, [
      { id: MATERIAL_IDS.mineralWool, name: 'Integration pulled wool', originalUUID: '7c1d0e55-0000-4000-8000-00000000b001', originalVersion: '1.0', declaredUnit: { declaredUnit: 2, declaredValue: 1 } },
      { name: 'Integration unpushed wool', originalUUID: '7c1d0e55-0000-4000-8000-00000000b002', originalVersion: '1.0', declaredUnit: { declaredUnit: 2, declaredValue: 1 } },
    ]);
    const shown = async (name: string): Promise<Shown | undefined> =>
      (await groupItems(tree, 'materials')).find((x) => x.node.kind === 'material' && x.node.material.name === name);
    const pulled = await waitFor('the item with its own id, shown as pulled', async () => {
      const x = await shown('Integration pulled wool');
      return x && String(x.item.description).endsWith(' · pulled') ? x : undefined;
    });
    assert.strictEqual(pulled.node.kind === 'material' && pulled.node.material.id, MATERIAL_IDS.mineralWool);
    const unpushed = await shown('Integration unpushed wool');
    assert.ok(unpushed && String(unpushed.item.description).endsWith(' · file'), `without an id it stays a file: ${unpushed?.item.description}`);
    await vscode.workspace.fs.delete(materials);
  });
});

describe('library: Push Material of a *.material.json (and bulk create of several)', function () {
  const ui = stubUi();
  // Generous: on a loaded machine the first push (diff editor, Library refresh) has taken close to a minute.
  this.timeout(180_000);

  async function materialCount(): Promise<number> {
    const origin = new URL(urls!.baseUrl).origin;
    const stats = (await (await fetch(`${origin}/__sandbox/stats`)).json()) as { tenants: Record<string, { materials: number }> };
    return stats.tenants['Demo Arkitekter'].materials;
  }

  before(async function () {
    if (!urls) this.skip();
    await signInAs('demo@example.com');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('is offered for *.material.json in the editor title, the Explorer, the Library and the palette; bulk create takes several selected', () => {
    const pkg = vscode.extensions.getExtension('lca-workbench.lca-workbench')!.packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
    const menus = pkg.contributes.menus;
    for (const menu of ['editor/title', 'explorer/context', 'commandPalette', 'view/item/context']) {
      const entry = menus[menu].find((m) => m.command === 'lca.pushMaterial');
      assert.ok(entry, `Push Material in ${menu}`);
      if (menu === 'view/item/context') assert.match(entry.when ?? '', /lca\\\.material\\\.file/);
      else assert.match(entry.when ?? '', /\\\.material\\\.json/);
    }
    assert.ok(menus['explorer/context'].some((m) => m.command === 'lca.bulkCreateMaterials' && /listMultiSelection/.test(m.when ?? '') && /\\\.material\\\.json/.test(m.when ?? '')));
  });

  it('a single material pushed twice: created once, the second push says "already on the service"', async () => {
    const a = await api();
    const name = `Pushed board ${Date.now()}`;
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.newMaterial', { name, declaredUnit: 2 });
    assert.ok(uri && /\.material\.json$/.test(uri.path), 'a *.material.json was written');
    const before = await materialCount();

    // First push: a diff and a question, then the material is created and its id recorded next to the file.
    let seq = ui.count();
    // The template's zero results are asked about first ("Push Anyway"), then the confirmation.
    ui.answerConfirmations(true, true);
    const first = await vscode.commands.executeCommand<{ outcome: string; materials?: { id?: string }[]; message?: string }>('lca.pushMaterial', uri);
    assert.strictEqual(first?.outcome, 'created', JSON.stringify(first));
    const asked = ui.messages(seq).filter((m) => m.kind === 'confirm');
    assert.deepStrictEqual(asked.map((m) => m.message), [`"${name}" still has the template's zero results. Push anyway?`, `Create material "${name}" on the LCA service?`]);
    const id = first.materials?.[0]?.id;
    assert.ok(id, 'the new id');
    assert.ok(ui.messages(seq).some((m) => m.kind === 'info' && m.message.includes(`Created material "${name}" (${id})`)));
    assert.strictEqual((await materialCount()) - before, 1, 'created once');
    assert.strictEqual((await (await serviceClient()).getMaterial(id)).name, name);
    const sidecar = vscode.Uri.file(uri.fsPath.replace(/\.material\.json$/, '.material.created.json'));
    assert.match(new TextDecoder().decode(await vscode.workspace.fs.readFile(sidecar)), new RegExp(id));
    // The Library knows the id: the material shows as pushed, with Copy Id / Pull.
    const shown = await waitFor('the pushed material in the Library', async () =>
      (await groupItems(libraryTree(a), 'materials')).find((s) => s.node.kind === 'material' && s.node.material.name === name && s.node.material.id === id),
    );
    assert.strictEqual(shown.item.contextValue, 'lca.material.file.linked');
    assert.match(String(shown.item.description), / · pushed$/);

    // Second push: nothing asked, nothing sent, and it says so.
    seq = ui.count();
    const second = await vscode.commands.executeCommand<{ outcome: string; message?: string }>('lca.pushMaterial', uri);
    assert.strictEqual(second?.outcome, 'already-on-service');
    const told = ui.messages(seq);
    assert.ok(!told.some((m) => m.kind === 'confirm'), 'not asked again');
    assert.ok(told.some((m) => m.kind === 'info' && m.message.includes('is already on the service') && m.message.includes(id)), JSON.stringify(told));
    assert.strictEqual((await materialCount()) - before, 1, 'not sent again');

    // Even without the sidecar, the service recognises the material (409 existingId): nothing is created twice.
    await vscode.workspace.fs.delete(sidecar);
    seq = ui.count();
    ui.answerConfirmations(true, true);
    const third = await vscode.commands.executeCommand<{ outcome: string; materials?: { id?: string }[] }>('lca.pushMaterial', uri);
    assert.strictEqual(third?.outcome, 'already-on-service');
    assert.strictEqual(third.materials?.[0]?.id, id);
    assert.ok(ui.messages(seq).some((m) => m.kind === 'info' && m.message.includes(`is already on the service as ${id}`)));
    assert.strictEqual((await materialCount()) - before, 1, 'still once');
  });

  it('a new material still holding the template\'s zeros: a warning in the editor, and a question before push — Cancel sends nothing, Push Anyway pushes', async () => {
    await api();
    const name = `Template zeros ${Date.now()}`;
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.newMaterial', { name, declaredUnit: 3 });
    assert.ok(uri);
    await vscode.window.showTextDocument(uri);
    const warning = await waitFor('the results-template warning', () =>
      vscode.languages.getDiagnostics(uri).find((d) => d.source === 'LCA' && d.code === 'results-template'),
    );
    assert.strictEqual(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(warning.message, /^Every result of this material is 0, as in the New Material template/);
    const before = await materialCount();

    // Cancel: nothing is sent, no sidecar is written, and the confirmation is not even asked.
    let seq = ui.count();
    ui.answerConfirmations(false);
    const cancelled = await vscode.commands.executeCommand<{ outcome: string }>('lca.pushMaterial', uri);
    assert.strictEqual(cancelled?.outcome, 'declined');
    const asked = ui.messages(seq).filter((m) => m.kind === 'confirm');
    assert.deepStrictEqual(asked.map((m) => [m.message, m.actions]), [[`"${name}" still has the template's zero results. Push anyway?`, ['Push Anyway']]]);
    assert.match(asked[0].detail ?? '', /counts as zero emissions/);
    assert.strictEqual(await materialCount(), before, 'nothing sent');
    const sidecar = vscode.Uri.file(uri.fsPath.replace(/\.material\.json$/, '.material.created.json'));
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(sidecar)), 'no sidecar');

    // Bulk Create of the same file (a selected *.material.json) asks the same, and Cancel sends nothing.
    seq = ui.count();
    ui.answerConfirmations(false);
    const bulkCancelled = await vscode.commands.executeCommand<{ outcome: string }>('lca.bulkCreateMaterials', uri);
    assert.strictEqual(bulkCancelled?.outcome, 'declined');
    assert.deepStrictEqual(ui.messages(seq).filter((m) => m.kind === 'confirm').map((m) => m.message), [`"${name}" still has the template's zero results. Push anyway?`]);
    assert.strictEqual(await materialCount(), before, 'nothing sent');

    // Push Anyway, then the confirmation: created.
    seq = ui.count();
    ui.answerConfirmations(true, true);
    const pushed = await vscode.commands.executeCommand<{ outcome: string; materials?: { id?: string }[] }>('lca.pushMaterial', uri);
    assert.strictEqual(pushed?.outcome, 'created', JSON.stringify(pushed));
    assert.strictEqual((await materialCount()) - before, 1);
    const id = pushed.materials?.[0]?.id;
    assert.ok(id);
    assert.strictEqual((await (await serviceClient()).getMaterial(id)).name, name);
  });

  it('a materials file with template zeros: bulk create names them in one question, Cancel sends nothing', async () => {
    await api();
    const stamp = Date.now();
    const uri = workspaceUri(`zeros-${stamp}.materials.json`);
    const names = [`Zeros A ${stamp}`, `Zeros B ${stamp}`];
    await writeJson(uri, names.map((name) => newMaterialTemplate({ name, declaredUnit: 2 }, ASSUMED_CODES)));
    const before = await materialCount();
    const seq = ui.count();
    ui.answerConfirmations(false);
    const outcome = await vscode.commands.executeCommand<{ outcome: string }>('lca.bulkCreateMaterials', uri);
    assert.strictEqual(outcome?.outcome, 'declined');
    assert.deepStrictEqual(ui.messages(seq).filter((m) => m.kind === 'confirm').map((m) => m.message), [
      `2 materials still have the template's zero results: "${names[0]}", "${names[1]}". Create anyway?`,
    ]);
    assert.deepStrictEqual(ui.messages(seq).filter((m) => m.kind === 'confirm').map((m) => m.actions), [['Create Anyway']], 'the button says what the command does');
    assert.strictEqual(await materialCount(), before, 'nothing sent');
    await vscode.workspace.fs.delete(uri);
  });

  it('a file with broken JSON: the refusal gives the count Problems shows for it and the first one\'s line:column; a unit written as text has a quick fix', async () => {
    await api();
    const name = `Broken ${Date.now()}`;
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.newMaterial', { name, declaredUnit: 3 });
    assert.ok(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    // A comma taken out (broken JSON) and a unit written as text where the schema wants its code.
    const text = doc.getText();
    const comma = text.indexOf(',', text.indexOf('"originalVersion"'));
    const unitAt = text.indexOf('"declaredUnit": 3,');
    await editor.edit((e) => {
      e.replace(new vscode.Range(doc.positionAt(unitAt), doc.positionAt(unitAt + '"declaredUnit": 3'.length)), '"declaredUnit": "m3"');
      e.delete(new vscode.Range(doc.positionAt(comma), doc.positionAt(comma + 1)));
    });
    const errors = (): vscode.Diagnostic[] =>
      vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error).sort((x, y) => x.range.start.compareTo(y.range.start));
    // VS Code's JSON language server and the LCA check publish on their own schedules: wait until both have, and nothing changes.
    let shown: vscode.Diagnostic[] = [];
    await waitFor('the syntax error and the unit text in Problems', async () => {
      const now = errors();
      if (!now.some((d) => d.source !== 'LCA') || !now.some((d) => d.code === 'unit-text')) return undefined;
      await new Promise((r) => setTimeout(r, 1500));
      shown = errors();
      return shown.length === now.length ? true : undefined;
    }, 30_000);
    const where = (d: vscode.Diagnostic): string => `${d.range.start.line + 1}:${d.range.start.character + 1}`;
    assert.strictEqual(shown.filter((d) => d.code === 'schema' && /declaredUnit/.test(d.message)).length, 0, 'the unit text is reported once');

    const before = await materialCount();
    const seq = ui.count();
    const refused = await vscode.commands.executeCommand<{ outcome: string; problems?: { count: number } }>('lca.pushMaterial', uri);
    assert.strictEqual(refused?.outcome, 'invalid');
    const refusal = ui.messages(seq).find((m) => m.kind === 'error');
    assert.ok(refusal, 'a refusal was shown');
    const all = vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
    assert.strictEqual(refused.problems?.count, all.length, `Problems: ${all.map((d) => `${where(d)} ${d.source} ${d.message}`).join(' | ')}; refusal: ${refusal.message}`);
    assert.ok(refusal.message.includes(`has ${all.length} errors — nothing was sent. Fix them and run Push Material again. First: ${where(shown[0])} ${shown[0].message}`), refusal.message);
    assert.deepStrictEqual(refusal.actions, ['Show Problems']);
    assert.strictEqual(await materialCount(), before, 'nothing sent');

    // The unit text's quick fix writes the code.
    const unitDiagnostic = shown.find((d) => d.code === 'unit-text')!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, unitDiagnostic.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => /^Change to 3 \(M3/.test(a.title));
    assert.ok(fix?.edit, `offered: ${actions.map((a) => a.title).join(', ')}`);
    await vscode.workspace.applyEdit(fix.edit);
    assert.match(doc.getText(), /"declaredUnit": 3,/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Push on a Library item of a *.materials.json sends that one material; bulk create then sends only the rest', async () => {
    const a = await api();
    const stamp = Date.now();
    const uri = workspaceUri(`push-one-${stamp}.materials.json`);
    const names = [`Library item A ${stamp}`, `Library item B ${stamp}`];
    await writeJson(uri, names.map((name) => newMaterialTemplate({ name, declaredUnit: 2 }, ASSUMED_CODES)));
    const shown = await waitFor('item B in the Library', async () =>
      (await groupItems(libraryTree(a), 'materials')).find((s) => s.node.kind === 'material' && s.node.material.name === names[1]),
    );
    assert.strictEqual(shown.item.contextValue, 'lca.material.file', 'Push is offered on it (viewItem =~ /^lca\\.material\\.file/)');
    const before = await materialCount();
    ui.answerConfirmations(true, true);
    const pushed = await vscode.commands.executeCommand<{ outcome: string; materials?: { name: string; id?: string }[] }>('lca.pushMaterial', shown.node);
    assert.strictEqual(pushed?.outcome, 'created', JSON.stringify(pushed));
    assert.deepStrictEqual(pushed.materials?.map((m) => m.name), [names[1]]);
    assert.strictEqual((await materialCount()) - before, 1);
    ui.answerConfirmations(true, true);
    const bulk = await vscode.commands.executeCommand<{ outcome: string; alreadyCreated?: number; toSend?: number }>('lca.bulkCreateMaterials', uri);
    assert.strictEqual(bulk?.outcome, 'ran');
    assert.deepStrictEqual([bulk.alreadyCreated, bulk.toSend], [1, 1], 'the pushed one is recorded in the materials file’s sidecar');
    assert.strictEqual((await materialCount()) - before, 2);
  });

  it('bulk create of several selected *.material.json: each created once, each id next to its file', async () => {
    await api();
    const stamp = Date.now();
    const one = await vscode.commands.executeCommand<vscode.Uri>('lca.newMaterial', { name: `Selected A ${stamp}`, declaredUnit: 3 });
    const two = await vscode.commands.executeCommand<vscode.Uri>('lca.newMaterial', { name: `Selected B ${stamp}`, declaredUnit: 4 });
    assert.ok(one && two);
    const before = await materialCount();
    ui.answerConfirmations(true, true);
    // As the Explorer calls it: the clicked file, then the selection.
    const outcome = await vscode.commands.executeCommand<{ outcome: string; result?: { created: { id: string }[] } }>('lca.bulkCreateMaterials', one, [one, two]);
    assert.strictEqual(outcome?.outcome, 'ran', JSON.stringify(outcome));
    assert.strictEqual(outcome.result?.created.length, 2);
    assert.strictEqual((await materialCount()) - before, 2);
    for (const [uri, created] of [[one, outcome.result.created[0]], [two, outcome.result.created[1]]] as const) {
      const sidecar = vscode.Uri.file(uri.fsPath.replace(/\.material\.json$/, '.material.created.json'));
      assert.match(new TextDecoder().decode(await vscode.workspace.fs.readFile(sidecar)), new RegExp(created.id));
    }
    // Again: nothing to send.
    const again = await vscode.commands.executeCommand<{ outcome: string }>('lca.bulkCreateMaterials', one, [one, two]);
    assert.strictEqual(again?.outcome, 'nothing-to-send');
    assert.strictEqual((await materialCount()) - before, 2);
  });

  it('materials are grouped by file in natural order (CLT #2 before CLT #10), and a bulk file’s sidecar ids are offered in epdId completion, searchable by unit and GWP', async () => {
    const a = await api();
    const tree = libraryTree(a);
    const names = ['CLT #10', 'CLT #2', 'CLT #1'];
    const uuid = (i: number): string => `c1700000-0000-4000-8000-00000000000${i}`;
    const id = (i: number): string => `c1700000-0000-4000-8000-0000000000a${i}`;
    const materials = workspaceUri('integration-clt.materials.json');
    await writeJson(workspaceUri('integration-clt.materials.created.json'), {
      $comment: 'Written by LCA Workbench: ids of the materials of integration-clt.materials.json created on the service. Do not edit.',
      source: 'integration-clt.materials.json',
      epdUrl: urls!.epdUrl + '/',
      items: names.map((name, i) => ({ originalUUID: uuid(i), originalVersion: '1', id: id(i), name, createdAt: '2026-01-01T00:00:00Z' })),
    });
    await writeJson(
      materials,
      names.map((name, i) => ({
        name,
        originalUUID: uuid(i),
        originalVersion: '1',
        declaredUnit: { declaredUnit: 3, declaredValue: 1 },
        lciaResults: [{ moduleTypeEnum: 0, moduleStatusEnum: 2, indicators: [{ type: 'GWP_TOTAL', unit: 'kg CO2 eq', value: 100 + i }] }],
      })),
    );
    const group = await waitFor('a Library group for the CLT file with its three materials', async () => {
      const roots = await tree.getChildren();
      const materialsGroup = roots.find((n) => n.kind === 'group' && n.group === 'materials');
      const sources = materialsGroup ? await tree.getChildren(materialsGroup) : [];
      const found = sources.find((n) => n.kind === 'source' && n.uri?.toString() === materials.toString());
      return found?.kind === 'source' && found.count === 3 ? found : undefined;
    });
    assert.strictEqual(String(tree.getTreeItem(group).label), 'integration-clt.materials.json');
    const shown = (await tree.getChildren(group)).map((n) => String(tree.getTreeItem(n).label));
    assert.deepStrictEqual(shown, ['CLT #1', 'CLT #2', 'CLT #10']);

    const construction = workspaceUri('integration-clt.construction.json');
    await vscode.workspace.fs.writeFile(
      construction,
      Buffer.from('{\n  "name": "CLT deck",\n  "declaredUnit": { "declaredUnit": 2, "declaredValue": 1 },\n  "constructionEpds": [ { "epdId": "", "constructionUnit": { "unit": 3, "amount": 0.2 } } ]\n}\n'),
    );
    const doc = await vscode.workspace.openTextDocument(construction);
    await vscode.window.showTextDocument(doc);
    const at = doc.positionAt(doc.getText().indexOf('"epdId": ""') + 10);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, at);
    const label = (i: vscode.CompletionItem): string => (typeof i.label === 'string' ? i.label : i.label.label);
    const clt = list.items.filter((i) => label(i).startsWith('CLT #')).sort((x, y) => String(x.sortText).localeCompare(String(y.sortText)));
    assert.deepStrictEqual(clt.map(label), ['CLT #1', 'CLT #2', 'CLT #10'], `offered: ${list.items.map(label).join(', ')}`);
    assert.strictEqual(clt[1].insertText, `"${id(1)}"`, 'the id from the sidecar');
    assert.match(String(clt[1].filterText), /m³/, 'searchable by the declared unit');
    assert.match(String(clt[1].filterText), /101/, 'searchable by GWP');

    // "Pick a known material…" offers the same materials of the bulk file, and writes the chosen one's sidecar id.
    ui.answerQuickPicks('CLT #10');
    const picked = await vscode.commands.executeCommand<string>('lca.pickEpdId', doc.uri, ['constructionEpds', 0, 'epdId']);
    assert.strictEqual(picked, id(0));
    assert.match(doc.getText(), new RegExp(`"epdId": "${id(0)}"`));
  });
});
