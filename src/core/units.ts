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

/** Base quantity (m, m², m³, kg, piece, kWh) of the component in the dimension of `to`, or what it lacks. */
function geometric(q: number, from: UnitCode, to: UnitCode, c: ComponentQuantity): number | MissingInput {
  switch (`${from.dimension}->${to.dimension}`) {
    case 'area->volume':
      return positive(c.height) ? q * c.height : 'thickness';
    case 'volume->area':
      return positive(c.height) ? q / c.height : 'thickness';
    case 'length->volume':
      return positive(c.width) && positive(c.height) ? q * c.width * c.height : 'cross-section';
    case 'volume->length':
      return positive(c.width) && positive(c.height) ? q / (c.width * c.height) : 'cross-section';
    case 'length->area':
      return positive(c.width) ? q * c.width : 'width';
    case 'area->length':
      return positive(c.width) ? q / c.width : 'width';
    default:
      return 'compatible-unit';
  }
}

/**
 * How many EPD result sets a component amounts to — `q_decl = amount · percentage/100 · conv(unit → declaredUnit) /
 * declaredValue` — or what the conversion lacks: `toDeclaredUnits` without the words, for a caller that converts one
 * amount into thousands of materials and phrases only a few of the failures (the alternatives).
 */
export function declaredUnitsOf(
  component: ComponentQuantity,
  epd: DeclaredUnitInfo,
  codes: Pick<CodeTable, 'unitByCode'>,
): number | MissingInput {
  const from = codes.unitByCode(component.unit);
  const to = codes.unitByCode(epd.declaredUnit);
  if (!from || !to) return 'unknown-code';
  if (!positive(epd.declaredValue)) return 'unit';
  const share = component.percentage === undefined ? 1 : component.percentage / 100;
  const q = component.amount * share * from.factor;

  if (from.dimension === to.dimension) return q / to.factor / epd.declaredValue;
  if (from.dimension === 'mass') {
    // The EPD's mass is for `declaredValue` declared units, so kg / mass is directly the number of result sets.
    const massUnit = codes.unitByCode(epd.massUnit ?? UNIT.KG);
    return positive(epd.mass) && massUnit?.dimension === 'mass' ? q / (epd.mass * massUnit.factor) : 'mass';
  }
  const converted = geometric(q, from, to, component);
  return typeof converted === 'number' ? converted / to.factor / epd.declaredValue : converted;
}

/** Why `declaredUnitsOf` answered `missing`, in words. */
function reasonOf(missing: MissingInput, component: ComponentQuantity, epd: DeclaredUnitInfo, codes: Pick<CodeTable, 'unitByCode'>): Msg {
  const from = codes.unitByCode(component.unit);
  const to = codes.unitByCode(epd.declaredUnit);
  if (!from) return msg('unit code {0} is not known', component.unit);
  if (!to) return msg("the EPD's declared unit code {0} is not known", epd.declaredUnit);
  switch (missing) {
    case 'unit':
      return msg('the EPD has no declaredValue > 0');
    case 'mass':
      return msg("{0} → {1} needs the EPD's mass per {2} {3}, which the EPD does not give", from.label, to.label, epd.declaredValue, to.label);
    case 'thickness':
      return msg('{0} → {1} needs the layer thickness in constructionUnit.height (m)', label(from), label(to));
    case 'cross-section':
      return msg('{0} → {1} needs the cross-section constructionUnit.width × height (m)', label(from), label(to));
    case 'width':
      return msg('{0} → {1} needs the strip width in constructionUnit.width (m)', label(from), label(to));
    default:
      return to.dimension === 'mass'
        ? msg('{0} ({1}) cannot be converted to {2} ({3}): the EPD is declared per mass and a density is not known', label(from), DIMENSIONS[from.dimension], label(to), DIMENSIONS[to.dimension])
        : msg('{0} ({1}) cannot be converted to {2} ({3})', label(from), DIMENSIONS[from.dimension], label(to), DIMENSIONS[to.dimension]);
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
  const r = declaredUnitsOf(component, epd, codes);
  return typeof r === 'number' ? { ok: true, declaredUnits: r } : { ok: false, missing: r, reason: reasonOf(r, component, epd, codes) };
}
