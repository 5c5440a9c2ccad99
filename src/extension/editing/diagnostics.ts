// The analysis of each open LCA document (analyses.ts) published as VS Code diagnostics: collection 'lca', source
// "LCA", code = rule id (`schema` for a schema problem), published at once on open, 200 ms after the last change,
// again when the catalog or the code table changes, cleared on close. A bulk file's diagnostics are converted per
// material, and those of every material an edit did not touch are reused (moved by whole lines when an edit above
// added or removed lines). A file in the large-file language has no JSON language service: its JSON syntax errors
// are published here, so that Problems holds what a refusal before sending counts.
import * as vscode from 'vscode';
import { Disposable } from '../disposable';
import * as l10n from '../l10n';
import { syntaxProblems } from '../../core/document';
import type { Analysis, RuleDiagnostic, Severity } from '../../core/rules';
import type { DocumentAnalyses } from './analyses';
import { LCA_FILE_PATTERN, lcaKindOf } from './documents';
import { LARGE_FILE_LANGUAGE, LargeFiles } from './largeFiles';

export const DIAGNOSTIC_SOURCE = 'LCA';
const DEBOUNCE_MS = 200;

export const SEVERITY: Record<Severity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/** VS Code diagnostics of one material's group, and where that material started when they were made. */
interface Converted {
  start: vscode.Position;
  diagnostics: vscode.Diagnostic[];
}

/** How a check went: for the log and the integration tests' measurements. */
export interface CheckRecord {
  uri: string;
  version: number;
  mode: 'incremental' | 'full';
  itemsChecked: number;
  /** Extension-host time of the check, from applying the edits to handing the diagnostics to VS Code. */
  ms: number;
  diagnostics: number;
}

