// Inside VS Code against the local service, with `lca.language: da`: Export BR18 Documentation… on the seeded 2025
// project (Kontorhus Havnegade) first asks once for the submission details the project lacks (kept in the workspace's
// lca-submission.json, not asked again), then writes the BR Standard Format workbook — its three sheets and first rows
// as the format lays them out, numbers as numbers, the details given — and the report beside it, in Danish, with the
// construction process line; the summary offers Open Report. A finding on a workspace file (an EPD expired at the
// permit application date) is in the Problems view at the file's line and linked from the report. Check Before
// Submission shows the same report rendered (the Markdown preview) without writing anything.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import readXlsxFile from 'read-excel-file/node';
import { PROJECT_IDS } from '../../src/service/seed/ids';
import { api, signInAs } from './support/extension';
import { clientAs, testServiceUrls } from './support/service';
import { stubUi } from './support/ui';
import { activePreview, waitFor } from './support/wait';

interface Outcome {
  workbook: vscode.Uri;
  report: vscode.Uri;
  findings: number;
}

describe('Export BR18 Documentation… (Danish UI)', function () {
  const ui = stubUi();
  this.timeout(90_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-br18-'));
  const folder = () => vscode.workspace.workspaceFolders![0].uri.fsPath;
  const submissionFile = () => path.join(folder(), 'lca-submission.json');
  const materialFile = () => path.join(folder(), 'br18-test', 'first.material.json');
  /** The line of the material file's "validTo" (1-based), found in its text here. */
  let validToLine = 0;

  before(async function () {
    if (!testServiceUrls()) this.skip();
    const a = await api();
    await vscode.workspace.getConfiguration('lca').update('language', 'da', vscode.ConfigurationTarget.Global);
    await signInAs('demo@example.com');
    // The office's first line's material as a workspace file (pulled: its own service id), for the catalog to know.
    const client = await clientAs('demo@example.com');
    const stages = ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'];
    const dashboard = (await client.getDashboard(PROJECT_IDS.office, { stages: stages as never })).dashboardsPerBranchPlusTotal.Total;
    const id = dashboard.projectBreakdown!.flatMap(function leaves(n): string[] {
      return [...(n.materialsBreakdown ?? []).map((i) => i.epdId ?? ''), ...(n.children ?? []).flatMap(leaves)];
    })[0];
    const text = JSON.stringify({ ...(await client.getMaterial(id)), id }, null, 2) + '\n';
    validToLine = text.split('\n').findIndex((l) => l.includes('"validTo"')) + 1;
    fs.mkdirSync(path.dirname(materialFile()), { recursive: true });
    fs.writeFileSync(materialFile(), text);
    // Read now rather than when the file watcher reports it (slow on a loaded machine).
    await a.testing.catalog.reread([vscode.Uri.file(materialFile())]);
    await waitFor('the material file in the catalog', () => (a.testing.catalog.material(id)?.uri ? true : undefined), 30_000);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('lca').update('language', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(path.dirname(materialFile()), { recursive: true, force: true });
    fs.rmSync(submissionFile(), { force: true });
  });

  it('writes the workbook and the report of a 2025 project, and says so with Open Report', async () => {
    const target = vscode.Uri.file(path.join(tmp, 'kontorhus-havnegade.br18.xlsx'));
    const seq = ui.count();
    // The submission details, asked once: BBR use code, project type, permit and occupancy application dates, BBR
    // ownership code (empty: not known). The permit date falls after the seeded EPDs' expiry (2030-12-31).
    fs.rmSync(submissionFile(), { force: true });
    ui.answerInputs('320', '2031-01-15', '', '');
    ui.answerQuickPicks('Nybyggeri');
    const boxes = ui.inputBoxes().length;
    const outcome = (await vscode.commands.executeCommand('lca.exportBr18Documentation', PROJECT_IDS.office, target)) as Outcome | undefined;
    assert.ok(outcome, 'the command finished');
    const asked = ui.inputBoxes().slice(boxes);
    assert.strictEqual(asked.length, 4);
    assert.match(asked[0].prompt ?? '', /^Bygningens BBR-anvendelseskode/);
    assert.match(asked[0].title ?? '', /^Oplysninger til indsendelse for Kontorhus Havnegade \(1\/5\)/);
    assert.deepStrictEqual(ui.quickPicks().at(-1)!.items.map((i) => i.label), ['Nybyggeri', 'Tilbygning', 'Transformation', 'Renovering', 'Ikke kendt (lad stå tomt)']);
    const kept = JSON.parse(fs.readFileSync(submissionFile(), 'utf8')) as { projects: Record<string, Record<string, unknown>> };
    assert.deepStrictEqual(kept.projects[PROJECT_IDS.office], { projectName: 'Kontorhus Havnegade', bbrUseCode: '320', projectType: 'Nybyggeri', permitApplicationDate: '2031-01-15', occupancyApplicationDate: null, bbrOwnershipCode: null });
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
    assert.strictEqual(value('Bygningstypologi (BBR kode)'), '320', 'the BBR use code given');
    assert.strictEqual(value('Projekttype'), 'Nybyggeri');
    const permit = value('Dato for ansøgning om byggetilladelse');
    assert.ok(permit instanceof Date && permit.toISOString().startsWith('2031-01-15'), `the permit date as a date: ${String(permit)}`);
    assert.strictEqual(value('BBR kode for ejerforhold') ?? null, null, 'not known: left empty');
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
    // Figures follow lca.numberFormat (auto: the language's, da-DK), as the dashboard writes them: "1,5"; days as "15. jan. 2031".
    assert.match(report, /- Byggeprocessen \(A4 \+ A5\): \d+,\d af 1,5 kg CO₂e\/m²\/år \(inden for grænseværdien\)/);
    assert.match(report, /^- Bygningen: \d+,\d af 7,5 kg CO₂e\/m²\/år \(over grænseværdien\)$/m);
    assert.match(report, /^- Referenceareal \(Samlet areal\): 6\.053 m² = 5\.200 m² \(Etageareal jf\\\. §455\) \+ 800 m² /m);
    assert.doesNotMatch(report, /\d{4}-\d\d-\d\d/, 'no ISO date');
    // What a reviewer would question first, counted in the headline; what was left empty apart.
    assert.match(report, new RegExp(`^\\*\\*${outcome.findings} fund, som en sagsbehandler ville spørge til\\.\\*\\*`, 'm'));
    assert.match(report, /Drift › Produkt: antaget: projektet angiver ingen varmeforsyning/);
    assert.match(report, /## Bygningen over sin grænseværdi \(1\)/);
    assert.match(report, /## Data, eksporten lod stå tomme/);
    assert.match(report, /BBR kode for ejerforhold: står tom: projektet har ingen BBR-kode for ejerforhold; ikke oplyst, da der blev spurgt \(lca\\-submission\\\.json\)/);
    // The expired EPD of the workspace's material file: at its "validTo" line, linked relative to the report.
    assert.match(report, /## Udløbne EPD'er/);
    assert.match(report, /EPD'en udløb den 31\. dec\. 2030, før datoen for ansøgning om byggetilladelse 15\. jan\. 2031/);
    const link = new RegExp(`\\(\\[br18\\\\-test/first\\\\\\.material\\\\\\.json:${validToLine}\\]\\(<[^>]*first\\.material\\.json#L${validToLine}>\\)\\)`);
    assert.match(report, link);
    const problems = vscode.languages.getDiagnostics(vscode.Uri.file(materialFile()));
    const expired = problems.filter((d) => d.code === 'expiredEpd');
    assert.ok(expired.length >= 1, `in the Problems view: ${JSON.stringify(problems.map((d) => d.message))}`);
    assert.strictEqual(expired[0].range.start.line, validToLine - 1, 'at the line of "validTo"');
    assert.strictEqual(expired[0].source, 'Tjek før indsendelse');
    assert.strictEqual(expired[0].severity, vscode.DiagnosticSeverity.Warning);

    const shown = ui.messages(seq).find((m) => m.message.startsWith('BR18-dokumentationen er skrevet til'));
    assert.ok(shown, `the summary: ${JSON.stringify(ui.messages(seq))}`);
    assert.deepStrictEqual(shown.actions, ['Åbn rapport']);
    assert.match(shown.message, new RegExp(`${outcome.findings} fund`));
  });

  it('asks for the submission details once: the next export of the project does not ask', async () => {
    const boxes = ui.inputBoxes().length;
    const target = vscode.Uri.file(path.join(tmp, 'again.br18.xlsx'));
    const outcome = (await vscode.commands.executeCommand('lca.exportBr18Documentation', PROJECT_IDS.office, target)) as Outcome | undefined;
    assert.ok(outcome);
    assert.strictEqual(ui.inputBoxes().length, boxes, 'nothing asked');
    assert.deepStrictEqual(ui.takeUnanswered(), []);
  });

  it('Check Before Submission shows the report rendered without writing a file, each workspace finding linked at its line', async () => {
    const before = fs.readdirSync(tmp).length;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const doc = (await vscode.commands.executeCommand('lca.checkBeforeSubmission', PROJECT_IDS.office)) as vscode.TextDocument | undefined;
    assert.ok(doc);
    assert.strictEqual(doc.languageId, 'markdown');
    // Rendered in VS Code's Markdown preview, a read-only document: no unsaved "Untitled-1" of raw Markdown.
    const preview = await activePreview();
    assert.ok(preview, `the report is shown rendered; the active tab is ${vscode.window.tabGroups.activeTabGroup.activeTab?.label}`);
    assert.notStrictEqual(doc.uri.scheme, 'untitled');
    assert.ok(!doc.isDirty);
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.isUntitled && d.getText().startsWith('# Tjek før indsendelse')), 'no untitled report');
    assert.ok(!vscode.window.visibleTextEditors.some((e) => e.document === doc), 'not as source');
    assert.match(doc.getText(), /^Tjekket den \d{1,2}\. \S+ \d{4}\.$/m);
    assert.match(doc.getText(), /Byggeprocessen \(A4 \+ A5\)/);
    assert.strictEqual(fs.readdirSync(tmp).length, before);
    // An untitled report links the file by its URI, at the line; the Problems view has it too.
    const target = vscode.Uri.file(materialFile()).with({ fragment: `L${validToLine}` }).toString();
    assert.ok(doc.getText().includes(`(<${target}>)`), doc.getText());
    assert.ok(vscode.languages.getDiagnostics(vscode.Uri.file(materialFile())).some((d) => d.code === 'expiredEpd' && d.range.start.line === validToLine - 1));
    // Opening the link's target (as a click does) shows the file with the cursor at that line.
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.parse(target));
    const editor = await waitFor('the material file open', () => (vscode.window.activeTextEditor?.document.uri.fsPath === materialFile() ? vscode.window.activeTextEditor : undefined));
    assert.strictEqual(editor.selection.active.line, validToLine - 1);
  });

  it('lca_check_submission, invoked as an agent would, reads the same submission details and gives the finding\'s file and line', async () => {
    const result = await vscode.lm.invokeTool('lca_check_submission', { input: { projectId: PROJECT_IDS.office }, toolInvocationToken: undefined });
    const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    const r = JSON.parse(text) as { findings: { check: string; location?: string; message: string }[] };
    const expired = r.findings.filter((f) => f.check === 'expiredEpd' && f.location);
    assert.ok(expired.length >= 1, text);
    assert.strictEqual(expired[0].location, `br18-test/first.material.json:${validToLine}`);
    assert.match(expired[0].message, /before the permit application date 2031-01-15/);
  });
});
