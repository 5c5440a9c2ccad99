// Inside VS Code: LCA: Import EPDs from Spreadsheet… on a Danish workbook (Tabel 7 values under Danish headers) —
// the column-mapping QuickPick scripted as a user would answer it (change a column, confirm), the materials file
// written next to the workbook, the mapping saved next to it and used the next time, and a CSV with rows that cannot
// be converted reported with their row number and column.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { SpreadsheetImportOutcome } from '../../src/extension/import/spreadsheetCommand';
import { FIXTURES } from '../fixtures/paths';
import { api } from './support/extension';
import { stubUi } from './support/ui';

function workspaceUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'a workspace folder is open');
  return vscode.Uri.joinPath(folder, ...parts);
}
const fixture = (name: string): Buffer => fs.readFileSync(path.join(FIXTURES, 'import', 'spreadsheet', name));
async function readJson(uri: vscode.Uri): Promise<unknown> {
  return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
}
interface MaterialLike { name: string; expectedLifespan?: number; lciaResults: { moduleTypeEnum: number; indicators: { type: string; value: number }[] }[] }
const gwp = (m: MaterialLike, module: number, type = 'GWP_TOTAL'): number | undefined =>
  m.lciaResults.find((r) => r.moduleTypeEnum === module)?.indicators.find((i) => i.type === type)?.value;

