// The questions of New Project: name, the BR18 rules (by the permit application date, or chosen), the BR18 category and
// the nearest building type the service knows, stage, heated areas, the limit the environment's rule table proposes,
// the other areas of the reference area (the rule set's included), period, year of commissioning and phases, one input
// box or QuickPick each (scripted in tests through ui.ts).
import type { ProjectEnums } from '../../client';
import { PHASES } from '../../core/codes';
import type { CodeTable } from '../../core/codeTable';
import {
  BR18_CATEGORIES,
  BR18_RULES,
  categoryOfBuildingType,
  buildingModules,
  calculationTypeOf,
  CATEGORY_LABELS,
  constructionProcessRule,
  nearestBuildingType,
  proposedLimits,
  referenceAreaFactors,
  ruleSetById,
  ruleSetOfDate,
  stepOfDate,
  type Br18Category,
  type Br18Rules,
  type RuleSetId,
} from '../../core/lca/br18Rules';
import { projectMismatches, proposedFloors } from '../../core/lca/projectAnswers';
import { DEFAULT_PERIOD_YEARS } from '../../core/lca/period';
import { showInputBox, showQuickPick, showQuickPickMany } from '../ui';
import type { NewProjectChoices } from './projectFiles';
import * as l10n from '../l10n';

/** A number typed in an input box (a comma as decimal separator is accepted); undefined when cancelled. */
async function askNumber(title: string, prompt: string, value: number | undefined, limits: { min?: number; exclusiveMin?: boolean; integer?: boolean }): Promise<number | undefined> {
  const parse = (v: string): number => Number(v.trim().replace(/\s/g, '').replace(',', '.'));
  const answer = await showInputBox({
    title,
    prompt,
    value: value === undefined ? '' : String(value),
    validateInput: (v) => {
      const n = parse(v);
      if (!v.trim() || !Number.isFinite(n)) return l10n.t('Enter a number');
      if (limits.integer && !Number.isInteger(n)) return l10n.t('Enter a whole number');
      if (limits.min !== undefined && (limits.exclusiveMin ? n <= limits.min : n < limits.min)) {
        return limits.exclusiveMin ? l10n.t('Enter a number above {0}', limits.min) : l10n.t('Enter a number of at least {0}', limits.min);
      }
      return undefined;
    },
  });
  return answer === undefined ? undefined : parse(answer);
}

