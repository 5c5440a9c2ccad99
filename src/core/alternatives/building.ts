// The effect of one substitution on the building: from a project's dashboard answer (its materials breakdown: the
// amount of each material line in its declared unit and the lifetime it was counted with) and the project's fields,
// the building's result per phase and each BR18 verdict after replacing one material — everywhere, or in one
// construction of the breakdown — by another. The lines are recomputed with the one line formula (`lineFigures`,
// through the dashboards' `materialPhaseFigures`) and judged with `dashboardVerdict`, as the dashboard judges.
// Where the answer does not carry what an exact figure needs (the reference area, the wastage, whether a lifetime
// was the material's own, a figure the service computed otherwise), the result says it is an estimate and why; a
// line that cannot be changed is named, never counted as zero. Also how far the building is from passing and the
// largest single changes available. Pure: the dashboard, project, rules and code table are arguments.
import type { Dashboard, MaterialsBreakdownItem, BreakdownNode } from '../api/types';
import { INDICATOR_TYPE, PHASES, type Phase } from '../codes';
import type { CodeTable } from '../codeTable';
import { num } from '../guards';
import { sumOver, type Br18Rules, type Br18Verdict } from '../lca/br18Rules';
import type { ProjectFacts } from '../lca/projectFacts';
import { dashboardVerdict, type BuildingEffect, type PhaseFigures } from '../lca/verdictInput';
import { materialPhaseFigures } from '../lca/dashboard';
import { lineCodesOf } from '../lca/line';
import type { EpdData } from '../lca/types';
import { msg, type Msg } from '../l10n';
import { toDeclaredUnits } from '../units';

const positive = (v: unknown): number | undefined => {
  const n = num(v);
  return n !== undefined && n > 0 ? n : undefined;
};
const decimal = (v: unknown): number | undefined => (typeof v === 'string' && v.trim() !== '' ? num(Number(v)) : num(v));

/** Everything a building effect is computed from. */
export interface BuildingBasis {
  /** The dashboard shown (the Total, or a branch). */
  dashboard: Dashboard;
  /** The project read's facts (`projectFacts`): reference area, period, wastage and the verdict's fields. */
  facts: ProjectFacts;
  /** The stages the dashboard was asked for. */
  stages: readonly string[];
  /** The indicator the dashboard is of (undefined: GWP total). */
  indicator?: { name: string; gwpTotal: boolean };
  rules: Br18Rules;
  codes: CodeTable;
}

export interface Substitution {
  /** The material replaced, as the dashboard counted it: its name is the hot spot's and the breakdown's epdName. */
  current: EpdData;
  replacement: EpdData;
  /** Only the lines of this construction of the breakdown (its constructionName); undefined = everywhere. */
  construction?: string;
  /**
   * The replacement's result sets per result set of the current material, where the alternatives worked it out
   * (insulation at equal thermal resistance); undefined: the same amount, converted by unit (else by mass).
   */
  perSet?: number;
}

const leaves = (nodes: readonly BreakdownNode[] | undefined): BreakdownNode[] =>
  (nodes ?? []).flatMap((n) => (Array.isArray(n.children) && n.children.length ? leaves(n.children) : Array.isArray(n.materialsBreakdown) ? [n] : []));

function perPhaseOf(d: Dashboard): PhaseFigures {
  const out: PhaseFigures = {};
  for (const p of PHASES) {
    const v = decimal(d.emissionPerPhase?.[p]);
    if (v !== undefined) out[p] = v;
  }
  return out;
}

function verdictOf(basis: BuildingBasis, perPhase: PhaseFigures): Br18Verdict {
  return dashboardVerdict(basis.rules, basis.codes, basis.facts.verdictProject, basis.dashboard, basis.stages, basis.indicator, perPhase);
}

/** The figure a change is measured by: the building's judged modules, else every counted phase but D. */
function judgedChange(verdict: Br18Verdict, delta: PhaseFigures, stages: readonly string[]): number {
  return sumOver(verdict.kind === 'verdict' ? verdict.building.modules : stages.filter((s) => s !== 'D'), delta);
}

