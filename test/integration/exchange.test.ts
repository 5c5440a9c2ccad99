// Inside VS Code with `lca.language: da`: Export as LCAbyg Component… from the Explorer (a selection of two
// construction files) and from the Library (a construction node), Export as LCAx… from the editor, each writing its
// file and a Danish report beside it with the preview's figures; and LCAbyg's own files through Import EPDs… — the
// LCAbyg example project (a user construction and product) and BUILD's wall with the Tabel 7 rows it uses — giving
// construction and material files and a Danish report.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ImportOutcome } from '../../src/extension/import';
import type { ExchangeExportOutcome } from '../../src/extension/export';
import type { LibraryTreeProvider } from '../../src/extension/library/tree';
import type { LibraryNode } from '../../src/extension/library/treeNodes';
import { seedMaterials } from '../../src/service/seed/materials';
import { materialId } from '../../src/service/seed/ids';
import { UNIT } from '../../src/core/codes';
import { FIXTURES } from '../fixtures/paths';
import { api, signInAs } from './support/extension';
import { testServiceUrls } from './support/service';
import { PROJECT_IDS } from '../../src/service/seed/ids';
import { stubUi } from './support/ui';
import { activePreview, waitFor } from './support/wait';

function workspaceUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder, ...parts);
}

const seeded = new Map(seedMaterials().map((s) => [s.id, s.item as { originalUUID: string }]));
/** A construction whose components name the workspace's materials file by originalUUID (no sign-in needed). */
const construction = (name: string, parts: [string, number, number][]) => ({
  name,
  declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 },
  constructionEpds: parts.map(([key, unit, amount]) => ({ epdId: seeded.get(materialId(key))!.originalUUID, constructionUnit: { unit, amount } })),
});

type Item = { Node?: Record<string, { id: string; name?: { Danish?: string } }>; Edge?: [Record<string, { amount?: number }>, string, string] };

