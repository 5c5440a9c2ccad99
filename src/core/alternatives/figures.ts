// GWP figures of one component — a material in an amount — over a reference period: A1-A3, B4 (the replacements its
// lifespan gives), C3, C4 and D apart, by the one line formula of core/lca/line.ts, read with the environment's code
// table. Pure, no I/O.
import type { CodeTable } from '../codeTable';
import { gwpPerSet, lineCodesOf, lineFigures, type LineCodes, type PerSet } from '../lca/line';
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
export type GwpCodes = LineCodes;

export const gwpCodesOf = (codes: CodeTable): GwpCodes => lineCodesOf(codes);

export interface ComponentFigures {
  /** EPD result sets the amount comes to. */
  sets: number;
  /** Years B4 is counted with; undefined = outlives the period. */
  lifespan: number | undefined;
  replacements: number;
  gwp: GwpByModule;
}

/** The figures of `sets` result sets over `period` years with `lifespan`, by the one line formula (`lineFigures`). */
export function figuresOfSets(perSet: PerSet, sets: number, lifespan: number | undefined, period: number): ComponentFigures {
  const f = lineFigures(perSet, sets, lifespan, { period });
  const m = f.modules;
  return { sets, lifespan, replacements: f.replacements, gwp: { a1a3: m.A1A3, b4: m.B4, c3: m.C3, c4: m.C4, d: m.D } };
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
