// The BR18 rule table (§297–298, 2023 and 2025 texts, the 2027/2029 steps, the voluntary low-emission class) as data,
// and the one verdict function every view uses. Row by row with its source: docs/br18-rules.md. Headless: the table
// (with an environment's `br18` override applied) and the code table are passed in.
import { joined, msg, type Msg } from '../l10n';
import type { CodeTable } from '../codeTable';
import type { Phase } from '../codes';

/** The rule sets a calculation type selects. */
export const RULE_SET_IDS = ['br18-2023', 'br18-2025', 'lowEmission-2023', 'lowEmission-2025', 'reductionRoadmap'] as const;
export type RuleSetId = (typeof RULE_SET_IDS)[number];

/** BR18 categories as the 2025 rules name them (plus "critical": LCA required, no limit). */
export const BR18_CATEGORIES = ['holidayHome', 'house', 'multiStorey', 'office', 'institution', 'retail', 'warehouse', 'other', 'critical'] as const;
export type Br18Category = (typeof BR18_CATEGORIES)[number];

/** Steps of the 2025 rules: the limits in force for a building permit applied for from that date. */
export const BR18_STEPS = ['2025', '2027', '2029'] as const;
export type Br18Step = (typeof BR18_STEPS)[number];

/** A limit and the modules judged against it (kg CO2e/m²/yr over the period, rounded to one decimal first). */
export interface LimitRule {
  /** Per step of the rule set (one value when the rule set has no steps). */
  readonly limits: readonly number[];
  readonly modules: readonly Phase[];
}

/** One row of the table: a category (or every category) under a rule set, with its area gate. */
export interface Br18Row {
  readonly ruleSet: RuleSetId;
  /** Undefined: every category. */
  readonly categories?: readonly Br18Category[];
  /** The row applies when the heated floor area (m²) is above this… */
  readonly heatedAbove?: number;
  /** …or below this. */
  readonly heatedBelow?: number;
  /** Null: an LCA is required but there is no limit. */
  readonly building: LimitRule | null;
  /** The construction process (A4 + A5), judged apart ("lagt oveni"); absent where not in scope. */
  readonly constructionProcess?: LimitRule;
  /** Key of the source in docs/br18-rules.md. */
  readonly source: string;
}

export interface RuleSet {
  readonly id: RuleSetId;
  readonly label: Msg;
  /** Steps by the date the building permit is applied for (ISO date, the step's first day). */
  readonly steps: readonly { readonly step: Br18Step; readonly from: string }[];
  /** Reference-area items the rule set adds to the service's `regerencedAreaTypeEnum` (name → factor). */
  readonly extraReferenceAreas: Readonly<Record<string, number>>;
}

export interface Br18Rules {
  readonly ruleSets: readonly RuleSet[];
  readonly rows: readonly Br18Row[];
  /** `calculationType.calculationTypeEnum` → rule set (assumed codes; docs/service-decisions.md). */
  readonly calculationTypes: readonly { readonly code: number; readonly ruleSet: RuleSetId }[];
  /** Where the table's values came from: '' for the built-in table, else the environment whose override applied. */
  readonly overriddenBy?: string;
}

const BUILDING_2023: readonly Phase[] = ['A1A3', 'B4', 'B6', 'C3', 'C4'];
const CONSTRUCTION_PROCESS: readonly Phase[] = ['A4', 'A5'];
const ALL_STEPS = [
  { step: '2025', from: '2025-07-01' },
  { step: '2027', from: '2027-01-01' },
  { step: '2029', from: '2029-01-01' },
] as const;
/** Conservatories, glazed balconies and the like (§297 stk. 5 nr. 2, 2025 text): 50 %. */
export const CONSERVATORIES_2025 = 'Conservatories and glazed balconies';

