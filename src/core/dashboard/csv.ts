// CSV exports of a dashboard (RFC 4180, comma, CRLF): the breakdown per material and the figures per phase.
// Figures keep the service's decimal strings so nothing is lost; text that a spreadsheet would run as a
// formula is defused.
import type { DashboardResponse } from '../api/types';
import { PHASES } from '../codes';
import { branchNames, finiteOr0, flattenBreakdown, phaseLabel, PHASE_NOT_COUNTED, roundSum } from './viewModel';

const DECIMAL = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** Quotes a cell when needed; text starting like a formula (=, +, -, @, tab, CR) gets a leading apostrophe. */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A figure cell: decimals pass unchanged (a leading minus is a number, not a formula); anything else is text. */
export function csvNumber(value: string | number | undefined): string {
  if (value === undefined) return '';
  const s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  return s === '' || DECIMAL.test(s) ? s : csvText(s);
}

export function csvLine(cells: readonly string[]): string {
  return cells.join(',');
}

function csvDocument(lines: readonly string[]): string {
  return lines.join('\r\n') + '\r\n';
}

/**
 * One row per material of every construction (per branch, or every branch when `branch` is undefined), with the
 * classification levels as separate columns.
 */
export function breakdownCsv(response: DashboardResponse, unit: string, branch?: string): string {
  const branches = branch !== undefined ? [branch] : branchNames(response);
  const rows = branches.flatMap((b) => flattenBreakdown(response.dashboardsPerBranchPlusTotal[b]?.projectBreakdown, b));
  const levels = Math.max(1, ...rows.map((r) => r.classifications.length));
  const header = [
    'Branch',
    ...Array.from({ length: levels }, (_, i) => `Classification level ${i + 1}`),
    'Construction',
    'Construction elements',
    `Construction ${unit}`,
    'Material (EPD)',
    'EPD type',
    'Source',
    'Material elements',
    'Quantity',
    'Unit',
    'Mapped amount',
    'Mapped unit',
    'Calculated amount',
    'Calculated unit',
    'Lifetime (years)',
    `Material ${unit}`,
    'EPD link',
  ];
  const lines = rows.map((r) => {
    const m = r.material;
    return csvLine([
      csvText(r.branch),
      ...Array.from({ length: levels }, (_, i) => csvText(r.classifications[i] ?? '')),
      csvText(r.construction),
      csvNumber(r.constructionElements),
      csvNumber(r.constructionCo2),
      csvText(m?.epdName ?? ''),
      csvText(m?.type ?? ''),
      csvText(m?.source ?? ''),
      csvNumber(m?.elements),
      csvNumber(m?.quantity),
      csvText(m?.unit ?? ''),
      csvNumber(m?.mappedMaterialAmount),
      csvText(m?.mappedMaterialUnit ?? ''),
      csvNumber(m?.calculatedAmount),
      csvText(m?.calculatedUnit ?? ''),
      csvNumber(m?.lifetime),
      csvNumber(m?.co2PerYearPerSquareMeter),
      csvText(m?.epdSource ?? ''),
    ]);
  });
  return csvDocument([csvLine(header.map(csvText)), ...lines]);
}

/** One row per phase, one column per branch (the total last); a closing row sums the counted phases (not D). */
export function phasesCsv(response: DashboardResponse, unit: string): string {
  const all = response.dashboardsPerBranchPlusTotal;
  const branches = branchNames(response);
  const ordered = [...branches.filter((b) => b !== 'Total'), ...branches.filter((b) => b === 'Total')];
  const keys = new Set(ordered.flatMap((b) => Object.keys(all[b]?.emissionPerPhase ?? {})));
  const phases = [...(PHASES as readonly string[]).filter((p) => keys.has(p)), ...[...keys].filter((p) => !(PHASES as readonly string[]).includes(p))];
  const header = ['Phase', 'Counted in total', ...ordered.map((b) => `${b} (${unit})`)];
  const lines = phases.map((p) =>
    csvLine([csvText(phaseLabel(p)), p === PHASE_NOT_COUNTED ? 'no' : 'yes', ...ordered.map((b) => csvNumber(all[b]?.emissionPerPhase?.[p]))]),
  );
  const totals = ordered.map((b) => {
    const per = all[b]?.emissionPerPhase ?? {};
    return csvNumber(roundSum(phases.filter((p) => p !== PHASE_NOT_COUNTED).reduce((s, p) => s + finiteOr0(per[p]), 0)));
  });
  return csvDocument([csvLine(header.map(csvText)), ...lines, csvLine([csvText('Total excl. D'), '', ...totals])]);
}
