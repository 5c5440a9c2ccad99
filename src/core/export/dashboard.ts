// The dashboard's exports as exporters of the frame (frame.ts): the CSV of the breakdown and of the phases, the JSON
// as received with the BR18 result of every dashboard added (`br18`), and the picture of a chart as the page drew it.
// Each says what the page says: a limit and a remaining only where there is a verdict, else the reason — so a
// dashboard without a verdict loses the service's `Remaining` in the JSON. No report beside them.
import type { DashboardResponse } from '../api/types';
import type { Msg, Phrasing } from '../l10n';
import type { LimitVerdict } from '../lca/br18Rules';
import { breakdownCsv, phasesCsv } from '../dashboard/csv';
import type { Br18Payload, ExportKind } from '../dashboard/messages';
import { verdictBadge } from '../dashboard/verdictText';
import type { ShownIndicator } from '../dashboard/indicator';
import type { Exporter } from './frame';

/** What a dashboard export is made of: the panel's current data. */
export interface DashboardExport {
  response: DashboardResponse;
  /** The figures' unit as the page shows it. */
  unit: string;
  br18?: Br18Payload;
  /** The rules the verdicts judge by (the phases CSV names them). */
  rules?: Msg;
  /** The indicator the figures are of (the query's mapping): under GWP fossil the phases CSV says B6 is not available. */
  indicator?: ShownIndicator;
}

/**
 * Excel reads UTF-8 CSV correctly only with a byte-order mark (ø, ², CO₂ …). The separator and decimal mark follow
 * `lca.numberFormat` (Danish: ";" and decimal commas), the headers `lca.language`; JSON is always as received.
 */
const UTF8_BOM = '\ufeff';

const figures = (v: LimitVerdict) => ({ value: v.value, limit: v.limit, margin: v.margin, passes: v.passes, modules: [...v.modules] });

/** The export's JSON value (without `br18`, the response unchanged: a construction's figures are not judged). */
export function dashboardJson(response: DashboardResponse, br18: Br18Payload | undefined, say: (m: Msg) => string): unknown {
  if (!br18) return response;
  const dashboards: Record<string, unknown> = {};
  const results: Record<string, unknown> = {};
  for (const [branch, d] of Object.entries(response.dashboardsPerBranchPlusTotal ?? {})) {
    const view = br18.perBranch[branch];
    const v = view?.verdict;
    if (!v || v.kind !== 'verdict') {
      const budget = { ...d?.emissionBudget };
      delete budget.Remaining;
      dashboards[branch] = d?.emissionBudget ? { ...d, emissionBudget: budget } : d;
      if (v) results[branch] = { result: 'none', ...(v.ruleSet ? { rules: say(v.ruleSet.label) } : {}), reason: say(v.reason) };
      continue;
    }
    dashboards[branch] = d;
    results[branch] = {
      result: 'verdict',
      rules: say(v.ruleSet.label),
      verdict: [verdictBadge('building', v.building), ...(v.constructionProcess ? [verdictBadge('constructionProcess', v.constructionProcess)] : [])].map(say),
      building: figures(v.building),
      ...(v.constructionProcess ? { constructionProcess: figures(v.constructionProcess) } : {}),
      ...(br18.allowance ? { allowance: br18.allowance } : {}),
    };
  }
  return { ...response, dashboardsPerBranchPlusTotal: dashboards, br18: results };
}

function textExporter(id: ExportKind, ending: string, fileType: string, text: (input: DashboardExport, phrasing: Phrasing) => string): Exporter<DashboardExport> {
  return { id, ending, fileType, build: (input, phrasing) => ({ content: () => text(input, phrasing), data: undefined }) };
}

export const DASHBOARD_EXPORTERS: Readonly<Record<Exclude<ExportKind, 'png'>, Exporter<DashboardExport>>> = {
  csvBreakdown: textExporter('csvBreakdown', '-breakdown.csv', 'CSV', (i, p) => UTF8_BOM + breakdownCsv(i.response, i.unit, undefined, p)),
  csvPhases: textExporter('csvPhases', '-phases.csv', 'CSV', (i, p) => UTF8_BOM + phasesCsv(i.response, i.unit, p, { rules: i.rules, verdicts: i.br18?.perBranch, indicator: i.indicator })),
  json: textExporter('json', '-dashboard.json', 'JSON', (i, p) => JSON.stringify(dashboardJson(i.response, i.br18, p.say), null, 2) + '\n'),
};

/** A chart's picture as the page drew it (PNG with its texts); its name ends in `-<chart>.png`. */
export const CHART_PICTURE: Exporter<Uint8Array> = { id: 'png', ending: '.png', fileType: 'PNG', build: (png) => ({ content: () => png, data: undefined }) };
