// Reading the BR18 rule table (br18Table.ts): the rule set of a calculation type, the row of a building, the limits
// proposed, the reference-area factors, and the one verdict function every view uses. Row by row with its source:
// docs/br18-rules.md. Headless: the table (with an environment's `br18` override applied, br18Override.ts) and the
// code table are passed in.
import { joined, msg, type Msg } from '../l10n';
import type { CodeTable } from '../codeTable';
import type { Phase } from '../codes';
import { BR18_RULES, BUILDING_2023, type Br18Category, type Br18Row, type Br18Rules, type Br18Step, type LimitRule, type RuleSet, type RuleSetId } from './br18Table';

export {
  BR18_CATEGORIES,
  BR18_RULES,
  CATEGORY_LABELS,
  CONSERVATORIES_2025,
  RULE_SET_IDS,
  type Br18Category,
  type Br18Rules,
  type RuleSet,
  type RuleSetId,
} from './br18Table';
export { applyBr18Override, parseBr18Override, type Br18Override } from './br18Override';

export function ruleSetById(rules: Br18Rules, id: RuleSetId): RuleSet {
  return rules.ruleSets.find((r) => r.id === id) ?? BR18_RULES.ruleSets.find((r) => r.id === id)!;
}

/** The rule set a `calculationTypeEnum` selects; undefined for a code the table does not know. */
export function ruleSetOfCalculationType(rules: Br18Rules, code: number | undefined): RuleSet | undefined {
  const id = rules.calculationTypes.find((c) => c.code === code)?.ruleSet;
  return id ? ruleSetById(rules, id) : undefined;
}

export function calculationTypeOf(rules: Br18Rules, id: RuleSetId): number | undefined {
  return rules.calculationTypes.find((c) => c.ruleSet === id)?.code;
}

/** The step in force for a building permit applied for on `date` (ISO); the first step before it, none without steps. */
export function stepOfDate(ruleSet: RuleSet, date: string): Br18Step | undefined {
  let found: Br18Step | undefined = ruleSet.steps[0]?.step;
  for (const s of ruleSet.steps) if (date >= s.from) found = s.step;
  return found;
}

/** The rule set a building permit applied for on `date` falls under (BR18 2025 from 1 July 2025). */
export function ruleSetOfDate(date: string, lowEmission = false): RuleSetId {
  const y2025 = date >= '2025-07-01';
  return lowEmission ? (y2025 ? 'lowEmission-2025' : 'lowEmission-2023') : y2025 ? 'br18-2025' : 'br18-2023';
}

/** The row of a category under a rule set for a heated floor area; undefined when none applies. */
export function rowFor(rules: Br18Rules, ruleSet: RuleSetId, category: Br18Category | undefined, heatedArea: number): Br18Row | undefined {
  return rules.rows.find(
    (r) =>
      r.ruleSet === ruleSet &&
      (!r.categories || (category !== undefined && r.categories.includes(category))) &&
      (r.heatedAbove === undefined || heatedArea > r.heatedAbove) &&
      (r.heatedBelow === undefined || heatedArea < r.heatedBelow),
  );
}

function limitAt(rule: LimitRule, ruleSet: RuleSet, step: Br18Step | undefined): number {
  const i = step ? ruleSet.steps.findIndex((s) => s.step === step) : 0;
  return rule.limits[Math.max(0, Math.min(i, rule.limits.length - 1))];
}

/** What the table proposes for a new project: the limits (null = no limit) and the row's source. */
export interface ProposedLimits {
  building: number | null;
  constructionProcess?: number;
  source: string;
}

export function proposedLimits(rules: Br18Rules, ruleSet: RuleSetId, category: Br18Category, heatedArea: number, step?: Br18Step): ProposedLimits | undefined {
  const row = rowFor(rules, ruleSet, category, heatedArea);
  if (!row) return undefined;
  const rs = ruleSetById(rules, ruleSet);
  return {
    building: row.building ? limitAt(row.building, rs, step ?? rs.steps[0]?.step) : null,
    ...(row.constructionProcess ? { constructionProcess: limitAt(row.constructionProcess, rs, step ?? rs.steps[0]?.step) } : {}),
    source: row.source,
  };
}

/** The reference-area factors of a rule set: the service's enumeration plus what the rule set adds. */
export function referenceAreaFactors(rules: Br18Rules, ruleSet: RuleSetId | undefined, served: Readonly<Record<string, number>>): Record<string, number> {
  return { ...served, ...(ruleSet ? ruleSetById(rules, ruleSet).extraReferenceAreas : {}) };
}

