// Dansk in an English VS Code: with `lca.language: da` the extension's own texts are Danish although VS Code's
// display language stays English — a tree tooltip's date, a command's message and its report — and a new material
// named with Danish letters keeps them in its file name.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { MATERIAL_SPECS, materialItem } from '../../src/service/seed/materials';
import { PROJECT_IDS } from '../../src/service/seed/ids';
import type { BulkCreateOutcome } from '../../src/extension/bulk';
import type { SpreadsheetImportOutcome } from '../../src/extension/import/spreadsheetCommand';
import { FIXTURES } from '../fixtures/paths';
import type { ProjectsNode } from '../../src/extension/projects/tree';
import { testServiceUrls } from './support/service';
import { api, signInAs } from './support/extension';
import { stubUi } from './support/ui';
import { activePreview } from './support/wait';

const urls = testServiceUrls();
/** "2. jun. 2025 11:30" */
const DANISH_DATE = /\b\d{1,2}\. (jan\.|feb\.|mar\.|apr\.|maj|jun\.|jul\.|aug\.|sep\.|okt\.|nov\.|dec\.) \d{4} \d\d:\d\d\b/;

function tooltipText(item: vscode.TreeItem): string {
  return item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value.replace(/\\(.)/g, '$1') : String(item.tooltip);
}

