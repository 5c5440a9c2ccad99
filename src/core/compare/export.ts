// "Export Comparison as CSV / JSON": exporters of the export frame (core/export/frame.ts). The JSON is the agents'
// shape (summary.ts) with every line and every digit; the CSV is one table a spreadsheet filters by its first column —
// the result, the modules, the building parts and the lines with their causes — in the user's words and number format
// (Danish: ";" and decimal commas), text defused as the dashboard's CSV does.
import { csvDocument, csvFormatFor, csvLine, csvNumber, csvText } from '../dashboard/csv';
import type { Exporter } from '../export/frame';
import { msg, type Msg, type Phrasing } from '../l10n';
import { CAUSES } from './html';
import { lineWhere, partRowText } from './diff';
import { comparisonSummary } from './summary';
import type { Comparison } from './types';

/** The JSON file's format name and version: a reader checks both. */
export const COMPARISON_FORMAT = { format: 'lca-workbench-comparison', version: 1 } as const;

const UTF8_BOM = '\ufeff';

/** The comparison as one CSV table: Section, Name, Material A, Material B, A, B, Δ (B − A), Δ %, Cause. */
export function comparisonCsv(c: Comparison, { say, locale }: Phrasing): string {
  const f = csvFormatFor(locale);
  const row = (section: Msg, name: string, cells: { matA?: string; matB?: string; a?: number; b?: number; delta?: number; pct?: number; cause?: string }): string =>
    csvLine([csvText(say(section), f), csvText(name, f), csvText(cells.matA ?? '', f), csvText(cells.matB ?? '', f), csvNumber(cells.a, f), csvNumber(cells.b, f), csvNumber(cells.delta, f), csvNumber(cells.pct, f), csvText(cells.cause ?? '', f)], f);
  const header = csvLine([say(msg('Section')), say(msg('Name')), say(msg('Material A')), say(msg('Material B')), 'A', 'B', say(msg('Δ (B − A)')), 'Δ %', say(msg('Cause'))].map((h) => csvText(h, f)), f);
  const flips = Object.entries(c.verdictChange).map(([limit, flip]) => say(msg('{0}: {1}', limit === 'building' ? msg('The building') : msg('The construction process'), flip === 'passesToFails' ? msg('passes → fails') : msg('fails → passes'))));
  const lines = [
    header,
    row(msg('Result'), `${c.a.name} → ${c.b.name} (${c.a.unit})`, { a: c.a.figure, b: c.b.figure, delta: c.difference, pct: c.a.figure ? (c.difference / c.a.figure) * 100 : undefined, cause: flips.join('; ') }),
    ...c.modules.map((m) => row(msg('Module'), m.module === 'A1A3' ? 'A1-A3' : m.apart ? `${m.module} ${say(msg('(apart, not in the total)'))}` : m.module, { a: m.a, b: m.b, delta: m.delta, pct: m.deltaPct })),
    ...c.parts.map((p) => row(msg('Building part'), partRowText(p, say), { delta: p.delta })),
    ...c.lines.map((l) =>
      row(msg('Line'), lineWhere(l, say), { matA: l.materialA, matB: l.materialB, a: l.a?.figure, b: l.b?.figure, delta: l.contribution, cause: l.causes.map((x) => say(CAUSES[x])).join(', ') }),
    ),
    row(msg('Sum of the contributions'), '', { delta: c.sumOfContributions }),
  ];
  return UTF8_BOM + csvDocument(lines);
}

/** The comparison as JSON: the agents' shape with every line, in the user's words. */
export function comparisonJson(c: Comparison, { say }: Phrasing): string {
  return JSON.stringify({ ...COMPARISON_FORMAT, ...comparisonSummary(c, { say }) }, null, 2) + '\n';
}

const textExporter = (id: string, ending: string, fileType: string, text: (c: Comparison, p: Phrasing) => string): Exporter<Comparison> => ({
  id,
  ending,
  fileType,
  build: (c, phrasing) => ({ content: () => text(c, phrasing), data: undefined }),
});

export const COMPARE_EXPORTERS = {
  csv: textExporter('comparisonCsv', '-comparison.csv', 'CSV', comparisonCsv),
  json: textExporter('comparisonJson', '-comparison.json', 'JSON', comparisonJson),
} as const;
