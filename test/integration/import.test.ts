// Inside VS Code: `LCA: Import EPDs…` on a ZIP built from published ILCD+EPD exports and on an export folder writes
// the materials file(s) next to them, opens the report, and asks before replacing a file that exists.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { zipSync } from 'fflate';
import { validateAgainst } from '../../src/core/schemas';
import type { ImportOutcome } from '../../src/extension/import';
import type { Material } from '../../src/core/schemas/types';
import { FIXTURES } from '../fixtures/paths';
import { api } from './support/extension';
import { stubUi } from './support/ui';

const ILCD = path.join(FIXTURES, 'import', 'ilcd');

function workspaceUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder, ...parts);
}
async function readJson<T>(uri: vscode.Uri): Promise<T> {
  return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))) as T;
}
function gwpA1A3(m: Material): number | undefined {
  return m.lciaResults.find((r) => r.moduleTypeEnum === 0)?.indicators.find((i) => i.type === 'GWP_TOTAL')?.value;
}
function openReport(): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'lca' && d.uri.path.startsWith('/import/')).pop();
}

describe('import: LCA: Import EPDs… on ILCD+EPD exports', function () {
  const ui = stubUi();
  this.timeout(90_000);

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a ZIP of two published exports becomes one .materials.json beside it, and the report lists both with their warnings', async () => {
    const files: Record<string, Uint8Array> = {};
    for (const name of ['ibu-parquet', 'epditaly-steel-wire-rod']) {
      const dir = path.join(ILCD, name);
      for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (fs.statSync(path.join(dir, f)).isFile()) files[f.split(path.sep).join('/')] = fs.readFileSync(path.join(dir, f));
      }
    }
    const zip = workspaceUri('imports-ilcd', 'two-epds.zip');
    await vscode.workspace.fs.createDirectory(workspaceUri('imports-ilcd'));
    await vscode.workspace.fs.writeFile(zip, zipSync(files));

    const outcome = await vscode.commands.executeCommand<ImportOutcome | undefined>('lca.importEpds', zip);
    assert.ok(outcome?.uri, 'a file was written');
    assert.strictEqual(outcome.uri.toString(), workspaceUri('imports-ilcd', 'two-epds.materials.json').toString());
    const materials = await readJson<Material[]>(outcome.uri);
    assert.deepStrictEqual(validateAgainst('materials', materials), []);
    const byName = new Map(materials.map((m) => [m.name, m]));
    // Values as written in the source XML: parquet GWP-total A1-A3 6.529 per m² (grammage 7.7 kg/m²);
    // steel A1 539.5 + A2 40.4 + A3 106.7 per 1000 kg.
    assert.strictEqual(gwpA1A3(byName.get('2-layer parquet')!), 6.529);
    assert.deepStrictEqual(byName.get('2-layer parquet')!.declaredUnit, { declaredValue: 1, declaredUnit: 2, mass: 7.7, massUnit: 4 });
    assert.strictEqual(gwpA1A3(byName.get('ACCIAI LAMINATI A CALDO VERGELLA')!), 686.6);
    assert.deepStrictEqual(byName.get('ACCIAI LAMINATI A CALDO VERGELLA')!.declaredUnit, { declaredValue: 1000, declaredUnit: 4 });

    const report = openReport();
    assert.ok(report, 'the report is open');
    const text = report.getText();
    assert.match(text, /Imported 2 EPD\(s\) into imports-ilcd\/two-epds\.materials\.json; 0 refused/);
    assert.match(text, /\| 2-layer parquet \| 2eb43850-0ab2-4068-afe5-218d69a096f8 \| 00\.01\.000 \| 1 M2 \| 7\.7 KG \|/);
    assert.match(text, /layer thickness 0\.0135 m/);
    assert.match(text, /results are per 1000 kg/);
    assert.ok(vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === outcome.uri!.toString()), 'the written file is shown');
  });

  it('an export folder gives one .material.json; importing again asks before replacing it; a lone process is refused with the reason', async () => {
    await api();
    const target = workspaceUri('imports-ilcd', 'oekobaudat-fire-curtain');
    fs.cpSync(path.join(ILCD, 'oekobaudat-fire-curtain'), target.fsPath, { recursive: true });

    const first = await vscode.commands.executeCommand<ImportOutcome | undefined>('lca.importEpds', target);
    const written = workspaceUri('imports-ilcd', 'shutters-clauss-markisen-projekt-gmbh-fire-curtain.material.json');
    assert.strictEqual(first?.uri?.toString(), written.toString());
    const m = await readJson<Material>(written);
    assert.deepStrictEqual(m.declaredUnit, { declaredValue: 1, declaredUnit: 2, mass: 13.17, massUnit: 4 });
    assert.strictEqual(gwpA1A3(m), 30.1);
    assert.strictEqual(m.epdInfo?.epdSpecificationForm, 1); // EN 15804+A1 (src/core/import/en15804.ts)

    const before = ui.count();
    ui.answerConfirmations(true);
    const again = await vscode.commands.executeCommand<ImportOutcome | undefined>('lca.importEpds', target);
    assert.strictEqual(again?.uri?.toString(), written.toString());
    const asked = ui.messages(before).filter((x) => x.kind === 'confirm');
    assert.strictEqual(asked.length, 1);
    assert.match(asked[0].message, /already exists/);

    // The process data set alone (its flow not given): refused, naming the field, and nothing written.
    const lone = workspaceUri('imports-ilcd', 'process-only.xml');
    const processDir = path.join(ILCD, 'oekobaudat-fire-curtain', 'ILCD', 'processes');
    fs.copyFileSync(path.join(processDir, fs.readdirSync(processDir)[0]), lone.fsPath);
    const refused = await vscode.commands.executeCommand<ImportOutcome | undefined>('lca.importEpds', lone);
    assert.strictEqual(refused?.uri, undefined);
    assert.match(openReport()!.getText(), /Refused[\s\S]*referenceToFlowDataSet.*is not among the files imported/);
    assert.match(ui.messages(before).filter((x) => x.kind === 'error').pop()?.message ?? '', /Nothing imported from imports-ilcd\/process-only\.xml/);
  });

  it('a name the import would write that is a symbolic link (dangling, to a place outside the workspace) is not written through: a warning, then the save dialog', async () => {
    await api();
    const folder = workspaceUri('imports-link');
    const source = vscode.Uri.joinPath(folder, 'oekobaudat-fire-curtain');
    fs.cpSync(path.join(ILCD, 'oekobaudat-fire-curtain'), source.fsPath, { recursive: true });
    const outsideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-outside-'));
    const outside = path.join(outsideDir, 'planted.material.json');
    const link = path.join(folder.fsPath, 'shutters-clauss-markisen-projekt-gmbh-fire-curtain.material.json');
    fs.symlinkSync(outside, link);
    const window = vscode.window as { showSaveDialog: typeof vscode.window.showSaveDialog };
    const saveDialog = window.showSaveDialog;
    const asked: (vscode.Uri | undefined)[] = [];
    window.showSaveDialog = (o) => {
      asked.push(o?.defaultUri);
      return Promise.resolve(undefined);
    };
    try {
      const seq = ui.count();
      const outcome = await vscode.commands.executeCommand<ImportOutcome | undefined>('lca.importEpds', source);
      assert.strictEqual(fs.existsSync(outside), false, 'nothing was written outside the workspace');
      assert.strictEqual(outcome?.uri, undefined, 'no file written (the save dialog was cancelled)');
      assert.deepStrictEqual(
        ui.messages(seq).filter((m) => m.kind === 'warning').map((m) => m.message),
        ['imports-link/shutters-clauss-markisen-projekt-gmbh-fire-curtain.material.json is a symbolic link: nothing is written through a link. Choose where to save the file.'],
      );
      assert.deepStrictEqual(asked.map((u) => u?.fsPath), [link], 'the save dialog was offered at the name');
      assert.strictEqual(fs.readlinkSync(link), outside, 'the link is left as it was');
    } finally {
      window.showSaveDialog = saveDialog;
      fs.rmSync(folder.fsPath, { recursive: true, force: true });
      fs.rmSync(outsideDir, { recursive: true, force: true });
    }
  });
});
