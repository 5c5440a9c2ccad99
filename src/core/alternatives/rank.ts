// Lower-carbon alternatives of a material or of a construction's component, with their effect. Candidates are the
// materials the workspace knows (passed in); one is offered when it does the subject's job in the subject's building
// part (performance.ts: its family — any insulation for insulation —, a form that stands for the subject's, a role
// that agrees) and its amount can be had: the same unit, the same dimension, the component's thickness or
// cross-section, the mass of the subject where the family allows, or for insulation the volume for the same thermal
// resistance (each stated). Ranked by GWP of the functional amount (A1-A3 + B4 + C3 + C4 over the period, B4 with
// the candidate's own lifespan and its replacements; D apart). Each says its job, its performance basis and what is
// open ("worth checking"); one within 0.5 % of the subject is the same, not an alternative; one that cannot be
// compared is listed with its reason, never counted as zero. Pure: the code table, period and materials are arguments.
import { containedWords, nameWords } from '../names';
import type { CodeTable } from '../codeTable';
import type { EpdData } from '../lca/types';
import { msg, type Msg } from '../l10n';
import { toDeclaredUnits } from '../units';
import { componentsOf, constructionFigures, figuresOfSets, type ConstructionFigures, gwpCodesOf, inScope, minus, noGwpReason, plus, type ComponentFigures, type GwpCodes, type MaterialLookup } from '../lca/construction';
import { gwpPerSet, inScopeOfLine, perSetInto, serviceLife, type PerSet } from '../lca/line';
import { familyComparesByMass, familyLabel, familyOfEpd, MATERIAL_FAMILIES, type FamilyId, type FamilyOf, type FamilyTable, type PartId } from '../families';
import { formLabelOf, jobGroupOf, jobOf, jobWords, partLabel, partOfConstruction, roleLabel, type Job } from '../jobs';
import { jobJudge, type Basis, type JobMaterial, type JobVerdict } from '../performance';
import type { CandidateMaterial } from '../workspace';
import { conversionWords, setsAtFactorInto, setsInto, subjectAmount, whyNot, whyNotAtFactor, type Sets, type SubjectAmount } from './amount';
import { byName, Least } from './least';
import { SAME_SHARE, type Alternative, type AlternativesCounts, type AlternativesOptions, type AlternativesResult, type Effect, type LifespanSource, type Subject } from './types';

export * from './types';

/** True when a material's GWP figures per set are all zero: a template or an EPD not filled in, never "lower". */
export const allZero = (p: PerSet): boolean => p.a1a3 === 0 && p.a4 === 0 && p.c3 === 0 && p.c4 === 0 && p.d === 0;

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
  verdict: Extract<JobVerdict, { kind: 'same' | 'check' }>;
}

/** A candidate that cannot be compared, among the few listed so far; its reason is phrased only when it is listed. */
interface Unlisted {
  cand: CandidateMaterial;
  /** 0: no GWP, or a unit of the same kind as the subject's; 1: a unit of another kind. */
  order: number;
  /** Words of the subject's name the candidate's name contains. */
  shared: number;
  why: 'no-gwp' | 'zero' | 'amount' | 'factor';
}

/** Everything one ranking works with, found once; the candidates are then considered one by one. */
interface Ranking {
  subject: Subject;
  options: AlternativesOptions;
  codes: GwpCodes;
  table: FamilyTable;
  current: ComponentFigures;
  currentInScope: number;
  before: ConstructionFigures['total'];
  beforeInScope: number | undefined;
  limit: number;
  onlyLower: boolean;
  matches: (c: CandidateMaterial) => boolean;
  subjectFamily: FamilyOf;
  subjectJob: Job;
  sameOnly: boolean;
  judge: (c: JobMaterial) => JobVerdict;
  groupOf: Map<FamilyId, string>;
  amount: SubjectAmount;
  subjectDimension: string | undefined;
  subjectWords: ReturnType<typeof nameWords>;
  top: Least<Ranked>;
  unlisted: Least<Unlisted>;
  counts: AlternativesCounts;
  sets: Sets;
  scratch: PerSet;
}

const familyOfCandidate = (c: CandidateMaterial, table: FamilyTable): FamilyId =>
  c.family !== undefined && table === MATERIAL_FAMILIES ? c.family : familyOfEpd(c.epd, table).id;

const codeDimension = (codes: CodeTable, code: number): string | undefined => codes.unitByCode(code)?.dimension;

