// Lower-carbon alternatives of a material or of a construction's component, with their effect. Candidates are the
// materials the workspace knows (passed in); one can serve the same role when the subject's amount converts into the
// candidate's declared unit — the same unit, the same dimension, the component's thickness or cross-section, or the
// mass of the subject (each stated). Ranked by GWP of the functional amount (A1-A3 + B4 + C3 + C4 over the period,
// B4 with the candidate's own lifespan and its replacements; D apart). A candidate that cannot be compared is listed
// with its reason, never counted as zero. Pure: the code table, period and materials are arguments.
import { containedWords, nameWords } from '../names';
import type { CodeTable } from '../codeTable';
import type { EpdData } from '../lca/types';
import { msg, type Msg } from '../l10n';
import { declaredUnitsOf, toDeclaredUnits, type ComponentQuantity } from '../units';
import { componentsOf, constructionFigures, type ConstructionFigures, type MaterialLookup } from './construction';
import { figuresOfSets, gwpCodesOf, inScope, minus, noGwpReason, plus, type ComponentFigures, type GwpByModule, type GwpCodes } from './figures';
import { gwpPerSet, inScopeOfLine, perSetInto, serviceLife, type PerSet } from '../lca/line';
import { familyCheck, familyComparesByMass, familyOfEpd, MATERIAL_FAMILIES, type FamilyId, type FamilyOf, type FamilyTable } from '../families';
import type { CandidateMaterial } from '../workspace';

const familyOfCandidate = (c: CandidateMaterial, table: FamilyTable): FamilyId =>
  c.family !== undefined && table === MATERIAL_FAMILIES ? c.family : familyOfEpd(c.epd, table).id;

/** True when a material's GWP figures per set are all zero: a template or an EPD not filled in, never "lower". */
export const allZero = (p: PerSet): boolean => p.a1a3 === 0 && p.a4 === 0 && p.c3 === 0 && p.c4 === 0 && p.d === 0;

const sameGwpCodes = (a: GwpCodes, b: GwpCodes): boolean =>
  a === b || a.key === b.key;

export interface AlternativesOptions {
  codes: CodeTable;
  /** Reference study period in years (BR18: 50). */
  period: number;
  /** Words that must all occur in a candidate's name (or id), case-insensitive; none = every candidate. */
  query?: string;
  /** Keep only candidates lower than the subject (default true). */
  onlyLower?: boolean;
  /** At most this many alternatives and this many non-comparable candidates (default 10). */
  limit?: number;
  /**
   * 'same' (default): only candidates of the subject's material family do the same job and are offered; the others
   * are counted (`counts.otherKinds`), never ranked. 'any': every candidate (a search the user asked for by words).
   * When the subject's family is unknown, every candidate is offered and the result says so.
   */
  family?: 'same' | 'any';
  /** The family vocabulary (default: the built-in one). */
  families?: FamilyTable;
}

export type LifespanSource = 'material' | 'component' | 'none';

export interface Alternative {
  id: string;
  name: string;
  source: string;
  declaredValue: number;
  declaredUnit: number;
  /** GWP A1-A3 per one declared unit (kg CO2e). */
  gwpA1A3PerUnit: number;
  /** The subject's amount in the candidate's declared unit. */
  amount: number;
  /** How the amount was converted, e.g. "same unit", "m² → m³ through the layer thickness 0.2 m". */
  conversion: Msg;
  /**
   * True when the subject's quantity does not convert into the candidate's declared unit by itself (the same mass of
   * it): taking the candidate then means writing `amount` in `declaredUnit` as the component's quantity too.
   */
  rewritesQuantity: boolean;
  lifespan: number | undefined;
  lifespanFrom: LifespanSource;
  replacements: number;
  /** GWP of the functional amount per module (kg CO2e). */
  gwp: GwpByModule;
  /** A1-A3 + B4 + C3 + C4 of the functional amount: what the ranking is by. */
  inScope: number;
  effect: Effect;
  /** Its material family. */
  family: FamilyId;
  /** What a like-for-like comparison needs that the data do not hold (the family's), when there is something. */
  check?: Msg;
}

export interface Effect {
  /** Candidate − subject, per module (negative = lower). */
  component: GwpByModule;
  inScope: number;
  /** Change of the subject's in-scope GWP in percent. */
  percent: number | undefined;
  /** The construction's figures after the change, when the subject is a component and the construction has a total. */
  construction?: { after: GwpByModule; inScopeAfter: number; percent: number | undefined };
}

export interface NotComparable {
  id: string;
  name: string;
  source: string;
  reason: Msg;
}