const round4 = (x: number): number => Number(x.toFixed(4));

type Line = { item: MaterialsBreakdownItem; leaf: string; sets: number; lifetime: number };
type LineCodes = ReturnType<typeof lineCodesOf>;

/** What every step of one change reads: the basis, the change, the stages counted and how a line is computed. */
interface Change {
  basis: BuildingBasis;
  sub: Substitution;
  stages: Phase[];
  lineCodes: LineCodes;
  /** The replaced material's declared unit (label) and value. */
  currentUnit: string;
  currentValue: number;
  ownLife(epd: EpdData): number;
  estimate: Msg[];
}

/** The breakdown's lines of the replaced material (in its declared unit); those in another unit are named, unchanged. */
function changedLines(c: Change): Line[] | { problem: Msg } {
  const { basis, sub, currentUnit, currentValue } = c;
  const current = sub.current;
  const lines: Line[] = [];
  const otherUnit = new Set<string>();
  for (const leaf of leaves(basis.dashboard.projectBreakdown)) {
    const leafName = leaf.constructionName ?? '';
    if (sub.construction !== undefined && leafName !== sub.construction) continue;
    for (const item of leaf.materialsBreakdown ?? []) {
      if (item.epdName !== current.name) continue;
      const amount = decimal(item.mappedMaterialAmount);
      if (item.mappedMaterialUnit !== undefined && item.mappedMaterialUnit !== currentUnit) {
        otherUnit.add(`${leafName}: ${item.mappedMaterialAmount ?? '?'} ${item.mappedMaterialUnit}`);
        continue;
      }
      if (amount === undefined) {
        otherUnit.add(`${leafName}: ${item.mappedMaterialAmount ?? '?'}`);
        continue;
      }
      lines.push({ item, leaf: leafName, sets: amount / currentValue, lifetime: positive(item.lifetime) ?? c.ownLife(current) });
    }
  }
  if (!lines.length) {
    return sub.construction === undefined
      ? { problem: msg('{0} is not among the materials of the dashboard\'s breakdown', current.name) }
      : { problem: msg('{0} is not among the materials of {1} in the dashboard\'s breakdown', current.name, sub.construction) };
  }
  if (otherUnit.size) {
    c.estimate.push(msg('{0} line(s) named {1} are not in its declared unit ({2}) and are left unchanged: {3}', otherUnit.size, current.name, currentUnit, [...otherUnit].slice(0, 3).join('; ')));
  }
  return lines;
}

/** kg over the period per phase of the changed lines, before and after, with what the breakdown reported for them. */
interface LineSums {
  before: Map<Phase, number>;
  after: Map<Phase, number>;
  /** kg of the counted phases (all but D) before the change, and the breakdown's kg CO2e/m²/yr of the same lines. */
  usedBeforeKg: number;
  reportedBefore: number;
}