/** Asks for what a new project needs, a BR18 calculation included; undefined when the user cancels a step. */
export async function askNewProject(e: ProjectEnums, rules: Br18Rules, codes: CodeTable, today = new Date().toISOString().slice(0, 10)): Promise<NewProjectChoices | undefined> {
  // Each question its own number; the total grows when an answer adds questions (a date, the areas picked, a second
  // round of the building's answers).
  let asked = 0;
  let more = 0;
  const base = 13;
  const title = (what: string) => {
    asked++;
    return l10n.t('New LCA project ({0}/{1}): {2}', asked, Math.max(asked, base + more), what);
  };
  const name = await showInputBox({ title: title(l10n.t('name')), prompt: l10n.t('Project name'), validateInput: (v) => (v.trim() ? undefined : l10n.t('Required')) });
  if (!name) return undefined;

  // The rules: by the date the building permit is applied for, or one of the calculation types chosen.
  const byDate = { label: l10n.t('By the date the building permit is applied for…'), ruleSet: undefined as RuleSetId | undefined };
  const rulePick = await showQuickPick(
    [
      byDate,
      ...rules.calculationTypes.map((c) => ({ label: l10n.say(ruleSetById(rules, c.ruleSet).label), description: l10n.t('calculation type {0}', c.code), ruleSet: c.ruleSet as RuleSetId | undefined })),
    ],
    { title: title(l10n.t('BR18 rules')) },
  );
  if (!rulePick) return undefined;
  let ruleSetId = rulePick.ruleSet;
  let permitDate = today;
  if (!ruleSetId) {
    more++;
    const date = await showInputBox({
      title: title(l10n.t('date of the building permit application')),
      prompt: l10n.t('Date the building permit is (or will be) applied for, YYYY-MM-DD: from 1 July 2025 the 2025 rules apply, with lower limits from 2027 and 2029'),
      value: today,
      validateInput: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? undefined : l10n.t('Enter a date as YYYY-MM-DD')),
    });
    if (!date) return undefined;
    permitDate = date.trim();
    ruleSetId = ruleSetOfDate(permitDate);
  }
  const ruleSet = ruleSetById(rules, ruleSetId);
  const step = stepOfDate(ruleSet, permitDate);
  const calculationType = calculationTypeOf(rules, ruleSetId) ?? 0;

  // The building: category, the service's type, stage, areas and floors; asked again when the answers do not fit
  // together and the user says so (a holiday home of 3,600 m² on a multi-storey building type).
  let building: { category: Br18Category; type: number; stage: number; above: number; floors: number; basement: number } | undefined;
  for (;;) {
    const answers = await askBuilding(e, codes, title);
    if (!answers) return undefined;
    const mismatches = projectMismatches({
      category: answers.category,
      typeCategory: categoryOfBuildingType(codes, answers.type),
      typeLabel: e.buildingTypeEnum[answers.type] ?? String(answers.type),
      heatedArea: answers.above + answers.basement,
      floorsAboveGround: answers.floors,
    });
    if (mismatches.length === 0) {
      building = answers;
      break;
    }
    more++;
    const keep = { label: l10n.t('Keep these answers'), keep: true };
    const said = mismatches.map((m) => l10n.say(m)).join(' ');
    const again = { label: l10n.t('Give the building\'s answers again'), detail: said, keep: false };
    const choice = await showQuickPick([again, keep], {
      title: title(l10n.t('the answers do not fit together')),
      placeHolder: said,
    });
    if (!choice) return undefined;
    if (choice.keep) {
      building = answers;
      break;
    }
    more += 5;
  }
  const { category, type, stage, above, floors, basement } = building;

  // The limit the environment's table proposes for the rules, category, heated area and step; where its `br18`
  // override sets another value than the built-in table, the prompt says so and gives the built-in one.
  const heated = above + basement;
  const proposed = proposedLimits(rules, ruleSetId, category, heated, step);
  const builtIn = rules.overriddenBy ? proposedLimits(BR18_RULES, ruleSetId, category, heated, step)?.building : undefined;
  const ruleText = [l10n.say(ruleSet.label), step && ruleSet.steps.length ? l10n.t('step {0}', step) : undefined].filter(Boolean).join(', ');
  let limit: number | undefined;
  if (proposed && proposed.building !== null) {
    const cp = proposed.constructionProcess !== undefined ? l10n.t("; the construction process (A4 + A5) has its own limit of {0}", proposed.constructionProcess.toFixed(1)) : '';
    const prompt =
      builtIn !== undefined && builtIn !== proposed.building
        ? l10n.t(
            'Building limit in kg CO2e per m² per year (without special-condition allowances), proposed for {0} by the br18 setting of environment "{1}": {2} (the built-in BR18 table: {3}){4}',
            ruleText,
            rules.overriddenBy ?? '',
            proposed.building.toFixed(1),
            builtIn === null ? l10n.t('no limit') : builtIn.toFixed(1),
            cp,
          )
        : l10n.t('Building limit in kg CO2e per m² per year (without special-condition allowances), proposed by the BR18 table for {0}: {1}{2}', ruleText, proposed.building.toFixed(1), cp);
    limit = await askNumber(title(l10n.t('limit')), prompt, proposed.building, { min: 0, exclusiveMin: true });
    if (limit === undefined) return undefined;
  }

  const factors = referenceAreaFactors(rules, ruleSetId, e.regerencedAreaTypeEnum ?? {});
  const picked = await showQuickPickMany(
    Object.entries(factors).map(([label, factor]) => ({ label, description: l10n.t('counts {0} %', String(Math.round(factor * 100))) })),
    { title: title(l10n.t('other areas in the reference area (none is fine)')) },
  );
  if (!picked) return undefined;
  const referencedAreas: Record<string, number> = {};
  more += picked.length;
  for (const item of picked) {
    const area = await askNumber(title(item.label), l10n.t('{0} in m² (weighted by {1})', item.label, String(factors[item.label])), undefined, { min: 0 });
    if (area === undefined) return undefined;
    referencedAreas[item.label] = area;
  }
  const period = await askNumber(title(l10n.t('consideration period')), l10n.t('Years (BR18: {0})', DEFAULT_PERIOD_YEARS), DEFAULT_PERIOD_YEARS, { min: 1, integer: true });
  if (period === undefined) return undefined;
  const year = new Date().getFullYear() + 2;
  const commissioning = await askNumber(title(l10n.t('year of commissioning')), l10n.t('Year the building is taken into use (operational energy B6 is counted from it)'), year, { min: 1900, integer: true });
  if (commissioning === undefined) return undefined;
  const defaults = new Set<string>([...buildingModules(rules, calculationType), ...(constructionProcessRule(rules, calculationType)?.modules ?? []), 'D']);
  const phases = await showQuickPickMany(
    PHASES.map((label) => ({ label, picked: defaults.has(label) })),
    { title: title(l10n.t('included phases')) },
  );
  if (!phases) return undefined;
  return {
    name: name.trim(),
    type,
    stage,
    phases: phases.map((p) => p.label),
    calculationType,
    ...(limit !== undefined ? { limit } : { noLimit: true }),
    heatedFloorAreaAboveGround: above,
    floorsAboveGround: floors,
    heatedBasementArea: basement,
    referencedAreas,
    considerationPeriod: period,
    yearOfCommissioning: commissioning,
  };
}

