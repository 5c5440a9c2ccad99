// The difference between two states: the headline (each side's figure and verdict, the difference and whether a
// verdict changes), what makes it not like for like (rule set, area, period, indicator, stages, declared unit), the
// modules, the building parts and the lines — added, removed, changed — each with its contribution and its causes.
// Every line of either side is in exactly one change, and the part of each figure its lines do not hold (B6, what the
// breakdown leaves out, the service's rounding) is a row of its own: the contributions add up to the difference.
import { PHASES } from '../codes';
import { msg, type Msg } from '../l10n';
import { BUILDING_PARTS } from '../jobTable';
import type { BasisDifference, ChangeCause, CompareLine, CompareState, Comparison, LineChange, ModuleRow, PartChange } from './types';

const CONTENT_CAUSES = new Set<ChangeCause>(['added', 'removed', 'materialReplaced', 'quantity', 'serviceLife']);

/** The part of a state's figure its lines do not hold, as a line of its own. */
export const OUTSIDE_LINES = '';

const same = (x: number | undefined, y: number | undefined): boolean =>
  x === y || (x !== undefined && y !== undefined && Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y)));

// The part a construction's name shows (partId) is not in the key: the name is, and a baseline pinned before it was read matches.
const keyOf = (l: Pick<CompareLine, 'part' | 'construction'>): string => `${l.part}\u0000${l.construction}`;

/**
 * A building part as people read it: the classification stated, else the part a construction's name or tags show with
 * its class code ("(21) external walls", in `say`'s language); '' for none.
 */
export function partText(p: Pick<PartChange, 'part' | 'partId'>, say: (m: Msg) => string): string {
  if (p.part || !p.partId) return p.part;
  const row = BUILDING_PARTS.find((x) => x.id === p.partId);
  return row ? `(${row.codes[0]}) ${say(row.label)}` : p.partId;
}

/** A row of the waterfall by building part, named: the part outside the lines and a line of no part say so. */
export const partRowText = (p: PartChange, say: (m: Msg) => string): string =>
  p.outside ? say(msg('(outside the breakdown lines)')) : partText(p, say) || say(msg('(no building part)'));

/** A changed line's building part as people read it; the part outside the lines says so. */
export const linePartText = (l: LineChange, say: (m: Msg) => string): string => (l.causes.includes('outside') ? say(msg('(outside the breakdown lines)')) : partText(l, say));

/** Where a changed line is: building part › construction. */
export const lineWhere = (l: LineChange, say: (m: Msg) => string): string => [linePartText(l, say), l.construction].filter((x) => x).join(' › ');

/** Lines of one construction with the same material, summed (a material may be listed once per element). */
function grouped(lines: readonly CompareLine[]): Map<string, Map<string, CompareLine>> {
  const out = new Map<string, Map<string, CompareLine>>();
  for (const l of lines) {
    const k = keyOf(l);
    const group = out.get(k) ?? new Map<string, CompareLine>();
    out.set(k, group);
    const had = group.get(l.material);
    if (!had) {
      group.set(l.material, { ...l });
      continue;
    }
    had.figure += l.figure;
    if (had.amount !== undefined && l.amount !== undefined && had.unit === l.unit) had.amount += l.amount;
    else delete had.amount;
    if (had.lifetime !== l.lifetime) delete had.lifetime;
  }
  return out;
}

/** What differs between the two bases (so that the figures are not like for like). */
export function basisDifferences(a: CompareState, b: CompareState): BasisDifference[] {
  const out: BasisDifference[] = [];
  if (a.basis.ruleSet !== b.basis.ruleSet) out.push('ruleSet');
  if (!same(a.basis.referenceArea, b.basis.referenceArea)) out.push('referenceArea');
  if (a.basis.period !== b.basis.period) out.push('period');
  if (a.basis.indicator !== b.basis.indicator) out.push('indicator');
  if (a.basis.stages.join() !== b.basis.stages.join()) out.push('stages');
  if (a.basis.declaredUnit !== b.basis.declaredUnit) out.push('declaredUnit');
  return out;
}

/**
 * B's figures over A's reference area and period: a figure per m² and year of B times this is what B's kilograms
 * would give over A's area and period (1 when both are the same or either area is not known).
 */
function basisScale(a: CompareState, b: CompareState): number {
  const areaA = a.basis.referenceArea;
  const areaB = b.basis.referenceArea;
  if (a.kind !== 'project' || b.kind !== 'project' || !areaA || !areaB) return 1;
  return (areaB * b.basis.period) / (areaA * a.basis.period);
}

function causesOf(a: CompareLine, b: CompareLine, scale: number): ChangeCause[] {
  const causes: ChangeCause[] = [];
  if (a.material !== b.material) causes.push('materialReplaced');
  if (!same(a.amount, b.amount) || a.unit !== b.unit) causes.push('quantity');
  if (a.lifetime !== b.lifetime) causes.push('serviceLife');
  if (scale !== 1) causes.push('areaPeriod');
  if (!causes.length && !same(a.figure, b.figure)) causes.push('figures');
  return causes;
}

function change(a: CompareLine | undefined, b: CompareLine | undefined, scale: number): LineChange {
  const fa = a?.figure ?? 0;
  const fb = b?.figure ?? 0;
  const l = (a ?? b)!;
  const partId = b?.partId ?? a?.partId;
  return {
    part: l.part,
    ...(partId !== undefined ? { partId } : {}),
    construction: l.construction,
    ...(a ? { materialA: a.material, a } : {}),
    ...(b ? { materialB: b.material, b } : {}),
    contribution: fb - fa,
    fromBasis: fb * (1 - 1 / scale),
    causes: a && b ? causesOf(a, b, scale) : [a ? 'removed' : 'added'],
  };
}

