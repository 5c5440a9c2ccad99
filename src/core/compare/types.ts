// Two states of a building (or of a construction) side by side: what each is made of, line by line, and how the
// difference between them is split. A state is read by the same reading and arithmetic as its dashboard (a project:
// `projectFacts`, the dashboard's breakdown, `dashboardVerdict`) or its lens (a construction: `previewConstruction`);
// a pinned baseline is a state written to a file (baseline.ts). Plain data: a state goes into a baseline file as is.
import type { Phase } from '../codes';
import type { Msg } from '../l10n';
import type { PhaseFigures } from '../lca/verdictInput';

/** One line of a state: a material in a construction of a building part, with its figure. */
export interface CompareLine {
  /** The building part (the classification the dashboard shows, e.g. "21 External walls"); '' when none. */
  part: string;
  /**
   * No classification stated: the building part a construction file's name or tags show (an id of the building parts
   * in docs/material-families.md, e.g. "external-wall"), named in the reader's language when shown.
   */
  partId?: string;
  construction: string;
  material: string;
  /** The material's service id, when known. */
  epdId?: string;
  /** The amount as the line states it, and its unit. */
  amount?: number;
  unit?: string;
  /** The service life the line was counted with, years. */
  lifetime?: number;
  /** The line's figure in the state's unit (its modules but D). */
  figure: number;
}

/** One limit of a verdict, as judged (BR18 rounds to one decimal first). */
export interface CompareLimit {
  value: number;
  limit: number;
  /** limit − value (negative: over). */
  margin: number;
  passes: boolean;
  modules: readonly Phase[];
}

/** A state's BR18 verdict: both limits where there are limits, else why there is none. */
export type CompareVerdict =
  | { kind: 'verdict'; ruleSet: string; ruleSetLabel: Msg; building: CompareLimit; constructionProcess?: CompareLimit }
  | { kind: 'none'; ruleSet?: string; reason: Msg };

/** What the figures of a state are relative to: a comparison is like for like only where these agree. */
export interface CompareBasis {
  /** The BR18 rule set (projects). */
  ruleSet?: string;
  /** Reference area, m² (projects), or the declared unit (constructions, e.g. "1 m²"). */
  referenceArea?: number;
  declaredUnit?: string;
  /** Reference study period, years. */
  period: number;
  /** The indicator of the figures ("GWP total" unless the dashboard was asked for another). */
  indicator: string;
  /** The stages counted (D reported apart). */
  stages: Phase[];
}

export interface CompareState {
  kind: 'project' | 'construction';
  /** The project's or construction's name. */
  name: string;
  /** Where it was read: a project id, a file, a file at a commit, a baseline file. */
  source: string;
  /** The unit of every figure: kg CO2e/m²/yr (projects), kg CO2e per declared unit (constructions). */
  unit: string;
  basis: CompareBasis;
  /** The figures per module (D apart, never in a total). */
  perPhase: PhaseFigures;
  /** The figure the state is judged by: the building limit's modules, else every counted module but D. */
  figure: number;
  verdict?: CompareVerdict;
  lines: CompareLine[];
}

/** The difference in one building part; `outside`: the part of the figures no line holds (B6, rounding). */
export interface PartChange {
  part: string;
  partId?: string;
  outside?: boolean;
  delta: number;
}

/** Why a line's contribution is what it is. */
export type ChangeCause = 'added' | 'removed' | 'materialReplaced' | 'quantity' | 'serviceLife' | 'areaPeriod' | 'figures' | 'outside';

export interface LineChange {
  part: string;
  partId?: string;
  construction: string;
  /** The material on each side (one of them absent for a line added or removed). */
  materialA?: string;
  materialB?: string;
  a?: CompareLine;
  b?: CompareLine;
  /** B's figure − A's figure: its share of the headline difference. */
  contribution: number;
  /** Of the contribution, what comes from a different reference area or period (the rest is the building's content). */
  fromBasis: number;
  causes: ChangeCause[];
}

export interface ModuleRow {
  module: Phase;
  a?: number;
  b?: number;
  delta?: number;
  /** Δ relative to A, in % (undefined when A is 0 or absent). */
  deltaPct?: number;
  /** D: reported apart, never in the total. */
  apart: boolean;
}

/** What differs between the two bases, so that the figures are not like for like. */
export type BasisDifference = 'ruleSet' | 'referenceArea' | 'period' | 'indicator' | 'stages' | 'declaredUnit';

export interface Comparison {
  a: CompareState;
  b: CompareState;
  /** B's figure − A's figure. */
  difference: number;
  /** Per limit, when the verdict changes between A and B. */
  verdictChange: { building?: 'passesToFails' | 'failsToPasses'; constructionProcess?: 'passesToFails' | 'failsToPasses' };
  likeForLike: { differs: BasisDifference[]; fromBasis: number; fromContent: number };
  modules: ModuleRow[];
  /** The difference by building part, largest first (the waterfall from A to B). */
  parts: PartChange[];
  /** Every line that changed, largest contribution first; with `outside`, they add up to `difference`. */
  lines: LineChange[];
  /** Σ of the contributions (lines and the part outside the lines), shown beside the difference it must equal. */
  sumOfContributions: number;
}