const b25 = (l2025: number, l2027: number, l2029: number): LimitRule => ({ limits: [l2025, l2027, l2029], modules: BUILDING_2023 });
const cp = (limit: number): LimitRule => ({ limits: [limit, limit, limit], modules: CONSTRUCTION_PROCESS });

/** The built-in table. Values sources disagree on are data: an environment's `br18` override replaces them. */
export const BR18_RULES: Br18Rules = {
  ruleSets: [
    { id: 'br18-2023', label: msg('BR18 2023'), steps: [], extraReferenceAreas: {} },
    { id: 'br18-2025', label: msg('BR18 2025'), steps: ALL_STEPS, extraReferenceAreas: { [CONSERVATORIES_2025]: 0.5 } },
    { id: 'lowEmission-2023', label: msg('Low-emission class 2023'), steps: [], extraReferenceAreas: {} },
    { id: 'lowEmission-2025', label: msg('Low-emission class 2025'), steps: [], extraReferenceAreas: { [CONSERVATORIES_2025]: 0.5 } },
    { id: 'reductionRoadmap', label: msg('Reduction roadmap'), steps: [], extraReferenceAreas: {} },
  ],
  rows: [
    // BR18 2023: 12.0 above 1,000 m² heated floor area, an LCA without a limit at or below.
    { ruleSet: 'br18-2023', heatedAbove: 1000, building: { limits: [12.0], modules: BUILDING_2023 }, source: 'br2023-limit' },
    { ruleSet: 'br18-2023', building: null, source: 'br2023-lca-only' },
    // BR18 2025, per category, with the 2027 and 2029 steps; the construction process 1.5 for every category.
    { ruleSet: 'br18-2025', categories: ['critical'], building: null, constructionProcess: cp(1.5), source: 'br2025-critical' },
    { ruleSet: 'br18-2025', categories: ['holidayHome'], heatedBelow: 150, building: b25(4.0, 3.6, 3.2), constructionProcess: cp(1.5), source: 'br2025-holiday-small' },
    { ruleSet: 'br18-2025', categories: ['holidayHome', 'house'], building: b25(6.7, 6.0, 5.4), constructionProcess: cp(1.5), source: 'br2025-houses' },
    { ruleSet: 'br18-2025', categories: ['multiStorey', 'office'], building: b25(7.5, 6.8, 6.1), constructionProcess: cp(1.5), source: 'br2025-multi-office' },
    { ruleSet: 'br18-2025', categories: ['retail', 'warehouse'], building: b25(8.0, 7.2, 6.4), constructionProcess: cp(1.5), source: 'br2025-retail-warehouse' },
    { ruleSet: 'br18-2025', categories: ['institution', 'other'], building: b25(8.0, 7.2, 6.4), constructionProcess: cp(1.5), source: 'br2025-institution-other' },
    // Voluntary low-emission class: 8.0 under the 2023 rules; from 2025 the 2029 values plus 1.1 for A4 + A5.
    { ruleSet: 'lowEmission-2023', building: { limits: [8.0], modules: BUILDING_2023 }, source: 'low2023' },
    { ruleSet: 'lowEmission-2025', categories: ['critical'], building: null, constructionProcess: { limits: [1.1], modules: CONSTRUCTION_PROCESS }, source: 'low2025' },
    { ruleSet: 'lowEmission-2025', categories: ['holidayHome'], heatedBelow: 150, building: { limits: [3.2], modules: BUILDING_2023 }, constructionProcess: { limits: [1.1], modules: CONSTRUCTION_PROCESS }, source: 'low2025' },
    { ruleSet: 'lowEmission-2025', categories: ['holidayHome', 'house'], building: { limits: [5.4], modules: BUILDING_2023 }, constructionProcess: { limits: [1.1], modules: CONSTRUCTION_PROCESS }, source: 'low2025' },
    { ruleSet: 'lowEmission-2025', categories: ['multiStorey', 'office'], building: { limits: [6.1], modules: BUILDING_2023 }, constructionProcess: { limits: [1.1], modules: CONSTRUCTION_PROCESS }, source: 'low2025' },
    { ruleSet: 'lowEmission-2025', building: { limits: [6.4], modules: BUILDING_2023 }, constructionProcess: { limits: [1.1], modules: CONSTRUCTION_PROCESS }, source: 'low2025' },
    // The reduction roadmap is a voluntary target the service offers; the table has no values for it.
    { ruleSet: 'reductionRoadmap', building: null, source: 'reduction-roadmap' },
  ],
  calculationTypes: [
    { code: 0, ruleSet: 'br18-2023' },
    { code: 1, ruleSet: 'br18-2025' },
    { code: 2, ruleSet: 'lowEmission-2023' },
    { code: 3, ruleSet: 'lowEmission-2025' },
    { code: 4, ruleSet: 'reductionRoadmap' },
  ],
};

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

