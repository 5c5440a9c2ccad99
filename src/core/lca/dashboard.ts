// BR18 dashboards of a project: per branch plus "Total", the summary and the construction inspection, computed
// from the project's elements, their mapped materials/constructions and its energy data. Pure: no I/O.
import { format, msg, type Msg } from '../l10n';
import { BR18_DEFAULT_PHASES, INDICATOR_TYPE, PHASES, type Phase } from '../codes';
import type { CodeTable } from '../codeTable';
import { toDeclaredUnits } from '../units';
import { exportedElectricityD, limitTotal, operationalEnergyB6 } from './br18';
import { lineCodesOf, lineFigures, passedOverLife, perSetOf, serviceLife, type LineCodes, type PerSet, type ServiceLives } from './line';
import { allowanceOf, BR18_RULES, constructionProcessRule, type Br18Rules } from './br18Rules';
import type { ProjectFacts } from './projectFacts';
import { dashboardVerdict } from './verdictInput';
import { formatDecimal } from './decimalFormat';
import { byCodeOrName, DashboardAcc, PHASE_INDEX, sortedDesc, toNode, usedOf, type BreakdownNode, type ElementResult, type MaterialLine, type NotComputedElement } from './dashboardBreakdown';
import type { ElementData, EnergyCarrier, EnergyData, EpdData } from './types';

export const TOTAL = 'Total';
export const NOT_MAPPED = 'Not mapped';
export const SUMMARY_UNIT = 'kg CO2e/m²/yr';
export { NODE_TYPE, type BreakdownNode, type MaterialsBreakdownItem, type NotComputedElement } from './dashboardBreakdown';

/** A project as the dashboards compute it: its facts (read once, `projectFacts`), phases, energy and elements. */
export interface ProjectCalcInput {
  id: string;
  name: string;
  facts: ProjectFacts;
  /** Phase codes the project includes; empty = the BR18 default set. */
  includedPhases: readonly string[];
  energy: EnergyData;
  heatCarrier: EnergyCarrier;
  branches: readonly { id: string; name: string }[];
  models: readonly { id: string; name: string; branchId: string }[];
  elements: readonly ElementData[];
}

/**
 * The limit of the dashboards' emission budget (`Remaining`) where the project states none: the 2023 rules' 12.0. The
 * summary and every verdict judge such a project against the rule table's value for its category instead.
 */
const UNSTATED_BUDGET_LIMIT = 12;

export interface DashboardOptions {
  /** Indicator type the figures are of; BR18 uses GWP total (12). */
  indicatorType?: number;
  /** Phase codes to report; empty or absent = the project's included phases (else the BR18 set). */
  stages?: readonly string[];
  /** Only elements mapped to this construction (the inspect call). */
  constructionId?: string;
  /** The code table of the environment: units and EPD types are read with it (the local service passes its own). */
  codes: CodeTable;
  /** The BR18 rule table budgets are computed and the summary judged by (docs/br18-rules.md); default: the built-in one. */
  rules?: Br18Rules;
}

export interface Dashboard {
  emissionBudget: { Used: string; Remaining: string };
  emissionPerModel: Record<string, string>;
  epdTypes: { Generic: number; Industry: number; Product: number };
  mappingStatus: { Mapped: number; 'Not mapped': number };
  hotSpot: Record<string, string>;
  emissionPerPhase: Record<string, string>;
  emissionPerConstruction: Record<string, string>;
  projectBreakdown: BreakdownNode[];
  /** Extra field, present only when some mapped element could not be computed (it counts as "Not mapped"). */
  notComputed?: NotComputedElement[];
}

export interface DashboardResponse {
  dashboardsPerBranchPlusTotal: Record<string, Dashboard>;
}

export interface DashboardSummary {
  projectId: string;
  projectName: string;
  unit: string;
  referenceArea: string;
  considerationPeriod: number;
  /** The limit, allowances, remaining and pass/fail are the verdict's: absent where there is none. */
  limit?: string;
  extraAllowance?: string;
  limitTotal?: string;
  used: string;
  remaining?: string;
  moduleD: string;
  passes?: boolean;
  /** Extra field (docs/service-decisions.md): the verdict's rule set, or why there is no verdict. */
  verdict: { kind: 'verdict'; ruleSet: string } | { kind: 'none'; reason: string };
  /**
   * Extra field (docs/service-decisions.md): the construction process A4 + A5 against its own limit, where the rules
   * judge it apart (BR18 2025); the building's `used` then leaves A4 and A5 out.
   */
  constructionProcess?: { used: string; limit: string; remaining: string; passes: boolean };
  perPhase: Record<string, string>;
  elements: number;
  mappedElements: number;
}