/** The lines' changes: the same material in the same construction matched; one removed and one added there, replaced. */
function lineChanges(a: CompareState, b: CompareState, scale: number): LineChange[] {
  const ga = grouped(a.lines);
  const gb = grouped(b.lines);
  const out: LineChange[] = [];
  for (const k of new Set([...ga.keys(), ...gb.keys()])) {
    const la = ga.get(k) ?? new Map<string, CompareLine>();
    const lb = gb.get(k) ?? new Map<string, CompareLine>();
    const removed = [...la.values()].filter((l) => !lb.has(l.material));
    const added = [...lb.values()].filter((l) => !la.has(l.material));
    for (const [material, x] of la) if (lb.has(material)) out.push(change(x, lb.get(material), scale));
    if (removed.length === 1 && added.length === 1) out.push(change(removed[0], added[0], scale));
    else {
      for (const x of removed) out.push(change(x, undefined, scale));
      for (const y of added) out.push(change(undefined, y, scale));
    }
  }
  // The part of each figure outside its lines (B6, what the breakdown leaves out, rounding): one row.
  const outsideA = a.figure - a.lines.reduce((s, l) => s + l.figure, 0);
  const outsideB = b.figure - b.lines.reduce((s, l) => s + l.figure, 0);
  if (!same(outsideA, 0) || !same(outsideB, 0)) {
    out.push({ part: OUTSIDE_LINES, construction: '', contribution: same(outsideA, outsideB) ? 0 : outsideB - outsideA, fromBasis: outsideB * (1 - 1 / scale), causes: ['outside'] });
  }
  return out;
}

function moduleRows(a: CompareState, b: CompareState): ModuleRow[] {
  const rows: ModuleRow[] = [];
  for (const module of PHASES) {
    const x = a.perPhase[module];
    const y = b.perPhase[module];
    if (x === undefined && y === undefined) continue;
    const delta = x !== undefined && y !== undefined ? y - x : undefined;
    rows.push({ module, ...(x !== undefined ? { a: x } : {}), ...(y !== undefined ? { b: y } : {}), ...(delta !== undefined ? { delta } : {}), ...(delta !== undefined && x ? { deltaPct: (delta / Math.abs(x)) * 100 } : {}), apart: module === 'D' });
  }
  return rows;
}

function verdictChange(a: CompareState, b: CompareState): Comparison['verdictChange'] {
  const va = a.verdict?.kind === 'verdict' ? a.verdict : undefined;
  const vb = b.verdict?.kind === 'verdict' ? b.verdict : undefined;
  const flip = (x: { passes: boolean } | undefined, y: { passes: boolean } | undefined) =>
    x && y && x.passes !== y.passes ? (x.passes ? 'passesToFails' : 'failsToPasses') : undefined;
  const building = flip(va?.building, vb?.building);
  const constructionProcess = flip(va?.constructionProcess, vb?.constructionProcess);
  return { ...(building ? { building } : {}), ...(constructionProcess ? { constructionProcess } : {}) };
}

/** A beside B, or why they cannot be compared (a project against a construction, figures in other units). */
export function compareStates(a: CompareState, b: CompareState): Comparison | { problem: Msg } {
  if (a.kind !== b.kind) return { problem: msg('{0} is a {1} and {2} a {3}: compare two projects or two constructions', a.source, a.kind, b.source, b.kind) };
  if (a.unit !== b.unit) return { problem: msg('{0} is in {1} and {2} in {3}: compare figures of the same unit', a.source, a.unit, b.source, b.unit) };
  const scale = basisScale(a, b);
  const lines = lineChanges(a, b, scale).sort((x, y) => Math.abs(y.contribution) - Math.abs(x.contribution));
  const byPart = new Map<string, PartChange>();
  for (const l of lines) {
    const outside = l.causes.includes('outside');
    const key = outside ? '\u0001' : `${l.part}\u0000${l.partId ?? ''}`;
    const had = byPart.get(key) ?? { part: l.part, ...(l.partId !== undefined ? { partId: l.partId } : {}), ...(outside ? { outside } : {}), delta: 0 };
    had.delta += l.contribution;
    byPart.set(key, had);
  }
  const sumOfContributions = lines.reduce((s, l) => s + l.contribution, 0);
  const fromBasis = lines.reduce((s, l) => s + l.fromBasis, 0);
  const difference = b.figure - a.figure;
  return {
    a,
    b,
    difference,
    verdictChange: verdictChange(a, b),
    likeForLike: { differs: basisDifferences(a, b), fromBasis, fromContent: difference - fromBasis },
    modules: moduleRows(a, b),
    // A part whose lines cancel out (+0.3 − 0.3 = 4e-17) did not change.
    parts: [...byPart.values()].map((p) => (same(p.delta, 0) ? { ...p, delta: 0 } : p)).sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta)),
    // A line listed: it moved the figure, or its content changed (a quantity and a service life may offset).
    lines: lines.filter((l) => !same(l.contribution, 0) || l.causes.some((c) => CONTENT_CAUSES.has(c))),
    sumOfContributions,
  };
}

