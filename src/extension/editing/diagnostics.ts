// The semantic rules (src/core/rules) as VS Code diagnostics: collection 'lca', source "LCA", code = rule id, checked
// at once on open, 200 ms after the last change, again when the catalog learns about epdIds, cleared on close.
// Their fixes become quick fixes applied as a WorkspaceEdit (so undo works); only a rule's clear fix is preferred
// (auto-fix), candidates such as other materials for an unknown epdId never are.
import * as vscode from 'vscode';
import { checkText, type RuleDiagnostic, type RuleFix, type Severity } from '../../core/rules';
import type { Catalog } from '../library/catalog';
import { lcaKindOf } from './documents';
import { PICK_EPD_COMMAND } from './pickEpd';

export const DIAGNOSTIC_SOURCE = 'LCA';
const DEBOUNCE_MS = 200;

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

export class SemanticDiagnostics implements vscode.Disposable, vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix];

  private readonly collection = vscode.languages.createDiagnosticCollection('lca');
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly checked = new Map<string, Checked>();
  private readonly disposables: vscode.Disposable[] = [this.collection];

  constructor(
    private readonly catalog: Catalog,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((d) => this.check(d)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) this.schedule(e.document, DEBOUNCE_MS);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
      // Only constructions depend on what the catalog knows (their epdIds); material rules do not.
      catalog.onDidChange(() => {
        for (const d of vscode.workspace.textDocuments) if (lcaKindOf(d) === 'construction') this.schedule(d, DEBOUNCE_MS);
      }),
    );
    for (const d of vscode.workspace.textDocuments) this.check(d);
  }

  /** The rule diagnostics of the document as it is now (checking again if it changed since). */
  rulesOf(document: vscode.TextDocument): RuleDiagnostic[] {
    const c = this.checked.get(document.uri.toString());
    if (c && c.version === document.version) return c.rules;
    return this.check(document)?.rules ?? [];
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
    let rules: RuleDiagnostic[];
    try {
      rules = checkText(document.getText(), {
        kind,
        fileName: document.uri.path,
        resolveEpd: this.catalog.resolveEpd,
        suggestEpds: this.catalog.suggestEpds,
      });
    } catch (e) {
      // A rule that throws must not take the other diagnostics (or the editor) down with it.
      this.log.error(`LCA checks failed for ${document.uri.toString(true)}: ${(e as Error).stack ?? String(e)}`);
      rules = [];
    }
    const diagnostics = rules.map((r) => toVscodeDiagnostic(document, r));
    const result = { version: document.version, rules, diagnostics };
    this.checked.set(key, result);
    this.collection.set(document.uri, diagnostics);
    return result;
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    const pending = this.timers.get(key);
    if (pending) clearTimeout(pending);
    this.timers.delete(key);
    this.checked.delete(key);
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
      const rule = rules.find((r) => !seen.has(r) && r.ruleId === codeOf(d) && r.message === d.message && rangeOf(document, r).isEqual(d.range));
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

function codeOf(d: vscode.Diagnostic): string | undefined {
  const code = d.code;
  if (code === undefined) return undefined;
  return typeof code === 'object' ? String(code.value) : String(code);
}

function rangeOf(document: vscode.TextDocument, r: { offset: number; length: number }): vscode.Range {
  return new vscode.Range(document.positionAt(r.offset), document.positionAt(r.offset + r.length));
}

function toVscodeDiagnostic(document: vscode.TextDocument, r: RuleDiagnostic): vscode.Diagnostic {
  const d = new vscode.Diagnostic(rangeOf(document, r), r.message, SEVERITY[r.severity]);
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
    const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
    action.diagnostics = [diagnostic];
    action.isPreferred = preferred;
    const edit = new vscode.WorkspaceEdit();
    for (const e of fix.edits) edit.replace(document.uri, rangeOf(document, e), e.newText);
    action.edit = edit;
    return action;
  });
  if (rule.ruleId === 'epd-unresolved') {
    // The few "Use X" candidates are guesses; this one lets the user choose from every known material.
    const pick = new vscode.CodeAction(vscode.l10n.t('Pick a known material…'), vscode.CodeActionKind.QuickFix);
    pick.diagnostics = [diagnostic];
    pick.isPreferred = false;
    pick.command = { command: PICK_EPD_COMMAND, title: pick.title, arguments: [document.uri, rule.path] };
    actions.push(pick);
  }
  return actions;
}