export const CATEGORY_LABELS: Record<Br18Category, Msg> = {
  holidayHome: msg('Holiday homes (summer houses, camping cabins)'),
  house: msg('Detached, terraced, linked and semi-detached houses, tiny houses'),
  multiStorey: msg('Multi-storey housing'),
  office: msg('Offices'),
  institution: msg('Institutions (schools, day care …)'),
  retail: msg('Retail'),
  warehouse: msg('Warehouses and the like'),
  other: msg('Other buildings (production, hotels, parking …)'),
  critical: msg('Critical infrastructure (hospitals, prisons, waterworks …): LCA, no limit'),
};

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

// ---- an environment's `br18` override ----

export interface Br18Override {
  /** rule set → category → the building limit (one number: the first step; a list: per step). */
  limits?: Partial<Record<RuleSetId, Partial<Record<Br18Category, readonly number[]>>>>;
  /** rule set → the construction-process limit. */
  constructionProcess?: Partial<Record<RuleSetId, number>>;
  /** calculation type code → rule set. */
  calculationTypes?: Record<number, RuleSetId>;
}

export interface Br18OverrideProblem {
  path: string;
  message: Msg;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isLimit = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * The `br18` entry of an environment's settings: `{limits: {"br18-2025": {"retail": 7.5 | [7.5, 6.8, 6.1]}},
 * constructionProcess: {"br18-2025": 1.5}, calculationTypes: {"3": "lowEmission-2025"}}`. Bad entries are left out
 * and named in `problems`.
 */
export function parseBr18Override(raw: unknown, path = 'br18'): { override: Br18Override; problems: Br18OverrideProblem[] } {
  const problems: Br18OverrideProblem[] = [];
  const override: Br18Override = {};
  if (raw === undefined) return { override, problems };
  if (!isRecord(raw)) return { override, problems: [{ path, message: msg('must be an object') }] };
  const ruleSetOk = (k: string, at: string): k is RuleSetId => {
    if ((RULE_SET_IDS as readonly string[]).includes(k)) return true;
    problems.push({ path: at, message: msg('must be one of {0}', RULE_SET_IDS.join(', ')) });
    return false;
  };
  /** A section keyed by rule set (`limits`, `constructionProcess`): its entries of known rule sets; undefined when absent or not an object. */
  const byRuleSet = (value: unknown, at: string): [RuleSetId, unknown, string][] | undefined => {
    if (value === undefined) return undefined;
    if (!isRecord(value)) {
      problems.push({ path: at, message: msg('must be an object') });
      return undefined;
    }
    return Object.entries(value).flatMap(([rs, v]): [RuleSetId, unknown, string][] => (ruleSetOk(rs, `${at}.${rs}`) ? [[rs, v, `${at}.${rs}`]] : []));
  };
  const limitEntries = byRuleSet(raw.limits, `${path}.limits`);
  if (limitEntries) {
    const limits: NonNullable<Br18Override['limits']> = {};
    for (const [rs, cats, at] of limitEntries) {
      if (!isRecord(cats)) {
        problems.push({ path: at, message: msg('must be an object') });
        continue;
      }
      for (const [cat, v] of Object.entries(cats)) {
        if (!(BR18_CATEGORIES as readonly string[]).includes(cat)) {
          problems.push({ path: `${at}.${cat}`, message: msg('must be one of {0}', BR18_CATEGORIES.join(', ')) });
          continue;
        }
        const list = Array.isArray(v) ? v : [v];
        if (!list.length || !list.every(isLimit)) {
          problems.push({ path: `${at}.${cat}`, message: msg('must be a limit in kg CO2e/m²/yr (a number ≥ 0) or a list of them, one per step') });
          continue;
        }
        (limits[rs] ??= {})[cat as Br18Category] = list as number[];
      }
    }
    override.limits = limits;
  }
  const processEntries = byRuleSet(raw.constructionProcess, `${path}.constructionProcess`);
  if (processEntries) {
    const cpo: NonNullable<Br18Override['constructionProcess']> = {};
    for (const [rs, v, at] of processEntries) {
      if (!isLimit(v)) problems.push({ path: at, message: msg('must be a limit in kg CO2e/m²/yr (a number ≥ 0)') });
      else cpo[rs] = v;
    }
    override.constructionProcess = cpo;
  }
  if (raw.calculationTypes !== undefined) {
    if (!isRecord(raw.calculationTypes)) problems.push({ path: `${path}.calculationTypes`, message: msg('must be an object') });
    else {
      const ct: Record<number, RuleSetId> = {};
      for (const [code, v] of Object.entries(raw.calculationTypes)) {
        const at = `${path}.calculationTypes.${code}`;
        if (!/^\d+$/.test(code)) problems.push({ path: at, message: msg('must be a calculation type code (a whole number)') });
        else if (typeof v === 'string' && ruleSetOk(v, at)) ct[Number(code)] = v;
        else if (typeof v !== 'string') problems.push({ path: at, message: msg('must be one of {0}', RULE_SET_IDS.join(', ')) });
      }
      override.calculationTypes = ct;
    }
  }
  return { override, problems };
}

/** The table with an environment's override applied (rows of overridden categories are replaced, gates kept). */
export function applyBr18Override(base: Br18Rules, override: Br18Override, environment = ''): Br18Rules {
  const hasLimits = Object.keys(override.limits ?? {}).length > 0;
  const hasCp = Object.keys(override.constructionProcess ?? {}).length > 0;
  const hasCt = Object.keys(override.calculationTypes ?? {}).length > 0;
  if (!hasLimits && !hasCp && !hasCt) return base;
  const rows: Br18Row[] = [];
  for (const row of base.rows) {
    const cpLimit = override.constructionProcess?.[row.ruleSet];
    const constructionProcess = row.constructionProcess && cpLimit !== undefined ? { ...row.constructionProcess, limits: row.constructionProcess.limits.map(() => cpLimit) } : row.constructionProcess;
    const byCat = override.limits?.[row.ruleSet] ?? {};
    const cats = row.categories ?? BR18_CATEGORIES;
    // A category with an override gets a row of its own in front of the shared one.
    for (const cat of cats) {
      const given = byCat[cat];
      if (!given || !row.building) continue;
      const limits = row.building.limits.map((old, i) => given[i] ?? (i === 0 ? given[0] : old));
      rows.push({ ...row, categories: [cat], building: { ...row.building, limits }, constructionProcess, source: `${row.source} (override)` });
    }
    rows.push({ ...row, constructionProcess });
  }
  const calculationTypes = [
    ...Object.entries(override.calculationTypes ?? {}).map(([code, ruleSet]) => ({ code: Number(code), ruleSet })),
    ...base.calculationTypes.filter((c) => !(String(c.code) in (override.calculationTypes ?? {}))),
  ].sort((a, b) => a.code - b.code);
  return { ...base, rows, calculationTypes, overriddenBy: environment };
}
