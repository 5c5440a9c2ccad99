// The questions of New Project: name, the BR18 rules (by the permit application date, or chosen), the building's
// (askBuilding.ts: category, the nearest service building type, stage, heated areas), the limit the rule table proposes,
// the other areas of the reference area (the rule set's included), period, year of commissioning and phases, one input
// box or QuickPick each (scripted in tests through ui.ts).
import type { ProjectEnums } from '../../client';
import { PHASES } from '../../core/codes';
import type { CodeTable } from '../../core/codeTable';
import {
  BR18_RULES,
  buildingModules,
  calculationTypeOf,
  constructionProcessRule,
  proposedLimits,
  referenceAreaFactors,
  ruleSetById,
  ruleSetOfDate,
  stepOfDate,
  type Br18Category,
  type Br18Rules,
  type RuleSetId,
} from '../../core/lca/br18Rules';
import { DEFAULT_PERIOD_YEARS } from '../../core/lca/period';
import { showInputBox, showQuickPick, showQuickPickMany } from '../ui';
import { askFittingBuilding } from './askBuilding';
import type { NewProjectChoices } from './projectFiles';
import { askNumber, questionTitles, type Questions } from './questions';
import * as l10n from '../l10n';

/** Asks for what a new project needs, a BR18 calculation included; undefined when the user cancels a step. */
export async function askNewProject(e: ProjectEnums, rules: Br18Rules, codes: CodeTable, today = new Date().toISOString().slice(0, 10)): Promise<NewProjectChoices | undefined> {
  const q = questionTitles(13);
  const name = await showInputBox({ title: q.title(l10n.t('name')), prompt: l10n.t('Project name'), validateInput: (v) => (v.trim() ? undefined : l10n.t('Required')) });
  if (!name) return undefined;
  const chosen = await askRules(rules, q, today);
  if (!chosen) return undefined;
  const { ruleSetId, calculationType } = chosen;
  const building = await askFittingBuilding(e, codes, q);
  if (!building) return undefined;
  const { category, type, stage, above, floors, basement } = building;
  const limit = await askLimit(rules, chosen, category, above + basement, q);
  if (!limit) return undefined;
  const referencedAreas = await askReferencedAreas(rules, ruleSetId, e, q);
  if (!referencedAreas) return undefined;
  const period = await askNumber(q.title(l10n.t('consideration period')), l10n.t('Years (BR18: {0})', DEFAULT_PERIOD_YEARS), DEFAULT_PERIOD_YEARS, { min: 1, integer: true });
  if (period === undefined) return undefined;
  const year = new Date().getFullYear() + 2;
  const commissioning = await askNumber(q.title(l10n.t('year of commissioning')), l10n.t('Year the building is taken into use (operational energy B6 is counted from it)'), year, { min: 1900, integer: true });
  if (commissioning === undefined) return undefined;
  const defaults = new Set<string>([...buildingModules(rules, calculationType), ...(constructionProcessRule(rules, calculationType)?.modules ?? []), 'D']);
  const phases = await showQuickPickMany(
    PHASES.map((label) => ({ label, picked: defaults.has(label) })),
    { title: q.title(l10n.t('included phases')) },
  );
  if (!phases) return undefined;
  return {
    name: name.trim(),
    type,
    stage,
    phases: phases.map((p) => p.label),
    calculationType,
    ...(limit.limit !== undefined ? { limit: limit.limit } : { noLimit: true }),
    heatedFloorAreaAboveGround: above,
    floorsAboveGround: floors,
    heatedBasementArea: basement,
    referencedAreas,
    considerationPeriod: period,
    yearOfCommissioning: commissioning,
  };
}

/** The rules chosen: their rule set and step and the calculation type. */
interface ChosenRules {
  ruleSetId: RuleSetId;
  ruleSet: ReturnType<typeof ruleSetById>;
  step: ReturnType<typeof stepOfDate>;
  calculationType: number;
}

