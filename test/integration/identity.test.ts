// Inside VS Code against the local service: ids belong to a service AND a signed-in identity (issue 16, items 3
// and 10). demo@example.com (Demo Arkitekter) bulk-creates two materials (their ids go into the workspace sidecar)
// and has a dashboard and an `lca:` document open; then other@example.com (Other Rådgivning) signs in. The other
// tenant's user sees the sidecar id flagged in a construction, the Library offers no Inspect/Pull on it, its
// dashboards and documents are closed, a push the service refuses (422) offers no Retry; Sign Out says so and
// clears the signed-in state from the views.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import * as vscode from 'vscode';
import { readSidecar, sidecarPathFor } from '../../src/core/bulk';
import { ASSUMED_CODES } from '../../src/core/codeTable';
import { newConstructionTemplate } from '../../src/core/templates';
import { MATERIAL_IDS, PROJECT_IDS } from '../../src/service/seed/ids';
import { MATERIAL_SPECS, materialItem } from '../../src/service/seed/materials';
import type { BulkCreateOutcome } from '../../src/extension/bulk';
import type { LibraryNode } from '../../src/extension/library/tree';
import { control, testServiceUrls } from './support/service';
import { api, signInAs } from './support/extension';
import { stubUi } from './support/ui';
import { dashboardTabs, recordDashboards } from './support/dashboards';
import { waitFor } from './support/wait';

const urls = testServiceUrls();
const DEMO = { kind: 'user', login: 'demo@example.com', secret: 'demo-password' } as const;

function workspaceUri(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder, name);
}

async function writeJson(uri: vscode.Uri, value: unknown): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, Buffer.from(JSON.stringify(value, null, 2) + '\n', 'utf8'));
}

function openLcaTabs(): string[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .flatMap((t) => {
      const input = t.input;
      if (input instanceof vscode.TabInputText) return [input.uri];
      if (input instanceof vscode.TabInputTextDiff) return [input.original, input.modified];
      return [];
    })
    .filter((u) => u.scheme === 'lca')
    .map((u) => u.toString());
}

/** The epdId problems VS Code shows for a construction file. */
function epdIdErrors(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error && d.code === 'epd-unresolved');
}