// Each order is written once, over the fields a candidate has before its item is made.
const lower = (inScope: number, name: string, than: Ranked): number => inScope - than.inScope || byName(name, than.cand.epd.name);
// Of those that cannot be compared, the ones most likely meant come first: the most words in common with the
// current material's name, then the same kind of unit, then by name.
const likelier = (shared: number, order: number, name: string, than: Unlisted): number => than.shared - shared || order - than.order || byName(name, than.cand.epd.name);

/** The ranking's state for `subject`, or why the subject cannot be ranked. */
function prepare(subject: Subject, options: AlternativesOptions, construction?: { figures: ConstructionFigures; index: number }): Ranking | { problem: Msg } {
  const codes = gwpCodesOf(options.codes);
  const perSet = gwpPerSet(subject.epd, codes);
  if (!perSet) return { problem: msg('{0}: {1}', subject.epd.name || subject.epd.id, noGwpReason()) };
  const conv = toDeclaredUnits(subject.quantity, subject.epd.declaredUnit, options.codes);
  if (!conv.ok) return { problem: msg('{0}: {1}', subject.epd.name || subject.epd.id, conv.reason) };
  const current = figuresOfSets(perSet, conv.declaredUnits, subject.lifespan, options.period);
  const table = options.families ?? MATERIAL_FAMILIES;
  const subjectFamily = familyOfEpd(subject.epd, table);
  const sameOnly = (options.family ?? 'same') === 'same' && subjectFamily.id !== 'unknown';
  const parts = subject.parts ?? [];
  const limit = options.limit ?? 10;
  const before = construction?.figures.total;
  return {
    subject,
    options,
    codes,
    table,
    current,
    currentInScope: inScope(current.gwp),
    before,
    beforeInScope: before ? inScope(before) : undefined,
    limit,
    onlyLower: options.onlyLower ?? true,
    matches: matcher(options.query),
    subjectFamily,
    subjectJob: jobOf(subject.epd, parts[0], table, subjectFamily),
    sameOnly,
    judge: jobJudge({ m: subject.epd, family: subjectFamily }, parts, table),
    groupOf: new Map(table.families.map((f) => [f.id, jobGroupOf(f.id, table)])),
    // The same mass of another product stands for it only where the family allows (not insulation, boards, panes …).
    amount: subjectAmount(subject.epd, subject.quantity, conv.declaredUnits, options.codes, !sameOnly || familyComparesByMass(subjectFamily.id, table)),
    subjectDimension: codeDimension(options.codes, subject.quantity.unit),
    subjectWords: nameWords(subject.epd.name),
    top: new Least<Ranked>(limit, (a, b) => lower(a.inScope, a.cand.epd.name, b)),
    unlisted: new Least<Unlisted>(limit, (a, b) => likelier(a.shared, a.order, a.cand.epd.name, b)),
    counts: { candidates: 0, matching: 0, comparable: 0, listed: 0, notComparable: 0, otherKinds: 0, otherJobs: 0, same: 0 },
    sets: { sets: 0, byMass: false },
    scratch: { a1a3: 0, a4: 0, c3: 0, c4: 0, d: 0 },
  };
}

/** Whether the candidate does the job, and on what basis; undefined when it is not offered (counted as another kind or job). */
function verdictOf(r: Ranking, cand: CandidateMaterial): Ranked['verdict'] | undefined {
  const family = familyOfCandidate(cand, r.table);
  // Only what does the same job is offered: a candidate of another job group is counted, not converted or ranked.
  const otherGroup = r.groupOf.get(family) !== r.groupOf.get(r.subjectFamily.id);
  if (r.sameOnly && otherGroup) {
    r.counts.otherKinds++;
    return undefined;
  }
  const v = otherGroup ? ({ kind: 'other-kind' } as const) : r.judge({ m: cand.epd, family: { id: family, from: 'name' } });
  if (v.kind === 'same' || v.kind === 'check') return v;
  if (r.sameOnly) {
    r.counts.otherJobs++;
    return undefined;
  }
  // Every family asked for: another kind or job is listed, with what to check.
  const job = jobOf(cand.epd, r.subjectJob.part, r.table, { id: family, from: 'name' });
  const check = v.kind === 'other-kind' ? msg('another family ({0}): check that it does the job of {1}', familyLabel(family, r.table), r.subject.epd.name) : msg('another job: {0}', v.why);
  return { kind: 'check', job, basis: { kind: 'none', words: msg('the same amount') }, check };
}

