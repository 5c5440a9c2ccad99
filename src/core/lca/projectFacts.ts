// One reading of a project: from the project as the service reads it (`ProjectDetail`) or as a `*.project.json` file
// holds it (the same fields, schemas/project.schema.json) and a BR18 rule table, the facts its figures are computed
// and judged from — the verdict's fields, the rule set, the heated and reference areas with the factors, the reference
// study period, the wastage and the first year of operation. The local service's dashboards, summary and project list,
// What if… and the alternatives' building effect, the BR18 and LCAx exports and New Project read a project through
// it, so that one project has one reference area and one period wherever it is shown. Pure.
import type { ProjectDetail } from '../api/types';
import { PROJECT_ENUMS } from '../codes';
import { isObject, num } from '../guards';
import { referenceArea } from './br18';
import { referenceAreaFactors, ruleSetOfCalculationType, type Br18Rules, type RuleSet, type VerdictProject } from './br18Rules';
import { DEFAULT_PERIOD_YEARS, statedPeriod } from './period';
import { verdictProjectOrNone } from './verdictInput';

/** A project as its read or its file gives it (a file has no `id`); any field may be missing or of another type. */
export type ProjectSource = Partial<ProjectDetail>;

export interface ProjectFacts {
  /** The fields the BR18 verdict judges (`verdictProjectOf`; no rule set and no heated area without a project). */
  verdictProject: VerdictProject;
  /** The rule set the calculation type selects (absent: BR18 2023); undefined for a code the table does not know. */
  ruleSet?: RuleSet;
  /** Heated floor area above ground plus heated basement, m² (0 when neither is given). */
  heatedArea: number;
  /** The heated floor area above ground, m², when the project gives it (the first term of A_ref). */
  heatedAboveGround?: number;
  /** The heated basement area, m², when the project gives it. */
  heatedBasement?: number;
  /** The referenced areas by name, m² (those given as numbers). */
  referenced: Record<string, number>;
  /** The referenced areas' factors under the rule set: the service's enumeration plus what the rule set adds. */
  factors: Record<string, number>;
  /** A_ref = heated area + Σ factor · referenced area, m²; undefined when it is not above 0. */
  referenceArea?: number;
  /** Reference study period in years: the project's (`statedPeriod`: whole years, 1–1000), else DEFAULT_PERIOD_YEARS. */
  period: number;
  /** Wastage percentage (A5): the project's, else 0. */
  wastagePercentage: number;
  /** What the project does not state, so that the facts assume it: the period, the wastage. */
  assumed: { period: boolean; wastage: boolean };
  /** First year of operation (B6 is counted from it): the year of commissioning, else of construction. */
  firstYear?: number;
}

const obj = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});
const positive = (v: unknown): number | undefined => {
  const n = num(v);
  return n !== undefined && n > 0 ? n : undefined;
};

/** The facts of `project` (undefined: a project that could not be read) under the rule table `rules`. */
export function projectFacts(project: ProjectSource | undefined, rules: Br18Rules): ProjectFacts {
  const verdictProject = verdictProjectOrNone(project);
  const ruleSet = ruleSetOfCalculationType(rules, verdictProject.calculationTypeEnum);
  const factors = referenceAreaFactors(rules, ruleSet?.id, PROJECT_ENUMS.regerencedAreaTypeEnum);
  const heat = obj(project?.heatArea);
  const aboveGround = num(heat.heatedFloorAreaAboveGround);
  const basement = num(heat.heatedBasementArea);
  const referenced: Record<string, number> = {};
  for (const [name, v] of Object.entries(obj(obj(project?.referencedAreas).values))) {
    const n = num(v);
    if (n !== undefined) referenced[name] = n;
  }
  const area = referenceArea(aboveGround ?? 0, basement ?? 0, referenced, factors);
  const period = statedPeriod(obj(project?.calculationType).considerationPeriod);
  const wastage = num(project?.wastagePercentage);
  const meta = obj(project?.emissionMetaData);
  const firstYear = positive(meta.yearOfCommissioning) ?? positive(meta.yearOfConstruction);
  return {
    verdictProject,
    ...(ruleSet ? { ruleSet } : {}),
    heatedArea: verdictProject.heatedArea,
    ...(aboveGround !== undefined ? { heatedAboveGround: aboveGround } : {}),
    ...(basement !== undefined ? { heatedBasement: basement } : {}),
    referenced,
    factors,
    ...(area > 0 ? { referenceArea: area } : {}),
    period: period ?? DEFAULT_PERIOD_YEARS,
    wastagePercentage: wastage ?? 0,
    assumed: { period: period === undefined, wastage: wastage === undefined },
    ...(firstYear !== undefined ? { firstYear } : {}),
  };
}