export interface AlternativesResult {
  subject: {
    id: string;
    name: string;
    quantity: ComponentQuantity;
    figures: ComponentFigures;
    inScope: number;
    /** Index of the component when the subject is one. */
    componentIndex?: number;
  };
  period: number;
  /** The construction's figures before any change, when the subject is a component. */
  construction?: { name: string; declaredValue: number; declaredUnit: number; before: GwpByModule | undefined; inScopeBefore: number | undefined; problems: ConstructionFigures['problems'] };
  alternatives: Alternative[];
  notComparable: NotComparable[];
  /**
   * The subject's family and whether the candidates were kept to it (false: its family is unknown, or every family
   * was asked for).
   */
  family: FamilyOf & { sameOnly: boolean };
  /** `otherKinds`: matching candidates of another family, not offered (they do not do the same job). */
  counts: { candidates: number; matching: number; comparable: number; listed: number; notComparable: number; otherKinds: number };
}

/** A subject for the alternatives: a material in an amount (its quantity) with the lifespan it is counted with now. */
export interface Subject {
  epd: EpdData;
  quantity: ComponentQuantity;
  lifespan: number | undefined;
  /** The lifespan a candidate falls back to when it declares none (the component's or construction's). */
  fallbackLifespan: number | undefined;
}

const positive = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

