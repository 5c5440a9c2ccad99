// Converts a construction component's quantity into its EPD's declared units, or says exactly what is missing
// (never a silent zero). The rules are written down in docs/service-decisions.md, "Unit conversions".
import { UNIT, type UnitCode } from '../codes';
import { activeCodes, type CodeTable } from '../codeTable';
import type { DeclaredUnitInfo } from './types';

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
  | { ok: false; missing: MissingInput; reason: string };

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

function label(unit: UnitCode): string {
  return unit.label;
}

/** Base quantity (m, m², m³, kg, piece, kWh) of the component in the dimension of `to`, or why it cannot be had. */
function geometric(
  q: number,
  from: UnitCode,
  to: UnitCode,
  c: ComponentQuantity,
): { ok: true; value: number } | { ok: false; missing: MissingInput; reason: string } {
  const pair = `${from.dimension}->${to.dimension}`;
  const thickness = (): string => `${label(from)} → ${label(to)} needs the layer thickness in constructionUnit.height (m)`;
  const section = (): string => `${label(from)} → ${label(to)} needs the cross-section constructionUnit.width × height (m)`;
  const width = (): string => `${label(from)} → ${label(to)} needs the strip width in constructionUnit.width (m)`;
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
        reason: `${label(from)} (${from.dimension}) cannot be converted to ${label(to)} (${to.dimension})` +
          (to.dimension === 'mass' ? ': the EPD is declared per mass and a density is not known' : ''),
      };
  }
}

/**
 * How many EPD result sets a component amounts to: `q_decl = amount · percentage/100 · conv(unit → declaredUnit) / declaredValue`.
 */
export function toDeclaredUnits(
  component: ComponentQuantity,
  epd: DeclaredUnitInfo,
  codes: Pick<CodeTable, 'unitByCode'> = activeCodes(),
): Conversion {
  const unitByCode = (code: number): UnitCode | undefined => codes.unitByCode(code);
  const from = unitByCode(component.unit);
  const to = unitByCode(epd.declaredUnit);
  if (!from) return { ok: false, missing: 'unknown-code', reason: `unit code ${component.unit} is not known` };
  if (!to) return { ok: false, missing: 'unknown-code', reason: `the EPD's declared unit code ${epd.declaredUnit} is not known` };
  if (!positive(epd.declaredValue)) return { ok: false, missing: 'unit', reason: 'the EPD has no declaredValue > 0' };
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
        reason: `${from.label} → ${to.label} needs the EPD's mass per ${epd.declaredValue} ${to.label}, which the EPD does not give`,
      };
    }
    return { ok: true, declaredUnits: q / massKg };
  }
  const converted = geometric(q, from, to, component);
  if (!converted.ok) return converted;
  return { ok: true, declaredUnits: converted.value / to.factor / epd.declaredValue };
}
