// Export BR18 Documentation… and Check Before Submission: ask once for the submission details the project lacks
// (submission.ts), read the project, its dashboard (the Total of its included phases), the materials of its lines and
// their workspace files (findings.ts), then write the BR Standard Format workbook and the check's report beside it (or
// show the report alone, rendered), and list the findings on workspace files in the Problems view. The workbook, the check and
// the report are the core's (src/core/export/br18, a lazily loaded bundle); the export runs in run.ts; this file asks.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { pickProject } from '../projects/pick';
import { projectOf } from '../commandArgs';
import { fileStem } from '../../core/templates/names';
import type { Br18ExportInput } from '../../core/export/br18';
import type { LcaSession } from '../session';
import type { Catalog } from '../library/catalog';
import type { VirtualDocuments } from '../ui';
import { loadBr18Export } from '../bundles';
import { showFindings, workspaceItems } from './findings';
import { askSubmissionOnce, readSubmission, type SubmissionFile } from './submission';
import { runExport, shown, withProgress } from './run';

export interface Br18ExportDeps {
  /** The environment: its service client, code table and BR18 rule table. */
  session: LcaSession;
  log: vscode.LogOutputChannel;
  /** The project of the active dashboard panel, for the command run from its title bar. */
  activeDashboardProject?: () => { id: string; name?: string } | undefined;
  /** What wrote the file: the extension's version. */
  version: string;
  /** The workspace's materials and constructions by service id: where a finding is in the files. */
  catalog: Catalog;
  /** The findings with a place in the files, in the Problems view (owned by registerBr18Export). */
  diagnostics: vscode.DiagnosticCollection;
  /** The `lca:` documents: Check Before Submission's report is one, shown rendered. */
  docs: VirtualDocuments;
}

/** What an export wrote (returned for tests and scripts). */
export interface Br18ExportOutcome {
  workbook: vscode.Uri;
  report: vscode.Uri;
  /** The findings a reviewer would question (what the export left empty is listed apart). */
  findings: number;
}

/** Reads what the export and the check are built from (the core's reading, with progress and the log). */
async function readInput(deps: Br18ExportDeps, projectId: string, submission: SubmissionFile, signal: AbortSignal, step: (m: string) => void): Promise<Br18ExportInput> {
  const session = deps.session;
  return loadBr18Export().readDocumentation(projectId, {
    service: await session.client(),
    env: { rules: session.br18Rules, codes: session.codes, version: deps.version },
    workspace: (dashboard) => workspaceItems(deps.catalog, dashboard),
    submission,
    ...(submission.file?.scheme === 'file' ? { submissionFile: submission.file.fsPath } : {}),
    read: {
      signal,
      onStep: (s) => step(s.step === 'project' ? l10n.t('Reading the project…') : s.step === 'dashboard' ? l10n.t('Reading the dashboard…') : l10n.t('Reading {0} materials…', s.count)),
      onMaterialError: (id, e) => deps.log.warn(`BR18 export: material ${id} could not be read: ${e instanceof Error ? e.message : String(e)}`),
    },
  });
}

/** Export BR18 Documentation…: `arg` a project (tree node, id) or none; `target` where to write (tests), else asked. */
export async function exportBr18Documentation(deps: Br18ExportDeps, arg?: unknown, target?: unknown): Promise<Br18ExportOutcome | undefined> {
  // From the dashboard's title bar (or the palette while a project's dashboard is the active editor): its project.
  const given = projectOf(arg) ? undefined : deps.activeDashboardProject?.();
  const project = await pickProject(deps.session, given?.id ?? arg, l10n.t('Export BR18 Documentation'), l10n.t('There are no projects to export.'));
  if (!project) return undefined;
  // Given by id only (a script, a test): its name for the file proposed, read from the service once.
  let fetched: Promise<string | undefined> | undefined;
  const serviceName = (): Promise<string | undefined> => (fetched ??= deps.session.client().then(async (c) => (await c.getProject(project.id)).projectName ?? undefined));
  const name = project.name ?? given?.name ?? (target instanceof vscode.Uri ? undefined : await serviceName()) ?? project.id;
  const exporter = loadBr18Export().br18Exporter;
  let submission: SubmissionFile | undefined;
  const written = await runExport({
    exporter,
    target,
    name: `${fileStem(name, 'project')}${exporter.ending}`,
    title: l10n.t('Export BR18 Documentation'),
    // What the project data cannot give: asked for once per project, kept in lca-submission.json.
    ready: async () => !!(submission = await askSubmissionOnce(project.id, async () => project.name ?? given?.name ?? serviceName())),
    progress: l10n.t('Exporting the BR18 documentation of {0}', name),
    read: (signal, step) => readInput(deps, project.id, submission!, signal, step),
    writing: l10n.t('Writing the workbook…'),
    problems: (d) => showFindings(deps.diagnostics, d.check.findings, d.projectName),
    report: (d, file) => l10n.t('BR18 documentation written to {0}: {1} finding(s) to review before submission.', file.fsPath || file.toString(), loadBr18Export().questioned(d.check).length),
  });
  return written && { workbook: written.file, report: written.report!, findings: loadBr18Export().questioned(written.data.check).length };
}

/** Check Before Submission: the check alone, its report a read-only `lca:` document shown rendered (writes nothing). */
export async function checkBeforeSubmission(deps: Br18ExportDeps, arg?: unknown): Promise<vscode.TextDocument | undefined> {
  // From the dashboard's title bar (or the palette while a project's dashboard is the active editor): its project.
  const given = projectOf(arg) ? undefined : deps.activeDashboardProject?.();
  const project = await pickProject(deps.session, given?.id ?? arg, l10n.t('Check Before Submission'), l10n.t('There are no projects to check.'));
  if (!project) return undefined;
  const name = project.name ?? given?.name ?? project.id;
  const submission = await readSubmission(project.id);
  const report = await withProgress(l10n.t('Checking {0} before submission', name), async (signal, step) => {
    const input = await readInput(deps, project.id, submission, signal, step);
    const { check, report, projectName } = loadBr18Export().br18Documentation(input, l10n.phrasing(), { projectName: name, shown });
    showFindings(deps.diagnostics, check.findings, projectName);
    return report;
  });
  return deps.docs.open(`/check-before-submission/${fileStem(name, 'project')}.md`, report, 'markdown');
}
