// "What would make it pass", per project: for a project's dashboard, the hot spots' candidates that do the same job
// in the parts their lines are in (the ranking's judgement: the same family — any insulation for insulation — in a
// form that stands for the hot spot's, at equal performance) with the building's result and both BR18 verdicts after
// each single change, the three largest single changes of the same job with nothing open, whether any combination of
// them reaches the limit ("passes with changes 1 + 3"), and apart from them the swaps worth checking, each with the
// check that stands between the building and a pass. One function: the dashboard's What if… (whatIf.ts) and the
// agents' lca_find_alternatives with a project id answer with it, so both say the same figures. Each change is
// computed by buildingEffect (the one line formula; insulation at the ranking's amount for equal thermal resistance)
// and every verdict by dashboardVerdict (the one pass rule); a combination adds the single changes' per-phase deltas,
// which touch different materials' lines. Pure: the dashboard, project, rules, code table and materials are arguments.
import type { Phase } from '../codes';
import { familyLabel, familyOfEpd, type FamilyOf } from '../families';
import type { Job } from '../jobs';
import type { Br18Verdict } from '../lca/br18Rules';
import { dashboardVerdict, distanceToPassing, type BuildingEffect, type Distance, type PhaseFigures } from '../lca/verdictInput';
import type { EpdData } from '../lca/types';
import { msg, type Msg } from '../l10n';
import { buildingEffect, isBuildingProblem, type BuildingBasis } from './building';
import { partsOfMaterial } from './parts';
import { buildUpsOf, type BuildUps, type KnownConstruction } from './buildUps';
import type { MaterialLookup } from '../lca/construction';
import { alternativesForMaterial, isProblem, type Alternative } from './rank';
import type { CandidateMaterial } from '../workspace';

/** The materials the question is asked over: the hot spots' by name, and every candidate. */
export interface PassMaterials {
  byName: Map<string, EpdData>;
  candidates: readonly CandidateMaterial[];
  /** The constructions the workspace knows (whole build-ups of the hot spots' parts), and how their ids resolve. */
  constructions?: readonly KnownConstruction[];
  lookup?: MaterialLookup;
}

/** One candidate of a hot spot with the building after it. */
export interface PassCandidate {
  replacement: { id: string; name: string; source: string };
  /** The change of the building's judged figure, kg CO2e/m²/yr (exact; negative = lower). */
  change: number;
  effect: BuildingEffect;
  /** Its job in the hot spot's part and what its performance was judged by. */
  job: Job;
  basis: Msg;
  /** Worth checking: what stands between it and a like-for-like swap (undefined: the same job, nothing open). */
  check?: Msg;
}

