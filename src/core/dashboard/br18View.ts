// What the dashboard says about BR18: the verdicts of the shown figures (the building's and, under the 2025 rules, the
// construction process's) or why there is none, the rules applied, and where the service's own budget differs from
// the rule table's. Judged from what the dashboard answer carries (its per-phase figures, mapping counts) and the
// project's own fields — never from fields only the local service sends (the summary).
import { msg, type Msg } from '../l10n';
import type { CodeTable } from '../codeTable';
import type { Dashboard, ProjectDetail } from '../api/types';
import { BR18_DEFAULT_PHASES, PHASES, type Phase } from '../codes';
import type { Br18Rules, Br18Verdict, LimitVerdict, VerdictProject } from '../lca/br18Rules';
import { dashboardVerdict } from '../lca/verdictInput';

// The adapter from a project read and a dashboard to the verdict's input lives beside the verdict; the texts the
// page draws (no rule table) in verdictText.
export { verdictProjectOf } from '../lca/verdictInput';
export { isGwpTotalMapping, verdictBadge, BR18_LABELS } from './verdictText';

/** The project's own phases (in life-cycle order), falling back to BR18's: the stages a project's dashboard is asked for. */
export function projectPhases(project: ProjectDetail | undefined): Phase[] {
  const included = (project?.emissionMetaData?.includedPhases ?? []).filter((p): p is Phase => typeof p === 'string' && (PHASES as readonly string[]).includes(p));
  return included.length ? PHASES.filter((p) => included.includes(p)) : [...BR18_DEFAULT_PHASES];
}

export interface Br18DashboardView {
  verdict: Br18Verdict;
  /** "Rules: BR18 2025" (undefined when the calculation type is unknown). */
  rules?: Msg;
  /** The building's line: "Building limit (A1-A3, B4, B6, C3, C4): 7.4 of 7.5 · margin 0.1". */
  building?: Msg;
  /** The construction process's line, under the 2025 rules. */
  constructionProcess?: Msg;
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
  return view;
}
