// `LCA: Import EPDs…` itself: the files, folders and ZIPs chosen are read (folders to a depth, skipping files that
// cannot be EPD data), converted by the importers with progress and Cancel, written next to what was imported
// (never overwriting without asking) and reported. A spreadsheet alone goes through its column mapping
// (spreadsheetCommand.ts).
import * as path from 'path';
import * as vscode from 'vscode';
import type { ImportInput, ImportResult } from '../../core/import';
import { loadImport } from '../bundles';
import type { CodeTable } from '../../core/codeTable';
import { fileStem } from '../../core/templates/names';
import { showError, showRendered, writeJsonFile, type VirtualDocuments } from '../ui';
import { CommandFailure } from '../commands';
import * as l10n from '../l10n';
import { format } from '../../core/l10n';
import { invokedUris } from '../commandArgs';
import type { LcaSession } from '../session';
import { stepDone } from '../walkthrough';

/**
 * What the command did: the materials file written (undefined when none was), the construction files written (an
 * LCAx project's assemblies), the report shown, and the result.
 */
export interface ImportOutcome {
  uri?: vscode.Uri;
  constructions: vscode.Uri[];
  report: string;
  result: ImportResult;
}

/** Folders are read to this depth and no further (an ILCD export is ILCD/<kind>/<file>). */
const MAX_DEPTH = 6;
/** Files that cannot be EPD data: not read at all. */
const NOT_DATA = /\.(pdf|png|jpe?g|gif|svg|docx?|pptx?|html?|css|js|xsl|xsd)$/i;

class Cancelled extends Error {}

async function collect(
  uris: vscode.Uri[],
  token: vscode.CancellationToken,
  progress: vscode.Progress<{ message?: string; increment?: number }>,
): Promise<ImportInput[]> {
  const inputs: ImportInput[] = [];
  const read = async (uri: vscode.Uri, name: string, depth: number): Promise<void> => {
    if (token.isCancellationRequested) throw new Cancelled();
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory) {
      if (depth > MAX_DEPTH) return;
      for (const [child] of await vscode.workspace.fs.readDirectory(uri)) {
        await read(vscode.Uri.joinPath(uri, child), `${name}/${child}`, depth + 1);
      }
      return;
    }
    if (depth > 0 && NOT_DATA.test(name)) return;
    inputs.push({ name, bytes: await vscode.workspace.fs.readFile(uri) });
    if (inputs.length % 100 === 0) progress.report({ message: l10n.t('Reading files… {0}', String(inputs.length)) });
  };
  for (const uri of uris) await read(uri, path.posix.basename(uri.path), 0);
  return inputs;
}

/** Text as a Markdown table cell or list item shows it. */
const esc = (s: string): string => s.replace(/([|\\`*_[\]<>])/g, '\\$1').replace(/\r?\n/g, ' ');

/** The report's part on the materials not written again (already in the workspace), or nothing. */
function keptText(kept: readonly { material: ImportResult['materials'][number]; file: string }[]): string {
  if (!kept.length) return '';
  const rows = kept.map(({ material: { material: m }, file }) => `| ${esc(m.name)} | ${m.originalUUID} | ${esc(m.originalVersion)} | ${esc(file)} |`);
  return ['', `## ${l10n.t('Already in the workspace, not written again')}`, '', l10n.t('The imported constructions compute with these materials as the workspace holds them.'), '', `| ${l10n.t('Name')} | UUID | ${l10n.t('Version')} | ${l10n.t('File')} |`, '|---|---|---|---|', ...rows, ''].join('\n');
}

/** Markdown report: what was written, each EPD imported, each refused with its field and reason, each warning. */
function reportText(source: string, result: ImportResult, written: string | undefined, constructions: readonly string[], codes: CodeTable): string {
  const lines = [`# ${l10n.t('Import report: {0}', esc(source))}`, ''];
  lines.push(
    written
      ? l10n.t('Imported {0} EPD(s) into {1}; {2} refused; {3} warning(s).', String(result.materials.length), esc(written), String(result.refused.length), String(result.warnings.length))
      : l10n.t('Nothing written: {0} EPD(s) imported; {1} refused.', String(result.materials.length), String(result.refused.length)),
    '',
  );
  if (result.materials.length) {
    lines.push(`## ${l10n.t('Imported')}`, '', `| ${l10n.t('Name')} | UUID | ${l10n.t('Version')} | ${l10n.t('Declared unit')} | ${l10n.t('Mass')} | ${l10n.t('Source')} |`, '|---|---|---|---|---|---|');
    const unitLabel = (code: number) => codes.unitByCode(code)?.label ?? String(code);
    for (const { material: m, source: s } of result.materials) {
      const unit = unitLabel(m.declaredUnit.declaredUnit);
      const mass = m.declaredUnit.mass !== undefined ? `${m.declaredUnit.mass} ${m.declaredUnit.massUnit !== undefined ? unitLabel(m.declaredUnit.massUnit) : 'KG'}` : '—';
      lines.push(`| ${esc(m.name)} | ${m.originalUUID} | ${esc(m.originalVersion)} | ${m.declaredUnit.declaredValue} ${unit} | ${mass} | ${esc(l10n.say(s))} |`);
    }
    lines.push('');
  }
  if (constructions.length) lines.push(`## ${l10n.t('Constructions')}`, '', ...constructions.map((c) => `- ${esc(c)}`), '');
  if (result.refused.length) {
    lines.push(`## ${l10n.t('Refused')}`, '');
    for (const r of result.refused) lines.push(`- **${esc(l10n.say(r.item))}**${r.field ? ` — \`${l10n.say(r.field).replace(/`/g, "'")}\`` : ''}: ${esc(l10n.say(r.reason))}`);
    lines.push('');
  }
  if (result.warnings.length) {
    lines.push(`## ${l10n.t('Warnings')}`, '');
    for (const w of result.warnings) lines.push(`- **${esc(l10n.say(w.item))}**${w.field ? ` — \`${l10n.say(w.field).replace(/`/g, "'")}\`` : ''}: ${esc(l10n.say(w.reason))}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** What the import command needs: where its reports are shown, the log, the code table, and the workspace's materials. */
