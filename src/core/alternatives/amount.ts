// The subject's amount in a candidate's declared unit: directly (the same unit, the same dimension, the component's
// thickness or cross-section), the same mass of it where its family allows, or — insulation — the volume for the same
// thermal resistance (the subject's volume × λ candidate / λ subject, a per-m² product through the thickness its
// name states). Every candidate is converted without words or objects; only the listed ones are phrased.
import type { CodeTable } from '../codeTable';
import type { EpdData } from '../lca/types';
import { msg, type Msg } from '../l10n';
import { thicknessOf } from '../performance';
import { declaredUnitsOf, toDeclaredUnits, type ComponentQuantity } from '../units';

const positive = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
const round = (x: number): number => Number(x.toPrecision(4));

/** What converting the subject's amount into a candidate's declared unit needs, found once per ranking. */
export interface SubjectAmount {
  quantity: ComponentQuantity;
  /** The subject's mass in kg in the code table's kg, for candidates its amount does not convert into; else undefined. */
  byMass: ComponentQuantity | undefined;
  /** The subject's volume in m³ (insulation at equal thermal resistance), when it can be had. */
  volume: number | undefined;
  /** How the volume was had ("0.195 m³ through the layer thickness", "the 195 mm of its name"). */
  volumeFrom?: Msg;
}

/** The code of the table's base unit of a dimension (kg, m², m³). */
const baseUnit = (codes: CodeTable, dimension: string): number | undefined => codes.units.find((u) => u.dimension === dimension && u.factor === 1)?.code;

function massPerSet(epd: EpdData, codes: CodeTable): number | undefined {
  const du = epd.declaredUnit;
  if (!positive(du.mass)) return undefined;
  const unit = du.massUnit === undefined ? undefined : codes.unitByCode(du.massUnit);
  if (du.massUnit !== undefined && unit?.dimension !== 'mass') return undefined;
  return du.mass * (unit?.factor ?? 1);
}

/** The subject's volume: its quantity in m³ (through the component's thickness), else its area × the thickness its name states. */
function volumeOf(subject: EpdData, quantity: ComponentQuantity, codes: CodeTable): { volume: number; from: Msg } | undefined {
  const m3 = baseUnit(codes, 'volume');
  const m2 = baseUnit(codes, 'area');
  if (m3 === undefined) return undefined;
  const direct = declaredUnitsOf(quantity, { declaredUnit: m3, declaredValue: 1 }, codes);
  if (typeof direct === 'number') return { volume: direct, from: msg('{0} m³', round(direct)) };
  const t = thicknessOf(subject.name);
  const area = m2 === undefined ? undefined : declaredUnitsOf(quantity, { declaredUnit: m2, declaredValue: 1 }, codes);
  return t && typeof area === 'number' ? { volume: area * t.value, from: msg('{0} m² × the {1} of its name', round(area), t.text) } : undefined;
}

export function subjectAmount(subject: EpdData, quantity: ComponentQuantity, subjectSets: number, codes: CodeTable, byMassAllowed: boolean): SubjectAmount {
  const kg = baseUnit(codes, 'mass');
  const subjectMass = byMassAllowed ? massPerSet(subject, codes) : undefined;
  const v = volumeOf(subject, quantity, codes);
  return {
    quantity,
    byMass: kg !== undefined && subjectMass !== undefined ? { unit: kg, amount: subjectSets * subjectMass } : undefined,
    volume: v?.volume,
    ...(v ? { volumeFrom: v.from } : {}),
  };
}

/** How many result sets of the candidate the amount is, and how it was had (a scratch object, reused per candidate). */
export interface Sets {
  sets: number;
  byMass: boolean;
}

/**
 * The subject's amount in the candidate's result sets, written into `out` — directly, else (when the amount has no
 * unit of the candidate's kind) the same mass of it, when both masses are known; false when it cannot be had.
 */
export function setsInto(s: SubjectAmount, candidate: EpdData, codes: CodeTable, out: Sets): boolean {
  const direct = declaredUnitsOf(s.quantity, candidate.declaredUnit, codes);
  if (typeof direct === 'number') {
    out.sets = direct;
    out.byMass = false;
    return true;
  }
  if (s.byMass && direct === 'compatible-unit') {
    const byMass = declaredUnitsOf(s.byMass, candidate.declaredUnit, codes);
    if (typeof byMass !== 'number') return false;
    out.sets = byMass;
    out.byMass = true;
    return true;
  }
  return false;
}

