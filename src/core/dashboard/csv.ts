// CSV exports of a dashboard (RFC 4180 quoting, CRLF): the breakdown per material and the figures per phase.
// The separator and decimal mark follow the number format (`lca.numberFormat`): English "," and "."; a locale that
// writes decimal commas (Danish) gets ";" and "," so that its Excel opens the file as columns of numbers. Headers
// are phrased through a `Phrasing` (the user's language); figures keep the service's digits so nothing is lost; text
// that a spreadsheet would run as a formula is defused.
import type { DashboardResponse } from '../api/types';
import { PHASES } from '../codes';
import { enumLabel } from '../enumLabels';
import { sumsAgree } from '../guards';
import { ENGLISH, msg, type Msg, type Phrasing } from '../l10n';
import { branchNames, finiteOr0, TOTAL_BRANCH, flattenBreakdown, phaseLabel, PHASE_NOT_COUNTED, roundSum } from './viewModel';
import { phaseUnavailable, type ShownIndicator } from './indicator';
import type { Br18DashboardView } from './br18View';
import { verdictBadge } from './verdictText';

/** How cells are separated and decimals written. */
export interface CsvFormat {
  readonly separator: ',' | ';';
  readonly decimal: '.' | ',';
}

export const ENGLISH_CSV: CsvFormat = { separator: ',', decimal: '.' };

/** The CSV format a locale's spreadsheets expect: decimal commas (da-DK, de-DE, …) come with ";" between cells. */
export function csvFormatFor(locale: string): CsvFormat {
  let decimal = '.';
  try {
    decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  } catch {
    // not a locale Intl knows: English
  }
  return decimal === ',' ? { separator: ';', decimal: ',' } : ENGLISH_CSV;
}

const DECIMAL = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** Quotes a cell when needed; text starting like a formula (=, +, -, @, tab, CR) gets a leading apostrophe. */
export function csvText(value: string, format: CsvFormat = ENGLISH_CSV): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  const special = format.separator === ';' ? /[";\r\n]/ : /[",\r\n]/;
  return special.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A figure cell: decimals keep their digits, with the format's decimal mark (a leading minus is a number, not a
 * formula); anything else is text.
 */
export function csvNumber(value: string | number | undefined, format: CsvFormat = ENGLISH_CSV): string {
  if (value === undefined) return '';
  const s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (s === '') return s;
  if (DECIMAL.test(s)) return format.decimal === '.' ? s : s.replace('.', format.decimal);
  return csvText(s, format);
}

export function csvLine(cells: readonly string[], format: CsvFormat = ENGLISH_CSV): string {
  return cells.join(format.separator);
}

/** How an export is written: the words of its headers (`say`) and the number format (`locale`). */
export type CsvOptions = Phrasing;

export function csvDocument(lines: readonly string[]): string {
  return lines.join('\r\n') + '\r\n';
}

/**
 * One row per material of every construction (per branch, or every branch when `branch` is undefined), with the
 * classification levels as separate columns.
 */