/** Phases reported: the request's stages, else the project's included phases, else BR18's; always in PHASES order. */
export function activePhases(project: Pick<ProjectCalcInput, 'includedPhases'>, stages?: readonly string[]): Phase[] {
  const pick = stages && stages.length ? stages : project.includedPhases.length ? project.includedPhases : BR18_DEFAULT_PHASES;
  return PHASES.filter((p) => pick.includes(p));
}

const HOTSPOT_COUNT = 10;
/** What a material line reads of its project (its facts have it): the period and the wastage. */
type LineProject = Pick<ProjectFacts, 'period' | 'wastagePercentage'>;

function materialLine(
  epd: EpdData,
  sets: number,
  lives: ServiceLives,
  project: LineProject,
  lineCodes: LineCodes,
  cache: Map<string, PerSet>,
): MaterialLine {
  let perSet = cache.get(epd.id);
  if (!perSet) cache.set(epd.id, (perSet = perSetOf(epd.lciaResults, lineCodes)));
  const { period } = project;
  const life = serviceLife(lives).years;
  const passedOver = passedOverLife(lives);
  const m = lineFigures(perSet, sets, life, project).modules;
  const phases = new Float64Array(PHASES.length);
  phases[PHASE_INDEX.A1A3] = m.A1A3;
  phases[PHASE_INDEX.A4] = m.A4;
  phases[PHASE_INDEX.A5] = m.A5;
  phases[PHASE_INDEX.B4] = m.B4;
  phases[PHASE_INDEX.C3] = m.C3;
  phases[PHASE_INDEX.C4] = m.C4;
  phases[PHASE_INDEX.D] = m.D;
  // The breakdown reports a line without a service life as lasting the period.
  return { epd, sets, lifetime: life ?? period, ...(passedOver !== undefined ? { passedOver } : {}), phases };
}

/**
 * kg CO2e over the period per phase of `sets` EPD result sets of `epd` with the service life `lifetime` (the
 * material's own when absent), as one material line of the dashboards counts them: what an estimate of a change to
 * the building recomputes. `lineCodes`: `lineCodesOf` the environment's table, worked out once by the caller.
 */
export function materialPhaseFigures(
  epd: EpdData,
  sets: number,
  lifetime: number | null | undefined,
  project: LineProject,
  lineCodes: LineCodes,
): { lifetime: number; phases: Record<Phase, number> } {
  const line = materialLine(epd, sets, { element: lifetime, material: epd.expectedLifespan }, project, lineCodes, new Map());
  return { lifetime: line.lifetime, phases: Object.fromEntries(PHASES.map((p, i) => [p, line.phases[i]])) as Record<Phase, number> };
}

/** The material lines of one element, or why it cannot be calculated (then it counts as not mapped). */
function elementResult(
  element: ElementData,
  project: LineProject,
  lineCodes: LineCodes,
  cache: Map<string, PerSet>,
  codes: CodeTable,
): ElementResult {
  const m = element.mapping;
  const unmapped: ElementResult = { element, mapped: false, leafName: NOT_MAPPED, constructionKey: NOT_MAPPED, lines: [] };
  // The service's answer is in English (wire data): the reason is written out here.
  const notComputed = (what: Msg, reason: Msg): ElementResult => ({ ...unmapped, reason: format(msg('{0}: {1}', what, reason)) });
  if (m.kind === 'material') {
    const conv = toDeclaredUnits({ unit: element.unit, amount: element.quantity }, m.epd.declaredUnit, codes);
    if (!conv.ok) return notComputed(msg('material "{0}"', m.epd.name), conv.reason);
    const line = materialLine(m.epd, conv.declaredUnits, { element: element.lifetime, material: m.epd.expectedLifespan }, project, lineCodes, cache);
    return { element, mapped: true, leafName: m.epd.name, constructionKey: m.epd.name, lines: [line] };
  }
  if (m.kind === 'construction') {
    const c = m.construction;
    const k = toDeclaredUnits({ unit: element.unit, amount: element.quantity }, c.declaredUnit, codes);
    if (!k.ok) return notComputed(msg('construction "{0}"', c.name), k.reason);
    const lines: MaterialLine[] = [];
    for (const [index, comp] of c.components.entries()) {
      const f = toDeclaredUnits(comp.quantity, comp.epd.declaredUnit, codes);
      if (!f.ok) return notComputed(msg('construction "{0}", component {1} ("{2}")', c.name, index, comp.epd.name), f.reason);
      const lives = { component: comp.expectedLifespan, element: element.lifetime, construction: c.expectedLifespan, material: comp.epd.expectedLifespan };
      lines.push(materialLine(comp.epd, k.declaredUnits * f.declaredUnits, lives, project, lineCodes, cache));
    }
    return { element, mapped: true, leafName: c.name, constructionKey: c.name, constructionId: c.id, lines };
  }
  return unmapped;
}