export class SemanticDiagnostics extends Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('lca');
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Documents VS Code keeps whose last tab was closed. */
  private readonly notShown = new Set<string>();
  /** Of those, the ones that changed since: their problems are cleared, and they are not checked until shown again. */
  private readonly stale = new Set<string>();
  /** The analysis last published per document (a later check of the same analysis checked nothing). */
  private readonly published = new Map<string, Analysis>();
  private converted = new WeakMap<readonly RuleDiagnostic[], Converted>();
  private readonly checkedEmitter = new vscode.EventEmitter<CheckRecord>();
  private readonly releasedEmitter = new vscode.EventEmitter<vscode.Uri>();
  /** Fires when the editor stops answering for a file's problems (closed, or changed while no tab shows it). */
  readonly onDidRelease = this.releasedEmitter.event;
  /** Fires after each check with what it cost. */
  readonly onDidCheck = this.checkedEmitter.event;

  /**
   * Large files' own language (largeFiles.ts), made first: when a file opens it decides before the checks below whether
   * the file moves, and a moving file is checked once, when it is opened again in that language.
   */
  private readonly largeFiles: LargeFiles;

  constructor(
    private readonly analyses: DocumentAnalyses,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.largeFiles = this.register(new LargeFiles(log));
    for (const d of [
      // A large file VS Code did not move to its own language after all: checked as it is.
      this.largeFiles.onDidKeepLanguage((d) => this.schedule(d, 0)),
      this.collection, this.checkedEmitter, this.releasedEmitter,
      vscode.workspace.onDidOpenTextDocument((d) => this.check(d)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length === 0) return;
        if (this.notShown.has(e.document.uri.toString())) this.clearStale(e.document.uri);
        else this.schedule(e.document, DEBOUNCE_MS);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
      // A closed tab: VS Code keeps the document (with its problems) for minutes, and the file may change on disk
      // meanwhile. Problems of a file no tab shows are cleared when it changes, rather than kept stale or re-checked
      // out of sight; shown again, it is checked again.
      vscode.window.tabGroups.onDidChangeTabs((e) => {
        for (const tab of e.closed) {
          const uri = tabUri(tab);
          if (uri && !isShown(uri)) this.notShown.add(uri.toString());
        }
        for (const tab of e.opened) {
          const uri = tabUri(tab);
          if (!uri) continue;
          const key = uri.toString();
          this.notShown.delete(key);
          if (!this.stale.delete(key)) continue;
          const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
          if (document) this.schedule(document, 0);
        }
      }),
      this.onDiskChange(LCA_FILE_PATTERN),
      // The catalog learnt about epdIds (constructions), or another code table (every document).
      analyses.onDidInvalidate((kind) => {
        for (const d of vscode.workspace.textDocuments) if (!kind || lcaKindOf(d) === kind) this.schedule(d, kind ? DEBOUNCE_MS : 0);
      }),
      // Another language (lca.language): the same findings, phrased again.
      l10n.onDidChangeLanguage(() => {
        this.published.clear();
        this.converted = new WeakMap();
        for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
      }),
    ]) this.register(d);
    // The files already open are checked right after activation rather than inside it: the first check loads the
    // schema validators and may read a large file, which activation (and the window) should not wait for.
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  private schedule(document: vscode.TextDocument, delay: number): void {
    if (!lcaKindOf(document) || this.stale.has(document.uri.toString()) || this.largeFiles.isMoving(document)) return;
    const key = document.uri.toString();
    const pending = this.timers.get(key);
    if (pending) clearTimeout(pending);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        if (!document.isClosed) this.check(document);
      }, delay),
    );
  }

  private check(document: vscode.TextDocument): void {
    // A large file about to get its own language is checked once, when it is opened again in that language.
    if (!lcaKindOf(document) || this.largeFiles.isMoving(document)) return;
    // A large library's edit that needs a full check waits for a pause in typing and completion (analyses.ts).
    const wait = this.analyses.fullCheckWait(document);
    if (wait > 0) return this.schedule(document, wait);
    const key = document.uri.toString();
    // Opened again (a document VS Code had disposed of meanwhile): checked as any other.
    this.stale.delete(key);
    const pending = this.timers.get(key);
    if (pending) {
      clearTimeout(pending);
      this.timers.delete(key);
    }
    const started = performance.now();
    const analysis = this.analyses.get(document);
    const fresh = analysis !== undefined && analysis !== this.published.get(key);
    const stats = fresh ? analysis.stats : { mode: 'incremental' as const, itemsChecked: 0 };
    const diagnostics: vscode.Diagnostic[] = [];
    try {
      for (const group of analysis?.groups ?? []) for (const d of this.convert(document, group.start, group.diagnostics)) diagnostics.push(d);
      if (analysis && !analysis.strict && document.languageId === LARGE_FILE_LANGUAGE) for (const p of syntaxProblems(analysis.text)) diagnostics.push(syntaxDiagnostic(document, p));
    } catch (e) {
      // A rule that throws must not take the other diagnostics (or the editor) down with it.
      this.log.error(`LCA checks failed for ${document.uri.toString(true)}: ${(e as Error).stack ?? String(e)}`);
    }
    if (analysis) this.published.set(key, analysis);
    else this.published.delete(key);
    this.collection.set(document.uri, diagnostics);
    const ms = performance.now() - started;
    const record: CheckRecord = { uri: key, version: document.version, mode: stats.mode, itemsChecked: stats.itemsChecked, ms, diagnostics: diagnostics.length };
    this.log.debug(
      `LCA check of ${document.uri.toString(true)} v${document.version}: ${stats.mode}${stats.reason ? ` (${stats.reason})` : ''}, ${stats.itemsChecked} item(s), ${diagnostics.length} diagnostics, ${ms.toFixed(1)} ms`,
    );
    this.checkedEmitter.fire(record);
  }

  /** VS Code diagnostics of one part's findings (offsets relative to `start`), reused while that part is unchanged. */
  private convert(document: vscode.TextDocument, start: number, group: readonly RuleDiagnostic[]): vscode.Diagnostic[] {
    const at = document.positionAt(start);
    const cached = this.converted.get(group);
    if (cached && cached.start.isEqual(at)) return cached.diagnostics;
    let diagnostics: vscode.Diagnostic[];
    if (cached && cached.start.character === at.character) {
      // Lines were added or removed above: the same diagnostics, that many lines further.
      const lines = at.line - cached.start.line;
      diagnostics = cached.diagnostics.map((d) => {
        const moved = new vscode.Diagnostic(new vscode.Range(d.range.start.translate(lines), d.range.end.translate(lines)), d.message, d.severity);
        moved.source = d.source;
        moved.code = d.code;
        return moved;
      });
    } else diagnostics = group.map((r) => toVscodeDiagnostic(document, r, start));
    this.converted.set(group, { start: at, diagnostics });
    return diagnostics;
  }

  /** A watcher of LCA files changed or deleted on disk: the problems of those no tab shows are cleared. */
  private onDiskChange(glob: string): vscode.Disposable {
    const watcher = vscode.workspace.createFileSystemWatcher(glob, true, false, false);
    const changed = (uri: vscode.Uri): void => {
      if (this.notShown.has(uri.toString())) this.clearStale(uri);
    };
    return vscode.Disposable.from(watcher, watcher.onDidChange(changed), watcher.onDidDelete(changed));
  }

  private clearStale(uri: vscode.Uri): void {
    this.forget(uri);
    this.stale.add(uri.toString());
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    const pending = this.timers.get(key);
    if (pending) clearTimeout(pending);
    this.timers.delete(key);
    const had = this.published.delete(key);
    this.collection.delete(uri);
    if (had) this.releasedEmitter.fire(uri);
  }

  /** Whether an open document answers for the file's problems (checked by the editor, as typed). */
  holds(uri: vscode.Uri): boolean {
    const key = uri.toString();
    return this.published.has(key) || this.timers.has(key);
  }

  /** Problems of a file no editor holds, as the workspace's check found them on disk (workspaceFindings.ts). */
  publishFromDisk(uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[] | undefined): void {
    if (this.holds(uri)) return;
    if (diagnostics) this.collection.set(uri, diagnostics);
    else this.collection.delete(uri);
  }

  override dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    super.dispose();
  }
}

