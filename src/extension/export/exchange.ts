// Export as LCAbyg Component… and Export as LCAx…: the construction files chosen (the Explorer's selection, the
// editor's file, a Library construction; from the palette the active editor's construction; else asked), each with the preview the editor shows (the catalog's materials,
// the reference period of its project, else of the setting), written as one LCAbyg component file or LCAx project with
// its report beside it, which is opened (run.ts). When every construction is refused nothing is written and the command
// fails with each reason (registerCommand shows it). The file and report are the core's (src/core/export/exchange, a
// lazy bundle).
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { invokedUris, libraryTargetOf } from '../commandArgs';
import { constructionStem, isConstructionPath, parseDocument } from '../../core/document';
import { previewOf } from '../editing/preview';
import { currentText } from '../editing/documents';
import type { ProjectPeriods } from '../editing/projectPeriod';
import type { Catalog } from '../library/catalog';
import type { LcaSession } from '../session';
import type { ConstructionsExport, ExchangeReport } from '../../core/export/exchange';
import type { Exporter } from '../../core/export/frame';
import { runExport } from './run';
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
  /** The reference period of each construction: its project's, else the setting (as its lens shows). */
  periods: ProjectPeriods;
}

export type ExchangeFormat = 'lcabyg' | 'lcax';

/** What an export wrote (returned for tests and scripts). */
export interface ExchangeExportOutcome {
  file: vscode.Uri;
  report: vscode.Uri;
  written: number;
  refused: number;
}

const isConstruction = (u: vscode.Uri): boolean => isConstructionPath(u.path);

/**
 * Runs one of the two exports and opens its report. Export as LCAx… run on no file while a project's dashboard is the
 * active editor exports that project's breakdown. `target` (tests, scripts) is where to write; else the user is asked.
 */
export async function exportConstructions(deps: ExchangeExportDeps, format: ExchangeFormat, arg?: unknown, selection?: unknown, target?: unknown): Promise<ExchangeExportOutcome | undefined> {
  const title = format === 'lcabyg' ? l10n.t('Export as LCAbyg Component') : l10n.t('Export as LCAx');
  // The Explorer's selection, a Uri or a Library node; else the active dashboard's project (LCAx), else the active
  // editor's construction, else asked.
  const fromLibrary = libraryTargetOf(arg, 'construction').uri;
  let uris = invokedUris(arg, selection);
  if (!uris.length && fromLibrary) uris.push(fromLibrary);
  uris = uris.filter(isConstruction);
  const project = !uris.length && format === 'lcax' ? deps.activeDashboardProject?.() : undefined;
  // From the palette with a construction as the active editor: that construction, without asking.
  const active = vscode.window.activeTextEditor?.document.uri;
  if (!uris.length && !project && active && isConstruction(active)) uris.push(active);
  if (!uris.length && !project && !(uris = ((await vscode.window.showOpenDialog({ title, canSelectMany: true, filters: { [l10n.t('LCA construction')]: ['construction.json'] } })) ?? []).filter(isConstruction)).length) return undefined;
  const stem = project ? fileStem(project.name ?? project.id, 'project') : constructionStem(uris[0].path);
  const folder = project ? undefined : vscode.Uri.joinPath(uris[0], '..');
  const core = loadExchangeExport();
  const run = <I>(exporter: Exporter<I, ExchangeReport>, read: (signal: AbortSignal) => Promise<I>) =>
    runExport({ exporter, target, name: `${stem}${exporter.ending}`, folder, title, progress: title, read, report: 'open' });
  const session = deps.session;
  const written = project
    ? await run(core.projectLcaxExporter, async (signal) => core.readProjectWithDashboard(await session.client(), project.id, { rules: session.br18Rules, codes: session.codes, version: deps.version }, { signal }))
    : await run(format === 'lcabyg' ? core.lcabygExporter : core.lcaxExporter, () => readConstructions(deps, uris, stem));
  return written && { file: written.file, report: written.report!, written: written.data.constructions.length, refused: written.data.refused.length };
}

/** The constructions as the user has them (unsaved edits too), each previewed as its lens shows it. */
async function readConstructions(deps: ExchangeExportDeps, uris: readonly vscode.Uri[], stem: string): Promise<ConstructionsExport> {
  const { catalog } = deps;
  await catalog.ready();
  const files = await Promise.all(
    uris.map(async (uri) => ({ file: vscode.workspace.asRelativePath(uri), value: parseDocument(await currentText(uri)), period: (await deps.periods.periodForNow(uri)).years })),
  );
  const materials = {
    // Materials not known yet (a service id not looked up): asked for now, as Push Construction does.
    ensure: async (ids: readonly string[]) => {
      for (const id of ids) await catalog.resolveEpdNow(id);
    },
    preview: (value: unknown, period: number) => previewOf(value, catalog, period),
    record: (id: string) => catalog.materialFor(id)?.record,
    codes: catalog.codes,
  };
  return loadExchangeExport().readConstructions(files, materials, { name: stem, version: deps.version });
}