export interface ImportCommandDeps {
  docs: VirtualDocuments;
  log: vscode.LogOutputChannel;
  session: LcaSession;
  /** The workspace file that holds the material of this originalUUID and version, if one does (the Library's). */
  knownMaterial(originalUUID: string, version: string): Promise<string | undefined>;
}

/**
 * The materials imported constructions need that the workspace already has (the same originalUUID and version — an
 * LCAbyg or LCAx file of ours imported again): not written again, so that one source product stays one material and
 * the constructions compute with the file that holds it. An import of EPDs alone writes what it imports.
 */
async function alreadyKnown(result: ImportResult, known: ImportCommandDeps['knownMaterial']): Promise<{ material: ImportResult['materials'][number]; file: string }[]> {
  if (!result.constructions.length) return [];
  const found = await Promise.all(result.materials.map(async (material) => ({ material, file: await known(material.material.originalUUID, material.material.originalVersion) })));
  return found.filter((f): f is { material: ImportResult['materials'][number]; file: string } => f.file !== undefined);
}

/** The handler of lca.importEpds (registerImport in index.ts registers it). */
export function importEpdsCommand(deps: ImportCommandDeps): (arg?: unknown, all?: unknown) => Promise<ImportOutcome | undefined> {
  const { docs, log, session } = deps;
  let reports = 0;
  return async (arg?: unknown, all?: unknown): Promise<ImportOutcome | undefined> => {
    const uris = await urisToImport(arg, all);
    if (!uris.length) return undefined;
    const asSpreadsheet = uris.length === 1 ? await importAsSpreadsheet(uris[0]) : undefined;
    if (asSpreadsheet) {
      if (asSpreadsheet.outcome) stepDone('import');
      return asSpreadsheet.outcome;
    }
    const source = uris.length === 1 ? vscode.workspace.asRelativePath(uris[0]) : l10n.t('{0} items', String(uris.length));
    const converted = await convert(uris, source, session.codes, log);
    if (!converted) return undefined;
    for (const r of converted.refused) log.warn(`Import ${source}: refused ${format(r.item)}${r.field ? ` (${format(r.field)})` : ''}: ${format(r.reason)}`);
    const kept = await alreadyKnown(converted, deps.knownMaterial);
    const result = kept.length ? { ...converted, materials: converted.materials.filter((m) => !kept.some((k) => k.material === m)) } : converted;
    const { uri, constructions } = await writeImported(result, uris[0], source);
    const report = reportText(
      source,
      result,
      uri ? vscode.workspace.asRelativePath(uri) : undefined,
      constructions.map((c) => vscode.workspace.asRelativePath(c)),
      session.codes,
    ) + keptText(kept);
    const reportUri = docs.set(`/import/report-${++reports}.md`, report);
    await showRendered(await vscode.workspace.openTextDocument(reportUri), { beside: !!uri, preserveFocus: !!uri });
    // Nothing imported: an error when something was refused; else (an LCAbyg project of library constructions only) the report says why.
    if (!result.materials.length && !result.constructions.length && result.refused.length) {
      void showError(
        result.refused.length === 1
          ? l10n.t('Nothing imported from {0}: {1}', source, l10n.say(result.refused[0].reason))
          : l10n.t('Nothing imported from {0}: {1} item(s) refused; see the report.', source, String(result.refused.length)),
      );
    } else if (uri) {
      vscode.window.setStatusBarMessage(l10n.t('Imported {0} EPD(s) into {1}', String(result.materials.length), vscode.workspace.asRelativePath(uri)), 5000);
    }
    // Something written: the walkthrough's import step has done what it shows.
    if (uri || constructions.length) stepDone('import');
    return { uri, constructions, report, result: converted };
  };
}

/** The files and folders the command was invoked on, else those the user picks; none when the dialog is closed. */
async function urisToImport(arg: unknown, all: unknown): Promise<vscode.Uri[]> {
  const uris = invokedUris(arg, all);
  if (uris.length) return uris;
  return (
    (await vscode.window.showOpenDialog({
      title: l10n.t('Import EPDs'),
      openLabel: l10n.t('Import'),
      canSelectFiles: true,
      canSelectFolders: true,
      canSelectMany: true,
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
      filters: { [l10n.t('EPD data (ILCD+EPD, LCAx, ZIP, CSV, XLSX)')]: ['xml', 'json', 'zip', 'csv', 'xlsx'], [l10n.t('All files')]: ['*'] },
    })) ?? []
  );
}

