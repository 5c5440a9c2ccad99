// The comparison as data others read: the agents' answer (lca_compare) and the page's JSON export are this one shape —
// each side's figure and verdicts, the difference, what is not like for like, the modules, the building parts and the
// lines with their causes. Plain values: messages in the caller's words, numbers as given (or rounded by the caller).
import { format, type Msg } from '../l10n';
import { linePartText, partRowText } from './diff';
import type { CompareLimit, CompareState, Comparison } from './types';

export interface SummaryOptions {
  /** How many lines (largest first); default all. */
  lines?: number;
  /** Applied to every figure (the tools keep six significant digits; the export keeps them all). */
  round?: (x: number) => number;
  say?: (m: Msg) => string;
}

/** The comparison as plain data, in the order the page shows it. */
export function comparisonSummary(c: Comparison, options: SummaryOptions = {}) {
  const r = options.round ?? ((x: number) => x);
  const opt = (x: number | undefined): number | null => (x === undefined ? null : r(x));
  const say = options.say ?? format;
  const limitOut = (l: CompareLimit | undefined) => (l ? { value: l.value, limit: l.limit, margin: r(l.margin), passes: l.passes } : null);
  const sideOut = (s: CompareState) => ({
    name: s.name,
    source: s.source,
    figure: r(s.figure),
    building: limitOut(s.verdict?.kind === 'verdict' ? s.verdict.building : undefined),
    constructionProcess: limitOut(s.verdict?.kind === 'verdict' ? s.verdict.constructionProcess : undefined),
    noVerdict: s.verdict?.kind === 'none' ? say(s.verdict.reason) : null,
    referenceAreaM2: s.basis.referenceArea ?? null,
    periodYears: s.basis.period,
  });
  return {
    unit: c.a.unit,
    a: sideOut(c.a),
    b: sideOut(c.b),
    difference: r(c.difference),
    sumOfContributions: r(c.sumOfContributions),
    verdictChange: { building: c.verdictChange.building ?? null, constructionProcess: c.verdictChange.constructionProcess ?? null },
    notLikeForLike: c.likeForLike.differs,
    fromAreaOrPeriod: r(c.likeForLike.fromBasis),
    fromContent: r(c.likeForLike.fromContent),
    modules: c.modules.map((m) => ({ module: m.module, a: opt(m.a), b: opt(m.b), delta: opt(m.delta), deltaPercent: opt(m.deltaPct), apart: m.apart })),
    parts: c.parts.map((p) => ({ part: partRowText(p, say), delta: r(p.delta) })),
    lines: c.lines.slice(0, options.lines ?? c.lines.length).map((l) => ({ part: linePartText(l, say), construction: l.construction, materialA: l.materialA ?? null, materialB: l.materialB ?? null, contribution: r(l.contribution), causes: l.causes })),
    linesChanged: c.lines.length,
  };
}

export type ComparisonSummary = ReturnType<typeof comparisonSummary>;
