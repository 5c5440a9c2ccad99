// The one line formula: the figures of one material line — an amount of a material, in its EPD's result sets, with a
// service life — per module over the reference study period (lca-method §3–4, EN 15978). The local service's
// dashboards, the impact preview, the alternatives and What if… all compute a line with `lineFigures` and choose its
// service life with `serviceLife`; nothing else multiplies an EPD's figure by replacements. Pure: no I/O.
import { INDICATOR_TYPE, MODULE } from '../codes';
import type { CodeTable } from '../codeTable';
import { moduleDOverPeriod, replacements } from './br18';
import type { ModuleResult } from './types';

/** One indicator of an EPD per result set (per `declaredValue` declared units), by the modules a line reads. */
export interface PerSet {
  a1a3: number;
  a4: number;
  c3: number;
  c4: number;
  d: number;
}

/** A line's figures per module over the period, in the indicator's unit (kg CO2e for GWP). D is never counted. */
export interface LineModules {
  A1A3: number;
  A4: number;
  /** Wastage: the wasted share of the products' A1-A3 + C3 + C4. */
  A5: number;
  /** Replacements within the period: n · (A1-A3 + C3 + C4). */
  B4: number;
  C3: number;
  C4: number;
  /** Beyond the system boundary, for the original and every replacement (as LCAbyg counts it); reported apart. */
  D: number;
}

export interface LineFigures {
  /** The service life counted (undefined: it outlives the period, no replacement). */
  lifespan: number | undefined;
  replacements: number;
  modules: LineModules;
}

/** What a line's figures depend on besides the material: the period and the project's wastage percentage. */
export interface LineBasis {
  period: number;
  /** A5 as a percentage of the products' A1-A3 + C3 + C4; 0 or absent: no wastage counted. */
  wastagePercentage?: number;
}

/**
 * The figures of `sets` result sets of a material with `perSet` and `lifespan` over `basis.period`:
 * A1-A3, A4, C3, C4 = sets · EPD[module]; A5 = wastage % · sets · (A1-A3 + C3 + C4);
 * B4 = n · sets · (A1-A3 + C3 + C4) with n = ⌈period / lifespan⌉ − 1 (`replacements`); D = (1 + n) · sets · EPD[D].
 */
export function lineFigures(perSet: PerSet, sets: number, lifespan: number | undefined, basis: LineBasis): LineFigures {
  const n = replacements(basis.period, lifespan);
  const productAndEnd = perSet.a1a3 + perSet.c3 + perSet.c4;
  const wastage = (basis.wastagePercentage || 0) / 100;
  return {
    lifespan,
    replacements: n,
    modules: {
      A1A3: sets * perSet.a1a3,
      A4: sets * perSet.a4,
      A5: wastage * sets * productAndEnd,
      B4: n * sets * productAndEnd,
      C3: sets * perSet.c3,
      C4: sets * perSet.c4,
      D: moduleDOverPeriod(n, sets * perSet.d),
    },
  };
}

/**
 * A1-A3 + B4 + C3 + C4 of `lineFigures(perSet, sets, lifespan, { period })` — the same products summed in the same
 * order — without the objects: the fast path of a ranking that reads every material the workspace knows
 * (test/unit/lca/line.test.ts proves it equal to the formula).
 */
export function inScopeOfLine(perSet: Pick<PerSet, 'a1a3' | 'c3' | 'c4'>, sets: number, lifespan: number | undefined, period: number): number {
  const n = replacements(period, lifespan);
  return sets * perSet.a1a3 + n * sets * (perSet.a1a3 + perSet.c3 + perSet.c4) + sets * perSet.c3 + sets * perSet.c4;
}

/** Where a line's service life came from. */
export type ServiceLifeSource = 'component' | 'element' | 'construction' | 'material' | 'none';

/** The service lives a line may have, from the most specific to the least. */
export interface ServiceLives {
  /** The construction component's `expectedLifespan`. */
  component?: unknown;
  /** The project element's `lifetime`. */
  element?: unknown;
  /** The construction's `expectedLifespan`. */
  construction?: unknown;
  /** The material's (EPD's) `expectedLifespan`. */
  material?: unknown;
}

const SERVICE_LIFE_ORDER: readonly Exclude<ServiceLifeSource, 'none'>[] = ['component', 'element', 'construction', 'material'];

const positiveYears = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);