/**
 * A spreadsheet alone goes through its column-mapping step (the same flow as lca.importSpreadsheet): what that gave;
 * undefined when the file is no spreadsheet or cannot be read (the general path reports that).
 */
async function importAsSpreadsheet(uri: vscode.Uri): Promise<{ outcome: ImportOutcome | undefined } | undefined> {
  if (!/\.(csv|xlsx|tsv|txt)$/i.test(uri.path)) return undefined;
  try {
    const bytes = await vscode.workspace.fs.readFile(uri);
    if (loadImport().detectFormat({ name: path.posix.basename(uri.path), bytes }) !== 'spreadsheet') return undefined;
    const outcome = await vscode.commands.executeCommand<{ uri?: vscode.Uri; result: ImportResult } | undefined>('lca.importSpreadsheet', uri);
    return { outcome: outcome ? { uri: outcome.uri, constructions: [], report: '', result: outcome.result } : undefined };
  } catch {
    return undefined;
  }
}

/** Reads and converts the files with progress; undefined when cancelled (said in the status bar), a CommandFailure when it failed. */
async function convert(uris: vscode.Uri[], source: string, codes: CodeTable, log: vscode.LogOutputChannel): Promise<ImportResult | undefined> {
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: l10n.t('Importing EPDs from {0}', source), cancellable: true },
      async (progress, token) => {
        const inputs = await collect(uris, token, progress);
        progress.report({ message: l10n.t('Converting {0} file(s)…', String(inputs.length)) });
        const controller = new AbortController();
        const sub = token.onCancellationRequested(() => controller.abort());
        let reported = 0;
        try {
          if (token.isCancellationRequested) throw new Cancelled();
          return await loadImport().importInputsAsync(inputs, {
            signal: controller.signal,
            codes,
            onProgress: (done, total) => {
              const pct = Math.floor((done / Math.max(1, total)) * 100);
              progress.report({ message: l10n.t('Converting… {0} of {1}', String(done), String(total)), increment: Math.max(0, pct - reported) });
              reported = Math.max(reported, pct);
            },
          });
        } finally {
          sub.dispose();
        }
      },
    );
  } catch (e) {
    if (e instanceof Cancelled || e instanceof loadImport().ImportCancelledError) {
      vscode.window.setStatusBarMessage(l10n.t('Import cancelled; nothing written.'), 5000);
      return undefined;
    }
    log.error(`Import of ${source} failed: ${(e as Error).stack ?? String(e)}`);
    // Shown by registerCommand: "Could not import …: why", Retry (on the same files) and Open Log.
    throw new CommandFailure(l10n.t('Could not import {0}', source), e, [uris[0], uris]);
  }
}

/**
 * Writes what was imported next to `first` (for a folder: beside it, so an ILCD export's tree stays as published): the
 * material file, or the materials file, and an LCAx project's assemblies as one construction file each — referring to
 * the materials by their originalUUID, which the catalog resolves to the material files (and, once pushed, to their
 * service ids: core/materialRefs.ts).
 */
async function writeImported(result: ImportResult, first: vscode.Uri, source: string): Promise<{ uri?: vscode.Uri; constructions: vscode.Uri[] }> {
  let uri: vscode.Uri | undefined;
  const folder = vscode.Uri.joinPath(first, '..');
  if (result.materials.length === 1) {
    const m = result.materials[0].material;
    uri = await writeJsonFile(vscode.Uri.joinPath(folder, `${fileStem(m.name, 'material')}.material.json`), m, {
      replaceDetail: l10n.t('Replace it with the material imported from {0}? What the file holds now would be lost.', source),
      filters: { [l10n.t('LCA material')]: ['material.json'] },
    });
  } else if (result.materials.length > 1) {
    const stem = fileStem(path.posix.basename(first.path).replace(/\.(zip|xml|json|csv|xlsx)$/i, ''), 'imported');
    uri = await writeJsonFile(vscode.Uri.joinPath(folder, `${stem}.materials.json`), result.materials.map((m) => m.material), {
      replaceDetail: l10n.t('Replace it with the {0} materials imported from {1}? What the file holds now would be lost.', String(result.materials.length), source),
      filters: { [l10n.t('LCA materials')]: ['materials.json'] },
    });
  }
  const constructions: vscode.Uri[] = [];
  for (const c of result.constructions) {
    const written = await writeJsonFile(vscode.Uri.joinPath(folder, `${fileStem(c.construction.name, 'construction')}.construction.json`), c.construction, {
      replaceDetail: l10n.t('Replace it with the construction imported from {0}? What the file holds now would be lost.', source),
      filters: { [l10n.t('LCA construction')]: ['construction.json'] },
    });
    // Listed in the report (no log line of its own).
    if (written) constructions.push(written);
  }
  return { uri, constructions };
}