describe('spreadsheet import (LCA: Import EPDs from Spreadsheet…)', () => {
  const ui = stubUi();
  const dir = 'spreadsheet-import';

  it('the user changes a column in the mapping QuickPick and confirms; materials and the mapping are written next to the workbook', async () => {
    await api();
    const source = workspaceUri(dir, 'epd-bibliotek.xlsx');
    await vscode.workspace.fs.writeFile(source, fixture('epd-bibliotek.xlsx'));
    // Columns list → "Levetid (år)" → "Ignore this column"; columns list → "GWP C3" → an indicator value →
    // GWP_FOSSIL → C3; columns list → "Use This Mapping".
    ui.answerQuickPicks('Levetid (år)', 'Ignore this column', 'GWP C3', 'Indicator value of a module…', 'GWP_FOSSIL', 'C3', 'Use This Mapping');
    const out = await vscode.commands.executeCommand<SpreadsheetImportOutcome>('lca.importSpreadsheet', source);
    assert.ok(out?.uri, 'a materials file was written');
    assert.strictEqual(out.uri.toString(), workspaceUri(dir, 'epd-bibliotek.materials.json').toString());
    const materials = (await readJson(out.uri)) as MaterialLike[];
    assert.deepStrictEqual(materials.map((m) => m.name), [
      'Krydslamineret træ, CLT (Forbrænding EoL)', 'Gips, vægplade (tykkelse 0,1 m)', 'Tagsten, beton',
      'Solafskærmning, polyethylenterephthalat (PET)', 'Stål, valsede profiler og plader',
    ]);
    // The workbook's cells: A1-A3 and D as proposed, C3 now as GWP fossil, the lifespan column ignored.
    assert.deepStrictEqual(materials.map((m) => gwp(m, 0)), [-664, 22.3539, 255.909, 4.194, 1125]);
    assert.deepStrictEqual(materials.map((m) => gwp(m, 17)), [-387, undefined, -2.681, -0.335872, -413.4]);
    assert.strictEqual(gwp(materials[0], 15, 'GWP_FOSSIL'), 744);
    assert.strictEqual(gwp(materials[0], 15), undefined);
    assert.ok(materials.every((m) => m.expectedLifespan === undefined), 'the ignored lifespan column is not imported');
    // The mapping is saved next to the workbook.
    assert.ok(out.mappingUri);
    assert.strictEqual(out.mappingUri.toString(), workspaceUri(dir, 'epd-bibliotek.xlsx.lca-mapping.json').toString());
    const saved = (await readJson(out.mappingUri)) as { columns: Record<string, unknown> };
    assert.deepStrictEqual(saved.columns['Levetid (år)'], { kind: 'ignore' });
    assert.deepStrictEqual(saved.columns['GWP C3'], { kind: 'value', indicator: 'GWP_FOSSIL', module: 15 });
  });

  it('the next import of the workbook starts from the saved mapping; the existing materials file is replaced only after asking', async () => {
    await api();
    const source = workspaceUri(dir, 'epd-bibliotek.xlsx');
    const target = workspaceUri(dir, 'epd-bibliotek.materials.json');
    const before = ui.count();
    ui.answerQuickPicks('Use This Mapping');
    ui.answerConfirmations(true);
    const out = await vscode.commands.executeCommand<SpreadsheetImportOutcome>('lca.importSpreadsheet', source);
    assert.strictEqual(out?.uri?.toString(), target.toString());
    const asked = ui.messages(before).filter((m) => m.kind === 'confirm');
    assert.strictEqual(asked.length, 1, 'asked once before replacing');
    assert.match(asked[0].message, /epd-bibliotek\.materials\.json already exists/);
    const materials = (await readJson(target)) as MaterialLike[];
    assert.strictEqual(gwp(materials[0], 15, 'GWP_FOSSIL'), 744, 'the saved mapping was used');
    assert.ok(materials.every((m) => m.expectedLifespan === undefined));
  });

  it('cancelling the mapping step writes nothing', async () => {
    const source = workspaceUri(dir, 'fresh.csv');
    await vscode.workspace.fs.writeFile(source, fixture('epd-bibliotek.csv'));
    // The real QuickPick opens (nothing queued): close it as a user would with Escape.
    let settled = false;
    const run = Promise.resolve(vscode.commands.executeCommand<SpreadsheetImportOutcome | undefined>('lca.importSpreadsheet', source)).finally(() => (settled = true));
    // Escape until the command gives up (the QuickPick appears once the file is read).
    for (let i = 0; i < 60 && !settled; i++) {
      await new Promise((r) => setTimeout(r, 250));
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
    assert.strictEqual(await run, undefined);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(workspaceUri(dir, 'fresh.materials.json'))), 'no materials file');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(workspaceUri(dir, 'fresh.csv.lca-mapping.json'))), 'no mapping file');
  });

  it('rows that cannot be converted are listed in the report with their row number and column; the others are written', async () => {
    await api();
    const lines = fixture('epd-bibliotek.csv').toString('utf8').split(/\r?\n/);
    lines[2] = lines[2].replace(';22,3539;', ';22,35x;');
    lines[3] = lines[3].replace(';1000;kg;', ';1000;kilo;');
    const source = workspaceUri(dir, 'med-fejl.csv');
    await vscode.workspace.fs.writeFile(source, Buffer.from(lines.join('\n'), 'utf8'));
    ui.answerQuickPicks('Use This Mapping');
    const out = await vscode.commands.executeCommand<SpreadsheetImportOutcome>('lca.importSpreadsheet', source);
    assert.ok(out?.report, 'a report opened');
    const text = out.report.getText();
    assert.match(text, /\| row 3 \| column "GWP A1-A3" \| "22,35x" is not a number/);
    assert.match(text, /\| row 4 \| column "Deklareret enhed" \| "kilo" is not a unit/);
    const materials = (await readJson(out.uri!)) as MaterialLike[];
    assert.deepStrictEqual(materials.map((m) => m.name), ['Krydslamineret træ, CLT (Forbrænding EoL)', 'Solafskærmning, polyethylenterephthalat (PET)', 'Stål, valsede profiler og plader']);
  });
  it('a "Densitet" column gives the mass per m³; per m² without a thickness the named report warns, naming row and column', async () => {
    await api();
    const source = workspaceUri(dir, 'densitet.csv');
    const csv = ['Materiale;Deklareret enhed;Densitet (kg/m3);GWP A1-A3', 'Beton C30/37;m3;2400;250', 'Gipsplade 12,5 mm;m2;720;2,1'].join('\n');
    await vscode.workspace.fs.writeFile(source, Buffer.from(csv, 'utf8'));
    ui.answerQuickPicks('Use This Mapping');
    const out = await vscode.commands.executeCommand<SpreadsheetImportOutcome>('lca.importSpreadsheet', source);
    assert.ok(out?.uri, 'a materials file was written');
    const materials = (await readJson(out.uri)) as { name: string; declaredUnit: { mass?: number } }[];
    assert.deepStrictEqual(materials.map((m) => [m.name, m.declaredUnit.mass]), [['Beton C30/37', 2400], ['Gipsplade 12,5 mm', undefined]]);
    const saved = (await readJson(out.mappingUri!)) as { columns: Record<string, unknown> };
    assert.deepStrictEqual(saved.columns['Densitet (kg/m3)'], { kind: 'field', field: 'density' });
    assert.ok(out.report, 'a report opened');
    assert.match(out.report.getText(), /densitet\.csv row 3: column "Densitet \(kg\/m3\)": a density but the declared unit is m² and no thickness is given/);
    // A named document like the EPD import report's: not an untitled one that asks to be saved.
    assert.notStrictEqual(out.report.uri.scheme, 'untitled');
    assert.strictEqual(out.report.isUntitled, false);
    assert.strictEqual(out.report.isDirty, false);
    assert.match(out.report.uri.path, /densitet report\.md$/);
    assert.strictEqual(out.report.languageId, 'markdown');
  });
});
