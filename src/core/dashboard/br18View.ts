// What the dashboard says about BR18: the verdicts of the shown figures (the building's and, under the 2025 rules, the
// construction process's) or why there is none, the rules applied, and where the service's own budget differs from
// the rule table's. Judged from what the dashboard answer carries (its per-phase figures, mapping counts) and the
// project's own fields — never from fields only the local service sends (the summary).
import { msg, type Msg } from '../l10n';
import type { CodeTable } from '../codeTable';
import type { Dashboard } from '../api/types';
import type { Br18Rules, Br18Verdict, LimitVerdict, VerdictProject } from '../lca/br18Rules';
import { dashboardVerdict } from '../lca/verdictInput';

// The adapter from a project read and a dashboard to the verdict's input lives beside the verdict.
export { isGwpTotalMapping, verdictProjectOf } from '../lca/verdictInput';

export interface Br18DashboardView {
  verdict: Br18Verdict;
  /** "Rules: BR18 2025" (undefined when the calculation type is unknown). */
  rules?: Msg;
  /** The building's line: "Building limit (A1-A3, B4, B6, C3, C4): 7.4 of 7.5 · margin 0.1". */
  building?: Msg;
  /** The construction process's line, under the 2025 rules. */
  constructionProcess?: Msg;
  /** Where the dashboard's own budget (emissionBudget.Used) differs from the figure the table judges. */
  serviceDiffers?: Msg;
}

/** A figure as a number argument (the reader's language writes its decimal sign). */
const fmt = (v: number): number => Number(v.toFixed(4));
const modules = (v: LimitVerdict): string => v.modules.map((m) => (m === 'A1A3' ? 'A1-A3' : m)).join(', ');

/**
 * The BR18 view of one dashboard (a branch or the total) of a project: `project` from the service's project read,
 * `stages` and `indicator` of the query, `rules` and `codes` of the active environment.
 */
export function br18DashboardView(
  rules: Br18Rules,
  codes: CodeTable,
  project: VerdictProject,
  dashboard: Dashboard,
  stages: readonly string[],
  indicator: { name: string; gwpTotal: boolean } | undefined,
): Br18DashboardView {
  const verdict = dashboardVerdict(rules, codes, project, dashboard, stages, indicator);
  const view: Br18DashboardView = { verdict, ...(verdict.ruleSet ? { rules: msg('Rules applied: {0}', verdict.ruleSet.label) } : {}) };
  if (verdict.kind !== 'verdict') return view;
  const b = verdict.building;
  view.building = msg('Building limit ({0}): {1} of {2} · margin {3}', modules(b), fmt(b.value), fmt(b.limit), fmt(b.margin));
  const cp = verdict.constructionProcess;
  if (cp) view.constructionProcess = msg('Construction process limit ({0}): {1} of {2} · margin {3}', modules(cp), fmt(cp.value), fmt(cp.limit), fmt(cp.margin));
  const serviceUsed = Number(dashboard.emissionBudget?.Used);
  if (Number.isFinite(serviceUsed) && Math.abs(serviceUsed - b.exact) >= 0.05) {
    view.serviceDiffers = msg(
      "The service's budget counts {0} as used; the BR18 table judges {1} ({2}). The figures above are the service's; the verdict is the table's.",
      fmt(serviceUsed),
      fmt(b.exact),
      modules(b),
    );
  }
  return view;
}

/** The verdict's badge: "Building: passes" / "Construction process: fails by 0.1". */
export function verdictBadge(which: 'building' | 'constructionProcess', v: LimitVerdict): Msg {
  if (which === 'building') return v.passes ? msg('Building: within the limit') : msg('Building: over the limit by {0}', fmt(-v.margin));
  return v.passes ? msg('Construction process: within the limit') : msg('Construction process: over the limit by {0}', fmt(-v.margin));
}

/** Labels of the summary strip's BR18 items. */
export const BR18_LABELS = {
  building: msg('Building (BR18)'),
  constructionProcess: msg('Construction process (A4 + A5)'),
  rules: msg('Rules applied'),
} as const;
