// Registers the dashboards: "Open Dashboard", "Inspect Construction", refresh and export commands, and the
// serializer that restores dashboard panels after a window reload. The panels themselves: panels.ts.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { CHART_IDS, DASHBOARD_VIEW_TYPE, parseViewState, type ChartId, type ExportKind } from '../../core/dashboard';
import { askUuid } from '../ui';
import { registerCommand } from '../commands';
import { constructionOf } from '../commandArgs';
import { pickProject } from '../projects/pick';
import { DashboardPanels, type DashboardDeps } from './panels';
import type { DashboardPanel } from './panel';

export { DashboardPanel } from './panel';
export { DashboardPanels, type DashboardDeps } from './panels';

function chartArg(v: unknown): ChartId | undefined {
  return (CHART_IDS as readonly unknown[]).includes(v) ? (v as ChartId) : undefined;
}

export function registerDashboards(context: vscode.ExtensionContext, deps: DashboardDeps): DashboardPanels {
  const panels = new DashboardPanels(deps, context.extensionUri);
  const { session } = deps;
  context.subscriptions.push(session.onDidChange((change) => change === 'signIn' && panels.closeForeign()));

  async function openDashboard(arg?: unknown): Promise<DashboardPanel | undefined> {
    const project = await pickProject(session, arg, l10n.t('Open Dashboard'), l10n.t('There are no projects to show a dashboard for.'));
    if (!project) return undefined;
    return panels.open({ kind: 'project', projectId: project.id, projectName: project.name });
  }

  async function inspectConstruction(a?: unknown, b?: unknown): Promise<DashboardPanel | undefined> {
    const args = constructionOf(a, b);
    const projectId =
      args.projectId ??
      (await pickProject(session, undefined, l10n.t('Inspect Construction: choose the project'), l10n.t('There are no projects to show a dashboard for.')))?.id;
    if (!projectId) return undefined;
    const constructionId = args.constructionId ?? (await askUuid(l10n.t('Inspect Construction'), l10n.t('Id (UUID) of the construction')));
    if (!constructionId) return undefined;
    return panels.open({ kind: 'construction', projectId, constructionId, constructionName: args.constructionName });
  }

  function exportCommand(kind: ExportKind) {
    return async (target?: unknown, projectId?: unknown, chart?: unknown): Promise<vscode.Uri | undefined> => {
      const panel = panels.resolve(typeof projectId === 'string' ? projectId : undefined);
      if (!panel) {
        void vscode.window.showInformationMessage(l10n.t('Open a dashboard first (LCA: Open Dashboard).'));
        return undefined;
      }
      return panels.exportWithFeedback(panel, kind, target instanceof vscode.Uri ? target : undefined, chartArg(chart));
    };
  }

  context.subscriptions.push(
    panels,
    registerCommand('lca.openDashboard', openDashboard, () => l10n.t('Could not open the dashboard')),
    registerCommand('lca.inspectConstruction', inspectConstruction, () => l10n.t('Could not inspect the construction')),
    registerCommand('lca.refreshDashboard', async (projectId?: unknown) => {
      await panels.resolve(typeof projectId === 'string' ? projectId : undefined)?.load();
    }),
    registerCommand('lca.exportDashboardBreakdownCsv', exportCommand('csvBreakdown')),
    registerCommand('lca.exportDashboardPhasesCsv', exportCommand('csvPhases')),
    registerCommand('lca.exportDashboardJson', exportCommand('json')),
    registerCommand('lca.exportDashboardPng', exportCommand('png')),
    vscode.window.registerWebviewPanelSerializer(DASHBOARD_VIEW_TYPE, {
      async deserializeWebviewPanel(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<void> {
        const restored = parseViewState(state);
        if (!restored) {
          // Nothing says what it showed (e.g. closed before its first load): a blank panel helps nobody.
          webviewPanel.dispose();
          return;
        }
        panels.adopt(webviewPanel, restored.target, restored.query);
      },
    }),
  );
  return panels;
}
