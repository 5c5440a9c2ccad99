// The shapes of the alternatives' answer: what is asked (a subject in an amount, the options), each candidate with its
// job, its performance basis and any open check, and the counts of what was not offered and why.
import type { CodeTable } from '../codeTable';
import type { EpdData } from '../lca/types';
import type { Msg } from '../l10n';
import type { ComponentQuantity } from '../units';
import type { FamilyId, FamilyOf, FamilyTable, PartId } from '../families';
import type { Job } from '../jobs';
import type { Basis } from '../performance';
import type { ComponentFigures, ConstructionFigures, GwpByModule } from '../lca/construction';

export interface AlternativesOptions {
  codes: CodeTable;
  /** Reference study period in years (BR18: 50). */
  period: number;
  /** Words that must all occur in a candidate's name (or id), case-insensitive; none = every candidate. */
  query?: string;
  /** Keep only candidates lower than the subject by more than "the same" (0.5 %) (default true). */
  onlyLower?: boolean;
  /** At most this many alternatives and this many non-comparable candidates (default 10). */
  limit?: number;
  /**
   * 'same' (default): only candidates that do the subject's job are offered — its family's (insulation: any
   * insulation's) in a form that stands for its form; the others are counted (`counts.otherKinds`,
   * `counts.otherJobs`), never ranked. 'any': every candidate, each with what to check (a search by words).
   * When the subject's family is unknown, every candidate is offered, each worth checking, and the result says so.
   */
  family?: 'same' | 'any';
  /** The family vocabulary (default: the built-in one). */
  families?: FamilyTable;
}

/** Where a candidate's lifespan comes from: the component's (or construction's), its own, the current material's (it states none), none. */
export type LifespanSource = 'material' | 'component' | 'current' | 'none';

export interface Alternative {
  id: string;
  name: string;
  source: string;
  declaredValue: number;
  declaredUnit: number;
  /** GWP A1-A3 per one declared unit (kg CO2e). */
  gwpA1A3PerUnit: number;
  /** The subject's amount in the candidate's declared unit (at equal thermal resistance for insulation). */
  amount: number;
  /** How the amount was converted, e.g. "same unit", "m² → m³ through the layer thickness 0.2 m". */
  conversion: Msg;
  /**
   * True when the subject's quantity does not convert into the candidate's declared unit by itself (the same mass,
   * or the thickness for the same thermal resistance): taking the candidate then means writing `amount` in
   * `declaredUnit` as the component's quantity too.
   */
  rewritesQuantity: boolean;
  /** True when the amount is the same mass of it (never a like-for-like amount). */
  byMass: boolean;
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
  /** Its job in the subject's building part: the part, its role there and its form. */
  job: Job;
  /** What its performance was judged by (the same form, a strength class at least, equal thermal resistance …). */
  basis: Basis;
  /** Worth checking: what stands between it and a like-for-like swap (undefined: the same job with nothing open). */
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

export interface AlternativesCounts {
  candidates: number;
  /** Candidates that do the job (matching the words asked for). */
  matching: number;
  comparable: number;
  listed: number;
  notComparable: number;
  /** Matching candidates of another family (insulation: of no insulation family), not offered. */
  otherKinds: number;
  /** Candidates of the family in another form or role (a deck element for a wall element), not offered. */
  otherJobs: number;
  /** Candidates within 0.5 % of the subject: the same, not an alternative. */
  same: number;
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
    /** Its job: the building part (when known), its role there and its form. */
    job: Job;
  };
  period: number;
  /** The construction's figures before any change, when the subject is a component. */
  construction?: { name: string; declaredValue: number; declaredUnit: number; before: GwpByModule | undefined; inScopeBefore: number | undefined; problems: ConstructionFigures['problems'] };
  alternatives: Alternative[];
  notComparable: NotComparable[];
  /**
   * The subject's family and whether the candidates were kept to its job (false: its family is unknown, or every
   * family was asked for).
   */
  family: FamilyOf & { sameOnly: boolean };
  counts: AlternativesCounts;
}

/** A subject for the alternatives: a material in an amount (its quantity) with the lifespan it is counted with now. */
export interface Subject {
  epd: EpdData;
  quantity: ComponentQuantity;
  lifespan: number | undefined;
  /** The lifespan a candidate falls back to when it declares none (the component's or construction's). */
  fallbackLifespan: number | undefined;
  /** The building parts its lines are in (a construction's; a hot spot's lines'); none known: empty or absent. */
  parts?: readonly PartId[];
}

/** Differences within this share of the subject's figure are "the same", not an alternative. */
export const SAME_SHARE = 0.005;
