// The BR18 answer the dashboard page is sent: the view of every dashboard of a response (each branch and the Total),
// judged in the extension with the active environment's rule and code tables, so that the page only draws it.
import type { CodeTable } from '../codeTable';
import type { DashboardResponse } from '../api/types';
import { allowanceOf, type Br18Rules, type VerdictProject } from '../lca/br18Rules';
import { br18DashboardView } from './br18View';
import type { Br18Payload, DashboardQuery, IndicatorMappingOption } from './messages';
import { indicatorOf } from './indicator';

/** The BR18 view of every dashboard of a project's response, with the project's special-condition allowances. */
export function br18Payload(
  rules: Br18Rules,
  codes: CodeTable,
  project: VerdictProject,
  response: DashboardResponse,
  query: DashboardQuery,
  mappings: readonly IndicatorMappingOption[],
): Br18Payload {
  const indicator = indicatorOf(mappings, query);
  const perBranch: Br18Payload['perBranch'] = {};
  for (const [branch, dashboard] of Object.entries(response.dashboardsPerBranchPlusTotal ?? {})) {
    perBranch[branch] = br18DashboardView(rules, codes, project, dashboard ?? {}, query.stages, indicator);
  }
  // The allowances are part of a limit: sent only where there is one (a verdict) to show them in.
  const judged = Object.values(perBranch).some((v) => v.verdict.kind === 'verdict');
  const allowance = allowanceOf(project);
  return { perBranch, ...(judged && allowance ? { allowance } : {}) };
}
