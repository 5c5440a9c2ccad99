// Whole build-ups, as a consultant's variant is made: for a hot spot, each construction of the breakdown it is in,
// set against the constructions of the same building part the workspace knows (its construction files, the Library's)
// — an external wall of brick and mineral wool against a timber-frame wall — with the building's result and verdicts
// if the variant were built instead, in the same amount (its declared unit as the breakdown's lines count it). Every
// line is computed with the one line formula (`materialPhaseFigures`) and judged with `dashboardVerdict`. Pure.
import type { BreakdownNode, MaterialsBreakdownItem } from '../api/types';
import { INDICATOR_TYPE, PHASES, type Phase } from '../codes';
import { num } from '../guards';
import { MATERIAL_FAMILIES, type PartId } from '../families';
import { partLabel, partOfConstruction } from '../jobs';
import { sumOver } from '../lca/br18Rules';
import { materialPhaseFigures } from '../lca/dashboard';
import { lineCodesOf, serviceLife } from '../lca/line';
import type { EpdData } from '../lca/types';
import { dashboardVerdict, type BuildingEffect, type PhaseFigures } from '../lca/verdictInput';
import { msg, type Msg } from '../l10n';
import { toDeclaredUnits } from '../units';
import type { BuildingBasis } from './building';
import { componentsOf, type MaterialLookup } from '../lca/construction';
import { leavesWithLevels, partOfLeaf } from './parts';

/** A construction the workspace knows (a file, the Library's), with the building part it tells. */
export interface KnownConstruction {
  name: string;
  /** Where it is: its file, or "Library". */
  source: string;
  /** Its service id, when it has one. */
  id?: string;
  value: unknown;
  part: PartId;
}

/** The constructions a workspace knows whose building part is known, from their parsed values. */
export function knownConstructions(list: readonly { value: unknown; source: string; id?: string }[]): KnownConstruction[] {
  const out: KnownConstruction[] = [];
  for (const c of list) {
    const part = partOfConstruction(c.value, MATERIAL_FAMILIES)?.id;
    const name = (c.value as { name?: unknown } | undefined)?.name;
    if (part && typeof name === 'string' && name) out.push({ name, source: c.source, ...(c.id ? { id: c.id } : {}), value: c.value, part });
  }
  return out;
}

/** One variant with the building after it (or why it cannot be had). */
export interface BuildUpOption {
  name: string;
  source: string;
  effect: BuildingEffect | { problem: Msg };
}

/** A construction of the breakdown the hot spot is in, and the variants of its part. */
export interface BuildUps {
  construction: string;
  part: PartId;
  partName: Msg | string;
  options: BuildUpOption[];
}

const decimal = (v: unknown): number | undefined => (typeof v === 'string' && v.trim() !== '' ? num(Number(v)) : num(v));
const positive = (v: unknown): number | undefined => {
  const n = decimal(v);
  return n !== undefined && n > 0 ? n : undefined;
};

/** kg over the period per phase, summed into `into`. */
function addPhases(into: Map<Phase, number>, phases: Record<Phase, number>): void {
  for (const p of PHASES) into.set(p, (into.get(p) ?? 0) + phases[p]);
}

/** The breakdown lines of one construction, per phase (kg over the period), with the EPDs the dashboard named. */
function linesBefore(basis: BuildingBasis, items: readonly MaterialsBreakdownItem[], byName: ReadonlyMap<string, EpdData>): Map<Phase, number> | { problem: Msg } {
  const codes = lineCodesOf(basis.codes, INDICATOR_TYPE.GWP_TOTAL);
  const out = new Map<Phase, number>();
  for (const item of items) {
    const epd = typeof item.epdName === 'string' ? byName.get(item.epdName) : undefined;
    if (!epd) return { problem: msg('the EPD of {0} is not known', item.epdName ?? '?') };
    const amount = decimal(item.mappedMaterialAmount) ?? 0;
    const sets = amount / (positive(epd.declaredUnit.declaredValue) ?? 1);
    addPhases(out, materialPhaseFigures(epd, sets, positive(item.lifetime), basis.facts, codes).phases);
  }
  return out;
}

/** The variant's lines for `amount` of the construction's declared unit, per phase. */
function linesAfter(basis: BuildingBasis, variant: KnownConstruction, amount: { unit: number; amount: number }, lookup: MaterialLookup): Map<Phase, number> | { problem: Msg } {
  const v = (variant.value ?? {}) as { declaredUnit?: { declaredUnit?: unknown; declaredValue?: unknown }; expectedLifespan?: unknown };
  const per = positive(v.declaredUnit?.declaredValue) ?? 1;
  if (num(v.declaredUnit?.declaredUnit) !== amount.unit) return { problem: msg('{0} is declared in another unit than the lines of the building', variant.name) };
  const codes = lineCodesOf(basis.codes, INDICATOR_TYPE.GWP_TOTAL);
  const out = new Map<Phase, number>();
  for (const [i, c] of componentsOf(variant.value).entries()) {
    if ('message' in c.quantity) return { problem: msg('component {0} of {1}: {2}', i, variant.name, c.quantity) };
    const epd = lookup(c.epdId);
    if (!epd) return { problem: msg('component {0} of {1}: no material with the id {2} is known', i, variant.name, c.epdId) };
    const conv = toDeclaredUnits({ ...c.quantity, amount: (c.quantity.amount * amount.amount) / per }, epd.declaredUnit, basis.codes);
    if (!conv.ok) return { problem: msg('component {0} of {1}: {2}', i, variant.name, conv.reason) };
    const life = serviceLife({ component: c.lifespan, construction: positive(v.expectedLifespan) }).years;
    addPhases(out, materialPhaseFigures(epd, conv.declaredUnits, life, basis.facts, codes).phases);
  }
  return out;
}

