// Unit texts as people and EPDs write them ("m3", "m³", "kubikmeter", "stk") read as the label of a unit of the
// code table ("M3", "PCS"): what the importers read declared units with, and what the rules offer as the fix of a
// unit text written where the schema wants a unit code. Small and pure: the editor's bundle holds it.
import { UNITS } from './codes';

/** Labels of the assumed table's units (codes.ts), the labels a table's codes are looked up by. */
export type UnitLabel = 'M' | 'M2' | 'M3' | 'KG' | 'TONNE' | 'PCS' | 'KWH' | 'MJ' | 'L';

/** Unit texts as EPDs, spreadsheets and ILCD unit groups write them (lower case, no spaces, no `^`) → unit label. */
const UNIT_TEXT: Readonly<Record<string, UnitLabel>> = {
  m: 'M', lbm: 'M', lfm: 'M', løbendemeter: 'M', meter: 'M', metre: 'M',
  m2: 'M2', 'm²': 'M2', qm: 'M2', sqm: 'M2', kvm: 'M2', kvadratmeter: 'M2', squaremetre: 'M2', squaremeter: 'M2',
  m3: 'M3', 'm³': 'M3', cbm: 'M3', kubikmeter: 'M3', cubicmetre: 'M3', cubicmeter: 'M3',
  kg: 'KG', kilogram: 'KG',
  t: 'TONNE', ton: 'TONNE', tons: 'TONNE', tonne: 'TONNE', tonnes: 'TONNE', tones: 'TONNE',
  stk: 'PCS', 'stk.': 'PCS', pcs: 'PCS', 'pcs.': 'PCS', pc: 'PCS', piece: 'PCS', pieces: 'PCS', item: 'PCS', items: 'PCS', 'item(s)': 'PCS', stück: 'PCS',
  kwh: 'KWH', mj: 'MJ', l: 'L', liter: 'L', litre: 'L',
};

/** The unit label of a unit text ("m3", "m³", "kubikmeter", "1 m2", "STK", "pieces"…), or of a label itself; undefined = none. */
export function unitLabelOf(text: string): UnitLabel | undefined {
  const t = text.trim().toLowerCase().replace(/^1\s*/, '').replace(/[\s^]/g, '');
  return UNIT_TEXT[t] ?? (UNITS.some((u) => u.label.toLowerCase() === t && u.code !== 0) ? (t.toUpperCase() as UnitLabel) : undefined);
}

