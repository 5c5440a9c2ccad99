// The one material builder of the importers. A reader (ILCD, LCAx, spreadsheet, Tabel 7) maps its format's fields
// onto a draft — names, declared unit, mass, dates, EPD type and module values *as found* — and the builder turns it
// into a material document of the code table it is given, with warnings. The texts of the formats (units, modules,
// dates, EPD types) and their codes are read by texts.ts; constructions are built by constructionBuilder.ts. No vscode.
import type { CodeTable } from '../codeTable';
import { INDICATORS } from '../codes';
import { msg, type Msg } from '../l10n';
import type { IndicatorName, Material, ModuleResult, MultiLangText } from '../schemas/types';
import { EPD_SPECIFICATION_FORM, indicatorUnit } from './en15804';
import type { ImportedMaterial, Place } from './types';
import { Codes, derivedUuid, epdTypeLabelOf, FieldError, isMassUnit, moduleLabelOf, parseDate, unitCodeOf, unitLabelOf, UUID, type UnitLabel } from './texts';

export { derivedUuid, FieldError, moduleLabelOf, parseDate, unitLabelOf } from './texts';

/** One indicator's value of one module, as found. */
export interface DraftValue {
  indicator: IndicatorName;
  /** The module as written: "A1-A3", "a1a3", "A1" (A1, A2, A3 are summed into A1-A3), "C3", "d"… */
  module: string;
  value: number;
  /** The unit the source states, where it differs from the indicator's (an EN 15804+A1 method); else the table's. */
  unit?: string;
  /** Where the value is: a JSON/XML path or a column. */
  where?: Place;
}

/** Fields of a draft that `where` can place. */
export type DraftField =
  | 'id' | 'name' | 'declaredUnit' | 'declaredValue' | 'mass' | 'density' | 'areaWeight' | 'thickness' | 'validUntil' | 'publicationDate' | 'epdType'
  | 'values';

/** A material as a reader found it; the builder reads the texts and codes. */
export interface MaterialDraft {
  /** The id the source gives (a UUID, or any text: a UUID is derived from it in `idNamespace`). */
  id: string;
  idNamespace: string;
  /** True when a derived UUID is expected (no warning), e.g. Tabel 7's Sorterings ID. */
  idDerivedQuietly?: boolean;
  version: string;
  name: string;
  /** Names per language (Danish, English, …), as found. */
  names?: MultiLangText[];
  description?: string;
  descriptions?: MultiLangText[];
  /** The declared unit as found: a text ("m3", "M3", "kubikmeter", "stk", "pieces") — never a code of a table. */
  declaredUnit: string;
  /** How many declared units the results are for (default 1). */
  declaredValue?: number;
  /** Mass in kg of `declaredValue` declared units; dropped for a declared unit that is a mass. */
  mass?: number;
  /**
   * Density in kg/m³, area weight in kg/m² and thickness in m, as found: when no mass is given, the mass per declared
   * unit is made of them where the declared unit allows it (m³: the density; m²: the area weight, or density ×
   * thickness); elsewhere a warning says what is missing.
   */
  density?: number;
  areaWeight?: number;
  thickness?: number;
  /** As found: a date text, a year, or Unix seconds / milliseconds. */
  publicationDate?: string | number;
  validUntil?: string | number;
  /** What an unreadable date does: refuse the material (default) or leave the date out with a warning. */
  badDate?: 'refuse' | 'leave out';
  /** EPD type as found ("Generisk data", "specific dataset", "industry"…). */
  epdType?: string;
  standard?: 'A1' | 'A2';
  values: DraftValue[];
  lifespan?: number;
  declarationNumber?: string;
  link?: string;
  ownerId?: string;
  sourceDatabase?: string;
  tags: string[];
  isCustom?: boolean;
  /** Where each field was found, for the messages (default: the field's name). */
  where?: Partial<Record<DraftField, Place>>;
}

/** Indicators in the order of the codes table, so that imported files read alike. */
const ORDER = INDICATORS.map((i) => i.name);
const SPLIT_A = ['A1', 'A2', 'A3'];

