// The one way out of the editor for every export (BR18 documentation, LCAbyg, LCAx, the dashboard's files): where
// (the save dialog, or the target a test or script gives), the work under a progress notification with Cancel, the
// file and its report written, the findings in the Problems view, the report opened (rendered) or offered. Nothing to write is a
// failure (registerCommand shows why). The exporter (core/export/frame.ts) builds; this asks, shows and writes.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { extensionOf, reportPathOf, type Exporter } from '../../core/export/frame';
import { showRendered } from '../ui';

export interface ExportRun<I, D> {
  exporter: Exporter<I, D>;
  /** Where to write when a test or script gives it (a Uri); else the save dialog asks, proposing `name` in `folder`. */
  target?: unknown;
  name: string;
  /** Default: the first workspace folder. */
  folder?: vscode.Uri;
  /** The save dialog's title. */
  title: string;
  /** What the export asks once the file is chosen, before the work (false: the user cancelled). */
  ready?(): Promise<boolean>;
  /** The progress notification's title; without one the work shows none. */
  progress?: string;
  /** Reads the exporter's input (`signal`: the progress's Cancel; `step`: says what it does). */
  read(signal: AbortSignal, step: (message: string) => void): Promise<I>;
  /** The step shown while the file is built and written. */
  writing?: string;
  /** Shows the export's findings in the Problems view, before the file is written. */
  problems?(data: D): void;
  /** The report once written: opened, or offered with this summary (Open Report). */
  report?: 'open' | ((data: D, file: vscode.Uri) => string);
}

/** Runs `work` under a progress notification whose Cancel aborts its signal. */
export function withProgress<T>(title: string, work: (signal: AbortSignal, step: (m: string) => void) => Promise<T>): Thenable<T> {
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

/** A workspace file as the editor names it (relative to its folder). */
export const shown = (absolute: string): string => vscode.workspace.asRelativePath(vscode.Uri.file(absolute));

/** A report opens rendered (VS Code's Markdown preview, its source one click away), as every report of the extension. */
const openReport = async (uri: vscode.Uri): Promise<void> => showRendered(await vscode.workspace.openTextDocument(uri));

/** Runs an export: what it wrote, or undefined when the user cancelled (the dialog, a question, the progress). */
export async function runExport<I, D>(run: ExportRun<I, D>): Promise<{ file: vscode.Uri; report?: vscode.Uri; data: D } | undefined> {
  const { exporter } = run;
  const folder = run.folder ?? vscode.workspace.workspaceFolders?.[0]?.uri;
  const defaultUri = folder ? vscode.Uri.joinPath(folder, run.name) : vscode.Uri.file(run.name);
  const file = run.target instanceof vscode.Uri ? run.target : await vscode.window.showSaveDialog({ defaultUri, filters: { [exporter.fileType]: [extensionOf(exporter.ending)] }, title: run.title });
  if (!file || (run.ready && !(await run.ready()))) return undefined;
  const reportUri = file.with({ path: reportPathOf(file.path) });
  const work = async (signal: AbortSignal, step: (m: string) => void) => {
    const input = await run.read(signal, step);
    if (signal.aborted) return undefined; // Cancel: nothing written
    if (run.writing) step(run.writing);
    const built = exporter.build(input, l10n.phrasing(), { name: file.path.split('/').pop() ?? '', ...(reportUri.scheme === 'file' ? { reportPath: reportUri.fsPath } : {}), shown });
    if (built.failure !== undefined) throw new Error(built.failure);
    run.problems?.(built.data);
    const content = await built.content();
    await vscode.workspace.fs.writeFile(file, typeof content === 'string' ? new TextEncoder().encode(content) : content);
    if (built.report !== undefined) await vscode.workspace.fs.writeFile(reportUri, new TextEncoder().encode(built.report));
    return { file, ...(built.report !== undefined ? { report: reportUri } : {}), data: built.data };
  };
  const written = run.progress ? await withProgress(run.progress, work) : await work(new AbortController().signal, () => undefined);
  if (!written) return undefined;
  const { report } = written;
  if (report && run.report === 'open') await openReport(report);
  else if (report && typeof run.report === 'function') {
    const openReportLabel = l10n.t('Open Report');
    void vscode.window.showInformationMessage(run.report(written.data, file), openReportLabel).then((chosen) => (chosen === openReportLabel ? openReport(report) : undefined));
  }
  return written;
}
