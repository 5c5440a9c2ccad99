// GWP figures of one component — a material in an amount — over a reference period: A1-A3, B4 (the replacements its
// lifespan gives), C3, C4 and D apart (lca-method §3–4), read with the environment's code table. Pure, no I/O.
import { INDICATOR_TYPE, MODULE } from '../codes';
import type { CodeTable } from '../codeTable';
import { moduleDOverPeriod, replacements } from '../lca/br18';
import type { EpdData } from '../lca/types';
import { toDeclaredUnits, type ComponentQuantity } from '../units';
import { msg, type Msg } from '../l10n';

/** GWP total in kg CO2e per module; D is reported apart and never in `inScope`. */
export interface GwpByModule {
  a1a3: number;
  b4: number;
  c3: number;
  c4: number;
  d: number;
}

export const NO_GWP: GwpByModule = { a1a3: 0, b4: 0, c3: 0, c4: 0, d: 0 };

/** A1-A3 + B4 + C3 + C4: what BR18 counts of a material (B6 is the building's, D apart). */
export const inScope = (g: GwpByModule): number => g.a1a3 + g.b4 + g.c3 + g.c4;

export const plus = (a: GwpByModule, b: GwpByModule): GwpByModule => ({
  a1a3: a.a1a3 + b.a1a3,
  b4: a.b4 + b.b4,
  c3: a.c3 + b.c3,
  c4: a.c4 + b.c4,
  d: a.d + b.d,
});

export const minus = (a: GwpByModule, b: GwpByModule): GwpByModule => ({
  a1a3: a.a1a3 - b.a1a3,
  b4: a.b4 - b.b4,
  c3: a.c3 - b.c3,
  c4: a.c4 - b.c4,
  d: a.d - b.d,
});

/** The module codes and the GWP indicator type of an environment (the assumed ones where its table lacks them). */
export interface GwpCodes {
  a1a3: number;
  b4: number;
  c3: number;
  c4: number;
  d: number;
  gwp: number;
}

export function gwpCodesOf(codes: CodeTable): GwpCodes {
  const module = (label: string, assumed: number): number => codes.modules.find((m) => m.label === label)?.code ?? assumed;
  return {
    a1a3: module('A1-A3', MODULE.A1A3),
    b4: module('B4', MODULE.B4),
    c3: module('C3', MODULE.C3),
    c4: module('C4', MODULE.C4),
    d: module('D', MODULE.D),
    gwp: codes.indicatorByName('GWP_TOTAL')?.type ?? INDICATOR_TYPE.GWP_TOTAL,
  };
}

/** GWP per EPD result set (per `declaredValue` declared units), by module; undefined when A1-A3 is not declared. */
export function gwpPerSet(epd: Pick<EpdData, 'lciaResults'>, c: GwpCodes): GwpByModule | undefined {
  const out: GwpByModule = { a1a3: 0, b4: 0, c3: 0, c4: 0, d: 0 };
  return gwpPerSetInto(epd, c, out) ? out : undefined;
}

/**
 * `gwpPerSet` written into `out`; false when A1-A3 is not declared (`out` is then not to be read): one pass over the
 * results that allocates nothing, for a caller that reads every material the workspace knows and keeps a few (the
 * alternatives).
 */
export function gwpPerSetInto(epd: Pick<EpdData, 'lciaResults'>, c: GwpCodes, out: GwpByModule): boolean {
  let declared = false;
  out.a1a3 = out.b4 = out.c3 = out.c4 = out.d = 0;
  for (const r of epd.lciaResults) {
    const m = r.moduleTypeEnum;
    if (m !== c.a1a3 && m !== c.c3 && m !== c.c4 && m !== c.d) continue;
    for (const i of r.indicators) {
      if (i.type !== c.gwp) continue;
      if (m === c.a1a3) declared = true;
      // As indicatorByModule sums a module's values: in the order of the results, none of a negative module code.
      if (m < 0) continue;
      if (m === c.a1a3) out.a1a3 += i.value;
      if (m === c.c3) out.c3 += i.value;
      if (m === c.c4) out.c4 += i.value;
      if (m === c.d) out.d += i.value;
    }
  }
  return declared;
}

export interface ComponentFigures {
  /** EPD result sets the amount comes to. */
  sets: number;
  /** Years B4 is counted with; undefined = outlives the period. */
  lifespan: number | undefined;
  replacements: number;
  gwp: GwpByModule;
}

/**
 * The figures of `sets` result sets of `epd` over `period` years with `lifespan`: A1-A3, C3, C4 of one installation,
 * B4 = n · (A1-A3 + C3 + C4) with n = ⌈period / lifespan⌉ − 1, and D for the original and each replacement.
 */
export function figuresOfSets(perSet: GwpByModule, sets: number, lifespan: number | undefined, period: number): ComponentFigures {
  const n = replacements(period, lifespan);
  const a1a3 = sets * perSet.a1a3;
  const c3 = sets * perSet.c3;
  const c4 = sets * perSet.c4;
  return { sets, lifespan, replacements: n, gwp: { a1a3, b4: n * (a1a3 + c3 + c4), c3, c4, d: moduleDOverPeriod(n, sets * perSet.d) } };
}

/** `inScope(figuresOfSets(perSet, sets, lifespan, period).gwp)` — the same sums in the same order — without the objects. */
export function inScopeOfSets(perSet: Pick<GwpByModule, 'a1a3' | 'c3' | 'c4'>, sets: number, lifespan: number | undefined, period: number): number {
  const n = replacements(period, lifespan);
  const a1a3 = sets * perSet.a1a3;
  const c3 = sets * perSet.c3;
  const c4 = sets * perSet.c4;
  return a1a3 + n * (a1a3 + c3 + c4) + c3 + c4;
}

/** A component's figures, or why it cannot be computed (never a zero in its place). */
export function componentFigures(
  epd: EpdData,
  quantity: ComponentQuantity,
  lifespan: number | undefined,
  period: number,
  codes: CodeTable,
  c: GwpCodes = gwpCodesOf(codes),
): { ok: true; figures: ComponentFigures } | { ok: false; reason: Msg } {
  const perSet = gwpPerSet(epd, c);
  if (!perSet) return { ok: false, reason: noGwpReason() };
  const conv = toDeclaredUnits(quantity, epd.declaredUnit, codes);
  if (!conv.ok) return { ok: false, reason: conv.reason };
  return { ok: true, figures: figuresOfSets(perSet, conv.declaredUnits, lifespan, period) };
}

export const noGwpReason = (): Msg => msg('the material declares no GWP total for A1-A3');