describe('identity: ids belong to a service and a tenant; sign-in changes and Sign Out', function () {
  const ui = stubUi();
  const dashboards = recordDashboards();
  this.timeout(120_000);
  const stamp = Date.now();
  const materialsUri = () => workspaceUri(`identity-${stamp}.materials.json`);
  const constructionUri = () => workspaceUri(`identity-${stamp}.construction.json`);
  const pushedUri = () => workspaceUri(`identity-push-${stamp}.construction.json`);
  let createdIds: string[] = [];
  let pushedConstructionId = '';

  before(async function () {
    if (!urls) this.skip();
    await signInAs('demo@example.com');
  });

  after(async () => {
    if (!urls) return;
    await control('clear-faults');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The other test files expect demo to be signed in.
    await signInAs('demo@example.com');
    for (const uri of [materialsUri(), constructionUri(), pushedUri(), vscode.Uri.file(sidecarPathFor(materialsUri().fsPath))]) {
      await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
    }
  });

  it('demo bulk-creates two materials: the sidecar says who created them, and demo’s construction using one has no epdId error', async () => {
    const items = [0, 1].map((i) => {
      const spec = MATERIAL_SPECS[i];
      return { ...materialItem(spec), name: `${spec.name} (identity #${i})`, originalUUID: randomUUID(), originalVersion: '1.0.0', isPublic: false, isCustom: true };
    });
    await writeJson(materialsUri(), items);
    const outcome = await vscode.commands.executeCommand<BulkCreateOutcome>('lca.bulkCreateMaterials', { uri: materialsUri(), confirm: true });
    assert.strictEqual(outcome?.outcome, 'ran');
    const sidecarText = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(sidecarPathFor(materialsUri().fsPath))));
    const sidecar = readSidecar(sidecarText);
    assert.ok(sidecar.ok);
    assert.strictEqual(sidecar.sidecar.createdBy, DEMO.login);
    createdIds = sidecar.sidecar.items.map((i) => i.id);
    assert.strictEqual(createdIds.length, 2);

    const a = await api();
    await waitFor('the sidecar ids in the catalog', () => createdIds.every((id) => a.testing.catalog.material(id)?.id === id));
    await writeJson(constructionUri(), newConstructionTemplate({ name: `Identity wall ${stamp}`, material: { id: createdIds[0], name: items[0].name, declaredUnit: (items[0] as Record<string, unknown>).declaredUnit as never } }, ASSUMED_CODES));
    await vscode.window.showTextDocument(constructionUri());
    // Demo's own id resolves (no lookup needed): after the checks ran, no epdId error.
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepStrictEqual(epdIdErrors(constructionUri()).map((d) => d.message), []);
    const lens = await waitFor('demo’s impact preview with figures', async () => {
      const t = await previewLens(constructionUri());
      return t && /kg CO₂e/.test(t) ? t : undefined;
    });
    assert.doesNotMatch(lens, /cannot be computed/);

    // Demo pushes it: the construction is linked, and the Library offers Inspect on it.
    ui.answerConfirmations(true);
    const created = await vscode.commands.executeCommand<{ id: string }>('lca.pushConstruction', constructionUri());
    assert.ok(created?.id, 'demo created the construction');
    const shown = await waitFor('demo’s construction, linked', async () => {
      const found = (await groupChildren(a, 'constructions')).find((n) => n.kind === 'construction' && n.construction.id === created.id);
      return found && a.testing.libraryTree.getTreeItem(found).contextValue === 'lca.construction.file.linked' ? found : undefined;
    });
    assert.strictEqual(offered('lca.inspectConstruction', a.testing.libraryTree.getTreeItem(shown).contextValue!), true, 'Inspect offered to demo');
    pushedConstructionId = created.id;
  });

  it('a dashboard the service refuses to this sign-in (another tenant’s project, 404) shows the error without Retry', async () => {
    await api();
    const panel = await vscode.commands.executeCommand<{ panel: vscode.WebviewPanel }>('lca.openDashboard', PROJECT_IDS.otherHousing);
    assert.ok(panel);
    const shown = await dashboards.message(panel, ['data', 'error']);
    assert.ok(shown.type === 'error', `the refusal, not data: ${JSON.stringify(shown).slice(0, 200)}`);
    assert.strictEqual(shown.retryable, false, `no Retry for: ${shown.message}`);
    panel.panel.dispose();
  });

  it('another tenant’s user: demo’s dashboard and lca: documents close, the sidecar id is flagged, the Library offers no Inspect or Pull on it', async () => {
    const a = await api();
    // demo has a dashboard and a record from the service open.
    const panel = await vscode.commands.executeCommand<{ panel: vscode.WebviewPanel }>('lca.openDashboard', PROJECT_IDS.office);
    assert.ok(panel);
    await dashboards.message(panel, 'data');
    await vscode.commands.executeCommand('lca.openLibraryItem', MATERIAL_IDS.concreteC30);
    await waitFor('an lca: document open', () => openLcaTabs().length > 0);
    const seq = ui.count();

    await signInAs('other@example.com');

    await waitFor('demo’s dashboards closed', () => dashboardTabs().length === 0);
    const closed = ui.messages(seq).find((m) => m.kind === 'info' && /Closed the dashboard of demo@example\.com/.test(m.message));
    assert.ok(closed, `a message says whose dashboard was closed: ${JSON.stringify(ui.messages(seq))}`);
    await waitFor('demo’s lca: documents closed', () => openLcaTabs().length === 0);

    // The construction using demo's bulk-created id: flagged for the other tenant (the service refuses it to them).
    const errors = await waitFor('the epdId flagged for other@example.com', () => {
      const found = epdIdErrors(constructionUri());
      return found.length ? found : undefined;
    });
    assert.match(errors[0].message, new RegExp(createdIds[0]));
    // Whose it is, not that nobody knows it: demo created it (its sidecar says so).
    assert.match(errors[0].message, /belongs to another sign-in \(demo@example\.com\)/);
    // The impact preview does not compute figures with it either.
    await waitFor('the preview saying it cannot be computed', async () => /cannot be computed/.test((await previewLens(constructionUri())) ?? ''));

    // The Library: the bulk-created material is shown as not readable, with neither Inspect nor Pull offered.
    const tree = a.testing.libraryTree;
    const node = await waitFor('the bulk-created material marked foreign', async () => {
      const roots = await tree.getChildren();
      const group = roots.find((n) => n.kind === 'group' && n.group === 'materials');
      // Materials are grouped by file / source: look inside each group.
      const children: LibraryNode[] = [];
      for (const n of group ? await tree.getChildren(group) : []) children.push(...(n.kind === 'source' ? await tree.getChildren(n) : [n]));
      const found = children.find((n) => n.kind === 'material' && n.material.id === createdIds[0]);
      return found && tree.getTreeItem(found).contextValue?.endsWith('.foreign') ? found : undefined;
    });
    const item = tree.getTreeItem(node);
    assert.strictEqual(item.contextValue, 'lca.material.file.foreign');
    assert.match(String(item.description), /not readable by you/);
    assert.strictEqual(offered('lca.pullById', item.contextValue!), false, 'no Pull on an id this identity cannot read');
    assert.strictEqual(offered('lca.copyLibraryId', item.contextValue!), true, 'its id can still be copied');

    // Demo's pushed construction: the other tenant cannot read it, so the Library offers no Inspect on it.
    const construction = await waitFor('demo’s construction marked foreign', async () => {
      const found = (await groupChildren(a, 'constructions')).find((n) => n.kind === 'construction' && n.construction.id === pushedConstructionId);
      return found && tree.getTreeItem(found).contextValue === 'lca.construction.file.foreign' ? found : undefined;
    });
    assert.strictEqual(offered('lca.inspectConstruction', tree.getTreeItem(construction).contextValue!), false, 'no Inspect for the other tenant');

    // Push of that construction: refused before anything is sent, with no Retry.
    const before = ui.count();
    const pushed = await vscode.commands.executeCommand('lca.pushConstruction', constructionUri());
    assert.strictEqual(pushed, undefined);
    const refusal = ui.messages(before).find((m) => m.kind === 'error');
    assert.ok(refusal, 'the push was refused');
    assert.match(refusal.message, /nothing was sent/);
    assert.ok(!refusal.actions?.includes('Retry'), `no Retry on: ${refusal.message}`);
  });

  it('a push the service refuses (422: the material belongs to the other tenant) offers no Retry', async () => {
    const a = await api();
    // The other id's lookup fails (503), so the pre-check cannot tell and the service is the one to refuse.
    await control('fail', { path: `/material/${createdIds[1]}`, status: 503, count: 20 });
    await writeJson(pushedUri(), newConstructionTemplate({ name: `Identity push ${stamp}`, material: { id: createdIds[1], name: 'x', declaredUnit: { declaredUnit: 3, declaredValue: 1 } } as never }, ASSUMED_CODES));
    await waitFor('the lookup failed', async () => {
      await a.testing.catalog.resolveEpdNow(createdIds[1]);
      return a.testing.catalog.lookupFailure(createdIds[1]);
    });
    const before = ui.count();
    ui.answerConfirmations(true);
    const pushed = await vscode.commands.executeCommand('lca.pushConstruction', pushedUri());
    await control('clear-faults');
    assert.strictEqual(pushed, undefined, 'not created');
    const refusal = await waitFor('the service’s refusal', () => ui.messages(before).find((m) => m.kind === 'error'));
    assert.match(refusal.message, /Push of .* failed/);
    assert.match(refusal.message, /422|no EPD material/i);
    assert.ok(!refusal.actions?.includes('Retry'), `no Retry on a 422: ${JSON.stringify(refusal)}`);
    assert.ok(refusal.actions?.includes('Open Log'), 'Open Log is still offered');
  });

  it('Sign Out says so and takes the signed-in state out of the views (projects, dashboards, lca: documents)', async () => {
    const a = await api();
    const panel = await vscode.commands.executeCommand<{ panel: vscode.WebviewPanel }>('lca.openDashboard', PROJECT_IDS.otherHousing);
    assert.ok(panel);
    await dashboards.message(panel, 'data');
    const projects = await a.testing.projectsTree.getChildren();
    assert.ok(projects.some((n) => n.kind === 'project'), 'the other tenant’s projects are listed while signed in');
    const seq = ui.count();

    await vscode.commands.executeCommand('lca.signOut');

    const said = ui.messages(seq).find((m) => m.kind === 'info' && /^Signed out of the LCA service \(other@example\.com on /.test(m.message));
    assert.ok(said, `a short message says who was signed out: ${JSON.stringify(ui.messages(seq))}`);
    await waitFor('the dashboard closed', () => dashboardTabs().length === 0);
    assert.deepStrictEqual(await a.testing.projectsTree.getChildren(), [], 'the Projects view shows its sign-in welcome');
    assert.deepStrictEqual(a.testing.projectsTree.lastProjects, [], 'no project of the previous account is kept');
    assert.deepStrictEqual(await vscode.authentication.getAccounts('lca'), [], 'the Accounts menu lists no LCA session');
  });
});