/**
 * The one service-life rule (docs/service-decisions.md, "Service life"): the first positive number of the
 * component, the element, the construction, the material; none: the line outlives the period. A value that is not a
 * positive number is passed over, never counted as a lifespan of 0.
 */
export function serviceLife(lives: ServiceLives): { years: number | undefined; from: ServiceLifeSource } {
  for (const from of SERVICE_LIFE_ORDER) {
    const years = positiveYears(lives[from]);
    if (years !== undefined) return { years, from };
  }
  return { years: undefined, from: 'none' };
}

/**
 * A service life given on the line itself — its component or its element, the values a consultant sets for this
 * line — that is a number but not a positive one (0, negative): the rule passes over it to the next one given, so
 * the line is counted with a service life nobody chose for it. Undefined when the line's own values are positive
 * or not given.
 */
export function passedOverLife(lives: Pick<ServiceLives, 'component' | 'element'>): number | undefined {
  for (const v of [lives.component, lives.element]) {
    if (positiveYears(v) !== undefined) return undefined;
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return undefined;
}

/** The module codes and the indicator types a line reads, by their meaning in an environment's code table. */
export interface LineCodes {
  /** Module code → the figure it adds to (every code the table labels A1-A3, A4, C3, C4 or D). */
  readonly modules: ReadonlyMap<number, keyof PerSet>;
  /** The indicator types read (every type the table names GWP_TOTAL, or the one asked for). */
  readonly indicators: ReadonlySet<number>;
  /** Equal for the same codes: whether figures read with one are those of another. */
  readonly key: string;
}

const LINE_MODULES: readonly [string, keyof PerSet, number][] = [
  ['A1-A3', 'a1a3', MODULE.A1A3],
  ['A4', 'a4', MODULE.A4],
  ['C3', 'c3', MODULE.C3],
  ['C4', 'c4', MODULE.C4],
  ['D', 'd', MODULE.D],
];

/**
 * The line codes of `codes` for an indicator type (by default every type the table names GWP_TOTAL): a code means
 * what the table says it means, so a table that renumbers a module or an indicator is followed, and one that keeps
 * the assumed code beside its own reads both. A meaning the table lacks falls back to the assumed code.
 */
export function lineCodesOf(codes: Pick<CodeTable, 'modules' | 'indicators'>, indicatorType?: number): LineCodes {
  const modules = new Map<number, keyof PerSet>();
  for (const [label, key, assumed] of LINE_MODULES) {
    const found = codes.modules.filter((m) => m.label === label);
    for (const m of found.length ? found : [{ code: assumed }]) if (m.code >= 0) modules.set(m.code, key);
  }
  const named = codes.indicators.filter((i) => i.name === 'GWP_TOTAL').map((i) => i.type);
  const indicators = new Set(indicatorType !== undefined ? [indicatorType] : named.length ? named : [INDICATOR_TYPE.GWP_TOTAL]);
  const key = `${[...modules].map(([c, k]) => `${c}${k}`).join(',')}|${[...indicators].join(',')}`;
  return { modules, indicators, key };
}

/**
 * `out` filled with an EPD's figures per result set; false when it declares no A1-A3 figure of the indicator (then
 * `out` still holds what it declares). A module's values are summed in the order of the results. One pass, nothing
 * allocated.
 */
export function perSetInto(results: readonly ModuleResult[], c: LineCodes, out: PerSet): boolean {
  let declared = false;
  out.a1a3 = out.a4 = out.c3 = out.c4 = out.d = 0;
  for (const r of results) {
    const key = c.modules.get(r.moduleTypeEnum);
    if (key === undefined) continue;
    for (const i of r.indicators) {
      if (!c.indicators.has(i.type)) continue;
      if (key === 'a1a3') declared = true;
      out[key] += i.value;
    }
  }
  return declared;
}

/** GWP per EPD result set (per `declaredValue` declared units), by module; undefined when A1-A3 is not declared. */
export function gwpPerSet(epd: { lciaResults: readonly ModuleResult[] }, c: LineCodes): PerSet | undefined {
  const out: PerSet = { a1a3: 0, a4: 0, c3: 0, c4: 0, d: 0 };
  return perSetInto(epd.lciaResults, c, out) ? out : undefined;
}

/** An EPD's figures per result set (0 for a module it does not declare). */
export function perSetOf(results: readonly ModuleResult[], c: LineCodes): PerSet {
  const out: PerSet = { a1a3: 0, a4: 0, c3: 0, c4: 0, d: 0 };
  perSetInto(results, c, out);
  return out;
}
