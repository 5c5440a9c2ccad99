// The dashboard's What if… in the editor: the core works out the candidates and their effect on the building
// (`whatIfPlan`, dist/alternatives.js, loaded on first use); here the user chooses one in a QuickPick searchable over
// all of them, and the answer — the chosen change's effect beside the current verdict — goes back to the page.
import type { Dashboard, ProjectDetail } from '../../core/api/types';
import type { WhatIfOption } from '../../core/alternatives';
import type { CodeTable } from '../../core/codeTable';
import type { WhatIfAnswer } from '../../core/dashboard/messages';
import type { Br18Rules } from '../../core/lca/br18Rules';
import type { BuildingEffect } from '../../core/lca/verdictInput';
import { msg, type Msg } from '../../core/l10n';
import type { ToolContext } from '../../core/tools/types';
import { loadAlternatives } from '../bundles';
import * as l10n from '../l10n';
import { showSearchQuickPick, type SearchItem } from '../searchPick';
import { showInfo } from '../ui';

/** What a dashboard panel has when its page asks What if… (the panel itself fits). */
export interface WhatIfSource {
  readonly target: { kind: string };
  readonly data?: { response: { dashboardsPerBranchPlusTotal: Record<string, Dashboard> } };
  readonly query?: { stages: readonly string[] };
  /** The project read and the indicator the figures are of. */
  readonly whatIfContext: { detail?: ProjectDetail; indicator?: { name: string; gwpTotal: boolean } };
}

type Item = SearchItem & { effect?: BuildingEffect; refusal?: Msg };

/**
 * The building's figure of one side as a person reads it, in the chosen language's decimals: with a verdict the
 * judged one (rounded to one decimal, as BR18 rounds before comparing); without one the sum of the counted phases.
 */
function judged(side: BuildingEffect['before']): string {
  if (side.verdict.kind === 'verdict') return l10n.formatNumber(side.verdict.building.value, { min: 1, max: 1 });
  return l10n.formatNumber(Object.entries(side.perPhase).reduce((s, [p, v]) => (p === 'D' ? s : s + (v ?? 0)), 0), { min: 2, max: 2 });
}

/** A change of the judged figure: two decimals (a change smaller than the verdict's rounding still shows). */
const changeText = (x: number): string => l10n.formatNumber(Math.abs(x), { min: 2, max: 2 });

function itemOf(o: WhatIfOption, alwaysShow: boolean): Item {
  const a = o.alternative;
  const label = a.name || a.source;
  const basis = msg('{0} · {1} · {2}', a.conversion, a.basis.words, a.source);
  const detail = l10n.say(a.check ? msg('{0} · worth checking: {1}', basis, a.check) : basis);
  const always = alwaysShow ? { alwaysShow } : {};
  if ('problem' in o.effect) {
    return { label, description: l10n.say(msg('not comparable: {0}', o.effect.problem)), detail, refusal: msg('{0} cannot be compared: {1}.', a.name || a.id, o.effect.problem), ...always };
  }
  const e = o.effect;
  const result =
    e.change < 0
      ? msg('Building {0} → {1} kg CO₂e/m²/yr (−{2})', judged(e.before), judged(e.after), changeText(e.change))
      : msg('Building {0} → {1} kg CO₂e/m²/yr (+{2})', judged(e.before), judged(e.after), changeText(e.change));
  return { label, description: l10n.say(e.estimate.length ? msg('{0} · estimate', result) : result), detail, effect: e, ...always };
}

/** "N more — type to narrow" when not every comparable candidate is shown. */
const more = (shown: number, of: number): Item[] => (of > shown ? [{ label: l10n.say(msg('{0} more — type to narrow', of - shown)), alwaysShow: true, inert: true }] : []);

/**
 * The dashboard's What if… on a hot spot (`request.material`, optionally in one construction, of the shown branch):
 * the candidates with the building's result after each (largest reduction first) in a QuickPick, and for the one
 * chosen its figures and verdicts beside the current ones, the distance to passing and the largest single changes.
 * Undefined when nothing is to be shown (no data yet, the QuickPick cancelled).
 */
export async function askWhatIf(
  context: PromiseLike<ToolContext>,
  source: WhatIfSource,
  request: { material: string; construction?: string; branch?: string },
  env: { rules: Br18Rules; codes: CodeTable },
): Promise<WhatIfAnswer | undefined> {
  const all = source.data?.response.dashboardsPerBranchPlusTotal;
  const stages = source.query?.stages;
  if (!all || !stages || source.target.kind !== 'project') return undefined;
  const core = loadAlternatives();
  const materials = await core.whatIfMaterials(await context, all[core.whatIfBranch(all, request.branch)] ?? {});
  const plan = core.whatIfPlan({ all, stages, ...source.whatIfContext }, materials, request, env);
  if (!plan) return undefined;
  const { answer, found, find } = plan;
  if (!found || !find) return answer;
  const first = [...found.options.map((o) => itemOf(o, false)), ...more(found.options.length, found.comparable)];
  const picked = await showSearchQuickPick(
    first,
    (value) => {
      const r = find(value);
      if (!r.options.length) return [{ label: l10n.say(msg('No comparable material has “{0}” in its name', value.trim())), alwaysShow: true, inert: true }];
      return [...r.options.map((o) => itemOf(o, true)), ...more(r.options.length, r.matching)];
    },
    {
      title: l10n.say(msg('What if {0} were replaced?', request.material)),
      placeHolder: found.family.sameOnly
        ? l10n.say(msg('Building result after the change ({0} years, D apart) · the same job ({1}) · type to search {2} materials', plan.period, core.describeJob(found.job), found.comparable))
        : l10n.say(msg('Building result after the change ({0} years, D apart) · type to search {1} materials', plan.period, found.comparable)),
      matchOnDescription: true,
      matchOnDetail: true,
    },
  );
  if (!picked || picked.inert) return undefined;
  if (!picked.effect) {
    if (picked.refusal) void showInfo(l10n.say(picked.refusal));
    return undefined;
  }
  return { ...answer, effect: picked.effect };
}
