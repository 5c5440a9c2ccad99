// The BR18 rule table as data (§297–298, 2023 and 2025 texts, the 2027/2029 steps, the voluntary low-emission class):
// its shape, the built-in values and the categories' names. Row by row with its source: docs/br18-rules.md. Reading
// it (the row of a building, the verdict): br18Rules.ts; an environment's override of it: br18Override.ts.
import { msg, type Msg } from '../l10n';
import type { Phase } from '../codes';

/** The rule sets a calculation type selects. */
export const RULE_SET_IDS = ['br18-2023', 'br18-2025', 'lowEmission-2023', 'lowEmission-2025', 'reductionRoadmap'] as const;
export type RuleSetId = (typeof RULE_SET_IDS)[number];

/** BR18 categories as the 2025 rules name them (plus "critical": LCA required, no limit). */
export const BR18_CATEGORIES = ['holidayHome', 'house', 'multiStorey', 'office', 'institution', 'retail', 'warehouse', 'other', 'critical'] as const;
export type Br18Category = (typeof BR18_CATEGORIES)[number];

/** Steps of the 2025 rules: the limits in force for a building permit applied for from that date. */
export const BR18_STEPS = ['2025', '2027', '2029'] as const;
export type Br18Step = (typeof BR18_STEPS)[number];

/** A limit and the modules judged against it (kg CO2e/m²/yr over the period, rounded to one decimal first). */
export interface LimitRule {
  /** Per step of the rule set (one value when the rule set has no steps). */
  readonly limits: readonly number[];
  readonly modules: readonly Phase[];
}

/** One row of the table: a category (or every category) under a rule set, with its area gate. */
export interface Br18Row {
  readonly ruleSet: RuleSetId;
  /** Undefined: every category. */
  readonly categories?: readonly Br18Category[];
  /** The row applies when the heated floor area (m²) is above this… */
  readonly heatedAbove?: number;
  /** …or below this. */
  readonly heatedBelow?: number;
  /** Null: an LCA is required but there is no limit. */
  readonly building: LimitRule | null;
  /** The construction process (A4 + A5), judged apart ("lagt oveni"); absent where not in scope. */
  readonly constructionProcess?: LimitRule;
  /** Key of the source in docs/br18-rules.md. */
  readonly source: string;
}

export interface RuleSet {
  readonly id: RuleSetId;
  readonly label: Msg;
  /** Steps by the date the building permit is applied for (ISO date, the step's first day). */
  readonly steps: readonly { readonly step: Br18Step; readonly from: string }[];
  /** Reference-area items the rule set adds to the service's `regerencedAreaTypeEnum` (name → factor). */
  readonly extraReferenceAreas: Readonly<Record<string, number>>;
}

export interface Br18Rules {
  readonly ruleSets: readonly RuleSet[];
  readonly rows: readonly Br18Row[];
  /** `calculationType.calculationTypeEnum` → rule set (assumed codes; docs/service-decisions.md). */
  readonly calculationTypes: readonly { readonly code: number; readonly ruleSet: RuleSetId }[];
  /** Where the table's values came from: '' for the built-in table, else the environment whose override applied. */
  readonly overriddenBy?: string;
}

export const BUILDING_2023: readonly Phase[] = ['A1A3', 'B4', 'B6', 'C3', 'C4'];
const CONSTRUCTION_PROCESS: readonly Phase[] = ['A4', 'A5'];
const ALL_STEPS = [
  { step: '2025', from: '2025-07-01' },
  { step: '2027', from: '2027-01-01' },
  { step: '2029', from: '2029-01-01' },
] as const;
/** Conservatories, glazed balconies and the like (§297 stk. 5 nr. 2, 2025 text): 50 %. */
export const CONSERVATORIES_2025 = 'Conservatories and glazed balconies';

const b25 = (l2025: number, l2027: number, l2029: number): LimitRule => ({ limits: [l2025, l2027, l2029], modules: BUILDING_2023 });
const cp = (limit: number): LimitRule => ({ limits: [limit, limit, limit], modules: CONSTRUCTION_PROCESS });

