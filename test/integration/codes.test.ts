// Inside VS Code: codes as data per environment. A material with `massUnit: 1` has no schema error; under the
// assumed table the LCA rules warn that 1 means M (a length), the hover says so; an environment whose `codes`
// override makes 1 = KG changes the hover text and removes the warning, and the codes reference names the source.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ImportOutcome } from '../../src/extension/import';
import type { Material } from '../../src/core/schemas/types';
import { FIXTURES } from '../fixtures/paths';
import { api, signInAs } from './support/extension';
import { testServiceUrls } from './support/service';
import { waitFor } from './support/wait';

const urls = testServiceUrls();

const hoverText = (hovers: vscode.Hover[] | undefined): string =>
  (hovers ?? [])
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : c.value))
    .join('\n');

const MATERIAL = `{
  "name": "Concrete with another service's mass unit",
  "originalUUID": "0f6b1a52-3c1e-4c8e-9b0e-6c1d2e3f4a5b",
  "originalVersion": "1.0",
  "declaredUnit": { "declaredValue": 1, "declaredUnit": 3, "mass": 2400, "massUnit": 1 },
  "lciaResults": [
    { "moduleTypeEnum": 0, "moduleStatusEnum": 2, "indicators": [{ "type": "GWP_TOTAL", "unit": "kg CO2 eq", "value": 240 }] }
  ]
}
`;

describe('Codes per environment: a codes override changes hovers and warnings', function () {
  this.timeout(60_000);
  const config = () => vscode.workspace.getConfiguration('lca');

  before(function () {
    if (!urls) this.skip();
  });

  afterEach(async () => {
    await config().update('environment', undefined, vscode.ConfigurationTarget.Global);
    await config().update('environments', undefined, vscode.ConfigurationTarget.Global);
  });

  it('warns about massUnit 1 under the assumed table, and not under an override where 1 = KG (hover and codes reference follow)', async () => {
    await api(); // the extension is active before the file opens, whichever test runs first
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const uri = vscode.Uri.joinPath(folder, 'editing', 'other-codes.material.json');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(MATERIAL));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const massAt = doc.positionAt(MATERIAL.indexOf('"massUnit": 1') + '"massUnit": '.length);
    const codeWarnings = (): vscode.Diagnostic[] =>
      vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'LCA' && String(d.code).startsWith('code-'));

    const warning = await waitFor('the massUnit warning', () => codeWarnings().find((d) => d.range.contains(massAt)));
    assert.strictEqual(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(warning.message, /`massUnit` 1 means M \(metre, a length unit\) in this environment/);
    // No schema error: VS Code's JSON language service accepts any integer there.
    assert.deepStrictEqual(vscode.languages.getDiagnostics(uri).filter((d) => d.source !== 'LCA' && d.range.contains(massAt)), []);
    const before = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, massAt));
    assert.match(before, /\*\*M\*\* — metre/);

    await config().update('environments', [{ name: 'Other codes', ...urls, codes: { units: { 1: 'KG' } } }], vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('lca.switchEnvironment', 'Other codes');
    await waitFor('the warning to go', () => codeWarnings().length === 0);
    const after = await waitFor('the hover of the override', async () => {
      const text = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, massAt));
      return /\*\*KG\*\* — kilogram/.test(text) && text;
    });
    assert.match(after, /from the `codes` override of environment "Other codes"/);

    const reference = await vscode.commands.executeCommand<vscode.TextDocument>('lca.showCodes');
    assert.match(reference.getText(), /\| 1 \| KG \| kilogram \| mass \| override \|/);
    assert.match(reference.getText(), /\| 3 \| M3 \| cubic metre \| volume \| assumed \|/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(uri);
  });

  it('sends the projectListQuery file of an environment instead of the built-in text, and offers the setting when the service refuses a query', async () => {
    const a = await api();
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const file = vscode.Uri.joinPath(folder, 'editing', 'school-only.graphql');
    // A service that allow-lists its own text: here, one that only ever lists the school.
    const own = 'query GetProjectList($orderBy: [project_order_by!]) {\n  project(where: {name: {_ilike: "%skole%"}}, order_by: $orderBy) { id name role favorite updatedAt createdAt }\n}\n';
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(own));
    await config().update('environments', [{ name: 'Own query', ...urls, projectListQuery: 'editing/school-only.graphql' }], vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('lca.switchEnvironment', 'Own query');
    await signInAs('demo@example.com');
    const labels = async (): Promise<string[]> => {
      a.testing.projectsTree.refresh();
      return (await a.testing.projectsTree.getChildren()).map((n) => String(a.testing.projectsTree.getTreeItem(n).label));
    };
    const listed = await waitFor('the school alone', async () => {
      const l = await labels();
      return l.length === 1 && l;
    });
    assert.match(listed[0], /Skolen ved Søen/);

    // A query the service refuses (a field it does not have): an error item that says so and opens the setting.
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('query GetProjectList { project { id name nickname } }\n'));
    const item = await waitFor('the refused-query item', async () => {
      a.testing.projectsTree.refresh();
      const nodes = await a.testing.projectsTree.getChildren();
      const t = nodes.length === 1 ? a.testing.projectsTree.getTreeItem(nodes[0]) : undefined;
      return t && /refused the project list query/.test(String(t.label)) && t;
    });
    assert.match(String(item.label), /GraphQL validation.*nickname/);
    assert.strictEqual(item.command?.command, 'workbench.action.openSettings');
    assert.deepStrictEqual(item.command?.arguments, ['lca.environments']);
    await vscode.commands.executeCommand('lca.signOut');
    await vscode.workspace.fs.delete(file);
  });
  it('Import EPDs writes the codes of the active environment: an override swapping M2 and KG gives declaredUnit 4 and massUnit 2', async () => {
    // The published ÖKOBAUDAT fire curtain (per 1 m², 13.17 kg/m²; test/fixtures/import/SOURCES.md).
    await config().update('environments', [{ name: 'Swapped units', ...urls, codes: { units: { 2: 'KG', 4: 'M2' } } }], vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('lca.switchEnvironment', 'Swapped units');
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const target = vscode.Uri.joinPath(folder, 'imports-codes', 'fire-curtain');
    fs.cpSync(path.join(FIXTURES, 'import', 'ilcd', 'oekobaudat-fire-curtain'), target.fsPath, { recursive: true });
    const outcome = await vscode.commands.executeCommand<ImportOutcome | undefined>('lca.importEpds', target);
    assert.ok(outcome?.uri, 'a material file is written');
    const m = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(outcome.uri))) as Material;
    assert.deepStrictEqual(m.declaredUnit, { declaredValue: 1, declaredUnit: 4, mass: 13.17, massUnit: 2 });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, 'imports-codes'), { recursive: true });
  });
});
