// Dashboard exports: CSV of the breakdown and of the phases, the JSON as received (with the BR18 result added), and a
// PNG of a chart, saved where the user chooses (or at a given Uri, which is how tests call them). Each says what the
// page says: a limit and a remaining only where there is a verdict, else the reason.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { breakdownCsv, phasesCsv, type Br18Payload, type ChartId, type ExportKind } from '../../core/dashboard';
import { dashboardJson } from '../../core/dashboard/jsonExport';
import { unitText, type DashboardPanel } from './panel';
import { fileStem } from '../../core/templates/names';
import type { DashboardResponse } from '../../client';
import type { Msg, Phrasing } from '../../core/l10n';

/**
 * Excel reads UTF-8 CSV correctly only with a byte-order mark (ø, ², CO₂ …). The separator and decimal mark follow
 * `lca.numberFormat` (Danish: ";" and decimal commas), the headers `lca.language`; JSON is always as received.
 */
const UTF8_BOM = '\ufeff';

interface ExportFormat {
  extension: string;
  filterName: string;
  suffix: string;
}

const FORMATS: Record<ExportKind, ExportFormat> = {
  csvBreakdown: { extension: 'csv', filterName: 'CSV', suffix: 'breakdown' },
  csvPhases: { extension: 'csv', filterName: 'CSV', suffix: 'phases' },
  json: { extension: 'json', filterName: 'JSON', suffix: 'dashboard' },
  png: { extension: 'png', filterName: 'PNG', suffix: 'chart' },
};

/** A file name from service text: letters (æ, ø, å kept), digits and dashes only. */
export function fileSlug(s: string): string {
  return fileStem(s, 'dashboard');
}

function baseName(panel: DashboardPanel, kind: ExportKind, chart?: ChartId): string {
  const t = panel.target;
  const name = t.kind === 'project' ? (t.projectName ?? t.projectId) : (t.constructionName ?? t.constructionId);
  const suffix = kind === 'png' && chart ? chart : FORMATS[kind].suffix;
  return `${fileSlug(name)}-${suffix}.${FORMATS[kind].extension}`;
}

async function chooseTarget(panel: DashboardPanel, kind: ExportKind, chart?: ChartId): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = baseName(panel, kind, chart);
  const f = FORMATS[kind];
  return vscode.window.showSaveDialog({
    defaultUri: folder ? vscode.Uri.joinPath(folder, name) : vscode.Uri.file(name),
    filters: { [f.filterName]: [f.extension] },
    title: l10n.t('Export dashboard'),
  });
}

function csvOf(kind: ExportKind, response: DashboardResponse, unit: string, options: Phrasing, rules?: Msg, br18?: Br18Payload): string {
  return kind === 'csvBreakdown' ? breakdownCsv(response, unit, undefined, options) : phasesCsv(response, unit, options, rules, br18?.perBranch);
}

/** The bytes of one export of the panel's current data. */
export async function exportBytes(panel: DashboardPanel, kind: ExportKind, chart: ChartId = 'phases'): Promise<Uint8Array> {
  if (kind === 'png') return panel.chartImage(chart);
  const data = panel.data;
  if (!data) throw new Error(l10n.t('The dashboard has no data yet.'));
  const text =
    kind === 'json'
      ? JSON.stringify(dashboardJson(data.response, data.br18, l10n.say), null, 2) + '\n'
      : UTF8_BOM + csvOf(kind, data.response, unitText(data.unit), { say: l10n.say, locale: l10n.locale() }, panel.br18RuleSet, data.br18);
  return new TextEncoder().encode(text);
}

/** Writes an export; without `target` asks where. Returns the file written, or undefined when cancelled. */
export async function exportDashboard(panel: DashboardPanel, kind: ExportKind, target?: vscode.Uri, chart?: ChartId): Promise<vscode.Uri | undefined> {
  const uri = target ?? (await chooseTarget(panel, kind, chart));
  if (!uri) return undefined;
  const bytes = await exportBytes(panel, kind, chart);
  await vscode.workspace.fs.writeFile(uri, bytes);
  return uri;
}