/** The built-in table. Values sources disagree on are data: an environment's `br18` override replaces them. */
export const BR18_RULES: Br18Rules = {
  ruleSets: [
    { id: 'br18-2023', label: msg('BR18 2023'), steps: [], extraReferenceAreas: {} },
    { id: 'br18-2025', label: msg('BR18 2025'), steps: ALL_STEPS, extraReferenceAreas: { [CONSERVATORIES_2025]: 0.5 } },
    { id: 'lowEmission-2023', label: msg('Low-emission class 2023'), steps: [], extraReferenceAreas: {} },
    { id: 'lowEmission-2025', label: msg('Low-emission class 2025'), steps: [], extraReferenceAreas: { [CONSERVATORIES_2025]: 0.5 } },
    { id: 'reductionRoadmap', label: msg('Reduction roadmap'), steps: [], extraReferenceAreas: {} },
  ],
  rows: [
    // BR18 2023: 12.0 above 1,000 m² heated floor area, an LCA without a limit at or below.
    { ruleSet: 'br18-2023', heatedAbove: 1000, building: { limits: [12.0], modules: BUILDING_2023 }, source: 'br2023-limit' },
    { ruleSet: 'br18-2023', building: null, source: 'br2023-lca-only' },
    // BR18 2025, per category, with the 2027 and 2029 steps; the construction process 1.5 for every category.
    { ruleSet: 'br18-2025', categories: ['critical'], building: null, constructionProcess: cp(1.5), source: 'br2025-critical' },
    { ruleSet: 'br18-2025', categories: ['holidayHome'], heatedBelow: 150, building: b25(4.0, 3.6, 3.2), constructionProcess: cp(1.5), source: 'br2025-holiday-small' },
    { ruleSet: 'br18-2025', categories: ['holidayHome', 'house'], building: b25(6.7, 6.0, 5.4), constructionProcess: cp(1.5), source: 'br2025-houses' },
    { ruleSet: 'br18-2025', categories: ['multiStorey', 'office'], building: b25(7.5, 6.8, 6.1), constructionProcess: cp(1.5), source: 'br2025-multi-office' },
    { ruleSet: 'br18-2025', categories: ['retail', 'warehouse'], building: b25(8.0, 7.2, 6.4), constructionProcess: cp(1.5), source: 'br2025-retail-warehouse' },
    { ruleSet: 'br18-2025', categories: ['institution', 'other'], building: b25(8.0, 7.2, 6.4), constructionProcess: cp(1.5), source: 'br2025-institution-other' },
    // Voluntary low-emission class: 8.0 under the 2023 rules; from 2025 the 2029 values plus 1.1 for A4 + A5.
    { ruleSet: 'lowEmission-2023', building: { limits: [8.0], modules: BUILDING_2023 }, source: 'low2023' },
    { ruleSet: 'lowEmission-2025', categories: ['critical'], building: null, constructionProcess: { limits: [1.1], modules: CONSTRUCTION_PROCESS }, source: 'low2025' },
    { ruleSet: 'lowEmission-2025', categories: ['holidayHome'], heatedBelow: 150, building: { limits: [3.2], modules: BUILDING_2023 }, constructionProcess: { limits: [1.1], modules: CONSTRUCTION_PROCESS }, source: 'low2025' },
    { ruleSet: 'lowEmission-2025', categories: ['holidayHome', 'house'], building: { limits: [5.4], modules: BUILDING_2023 }, constructionProcess: { limits: [1.1], modules: CONSTRUCTION_PROCESS }, source: 'low2025' },
    { ruleSet: 'lowEmission-2025', categories: ['multiStorey', 'office'], building: { limits: [6.1], modules: BUILDING_2023 }, constructionProcess: { limits: [1.1], modules: CONSTRUCTION_PROCESS }, source: 'low2025' },
    { ruleSet: 'lowEmission-2025', building: { limits: [6.4], modules: BUILDING_2023 }, constructionProcess: { limits: [1.1], modules: CONSTRUCTION_PROCESS }, source: 'low2025' },
    // The reduction roadmap is a voluntary target the service offers; the table has no values for it.
    { ruleSet: 'reductionRoadmap', building: null, source: 'reduction-roadmap' },
  ],
  calculationTypes: [
    { code: 0, ruleSet: 'br18-2023' },
    { code: 1, ruleSet: 'br18-2025' },
    { code: 2, ruleSet: 'lowEmission-2023' },
    { code: 3, ruleSet: 'lowEmission-2025' },
    { code: 4, ruleSet: 'reductionRoadmap' },
  ],
};

export const CATEGORY_LABELS: Record<Br18Category, Msg> = {
  holidayHome: msg('Holiday homes (summer houses, camping cabins)'),
  house: msg('Detached, terraced, linked and semi-detached houses, tiny houses'),
  multiStorey: msg('Multi-storey housing'),
  office: msg('Offices'),
  institution: msg('Institutions (schools, day care …)'),
  retail: msg('Retail'),
  warehouse: msg('Warehouses and the like'),
  other: msg('Other buildings (production, hotels, parking …)'),
  critical: msg('Critical infrastructure (hospitals, prisons, waterworks …): LCA, no limit'),
};
