// The semantic rules (src/core/rules) as VS Code diagnostics: collection 'lca', source "LCA", code = rule id, checked
// at once on open, 200 ms after the last change, again when the catalog learns about epdIds, cleared on close.
// Their fixes become quick fixes applied as a WorkspaceEdit (so undo works); only a rule's clear fix is preferred
// (auto-fix), candidates such as other materials for an unknown epdId never are.
// Bulk files (*.materials.json) are checked incrementally (core/rules/incremental): the change events' edits are
// queued and applied at the next check, which re-checks only the materials they touched and reuses the VS Code
// diagnostics of every other material (moved by whole lines when an edit above added or removed lines).
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { onActiveCodesChange } from '../../core/codeTable';
import { checkTextAndSchema, type BlockingProblem, type RuleDiagnostic, type RuleFix, type Severity } from '../../core/rules';
import { IncrementalCheck, shiftDiagnostic, type TextChange } from '../../core/rules/incremental';
import type { Catalog } from '../library/catalog';
import { lcaKindOf } from './documents';
import { PICK_EPD_COMMAND } from './pickEpd';

export const DIAGNOSTIC_SOURCE = 'LCA';
const DEBOUNCE_MS = 200;
/** Diagnostic code of schema problems (the rules use their rule ids). */
export const SCHEMA_CODE = 'schema';

const SEVERITY: Record<Severity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

interface Checked {
  version: number;
  rules: RuleDiagnostic[];
  diagnostics: vscode.Diagnostic[];
}

/** A bulk file's incremental check, and the edits not applied to it yet (with the version they lead to). */
interface Live {
  check: IncrementalCheck;
  version: number;
  queued: TextChange[];
  queuedVersion: number;
}

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

