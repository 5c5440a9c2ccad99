// The dashboard's exports as exporters of the frame (frame.ts): the CSV of the breakdown and of the
// phases, the JSON as received (with the BR18 result added), and the picture of a chart as the page drew it. Each says
// what the page says: a limit and a remaining only where there is a verdict, else the reason. No report beside them.
import type { DashboardResponse } from '../api/types';
import type { Msg, Phrasing } from '../l10n';
import { breakdownCsv, phasesCsv } from '../dashboard/csv';
import { dashboardJson } from '../dashboard/jsonExport';
import type { Br18Payload, ExportKind } from '../dashboard/messages';
import type { Exporter } from './frame';

/** What a dashboard export is made of: the panel's current data. */
export interface DashboardExport {
  response: DashboardResponse;
  /** The figures' unit as the page shows it. */
  unit: string;
  br18?: Br18Payload;
  /** The rules the verdicts judge by (the phases CSV names them). */
  rules?: Msg;
}

/**
 * Excel reads UTF-8 CSV correctly only with a byte-order mark (ø, ², CO₂ …). The separator and decimal mark follow
 * `lca.numberFormat` (Danish: ";" and decimal commas), the headers `lca.language`; JSON is always as received.
 */
const UTF8_BOM = '\ufeff';

function textExporter(id: ExportKind, ending: string, fileType: string, text: (input: DashboardExport, phrasing: Phrasing) => string): Exporter<DashboardExport> {
  return { id, ending, fileType, build: (input, phrasing) => ({ content: () => text(input, phrasing), data: undefined }) };
}

export const DASHBOARD_EXPORTERS: Readonly<Record<Exclude<ExportKind, 'png'>, Exporter<DashboardExport>>> = {
  csvBreakdown: textExporter('csvBreakdown', '-breakdown.csv', 'CSV', (i, p) => UTF8_BOM + breakdownCsv(i.response, i.unit, undefined, p)),
  csvPhases: textExporter('csvPhases', '-phases.csv', 'CSV', (i, p) => UTF8_BOM + phasesCsv(i.response, i.unit, p, i.rules, i.br18?.perBranch)),
  json: textExporter('json', '-dashboard.json', 'JSON', (i, p) => JSON.stringify(dashboardJson(i.response, i.br18, p.say), null, 2) + '\n'),
};

/** A chart's picture as the page drew it (PNG with its texts); its name ends in `-<chart>.png`. */
export const CHART_PICTURE: Exporter<Uint8Array> = { id: 'png', ending: '.png', fileType: 'PNG', build: (png) => ({ content: () => png, data: undefined }) };