/** A hot spot with its same-family candidates, lowest building result first; or why there are none. */
export interface PassHotSpot {
  material: string;
  /** The hot spot's share of the building, kg CO2e/m²/yr, as the dashboard gives it. */
  figure: number;
  family?: FamilyOf;
  /** Its job (the part of its first line, its role, its form). */
  job?: Job;
  /** The same job with nothing open, then those worth checking; each lowest building result first. */
  candidates: PassCandidate[];
  /** Candidates of other families, not offered (they do not do the same job). */
  otherKinds: number;
  /** Candidates of its family in another form or role, not offered. */
  otherJobs: number;
  /** Why there are no candidates: its EPD is not known, nothing of its family is lower, … */
  problem?: Msg;
  /** Whole build-ups: the constructions it is in against those of the same part the workspace knows. */
  buildUps?: BuildUps[];
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

/** A swap of the same job that would lower the building more than any confirmed one of its hot spot, but has a check open. */
export interface PassCheck extends PassChange {
  /** What to check before it counts. */
  check: Msg;
  /** The building with it added to the combination's changes (or to every largest change when none passes). */
  withCombination: { changes: number[]; passes: boolean; verdict: Br18Verdict };
}

export interface PassAnswer {
  before: Br18Verdict;
  needed: Distance;
  hotSpots: PassHotSpot[];
  /** The largest single changes of the same job with nothing open. */
  largest: PassChange[];
  /** Undefined when the building passes already or there is no single change that lowers it. */
  combination?: PassCombination;
  /** The swaps worth checking, apart: never counted in `largest` or `combination`. */
  worthChecking: PassCheck[];
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
 * Candidates ranked by GWP of the functional amount before the building effect is computed for the lowest of them:
 * the ranking reads one figure per candidate, the building effect every line of the material; a candidate further
 * down the ranking changes the building less (the same lines, the same amount), so it is not worked out.
 */
const RANKED_PER_HOT_SPOT = 24;

/** The least change a single change must make to be one (kg CO2e/m²/yr): below it the figures show ±0. */
const MIN_CHANGE = 5e-5;

const sourceKey = (source: string, id: string, name: string): string => `${source}\u0000${id}\u0000${name}`;

/** One hot spot: its candidates of the same job with the building after each (or why there are none). */
function hotSpotOf(basis: BuildingBasis, materials: PassMaterials, epdByKey: Map<string, EpdData>, spot: { name: string; figure: number }, options: PassOptions): PassHotSpot {
  const perHotSpot = options.perHotSpot ?? 5;
  const current = materials.byName.get(spot.name);
  if (!current) {
    return { material: spot.name, figure: spot.figure, candidates: [], otherKinds: 0, otherJobs: 0, problem: msg('the EPD of {0} is not known: it is neither in the workspace nor in a construction of the project read from the service', spot.name) };
  }
  const family = familyOfEpd(current);
  const parts = partsOfMaterial(basis.dashboard, spot.name);
  const ranked = alternativesForMaterial(current, materials.candidates, { codes: basis.codes, period: options.period, onlyLower: true, limit: RANKED_PER_HOT_SPOT }, parts);
  if (isProblem(ranked)) return { material: spot.name, figure: spot.figure, family, candidates: [], otherKinds: 0, otherJobs: 0, problem: ranked.problem };
  const confirmed: PassCandidate[] = [];
  const open: PassCandidate[] = [];
  // The same amount, or the amount for the same thermal resistance: never the same mass of something else (that
  // would rewrite the quantities with no like-for-like basis).
  for (const a of ranked.alternatives.filter((x: Alternative) => !x.byMass)) {
    const list = a.check ? open : confirmed;
    if (list.length >= perHotSpot) continue;
    const epd = epdByKey.get(sourceKey(a.source, a.id, a.name));
    if (!epd) continue;
    const effect = buildingEffect(basis, { current, replacement: epd, ...(a.basis.factor !== undefined ? { perSet: a.amount / a.declaredValue } : {}) });
    // A change the figures show (at least 0.0001 kg CO2e/m²/yr): the same EPD under another name is no change.
    if (isBuildingProblem(effect) || !(effect.change <= -MIN_CHANGE)) continue;
    list.push({ replacement: { id: a.id, name: a.name, source: a.source }, change: effect.change, effect, job: a.job, basis: a.basis.words, ...(a.check ? { check: a.check } : {}) });
  }
  const order = (a: PassCandidate, b: PassCandidate): number => a.change - b.change || a.replacement.name.localeCompare(b.replacement.name);
  const candidates = [...confirmed.sort(order), ...open.sort(order)];
  const buildUps = materials.constructions?.length && materials.lookup ? buildUpsOf(basis, spot.name, materials.constructions, { byName: materials.byName, lookup: materials.lookup }) : [];
  const base = { material: spot.name, figure: spot.figure, family, job: ranked.subject.job, candidates, otherKinds: ranked.counts.otherKinds, otherJobs: ranked.counts.otherJobs, ...(buildUps.length ? { buildUps } : {}) };
  if (candidates.length) return base;
  return {
    ...base,
    problem: ranked.family.sameOnly
      ? msg('nothing that does the same job ({0}) that the workspace or the project\'s constructions know is lower', familyLabel(family.id))
      : msg('no material the workspace or the project\'s constructions know is lower'),
  };
}

const changeOf = (h: PassHotSpot, c: PassCandidate): PassChange => ({ material: h.material, replacement: { id: c.replacement.id, name: c.replacement.name }, change: c.change, effect: c.effect });
const byChange = (a: PassChange, b: PassChange): number => a.change - b.change || a.material.localeCompare(b.material);

/** The answer to "what would make it pass" for the dashboard of `basis`. */
export function whatWouldPass(basis: BuildingBasis, materials: PassMaterials, options: PassOptions): PassAnswer {
  const d = basis.dashboard;
  const before = dashboardVerdict(basis.rules, basis.codes, basis.facts.verdictProject, d, basis.stages, basis.indicator);
  const epdByKey = new Map<string, EpdData>();
  for (const c of materials.candidates) if (!epdByKey.has(sourceKey(c.source, c.epd.id, c.epd.name))) epdByKey.set(sourceKey(c.source, c.epd.id, c.epd.name), c.epd);
  const spots = Object.entries(d.hotSpot ?? {})
    .map(([name, v]) => ({ name, figure: typeof v === 'number' ? v : Number(v) }))
    .filter((s) => Number.isFinite(s.figure))
    .sort((a, b) => b.figure - a.figure);
  const hotSpots = spots.map((spot) => hotSpotOf(basis, materials, epdByKey, spot, options));
  const keep = options.largest ?? 3;
  // Only a swap of the same job with nothing open counts; per hot spot its best one.
  const largest = hotSpots.flatMap((h) => (h.candidates[0] && !h.candidates[0].check ? [changeOf(h, h.candidates[0])] : [])).sort(byChange).slice(0, keep);
  const answer: PassAnswer = { before, needed: distanceToPassing(before), hotSpots, largest, worthChecking: [] };
  if (before.kind === 'verdict' && !passesAll(before) && largest.length) answer.combination = combinationOf(basis, largest);
  answer.worthChecking = worthCheckingOf(basis, hotSpots, largest, answer.combination, keep);
  return answer;
}

/**
 * Per hot spot its best swap worth checking that lowers the building more than its best confirmed one, the `keep`
 * largest; each with the building when it is added to the combination's changes (or to all the largest ones).
 */
function worthCheckingOf(basis: BuildingBasis, hotSpots: readonly PassHotSpot[], largest: readonly PassChange[], combination: PassCombination | undefined, keep: number): PassCheck[] {
  const out: (PassChange & { check: Msg })[] = [];
  for (const h of hotSpots) {
    const best = h.candidates.find((c) => !c.check);
    const checked = h.candidates.filter((c) => c.check && (!best || c.change < best.change)).sort((a, b) => a.change - b.change)[0];
    if (checked?.check) out.push({ ...changeOf(h, checked), check: checked.check });
  }
  const picked = combination?.passes ? combination.changes.map((n) => n - 1) : largest.map((_, i) => i);
  return out.sort(byChange).slice(0, keep).map((c) => {
    // Its own hot spot's confirmed change is replaced by it, not added to it.
    const others = picked.filter((i) => largest[i].material !== c.material);
    const r = withChanges(basis, [...largest, c], [...others, largest.length]);
    return { ...c, withCombination: { changes: others.map((i) => i + 1), passes: passesAll(r.verdict), verdict: r.verdict } };
  });
}

/** The building with the changes numbered in `picked` (0-based) made: their per-phase deltas added. */
function withChanges(basis: BuildingBasis, largest: readonly PassChange[], picked: readonly number[]): { perPhase: PhaseFigures; verdict: Br18Verdict } {
  const perPhase: PhaseFigures = { ...largest[picked[0] ?? 0].effect.before.perPhase };
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