/** Decimal places a number carries (`1.63e-4` → 6), to sum A1 + A2 + A3 without binary noise. */
function decimalsOf(n: number): number {
  const m = /^[-+]?\d*(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(String(n));
  if (!m) return 10;
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
}
function sum(values: number[]): number {
  const places = Math.min(15, Math.max(...values.map(decimalsOf)));
  return Number(values.reduce((s, v) => s + v, 0).toFixed(places));
}

function resultsOf(draft: MaterialDraft, codes: Codes, form: number | undefined, warnings: Msg[]): ModuleResult[] {
  const where = (v: DraftValue): Place => v.where ?? draft.where?.values ?? 'values';
  // Per indicator: A1, A2, A3 given apart make A1-A3 (unless A1-A3 itself is given: then they are not added twice).
  const byIndicator = new Map<IndicatorName, Map<string, DraftValue>>();
  for (const v of draft.values) {
    const label = moduleLabelOf(v.module);
    if (!label) throw new FieldError(where(v), msg('"{0}" is not a life cycle module (A1-A3, A4, A5, B1–B8, C1–C4, D)', v.module));
    const perModule = byIndicator.get(v.indicator) ?? new Map<string, DraftValue>();
    if (perModule.has(label)) throw new FieldError(where(v), msg('{0} is given twice for module {1}', v.indicator, label));
    perModule.set(label, v);
    byIndicator.set(v.indicator, perModule);
  }
  const byModule = new Map<string, ModuleResult['indicators']>();
  const unknown = new Set<string>();
  let split = false;
  for (const [indicator, perModule] of byIndicator) {
    const tableIndicator = codes.table.indicatorByName(indicator);
    if (!tableIndicator) {
      unknown.add(indicator);
      continue;
    }
    const parts = SPLIT_A.filter((m) => perModule.has(m));
    if (parts.length && !perModule.has('A1-A3')) {
      if (parts.length < 3) warnings.push(msg('{0}: only {1} of A1, A2, A3 given; A1-A3 is their sum.', indicator, parts.join(', ')));
      const first = perModule.get(parts[0])!;
      perModule.set('A1-A3', { ...first, module: 'A1-A3', value: sum(parts.map((m) => perModule.get(m)!.value)) });
      split = true;
    }
    for (const m of SPLIT_A) perModule.delete(m);
    for (const [module, v] of perModule) {
      const list = byModule.get(module) ?? [];
      list.push({ type: indicator, unit: v.unit ?? indicatorUnit(indicator, form, tableIndicator.unit), value: v.value });
      byModule.set(module, list);
    }
  }
  if (split) warnings.push(msg('A1, A2 and A3 are given separately: A1-A3 is their sum.'));
  if (unknown.size) warnings.push(msg('Left out (the code table has no such indicator): {0}.', [...unknown].join(', ')));
  if (!byModule.get('A1-A3')?.some((i) => i.type === 'GWP_TOTAL')) warnings.push(msg('No GWP total for A1-A3: the material counts as zero in the product stage.'));

  const calculated = codes.code('module status', 'Calculated');
  const notDeclared = codes.code('module status', 'Not declared');
  const results = new Map<number, ModuleResult>();
  for (const m of codes.table.modules) results.set(m.code, { moduleTypeEnum: m.code as ModuleResult['moduleTypeEnum'], moduleStatusEnum: notDeclared as ModuleResult['moduleStatusEnum'], indicators: [] });
  for (const [label, indicators] of byModule) {
    const code = codes.code('module', label);
    indicators.sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type));
    results.set(code, { moduleTypeEnum: code as ModuleResult['moduleTypeEnum'], moduleStatusEnum: calculated as ModuleResult['moduleStatusEnum'], indicators });
  }
  return [...results.values()].sort((a, b) => a.moduleTypeEnum - b.moduleTypeEnum);
}

function dateOf(draft: MaterialDraft, key: 'validUntil' | 'publicationDate', warnings: Msg[]): string | undefined {
  const v = draft[key];
  if (v === undefined || v === '') return undefined;
  const d = parseDate(v, key === 'validUntil' ? 'end' : 'start');
  if (d) return d;
  const where = draft.where?.[key] ?? key;
  const reason = msg('"{0}" is not a date (2028-12-31, 31-12-2028 or 2028)', String(v));
  if (draft.badDate === 'leave out') {
    warnings.push(msg('{0}: {1}; left out.', where, reason));
    return undefined;
  }
  throw new FieldError(where, reason);
}