/** Considers one candidate: ranked among the lowest so far, or among those that cannot be compared, or only counted. */
function consider(r: Ranking, cand: CandidateMaterial): void {
  const epd = cand.epd;
  const subject = r.subject.epd;
  if ((epd.id && epd.id === subject.id) || epd === subject) return;
  if (!r.matches(cand)) return;
  const verdict = verdictOf(r, cand);
  if (!verdict) return;
  r.counts.matching++;
  // The figure worked out when the candidate was read, else from its results (into `scratch`: nothing allocated).
  const candPerSet = cand.gwp && (cand.gwp.codes === r.codes || cand.gwp.codes.key === r.codes.key) ? cand.gwp.perSet : perSetInto(epd.lciaResults, r.codes, r.scratch) ? r.scratch : undefined;
  const zero = candPerSet !== undefined && allZero(candPerSet);
  const factor = verdict.basis.factor;
  const had = candPerSet && !zero && (factor !== undefined ? setsAtFactorInto(r.amount, epd, factor, r.options.codes, r.sets) : setsInto(r.amount, epd, r.options.codes, r.sets));
  if (!candPerSet || zero || !had) {
    r.counts.notComparable++;
    const order = !candPerSet || zero || codeDimension(r.options.codes, epd.declaredUnit.declaredUnit) === r.subjectDimension ? 0 : 1;
    const shared = containedWords(r.subjectWords, epd.name);
    const last = r.unlisted.last;
    if (last && likelier(shared, order, epd.name, last) >= 0) return;
    r.unlisted.add({ cand, order, shared, why: !candPerSet ? 'no-gwp' : zero ? 'zero' : factor !== undefined ? 'factor' : 'amount' });
    return;
  }
  // The one service-life rule: the component's (or the construction's) service life stays; else the candidate's own.
  // One that states none keeps the current material's: the same job lasts as long.
  const own = positive(epd.expectedLifespan) ? epd.expectedLifespan : undefined;
  const lifespan = r.subject.fallbackLifespan ?? own ?? r.subject.lifespan;
  const candInScope = inScopeOfLine(candPerSet, r.sets.sets, lifespan, r.options.period);
  // Within 0.5 % of the subject it is the same (a copy of the same EPD, a near-identical twin), not an alternative.
  const margin = SAME_SHARE * Math.abs(r.currentInScope);
  if (Math.abs(candInScope - r.currentInScope) <= margin) {
    r.counts.same++;
    return;
  }
  if (r.onlyLower && !(candInScope < r.currentInScope - margin)) return;
  r.counts.comparable++;
  const last = r.top.last;
  if (last && lower(candInScope, epd.name, last) >= 0) return;
  const lifespanFrom: LifespanSource = r.subject.fallbackLifespan !== undefined ? 'component' : own !== undefined ? 'material' : lifespan !== undefined ? 'current' : 'none';
  r.top.add({ cand, perSet: candPerSet === r.scratch ? { ...r.scratch } : candPerSet, sets: r.sets.sets, byMass: r.sets.byMass, lifespan, lifespanFrom, inScope: candInScope, verdict });
}

const percentOf = (delta: number, base: number | undefined): number | undefined =>
  base === undefined || base === 0 ? undefined : (100 * delta) / Math.abs(base);

/** The full entry of a listed candidate: its figures, its effect on the component and the construction, its job and basis. */
function entryOf(r: Ranking, x: Ranked): Alternative {
  const epd = x.cand.epd;
  const figures = figuresOfSets(x.perSet, x.sets, x.lifespan, r.options.period);
  const delta = minus(figures.gwp, r.current.gwp);
  const effect: Effect = { component: delta, inScope: x.inScope - r.currentInScope, percent: percentOf(x.inScope - r.currentInScope, r.currentInScope) };
  if (r.before && r.beforeInScope !== undefined) {
    const after = plus(r.before, delta);
    effect.construction = { after, inScopeAfter: inScope(after), percent: percentOf(inScope(after) - r.beforeInScope, r.beforeInScope) };
  }
  const dv = positive(epd.declaredUnit.declaredValue) ? epd.declaredUnit.declaredValue : 1;
  const basis: Basis = x.verdict.basis;
  return {
    id: epd.id,
    name: epd.name,
    source: x.cand.source,
    declaredValue: dv,
    declaredUnit: epd.declaredUnit.declaredUnit,
    gwpA1A3PerUnit: x.perSet.a1a3 / dv,
    amount: x.sets * dv,
    conversion: conversionWords(r.amount, epd, { byMass: x.byMass, sets: x.sets, ...(basis.factor !== undefined ? { factor: basis.factor } : {}) }, r.options.codes),
    rewritesQuantity: x.byMass || basis.factor !== undefined,
    byMass: x.byMass,
    lifespan: x.lifespan,
    lifespanFrom: x.lifespanFrom,
    replacements: figures.replacements,
    gwp: figures.gwp,
    inScope: x.inScope,
    effect,
    family: x.verdict.job.family,
    job: x.verdict.job,
    basis,
    ...(x.verdict.kind === 'check' ? { check: x.verdict.check } : {}),
  };
}