/** The building's questions: BR18 category, the service's nearest building type, stage, heated areas and floors. */
async function askBuilding(
  e: ProjectEnums,
  codes: CodeTable,
  title: (what: string) => string,
): Promise<{ category: Br18Category; type: number; stage: number; above: number; floors: number; basement: number } | undefined> {
  const category = await showQuickPick(
    BR18_CATEGORIES.map((c) => ({ label: l10n.say(CATEGORY_LABELS[c]), category: c })),
    { title: title(l10n.t('BR18 category')) },
  );
  if (!category) return undefined;
  // The service knows fewer building types than BR18 has categories: the nearest one is offered first, and said so.
  const nearest = nearestBuildingType(codes, category.category);
  const types = e.buildingTypeEnum.map((label, index) => ({ label, index, description: index === nearest ? l10n.t('nearest to "{0}"', category.label) : undefined }));
  const type = await showQuickPick(
    [...types.filter((t) => t.index === nearest), ...types.filter((t) => t.index !== nearest)],
    { title: title(l10n.t('building type of the service (nearest to the BR18 category)')) },
  );
  if (!type) return undefined;
  const stage = await showQuickPick(e.buildingProjectStageEnums.map((label, index) => ({ label, index })), { title: title(l10n.t('stage')) });
  if (!stage) return undefined;
  const above = await askNumber(title(l10n.t('heated floor area above ground')), l10n.t('Heated floor area above ground in m² (counts 100 % in the reference area)'), undefined, { min: 0, exclusiveMin: true });
  if (above === undefined) return undefined;
  // Houses mostly have one storey, multi-storey housing a few (a proposal to change); anything else is asked without a guess.
  const floors = await askNumber(title(l10n.t('floors above ground')), l10n.t('Number of floors above ground'), proposedFloors(category.category), { min: 1, integer: true });
  if (floors === undefined) return undefined;
  const basement = await askNumber(title(l10n.t('heated basement area')), l10n.t('Heated basement area in m² (counts 100 %; 0 when there is none)'), 0, { min: 0 });
  if (basement === undefined) return undefined;
  return { category: category.category, type: type.index, stage: stage.index, above, floors, basement };
}