/** Plausible bounds: a density of solid or loose building materials, a mass per m² of a layer. */
const DENSITY_MIN = 1;
const DENSITY_MAX = 25_000;
const AREA_WEIGHT_MAX = 2_000;
const THICKNESS_MIN = 0.000_05;
const THICKNESS_MAX = 5;

/** A figure to six significant digits, for messages. */
const shown = (n: number): string => String(Number(n.toPrecision(6)));

/**
 * The mass of `declaredValue` declared units: the draft's mass, or one made of its density, area weight and thickness
 * where the declared unit allows it. What cannot be made, and what is implausible, comes back as warnings that name
 * the field (the column) they are about.
 */
function massOf(draft: MaterialDraft, unit: UnitLabel | undefined, declaredValue: number, at: (f: DraftField) => Place, warnings: Msg[]): number | undefined {
  const { density, areaWeight, thickness } = draft;
  for (const [f, v] of [['density', density], ['areaWeight', areaWeight], ['thickness', thickness]] as const) {
    if (v !== undefined && !(v > 0)) throw new FieldError(at(f), msg('"{0}" is not a number > 0', String(v)));
  }
  if (density !== undefined && (density < DENSITY_MIN || density > DENSITY_MAX)) {
    warnings.push(msg('{0}: a density of {1} kg/m³ is implausible (building materials lie between {2} and {3} kg/m³); check the value and its unit.', at('density'), shown(density), DENSITY_MIN, shown(DENSITY_MAX)));
  }
  if (areaWeight !== undefined && areaWeight > AREA_WEIGHT_MAX) {
    warnings.push(msg('{0}: an area weight of {1} kg/m² is implausible (over {2} kg/m²); check the value and its unit.', at('areaWeight'), shown(areaWeight), shown(AREA_WEIGHT_MAX)));
  }
  if (thickness !== undefined && (thickness < THICKNESS_MIN || thickness > THICKNESS_MAX)) {
    warnings.push(msg('{0}: a thickness of {1} m is implausible (building layers lie between {2} mm and {3} m); check the value and the unit in the column name (mm or m).', at('thickness'), shown(thickness), THICKNESS_MIN * 1000, THICKNESS_MAX));
  }
  const perUnit = (m: number): number => Number((m * declaredValue).toPrecision(12));
  let mass = draft.mass;
  if (mass === undefined) {
    if (unit === 'M3') {
      if (density !== undefined) mass = perUnit(density);
      else if (areaWeight !== undefined && thickness !== undefined) mass = perUnit(areaWeight / thickness);
      else if (areaWeight !== undefined) warnings.push(msg('{0}: an area weight but the declared unit is m³ and no density or thickness is given; no mass.', at('areaWeight')));
    } else if (unit === 'M2') {
      if (areaWeight !== undefined) mass = perUnit(areaWeight);
      else if (density !== undefined && thickness !== undefined) mass = perUnit(density * thickness);
      else if (density !== undefined) warnings.push(msg('{0}: a density but the declared unit is m² and no thickness is given (a thickness column, in mm or m); no mass.', at('density')));
    } else if (density !== undefined || areaWeight !== undefined) {
      warnings.push(msg('{0}: a density or area weight cannot give the mass of a declared unit "{1}" (only of m³ or m²); no mass.', at(density !== undefined ? 'density' : 'areaWeight'), draft.declaredUnit));
    }
    if (mass === undefined) return undefined;
  }
  // The mass of one declared unit, where the unit says what it should be.
  const one = mass / declaredValue;
  if (unit === 'M3' && (one < DENSITY_MIN || one > DENSITY_MAX)) {
    warnings.push(msg('{0}: a mass of {1} kg per m³ is implausible (building materials lie between {2} and {3} kg/m³); check the value and its unit.', at(draft.mass !== undefined ? 'mass' : 'density'), shown(one), DENSITY_MIN, shown(DENSITY_MAX)));
  } else if (unit === 'M2' && one > AREA_WEIGHT_MAX && !(areaWeight !== undefined && draft.mass === undefined)) {
    warnings.push(msg('{0}: a mass of {1} kg per m² is implausible (over {2} kg/m²); check the value, its unit and the declared unit.', at(draft.mass !== undefined ? 'mass' : 'density'), shown(one), shown(AREA_WEIGHT_MAX)));
  }
  return mass;
}