interface Computed {
  accs: DashboardAcc[];
  total: DashboardAcc;
  active: Phase[];
  /** The active phases counted in the building's budget: never D, nor A4 + A5 where they have their own limit. */
  budget: Phase[];
  /** The construction-process limit and modules, where the rules judge A4 + A5 apart. */
  constructionProcess?: { limit: number; modules: readonly Phase[] };
  area: number;
  limit: number;
  elements: number;
  codes: CodeTable;
}

/** Whether an element id occurs more than once among the project's elements. */
function hasRepeatedIds(elements: readonly ElementData[]): boolean {
  const seen = new Set<string>();
  for (const e of elements) {
    if (seen.has(e.id)) return true;
    seen.add(e.id);
  }
  return false;
}

/** `totalsOnly`: the Total's phases and counts only, no branches or breakdown (the summary). */
function compute(project: ProjectCalcInput, opts: DashboardOptions, totalsOnly = false): Computed {
  const indicatorType = opts.indicatorType ?? INDICATOR_TYPE.GWP_TOTAL;
  const codes = opts.codes;
  const active = activePhases(project, opts.stages);
  const rules = opts.rules ?? BR18_RULES;
  const facts = project.facts;
  const constructionProcess = constructionProcessRule(rules, facts.verdictProject.calculationTypeEnum);
  const budget = active.filter((p) => p !== 'D' && !(constructionProcess?.modules ?? []).includes(p));
  const branchName = new Map(project.branches.map((b) => [b.id, b.name]));
  const models = new Map(project.models.map((m) => [m.id, { name: m.name, branch: branchName.get(m.branchId) ?? 'Unassigned' }]));
  const repeatedIds = !totalsOnly && hasRepeatedIds(project.elements);
  const accs = new Map<string, DashboardAcc>(totalsOnly ? [] : project.branches.map((b) => [b.name, new DashboardAcc(b.name, repeatedIds)]));
  const total = new DashboardAcc(TOTAL, repeatedIds, totalsOnly);
  const cache = new Map<string, PerSet>();
  const lineCodes = lineCodesOf(codes, indicatorType);
  let elements = 0;
  for (const e of project.elements) {
    if (opts.constructionId !== undefined && (e.mapping.kind !== 'construction' || e.mapping.construction.id !== opts.constructionId)) {
      continue;
    }
    elements++;
    const model = models.get(e.modelId) ?? { name: 'Unknown model', branch: 'Unassigned' };
    const r = elementResult(e, facts, lineCodes, cache, codes);
    if (!totalsOnly) {
      let acc = accs.get(model.branch);
      if (!acc) accs.set(model.branch, (acc = new DashboardAcc(model.branch, repeatedIds)));
      acc.add(r, model.name, model.branch, active);
    }
    total.add(r, model.name, model.branch, active);
  }
  // Operational energy and exported electricity belong to the building, not to a branch: Total only.
  if (opts.constructionId === undefined && indicatorType === INDICATOR_TYPE.GWP_TOTAL) {
    // B6 from the first year of operation the project gives, else this year.
    const y0 = facts.firstYear ?? new Date().getUTCFullYear();
    total.phases[PHASE_INDEX.B6] += operationalEnergyB6(project.energy, project.heatCarrier, y0, facts.period);
    total.phases[PHASE_INDEX.D] += exportedElectricityD(project.energy, y0, facts.period);
  }
  return {
    accs: [...accs.values()],
    total,
    active,
    budget,
    ...(constructionProcess ? { constructionProcess } : {}),
    area: facts.referenceArea ?? 0,
    limit: limitTotal(facts.verdictProject.limit ?? UNSTATED_BUDGET_LIMIT, facts.verdictProject.extraAllowances ?? []),
    elements,
    codes,
  };
}