describe('Dansk: lca.language da in an English VS Code', function () {
  const ui = stubUi();
  this.timeout(60_000);
  let folder: vscode.Uri;
  const written: string[] = [];

  before(async function () {
    if (!urls) this.skip();
    assert.match(vscode.env.language, /^en/, 'VS Code itself runs in English');
    await api();
    await vscode.workspace.getConfiguration('lca').update('language', 'da', vscode.ConfigurationTarget.Global);
    await signInAs('demo@example.com');
    folder = vscode.workspace.workspaceFolders![0].uri;
  });

  after(async () => {
    await vscode.workspace.getConfiguration('lca').update('language', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const f of written) fs.rmSync(f, { force: true, recursive: true });
  });

  it('a project tooltip and its details are Danish, with the date as "2. jun. 2025 11:30"', async () => {
    const a = await api();
    const tree = a.testing.projectsTree;
    const nodes = await tree.getChildren();
    const school = nodes.find((n): n is Extract<ProjectsNode, { kind: 'project' }> => n.kind === 'project' && n.project.id === PROJECT_IDS.school);
    assert.ok(school, 'the school in the tree');
    const tip = tooltipText(tree.resolveTreeItem(tree.getTreeItem(school), school));
    const updated = /Opdateret: (.*)$/m.exec(tip)?.[1] ?? '';
    assert.match(updated, DANISH_DATE, `a Danish date in the tooltip: ${tip}`);
    assert.match(tip, /Din rolle: /);
    assert.doesNotMatch(tip, /\d{4}-\d\d-\d\dT\d\d:/, 'no ISO time stamp');
    const groups = await tree.getChildren(school);
    assert.deepStrictEqual(groups.map((g) => String(tree.getTreeItem(g).label)), ['Detaljer', 'Medlemmer', 'Modeller', 'Stream og grene']);
    const details = await tree.getChildren(groups[0]);
    const field = details.map((d) => tree.getTreeItem(d)).find((i) => i.label === 'Opdateret');
    assert.match(String(field?.description), DANISH_DATE);
  });

  it('project rows and tooltips name the stage, building type and role in Danish', async () => {
    const a = await api();
    const tree = a.testing.projectsTree;
    const projects = (await tree.getChildren()).filter((n): n is Extract<ProjectsNode, { kind: 'project' }> => n.kind === 'project');
    const rows = projects.map((p) => String(tree.getTreeItem(p).description));
    assert.ok(rows.some((r) => r.includes('Detailprojektering')), `a project in Detailed Design: ${rows.join(' | ')}`);
    assert.ok(rows.some((r) => r.includes('Udførelse')), `a project in Construction: ${rows.join(' | ')}`);
    assert.ok(!rows.some((r) => /Detailed Design|Construction|Competition|Operation/.test(r)), `no English stage: ${rows.join(' | ')}`);
    const school = projects.find((n) => n.project.id === PROJECT_IDS.school)!;
    const tip = tooltipText(tree.resolveTreeItem(tree.getTreeItem(school), school));
    assert.match(tip, /^- Type: Skole\/institution$/m, tip);
    assert.match(tip, /^- Din rolle: Ejer$/m, tip);
    const details = await tree.getChildren((await tree.getChildren(school))[0]);
    const value = (label: string): string => String(details.map((d) => tree.getTreeItem(d)).find((i) => i.label === label)?.description);
    assert.strictEqual(value('Din rolle'), 'Ejer');
    assert.strictEqual(value('Bygningstype'), 'Skole/institution');
  });

  it('a command says what is wrong in Danish', async () => {
    await api();
    const before = ui.count();
    const notMaterials = vscode.Uri.joinPath(folder, 'readme.txt');
    const outcome = await vscode.commands.executeCommand<BulkCreateOutcome>('lca.bulkCreateMaterials', notMaterials);
    assert.strictEqual(outcome.outcome, 'error');
    const shown = ui.messages(before).map((m) => m.message);
    assert.deepStrictEqual(shown, ['Masseopret materialer virker på en *.materials.json-fil: åbn en, eller højreklik på den i Stifinder.']);
  });

  it('the bulk-create report is Danish, with Danish numbers and date, and the materials keep their names', async () => {
    const file = path.join(folder.fsPath, `dansk-${Date.now()}.materials.json`);
    const items = MATERIAL_SPECS.slice(0, 3).map((spec, i) => ({ ...materialItem(spec), name: `Træfiberisolering ${i + 1}`, originalUUID: randomUUID(), originalVersion: '1.0.0', isPublic: false, isCustom: true }));
    fs.writeFileSync(file, JSON.stringify(items, null, 2));
    written.push(file, `${file.replace(/\.json$/, '')}.created.json`);
    const outcome = await vscode.commands.executeCommand<BulkCreateOutcome>('lca.bulkCreateMaterials', { uri: file, confirm: true, showReport: true });
    assert.strictEqual(outcome.outcome, 'ran', outcome.error);
    const report = outcome.report ?? '';
    assert.match(report, /^# Masseoprettelse: dansk-\d+\.materials\.json$/m);
    assert.match(report, /^- Resultat: \*\*gennemført\*\* — Oprettede 3 af 3 materialer$/m);
    assert.match(report, new RegExp(`^- Tid: \\d+,\\d s \\(startet ${DANISH_DATE.source}\\)$`, 'm'));
    assert.match(report, /^## Oprettet \(3\)$/m);
    assert.match(report, /\| Træfiberisolering 1 \|/);
    assert.match(path.posix.basename(vscode.Uri.parse(outcome.reportUri ?? '').path), /rapport over masseoprettelse\.md$/);
    // The report opens rendered (VS Code's Markdown preview), not as Markdown source; Open Source is one click away.
    const preview = await activePreview();
    assert.ok(preview, `the report is shown rendered; the active tab is ${vscode.window.tabGroups.activeTabGroup.activeTab?.label}`);
    assert.ok(!vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === outcome.reportUri), 'not as source');
    await vscode.commands.executeCommand('markdown.showSource');
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.toString(), outcome.reportUri, 'Open Source shows the report\'s Markdown');
  });

  it('the import report is Danish: rows, columns and reasons of a spreadsheet that cannot all be converted', async () => {
    await api();
    const lines = fs.readFileSync(path.join(FIXTURES, 'import', 'spreadsheet', 'epd-bibliotek.csv'), 'utf8').split(/\r?\n/);
    lines[2] = lines[2].replace(';22,3539;', ';22,35x;');
    const sub = vscode.Uri.joinPath(folder, `dansk-import-${Date.now()}`);
    await vscode.workspace.fs.createDirectory(sub);
    written.push(sub.fsPath);
    const source = vscode.Uri.joinPath(sub, 'med-fejl.csv');
    await vscode.workspace.fs.writeFile(source, Buffer.from(lines.join('\n'), 'utf8'));
    ui.answerQuickPicks('Brug denne tilknytning');
    const out = await vscode.commands.executeCommand<SpreadsheetImportOutcome>('lca.importSpreadsheet', source);
    const text = out?.report?.getText() ?? '';
    assert.match(text, /^# Import af .*med-fejl\.csv$/m);
    assert.match(text, /^## Ikke importeret \(1\)$/m);
    assert.match(text, /^\| række \| kolonne \| årsag \|$/m);
    assert.match(text, /^\| række 3 \| kolonne "GWP A1-A3" \| "22,35x" er ikke et tal; rækken importeres ikke\. \|$/m);
  });

  it('a new material named Træfiberisolering is written to træfiberisolering.material.json', async () => {
    const sub = vscode.Uri.joinPath(folder, `dansk-${Date.now()}`);
    await vscode.workspace.fs.createDirectory(sub);
    written.push(sub.fsPath);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.newMaterial', { name: 'Træfiberisolering', declaredUnit: 1, folder: sub });
    assert.ok(uri, 'a file was written');
    assert.strictEqual(path.basename(uri.fsPath), 'træfiberisolering.material.json');
    assert.ok(fs.existsSync(uri.fsPath));
    assert.strictEqual((JSON.parse(fs.readFileSync(uri.fsPath, 'utf8')) as { name: string }).name, 'Træfiberisolering');
  });
});