export function breakdownCsv(response: DashboardResponse, unit: string, branch?: string, options: CsvOptions = ENGLISH): string {
  const { say } = options;
  const f = csvFormatFor(options.locale);
  const text = (v: string): string => csvText(v, f);
  const num = (v: string | number | undefined): string => csvNumber(v, f);
  const branches = branch !== undefined ? [branch] : branchNames(response);
  const rows = branches.flatMap((b) => flattenBreakdown(response.dashboardsPerBranchPlusTotal[b]?.projectBreakdown, b, say));
  const levels = Math.max(1, ...rows.map((r) => r.classifications.length));
  const header = [
    say(msg('Branch')),
    ...Array.from({ length: levels }, (_, i) => say(msg('Classification level {0}', i + 1))),
    say(msg('Construction')),
    say(msg('Construction elements')),
    say(msg('Construction {0}', unit)),
    say(msg('Material (EPD)')),
    say(msg('EPD type')),
    say(msg('Source')),
    say(msg('Material elements')),
    say(msg('Quantity')),
    say(msg('Unit')),
    say(msg('Mapped amount')),
    say(msg('Mapped unit')),
    say(msg('Calculated amount')),
    say(msg('Calculated unit')),
    say(msg('Lifetime (years)')),
    say(msg('Material {0}', unit)),
    say(msg('EPD link')),
  ];
  const lines = rows.map((r) => {
    const m = r.material;
    return csvLine(
      [
        text(r.branch),
        ...Array.from({ length: levels }, (_, i) => text(r.classifications[i] ?? '')),
        text(r.construction),
        num(r.constructionElements),
        num(r.constructionCo2),
        text(m?.epdName ?? ''),
        text(say(enumLabel(m?.type))),
        text(say(enumLabel(m?.source))),
        num(m?.elements),
        num(m?.quantity),
        text(m?.unit ?? ''),
        num(m?.mappedMaterialAmount),
        text(m?.mappedMaterialUnit ?? ''),
        num(m?.calculatedAmount),
        text(m?.calculatedUnit ?? ''),
        num(m?.lifetime),
        num(m?.co2PerYearPerSquareMeter),
        text(m?.epdSource ?? ''),
      ],
      f,
    );
  });
  return csvDocument([csvLine(header.map(text), f), ...lines]);
}

/** What the phases CSV says beside the figures: the rules, the BR18 views of the dashboards, the indicator shown. */
export interface PhasesAbout {
  rules?: Msg;
  verdicts?: Readonly<Record<string, Br18DashboardView>>;
  indicator?: ShownIndicator;
}

/**
 * One row per phase, one column per branch (the total last); a closing row sums the counted phases (not D, nor a phase
 * the indicator has no figure for: B6 under GWP fossil, whose cells say so). With the
 * BR18 views of the dashboards (`verdicts`), a Result row says the building's verdict or why there is none, in the
 * Total's column only (BR18 judges the building as a whole, never a branch: the branches' cells stay empty), and the
 * limit, judged figure and margin rows follow only where there is a verdict.
 */