/** The changed lines computed with the one line formula, before and after (the replacement in its declared unit). */
function sumLines(c: Change, lines: readonly Line[]): LineSums | { problem: Msg } {
  const { basis, sub, stages, lineCodes, currentValue } = c;
  const { current, replacement } = sub;
  const codes = basis.codes;
  const facts = basis.facts;
  const out: LineSums = { before: new Map(), after: new Map(), usedBeforeKg: 0, reportedBefore: 0 };
  const add = (m: Map<Phase, number>, phases: Record<Phase, number>): void => {
    for (const p of stages) m.set(p, (m.get(p) ?? 0) + phases[p]);
  };
  let byMass = false;
  let lifetimeAssumed = false;
  for (const line of lines) {
    const old = materialPhaseFigures(current, line.sets, line.lifetime, facts, lineCodes);
    add(out.before, old.phases);
    out.usedBeforeKg += stages.filter((p) => p !== 'D').reduce((t, p) => t + old.phases[p], 0);
    out.reportedBefore += decimal(line.item.co2PerYearPerSquareMeter) ?? 0;
    // The amount in the replacement's declared unit: by the unit itself, else the same mass.
    const amount = { unit: current.declaredUnit.declaredUnit, amount: line.sets * currentValue };
    let sets: number;
    const direct = sub.perSet === undefined ? toDeclaredUnits(amount, replacement.declaredUnit, codes) : undefined;
    if (sub.perSet !== undefined) sets = line.sets * sub.perSet;
    else if (direct?.ok) sets = direct.declaredUnits;
    else {
      const kg = codes.units.find((u) => u.dimension === 'mass' && u.factor === 1);
      const mass = line.item.calculatedUnit === 'KG' ? decimal(line.item.calculatedAmount) : undefined;
      const viaMass = kg && mass !== undefined ? toDeclaredUnits({ unit: kg.code, amount: mass }, replacement.declaredUnit, codes) : undefined;
      if (!viaMass?.ok) return { problem: msg('{0} cannot take the place of {1}: {2}', replacement.name, current.name, direct && !direct.ok ? direct.reason : '') };
      sets = viaMass.declaredUnits;
      byMass = true;
    }
    // A lifetime other than the material's own was set on the element or construction: it stays. The material's own
    // gives way to the replacement's (the dashboard does not say which it was when the two agree).
    // A replacement that states no lifespan of its own keeps the line's (the same job lasts as long).
    const fromMaterial = line.lifetime === c.ownLife(current) && positive(replacement.expectedLifespan) !== undefined;
    const lifetime = fromMaterial ? c.ownLife(replacement) : line.lifetime;
    if (fromMaterial && c.ownLife(replacement) !== line.lifetime) lifetimeAssumed = true;
    add(out.after, materialPhaseFigures(replacement, sets, lifetime, facts, lineCodes).phases);
  }
  if (byMass) c.estimate.push(msg('{0} is not in the unit of {1}: the same mass is counted (the quantities would be rewritten)', replacement.name, current.name));
  if (lifetimeAssumed) {
    c.estimate.push(msg('the dashboard does not say whether the lifetime of {0} was its own or set on the element: taken as its own, so {1} counts with its own lifespan', current.name, replacement.name));
  }
  return out;
}

/** kg → kg/m²/yr: the reference area and period of the project read, else what the breakdown's own figures imply. */
function areaTimesPeriodOf(c: Change, sums: LineSums, lines: number): number | { problem: Msg } {
  const { facts } = c.basis;
  const name = c.sub.current.name;
  const { usedBeforeKg, reportedBefore } = sums;
  if (facts.referenceArea !== undefined) {
    const areaTimesPeriod = facts.referenceArea * facts.period;
    const recomputed = usedBeforeKg / areaTimesPeriod;
    if (Math.abs(recomputed - reportedBefore) > Math.max(5e-4 * lines, 0.005 * Math.abs(reportedBefore))) {
      c.estimate.push(msg('the dashboard counts {0} as {1} kg CO₂e/m²/yr, its EPD gives {2}: the service computed it otherwise; the change is computed from the EPD', name, round4(reportedBefore), round4(recomputed)));
    }
    return areaTimesPeriod;
  }
  if (reportedBefore > 0 && usedBeforeKg > 0) {
    const areaTimesPeriod = usedBeforeKg / reportedBefore;
    c.estimate.push(msg('the project read gives no reference area: it is taken from the breakdown\'s rounded figures ({0} m²)', round4(areaTimesPeriod / facts.period)));
    return areaTimesPeriod;
  }
  return { problem: msg('the project read gives no reference area, and the breakdown gives no figure for {0} to take it from', name) };
}

/**
 * The building's figures and verdicts after `sub`, beside the current ones, or why none can be given (the material
 * is not in the breakdown, the figures are not GWP, nothing to relate kg to m² and year).
 */
