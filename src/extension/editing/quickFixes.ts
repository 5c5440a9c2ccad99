// The findings' fixes as quick fixes, read from the document's analysis (analyses.ts) and applied as a WorkspaceEdit
// (so undo works). Only a rule's clear fix is preferred (auto-fix); candidates such as other materials for an unknown
// epdId never are, and an unknown epdId also offers to pick from every known material.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { RuleDiagnostic, RuleFix } from '../../core/rules';
import type { DocumentAnalyses } from './analyses';
import { DIAGNOSTIC_SOURCE, rangeOf, toVscodeDiagnostic } from './diagnostics';
import { PICK_EPD_COMMAND } from './pickEpd';

export class QuickFixes implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly analyses: DocumentAnalyses) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const wanted = context.only;
    if (wanted && !vscode.CodeActionKind.QuickFix.intersects(wanted)) return [];
    // Not the full check of a large library while it waits for a pause in typing (the lightbulb asks at every edit):
    // its fixes are offered once it has run and its problems are shown.
    const analysis = this.analyses.fullCheckWait(document) > 0 ? undefined : this.analyses.get(document);
    if (!analysis) return [];
    const rules = analysis.findings;
    const actions: vscode.CodeAction[] = [];
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
}

function codeOf(d: vscode.Diagnostic): string | undefined {
  const code = d.code;
  if (code === undefined) return undefined;
  return typeof code === 'object' ? String(code.value) : String(code);
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
