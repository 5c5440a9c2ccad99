// The dashboard's JSON export: the response as the service sent it, with the BR18 result of every dashboard added
// (`br18`), phrased in the user's language. A dashboard without a verdict loses the service's `Remaining`: a file
// must not state a remaining under a limit that does not apply, any more than the page does.
import type { DashboardResponse } from '../api/types';
import type { Msg } from '../l10n';
import type { LimitVerdict } from '../lca/br18Rules';
import type { Br18Payload } from './messages';
import { verdictBadge } from './verdictText';

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
