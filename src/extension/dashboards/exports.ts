// Dashboard exports: CSV of the breakdown and of the phases, the JSON as received (with the BR18 result added), and a
// PNG of a chart — the core's exporters (core/export/dashboard.ts, a bundle loaded on the first export) of the panel's current data — saved by the one
// runner of exports (../export/run.ts) where the user chooses, or at a given Uri (which is how tests call them).
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { ChartId, ExportKind } from '../../core/dashboard';
import type { DashboardExport } from '../../core/export/dashboard';
import { loadDashboardExport } from '../bundles';
import { fileStem } from '../../core/templates/names';
import { runExport } from '../export/run';
import { unitText, type DashboardPanel } from './panel';

/** The file the save dialog proposes: the project's or construction's name (letters, digits, dashes) and the ending. */
function proposed(panel: DashboardPanel, ending: string): string {
  const t = panel.target;
  return `${fileStem(t.kind === 'project' ? (t.projectName ?? t.projectId) : (t.constructionName ?? t.constructionId), 'dashboard')}${ending}`;
}

/** The panel's current data, as the exports read it. */
function exportInput(panel: DashboardPanel): DashboardExport {
  const data = panel.data;
  if (!data) throw new Error(l10n.t('The dashboard has no data yet.'));
  return { response: data.response, unit: unitText(data.unit), br18: data.br18, rules: panel.br18RuleSet, indicator: panel.whatIfContext.indicator };
}

/** Writes an export; without `target` asks where. Returns the file written, or undefined when cancelled. */
export async function exportDashboard(panel: DashboardPanel, kind: ExportKind, target?: vscode.Uri, chart?: ChartId): Promise<vscode.Uri | undefined> {
  const title = l10n.t('Export dashboard');
  const { CHART_PICTURE, DASHBOARD_EXPORTERS } = loadDashboardExport();
  if (kind === 'png') {
    const ending = `-${chart ?? 'chart'}${CHART_PICTURE.ending}`;
    return (await runExport({ exporter: CHART_PICTURE, target, name: proposed(panel, ending), title, read: () => panel.chartImage(chart ?? 'phases') }))?.file;
  }
  const exporter = DASHBOARD_EXPORTERS[kind];
  return (await runExport({ exporter, target, name: proposed(panel, exporter.ending), title, read: async () => exportInput(panel) }))?.file;
}