export class SemanticDiagnostics implements vscode.Disposable, vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix];

  private readonly collection = vscode.languages.createDiagnosticCollection('lca');
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly checked = new Map<string, Checked>();
  private readonly live = new Map<string, Live>();
  private converted = new WeakMap<readonly RuleDiagnostic[], Converted>();
  private readonly disposables: vscode.Disposable[] = [this.collection];
  private readonly checkedEmitter = new vscode.EventEmitter<CheckRecord>();
  /** Fires after each check with what it cost. */
  readonly onDidCheck = this.checkedEmitter.event;

  constructor(
    private readonly catalog: Catalog,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((d) => this.check(d)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length === 0) return;
        this.queue(e);
        this.schedule(e.document, DEBOUNCE_MS);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
      // Only constructions depend on what the catalog knows (their epdIds); material rules do not.
      catalog.onDidChange(() => {
        for (const d of vscode.workspace.textDocuments) if (lcaKindOf(d) === 'construction') this.schedule(d, DEBOUNCE_MS);
      }),
      // Another environment's code table (issue #11): every LCA document is checked again.
      onActiveCodesChange(() => {
        this.checked.clear();
        for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
      }),
      // Another language (lca.language): the same findings, phrased again.
      l10n.onDidChangeLanguage(() => {
        this.checked.clear();
        this.converted = new WeakMap();
        for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
      }),
    );
    this.disposables.push(this.checkedEmitter);
    // The files already open are checked right after activation rather than inside it: the first check loads the
    // schema validators and may read a large file, which activation (and the window) should not wait for.
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  /** Keeps a bulk file's edits for its incremental check (applied, in order, at the next check). */
  private queue(e: vscode.TextDocumentChangeEvent): void {
    const live = this.live.get(e.document.uri.toString());
    if (!live) return;
    // VS Code lists an event's changes so that each applies to the text the previous one left.
    for (const c of e.contentChanges) live.queued.push({ offset: c.rangeOffset, length: c.rangeLength, text: c.text });
    live.queuedVersion = e.document.version;
  }

  /** The rule diagnostics of the document as it is now (checking again if it changed since). */
  rulesOf(document: vscode.TextDocument): RuleDiagnostic[] {
    const c = this.checked.get(document.uri.toString());
    if (c && c.version === document.version) return c.rules;
    return this.check(document)?.rules ?? [];
  }

  /**
   * The text around `offset` that language features need: in a bulk file only the material there (the check's copy,
   * caught up with the edits), so that a hover or completion never copies or scans the whole file; else all of it.
   */
  textAround(document: vscode.TextDocument, offset: number): { start: number; text: string } {
    if (lcaKindOf(document) === 'materials') {
      const key = document.uri.toString();
      if (this.live.get(key)?.version !== document.version) this.check(document);
      const live = this.live.get(key);
      const item = live?.version === document.version ? live.check.itemAt(offset) : undefined;
      if (item) return item;
    }
    return { start: 0, text: document.getText() };
  }

  private schedule(document: vscode.TextDocument, delay: number): void {
    if (!lcaKindOf(document)) return;
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

  private check(document: vscode.TextDocument): Checked | undefined {
    const kind = lcaKindOf(document);
    if (!kind) return undefined;
    const key = document.uri.toString();
    const pending = this.timers.get(key);
    if (pending) {
      clearTimeout(pending);
      this.timers.delete(key);
    }
    const started = performance.now();
    if (kind === 'materials') return this.checkBulk(document, key, started);
    let rules: RuleDiagnostic[];
    let schema: BlockingProblem[] = [];
    try {
      ({ rules, schema } = checkTextAndSchema(document.getText(), {
        kind,
        fileName: document.uri.path,
        resolveEpd: this.catalog.resolveEpd,
        suggestEpds: this.catalog.suggestEpds,
      }));
    } catch (e) {
      // A rule that throws must not take the other diagnostics (or the editor) down with it.
      this.log.error(`LCA checks failed for ${document.uri.toString(true)}: ${(e as Error).stack ?? String(e)}`);
      rules = [];
    }
    const diagnostics = [...rules.map((r) => toVscodeDiagnostic(document, r)), ...schema.map((p) => schemaDiagnostic(document, p))];
    return this.publish(document, key, rules, diagnostics, { mode: 'full', itemsChecked: 1 }, started);
  }

  private publish(
    document: vscode.TextDocument,
    key: string,
    rules: RuleDiagnostic[],
    diagnostics: vscode.Diagnostic[],
    stats: { mode: 'incremental' | 'full'; itemsChecked: number; reason?: string },
    started: number,
  ): Checked {
    const result = { version: document.version, rules, diagnostics };
    this.checked.set(key, result);
    this.collection.set(document.uri, diagnostics);
    const ms = performance.now() - started;
    const record: CheckRecord = { uri: key, version: document.version, mode: stats.mode, itemsChecked: stats.itemsChecked, ms, diagnostics: diagnostics.length };
    this.log.debug(`LCA check of ${document.uri.toString(true)} v${document.version}: ${stats.mode}${stats.reason ? ` (${stats.reason})` : ''}, ${stats.itemsChecked} item(s), ${diagnostics.length} diagnostics, ${ms.toFixed(1)} ms`);
    this.checkedEmitter.fire(record);
    return result;
  }

  /** A bulk file: the incremental check, caught up with the queued edits (or started afresh from the text). */
  private checkBulk(document: vscode.TextDocument, key: string, started: number): Checked {
    let live = this.live.get(key);
    let stats: { mode: 'incremental' | 'full'; itemsChecked: number; reason?: string };
    try {
      if (live && live.queuedVersion === document.version && live.queued.length > 0) {
        stats = live.check.update(live.queued, new Date());
        live.queued = [];
        live.version = document.version;
        // The copy must be the document: its length is cheap to compare (a missed event would show there).
        if (live.check.length !== documentLength(document)) {
          this.log.warn(`LCA check of ${document.uri.toString(true)} lost track of the edits; checking the whole file again`);
          live = undefined;
        }
      } else if (live && live.version === document.version) {
        stats = { mode: 'incremental', itemsChecked: 0 };
      } else live = undefined;
      if (!live) {
        live = { check: new IncrementalCheck(document.getText(), { kind: 'materials', fileName: document.uri.path }), version: document.version, queued: [], queuedVersion: document.version };
        this.live.set(key, live);
        stats = live.check.lastUpdate;
      }
    } catch (e) {
      this.live.delete(key);
      this.log.error(`LCA checks failed for ${document.uri.toString(true)}: ${(e as Error).stack ?? String(e)}`);
      return this.publish(document, key, [], [], { mode: 'full', itemsChecked: 0 }, started);
    }
    const diagnostics: vscode.Diagnostic[] = [];
    for (const group of live.check.groups()) {
      for (const d of this.convert(document, group.start, group.diagnostics)) diagnostics.push(d);
    }
    const check = live.check;
    const result = this.publish(document, key, [], diagnostics, stats!, started);
    // The catalog (completion, hovers, the Library view) sees what is typed without parsing the file again.
    if (stats!.itemsChecked > 0) this.catalog.acceptParsed(document.uri, () => check.value());
    // The rule diagnostics with absolute offsets are built only when a quick fix asks for them.
    Object.defineProperty(result, 'rules', { get: () => check.diagnostics(), enumerable: true });
    return result;
  }

  /** VS Code diagnostics of one material's findings (offsets relative to `start`), reused while that material is unchanged. */
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
    } else diagnostics = group.map((r) => toVscodeDiagnostic(document, shiftDiagnostic(r, start)));
    this.converted.set(group, { start: at, diagnostics });
    return diagnostics;
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    const pending = this.timers.get(key);
    if (pending) clearTimeout(pending);
    this.timers.delete(key);
    this.checked.delete(key);
    this.live.delete(key);
    this.collection.delete(uri);
  }

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (!lcaKindOf(document)) return [];
    const rules = this.rulesOf(document);
    const actions: vscode.CodeAction[] = [];
    const wanted = context.only;
    if (wanted && !vscode.CodeActionKind.QuickFix.intersects(wanted)) return [];
    const seen = new Set<RuleDiagnostic>();
    for (const d of context.diagnostics) {
      if (d.source !== DIAGNOSTIC_SOURCE) continue;
      const rule = rules.find((r) => !seen.has(r) && r.ruleId === codeOf(d) && l10n.say(r.message) === d.message && rangeOf(document, r).isEqual(d.range));
      if (!rule) continue;
      seen.add(rule);
      actions.push(...actionsFor(document, rule, d));
    }
    // Fixes of rule findings under the cursor that the context did not carry (e.g. a request without diagnostics).
    if (context.diagnostics.length === 0) {
      for (const rule of rules) {
        if (seen.has(rule) || !rangeOf(document, rule).intersection(range)) continue;
        actions.push(...actionsFor(document, rule, toVscodeDiagnostic(document, rule)));
      }
    }
    return actions;
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const d of this.disposables) d.dispose();
  }
}