// ---- categories and the service's building types ----

/** The building type (label pattern) nearest to each category: the service knows no holiday homes or critical buildings. */
const NEAREST_TYPE: Record<Br18Category, RegExp> = {
  holidayHome: /single-family/i,
  house: /single-family/i,
  multiStorey: /multi-storey/i,
  office: /office/i,
  institution: /institution|school/i,
  retail: /retail/i,
  warehouse: /logistic|warehouse/i,
  other: /production|hotel/i,
  critical: /institution|school/i,
};

/** The code of the service's building type nearest to a category (through the active code table). */
export function nearestBuildingType(codes: CodeTable, category: Br18Category): number | undefined {
  return codes.buildingTypes.find((t) => NEAREST_TYPE[category].test(t.label))?.code;
}

/** The category a service building type stands for (a project read from the service carries no category). */
export function categoryOfBuildingType(codes: CodeTable, type: number | undefined): Br18Category | undefined {
  const label = type === undefined ? undefined : codes.buildingTypeByCode(type)?.label;
  if (!label) return undefined;
  if (/single-family|terraced|detached|house/i.test(label) && !/multi/i.test(label)) return 'house';
  if (/multi-storey|apartment/i.test(label)) return 'multiStorey';
  if (/office/i.test(label)) return 'office';
  if (/institution|school/i.test(label)) return 'institution';
  if (/retail/i.test(label)) return 'retail';
  if (/logistic|warehouse/i.test(label)) return 'warehouse';
  return 'other';
}


// ---- the verdict ----

/** What the verdict is judged from: the project's own fields (as the service returns them). */
export interface VerdictProject {
  calculationTypeEnum?: number;
  /** The project's building type code (`type`). */
  buildingType?: number;
  /** When known (the New Project wizard records it); else derived from the building type. */
  category?: Br18Category;
  /** Heated floor area above ground plus heated basement, m². */
  heatedArea: number;
  /** `thresholdLimitWithoutExtra`: the building limit the project states. */
  limit?: number;
  /** Special-condition allowances added to the building limit. */
  extraAllowances?: readonly number[];
}

/** What the verdict is judged on: the dashboard's figures as the service sent them. */
export interface VerdictResult {
  /** `emissionPerPhase` (kg CO2e/m²/yr per phase code, decimal strings or numbers). */
  perPhase: Readonly<Record<string, unknown>>;
  /** The stages counted in the figures (the query's). */
  stages: readonly string[];
  /** The indicator of the figures; undefined = the service's default (GWP total). */
  indicator?: { name: string; gwpTotal: boolean };
  /** `mappingStatus`: elements mapped and in all. */
  mapping?: { mapped: number; total: number };
}

export interface LimitVerdict {
  /** The figure judged, rounded to one decimal as BR18 compares it. */
  value: number;
  /** The figure before rounding. */
  exact: number;
  limit: number;
  /** limit − value (negative: over). */
  margin: number;
  passes: boolean;
  modules: readonly Phase[];
}

export type Br18Verdict =
  | { kind: 'verdict'; ruleSet: RuleSet; building: LimitVerdict; constructionProcess?: LimitVerdict; source: string }
  | { kind: 'none'; ruleSet?: RuleSet; reason: Msg };

const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** BR18 compares after rounding the result to one decimal (12.047 → 12.0 passes a 12.0 limit). */
export function roundBr18(v: number): number {
  return Math.round(v * 10) / 10;
}

function judge(perPhase: Readonly<Record<string, unknown>>, modules: readonly Phase[], limit: number): LimitVerdict {
  const exact = Number(modules.reduce((s, m) => s + (Number.isFinite(num(perPhase[m])) ? num(perPhase[m]) : 0), 0).toPrecision(12));
  const value = roundBr18(exact);
  return { value, exact, limit, margin: Number((limit - value).toPrecision(12)), passes: value <= limit + 1e-9, modules };
}

const label = (p: string): string => (p === 'A1A3' ? 'A1-A3' : p);

/** The sum of `figures` over `modules` (a limit's: its change, its result); a module without a figure counts 0. */
export function sumOver(modules: readonly string[], figures: Readonly<Partial<Record<string, number>>>): number {
  return modules.reduce((s, m) => s + (figures[m] ?? 0), 0);
}

