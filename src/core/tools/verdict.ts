// The one place the tools turn a project's dashboard summary into BR18 verdicts. Today it reads the summary the
// service computed (limit, used, remaining, passes); when the BR18 verdict function lands it is called here instead.
import type { DashboardSummary } from '../api/types';

export interface Verdict {
  /** What is judged: the building against its limit (A1-A3, B4, B6, C3, C4; D apart). */
  scope: 'building';
  unit: string;
  limit: number | undefined;
  extraAllowance: number | undefined;
  limitTotal: number | undefined;
  used: number | undefined;
  /** limitTotal − used: positive = room left, negative = how far from passing. */
  margin: number | undefined;
  passes: boolean | undefined;
  /** How the verdict was reached, so a reader can check it. */
  basis: string;
}

const n = (v: unknown): number | undefined => {
  const x = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(x) ? x : undefined;
};

export function verdictsOf(summary: DashboardSummary): Verdict[] {
  const limitTotal = n(summary.limitTotal);
  const used = n(summary.used);
  const margin = n(summary.remaining) ?? (limitTotal !== undefined && used !== undefined ? limitTotal - used : undefined);
  return [
    {
      scope: 'building',
      unit: summary.unit ?? 'kg CO2e/m²/yr',
      limit: n(summary.limit),
      extraAllowance: n(summary.extraAllowance),
      limitTotal,
      used,
      margin,
      passes: typeof summary.passes === 'boolean' ? summary.passes : undefined,
      basis: 'BR18: used = Σ GWP of the modules in scope / (reference area × period), rounded to one decimal and compared with the limit plus allowances; module D apart, never counted',
    },
  ];
}