/** The document a tab shows (a text or a diff's modified side); undefined for other tabs. */
function tabUri(tab: vscode.Tab): vscode.Uri | undefined {
  const input = tab.input;
  if (input instanceof vscode.TabInputText) return input.uri;
  if (input instanceof vscode.TabInputTextDiff) return input.modified;
  return undefined;
}

/** Whether some tab still shows `uri`. */
function isShown(uri: vscode.Uri): boolean {
  const key = uri.toString();
  return vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => tabUri(t)?.toString() === key));
}

export function rangeOf(document: vscode.TextDocument, r: { offset: number; length: number }, shift = 0): vscode.Range {
  return new vscode.Range(document.positionAt(r.offset + shift), document.positionAt(r.offset + shift + r.length));
}

/** A JSON syntax error as VS Code's JSON language service shows it, where that service does not read the file. */
function syntaxDiagnostic(document: vscode.TextDocument, p: { offset: number; length: number; message: RuleDiagnostic['message'] }): vscode.Diagnostic {
  const d = new vscode.Diagnostic(rangeOf(document, p), l10n.say(p.message), vscode.DiagnosticSeverity.Error);
  d.source = DIAGNOSTIC_SOURCE;
  d.code = 'json';
  return d;
}

/** A finding (or a schema problem: code `schema`, an error, as the service refuses it) as a VS Code diagnostic. */
export function toVscodeDiagnostic(document: vscode.TextDocument, r: RuleDiagnostic, shift = 0): vscode.Diagnostic {
  const d = new vscode.Diagnostic(rangeOf(document, r, shift), l10n.say(r.message), SEVERITY[r.severity]);
  d.source = DIAGNOSTIC_SOURCE;
  d.code = r.ruleId;
  return d;
}
