// Language features for *.material.json, *.materials.json and *.construction.json: semantic diagnostics, quick fixes,
// epdId completion and hover, code hovers, the live impact preview (CodeLens) and Find Lower-Carbon Alternatives…
// on a component's epdId, all reading one analysis per document and version (analyses.ts).
import * as vscode from 'vscode';
import type { Catalog } from '../library/catalog';
import type { LcaSession } from '../session';
import { DocumentAnalyses } from './analyses';
import { LcaCompletion, LcaHover } from './completion';
import { SemanticDiagnostics } from './diagnostics';
import { WorkspaceFindings } from './workspaceFindings';
import { QuickFixes } from './quickFixes';
import { LCA_SELECTOR, lcaKindOf } from './documents';
import { ImpactPreview, SHOW_BREAKDOWN_COMMAND } from './preview';
import type { ProjectPeriods } from './projectPeriod';
import { PICK_EPD_COMMAND, pickEpdId } from './pickEpd';
import { AlternativesActions, FIND_ALTERNATIVES_COMMAND, findAlternatives } from './alternatives';
import { registerCommand } from '../commands';
import { PulledProjects } from '../projects/projectFiles';
import * as l10n from '../l10n';

export interface EditingDeps {
  catalog: Catalog;
  /** The environment: its code table (what documents are checked with), the service client, what the tools' core is given. */
  session: LcaSession;
  log: vscode.LogOutputChannel;
  /** The reference period of a construction (its project's, else the setting). */
  periods: ProjectPeriods;
}

/** Returns the semantic diagnostics (their onDidCheck reports what each check cost). */
export function registerEditing(context: vscode.ExtensionContext, deps: EditingDeps): SemanticDiagnostics {
  const { catalog, log } = deps;
  // One analysis per document and version, read by every feature below and by the catalog.
  const analyses = new DocumentAnalyses({ catalog, log, session: deps.session });
  catalog.readOpenDocumentsFrom((document) => (lcaKindOf(document) === 'materials' ? analyses.current(document) : analyses.get(document)));
  const diagnostics = new SemanticDiagnostics(analyses, log);
  // The findings of the files no editor holds (setting lca.problems.scope), read once the catalog knows the workspace's
  // epdIds (so that no construction is first said to name an unknown one).
  const workspaceFindings = new WorkspaceFindings({ analyses, diagnostics, log });
  void catalog.ready().then(() => workspaceFindings.start());
  const { periods } = deps;
  // The *.project.json files' links to their projects (the Projects view writes them to the same workspace state).
  const pulled = new PulledProjects(context.workspaceState);
  const preview = new ImpactPreview({ catalog, periods, analyses, session: deps.session });
  context.subscriptions.push(
    analyses,
    diagnostics,
    workspaceFindings,
    preview,
    vscode.languages.registerCodeActionsProvider(LCA_SELECTOR, new QuickFixes(analyses), {
      providedCodeActionKinds: QuickFixes.providedCodeActionKinds,
    }),
    vscode.languages.registerCodeActionsProvider(LCA_SELECTOR, new AlternativesActions(analyses), {
      providedCodeActionKinds: AlternativesActions.providedCodeActionKinds,
    }),
    vscode.languages.registerCompletionItemProvider(LCA_SELECTOR, new LcaCompletion(catalog, analyses), '"', ':'),
    vscode.languages.registerHoverProvider(LCA_SELECTOR, new LcaHover(catalog, analyses)),
    vscode.languages.registerCodeLensProvider(LCA_SELECTOR, preview),
    vscode.workspace.registerTextDocumentContentProvider('lca-impact', preview),
    registerCommand(PICK_EPD_COMMAND, (uri?: unknown, path?: unknown) => pickEpdId(catalog, analyses, uri, path)),
    registerCommand(
      FIND_ALTERNATIVES_COMMAND,
      (uri?: unknown, index?: unknown) => findAlternatives(
          {
            analyses,
            catalog,
            periods,
            session: deps.session,
            linkedId: (u) => catalog.linkedId(u),
            linkedProject: (u) => pulled.get(u),
            log,
          },
          uri,
          index,
        ),
      () => l10n.t('Could not find lower-carbon alternatives'),
    ),
    registerCommand(
      SHOW_BREAKDOWN_COMMAND,
      (uri?: unknown) => preview.showBreakdown(uri instanceof vscode.Uri ? uri : undefined),
      () => l10n.t('Could not show the impact breakdown'),
    ),
  );
  return diagnostics;
}