/** Characters in the document, from its line index (no copy of the text). */
function documentLength(document: vscode.TextDocument): number {
  return document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
}

/**
 * A schema problem as an error (source LCA, code "schema"): the service refuses it, so it is red, with the same words
 * and place as in a bulk create's or push's refusal. VS Code's JSON validation shows it as a warning only.
 */
function schemaDiagnostic(document: vscode.TextDocument, p: BlockingProblem): vscode.Diagnostic {
  const d = new vscode.Diagnostic(rangeOf(document, p), l10n.say(p.message), vscode.DiagnosticSeverity.Error);
  d.source = DIAGNOSTIC_SOURCE;
  d.code = SCHEMA_CODE;
  return d;
}

function codeOf(d: vscode.Diagnostic): string | undefined {
  const code = d.code;
  if (code === undefined) return undefined;
  return typeof code === 'object' ? String(code.value) : String(code);
}

function rangeOf(document: vscode.TextDocument, r: { offset: number; length: number }): vscode.Range {
  return new vscode.Range(document.positionAt(r.offset), document.positionAt(r.offset + r.length));
}

function toVscodeDiagnostic(document: vscode.TextDocument, r: RuleDiagnostic): vscode.Diagnostic {
  const d = new vscode.Diagnostic(rangeOf(document, r), l10n.say(r.message), SEVERITY[r.severity]);
  d.source = DIAGNOSTIC_SOURCE;
  d.code = r.ruleId;
  return d;
}

function actionsFor(document: vscode.TextDocument, rule: RuleDiagnostic, diagnostic: vscode.Diagnostic): vscode.CodeAction[] {
  const fixes: { fix: RuleFix; preferred: boolean }[] = [
    ...(rule.fix ? [{ fix: rule.fix, preferred: true }] : []),
    ...(rule.moreFixes ?? []).map((fix) => ({ fix, preferred: false })),
  ];
  const actions = fixes.map(({ fix, preferred }) => {
    const action = new vscode.CodeAction(l10n.say(fix.title), vscode.CodeActionKind.QuickFix);
    action.diagnostics = [diagnostic];
    action.isPreferred = preferred;
    const edit = new vscode.WorkspaceEdit();
    for (const e of fix.edits) edit.replace(document.uri, rangeOf(document, e), e.newText);
    action.edit = edit;
    return action;
  });
  if (rule.ruleId === 'epd-unresolved') {
    // The few "Use X" candidates are guesses; this one lets the user choose from every known material.
    const pick = new vscode.CodeAction(l10n.t('Pick a known material…'), vscode.CodeActionKind.QuickFix);
    pick.diagnostics = [diagnostic];
    pick.isPreferred = false;
    pick.command = { command: PICK_EPD_COMMAND, title: pick.title, arguments: [document.uri, rule.path] };
    actions.push(pick);
  }
  return actions;
}