function toDashboard(acc: DashboardAcc, c: Computed, period: number): Dashboard {
  const toFigure = (kg: number): string => formatDecimal(c.area > 0 ? kg / (c.area * period) : 0);
  const used = usedOf(acc.phases, c.budget);
  const epdTypes = { Generic: 0, Industry: 0, Product: 0 };
  for (const type of acc.epds.values()) {
    // The documented counts are Generic, Industry and Product; a type of another label counts as Generic.
    const label = c.codes.epdTypeByCode(type)?.label;
    epdTypes[label === 'Industry' || label === 'Product' ? label : 'Generic']++;
  }
  const usedPerM2 = c.area > 0 ? used / (c.area * period) : 0;
  return {
    emissionBudget: { Used: formatDecimal(usedPerM2), Remaining: formatDecimal(c.limit - usedPerM2) },
    emissionPerModel: sortedDesc(acc.perModel, toFigure),
    epdTypes,
    mappingStatus: { Mapped: acc.mapped, [NOT_MAPPED]: acc.unmapped } as Dashboard['mappingStatus'],
    hotSpot: sortedDesc(acc.hot, toFigure, HOTSPOT_COUNT),
    emissionPerPhase: Object.fromEntries(c.active.map((p) => [p, toFigure(acc.phases[PHASE_INDEX[p]])])),
    emissionPerConstruction: sortedDesc(acc.perConstruction, toFigure),
    projectBreakdown: [...acc.tree.values()].sort(byCodeOrName).map((n) => toNode(n, toFigure, c.codes, c.active)),
    ...(acc.notComputed.length ? { notComputed: acc.notComputed } : {}),
  };
}

/** `dashboardsPerBranchPlusTotal`: one dashboard per branch of the project, then "Total". */
export function calculateDashboards(project: ProjectCalcInput, opts: DashboardOptions): DashboardResponse {
  const c = compute(project, opts);
  // Branch names are users' strings: defined as own properties (an assignment to `out['__proto__']` would be lost).
  const entries: [string, Dashboard][] = c.accs.map((acc) => [acc.name, toDashboard(acc, c, project.facts.period)]);
  entries.push([TOTAL, toDashboard(c.total, c, project.facts.period)]);
  return { dashboardsPerBranchPlusTotal: Object.fromEntries(entries) };
}

/**
 * The project's summary, judged by the one verdict function (`dashboardVerdict`) on the Total's per-phase figures as
 * the dashboard reports them: the limit, remaining and pass/fail are the verdict's, and absent — with the reason in
 * `verdict` — where there is none (LCA only, not a BR18 result, no result yet).
 */
export function calculateSummary(project: ProjectCalcInput, opts: DashboardOptions): DashboardSummary {
  const c = compute(project, opts, true);
  const { period, verdictProject } = project.facts;
  const perM2 = (kg: number): number => (c.area > 0 ? kg / (c.area * period) : 0);
  const perPhase = Object.fromEntries(c.active.map((p) => [p, formatDecimal(perM2(c.total.phases[PHASE_INDEX[p]]))]));
  const indicatorType = opts.indicatorType ?? INDICATOR_TYPE.GWP_TOTAL;
  const indicator =
    indicatorType === INDICATOR_TYPE.GWP_TOTAL ? undefined : { name: c.codes.indicatorByType(indicatorType)?.name ?? String(indicatorType), gwpTotal: false };
  const mapping = { emissionPerPhase: perPhase, mappingStatus: { Mapped: c.total.mapped, 'Not mapped': c.total.unmapped } };
  const v = dashboardVerdict(opts.rules ?? BR18_RULES, c.codes, verdictProject, mapping, c.active, indicator);
  const extra = allowanceOf(verdictProject);
  const judged =
    v.kind === 'verdict'
      ? {
          limit: formatDecimal(Number((v.building.limit - extra).toPrecision(12))),
          extraAllowance: formatDecimal(extra),
          limitTotal: formatDecimal(v.building.limit),
          used: formatDecimal(v.building.exact),
          remaining: formatDecimal(v.building.margin),
          passes: v.building.passes,
          ...(v.constructionProcess
            ? {
                constructionProcess: {
                  used: formatDecimal(v.constructionProcess.exact),
                  limit: formatDecimal(v.constructionProcess.limit),
                  remaining: formatDecimal(v.constructionProcess.margin),
                  passes: v.constructionProcess.passes,
                },
              }
            : {}),
          verdict: { kind: 'verdict' as const, ruleSet: format(v.ruleSet.label) },
        }
      : { used: formatDecimal(perM2(usedOf(c.total.phases, c.budget))), verdict: { kind: 'none' as const, reason: format(v.reason) } };
  return {
    projectId: project.id,
    projectName: project.name,
    unit: SUMMARY_UNIT,
    referenceArea: formatDecimal(c.area),
    considerationPeriod: period,
    ...judged,
    moduleD: formatDecimal(c.active.includes('D') ? perM2(c.total.phases[PHASE_INDEX.D]) : 0),
    perPhase,
    elements: c.elements,
    mappedElements: c.total.mapped,
  };
}
