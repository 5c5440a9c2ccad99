// Export BR18 Documentation… and Check Before Submission: ask once for the submission details the project lacks
// (submission.ts), read the project, its dashboard (the Total of its included phases), the materials of its lines and
// their workspace files (findings.ts), then write the BR Standard Format workbook and the check's report beside it (or
// show the report alone), and list the findings on workspace files in the Problems view. The workbook, the check and
// the report are the core's (src/core/export/br18, a lazily loaded bundle); this file asks, shows progress and writes.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { pickProject } from '../projects/pick';
import { projectOf } from '../commandArgs';
import { fileStem } from '../../core/templates/names';
import type { Br18ExportInput } from '../../core/export/br18';
import type { LcaSession } from '../session';
import type { Catalog } from '../library/catalog';
import { loadBr18Export } from '../bundles';
import { showFindings, workspaceItems } from './findings';
import { askSubmissionOnce, readSubmission, type SubmissionFile } from './submission';

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
}

/** What an export wrote (returned for tests and scripts). */
export interface Br18ExportOutcome {
  workbook: vscode.Uri;
  report: vscode.Uri;
  findings: number;
}

/** Reads what the export and the check are built from (the core's reading, with progress and the log). */
async function readInput(deps: Br18ExportDeps, projectId: string, submission: SubmissionFile, signal: AbortSignal, step: (m: string) => void): Promise<Br18ExportInput> {
  const client = await deps.session.client();
  const data = await loadBr18Export().readBr18Data(client, projectId, {
    signal,
    onStep: (s) => step(s.step === 'project' ? l10n.t('Reading the project…') : s.step === 'dashboard' ? l10n.t('Reading the dashboard…') : l10n.t('Reading {0} materials…', s.count)),
    onMaterialError: (id, e) => deps.log.warn(`BR18 export: material ${id} could not be read: ${e instanceof Error ? e.message : String(e)}`),
  });
  return {
    ...data,
    workspace: await workspaceItems(deps.catalog, data.dashboard),
    ...loadBr18Export().submissionInput(submission, submission.file?.scheme === 'file' ? submission.file.fsPath : undefined),
    rules: deps.session.br18Rules,
    codes: deps.session.codes,
    software: { name: 'LCA Workbench', version: deps.version },
    today: new Date(),
  };
}

function withProgress<T>(title: string, work: (signal: AbortSignal, step: (m: string) => void) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    const abort = new AbortController();
    const sub = token.onCancellationRequested(() => abort.abort());
    try {
      return await work(abort.signal, (message) => progress.report({ message }));
    } finally {
      sub.dispose();
    }
  });
}

async function chooseTarget(name: string): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const file = `${fileStem(name, 'project')}.br18.xlsx`;
  return vscode.window.showSaveDialog({
    defaultUri: folder ? vscode.Uri.joinPath(folder, file) : vscode.Uri.file(file),
    filters: { Excel: ['xlsx'] },
    title: l10n.t('Export BR18 Documentation'),
  });
}

/** A workspace file as the editor names it (relative to its folder). */
const shown = (absolute: string): string => vscode.workspace.asRelativePath(vscode.Uri.file(absolute));

/** The report beside the workbook: `x.br18.xlsx` → `x.br18.report.md`. */
export function reportUriOf(workbook: vscode.Uri): vscode.Uri {
  const base = workbook.path.replace(/\.xlsx$/i, '');
  return workbook.with({ path: `${base}.report.md` });
}

async function openReport(uri: vscode.Uri): Promise<void> {
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
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
  const workbookUri = target instanceof vscode.Uri ? target : await chooseTarget(name);
  if (!workbookUri) return undefined;
  const reportUri = reportUriOf(workbookUri);
  // What the project data cannot give: asked for once per project, kept in lca-submission.json.
  const submission = await askSubmissionOnce(project.id, async () => project.name ?? given?.name ?? serviceName());
  if (!submission) return undefined;
  const outcome = await withProgress(l10n.t('Exporting the BR18 documentation of {0}', name), async (signal, step) => {
    const input = await readInput(deps, project.id, submission, signal, step);
    step(l10n.t('Writing the workbook…'));
    const core = loadBr18Export();
    const reportPath = reportUri.scheme === 'file' ? reportUri.fsPath : undefined;
    const { workbook, check, report, projectName } = core.br18Documentation(input, l10n.phrasing(), { projectName: name, workbook: workbookUri.path.split('/').pop(), reportPath, shown });
    showFindings(deps.diagnostics, check.findings, projectName);
    await vscode.workspace.fs.writeFile(workbookUri, await core.writeBr18Xlsx(workbook));
    await vscode.workspace.fs.writeFile(reportUri, new TextEncoder().encode(report));
    return { workbook: workbookUri, report: reportUri, findings: check.findings.length };
  });
  const openReportLabel = l10n.t('Open Report');
  void vscode.window
    .showInformationMessage(l10n.t('BR18 documentation written to {0}: {1} finding(s) to review before submission.', workbookUri.fsPath || workbookUri.toString(), outcome.findings), openReportLabel)
    .then((chosen) => (chosen === openReportLabel ? openReport(reportUri) : undefined));
  return outcome;
}

/** Check Before Submission: the check alone, its report shown as an untitled Markdown document. */
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
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: report });
  await vscode.window.showTextDocument(doc, { preview: false });
  return doc;
}
