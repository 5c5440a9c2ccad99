// The LCA findings of the workspace's files that no editor holds, in Problems beside the open files' (setting
// `lca.problems.scope`: "workspace", the default, or "openFiles" as before). Each LCA file up to MAX_BYTES is read
// from disk and checked once, one at a time out of the way of typing; after that only what changes is checked again:
// a file changed, created or deleted on disk, a file whose editor closed, constructions when the catalog learns about
// epdIds, every file when the code table or the language changes. An open document's problems stay the editor's
// (diagnostics.ts), checked as typed; the two never both answer for one file.
import * as vscode from 'vscode';
import type { Analysis, RuleDiagnostic } from '../../core/rules';
import { loadRules } from '../bundles';
import { LineIndex, documentKindOf } from '../../core/document';
import { Disposable } from '../disposable';
import { watchFiles } from '../fileWatch';
import { KeyedTimers } from '../keyedTimers';
import * as l10n from '../l10n';
import type { DocumentAnalyses } from './analyses';
import { DIAGNOSTIC_SOURCE, SEVERITY, type SemanticDiagnostics } from './diagnostics';
import { LCA_FILE_PATTERN } from './documents';

/** Files larger than this are checked only when opened (a 50 MB library would hold the host for a second). */
const MAX_BYTES = 5 * 1024 * 1024;
/** At most this many files are looked at (the Library's catalog reads as many). */
const MAX_FILES = 5000;
const EXCLUDE = '**/node_modules/**';
/** A file changed on disk is checked this long after its last change (a save of many files comes as a burst). */
const SETTLE_MS = 300;

type ProblemsScope = 'workspace' | 'openFiles';

function problemsScope(): ProblemsScope {
  return vscode.workspace.getConfiguration('lca').get<string>('problems.scope') === 'openFiles' ? 'openFiles' : 'workspace';
}

export interface WorkspaceFindingsDeps {
  analyses: DocumentAnalyses;
  diagnostics: SemanticDiagnostics;
  log: vscode.LogOutputChannel;
}

export class WorkspaceFindings extends Disposable {
  /** The files whose problems come from disk, by URI. */
  private readonly fromDisk = new Map<string, vscode.Uri>();
  private readonly queue = new Map<string, vscode.Uri>();
  private readonly timers = new KeyedTimers();
  private running: Promise<void> | undefined;
  private generation = 0;

  private readonly analyses: DocumentAnalyses;
  private readonly diagnostics: SemanticDiagnostics;
  private readonly log: vscode.LogOutputChannel;