/** The m³ of one result set of an insulation candidate: its volume, or its area × the thickness its name states. */
function volumePerSet(candidate: EpdData, codes: CodeTable): number | undefined {
  const du = candidate.declaredUnit;
  const unit = codes.unitByCode(du.declaredUnit);
  if (!unit || !positive(du.declaredValue)) return undefined;
  if (unit.dimension === 'volume') return du.declaredValue * unit.factor;
  const t = unit.dimension === 'area' ? thicknessOf(candidate.name) : undefined;
  return t ? du.declaredValue * unit.factor * t.value : undefined;
}

/** The candidate's result sets for the subject's volume × `factor` (equal thermal resistance); false when a volume is not known. */
export function setsAtFactorInto(s: SubjectAmount, candidate: EpdData, factor: number, codes: CodeTable, out: Sets): boolean {
  const per = s.volume === undefined ? undefined : volumePerSet(candidate, codes);
  if (s.volume === undefined || per === undefined) return false;
  out.sets = (s.volume * factor) / per;
  out.byMass = false;
  return true;
}

/** Why `setsAtFactorInto` found no amount. */
export function whyNotAtFactor(s: SubjectAmount, subject: EpdData, candidate: EpdData): Msg {
  if (s.volume === undefined) return msg('the volume of {0} is not known (no layer thickness, and none in its name): the thickness for the same thermal resistance cannot be worked out', subject.name);
  return msg('the declared unit of {0} is not a volume, and its name states no thickness: the amount for the same thermal resistance cannot be worked out', candidate.name);
}

/** Why `setsInto` found no amount of the candidate. */
export function whyNot(s: SubjectAmount, candidate: EpdData, codes: CodeTable): Msg {
  const direct = toDeclaredUnits(s.quantity, candidate.declaredUnit, codes);
  if (!direct.ok && s.byMass && direct.missing === 'compatible-unit') {
    const byMass = toDeclaredUnits(s.byMass, candidate.declaredUnit, codes);
    if (!byMass.ok) return byMass.reason;
  }
  return direct.ok ? msg('same unit') : direct.reason;
}

/** How the amount was converted, in words. */
export function conversionWords(s: SubjectAmount, candidate: EpdData, how: { byMass: boolean; factor?: number; sets: number }, codes: CodeTable): Msg {
  if (how.factor !== undefined) {
    const du = candidate.declaredUnit;
    const amount = how.sets * (positive(du.declaredValue) ? du.declaredValue : 1);
    return msg('{0} × {1} for the same thermal resistance: {2} {3}', s.volumeFrom ?? '', round(how.factor), round(amount), codes.unitByCode(du.declaredUnit)?.label ?? String(du.declaredUnit));
  }
  return how.byMass && s.byMass ? msg('by mass: the same {0} kg as the current material', round(s.byMass.amount)) : conversionOf(s.quantity, candidate, codes);
}

/** How an amount converts directly into the candidate's declared unit, in words. */
function conversionOf(q: ComponentQuantity, candidate: EpdData, codes: CodeTable): Msg {
  const from = codes.unitByCode(q.unit);
  const to = codes.unitByCode(candidate.declaredUnit.declaredUnit);
  if (!from || !to || from.code === to.code) return msg('same unit');
  if (from.dimension === to.dimension) return msg('{0} → {1}', from.label, to.label);
  if (from.dimension === 'mass') return msg("{0} → {1} through the candidate's mass per declared unit", from.label, to.label);
  const pair = new Set([from.dimension, to.dimension]);
  if (pair.has('area') && pair.has('volume')) return msg('{0} → {1} through the layer thickness {2} m', from.label, to.label, q.height ?? 0);
  if (pair.has('area')) return msg('{0} → {1} through the strip width {2} m', from.label, to.label, q.width ?? 0);
  return msg('{0} → {1} through the cross-section {2} m × {3} m', from.label, to.label, q.width ?? 0, q.height ?? 0);
}