describe('LCAbyg and LCAx: export and import (Danish UI)', function () {
  const ui = stubUi();
  this.timeout(120_000);
  const dir = workspaceUri('exchange');

  before(async () => {
    await api();
    await vscode.workspace.getConfiguration('lca').update('language', 'da', vscode.ConfigurationTarget.Global);
    fs.mkdirSync(dir.fsPath, { recursive: true });
    fs.writeFileSync(path.join(dir.fsPath, 'tabel7.materials.json'), JSON.stringify(seedMaterials().filter((s) => s.tenant === 'public').map((s) => s.item), null, 2));
    fs.writeFileSync(path.join(dir.fsPath, 'ydervaeg.construction.json'), JSON.stringify(construction('Ydervæg', [['brick', UNIT.M3, 0.108], ['mineral-wool', UNIT.M3, 0.195], ['precast-wall-20', UNIT.M2, 1]]), null, 2));
    fs.writeFileSync(path.join(dir.fsPath, 'etagedaek.construction.json'), JSON.stringify(construction('Etagedæk', [['hollow-core-22', UNIT.M2, 1], ['concrete-c30-37', UNIT.M3, 0.05]]), null, 2));
  });

  after(async () => {
    await vscode.workspace.getConfiguration('lca').update('language', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(dir.fsPath, { recursive: true, force: true });
  });

  it('Explorer: exports two constructions as one LCAbyg component file with a Danish report', async () => {
    const files = [vscode.Uri.joinPath(dir, 'ydervaeg.construction.json'), vscode.Uri.joinPath(dir, 'etagedaek.construction.json')];
    const target = vscode.Uri.joinPath(dir, 'to-lcabyg.lcabyg.json');
    // Written a moment ago: the export finds the materials file whether or not the file watcher has reported it yet.
    const outcome = await vscode.commands.executeCommand<ExchangeExportOutcome | undefined>('lca.exportLcabygComponent', files[0], files, target);
    assert.ok(outcome, 'exported');
    assert.deepStrictEqual([outcome.written, outcome.refused], [2, 0]);
    const items = JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as Item[];
    const constructions = items.filter((i) => i.Node?.Construction).map((i) => i.Node!.Construction.name?.Danish);
    assert.deepStrictEqual(constructions, ['Ydervæg', 'Etagedæk']);
    const brickEdge = items.find((i) => i.Edge?.[0].ConstructionToProduct && i.Edge[0].ConstructionToProduct.amount === 0.108);
    assert.ok(brickEdge, 'the brick component: 0.108 m³ per m² of wall');
    const report = fs.readFileSync(outcome.report.fsPath, 'utf8');
    assert.match(report, /^# LCAbyg-eksport: to-lcabyg\.lcabyg\.json/);
    assert.match(report, /LCAbyg afviser en import med id'er, som det allerede har/);
    // The report is opened rendered (VS Code's Markdown preview), as every report.
    const preview = await activePreview();
    assert.ok(preview, `the report is shown rendered; the active tab is ${vscode.window.tabGroups.activeTabGroup.activeTab?.label}`);
    assert.match(preview.label, /to-lcabyg\.lcabyg\.report\.md/);
    assert.deepStrictEqual(ui.messages().filter((m) => m.kind === 'error').map((m) => m.message), []);
  });

  it('Library: exports a construction node as an LCAbyg component; the same construction gets the same ids', async () => {
    const a = await api();
    const tree = (a.testing as { libraryTree: LibraryTreeProvider }).libraryTree;
    const node = await waitFor('the construction in the Library', async () => {
      // What a user does when a file is missing from the Library: Refresh (it looks for files the watchers missed).
      await vscode.commands.executeCommand('lca.refreshLibrary');
      const roots = await tree.getChildren();
      const group = roots.find((n) => n.kind === 'group' && n.group === 'constructions');
      if (!group) return undefined;
      const children = await tree.getChildren(group);
      const all: LibraryNode[] = [];
      for (const c of children) all.push(...(c.kind === 'source' ? await tree.getChildren(c) : [c]));
      return all.find((n) => n.kind === 'construction' && n.construction.name === 'Ydervæg');
    }, 30_000);
    const target = vscode.Uri.joinPath(dir, 'from-library.lcabyg.json');
    const outcome = await vscode.commands.executeCommand<ExchangeExportOutcome | undefined>('lca.exportLcabygComponent', node, undefined, target);
    assert.ok(outcome);
    const ids = (f: vscode.Uri) => (JSON.parse(fs.readFileSync(f.fsPath, 'utf8')) as Item[]).filter((i) => i.Node?.Construction).map((i) => i.Node!.Construction.id);
    const viaFile = vscode.Uri.joinPath(dir, 'via-file.lcabyg.json');
    await vscode.commands.executeCommand('lca.exportLcabygComponent', vscode.Uri.joinPath(dir, 'ydervaeg.construction.json'), undefined, viaFile);
    assert.deepStrictEqual(ids(target), ids(viaFile));
    assert.strictEqual(ids(target).length, 1);
  });

  it('editor: exports a construction as LCAx with the preview\'s A1-A3 as its results', async () => {
    const file = vscode.Uri.joinPath(dir, 'etagedaek.construction.json');
    await vscode.window.showTextDocument(file);
    const target = vscode.Uri.joinPath(dir, 'etagedaek.lcax.json');
    const outcome = await vscode.commands.executeCommand<ExchangeExportOutcome | undefined>('lca.exportLcax', file, undefined, target);
    assert.ok(outcome);
    const project = JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as { formatVersion: string; assemblies: { name: string; results: { gwp: { a1a3: number } } }[] };
    assert.strictEqual(project.formatVersion, '3.4.3');
    // By hand: hollow-core slab 49.8 per m² + 0.05 m³ of C30/37 at 282 per m³ = 63.9 kg CO2e per m².
    assert.ok(Math.abs(project.assemblies[0].results.gwp.a1a3 - 63.9) < 1e-9, String(project.assemblies[0].results.gwp.a1a3));
    assert.match(fs.readFileSync(outcome.report.fsPath, 'utf8'), /^# LCAx-eksport: etagedaek\.lcax\.json/);
  });

  it('palette: with a construction as the active editor, Export as LCAbyg Component… and Export as LCAx… take it without asking for files', async () => {
    const file = vscode.Uri.joinPath(dir, 'ydervaeg.construction.json');
    await vscode.window.showTextDocument(file);
    const window = vscode.window as { showOpenDialog: (...args: unknown[]) => Thenable<vscode.Uri[] | undefined> };
    const original = window.showOpenDialog;
    let asked = 0;
    window.showOpenDialog = () => {
      asked++;
      return Promise.resolve(undefined);
    };
    try {
      for (const [command, name] of [['lca.exportLcabygComponent', 'active.lcabyg.json'], ['lca.exportLcax', 'active.lcax.json']] as const) {
        await vscode.window.showTextDocument(file);
        const target = vscode.Uri.joinPath(dir, name);
        const outcome = await vscode.commands.executeCommand<ExchangeExportOutcome | undefined>(command, undefined, undefined, target);
        assert.ok(outcome, `${command}: exported`);
        assert.deepStrictEqual([outcome.written, outcome.refused], [1, 0], command);
        assert.ok(fs.readFileSync(target.fsPath, 'utf8').includes('Ydervæg'), `${command}: the active construction is in the file`);
      }
    } finally {
      window.showOpenDialog = original;
    }
    assert.strictEqual(asked, 0, 'no file dialog');
  });

  it('Import EPDs…: the LCAbyg example project gives its construction and product, BUILD\'s wall its constructions of Tabel 7 rows', async () => {
    const src = path.join(FIXTURES, 'lcabyg', 'import');
    const project = vscode.Uri.joinPath(dir, 'lcabyg_project.json');
    fs.copyFileSync(path.join(src, 'lcax-lcabyg_project.json'), project.fsPath);
    const outcome = await vscode.commands.executeCommand<ImportOutcome | undefined>('lca.importEpds', project);
    assert.ok(outcome);
    assert.strictEqual(outcome.result.format, 'lcabyg');
    assert.strictEqual(path.basename(outcome.uri!.fsPath), 'test-produkt.material.json');
    assert.deepStrictEqual(outcome.constructions.map((u) => path.basename(u.fsPath)), ['test-konstruktion.construction.json']);
    assert.match(outcome.report, /^# Importrapport/);

    // BUILD's wall with ocni-dtu/table7's files of the seven rows it uses, imported together.
    const wallDir = vscode.Uri.joinPath(dir, 'build-wall');
    fs.mkdirSync(wallDir.fsPath, { recursive: true });
    fs.copyFileSync(path.join(src, 'build-wall_data.json'), path.join(wallDir.fsPath, 'wall_data.json'));
    for (const f of fs.readdirSync(path.join(src, 'table7'))) fs.copyFileSync(path.join(src, 'table7', f), path.join(wallDir.fsPath, f));
    const uris = fs.readdirSync(wallDir.fsPath).map((f) => vscode.Uri.joinPath(wallDir, f));
    const wall = await vscode.commands.executeCommand<ImportOutcome | undefined>('lca.importEpds', uris[0], uris);
    assert.ok(wall);
    assert.deepStrictEqual(wall.result.refused, []);
    assert.strictEqual(wall.result.materials.length, 7);
    assert.strictEqual(wall.constructions.length, 3);
    const middle = JSON.parse(fs.readFileSync(wall.constructions.find((u) => u.path.includes('midterdel'))!.fsPath, 'utf8')) as { constructionEpds: { epdId: string }[] };
    assert.deepStrictEqual(middle.constructionEpds.map((c) => c.epdId), ['d46da4f1-8ceb-5c1e-9368-958bf9ad844f', 'e404aab3-95b9-5cf1-819c-6812b9f536eb']);
    assert.deepStrictEqual(ui.messages().filter((m) => m.kind === 'error').map((m) => m.message), []);
  });

  it('a construction and materials file the file watcher never reports (files.watcherExclude): the export finds them, Refresh shows them in the Library', async () => {
    const config = vscode.workspace.getConfiguration('files');
    await config.update('watcherExclude', { '**/unwatched/**': true }, vscode.ConfigurationTarget.Global);
    try {
      const hidden = vscode.Uri.joinPath(dir, 'unwatched');
      fs.mkdirSync(hidden.fsPath, { recursive: true });
      const brick = { ...seeded.get(materialId('brick'))!, originalUUID: '7d1c6f0e-0b7e-4d4a-9d8e-5e2a0c9f3b11', name: 'Mursten, ikke set af overvågningen' };
      fs.writeFileSync(path.join(hidden.fsPath, 'skjult.materials.json'), JSON.stringify([brick], null, 2));
      const wall = { name: 'Skjult væg', declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 }, constructionEpds: [{ epdId: brick.originalUUID, constructionUnit: { unit: UNIT.M3, amount: 0.108 } }] };
      const file = vscode.Uri.joinPath(hidden, 'skjult.construction.json');
      fs.writeFileSync(file.fsPath, JSON.stringify(wall, null, 2));
      const a = await api();
      // Give a watcher time to report them (it must not: the folder is excluded), so the catalog does not know them.
      await new Promise((r) => setTimeout(r, 1500));
      assert.strictEqual(a.testing.catalog.materialFor(brick.originalUUID), undefined, 'the watcher did not report the materials file');
      const target = vscode.Uri.joinPath(dir, 'skjult.lcabyg.json');
      const outcome = await vscode.commands.executeCommand<ExchangeExportOutcome | undefined>('lca.exportLcabygComponent', file, undefined, target);
      assert.ok(outcome, 'exported');
      assert.deepStrictEqual([outcome.written, outcome.refused], [1, 0]);
      const items = JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as Item[];
      assert.ok(items.some((i) => i.Edge?.[0].ConstructionToProduct?.amount === 0.108), 'the brick component: 0.108 m³ per m² of wall');
      await vscode.commands.executeCommand('lca.refreshLibrary');
      const tree = (a.testing as { libraryTree: LibraryTreeProvider }).libraryTree;
      const group = (await tree.getChildren()).find((n) => n.kind === 'group' && n.group === 'constructions');
      assert.ok(group);
      const names: string[] = [];
      for (const c of await tree.getChildren(group)) for (const n of c.kind === 'source' ? await tree.getChildren(c) : [c]) if (n.kind === 'construction') names.push(n.construction.name);
      assert.ok(names.includes('Skjult væg'), names.join(', '));
    } finally {
      await config.update('watcherExclude', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('dashboard title bar: Export as LCAx… writes the project\'s breakdown with the dashboard\'s figures', async function () {
    if (!testServiceUrls()) this.skip();
    await signInAs('demo@example.com');
    const panel = await vscode.commands.executeCommand<{ panel: vscode.WebviewPanel }>('lca.openDashboard', PROJECT_IDS.office);
    assert.ok(panel);
    await waitFor('the dashboard to be the active editor', () => panel.panel.active || undefined, 30_000);
    const target = vscode.Uri.joinPath(dir, 'kontorhus.lcax.json');
    const outcome = await vscode.commands.executeCommand<ExchangeExportOutcome | undefined>('lca.exportLcax', undefined, undefined, target);
    assert.ok(outcome, 'exported');
    const project = JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as { name: string; assemblies: { products: { results: { gwp: Record<string, number> } | null }[] }[]; results: { gwp: Record<string, number> } };
    assert.strictEqual(project.name, 'Kontorhus Havnegade');
    assert.ok(project.assemblies.length > 0 && project.assemblies.every((a) => a.products.length > 0));
    assert.ok(project.results.gwp.a1a3 > 0);
    assert.match(fs.readFileSync(outcome.report.fsPath, 'utf8'), /^# LCAx-eksport: kontorhus\.lcax\.json/);
    panel.panel.dispose();
  });

  it('Import EPDs…: LCAbyg\'s example house (library constructions only) says so in its report, without an error', async () => {
    const house = vscode.Uri.joinPath(dir, 'eksempelhus.json');
    fs.copyFileSync(path.join(FIXTURES, 'lcabyg', 'import', 'lcax-e9e6e798-example-house.json'), house.fsPath);
    const seq = ui.count();
    const outcome = await vscode.commands.executeCommand<ImportOutcome | undefined>('lca.importEpds', house);
    assert.ok(outcome);
    assert.deepStrictEqual(outcome.result.refused, []);
    assert.deepStrictEqual(ui.messages(seq).filter((m) => m.kind === 'error').map((m) => m.message), []);
    assert.match(outcome.report, /11 bygningsdel\(e\) bruger kun konstruktioner fra LCAbygs bibliotek/);
  });
});
