// Inside VS Code against the local service, with `lca.language: da`: Export BR18 Documentation… on the seeded 2025
// project (Kontorhus Havnegade) writes the BR Standard Format workbook — its three sheets and first rows as the format
// lays them out, numbers as numbers — and the report beside it, in Danish, with the construction process line; the
// summary offers Open Report. Check Before Submission shows the same report without writing anything.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import readXlsxFile from 'read-excel-file/node';
import { PROJECT_IDS } from '../../src/service/seed/ids';
import { api, signInAs } from './support/extension';
import { testServiceUrls } from './support/service';
import { stubUi } from './support/ui';

interface Outcome {
  workbook: vscode.Uri;
  report: vscode.Uri;
  findings: number;
}

describe('Export BR18 Documentation… (Danish UI)', function () {
  const ui = stubUi();
  this.timeout(90_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-br18-'));

  before(async function () {
    if (!testServiceUrls()) this.skip();
    await api();
    await vscode.workspace.getConfiguration('lca').update('language', 'da', vscode.ConfigurationTarget.Global);
    await signInAs('demo@example.com');
  });

  after(async () => {
    await vscode.workspace.getConfiguration('lca').update('language', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('writes the workbook and the report of a 2025 project, and says so with Open Report', async () => {
    const target = vscode.Uri.file(path.join(tmp, 'kontorhus-havnegade.br18.xlsx'));
    const seq = ui.count();
    const outcome = (await vscode.commands.executeCommand('lca.exportBr18Documentation', PROJECT_IDS.office, target)) as Outcome | undefined;
    assert.ok(outcome, 'the command finished');
    assert.strictEqual(outcome.workbook.fsPath, target.fsPath);
    assert.strictEqual(path.basename(outcome.report.fsPath), 'kontorhus-havnegade.br18.report.md');

    const sheets = await readXlsxFile(fs.readFileSync(target.fsPath));
    assert.deepStrictEqual(sheets.map((s) => s.sheet), ['Generel information', 'Bygningsdele', 'Drift']);
    const general = sheets[0].data;
    assert.strictEqual(general[0][0], 'Generel information');
    const value = (label: string) => general.find((r) => r[0] === label)?.[1];
    assert.strictEqual(value('Bygningens adresse'), 'Havnegade 12, 1058 København K');
    assert.strictEqual(value('Antal etager over terræn'), 6);
    assert.strictEqual(value('Gældende grænseværdi for nybyggeri over 1.000 m2'), 7.5);
    assert.strictEqual(value('Gældende grænseværdi for byggeprocessen (A4-A5)'), 1.5);
    assert.strictEqual(typeof value('Klimapåvirkning fra byggeprocessen (A4-A5)'), 'number');
    assert.strictEqual(value('Bygningstypologi (BBR kode)') ?? null, null, 'no BBR code in the project: left empty');
    const parts = sheets[1].data;
    assert.strictEqual(parts[0][0], 'Bygningsdele');
    assert.strictEqual(parts[3][1], 'Type');
    assert.strictEqual(parts[3][28], 'A1-3');
    const firstLine = parts[4];
    assert.strictEqual(firstLine[7], 'Ja');
    assert.strictEqual(typeof firstLine[10], 'number', 'the quantity as a number');
    assert.strictEqual(typeof firstLine[28], 'number', 'GWP A1-A3 per m² and year as a number');
    assert.ok(parts.slice(4).some((r) => r[24] instanceof Date), 'an EPD expiry date as a date');
    const operation = sheets[2].data;
    assert.deepStrictEqual(operation.slice(2).map((r) => r[3]), ['El', 'Fjernvarme']);

    const report = fs.readFileSync(outcome.report.fsPath, 'utf8');
    assert.match(report, /^# Tjek før indsendelse: Kontorhus Havnegade/);
    // Figures follow lca.numberFormat (here VS Code's English): 1.5.
    assert.match(report, /- Byggeprocessen \(A4 \+ A5\): [\d.,]+ af 1[.,]5 kg CO2e\/m²\/år \(inden for grænseværdien\)/);
    assert.match(report, /Drift › Produkt: antaget: projektet angiver ingen varmeforsyning/);
    assert.match(report, /## Bygningen over sin grænseværdi \(1\)/);
    assert.match(report, /## Data, eksporten lod stå tomme/);

    const shown = ui.messages(seq).find((m) => m.message.startsWith('BR18-dokumentationen er skrevet til'));
    assert.ok(shown, `the summary: ${JSON.stringify(ui.messages(seq))}`);
    assert.deepStrictEqual(shown.actions, ['Åbn rapport']);
    assert.match(shown.message, new RegExp(`${outcome.findings} fund`));
  });

  it('Check Before Submission shows the report without writing a file', async () => {
    const before = fs.readdirSync(tmp).length;
    const doc = (await vscode.commands.executeCommand('lca.checkBeforeSubmission', PROJECT_IDS.office)) as vscode.TextDocument | undefined;
    assert.ok(doc);
    assert.strictEqual(doc.languageId, 'markdown');
    assert.match(doc.getText(), /Byggeprocessen \(A4 \+ A5\)/);
    assert.strictEqual(fs.readdirSync(tmp).length, before);
  });
});