/** The building after building `variant` instead of the breakdown's construction `leaf`. */
function effectOf(basis: BuildingBasis, leaf: BreakdownNode, variant: KnownConstruction, byName: ReadonlyMap<string, EpdData>, lookup: MaterialLookup): BuildingEffect | { problem: Msg } {
  const items = leaf.materialsBreakdown ?? [];
  const first = items[0];
  const unit = basis.codes.units.find((u) => u.label === first?.unit);
  const quantity = decimal(first?.quantity);
  if (!unit || quantity === undefined) return { problem: msg('the breakdown gives no quantity of {0}', leaf.constructionName ?? '?') };
  if (basis.facts.referenceArea === undefined) return { problem: msg('the project read gives no reference area') };
  const before = linesBefore(basis, items, byName);
  if ('problem' in before) return before;
  const after = linesAfter(basis, variant, { unit: unit.code, amount: quantity }, lookup);
  if ('problem' in after) return after;
  const stages = PHASES.filter((p) => basis.stages.includes(p));
  const areaTimesPeriod = basis.facts.referenceArea * basis.facts.period;
  const delta: PhaseFigures = {};
  for (const p of stages) delta[p] = ((after.get(p) ?? 0) - (before.get(p) ?? 0)) / areaTimesPeriod;
  const perPhase = (d: PhaseFigures): PhaseFigures => Object.fromEntries(PHASES.flatMap((p) => (typeof d[p] === 'number' ? [[p, d[p]]] : []))) as PhaseFigures;
  const beforePhases: PhaseFigures = perPhase(Object.fromEntries(PHASES.map((p) => [p, decimal(basis.dashboard.emissionPerPhase?.[p])])) as PhaseFigures);
  const afterPhases: PhaseFigures = { ...beforePhases };
  for (const p of stages) if (beforePhases[p] !== undefined) afterPhases[p] = beforePhases[p]! + delta[p]!;
  const verdict = (phases: PhaseFigures) => dashboardVerdict(basis.rules, basis.codes, basis.facts.verdictProject, basis.dashboard, basis.stages, basis.indicator, phases);
  const beforeVerdict = verdict(beforePhases);
  const judged = beforeVerdict.kind === 'verdict' ? beforeVerdict.building.modules : stages.filter((s) => s !== 'D');
  return {
    material: leaf.constructionName ?? '',
    replacement: { id: variant.id ?? '', name: variant.name },
    construction: leaf.constructionName ?? '',
    lines: items.length,
    delta,
    change: sumOver(judged, delta),
    before: { perPhase: beforePhases, verdict: beforeVerdict },
    after: { perPhase: afterPhases, verdict: verdict(afterPhases) },
    estimate: [],
  };
}

/**
 * For hot spot `material`: each construction of the breakdown it is in (optionally only `construction`), with the
 * constructions of the same part the workspace knows as variants, largest reduction of the building first.
 */
export function buildUpsOf(
  basis: BuildingBasis,
  material: string,
  known: readonly KnownConstruction[],
  materials: { byName: ReadonlyMap<string, EpdData>; lookup: MaterialLookup },
  construction?: string,
): BuildUps[] {
  const out: BuildUps[] = [];
  for (const { leaf, levels } of leavesWithLevels(basis.dashboard.projectBreakdown)) {
    const name = leaf.constructionName ?? '';
    if (!leaf.constructionId || (construction !== undefined && name !== construction)) continue;
    if (!(leaf.materialsBreakdown ?? []).some((m) => m.epdName === material)) continue;
    const part = partOfLeaf(leaf, levels);
    if (!part || out.some((b) => b.construction === name)) continue;
    const variants = known.filter((k) => k.part === part && k.name !== name && k.id !== leaf.constructionId);
    const options = variants.map((v): BuildUpOption => ({ name: v.name, source: v.source, effect: effectOf(basis, leaf, v, materials.byName, materials.lookup) }));
    const key = (o: BuildUpOption): number => ('problem' in o.effect ? Number.POSITIVE_INFINITY : o.effect.change);
    options.sort((a, b) => key(a) - key(b) || a.name.localeCompare(b.name));
    out.push({ construction: name, part, partName: partLabel(part), options });
  }
  return out;
}
