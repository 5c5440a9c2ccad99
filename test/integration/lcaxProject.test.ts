// Inside VS Code against the local service: an LCAx project (ocni-dtu/lcax `project.json`, LCAx 2.2) imported with
// `LCA: Import EPDs…` gives a material file and a construction file; the construction refers to the material by its
// originalUUID and is no error: it waits (an information) for the material to be pushed, its impact preview computes
// with the material file's figures, Push Construction refuses until the material is pushed, then sends the service
// id the material's sidecar records. The import report lists both files.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { authenticateUser, LcaClient, type ConstructionRead } from '../../src/client';
import type { ImportOutcome } from '../../src/extension/import';
import { FIXTURES } from '../fixtures/paths';
import { testServiceUrls } from './support/service';
import { signInAs } from './support/extension';
import { stubUi } from './support/ui';
import { waitFor } from './support/wait';

const urls = testServiceUrls();
const EPD_UUID = 'd61fc8da-1a0d-4baa-a0fa-194c1f8a5218';

function workspaceUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder, ...parts);
}

async function constructionCount(): Promise<number> {
  const origin = new URL(urls!.baseUrl).origin;
  const stats = (await (await fetch(`${origin}/__sandbox/stats`)).json()) as { tenants: Record<string, { constructions: number }> };
  return stats.tenants['Demo Arkitekter'].constructions;
}

async function previewLens(uri: vscode.Uri): Promise<string | undefined> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 10);
  return lenses?.map((l) => l.command?.title ?? '').find((t) => t.startsWith('Impact preview'));
}

const lcaDiagnostics = (uri: vscode.Uri): vscode.Diagnostic[] => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'LCA');
const errorsOf = (uri: vscode.Uri): string[] =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error).map((d) => `${d.source ?? ''} ${String(d.code ?? '')} ${d.message}`);

describe('lcax project: an imported construction computes and pushes', function () {
  const ui = stubUi();
  this.timeout(180_000);

  before(async function () {
    if (!urls) this.skip();
    await signInAs('demo@example.com');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('import → the construction waits for its material (no error) and its lens computes → push the material → push the construction with its service id', async () => {
    const dir = workspaceUri('imports-lcax-project');
    await vscode.workspace.fs.createDirectory(dir);
    const source = vscode.Uri.joinPath(dir, 'project_calc.lcax2.2.json');
    fs.copyFileSync(path.join(FIXTURES, 'import', 'lcax', 'v2.2-project-actual.json'), source.fsPath);

    const outcome = await vscode.commands.executeCommand<ImportOutcome | undefined>('lca.importEpds', source);
    assert.ok(outcome, 'imported');
    const materialUri = vscode.Uri.joinPath(dir, 'test-fase-a1-a3.material.json');
    const constructionUri = vscode.Uri.joinPath(dir, 'test-element.construction.json');
    assert.strictEqual(outcome.uri?.toString(), materialUri.toString());
    assert.deepStrictEqual(outcome.constructions.map((u) => u.toString()), [constructionUri.toString()]);
    // The report names every file written, the construction too.
    assert.match(outcome.report, /into imports-lcax-project\/test-fase-a1-a3\.material\.json/);
    assert.match(outcome.report, /## Constructions\n\n- imports-lcax-project\/test-element\.construction\.json\n/);
    const written = JSON.parse(fs.readFileSync(constructionUri.fsPath, 'utf8')) as { constructionEpds: { epdId: string }[] };
    assert.strictEqual(written.constructionEpds[0].epdId, EPD_UUID, 'the component names the material by its originalUUID');

    // Before the material is on the service: an information (not an error), and the preview computes.
    await vscode.window.showTextDocument(constructionUri);
    const waits = await waitFor('the component waiting for its material', () => lcaDiagnostics(constructionUri).find((d) => d.code === 'epd-waits'), 30_000);
    assert.strictEqual(waits.severity, vscode.DiagnosticSeverity.Information);
    assert.match(waits.message, /^Waits for material "Test fase \(A1-A3\)" to be pushed/);
    assert.deepStrictEqual(errorsOf(constructionUri), []);
    // 0.5 kg of a material per m³ of 7850 kg with A1-A3 818 kg CO2e per m³: 0.0521 kg CO2e per m².
    const lens = await waitFor('the preview lens computing', async () => {
      const title = await previewLens(constructionUri);
      return title && title.startsWith('Impact preview (GWP') ? title : undefined;
    }, 30_000);
    assert.match(lens, /A1-A3 0\.052/, lens);

    // Push Construction before the material is pushed: refused, saying which material it waits for; nothing sent.
    const before = await constructionCount();
    let seq = ui.count();
    assert.strictEqual(await vscode.commands.executeCommand('lca.pushConstruction', constructionUri), undefined);
    const refusal = ui.messages(seq).find((m) => m.kind === 'error');
    assert.match(refusal?.message ?? '', /^imports-lcax-project\/test-element\.construction\.json waits for "Test fase \(A1-A3\)" to be pushed — nothing was sent\.$/);
    assert.strictEqual(await constructionCount(), before);

    // Push the material: its sidecar records the service id.
    ui.answerConfirmations(true);
    const pushed = await vscode.commands.executeCommand<{ outcome: string; materials?: { id?: string }[] }>('lca.pushMaterial', materialUri);
    assert.ok(pushed && ['created', 'already-on-service'].includes(pushed.outcome), JSON.stringify(pushed));
    const materialId = pushed.materials?.[0]?.id;
    assert.ok(materialId && materialId !== EPD_UUID, 'the service id');

    // After: resolved through the sidecar, no note and no error; the preview still computes.
    await waitFor('the waiting note to go', () => !lcaDiagnostics(constructionUri).some((d) => d.code === 'epd-waits'), 30_000);
    assert.deepStrictEqual(errorsOf(constructionUri), []);
    assert.match((await previewLens(constructionUri)) ?? '', /A1-A3 0\.052/);

    // Push Construction: created, and the service's construction refers to the material's service id.
    seq = ui.count();
    ui.answerConfirmations(true);
    const created = await vscode.commands.executeCommand<ConstructionRead>('lca.pushConstruction', constructionUri);
    assert.ok(created?.id, `created: ${JSON.stringify(ui.messages(seq))}`);
    assert.strictEqual(await constructionCount(), before + 1);
    const token = await authenticateUser(urls!.authUrl, 'demo@example.com', 'demo-password');
    const read = await new LcaClient({ urls: urls!, getToken: async () => token.accessToken }).getConstruction(created.id);
    assert.strictEqual(read.name, 'Test element');
    assert.deepStrictEqual(read.constructionEpds?.map((c) => c.epd?.id), [materialId]);
    // The file keeps the originalUUID (valid in every environment); only what was sent carries the service id.
    assert.strictEqual((JSON.parse(fs.readFileSync(constructionUri.fsPath, 'utf8')) as typeof written).constructionEpds[0].epdId, EPD_UUID);
  });
});
