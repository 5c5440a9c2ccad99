// "What would make it pass", per project: for a project's dashboard, the hot spots' candidates of the same material
// family (those that do the same job) with the building's result and both BR18 verdicts after each single change, the
// three largest single changes, and whether any combination of them reaches the limit ("passes with changes 1 + 3").
// One function: the dashboard's What if… (whatIf.ts) and the agents' lca_find_alternatives with a project id answer
// with it, so both say the same figures. Each change is computed by buildingEffect (the one line formula) and every
// verdict by dashboardVerdict (the one pass rule); a combination adds the single changes' per-phase deltas, which
// touch different materials' lines. Pure: the dashboard, project, rules, code table and materials are arguments.
import type { Phase } from '../codes';
import { familyLabel, familyOfEpd, type FamilyOf } from '../families';
import type { Br18Verdict } from '../lca/br18Rules';
import { dashboardVerdict, distanceToPassing, type BuildingEffect, type Distance, type PhaseFigures } from '../lca/verdictInput';
import type { EpdData } from '../lca/types';
import { msg, type Msg } from '../l10n';
import { buildingEffect, isBuildingProblem, type BuildingBasis } from './building';
import { alternativesForMaterial, isProblem, type Alternative } from './rank';
import type { CandidateMaterial } from '../workspace';

/** The materials the question is asked over: the hot spots' by name, and every candidate. */
export interface PassMaterials {
  byName: Map<string, EpdData>;
  candidates: readonly CandidateMaterial[];
}

/** One candidate of a hot spot with the building after it. */
export interface PassCandidate {
  replacement: { id: string; name: string; source: string };
  /** The change of the building's judged figure, kg CO2e/m²/yr (exact; negative = lower). */
  change: number;
  effect: BuildingEffect;
  /** What a like-for-like comparison needs that the data do not hold. */
  check?: Msg;
}

/** A hot spot with its same-family candidates, lowest building result first; or why there are none. */
export interface PassHotSpot {
  material: string;
  /** The hot spot's share of the building, kg CO2e/m²/yr, as the dashboard gives it. */
  figure: number;
  family?: FamilyOf;
  candidates: PassCandidate[];
  /** Candidates of other families, not offered (they do not do the same job). */
  otherKinds: number;
  /** Why there are no candidates: its EPD is not known, nothing of its family is lower, … */
  problem?: Msg;
}

/** One of the largest single changes (numbered 1, 2, 3 in the order given). */
export interface PassChange {
  material: string;
  replacement: { id: string; name: string };
  change: number;
  effect: BuildingEffect;
}

/** Whether the largest changes together reach the limit: the fewest that do, else all of them. */
export interface PassCombination {
  /** 1-based numbers of the changes in `largest`. */
  changes: number[];
  passes: boolean;
  /** The building's per-phase figures and verdicts with those changes made. */
  perPhase: PhaseFigures;
  verdict: Br18Verdict;
  /** How far it still is from passing (0 = passes). */
  needed: Distance;
}

export interface PassAnswer {
  before: Br18Verdict;
  needed: Distance;
  hotSpots: PassHotSpot[];
  largest: PassChange[];
  /** Undefined when the building passes already or there is no single change that lowers it. */
  combination?: PassCombination;
}

export interface PassOptions {
  period: number;
  /** Candidates shown per hot spot (default 5). */
  perHotSpot?: number;
  /** Single changes kept (default 3). */
  largest?: number;
}

/** The figure of the building's verdict, or undefined without one. */
const passesAll = (v: Br18Verdict): boolean => v.kind === 'verdict' && v.building.passes && (v.constructionProcess?.passes ?? true);

/**
 * Candidates ranked by GWP of the same amount before the building effect is computed for the lowest of them: the
 * ranking reads one figure per candidate, the building effect every line of the material; a candidate further down
 * the ranking changes the building less (the same lines, the same amount), so it is not worked out.
 */
const RANKED_PER_HOT_SPOT = 12;

/** The least change a single change must make to be one (kg CO2e/m²/yr): below it the figures show ±0. */
const MIN_CHANGE = 5e-5;