/** The rules: by the date the building permit is applied for, or one of the calculation types chosen. */
async function askRules(rules: Br18Rules, q: Questions, today: string): Promise<ChosenRules | undefined> {
  const byDate = { label: l10n.t('By the date the building permit is applied for…'), ruleSet: undefined as RuleSetId | undefined };
  const rulePick = await showQuickPick(
    [
      byDate,
      ...rules.calculationTypes.map((c) => ({ label: l10n.say(ruleSetById(rules, c.ruleSet).label), description: l10n.t('calculation type {0}', c.code), ruleSet: c.ruleSet as RuleSetId | undefined })),
    ],
    { title: q.title(l10n.t('BR18 rules')) },
  );
  if (!rulePick) return undefined;
  let ruleSetId = rulePick.ruleSet;
  let permitDate = today;
  if (!ruleSetId) {
    q.more();
    const date = await showInputBox({
      title: q.title(l10n.t('date of the building permit application')),
      prompt: l10n.t('Date the building permit is (or will be) applied for, YYYY-MM-DD: from 1 July 2025 the 2025 rules apply, with lower limits from 2027 and 2029'),
      value: today,
      validateInput: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? undefined : l10n.t('Enter a date as YYYY-MM-DD')),
    });
    if (!date) return undefined;
    permitDate = date.trim();
    ruleSetId = ruleSetOfDate(permitDate);
  }
  const ruleSet = ruleSetById(rules, ruleSetId);
  return { ruleSetId, ruleSet, step: stepOfDate(ruleSet, permitDate), calculationType: calculationTypeOf(rules, ruleSetId) ?? 0 };
}

/**
 * The limit the environment's table proposes for the rules, category, heated area and step; where its `br18`
 * override sets another value than the built-in table, the prompt says so and gives the built-in one. `limit`
 * undefined: no limit applies; undefined: cancelled.
 */
async function askLimit(rules: Br18Rules, { ruleSetId, ruleSet, step }: ChosenRules, category: Br18Category, heated: number, q: Questions): Promise<{ limit?: number } | undefined> {
  const proposed = proposedLimits(rules, ruleSetId, category, heated, step);
  if (!proposed || proposed.building === null) return {};
  const builtIn = rules.overriddenBy ? proposedLimits(BR18_RULES, ruleSetId, category, heated, step)?.building : undefined;
  const ruleText = [l10n.say(ruleSet.label), step && ruleSet.steps.length ? l10n.t('step {0}', step) : undefined].filter(Boolean).join(', ');
  const cp = proposed.constructionProcess !== undefined ? l10n.t("; the construction process (A4 + A5) has its own limit of {0}", proposed.constructionProcess.toFixed(1)) : '';
  const prompt =
    builtIn !== undefined && builtIn !== proposed.building
      ? l10n.t(
          'Building limit in kg CO₂e per m² per year (without special-condition allowances), proposed for {0} by the br18 setting of environment "{1}": {2} (the built-in BR18 table: {3}){4}',
          ruleText,
          rules.overriddenBy ?? '',
          proposed.building.toFixed(1),
          builtIn === null ? l10n.t('no limit') : builtIn.toFixed(1),
          cp,
        )
      : l10n.t('Building limit in kg CO₂e per m² per year (without special-condition allowances), proposed by the BR18 table for {0}: {1}{2}', ruleText, proposed.building.toFixed(1), cp);
  const limit = await askNumber(q.title(l10n.t('limit')), prompt, proposed.building, { min: 0, exclusiveMin: true });
  return limit === undefined ? undefined : { limit };
}

/** The other areas of the reference area (the rule set's, with their factors) picked, and each one's m². */
async function askReferencedAreas(rules: Br18Rules, ruleSetId: RuleSetId, e: ProjectEnums, q: Questions): Promise<Record<string, number> | undefined> {
  const factors = referenceAreaFactors(rules, ruleSetId, e.regerencedAreaTypeEnum ?? {});
  const picked = await showQuickPickMany(
    Object.entries(factors).map(([label, factor]) => ({ label, description: l10n.t('counts {0} %', String(Math.round(factor * 100))) })),
    { title: q.title(l10n.t('other areas in the reference area (none is fine)')) },
  );
  if (!picked) return undefined;
  const referencedAreas: Record<string, number> = {};
  q.more(picked.length);
  for (const item of picked) {
    const area = await askNumber(q.title(item.label), l10n.t('{0} in m² (weighted by {1})', item.label, String(factors[item.label])), undefined, { min: 0 });
    if (area === undefined) return undefined;
    referencedAreas[item.label] = area;
  }
  return referencedAreas;
}