/** Why a listed candidate cannot be compared, in words. */
function reasonOf(r: Ranking, u: Unlisted): Msg {
  switch (u.why) {
    case 'no-gwp':
      return noGwpReason();
    case 'zero':
      return msg('its GWP results are all zero (a template, or an EPD not filled in): never offered as lower');
    case 'factor':
      return whyNotAtFactor(r.amount, r.subject.epd, u.cand.epd);
    default:
      return whyNot(r.amount, u.cand.epd, r.options.codes);
  }
}

/**
 * Ranks the candidates for `subject` (excluding the subject's own id): those that do its job, comparable ones by
 * in-scope GWP of the functional amount, lowest first; the others with their reason (those lacking a figure or a
 * dimension first). `construction` is the construction's figures when the subject is one of its components.
 */
export function rankAlternatives(
  subject: Subject,
  candidates: readonly CandidateMaterial[],
  options: AlternativesOptions,
  construction?: { figures: ConstructionFigures; index: number },
): AlternativesResult | { problem: Msg } {
  const r = prepare(subject, options, construction);
  if ('problem' in r) return r;
  // Every candidate is ranked by its figure, with nothing allocated for it unless it is among the `limit` first so
  // far; the full entry (effect, construction after, words) is made for the listed ones only.
  for (const cand of candidates) consider(r, cand);
  r.counts.candidates = candidates.length;
  r.counts.listed = Math.min(r.limit, r.counts.comparable);
  const result: AlternativesResult = {
    subject: {
      id: subject.epd.id,
      name: subject.epd.name,
      quantity: subject.quantity,
      figures: r.current,
      inScope: r.currentInScope,
      ...(construction ? { componentIndex: construction.index } : {}),
      job: r.subjectJob,
    },
    period: options.period,
    alternatives: r.top.items.map((x) => entryOf(r, x)),
    notComparable: r.unlisted.items.map((u) => ({ id: u.cand.epd.id, name: u.cand.epd.name, source: u.cand.source, reason: reasonOf(r, u) })),
    family: { ...r.subjectFamily, sameOnly: r.sameOnly },
    counts: r.counts,
  };
  if (construction) {
    const f = construction.figures;
    result.construction = { name: f.name, declaredValue: f.declaredValue, declaredUnit: f.declaredUnit, before: r.before, inScopeBefore: r.beforeInScope, problems: f.problems };
  }
  return result;
}

/** Alternatives for one declared unit of a material (its declared value in its declared unit, its own lifespan), in `parts` when known. */
export function alternativesForMaterial(material: EpdData, candidates: readonly CandidateMaterial[], options: AlternativesOptions, parts?: readonly PartId[]): AlternativesResult | { problem: Msg } {
  const du = material.declaredUnit;
  const lifespan = serviceLife({ material: material.expectedLifespan }).years;
  return rankAlternatives(
    { epd: material, quantity: { unit: du.declaredUnit, amount: positive(du.declaredValue) ? du.declaredValue : 1 }, lifespan, fallbackLifespan: undefined, ...(parts ? { parts } : {}) },
    candidates,
    options,
  );
}

/**
 * Alternatives for component `index` of a construction, with the effect on the construction per its declared unit,
 * in the building part the construction tells (`partOfConstruction`) or, failing that, `part`.
 */
export function alternativesForComponent(
  construction: unknown,
  index: number,
  lookup: MaterialLookup,
  candidates: readonly CandidateMaterial[],
  options: AlternativesOptions,
  part?: PartId,
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
  const buildingPart = partOfConstruction(construction, options.families ?? MATERIAL_FAMILIES)?.id ?? part;
  return rankAlternatives({ epd, quantity: p.quantity, lifespan, fallbackLifespan: fallback, ...(buildingPart ? { parts: [buildingPart] } : {}) }, candidates, options, { figures, index });
}

/** True when the answer is a refusal rather than a ranking. */
export const isProblem = (r: AlternativesResult | { problem: Msg }): r is { problem: Msg } => 'problem' in r;

/** A job in the user's words ("masonry, facing brick, in external walls"), for the editor's lists. */
export const describeJob = (job: Job): Msg => jobWords(job);

/** The names of a job's part, role and form (those known), for the tools' answers. */
export function jobNames(job: Job): { part?: Msg | string; role?: Msg; form?: Msg | string } {
  return {
    ...(job.part ? { part: partLabel(job.part) } : {}),
    ...(job.role ? { role: roleLabel(job.role) } : {}),
    ...(job.form ? { form: formLabelOf(job.family, job.form) } : {}),
  };
}