/**
 * Builds a material of `table`'s codes from a draft. Throws a FieldError (what and where) for what cannot be
 * converted; returns what was assumed or left out as warnings.
 */
export function buildMaterial(draft: MaterialDraft, table: CodeTable): { material: Material; warnings: Msg[] } {
  const codes = new Codes(table);
  const warnings: Msg[] = [];
  const at = (f: DraftField): Place => draft.where?.[f] ?? f;
  if (!draft.name.trim()) throw new FieldError(at('name'), msg('the name is empty'));
  if (!draft.declaredUnit.trim()) throw new FieldError(at('declaredUnit'), msg('the declared unit is empty (m, m2, m3, kg, t, pcs, kWh, l)'));
  const unitLabel = unitLabelOf(draft.declaredUnit);
  const declaredUnit = unitCodeOf(draft.declaredUnit, codes, at('declaredUnit'));
  const declaredValue = draft.declaredValue ?? 1;
  if (!(declaredValue > 0)) throw new FieldError(at('declaredValue'), msg('"{0}" is not an amount > 0', String(declaredValue)));
  if (draft.mass !== undefined && !(draft.mass >= 0)) throw new FieldError(at('mass'), msg('"{0}" is not a mass ≥ 0 in kg', String(draft.mass)));
  const massValue = isMassUnit(unitLabel) ? undefined : massOf(draft, unitLabel, declaredValue, at, warnings);
  const mass = massValue !== undefined ? { mass: massValue, massUnit: codes.code('unit', 'KG') } : {};

  let originalUUID = draft.id.toLowerCase();
  if (!UUID.test(draft.id)) {
    originalUUID = derivedUuid(draft.id, draft.idNamespace);
    if (!draft.idDerivedQuietly) warnings.push(msg('id "{0}" is not a UUID; originalUUID {1} is derived from it (the same id always gives the same UUID).', draft.id, originalUUID));
  }
  const form = draft.standard ? EPD_SPECIFICATION_FORM[draft.standard] : undefined;
  const lciaResults = resultsOf(draft, codes, form, warnings);
  const validTo = dateOf(draft, 'validUntil', warnings);
  const publicationDate = dateOf(draft, 'publicationDate', warnings);
  let epdType: number | undefined;
  if (draft.epdType) {
    const label = epdTypeLabelOf(draft.epdType);
    if (label) epdType = codes.code('EPD type', label);
    else warnings.push(msg('{0}: "{1}" is not generic, industry or product; the EPD type is left out.', at('epdType'), draft.epdType));
  }
  const material: Material = {
    name: draft.name,
    description: draft.description ?? '',
    originalUUID,
    originalVersion: draft.version,
    ...(draft.sourceDatabase ? { sourceDatabaseVersion: draft.sourceDatabase } : {}),
    ...(draft.names?.length ? { nameMultiLang: draft.names } : {}),
    ...(draft.descriptions?.length ? { descriptionMultiLang: draft.descriptions } : {}),
    isPublic: false,
    isCustom: draft.isCustom ?? false,
    ...(draft.lifespan !== undefined ? { expectedLifespan: draft.lifespan } : {}),
    epdInfo: {
      ...(form !== undefined ? { epdSpecificationForm: form } : {}),
      ...(epdType !== undefined ? { epdProductIndustryType: epdType } : {}),
      ...(validTo ? { validTo } : {}),
      epdVersion: draft.version,
      ...(draft.declarationNumber ? { declarationNumber: draft.declarationNumber } : {}),
      ...(publicationDate ? { publicationDate } : {}),
      ...(draft.link ? { link: draft.link } : {}),
      ...(draft.ownerId && /^[0-9a-f-]{36}$/.test(draft.ownerId) ? { declarationOwnerId: draft.ownerId } : {}),
    },
    declaredUnit: { declaredValue, declaredUnit, ...mass },
    lciaResults,
    tags: draft.tags,
  };
  const note = codes.note();
  if (note) warnings.push(note);
  return { material, warnings };
}

/** The material of a draft as an import result's entry: `sourceId` is the id the source gave it (`draft.id`). */
export function importedMaterial(draft: MaterialDraft, table: CodeTable, source: Place, warnings: Msg[] = []): ImportedMaterial {
  const built = buildMaterial(draft, table);
  return { material: built.material, source, sourceId: draft.id, warnings: [...warnings, ...built.warnings] };
}