/** The impact preview's CodeLens title of a construction file. */
async function previewLens(uri: vscode.Uri): Promise<string | undefined> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 10);
  return lenses?.map((l) => l.command?.title ?? '').find((t) => t.startsWith('Impact preview'));
}

async function groupChildren(a: Awaited<ReturnType<typeof api>>, group: 'constructions' | 'materials'): Promise<LibraryNode[]> {
  const tree = a.testing.libraryTree;
  const node = (await tree.getChildren()).find((n) => n.kind === 'group' && n.group === group);
  // Materials are grouped by file / source: the items inside every group.
  const out: LibraryNode[] = [];
  for (const n of node ? await tree.getChildren(node) : []) out.push(...(n.kind === 'source' ? await tree.getChildren(n) : [n]));
  return out;
}

/** Whether the Library's context menu (package.json) offers `command` on an item with this contextValue. */
function offered(command: string, contextValue: string): boolean {
  const pkg = vscode.extensions.all.find((e) => e.id === 'lca-workbench.lca-workbench')!.packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
  return pkg.contributes.menus['view/item/context'].filter((m) => m.command === command).some((m) => matchesViewItem(m.when ?? '', contextValue));
}

/** Evaluates the `viewItem =~ /re/` or `viewItem == x` part of a menu's when clause for a contextValue. */
function matchesViewItem(when: string, contextValue: string): boolean {
  const re = /viewItem =~ \/(.+?)\/(?:\s|$)/.exec(when);
  if (re) return new RegExp(re[1]).test(contextValue);
  const eq = /viewItem == (\S+)/.exec(when);
  return eq ? eq[1] === contextValue : true;
}