/** The answer to "what would make it pass" for the dashboard of `basis`. */
export function whatWouldPass(basis: BuildingBasis, materials: PassMaterials, options: PassOptions): PassAnswer {
  const d = basis.dashboard;
  const before = dashboardVerdict(basis.rules, basis.codes, basis.facts.verdictProject, d, basis.stages, basis.indicator);
  const needed = distanceToPassing(before);
  const perHotSpot = options.perHotSpot ?? 5;
  const hotSpots: PassHotSpot[] = [];
  const key = (source: string, id: string, name: string): string => `${source}\u0000${id}\u0000${name}`;
  const epdByKey = new Map<string, EpdData>();
  for (const c of materials.candidates) if (!epdByKey.has(key(c.source, c.epd.id, c.epd.name))) epdByKey.set(key(c.source, c.epd.id, c.epd.name), c.epd);
  const spots = Object.entries(d.hotSpot ?? {})
    .map(([name, v]) => ({ name, figure: typeof v === 'number' ? v : Number(v) }))
    .filter((s) => Number.isFinite(s.figure))
    .sort((a, b) => b.figure - a.figure);
  for (const spot of spots) {
    const current = materials.byName.get(spot.name);
    if (!current) {
      hotSpots.push({ material: spot.name, figure: spot.figure, candidates: [], otherKinds: 0, problem: msg('the EPD of {0} is not known: it is neither in the workspace nor in a construction of the project read from the service', spot.name) });
      continue;
    }
    const family = familyOfEpd(current);
    const ranked = alternativesForMaterial(current, materials.candidates, { codes: basis.codes, period: options.period, onlyLower: true, limit: RANKED_PER_HOT_SPOT });
    if (isProblem(ranked)) {
      hotSpots.push({ material: spot.name, figure: spot.figure, family, candidates: [], otherKinds: 0, problem: ranked.problem });
      continue;
    }
    const candidates: PassCandidate[] = [];
    // The same amount only: taking the same mass of something else would rewrite the quantities.
    for (const a of ranked.alternatives.filter((x: Alternative) => !x.rewritesQuantity)) {
      const epd = epdByKey.get(key(a.source, a.id, a.name));
      if (!epd) continue;
      const effect = buildingEffect(basis, { current, replacement: epd });
      // A change the figures show (at least 0.0001 kg CO2e/m²/yr): the same EPD under another name is no change.
      if (isBuildingProblem(effect) || !(effect.change <= -MIN_CHANGE)) continue;
      candidates.push({ replacement: { id: a.id, name: a.name, source: a.source }, change: effect.change, effect, ...(a.check ? { check: a.check } : {}) });
    }
    candidates.sort((a, b) => a.change - b.change || a.replacement.name.localeCompare(b.replacement.name));
    const kept = candidates.slice(0, perHotSpot);
    hotSpots.push({
      material: spot.name,
      figure: spot.figure,
      family,
      candidates: kept,
      otherKinds: ranked.counts.otherKinds,
      ...(kept.length
        ? {}
        : {
            problem: ranked.family.sameOnly
              ? msg('nothing of the same family ({0}) that the workspace or the project\'s constructions know is lower', familyLabel(family.id))
              : msg('no material the workspace or the project\'s constructions know is lower'),
          }),
    });
  }
  const largest = hotSpots
    .filter((h) => h.candidates.length)
    .map((h): PassChange => ({ material: h.material, replacement: { id: h.candidates[0].replacement.id, name: h.candidates[0].replacement.name }, change: h.candidates[0].change, effect: h.candidates[0].effect }))
    .sort((a, b) => a.change - b.change || a.material.localeCompare(b.material))
    .slice(0, options.largest ?? 3);
  const answer: PassAnswer = { before, needed, hotSpots, largest };
  if (before.kind === 'verdict' && !passesAll(before) && largest.length) answer.combination = combinationOf(basis, largest);
  return answer;
}

/** The building with the changes numbered in `picked` (0-based) made: their per-phase deltas added. */
function withChanges(basis: BuildingBasis, largest: readonly PassChange[], picked: readonly number[]): { perPhase: PhaseFigures; verdict: Br18Verdict } {
  const perPhase: PhaseFigures = { ...largest[0].effect.before.perPhase };
  for (const i of picked) {
    for (const [p, delta] of Object.entries(largest[i].effect.delta) as [Phase, number | undefined][]) {
      if (delta === undefined || perPhase[p] === undefined) continue;
      perPhase[p] = perPhase[p]! + delta;
    }
  }
  return { perPhase, verdict: dashboardVerdict(basis.rules, basis.codes, basis.facts.verdictProject, basis.dashboard, basis.stages, basis.indicator, perPhase) };
}

/** The fewest of the largest changes that together pass (the widest margin among as many); else all of them. */
function combinationOf(basis: BuildingBasis, largest: readonly PassChange[]): PassCombination {
  const n = largest.length;
  const subsets: number[][] = [];
  for (let mask = 1; mask < 1 << n; mask++) subsets.push([...Array(n).keys()].filter((i) => mask & (1 << i)));
  subsets.sort((a, b) => a.length - b.length || a.join().localeCompare(b.join()));
  let best: { picked: number[]; perPhase: PhaseFigures; verdict: Br18Verdict } | undefined;
  for (const picked of subsets) {
    if (best && picked.length > best.picked.length) break;
    const r = withChanges(basis, largest, picked);
    if (!passesAll(r.verdict)) continue;
    const margin = (v: Br18Verdict): number => (v.kind === 'verdict' ? v.building.margin : -Infinity);
    if (!best || margin(r.verdict) > margin(best.verdict)) best = { picked, ...r };
  }
  const chosen = best ?? { picked: [...Array(n).keys()], ...withChanges(basis, largest, [...Array(n).keys()]) };
  return { changes: chosen.picked.map((i) => i + 1), passes: best !== undefined, perPhase: chosen.perPhase, verdict: chosen.verdict, needed: distanceToPassing(chosen.verdict) };
}
