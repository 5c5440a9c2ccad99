// The BR18 verdict the tools give for a project: the one verdict function through the one adapter (core/lca/verdictInput),
// written for a model to read.
import type { Dashboard, ProjectDetail } from '../api/types';
import type { CodeTable } from '../codeTable';
import { format } from '../l10n';
import { buildingModules, constructionProcessRule, type Br18Rules } from '../lca/br18Rules';
import { dashboardVerdict, distanceToPassing, verdictProjectOf } from '../lca/verdictInput';
import { PHASES } from '../codes';
import { bool, eitherOf, list, num, obj, oneOfValues, sentence, str } from './shared';

/**
 * The BR18 verdicts of a dashboard from the project's fields and its per-phase figures: the building's and, where
 * the rules judge it apart, the construction process's, with the change each needs to pass; or why there is none.
 * `rules`: the environment's rule table (the built-in one with its override), as the dashboard judges with.
 */
export function br18VerdictsOf(rules: Br18Rules, codes: CodeTable, project: ProjectDetail | undefined, dashboard: Dashboard, stages: readonly string[]): unknown {
  const vp = verdictProjectOf(project);
  if (!vp) return { kind: 'none', reason: 'The project could not be read.' };
  const v = dashboardVerdict(rules, codes, vp, dashboard, stages);
  const table = rules.overriddenBy ? { rulesOverriddenBy: rules.overriddenBy } : {};
  if (v.kind !== 'verdict') return { kind: 'none', ...(v.ruleSet ? { ruleSet: format(v.ruleSet.label) } : {}), reason: sentence(v.reason), ...table };
  return {
    kind: 'verdict',
    ruleSet: format(v.ruleSet.label),
    unit: 'kg CO2e/m²/yr',
    basis: 'The sum of the limit\'s modules per m² and year, rounded to one decimal, compared with the limit (plus allowances); module D apart, never counted.',
    building: v.building,
    ...(v.constructionProcess ? { constructionProcess: v.constructionProcess } : {}),
    neededToPass: distanceToPassing(v),
    source: v.source,
    ...table,
  };
}

/** The JSON Schema of a limit's verdict (LimitVerdict): the judged figure, its limit, margin, pass and modules. */
export const LIMIT_SCHEMA = obj({ value: num, exact: num, limit: num, margin: num, passes: bool, modules: list(oneOfValues(PHASES)) });
/** The JSON Schema of br18VerdictsOf's answer. */
export const BR18_VERDICT_SCHEMA = eitherOf(
  obj({ kind: { const: 'none' }, ruleSet: str, reason: str, rulesOverriddenBy: str }, ['ruleSet', 'rulesOverriddenBy']),
  obj(
    { kind: { const: 'verdict' }, ruleSet: str, unit: str, basis: str, building: LIMIT_SCHEMA, constructionProcess: LIMIT_SCHEMA, neededToPass: obj({ building: num, constructionProcess: num }, ['building', 'constructionProcess']), source: str, rulesOverriddenBy: str },
    ['constructionProcess', 'rulesOverriddenBy'],
  ),
);

/** The stages a BR18 result counts under the project's calculation type: the building's modules, A4 + A5 where judged apart, and D (apart). */
export function br18StagesOf(rules: Br18Rules, project: ProjectDetail | undefined): string[] {
  const calc = verdictProjectOf(project)?.calculationTypeEnum;
  return [...buildingModules(rules, calc), ...(constructionProcessRule(rules, calc)?.modules ?? []), 'D'];
}
