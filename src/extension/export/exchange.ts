// Export as LCAbyg Component… and Export as LCAx…: the construction files chosen (the Explorer's selection, the
// editor's file, a Library construction, or asked), each with the preview the editor shows (the catalog's materials,
// the reference period of the setting), written as one LCAbyg component file or LCAx project with its report beside
// it, which is opened. When every construction is refused nothing is written and the command fails with each reason
// (registerCommand shows it). The file and report are the core's (src/core/export/exchange, a lazy bundle).
import * as path from 'path';
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { invokedUris, libraryTargetOf } from '../commandArgs';
import { parseDocument } from '../../core/document';
import { previewOf } from '../editing/preview';
import { referencePeriod } from '../editing/documents';
import type { Catalog } from '../library/catalog';
import type { LcaSession } from '../session';
import type { ExchangeConstruction } from '../../core/export/exchange';
import { exchangeExport } from './exchangeBundle';

export interface ExchangeExportDeps {
  catalog: Catalog;
  session: LcaSession;
  log: vscode.LogOutputChannel;
  /** What wrote the file: the extension's version. */
  version: string;
}

export type ExchangeFormat = 'lcabyg' | 'lcax';

/** What an export wrote (returned for tests and scripts). */
export interface ExchangeExportOutcome {
  file: vscode.Uri;
  report: vscode.Uri;
  written: number;
  refused: number;
}

const isConstruction = (u: vscode.Uri): boolean => /\.construction\.json$/i.test(u.path);

/** The construction files a command was run on: the Explorer's selection, a Uri, a Library node, or asked. */
async function chosenFiles(arg: unknown, selection: unknown, title: string): Promise<vscode.Uri[]> {
  const fromLibrary = libraryTargetOf(arg, 'construction').uri;
  const uris = invokedUris(arg, selection);
  if (!uris.length && fromLibrary) uris.push(fromLibrary);
  const chosen = uris.length ? uris : ((await vscode.window.showOpenDialog({ title, canSelectMany: true, filters: { [l10n.t('LCA construction')]: ['construction.json'] } })) ?? []);
  return chosen.filter(isConstruction);
}

/** Runs one of the two exports and opens its report. `target` (tests, scripts) is where to write; else the user is asked. */
export async function exportConstructions(deps: ExchangeExportDeps, format: ExchangeFormat, arg?: unknown, selection?: unknown, target?: unknown): Promise<ExchangeExportOutcome | undefined> {
  const title = format === 'lcabyg' ? l10n.t('Export as LCAbyg Component') : l10n.t('Export as LCAx');
  const uris = await chosenFiles(arg, selection, title);
  if (!uris.length) return undefined;
  const stem = path.posix.basename(uris[0].path).replace(/\.construction\.json$/i, '');
  const file = target instanceof vscode.Uri ? target : await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.joinPath(uris[0], '..', `${stem}.${format}.json`), title });
  if (!file) return undefined;
  const report = file.with({ path: file.path.replace(/\.json$/i, '') + '.report.md' });
  const { catalog } = deps;
  await catalog.ready();
  const core = exchangeExport();
  const constructions: ExchangeConstruction[] = [];
  for (const uri of uris) {
    const value = parseDocument((await vscode.workspace.openTextDocument(uri)).getText());
    // Materials not known yet (a service id not looked up): asked for now, as Push Construction does.
    for (const id of core.epdIdsOf(value)) await catalog.resolveEpdNow(id);
    constructions.push({ file: vscode.workspace.asRelativePath(uri), value, preview: previewOf(value, catalog, referencePeriod(uri)) });
  }
  const built = core.exchangeFiles(format, { constructions, material: (id) => catalog.materialFor(id)?.record, codes: catalog.codes, version: deps.version }, stem, path.posix.basename(file.path), l10n.phrasing());
  const r = built.report;
  // Nothing written when every construction is refused: the error names each and why.
  if (!r.constructions.length) throw new Error(r.refused.map((n) => `${n.item}: ${l10n.say(n.message)}`).join('; '));
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(built.content));
  await vscode.workspace.fs.writeFile(report, new TextEncoder().encode(built.reportText));
  await vscode.window.showTextDocument(report, { preview: false });
  return { file, report, written: r.constructions.length, refused: r.refused.length };
}