export function buildingEffect(basis: BuildingBasis, sub: Substitution): BuildingEffect | { problem: Msg } {
  const { current, replacement } = sub;
  const codes = basis.codes;
  if (basis.indicator && !basis.indicator.gwpTotal) {
    return { problem: msg('the dashboard shows {0}; the effect on the building is computed for GWP total only', basis.indicator.name) };
  }
  const stages = PHASES.filter((p) => basis.stages.includes(p));
  const { facts } = basis;
  const change: Change = {
    basis,
    sub,
    stages,
    // The codes a line reads (GWP total), worked out once for every line before and after.
    lineCodes: lineCodesOf(codes, INDICATOR_TYPE.GWP_TOTAL),
    currentUnit: codes.unitByCode(current.declaredUnit.declaredUnit)?.label ?? String(current.declaredUnit.declaredUnit),
    currentValue: positive(current.declaredUnit.declaredValue) ?? 1,
    ownLife: (epd) => positive(epd.expectedLifespan) ?? facts.period,
    estimate: [],
  };
  const estimate = change.estimate;
  if (facts.assumed.period) estimate.push(msg('the project read gives no reference study period: {0} years assumed', facts.period));
  if (facts.assumed.wastage && stages.includes('A5')) estimate.push(msg('the project read gives no wastage percentage: A5 of the changed lines counted without wastage'));
  const lines = changedLines(change);
  if ('problem' in lines) return lines;
  const sums = sumLines(change, lines);
  if ('problem' in sums) return sums;
  const areaTimesPeriod = areaTimesPeriodOf(change, sums, lines.length);
  if (typeof areaTimesPeriod !== 'number') return areaTimesPeriod;

  const delta: PhaseFigures = {};
  for (const p of stages) delta[p] = ((sums.after.get(p) ?? 0) - (sums.before.get(p) ?? 0)) / areaTimesPeriod;
  const beforePhases = perPhaseOf(basis.dashboard);
  const afterPhases: PhaseFigures = { ...beforePhases };
  for (const p of stages) {
    if (beforePhases[p] === undefined) {
      if (delta[p] !== 0) estimate.push(msg('the dashboard gives no figure for {0}: only the change is known', p === 'A1A3' ? 'A1-A3' : p));
      continue;
    }
    afterPhases[p] = beforePhases[p]! + delta[p]!;
  }
  const beforeVerdict = verdictOf(basis, beforePhases);
  const afterVerdict = verdictOf(basis, afterPhases);
  return {
    material: current.name,
    replacement: { id: replacement.id, name: replacement.name },
    ...(sub.construction !== undefined ? { construction: sub.construction } : {}),
    lines: lines.length,
    delta,
    change: judgedChange(beforeVerdict, delta, stages),
    before: { perPhase: beforePhases, verdict: beforeVerdict },
    after: { perPhase: afterPhases, verdict: afterVerdict },
    estimate,
  };
}

export const isBuildingProblem = (r: BuildingEffect | { problem: Msg }): r is { problem: Msg } => 'problem' in r;

/** One hot spot's material and what could replace it. */
export interface HotSpotOptions {
  current: EpdData;
  candidates: readonly EpdData[];
}

/** The best single change of one material, with its effect on the building. */
export interface SingleChange {
  material: string;
  replacement: { id: string; name: string };
  /** The change of the building's judged figure, kg CO2e/m²/yr (negative = lower). */
  change: number;
  effect: BuildingEffect;
}

/**
 * The largest single changes available: per material (hot spot) its best candidate — the one lowering the building's
 * judged figure most — then the `limit` largest of those, largest reduction first. Candidates that cannot take the
 * material's place are skipped (their reason is the alternatives' to give), and a change that raises the figure is none.
 */
export function largestChanges(basis: BuildingBasis, options: readonly HotSpotOptions[], limit = 3): SingleChange[] {
  const best: SingleChange[] = [];
  for (const o of options) {
    let top: SingleChange | undefined;
    for (const candidate of o.candidates) {
      if (candidate === o.current || (candidate.id && candidate.id === o.current.id)) continue;
      const effect = buildingEffect(basis, { current: o.current, replacement: candidate });
      if (isBuildingProblem(effect) || !(effect.change < 0)) continue;
      if (!top || effect.change < top.change) top = { material: o.current.name, replacement: effect.replacement, change: effect.change, effect };
    }
    if (top) best.push(top);
  }
  return best.sort((a, b) => a.change - b.change || a.material.localeCompare(b.material)).slice(0, limit);
}