/** The project's special-condition allowances (BR18 §298, stk. 3-4) summed: what the building limit adds to its own. */
export function allowanceOf(project: Pick<VerdictProject, 'extraAllowances'>): number {
  return Number((project.extraAllowances ?? []).reduce((s, x) => s + x, 0).toPrecision(12));
}

/**
 * The BR18 verdicts of a result: the building's (value, limit, margin, passes) and, where the rules judge it apart,
 * the construction process's — or the plain reason why there is none. Judged from the project's fields and the
 * dashboard's per-phase figures only (never from fields only the local service sends).
 */
export function br18Verdict(rules: Br18Rules, codes: CodeTable, project: VerdictProject, result: VerdictResult): Br18Verdict {
  const ruleSet = ruleSetOfCalculationType(rules, project.calculationTypeEnum);
  if (!ruleSet) return { kind: 'none', reason: msg('no BR18 rules: calculation type {0} is not in the rule table', String(project.calculationTypeEnum ?? '—')) };
  const mapping = result.mapping;
  const anyFigure = Object.values(result.perPhase).some((v) => Number.isFinite(num(v)) && num(v) !== 0);
  if (mapping && (mapping.mapped === 0 || (!anyFigure && mapping.total === 0))) {
    return { kind: 'none', ruleSet, reason: msg('no result yet: {0} of {1} elements mapped', mapping.mapped, mapping.total) };
  }
  const category = project.category ?? categoryOfBuildingType(codes, project.buildingType);
  const row = rowFor(rules, ruleSet.id, category, project.heatedArea);
  if (!row) return { kind: 'none', ruleSet, reason: msg('not covered: {0} has no row for this building', ruleSet.label) };
  if (!row.building) {
    if (ruleSet.id === 'br18-2023') return { kind: 'none', ruleSet, reason: msg('LCA only: 2023 rules, {0} m² heated', Math.round(project.heatedArea)) };
    if (category === 'critical') return { kind: 'none', ruleSet, reason: msg('LCA only: critical infrastructure has no limit') };
    return { kind: 'none', ruleSet, reason: msg('LCA only: {0} sets no limit in the rule table', ruleSet.label) };
  }
  // Not a BR18 result: the counted stages must be exactly the modules judged, the indicator GWP total.
  const wanted = [...row.building.modules, ...(row.constructionProcess?.modules ?? [])];
  const counted = result.stages.filter((s) => s !== 'D');
  const missing = wanted.filter((m) => !counted.includes(m));
  const extra = counted.filter((s) => !(wanted as readonly string[]).includes(s));
  const reasons: Msg[] = [];
  if (missing.length) reasons.push(msg('{0} excluded', missing.map(label).join(', ')));
  if (extra.length) reasons.push(msg('{0} included', extra.map(label).join(', ')));
  if (result.indicator && !result.indicator.gwpTotal) reasons.push(msg('indicator {0}', result.indicator.name));
  if (reasons.length) return { kind: 'none', ruleSet, reason: msg('not a BR18 result: {0}', reasons.length === 1 ? reasons[0] : joined(reasons)) };
  const extras = allowanceOf(project);
  const limit = project.limit ?? limitAt(row.building, ruleSet, ruleSet.steps[0]?.step);
  const building = judge(result.perPhase, row.building.modules, Number((limit + extras).toPrecision(12)));
  const constructionProcess = row.constructionProcess ? judge(result.perPhase, row.constructionProcess.modules, limitAt(row.constructionProcess, ruleSet, undefined)) : undefined;
  return { kind: 'verdict', ruleSet, building, ...(constructionProcess ? { constructionProcess } : {}), source: row.source };
}

/** The modules the building limit judges under a calculation type (for budgets); the 2023 set when unknown. */
export function buildingModules(rules: Br18Rules, calculationTypeEnum: number | undefined): readonly Phase[] {
  const rs = ruleSetOfCalculationType(rules, calculationTypeEnum);
  const row = rs && rules.rows.find((r) => r.ruleSet === rs.id && r.building);
  return row?.building?.modules ?? BUILDING_2023;
}

/** The construction-process rule of a calculation type, when its rules judge A4 + A5 apart. */
export function constructionProcessRule(rules: Br18Rules, calculationTypeEnum: number | undefined): { limit: number; modules: readonly Phase[] } | undefined {
  const rs = ruleSetOfCalculationType(rules, calculationTypeEnum);
  const row = rs && rules.rows.find((r) => r.ruleSet === rs.id && r.constructionProcess);
  return row?.constructionProcess ? { limit: row.constructionProcess.limits[0], modules: row.constructionProcess.modules } : undefined;
}
