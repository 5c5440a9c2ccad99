// Converts a construction component's quantity into its EPD's declared units, or says exactly what is missing
// (never a silent zero). The rules are written down in docs/service-decisions.md, "Unit conversions".
// The calculation (core/lca, core/preview) and the construction rules (core/rules) both convert with it.
import { UNIT, type UnitCode } from './codes';
import type { CodeTable } from './codeTable';
import { msg, type Msg } from './l10n';

/** The declared unit of an EPD material, as a construction's conversion needs it. */
export interface DeclaredUnitInfo {
  declaredValue: number;
  declaredUnit: number;
  /** Mass of `declaredValue` declared units in `massUnit`; 0, null or absent = unknown. */
  mass?: number | null;
  massUnit?: number;
}

/** The fields of `constructionUnit` the conversion reads. */
export interface ComponentQuantity {
  unit: number;
  amount: number;
  /** 0–100; absent = 100. */
  percentage?: number;
  /** Metres: thickness for area↔volume, cross-section height for length↔volume. */
  height?: number;
  /** Metres: cross-section width for length↔volume (with height) and length↔area. */
  width?: number;
}

/** What the conversion lacked. */
export type MissingInput = 'unit' | 'unknown-code' | 'mass' | 'thickness' | 'cross-section' | 'width' | 'compatible-unit';

export type Conversion =
  | {
      ok: true;
      /** Number of EPD result sets (each for `declaredValue` declared units) the component amounts to. */
      declaredUnits: number;
    }
  | { ok: false; missing: MissingInput; reason: Msg };

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** A unit's dimension in words. */
export const DIMENSIONS: Readonly<Record<UnitCode['dimension'], Msg>> = {
  none: msg('no dimension'),
  length: msg('length'),
  area: msg('area'),
  volume: msg('volume'),
  mass: msg('mass'),
  count: msg('count'),
  energy: msg('energy'),
};

function label(unit: UnitCode): string {
  return unit.label;
}

/** Base quantity (m, m², m³, kg, piece, kWh) of the component in the dimension of `to`, or why it cannot be had. */
function geometric(
  q: number,
  from: UnitCode,
  to: UnitCode,
  c: ComponentQuantity,
): { ok: true; value: number } | { ok: false; missing: MissingInput; reason: Msg } {
  const pair = `${from.dimension}->${to.dimension}`;
  const thickness = (): Msg => msg('{0} → {1} needs the layer thickness in constructionUnit.height (m)', label(from), label(to));
  const section = (): Msg => msg('{0} → {1} needs the cross-section constructionUnit.width × height (m)', label(from), label(to));
  const width = (): Msg => msg('{0} → {1} needs the strip width in constructionUnit.width (m)', label(from), label(to));
  switch (pair) {
    case 'area->volume':
      return positive(c.height) ? { ok: true, value: q * c.height } : { ok: false, missing: 'thickness', reason: thickness() };
    case 'volume->area':
      return positive(c.height) ? { ok: true, value: q / c.height } : { ok: false, missing: 'thickness', reason: thickness() };
    case 'length->volume':
      return positive(c.width) && positive(c.height)
        ? { ok: true, value: q * c.width * c.height }
        : { ok: false, missing: 'cross-section', reason: section() };
    case 'volume->length':
      return positive(c.width) && positive(c.height)
        ? { ok: true, value: q / (c.width * c.height) }
        : { ok: false, missing: 'cross-section', reason: section() };
    case 'length->area':
      return positive(c.width) ? { ok: true, value: q * c.width } : { ok: false, missing: 'width', reason: width() };
    case 'area->length':
      return positive(c.width) ? { ok: true, value: q / c.width } : { ok: false, missing: 'width', reason: width() };
    default:
      return {
        ok: false,
        missing: 'compatible-unit',
        reason: to.dimension === 'mass'
          ? msg('{0} ({1}) cannot be converted to {2} ({3}): the EPD is declared per mass and a density is not known', label(from), DIMENSIONS[from.dimension], label(to), DIMENSIONS[to.dimension])
          : msg('{0} ({1}) cannot be converted to {2} ({3})', label(from), DIMENSIONS[from.dimension], label(to), DIMENSIONS[to.dimension]),
      };
  }
}

/**
 * How many EPD result sets a component amounts to: `q_decl = amount · percentage/100 · conv(unit → declaredUnit) / declaredValue`.
 */
export function toDeclaredUnits(
  component: ComponentQuantity,
  epd: DeclaredUnitInfo,
  codes: Pick<CodeTable, 'unitByCode'>,
): Conversion {
  const unitByCode = (code: number): UnitCode | undefined => codes.unitByCode(code);
  const from = unitByCode(component.unit);
  const to = unitByCode(epd.declaredUnit);
  if (!from) return { ok: false, missing: 'unknown-code', reason: msg('unit code {0} is not known', component.unit) };
  if (!to) return { ok: false, missing: 'unknown-code', reason: msg("the EPD's declared unit code {0} is not known", epd.declaredUnit) };
  if (!positive(epd.declaredValue)) return { ok: false, missing: 'unit', reason: msg('the EPD has no declaredValue > 0') };
  const share = component.percentage === undefined ? 1 : component.percentage / 100;
  const q = component.amount * share * from.factor;

  if (from.dimension === to.dimension) {
    return { ok: true, declaredUnits: q / to.factor / epd.declaredValue };
  }
  if (from.dimension === 'mass') {
    // The EPD's mass is for `declaredValue` declared units, so kg / mass is directly the number of result sets.
    const massUnit = unitByCode(epd.massUnit ?? UNIT.KG);
    const massKg = positive(epd.mass) && massUnit?.dimension === 'mass' ? epd.mass * massUnit.factor : undefined;
    if (massKg === undefined) {
      return {
        ok: false,
        missing: 'mass',
        reason: msg("{0} → {1} needs the EPD's mass per {2} {3}, which the EPD does not give", from.label, to.label, epd.declaredValue, to.label),
      };
    }
    return { ok: true, declaredUnits: q / massKg };
  }
  const converted = geometric(q, from, to, component);
  if (!converted.ok) return converted;
  return { ok: true, declaredUnits: converted.value / to.factor / epd.declaredValue };
}