export function phasesCsv(response: DashboardResponse, unit: string, options: CsvOptions = ENGLISH, about: PhasesAbout = {}): string {
  const { rules, verdicts, indicator } = about;
  const { say } = options;
  const f = csvFormatFor(options.locale);
  const text = (v: string): string => csvText(v, f);
  const num = (v: string | number | undefined): string => csvNumber(v, f);
  const all = response.dashboardsPerBranchPlusTotal;
  const branches = branchNames(response);
  const ordered = [...branches.filter((b) => b !== TOTAL_BRANCH), ...branches.filter((b) => b === TOTAL_BRANCH)];
  const keys = new Set(ordered.flatMap((b) => Object.keys(all[b]?.emissionPerPhase ?? {})));
  const phases = [...(PHASES as readonly string[]).filter((p) => keys.has(p)), ...[...keys].filter((p) => !(PHASES as readonly string[]).includes(p))];
  const header = [say(msg('Phase')), say(msg('Counted in total')), ...ordered.map((b) => `${b} (${unit})`)];
  const yes = say(msg('yes'));
  const no = say(msg('no'));
  // A phase the indicator has no figure for (B6 under GWP fossil) says so in each cell rather than 0.
  const unavailable = new Set(phases.filter((p) => phaseUnavailable(p, indicator)));
  const notAvailable = indicator ? text(say(msg('not available for {0}', indicator.name))) : '';
  const lines = phases.map((p) =>
    csvLine([text(phaseLabel(p)), p === PHASE_NOT_COUNTED || unavailable.has(p) ? no : yes, ...ordered.map((b) => (unavailable.has(p) ? notAvailable : num(all[b]?.emissionPerPhase?.[p])))], f),
  );
  const counted = phases.filter((p) => p !== PHASE_NOT_COUNTED && !unavailable.has(p));
  const totals = ordered.map((b) => {
    const per = all[b]?.emissionPerPhase ?? {};
    return num(roundSum(counted.reduce((s, p) => s + finiteOr0(per[p]), 0)));
  });
  // Phases whose branch columns do not add up to the Total (B6, the building's operational energy, is in no branch):
  // said in the file rather than left for a reader to find.
  const parts = ordered.filter((b) => b !== TOTAL_BRANCH);
  const apart = all.Total && parts.length ? phases.filter((p) => !unavailable.has(p) && !sumsAgree(finiteOr0(all.Total?.emissionPerPhase?.[p]), parts.reduce((sum, b) => sum + finiteOr0(all[b]?.emissionPerPhase?.[p]), 0))) : [];
  const noteLine = apart.length
    ? [
        csvLine(
          [
            text(say(msg('Note'))),
            '',
            text(
              say(
                apart.includes('B6')
                  ? msg('The branches do not add up to the Total in {0}: B6, the building\'s operational energy, belongs to no branch.', apart.map(phaseLabel).join(', '))
                  : msg('The branches do not add up to the Total in {0}: the Total counts what belongs to the building as a whole.', apart.map(phaseLabel).join(', ')),
              ),
            ),
          ],
          f,
        ),
      ]
    : [];
  // The rules the figures are judged by (docs/br18-rules.md), so that the file says which limits apply.
  const rulesLine = rules ? [csvLine([text(say(msg('Rules applied'))), text(say(rules))], f)] : [];
  const verdictLines = verdicts ? verdictRows(ordered, verdicts, options).map((cells) => csvLine([text(String(cells[0])), '', ...cells.slice(1).map((c) => (typeof c === 'number' ? num(c) : text(c)))], f)) : [];
  return csvDocument([csvLine(header.map(text), f), ...lines, csvLine([text(say(msg('Total excl. D'))), '', ...totals], f), ...noteLine, ...rulesLine, ...verdictLines]);
}

/** The verdict rows of the phases CSV: label, then a cell per branch (text, a figure, or '' where not judged: every branch but the Total). */
function verdictRows(branches: readonly string[], verdicts: Readonly<Record<string, Br18DashboardView>>, { say }: CsvOptions): (string | number)[][] {
  const views = branches.map((b) => (b === TOTAL_BRANCH ? verdicts[b]?.verdict : undefined));
  if (!views.some(Boolean)) return [];
  const result = views.map((v) => (!v ? '' : v.kind === 'verdict' ? [verdictBadge('building', v.building), ...(v.constructionProcess ? [verdictBadge('constructionProcess', v.constructionProcess)] : [])].map(say).join('; ') : say(v.reason)));
  const rows: (string | number)[][] = [[say(msg('Result')), ...result]];
  const judged = (pick: (v: Extract<NonNullable<(typeof views)[number]>, { kind: 'verdict' }>) => number | undefined): (string | number)[] => views.map((v) => (v?.kind === 'verdict' ? (pick(v) ?? '') : ''));
  // A limit, a judged figure or a margin only where there is a verdict; without one, the Result row says why.
  if (views.some((v) => v?.kind === 'verdict')) {
    rows.push(
      [say(msg('Building limit incl. allowances')), ...judged((v) => v.building.limit)],
      [say(msg('Building result as judged')), ...judged((v) => v.building.value)],
      [say(msg('Building margin')), ...judged((v) => v.building.margin)],
    );
  }
  if (views.some((v) => v?.kind === 'verdict' && v.constructionProcess)) {
    rows.push(
      [say(msg('Construction process limit (A4 + A5)')), ...judged((v) => v.constructionProcess?.limit)],
      [say(msg('Construction process result as judged')), ...judged((v) => v.constructionProcess?.value)],
      [say(msg('Construction process margin')), ...judged((v) => v.constructionProcess?.margin)],
    );
  }
  return rows;
}
