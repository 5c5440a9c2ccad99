// The one place the tools turn a project's dashboard summary into BR18 verdicts. Today it reads the summary the
// service computed (limit, used, remaining, passes); when the BR18 verdict function lands it is called here instead.
import type { Dashboard, DashboardSummary, ProjectDetail } from '../api/types';
import type { CodeTable } from '../codeTable';
import { verdictProjectOf } from '../dashboard/br18View';
import { format } from '../l10n';
import { br18Verdict, buildingModules, constructionProcessRule, type Br18Rules } from '../lca/br18Rules';

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

/**
 * The BR18 verdicts by the one verdict function (br18Verdict) from the project's fields and the dashboard's per-phase
 * figures: the building's and, where the rules judge it apart, the construction process's; or why there is none.
 * `rules`: the environment's rule table (the built-in one with its override), as the dashboard judges with.
 */
export function br18VerdictsOf(rules: Br18Rules, codes: CodeTable, project: ProjectDetail | undefined, dashboard: Dashboard, stages: readonly string[]): unknown {
  const vp = verdictProjectOf(project);
  if (!vp) return { kind: 'none', reason: 'the project could not be read' };
  const mapped = Number(dashboard.mappingStatus?.Mapped ?? 0) || 0;
  const notMapped = Number(dashboard.mappingStatus?.['Not mapped'] ?? 0) || 0;
  const v = br18Verdict(rules, codes, vp, {
    perPhase: dashboard.emissionPerPhase ?? {},
    stages,
    mapping: dashboard.mappingStatus ? { mapped, total: mapped + notMapped } : undefined,
  });
  const table = rules.overriddenBy ? { rulesOverriddenBy: rules.overriddenBy } : {};
  if (v.kind !== 'verdict') return { kind: 'none', ...(v.ruleSet ? { ruleSet: format(v.ruleSet.label) } : {}), reason: format(v.reason), ...table };
  return { kind: 'verdict', ruleSet: format(v.ruleSet.label), unit: 'kg CO2e/m²/yr', building: v.building, ...(v.constructionProcess ? { constructionProcess: v.constructionProcess } : {}), source: v.source, ...table };
}

/** The stages a BR18 result counts under the project's calculation type: the building's modules, A4 + A5 where judged apart, and D (apart). */
export function br18StagesOf(rules: Br18Rules, project: ProjectDetail | undefined): string[] {
  const calc = verdictProjectOf(project)?.calculationTypeEnum;
  return [...buildingModules(rules, calc), ...(constructionProcessRule(rules, calc)?.modules ?? []), 'D'];
}
