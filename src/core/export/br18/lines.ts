// The figures of one material line of the Bygningsdele sheet beyond the dashboard's GWP total: its replacements and
// every other indicator of the sheet per module, in the indicator's unit per m² and year — through the one line
// formula (`lineFigures`, with the line's service life by `serviceLife`), from the material's EPD as the workspace
// or the service has it. A module the EPD does not declare stays undefined (an empty cell: "not declared"), never 0.
import type { CodeTable } from '../../codeTable';
import type { MaterialsBreakdownItem } from '../../api/types';
import { epdDataOf } from '../../lca/epd';
import { lineCodesOf, lineFigures, perSetOf, serviceLife, type LineCodes, type LineModules, type PerSet } from '../../lca/line';
import type { EpdData } from '../../lca/types';
import { A1_UNITS, EPD_SPECIFICATION_FORM } from '../../import/en15804';
import { decimal, obj } from './facts';

/** The sheet's indicators (13, from column AC) and the indicator names of the code table they are read as. */
export const SHEET_INDICATORS = [
  ['GWP', 'GWP_TOTAL'],
  ['GWP-fos', 'GWP_FOSSIL'],
  ['GWP-bio', 'GWP_BIOGENIC'],
  ['GWP-lul', 'GWP_LULUC'],
  ['ODP', 'ODP'],
  ['AP', 'AP'],
  ['EP-fw', 'EP_FRESHWATER'],
  ['EP-mar', 'EP_MARINE'],
  ['EP-ter', 'EP_TERRESTRIAL'],
  ['POCP', 'POCP'],
  ['ADPE', 'ADPE'],
  ['ADPF', 'ADPF'],
  ['WDP', 'WDP'],
] as const;

/** A module of the line formula and the EPD modules it needs declared. */
const NEEDS: Readonly<Record<keyof LineModules, readonly (keyof PerSet)[]>> = {
  A1A3: ['a1a3'],
  A4: ['a4'],
  A5: ['a1a3'],
  B4: ['a1a3'],
  C3: ['c3'],
  C4: ['c4'],
  D: ['d'],
};

export interface LineBasisOfProject {
  /** The reference area the dashboard's figures are per (m²). */
  area: number | undefined;
  period: number;
  wastagePercentage: number;
  codes: CodeTable;
  /** The line codes of each indicator but GWP total, worked out once for every line (`indicatorCodesOf`). */
  indicators: readonly IndicatorCodes[];
  /** The materials' EPD data by service id, read once for every line of a material. */
  epds: Map<string, EpdData>;
}

export interface IndicatorCodes {
  name: string;
  type: number;
  codes: LineCodes;
}

/** The line codes of the sheet's indicators but GWP total that the code table knows. */
export function indicatorCodesOf(codes: CodeTable): IndicatorCodes[] {
  const out: IndicatorCodes[] = [];
  for (const [, name] of SHEET_INDICATORS) {
    if (name === 'GWP_TOTAL') continue;
    const indicator = codes.indicatorByName(name);
    if (indicator) out.push({ name, type: indicator.type, codes: lineCodesOf(codes, indicator.type) });
  }
  return out;
}

export interface LineIndicators {
  /** Replacements within the period, by the line formula with the line's service life. */
  replacements: number;
  /** Per indicator name (GWP_FOSSIL …), per module of the formula: the figure per m² and year; absent: not declared. */
  figures: Map<string, Partial<Record<keyof LineModules, number>>>;
  /** The EN 15804 version the material's EPD states (`epdInfo.epdSpecificationForm`), when it states one. */
  standard?: 'A1' | 'A2';
}

/** The EN 15804 version a material states (`epdInfo.epdSpecificationForm` 1: +A1, 2: +A2), else undefined. */
export function standardOf(material: unknown): 'A1' | 'A2' | undefined {
  const form = obj(obj(material).epdInfo).epdSpecificationForm;
  return form === EPD_SPECIFICATION_FORM.A1 ? 'A1' : form === EPD_SPECIFICATION_FORM.A2 ? 'A2' : undefined;
}

const NO_FIGURES: PerSet = { a1a3: 0, a4: 0, c3: 0, c4: 0, d: 0 };

/**
 * A line's replacements and, where its material is known, its figures of every indicator but GWP total (which is the
 * dashboard's own, `co2PerPhase`). `material`: the service's read or the workspace file's item.
 */
export function lineIndicators(item: MaterialsBreakdownItem, material: unknown, basis: LineBasisOfProject): LineIndicators {
  // The line's service life as the dashboard counted it (its `lifetime`), through the one service-life rule.
  const life = serviceLife({ element: item.lifetime }).years;
  const lineBasis = { period: basis.period, wastagePercentage: basis.wastagePercentage };
  const replacements = lineFigures(NO_FIGURES, 0, life, lineBasis).replacements;
  const figures = new Map<string, Partial<Record<keyof LineModules, number>>>();
  const standard = material === undefined ? undefined : standardOf(material);
  const out: LineIndicators = { replacements, figures, ...(standard ? { standard } : {}) };
  if (material === undefined || !basis.area || !(basis.area > 0)) return out;
  const key = item.epdId ?? '';
  let epd = basis.epds.get(key);
  if (!epd || !key) basis.epds.set(key, (epd = epdDataOf(material, basis.codes, item.epdId)));
  const amount = decimal(item.mappedMaterialAmount);
  const declaredValue = epd.declaredUnit.declaredValue;
  if (amount === undefined || !(declaredValue > 0)) return out;
  const sets = amount / declaredValue;
  const perM2Year = basis.area * basis.period;
  for (const { name, type, codes } of basis.indicators) {
    // An EN 15804+A1 EPD states AP and POCP in other units (kg SO2 eq, kg C2H4 eq) than the sheet's +A2 columns: empty.
    if (standard === 'A1' && A1_UNITS[name as keyof typeof A1_UNITS]) continue;
    // Which of the formula's EPD modules the material declares for this indicator.
    const declared = new Set<keyof PerSet>();
    for (const r of epd.lciaResults) {
      const key = codes.modules.get(r.moduleTypeEnum);
      if (key !== undefined && r.indicators.some((i) => i.type === type)) declared.add(key);
    }
    if (!declared.size) continue;
    const m = lineFigures(perSetOf(epd.lciaResults, codes), sets, life, lineBasis).modules;
    const byModule: Partial<Record<keyof LineModules, number>> = {};
    for (const key of Object.keys(NEEDS) as (keyof LineModules)[]) {
      if (NEEDS[key].every((k) => declared.has(k))) byModule[key] = m[key] / perM2Year;
    }
    figures.set(name, byModule);
  }
  return out;
}
