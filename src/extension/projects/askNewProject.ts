// The questions of New Project: name, building type, stage, BR18 calculation type and limit, areas, period, year of
// commissioning and phases, one input box or QuickPick each (scripted in tests through ui.ts).
import type { ProjectEnums } from '../../client';
import { BR18_DEFAULT_PHASES, CALCULATION_TYPES, defaultLimit, PHASES } from '../../core/codes';
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
export async function askNewProject(e: ProjectEnums): Promise<NewProjectChoices | undefined> {
  const steps = 11;
  const title = (n: number, what: string) => l10n.t('New LCA project ({0}/{1}): {2}', n, steps, what);
  const name = await showInputBox({ title: title(1, l10n.t('name')), prompt: l10n.t('Project name'), validateInput: (v) => (v.trim() ? undefined : l10n.t('Required')) });
  if (!name) return undefined;
  const type = await showQuickPick(e.buildingTypeEnum.map((label, index) => ({ label, index })), { title: title(2, l10n.t('building type')) });
  if (!type) return undefined;
  const stage = await showQuickPick(e.buildingProjectStageEnums.map((label, index) => ({ label, index })), { title: title(3, l10n.t('stage')) });
  if (!stage) return undefined;
  const calc = await showQuickPick(
    CALCULATION_TYPES.map((c) => ({ label: c.label, description: l10n.t('limit {0} kg CO2e/m²/yr', defaultLimit(c.code, type.index).toFixed(1)), code: c.code })),
    { title: title(4, l10n.t('calculation type (rules and limit)')) },
  );
  if (!calc) return undefined;
  const limit = await askNumber(title(5, l10n.t('limit')), l10n.t('Limit in kg CO2e per m² per year (without special-condition allowances)'), defaultLimit(calc.code, type.index), { min: 0, exclusiveMin: true });
  if (limit === undefined) return undefined;
  const above = await askNumber(title(6, l10n.t('heated floor area above ground')), l10n.t('Heated floor area above ground in m² (counts 100 % in the reference area)'), undefined, { min: 0, exclusiveMin: true });
  if (above === undefined) return undefined;
  const basement = await askNumber(title(7, l10n.t('heated basement area')), l10n.t('Heated basement area in m² (counts 100 %; 0 when there is none)'), 0, { min: 0 });
  if (basement === undefined) return undefined;
  const factors = e.regerencedAreaTypeEnum ?? {};
  const picked = await showQuickPickMany(
    Object.entries(factors).map(([label, factor]) => ({ label, description: l10n.t('counts {0} %', String(Math.round(factor * 100))) })),
    { title: title(8, l10n.t('other areas in the reference area (none is fine)')) },
  );
  if (!picked) return undefined;
  const referencedAreas: Record<string, number> = {};
  for (const item of picked) {
    const area = await askNumber(title(8, item.label), l10n.t('{0} in m² (weighted by {1})', item.label, String(factors[item.label])), undefined, { min: 0 });
    if (area === undefined) return undefined;
    referencedAreas[item.label] = area;
  }
  const period = await askNumber(title(9, l10n.t('consideration period')), l10n.t('Years (BR18: 50)'), 50, { min: 1, integer: true });
  if (period === undefined) return undefined;
  const year = new Date().getFullYear() + 2;
  const commissioning = await askNumber(title(10, l10n.t('year of commissioning')), l10n.t('Year the building is taken into use (operational energy B6 is counted from it)'), year, { min: 1900, integer: true });
  if (commissioning === undefined) return undefined;
  const defaults = new Set<string>(CALCULATION_TYPES.find((c) => c.code === calc.code)?.phases ?? BR18_DEFAULT_PHASES);
  const phases = await showQuickPickMany(
    PHASES.map((label) => ({ label, picked: defaults.has(label) })),
    { title: title(11, l10n.t('included phases')) },
  );
  if (!phases) return undefined;
  return {
    name: name.trim(),
    type: type.index,
    stage: stage.index,
    phases: phases.map((p) => p.label),
    calculationType: calc.code,
    limit,
    heatedFloorAreaAboveGround: above,
    heatedBasementArea: basement,
    referencedAreas,
    considerationPeriod: period,
    yearOfCommissioning: commissioning,
  };
}
