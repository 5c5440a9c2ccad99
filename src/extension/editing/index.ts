// Language features for *.material.json, *.materials.json and *.construction.json: semantic diagnostics, quick fixes,
// epdId completion and hover, code hovers, and the live impact preview (CodeLens).
import * as vscode from 'vscode';
import type { Catalog } from '../library/catalog';
import type { ServiceClientProvider } from '../serviceClient';
import { CodeCompletion, EpdIdCompletion, LcaHover } from './completion';
import { SemanticDiagnostics } from './diagnostics';
import { LCA_SELECTOR } from './documents';
import { ImpactPreview, SHOW_BREAKDOWN_COMMAND } from './preview';
import { ProjectPeriods } from './projectPeriod';
import { PICK_EPD_COMMAND, pickEpdId } from './pickEpd';
import { registerCommand } from '../commands';
import * as l10n from '../l10n';

export interface EditingDeps {
  catalog: Catalog;
  clients: ServiceClientProvider;
  log: vscode.LogOutputChannel;
}

/** Returns the semantic diagnostics (their onDidCheck reports what each check cost). */
export function registerEditing(context: vscode.ExtensionContext, deps: EditingDeps): SemanticDiagnostics {
  const { catalog, log } = deps;
  const diagnostics = new SemanticDiagnostics(catalog, log);
  const textAround = (document: vscode.TextDocument, offset: number) => diagnostics.textAround(document, offset);
  const periods = new ProjectPeriods();
  const preview = new ImpactPreview(catalog, periods);
  context.subscriptions.push(
    diagnostics,
    periods,
    preview,
    vscode.languages.registerCodeActionsProvider(LCA_SELECTOR, diagnostics, {
      providedCodeActionKinds: SemanticDiagnostics.providedCodeActionKinds,
    }),
    vscode.languages.registerCompletionItemProvider(LCA_SELECTOR, new EpdIdCompletion(catalog, textAround), '"'),
    vscode.languages.registerCompletionItemProvider(LCA_SELECTOR, new CodeCompletion(), ':'),
    vscode.languages.registerHoverProvider(LCA_SELECTOR, new LcaHover(catalog, textAround)),
    vscode.languages.registerCodeLensProvider(LCA_SELECTOR, preview),
    vscode.workspace.registerTextDocumentContentProvider('lca-impact', preview),
    registerCommand(PICK_EPD_COMMAND, (uri?: unknown, path?: unknown) => pickEpdId(catalog, uri, path)),
    registerCommand(
      SHOW_BREAKDOWN_COMMAND,
      (uri?: unknown) => preview.showBreakdown(uri instanceof vscode.Uri ? uri : undefined),
      () => l10n.t('Could not show the impact breakdown'),
    ),
  );
  return diagnostics;
}
