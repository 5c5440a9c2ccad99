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
import { currentText, referencePeriod } from '../editing/documents';
import type { Catalog } from '../library/catalog';
import type { LcaSession } from '../session';
import type { ExchangeConstruction } from '../../core/export/exchange';
import { loadExchangeExport } from '../bundles';
import { fileStem } from '../../core/templates/names';

export interface ExchangeExportDeps {
  catalog: Catalog;
  session: LcaSession;
  log: vscode.LogOutputChannel;
  /** What wrote the file: the extension's version. */
  version: string;
  /** The project of the active dashboard panel: Export as LCAx… from its title bar exports its breakdown. */
  activeDashboardProject?: () => { id: string; name?: string } | undefined;
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

/**
 * Runs one of the two exports and opens its report. Export as LCAx… run on no file while a project's dashboard is the
 * active editor exports that project's breakdown. `target` (tests, scripts) is where to write; else the user is asked.
 */
export async function exportConstructions(deps: ExchangeExportDeps, format: ExchangeFormat, arg?: unknown, selection?: unknown, target?: unknown): Promise<ExchangeExportOutcome | undefined> {
  const title = format === 'lcabyg' ? l10n.t('Export as LCAbyg Component') : l10n.t('Export as LCAx');
  // The Explorer's selection, a Uri or a Library node; else the active dashboard's project (LCAx), else asked.
  const fromLibrary = libraryTargetOf(arg, 'construction').uri;
  let uris = invokedUris(arg, selection);
  if (!uris.length && fromLibrary) uris.push(fromLibrary);
  uris = uris.filter(isConstruction);
  const project = !uris.length && format === 'lcax' ? deps.activeDashboardProject?.() : undefined;
  if (!uris.length && !project && !(uris = ((await vscode.window.showOpenDialog({ title, canSelectMany: true, filters: { [l10n.t('LCA construction')]: ['construction.json'] } })) ?? []).filter(isConstruction)).length) return undefined;
  const stem = project ? fileStem(project.name ?? project.id, 'project') : path.posix.basename(uris[0].path).replace(/\.construction\.json$/i, '');
  const folder = project ? vscode.workspace.workspaceFolders?.[0]?.uri : vscode.Uri.joinPath(uris[0], '..');
  const file = target instanceof vscode.Uri ? target : await vscode.window.showSaveDialog({ defaultUri: folder && vscode.Uri.joinPath(folder, `${stem}.${format}.json`), title });
  if (!file) return undefined;
  const report = file.with({ path: file.path.replace(/\.json$/i, '') + '.report.md' });
  const core = loadExchangeExport();
  const name = path.posix.basename(file.path);
  let built: { content: string; reportText: string; report: { constructions: string[]; refused: unknown[] }; failure?: string };
  if (project) {
    built = await core.projectLcaxFiles(await deps.session.client(), project.id, { rules: deps.session.br18Rules, codes: deps.session.codes, version: deps.version }, name, l10n.phrasing());
  } else {
    const { catalog } = deps;
    await catalog.ready();
    const constructions: ExchangeConstruction[] = [];
    for (const uri of uris) {
      // As the user has it (unsaved edits too), without opening a document for each file exported.
      const value = parseDocument(await currentText(uri));
      // Materials not known yet (a service id not looked up): asked for now, as Push Construction does.
      for (const id of core.epdIdsOf(value)) await catalog.resolveEpdNow(id);
      constructions.push({ file: vscode.workspace.asRelativePath(uri), value, preview: previewOf(value, catalog, referencePeriod(uri)) });
    }
    built = core.exchangeFiles(format, { constructions, material: (id) => catalog.materialFor(id)?.record, codes: catalog.codes, version: deps.version }, stem, name, l10n.phrasing());
  }
  const r = built.report;
  // Nothing written when every construction is refused: the failure names each and why (registerCommand shows it).
  if (built.failure !== undefined) throw new Error(built.failure);
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(built.content));
  await vscode.workspace.fs.writeFile(report, new TextEncoder().encode(built.reportText));
  await vscode.window.showTextDocument(report, { preview: false });
  return { file, report, written: r.constructions.length, refused: r.refused.length };
}