function matcher(query: string | undefined): (c: CandidateMaterial) => boolean {
  const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return () => true;
  return (c) => {
    const hay = `${c.epd.name} ${c.epd.id}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  };
}

/** A comparable candidate among the few listed so far, before its full entry is made (only the listed ones get one). */
interface Ranked {
  cand: CandidateMaterial;
  perSet: PerSet;
  sets: number;
  byMass: boolean;
  lifespan: number | undefined;
  lifespanFrom: LifespanSource;
  inScope: number;
}

/** A candidate that cannot be compared, among the few listed so far; its reason is phrased only when it is listed. */
interface Unlisted {
  cand: CandidateMaterial;
  /** 0: no GWP, or a unit of the same kind as the subject's; 1: a unit of another kind. */
  order: number;
  /** Words of the subject's name the candidate's name contains. */
  shared: number;
  noGwp: boolean;
  /** Its GWP figures are all zero (a template, or an EPD not filled in). */
  zero: boolean;
}

/** What converting the subject's amount into a candidate's declared unit needs, found once per ranking. */
interface SubjectAmount {
  quantity: ComponentQuantity;
  /** The subject's mass in kg in the code table's kg, for candidates its amount does not convert into; else undefined. */
  byMass: ComponentQuantity | undefined;
}

function subjectAmount(subject: Subject, subjectSets: number, codes: CodeTable, byMassAllowed: boolean): SubjectAmount {
  const kg = codes.units.find((u) => u.dimension === 'mass' && u.factor === 1);
  const subjectMass = byMassAllowed ? massPerSet(subject.epd, codes) : undefined;
  return { quantity: subject.quantity, byMass: kg && subjectMass !== undefined ? { unit: kg.code, amount: subjectSets * subjectMass } : undefined };
}

/**
 * The subject's amount in the candidate's result sets, written into `out` — directly, else (when the amount has no
 * unit of the candidate's kind) the same mass of it, when both masses are known; false when it cannot be had. No words
 * and no objects: every candidate is converted, only the listed ones are phrased (`conversionWords`, `whyNot`).
 */
function setsInto(s: SubjectAmount, candidate: EpdData, codes: CodeTable, out: { sets: number; byMass: boolean }): boolean {
  const direct = declaredUnitsOf(s.quantity, candidate.declaredUnit, codes);
  if (typeof direct === 'number') {
    out.sets = direct;
    out.byMass = false;
    return true;
  }
  if (s.byMass && direct === 'compatible-unit') {
    const byMass = declaredUnitsOf(s.byMass, candidate.declaredUnit, codes);
    if (typeof byMass !== 'number') return false;
    out.sets = byMass;
    out.byMass = true;
    return true;
  }
  return false;
}

/** Why `setsInto` found no amount of the candidate. */
function whyNot(s: SubjectAmount, candidate: EpdData, codes: CodeTable): Msg {
  const direct = toDeclaredUnits(s.quantity, candidate.declaredUnit, codes);
  if (!direct.ok && s.byMass && direct.missing === 'compatible-unit') {
    const byMass = toDeclaredUnits(s.byMass, candidate.declaredUnit, codes);
    if (!byMass.ok) return byMass.reason;
  }
  return direct.ok ? msg('same unit') : direct.reason;
}

/** How `setsInto` converted, in words. */
function conversionWords(s: SubjectAmount, r: Ranked, codes: CodeTable): Msg {
  return r.byMass && s.byMass ? msg('by mass: the same {0} kg as the current material', round(s.byMass.amount)) : conversionOf(s.quantity, r.cand.epd, codes);
}

/** How an amount converts directly into the candidate's declared unit, in words. */
function conversionOf(q: ComponentQuantity, candidate: EpdData, codes: CodeTable): Msg {
  const from = codes.unitByCode(q.unit);
  const to = codes.unitByCode(candidate.declaredUnit.declaredUnit);
  if (!from || !to || from.code === to.code) return msg('same unit');
  if (from.dimension === to.dimension) return msg('{0} → {1}', from.label, to.label);
  if (from.dimension === 'mass') return msg("{0} → {1} through the candidate's mass per declared unit", from.label, to.label);
  const pair = new Set([from.dimension, to.dimension]);
  if (pair.has('area') && pair.has('volume')) return msg('{0} → {1} through the layer thickness {2} m', from.label, to.label, q.height ?? 0);
  if (pair.has('area')) return msg('{0} → {1} through the strip width {2} m', from.label, to.label, q.width ?? 0);
  return msg('{0} → {1} through the cross-section {2} m × {3} m', from.label, to.label, q.width ?? 0, q.height ?? 0);
}

const round = (x: number): number => Number(x.toPrecision(4));

function massPerSet(epd: EpdData, codes: CodeTable): number | undefined {
  const du = epd.declaredUnit;
  if (!positive(du.mass)) return undefined;
  const unit = du.massUnit === undefined ? undefined : codes.unitByCode(du.massUnit);
  if (du.massUnit !== undefined && unit?.dimension !== 'mass') return undefined;
  return du.mass * (unit?.factor ?? 1);
}

const percentOf = (delta: number, base: number | undefined): number | undefined =>
  base === undefined || base === 0 ? undefined : (100 * delta) / Math.abs(base);

/**
 * Ranks the candidates for `subject` (excluding the subject's own id): comparable ones by in-scope GWP of the
 * functional amount, lowest first; the others with their reason (those lacking a figure or a dimension first).
 * `before` is the construction's total when the subject is one of its components.
 */
export function rankAlternatives(
  subject: Subject,
  candidates: readonly CandidateMaterial[],
  options: AlternativesOptions,
  construction?: { figures: ConstructionFigures; index: number },
): AlternativesResult | { problem: Msg } {
  const codes = gwpCodesOf(options.codes);
  const perSet = gwpPerSet(subject.epd, codes);
  if (!perSet) return { problem: msg('{0}: {1}', subject.epd.name || subject.epd.id, noGwpReason()) };
  const conv = toDeclaredUnits(subject.quantity, subject.epd.declaredUnit, options.codes);
  if (!conv.ok) return { problem: msg('{0}: {1}', subject.epd.name || subject.epd.id, conv.reason) };
  const current = figuresOfSets(perSet, conv.declaredUnits, subject.lifespan, options.period);
  const currentInScope = inScope(current.gwp);
  const before = construction?.figures.total;
  const beforeInScope = before ? inScope(before) : undefined;
  const limit = options.limit ?? 10;
  const onlyLower = options.onlyLower ?? true;
  const matches = matcher(options.query);

  const table = options.families ?? MATERIAL_FAMILIES;
  const subjectFamily = familyOfEpd(subject.epd, table);
  const sameOnly = (options.family ?? 'same') === 'same' && subjectFamily.id !== 'unknown';
  // The same mass of another product stands for it only where the family allows (not insulation, boards, panes …).
  const amount = subjectAmount(subject, conv.declaredUnits, options.codes, !sameOnly || familyComparesByMass(subjectFamily.id, table));
  const subjectDimension = codeDimension(options.codes, subject.quantity.unit);

  // Every candidate is ranked by its figure, with nothing allocated for it unless it is among the `limit` first so far;
  // the full entry (effect, construction after, words) is made for the listed ones only.
  // (Each order is written once, over the fields a candidate has before its item is made.)
  const lower = (inScope: number, name: string, than: Ranked): number => inScope - than.inScope || byName(name, than.cand.epd.name);
  const top = new Least<Ranked>(limit, (a, b) => lower(a.inScope, a.cand.epd.name, b));
  // Of those that cannot be compared, the ones most likely meant come first: the most words in common with the
  // current material's name, then the same kind of unit, then by name.
  const likelier = (shared: number, order: number, name: string, than: Unlisted): number => than.shared - shared || order - than.order || byName(name, than.cand.epd.name);
  const unlisted = new Least<Unlisted>(limit, (a, b) => likelier(a.shared, a.order, a.cand.epd.name, b));
  const subjectWords = nameWords(subject.epd.name);
  let otherKinds = 0;
  const sets = { sets: 0, byMass: false };
  const scratch: PerSet = { a1a3: 0, a4: 0, c3: 0, c4: 0, d: 0 };
  let matching = 0;
  let comparable = 0;
  let notComparable = 0;
  for (const cand of candidates) {
    const epd = cand.epd;
    if ((epd.id && epd.id === subject.epd.id) || epd === subject.epd) continue;
    if (!matches(cand)) continue;
    // Only what does the same job is offered: a candidate of another family is counted, not converted or ranked.
    if (sameOnly && familyOfCandidate(cand, table) !== subjectFamily.id) {
      otherKinds++;
      continue;
    }
    matching++;
    // The figure worked out when the candidate was read, else from its results (into `scratch`: nothing allocated).
    const candPerSet = cand.gwp && sameGwpCodes(cand.gwp.codes, codes) ? cand.gwp.perSet : perSetInto(epd.lciaResults, codes, scratch) ? scratch : undefined;
    const gwpDeclared = candPerSet !== undefined;
    const zero = candPerSet !== undefined && allZero(candPerSet);
    if (!candPerSet || zero || !setsInto(amount, epd, options.codes, sets)) {
      notComparable++;
      const order = !gwpDeclared || zero || codeDimension(options.codes, epd.declaredUnit.declaredUnit) === subjectDimension ? 0 : 1;
      const shared = containedWords(subjectWords, epd.name);
      const last = unlisted.last;
      if (last && likelier(shared, order, epd.name, last) >= 0) continue;
      unlisted.add({ cand, order, shared, noGwp: !gwpDeclared, zero });
      continue;
    }
    // The one service-life rule: the component's (or the construction's) service life stays; else the candidate's own.
    const own = positive(epd.expectedLifespan) ? epd.expectedLifespan : undefined;
    const lifespan = subject.fallbackLifespan ?? own;
    const candInScope = inScopeOfLine(candPerSet, sets.sets, lifespan, options.period);
    // Lower by more than the figures' own noise: a copy of the same EPD (Tabel 7 and a service's) is not "lower".
    if (onlyLower && !(candInScope < currentInScope - 1e-9 * Math.max(1, Math.abs(currentInScope)))) continue;
    comparable++;
    const last = top.last;
    if (last && lower(candInScope, epd.name, last) >= 0) continue;
    const lifespanFrom: LifespanSource = subject.fallbackLifespan !== undefined ? 'component' : own !== undefined ? 'material' : 'none';
    top.add({ cand, perSet: candPerSet === scratch ? { ...scratch } : candPerSet, sets: sets.sets, byMass: sets.byMass, lifespan, lifespanFrom, inScope: candInScope });
  }
  const listed = top.items.map((r): Alternative => {
    const epd = r.cand.epd;
    const figures = figuresOfSets(r.perSet, r.sets, r.lifespan, options.period);
    const delta = minus(figures.gwp, current.gwp);
    const effect: Effect = { component: delta, inScope: r.inScope - currentInScope, percent: percentOf(r.inScope - currentInScope, currentInScope) };
    if (before && beforeInScope !== undefined) {
      const after = plus(before, delta);
      effect.construction = { after, inScopeAfter: inScope(after), percent: percentOf(inScope(after) - beforeInScope, beforeInScope) };
    }
    const dv = positive(epd.declaredUnit.declaredValue) ? epd.declaredUnit.declaredValue : 1;
    const family = familyOfCandidate(r.cand, table);
    const check = familyCheck(family, table);
    return {
      id: epd.id,
      name: epd.name,
      source: r.cand.source,
      declaredValue: dv,
      declaredUnit: epd.declaredUnit.declaredUnit,
      gwpA1A3PerUnit: r.perSet.a1a3 / dv,
      amount: r.sets * dv,
      conversion: conversionWords(amount, r, options.codes),
      rewritesQuantity: r.byMass,
      lifespan: r.lifespan,
      lifespanFrom: r.lifespanFrom,
      replacements: figures.replacements,
      gwp: figures.gwp,
      inScope: r.inScope,
      effect,
      family,
      ...(check ? { check } : {}),
    };
  });
  const result: AlternativesResult = {
    subject: {
      id: subject.epd.id,
      name: subject.epd.name,
      quantity: subject.quantity,
      figures: current,
      inScope: currentInScope,
      ...(construction ? { componentIndex: construction.index } : {}),
    },
    period: options.period,
    alternatives: listed,
    notComparable: unlisted.items.map(({ cand, noGwp, zero }) => ({
      id: cand.epd.id,
      name: cand.epd.name,
      source: cand.source,
      reason: noGwp ? noGwpReason() : zero ? msg('its GWP results are all zero (a template, or an EPD not filled in): never offered as lower') : whyNot(amount, cand.epd, options.codes),
    })),
    family: { ...subjectFamily, sameOnly },
    counts: { candidates: candidates.length, matching, comparable, listed: Math.min(limit, comparable), notComparable, otherKinds },
  };
  if (construction) {
    const f = construction.figures;
    result.construction = { name: f.name, declaredValue: f.declaredValue, declaredUnit: f.declaredUnit, before, inScopeBefore: beforeInScope, problems: f.problems };
  }
  return result;
}

const codeDimension = (codes: CodeTable, code: number): string | undefined => codes.unitByCode(code)?.dimension;

/**
 * The `k` first of the items added, in the order of `compare`, as a stable sort and a slice would give them — without
 * sorting all of them (10,000 candidates, of which a few are listed). A caller compares a candidate with `last` before
 * making its item: one that does not come before it would not be kept.
 */
class Least<T> {
  readonly items: T[] = [];
  constructor(
    private readonly k: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}
  /** The item a new one must come before to be kept, once there are `k`; undefined while any new one is kept. */
  get last(): T | undefined {
    return this.items.length === this.k ? this.items[this.k - 1] : undefined;
  }
  add(x: T): void {
    const out = this.items;
    if (this.k <= 0) return;
    if (out.length === this.k) out[this.k - 1] = x;
    else out.push(x);
    for (let i = out.length - 1; i > 0 && this.compare(out[i], out[i - 1]) < 0; i--) [out[i], out[i - 1]] = [out[i - 1], out[i]];
  }
}

/** Names in the order of localeCompare (the default locale's collation), with one collator instead of one per call. */
const byName = new Intl.Collator().compare;

/** Alternatives for one declared unit of a material (its declared value in its declared unit, its own lifespan). */
export function alternativesForMaterial(material: EpdData, candidates: readonly CandidateMaterial[], options: AlternativesOptions): AlternativesResult | { problem: Msg } {
  const du = material.declaredUnit;
  const lifespan = serviceLife({ material: material.expectedLifespan }).years;
  return rankAlternatives(
    { epd: material, quantity: { unit: du.declaredUnit, amount: positive(du.declaredValue) ? du.declaredValue : 1 }, lifespan, fallbackLifespan: undefined },
    candidates,
    options,
  );
}

/** Alternatives for component `index` of a construction, with the effect on the construction per its declared unit. */
export function alternativesForComponent(
  construction: unknown,
  index: number,
  lookup: MaterialLookup,
  candidates: readonly CandidateMaterial[],
  options: AlternativesOptions,
): AlternativesResult | { problem: Msg } {
  const parts = componentsOf(construction);
  if (!Number.isInteger(index) || index < 0 || index >= parts.length) {
    return { problem: msg('the construction has {0} components; component {1} does not exist', parts.length, index) };
  }
  const p = parts[index];
  if (!p.epdId) return { problem: msg('component {0} has no epdId', index) };
  const epd = lookup(p.epdId);
  if (!epd) return { problem: msg('component {0}: no material with the id {1} is known', index, p.epdId) };
  if ('message' in p.quantity) return { problem: msg('component {0}: {1}', index, p.quantity) };
  const figures = constructionFigures(construction, lookup, { codes: options.codes, period: options.period });
  const own = (construction as { expectedLifespan?: unknown }).expectedLifespan;
  const constructionLifespan = typeof own === 'number' && own > 0 ? own : undefined;
  const fallback = serviceLife({ component: p.lifespan, construction: constructionLifespan }).years;
  const lifespan = serviceLife({ component: p.lifespan, construction: constructionLifespan, material: epd.expectedLifespan }).years;
  return rankAlternatives({ epd, quantity: p.quantity, lifespan, fallbackLifespan: fallback }, candidates, options, { figures, index });
}

/** True when the answer is a refusal rather than a ranking. */
export const isProblem = (r: AlternativesResult | { problem: Msg }): r is { problem: Msg } => 'problem' in r;