  constructor(deps: WorkspaceFindingsDeps) {
    super();
    ({ analyses: this.analyses, diagnostics: this.diagnostics, log: this.log } = deps);
    for (const d of [
      watchFiles(LCA_FILE_PATTERN, {
        onCreate: (u) => this.later(u),
        onChange: (u) => this.later(u),
        onDelete: (u) => this.drop(u),
        // In a folder created since: checked unless already known (a large burst hands over the whole workspace).
        found: (u) => {
          if (!this.fromDisk.has(u.toString())) this.later(u);
        },
      }),
      // The editor let go of a file (closed, or changed where no tab shows it): its problems come from disk again.
      this.diagnostics.onDidRelease((u) => this.later(u)),
      // Constructions are checked against what the catalog knows; everything against the code table.
      this.analyses.onDidInvalidate((kind) => this.again((u) => !kind || documentKindOf(u.path) === kind)),
      l10n.onDidChangeLanguage(() => this.again(() => true)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('lca.problems.scope')) this.start();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.start()),
    ]) this.register(d);
  }

  /** Reads the workspace (scope "workspace") or takes every disk file's problems away (scope "openFiles"). */
  start(): void {
    this.generation++;
    this.queue.clear();
    if (problemsScope() === 'openFiles') {
      for (const uri of this.fromDisk.values()) this.diagnostics.publishFromDisk(uri, undefined);
      this.fromDisk.clear();
      return;
    }
    const generation = this.generation;
    void vscode.workspace.findFiles(LCA_FILE_PATTERN, EXCLUDE, MAX_FILES).then(
      (files) => {
        if (generation !== this.generation) return;
        if (files.length === MAX_FILES) this.log.warn(`LCA problems of the workspace: only the first ${MAX_FILES} LCA files are checked; open a file to check it.`);
        for (const uri of files) this.enqueue(uri);
      },
      (e: unknown) => this.log.error(`LCA problems of the workspace: the files could not be listed: ${String(e)}`),
    );
  }

  /** Every file checked from disk that `which` names, checked again (settled, as a burst of changes). */
  private again(which: (uri: vscode.Uri) => boolean): void {
    for (const uri of this.fromDisk.values()) if (which(uri)) this.later(uri);
  }

  private later(uri: vscode.Uri): void {
    if (problemsScope() === 'openFiles' || uri.scheme !== 'file') return;
    this.timers.schedule(uri.toString(), SETTLE_MS, () => this.enqueue(uri));
  }

  private drop(uri: vscode.Uri): void {
    const key = uri.toString();
    this.timers.cancel(key);
    this.queue.delete(key);
    if (this.fromDisk.delete(key)) this.diagnostics.publishFromDisk(uri, undefined);
  }

  private enqueue(uri: vscode.Uri): void {
    this.queue.set(uri.toString(), uri);
    this.running ??= this.drain().finally(() => (this.running = undefined));
  }

  /** Checks the queued files one at a time, letting the host answer (typing, completion) between two. */
  private async drain(): Promise<void> {
    for (;;) {
      const next = this.queue.entries().next();
      if (next.done) return;
      const [key, uri] = next.value;
      this.queue.delete(key);
      await this.checkFile(uri);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async checkFile(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    if (problemsScope() === 'openFiles' || this.diagnostics.holds(uri)) {
      this.fromDisk.delete(key);
      return;
    }
    const generation = this.generation;
    let text: string;
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > MAX_BYTES) {
        this.log.info(`LCA problems of the workspace: ${uri.toString(true)} (${(stat.size / 1024 / 1024).toFixed(1)} MB) is checked when opened, not from disk.`);
        this.drop(uri);
        return;
      }
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      // Gone (or unreadable) meanwhile: nothing to show for it.
      this.drop(uri);
      return;
    }
    // Opened, or the scope changed, while it was read: the editor (or nobody) answers for it now.
    if (generation !== this.generation && problemsScope() === 'openFiles') return;
    if (this.diagnostics.holds(uri)) return;
    const analysis = this.analyses.ofText(uri, text);
    const diagnostics = analysis ? diagnosticsOf(analysis) : [];
    this.fromDisk.set(key, uri);
    this.diagnostics.publishFromDisk(uri, diagnostics);
  }

  override dispose(): void {
    this.timers.clear();
    this.queue.clear();
    this.generation++;
    super.dispose();
  }
}

/**
 * A file's problems as the editor would show them, placed by the file's own lines: the rules' findings and the
 * schema's problems, and — since no JSON language server reads a closed file — its JSON syntax errors.
 */
function diagnosticsOf(analysis: Analysis): vscode.Diagnostic[] {
  const lines = new LineIndex(analysis.text);
  const position = (offset: number): vscode.Position => {
    const p = lines.position(offset);
    return new vscode.Position(p.line - 1, p.column - 1);
  };
  const diagnostic = (r: Pick<RuleDiagnostic, 'offset' | 'length' | 'message' | 'severity'> & { code: string }): vscode.Diagnostic => {
    const d = new vscode.Diagnostic(new vscode.Range(position(r.offset), position(r.offset + r.length)), l10n.say(r.message), SEVERITY[r.severity]);
    d.source = DIAGNOSTIC_SOURCE;
    d.code = r.code;
    return d;
  };
  const out: vscode.Diagnostic[] = [];
  for (const group of analysis.groups) for (const r of group.diagnostics) out.push(diagnostic({ ...r, offset: r.offset + group.start, code: r.ruleId }));
  if (!analysis.strict) {
    for (const p of loadRules().blockingOf(analysis)) if (p.kind === 'syntax') out.push(diagnostic({ offset: p.offset, length: p.length, message: p.message, severity: 'error', code: 'json' }));
  }
  return out;
}
