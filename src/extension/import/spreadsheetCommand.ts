// LCA: Import EPDs from Spreadsheet… — a .csv or .xlsx with one row per material (or per material × module) becomes
// `<name>.materials.json` next to it. The column mapping is proposed from the header names (or taken from the mapping
// saved next to the file, `<file>.lca-mapping.json`), confirmed or changed by the user, and saved for next time. Rows
// that cannot be converted are listed in a report with their row number and column. Nothing is overwritten without
// asking (the materials file goes through writeJsonFile).
import * as vscode from 'vscode';
import type { ColumnMapping, Sheet } from '../../core/import/spreadsheet';
import { loadImport } from '../bundles';
import type { LcaSession } from '../session';
import type { ImportResult } from '../../core/import/types';
import { errorMessage, showError, writeJsonFile, type VirtualDocuments } from '../ui';
import { confirmSpreadsheetMapping } from './spreadsheetMapping';
import * as l10n from '../l10n';
import { markdownCell } from '../../core/display';

export interface SpreadsheetImportOutcome {
  /** The materials file written, if any. */
  uri?: vscode.Uri;
  mappingUri?: vscode.Uri;
  result?: ImportResult;
  /** The report document opened, when something was refused or left out. */
  report?: vscode.TextDocument;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** The report as Markdown: what was imported, each refused row with its row number and column, the warnings. */
export function reportMarkdown(file: string, result: ImportResult, written: string | undefined): string {
  const lines = [
    `# ${l10n.t('Import of {0}', file)}`,
    '',
    written ? l10n.t('{0} materials written to {1}.', result.materials.length, written) : l10n.t('No materials written.'),
    '',
  ];
  const cell = markdownCell;
  if (result.refused.length) {
    lines.push(`## ${l10n.t('Not imported ({0})', result.refused.length)}`, '', `| ${l10n.t('row')} | ${l10n.t('column')} | ${l10n.t('reason')} |`, '|---|---|---|');
    for (const r of result.refused) lines.push(`| ${cell(l10n.say(r.item))} | ${cell(l10n.say(r.field))} | ${cell(l10n.say(r.reason))} |`);
    lines.push('');
  }
  const warnings = [
    ...result.warnings.map((w) => `${l10n.say(w.item)}${w.field ? ` ${l10n.say(w.field)}` : ''}: ${l10n.say(w.reason)}`),
    ...result.materials.flatMap((m) => m.warnings.map((w) => `${l10n.say(m.source)}: ${l10n.say(w)}`)),
  ];
  if (warnings.length) {
    lines.push(`## ${l10n.t('Warnings ({0})', warnings.length)}`, '');
    for (const w of warnings) lines.push(`- ${cell(w)}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** The handler of lca.importSpreadsheet (registerImport in index.ts registers it). */
export function spreadsheetImportCommand({ log, session, docs }: { log: vscode.LogOutputChannel; session: Pick<LcaSession, 'codes'>; docs: VirtualDocuments }): (arg?: unknown) => Promise<SpreadsheetImportOutcome | undefined> {
  let reports = 0;
  async function importSpreadsheetCommand(arg?: unknown): Promise<SpreadsheetImportOutcome | undefined> {
    let source = arg instanceof vscode.Uri ? arg : undefined;
    if (!source) {
      const picked = await vscode.window.showOpenDialog({
        title: l10n.t('Import EPDs from Spreadsheet'),
        canSelectMany: false,
        defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
        filters: { [l10n.t('Spreadsheets')]: ['xlsx', 'csv'] },
      });
      source = picked?.[0];
    }
    if (!source) return undefined;
    const file = vscode.workspace.asRelativePath(source);
    const name = source.path.split('/').pop() ?? file;
    const sheet = await readSheet(source, file, name, log);
    if (!sheet) return undefined;
    const mappingUri = vscode.Uri.parse(loadImport().mappingFileName(source.toString()));
    const mapping = await confirmSpreadsheetMapping(sheet.headers, await proposedMapping(mappingUri, sheet.headers));
    if (!mapping) return undefined;
    await vscode.workspace.fs.writeFile(mappingUri, Buffer.from(loadImport().serializeMapping(mapping, name), 'utf8'));

    const result = loadImport().importSheet(sheet, mapping, name, session.codes);
    log.info(`Import of ${file}: ${result.materials.length} materials, ${result.refused.length} refused, ${result.warnings.length} warnings.`);
    const outcome: SpreadsheetImportOutcome = { mappingUri, result };
    if (result.materials.length) {
      const stem = name.replace(/\.(xlsx|csv|tsv|txt)$/i, '');
      const target = vscode.Uri.joinPath(source, '..', `${stem}.materials.json`);
      outcome.uri = await writeJsonFile(target, result.materials.map((m) => m.material), {
        replaceDetail: l10n.t('Replace it with the materials imported from {0}? What the file holds now would be lost.', file),
        filters: { [l10n.t('EPD materials (bulk)')]: ['materials.json'] },
      });
    }
    if (result.refused.length || result.warnings.length || result.materials.some((m) => m.warnings.length)) {
      const text = reportMarkdown(file, result, outcome.uri ? vscode.workspace.asRelativePath(outcome.uri) : undefined);
      // A named, read-only document like the other importers' reports (not an untitled one that asks to be saved).
      const stem = name.replace(/\.(xlsx|csv|tsv|txt)$/i, '').replace(/[\\/]/g, '_');
      outcome.report = await vscode.workspace.openTextDocument(docs.set(`/import/spreadsheet-${++reports}/${stem} report.md`, text));
      await vscode.languages.setTextDocumentLanguage(outcome.report, 'markdown');
      await vscode.window.showTextDocument(outcome.report, { preview: false, viewColumn: vscode.ViewColumn.Beside });
      if (result.refused.length) {
        void vscode.window.showWarningMessage(l10n.t('{0} of {1} rows of {2} could not be imported; the report lists each with its row and column.', result.refused.length, result.refused.length + result.materials.length, file));
      }
    } else if (outcome.uri) {
      vscode.window.setStatusBarMessage(l10n.t('Imported {0} materials from {1}', result.materials.length, file), 5000);
    }
    return outcome;
  }

  return importSpreadsheetCommand;
}

/** The first sheet of the file, read with progress; undefined when cancelled or unreadable (said, with Open Log). */
async function readSheet(source: vscode.Uri, file: string, name: string, log: vscode.LogOutputChannel): Promise<Sheet | undefined> {
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: l10n.t('Reading {0}…', file), cancellable: true },
      async (_progress, token) => {
        const read = await loadImport().readSpreadsheet({ name, bytes: await vscode.workspace.fs.readFile(source) });
        return token.isCancellationRequested ? undefined : read;
      },
    );
  } catch (e) {
    log.error(`Import of ${file}: ${errorMessage(e)}`);
    const openLog = l10n.t('Open Log');
    void showError(l10n.t('Cannot import {0}: {1}', file, errorMessage(e)), openLog).then((a) => a === openLog && log.show());
    return undefined;
  }
}

/** The mapping to propose: the one saved at `mappingUri` when it still fits the file's columns, else the one from the headers. */
async function proposedMapping(mappingUri: vscode.Uri, headers: readonly string[]): Promise<ColumnMapping> {
  const proposed: ColumnMapping = loadImport().proposeMapping(headers);
  if (!(await exists(mappingUri))) return proposed;
  try {
    const saved = loadImport().parseMapping(new TextDecoder().decode(await vscode.workspace.fs.readFile(mappingUri)));
    const missing = Object.entries(saved.columns).filter(([h, t]) => t.kind !== 'ignore' && !headers.includes(h)).map(([h]) => h);
    if (!missing.length) return { ...saved, columns: { ...proposed.columns, ...saved.columns } };
    void vscode.window.showWarningMessage(l10n.t('The saved column mapping names columns the file no longer has ({0}); the mapping is proposed anew from the headers.', missing.join(', ')));
  } catch (e) {
    void vscode.window.showWarningMessage(l10n.t('The saved column mapping {0} cannot be read ({1}); the mapping is proposed anew from the headers.', vscode.workspace.asRelativePath(mappingUri), errorMessage(e)));
  }
  return proposed;
}
