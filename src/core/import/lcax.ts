// LCAx (ocni-dtu/lcax) import, every published version: EPDx/LCAx 0.x–1.x (snake_case, impact categories at the top
// level of the EPD, projects of `emission_parts` → `parts` → `epd_source`), 2.0–2.5 (camelCase, assemblies and
// products as maps or lists of `{"type": "actual" | "reference"}`, one `impactData` per product), 2.6 and 3.x
// (lists of `{"type": "assembly" | "product" | "EPD" | "reference"}`, `impactData` a list). An EPD becomes a material as
// bulk create takes it; a project yields every EPD it embeds as a material and every assembly as a construction whose
// components refer to those materials by the EPD's UUID (`epdId` = the material's `originalUUID`, replaced by the
// service id after bulk create with `resolveEpdIds`). No vscode.
import { createHash } from 'crypto';
import { MODULE, UNIT } from '../codes';
import type { ConstructionComponent, ConstructionCreate, IndicatorName, Material, ModuleResult } from '../schemas/types';
import { allModules } from '../templates';
import { EPD_SPECIFICATION_FORM, indicatorUnit } from './en15804';
import { reasonOf, type ImportInput, type ImportIssue, type ImportResult, type ImportedConstruction, type ImportedMaterial } from './types';
import { format, msg, type Msg } from '../l10n';

/** A field of an LCAx EPD that cannot be converted. */
export class LcaxImportError extends Error {
  constructor(
    /** Where in the LCAx document, e.g. `impacts.gwp.a1a3` or `declaredUnit`; '' = the whole document. */
    readonly field: string,
    /** What is wrong, without the field. */
    readonly reason: Msg,
  ) {
    super(field ? `${field}: ${format(reason)}` : format(reason));
    this.name = 'LcaxImportError';
  }
}

export interface LcaxConversion {
  material: Material;
  /** What was left out or assumed, one sentence each. */
  warnings: Msg[];
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** LCAx life cycle modules (lower case in JSON) → module codes. */
const MODULES_BY_KEY: Readonly<Record<string, number>> = {
  a0: MODULE.A0, a1a3: MODULE.A1A3, a1to3: MODULE.A1A3, 'a1-3': MODULE.A1A3, 'a1-a3': MODULE.A1A3,
  a4: MODULE.A4, a5: MODULE.A5,
  b1: MODULE.B1, b2: MODULE.B2, b3: MODULE.B3, b4: MODULE.B4, b5: MODULE.B5, b6: MODULE.B6, b7: MODULE.B7, b8: MODULE.B8,
  c1: MODULE.C1, c2: MODULE.C2, c3: MODULE.C3, c4: MODULE.C4, d: MODULE.D,
};

/** LCAx impact categories → indicator names of bulk create. */
const INDICATORS_BY_KEY: Readonly<Record<string, IndicatorName>> = {
  gwp: 'GWP_TOTAL', gwp_fos: 'GWP_FOSSIL', gwp_bio: 'GWP_BIOGENIC', gwp_lul: 'GWP_LULUC',
  odp: 'ODP', ap: 'AP', ep_fw: 'EP_FRESHWATER', ep_mar: 'EP_MARINE', ep_ter: 'EP_TERRESTRIAL', pocp: 'POCP',
  adpe: 'ADPE', adpf: 'ADPF', wdp: 'WDP',
  pere: 'PERE', perm: 'PERM', pert: 'PERT', penre: 'PENRE', penrm: 'PENRM', penrt: 'PENRT',
  sm: 'SM', rsf: 'RSF', nrsf: 'NRSF', fw: 'FW',
  hwd: 'HWD', nhwd: 'NHWD', rwd: 'RWD', cru: 'CRU', mrf: 'MFR', mfr: 'MFR', mer: 'MER', eee: 'EEE', eet: 'EET',
};

/** LCAx categories the service has no indicator for: left out with a warning. */
const NOT_CARRIED: Readonly<Record<string, string>> = {
  ep: 'eutrophication (EN 15804+A1)',
  pm: 'particulate matter',
  irp: 'ionising radiation',
  etp_fw: 'ecotoxicity, freshwater',
  htp_c: 'human toxicity, cancer',
  htp_nc: 'human toxicity, non-cancer',
  sqp: 'soil quality',
};

/** LCAx units → unit codes; the others (m2r1, km, tones_km, kgm3, unknown) have no declared-unit code. */
const UNITS_BY_KEY: Readonly<Record<string, number>> = {
  m: UNIT.M, m2: UNIT.M2, m3: UNIT.M3, kg: UNIT.KG, tones: UNIT.TONNE, tonnes: UNIT.TONNE, tonne: UNIT.TONNE, t: UNIT.TONNE,
  pcs: UNIT.PCS, kwh: UNIT.KWH, mj: UNIT.MJ, l: UNIT.L,
};
const UNIT_LABEL: Readonly<Record<number, string>> = { [UNIT.M]: 'm', [UNIT.M2]: 'm2', [UNIT.M3]: 'm3', [UNIT.PCS]: 'pcs', [UNIT.L]: 'l', [UNIT.KWH]: 'kwh', [UNIT.MJ]: 'MJ' };

/** LCAx `subtype` → `epdInfo.epdProductIndustryType` (0 Generic, 1 Industry, 2 Product). */
const EPD_TYPE_BY_SUBTYPE: Readonly<Record<string, number>> = { generic: 0, industry: 1, representative: 1, average: 1, specific: 2 };

/** A field in camelCase (LCAx 2+) or snake_case (LCAx 0.x/1.x). */
function field(doc: Obj, camel: string): unknown {
  if (camel in doc) return doc[camel];
  const snake = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return doc[snake];
}

/** A UUID derived from a non-UUID id, stable for that id (version-5 layout over SHA-1). */
export function derivedUuid(id: string, namespace = 'lcax'): string {
  const h = createHash('sha1').update(`${namespace}:${id}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

function requiredText(doc: Obj, name: string): string {
  const v = field(doc, name);
  if (typeof v === 'number' && name === 'version') return String(v);
  if (typeof v !== 'string' || !v.trim()) throw new LcaxImportError(name, v === undefined ? msg('is missing') : msg('must be a non-empty text'));
  return v.trim();
}

/**
 * `YYYY-MM-DD` (LCAx 2+), a date-time without zone (EPDx 0.3: read as UTC), a full date-time, or Unix seconds
 * (EPDx 0.1) → the schemas' date-time; undefined when absent.
 */
function dateTime(doc: Obj, name: string): string | undefined {
  const v = field(doc, name);
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v * 1000).toISOString().replace(/\.000Z$/, 'Z');
  if (typeof v !== 'string') throw new LcaxImportError(name, msg('must be a date such as 2028-12-31'));
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const noZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(v);
  const ms = Date.parse(day ? `${v}T00:00:00Z` : noZone ? `${v}Z` : v);
  if (Number.isNaN(ms)) throw new LcaxImportError(name, msg('"{0}" is not a date such as 2028-12-31', v));
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

function unitCode(v: string): number | undefined {
  return UNITS_BY_KEY[v.toLowerCase()];
}

function declaredUnitOf(doc: Obj): number {
  const v = field(doc, 'declaredUnit');
  if (typeof v !== 'string' || !v) throw new LcaxImportError('declaredUnit', v === undefined ? msg('is missing') : msg('must be a unit such as "m3" or "kg"'));
  const code = unitCode(v);
  if (code === undefined) {
    throw new LcaxImportError('declaredUnit', msg('"{0}" has no counterpart in the service\'s units (m, m2, m3, kg, tones, pcs, kwh, l)', v));
  }
  return code;
}

/** A metaData value as LCAx writes it: a plain value, or serde's `{"string": …}` / `{"number": …}` wrapper. */
function metaValue(v: unknown): unknown {
  if (isObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 1 && ['string', 'number', 'float', 'int', 'bool'].includes(keys[0])) return v[keys[0]];
  }
  return v;
}

/**
 * The unit a mass conversion is stated per, from its metaData (`unit: "kg/m^3"` as the ILCD converter writes it, or
 * a free text such as "density 2350 kg/m³"): a unit code, null when the metaData names no unit.
 */
function conversionPer(meta: unknown): { per: number | undefined; text: string } | null {
  let text: string | undefined;
  let name: string | undefined;
  if (typeof meta === 'string') text = meta;
  else if (isObject(meta)) {
    const u = metaValue(meta.unit);
    if (typeof u === 'string') text = u;
    const n = metaValue(meta.name);
    if (typeof n === 'string') name = n;
  }
  if (!text) return null;
  const m = /(?:kg|t|tonnes?)\s*(?:\/|per)\s*([a-zA-Z]+)\s*(\^?\s*[23²³])?/i.exec(text);
  if (!m) return null;
  const base = m[1].toLowerCase();
  const power = (m[2] ?? '').replace(/[\s^]/g, '').replace('²', '2').replace('³', '3');
  const label = `${base}${power}`;
  const per = label === 'stk' || label === 'piece' || label === 'pc' ? UNIT.PCS : UNITS_BY_KEY[label];
  const what = name ? `${name} (${text})` : text;
  return { per, text: what };
}

/**
 * Mass per declared unit from `conversions: [{to: "kg", value, metaData}]`: only a conversion stated per the declared
 * unit (kg/m² for an EPD per m², kg/m³ per m³, …) is its mass; the others (a density of an EPD per m², …) are
 * reported and left out. A conversion without a unit in its metaData is, as LCAx defines it, from the declared unit.
 */
function massOf(doc: Obj, declaredUnit: number, warnings: Msg[]): { mass: number; massUnit: number } | undefined {
  const conversions = field(doc, 'conversions');
  if (conversions === undefined || conversions === null) return undefined;
  if (!Array.isArray(conversions)) throw new LcaxImportError('conversions', msg('must be a list of {to, value}'));
  if (declaredUnit === UNIT.KG || declaredUnit === UNIT.TONNE) return undefined;
  const declaredLabel = UNIT_LABEL[declaredUnit] ?? String(declaredUnit);
  let found: { mass: number; massUnit: number } | undefined;
  for (let i = 0; i < conversions.length; i++) {
    const c = conversions[i];
    if (!isObject(c) || typeof c.to !== 'string') continue;
    const toKey = c.to.toLowerCase();
    const to = toKey === 'kgm3' ? UNIT.KG : unitCode(toKey);
    if (to !== UNIT.KG && to !== UNIT.TONNE) continue;
    if (typeof c.value !== 'number' || !Number.isFinite(c.value) || c.value < 0) {
      throw new LcaxImportError(`conversions[${i}].value`, msg('must be a number ≥ 0 (the mass of one declared unit)'));
    }
    const stated = toKey === 'kgm3' ? { per: UNIT.M3, text: 'kg/m3' } : conversionPer(field(c, 'metaData'));
    if (stated && stated.per !== declaredUnit) {
      warnings.push(msg('conversions[{0}] ({1} {2}) is not the mass of one {3}; left out.', i, c.value, stated.text, declaredLabel));
      continue;
    }
    if (!found) found = { mass: c.value, massUnit: to };
    else if (found.mass !== c.value) warnings.push(msg('conversions[{0}] gives another mass per {1} ({2}); the first ({3}) is used.', i, declaredLabel, c.value, found.mass));
  }
  if (!found) warnings.push(msg('No conversion gives the mass of one {0}: the material has no mass, so constructions must give it in its declared unit.', declaredLabel));
  return found;
}

/** `impacts` (LCAx 2+) or the categories at the top level of the EPD (EPDx/LCAx 0.x–1.x). */
function impactsOf(doc: Obj): Obj {
  const impacts = field(doc, 'impacts');
  if (isObject(impacts)) return impacts;
  if (impacts === undefined) {
    const top: Obj = {};
    for (const key of [...Object.keys(INDICATORS_BY_KEY), ...Object.keys(NOT_CARRIED)]) if (isObject(doc[key])) top[key] = doc[key];
    if (Object.keys(top).length) return top;
  }
  throw new LcaxImportError('impacts', impacts === undefined ? msg('is missing') : msg('must be an object such as {"gwp": {"a1a3": 282}}'));
}

function resultsOf(doc: Obj, form: number, warnings: Msg[]): ModuleResult[] {
  const impacts = impactsOf(doc);
  const prefix = isObject(field(doc, 'impacts')) ? 'impacts.' : '';
  const byModule = new Map<number, ModuleResult['indicators']>();
  const skipped: string[] = [];
  for (const [key, perModule] of Object.entries(impacts)) {
    const lower = key.toLowerCase();
    if (perModule === null || perModule === undefined) continue;
    if (lower in NOT_CARRIED) {
      if (isObject(perModule) && Object.values(perModule).some((v) => v !== null && v !== undefined)) skipped.push(`${key} (${NOT_CARRIED[lower]})`);
      continue;
    }
    const name = INDICATORS_BY_KEY[lower];
    if (!name) throw new LcaxImportError(`${prefix}${key}`, msg('is not an LCAx impact category (e.g. gwp, gwp_fos, odp, penrt)'));
    if (!isObject(perModule)) throw new LcaxImportError(`${prefix}${key}`, msg('must map life cycle modules to numbers, e.g. {"a1a3": 282}'));
    const unit = indicatorUnit(name, form);
    for (const [moduleKey, value] of Object.entries(perModule)) {
      const code = MODULES_BY_KEY[moduleKey.toLowerCase()];
      if (code === undefined) throw new LcaxImportError(`${prefix}${key}.${moduleKey}`, msg('is not a life cycle module (a0, a1a3, a4, a5, b1–b8, c1–c4, d)'));
      if (value === null || value === undefined) continue;
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new LcaxImportError(`${prefix}${key}.${moduleKey}`, msg('must be a number or null'));
      const list = byModule.get(code) ?? [];
      if (list.some((i) => i.type === name)) throw new LcaxImportError(`${prefix}${key}.${moduleKey}`, msg('gives {0} twice for this module', name));
      list.push({ type: name, unit, value });
      byModule.set(code, list);
    }
  }
  if (skipped.length) warnings.push(msg('Left out (the service has no such indicator): {0}.', skipped.join(', ')));
  if (!byModule.get(MODULE.A1A3)?.some((i) => i.type === 'GWP_TOTAL')) warnings.push(msg('No GWP total for A1-A3 ({0}).', `${prefix}gwp.a1a3`));
  // Indicators in the order of the codes table, so that imported files read alike.
  const order = Object.values(INDICATORS_BY_KEY);
  return allModules((code) => byModule.get(code)?.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type)));
}

function specificationForm(doc: Obj): number {
  const standard = field(doc, 'standard');
  if (typeof standard !== 'string') return EPD_SPECIFICATION_FORM.UNKNOWN;
  const s = standard.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (s === 'en15804a1') return EPD_SPECIFICATION_FORM.A1;
  if (s === 'en15804a2') return EPD_SPECIFICATION_FORM.A2;
  return EPD_SPECIFICATION_FORM.UNKNOWN;
}

/** Converts one LCAx EPD (any version); throws LcaxImportError naming the field that cannot be converted. */
export function materialFromLcaxEpd(input: unknown): LcaxConversion {
  if (!isObject(input)) throw new LcaxImportError('', msg('An LCAx EPD is a JSON object; this document is not one.'));
  if ('assemblies' in input || 'impactData' in input || 'impact_data' in input || 'emission_parts' in input) {
    throw new LcaxImportError('', msg('This is an LCAx project or product, not an EPD; import the EPD (an object with "declaredUnit" and "impacts").'));
  }
  const warnings: Msg[] = [];
  const type = input.type;
  if (typeof type === 'string' && !['epd', 'actual'].includes(type.toLowerCase())) throw new LcaxImportError('type', msg('"{0}" is not an EPD', type));
  const name = requiredText(input, 'name');
  const id = requiredText(input, 'id');
  const versionValue = field(input, 'version');
  // LCAx generic data (3.x) has no version: "1" stands for it, so that the material still has originalVersion.
  const version = versionValue === undefined || versionValue === null ? '1' : requiredText(input, 'version');
  if (versionValue === undefined || versionValue === null) warnings.push(msg('No version: originalVersion is "1".'));
  let originalUUID = id;
  if (!UUID.test(id)) {
    originalUUID = derivedUuid(id);
    warnings.push(msg('id "{0}" is not a UUID; originalUUID {1} is derived from it (the same id always gives the same UUID).', id, originalUUID));
  }
  const declaredUnit = declaredUnitOf(input);
  const mass = massOf(input, declaredUnit, warnings);
  const form = specificationForm(input);
  const lciaResults = resultsOf(input, form, warnings);
  const validTo = dateTime(input, 'validUntil');
  const publicationDate = dateTime(input, 'publishedDate');
  if (form === EPD_SPECIFICATION_FORM.A1) {
    warnings.push(msg('EN 15804+A1 EPD: epdSpecificationForm 1; AP in kg SO2 eq and POCP in kg C2H4 eq (the +A1 units), not comparable with +A2 values.'));
  }
  const subtype = field(input, 'subtype');
  const epdType = typeof subtype === 'string' ? EPD_TYPE_BY_SUBTYPE[subtype.toLowerCase()] : undefined;
  const source = field(input, 'source');
  const sourceName = isObject(source) && typeof source.name === 'string' && source.name.trim() ? source.name.trim() : undefined;
  const link = isObject(source) && typeof source.url === 'string' && source.url ? source.url : undefined;

  const rsl = field(input, 'referenceServiceLife');
  let expectedLifespan: number | undefined;
  if (typeof rsl === 'number' && Number.isInteger(rsl) && rsl >= 1) expectedLifespan = rsl;
  else if (rsl !== undefined && rsl !== null) warnings.push(msg('referenceServiceLife {0} is not a whole number of years ≥ 1; left out.', JSON.stringify(rsl)));

  const meta = field(input, 'metaData');
  const declarationNumber = isObject(meta) && typeof metaValue(meta.declarationNumber) === 'string' ? (metaValue(meta.declarationNumber) as string) : undefined;
  const comment = field(input, 'comment');
  const location = field(input, 'location');
  const tags = ['LCAx', ...(sourceName ? [sourceName] : []), ...(typeof location === 'string' && location && location.toLowerCase() !== 'unknown' ? [location] : [])];

  const material: Material = {
    name,
    description: typeof comment === 'string' ? comment : '',
    originalUUID,
    originalVersion: version,
    ...(sourceName ? { sourceDatabaseVersion: sourceName } : {}),
    isPublic: false,
    isCustom: false,
    ...(expectedLifespan !== undefined ? { expectedLifespan } : {}),
    epdInfo: {
      ...(form !== EPD_SPECIFICATION_FORM.UNKNOWN ? { epdSpecificationForm: form } : {}),
      ...(epdType !== undefined ? { epdProductIndustryType: epdType } : {}),
      ...(validTo ? { validTo } : {}),
      epdVersion: version,
      ...(declarationNumber ? { declarationNumber } : {}),
      ...(publicationDate ? { publicationDate } : {}),
      ...(link ? { link } : {}),
    },
    declaredUnit: { declaredValue: 1, declaredUnit, ...(mass ?? {}) },
    lciaResults,
    tags,
  };
  return { material, warnings };
}

/** Parses and converts the text of an LCAx EPD file. */
export function materialFromLcaxText(text: string): LcaxConversion {
  return materialFromLcaxEpd(parseJson(text));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new LcaxImportError('', msg('The file is not JSON: {0}', reasonOf(e)));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Detection and whole-file import (EPD, list of EPDs, or project).

const decoder = new TextDecoder('utf-8');

function looksLikeEpd(v: unknown): boolean {
  if (!isObject(v)) return false;
  const hasUnit = field(v, 'declaredUnit') !== undefined;
  const hasImpacts = isObject(field(v, 'impacts')) || isObject(v.gwp);
  return hasUnit && hasImpacts;
}

function looksLikeProject(v: unknown): boolean {
  return isObject(v) && (('assemblies' in v && (Array.isArray(v.assemblies) || isObject(v.assemblies))) || isObject(v.emission_parts));
}

/** Whether the input is an LCAx (or EPDx) EPD, list of EPDs, or project — by content, not by file name. */
export function isLcax(input: ImportInput): boolean {
  const head = decoder.decode(input.bytes.subarray(0, 4096)).replace(/^\uFEFF/, '').trimStart();
  if (!head.startsWith('{') && !head.startsWith('[')) return false;
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(input.bytes).replace(/^\uFEFF/, ''));
  } catch {
    return false;
  }
  if (Array.isArray(value)) return value.length > 0 && value.every(looksLikeEpd);
  return looksLikeProject(value) || looksLikeEpd(value);
}

/** A list or a map keyed by id (LCAx 0.x–2.5) → its entries. */
function entries(v: unknown): { key: string; value: unknown }[] {
  if (Array.isArray(v)) return v.map((value, i) => ({ key: `[${i}]`, value }));
  if (isObject(v)) return Object.entries(v).map(([k, value]) => ({ key: `.${k}`, value }));
  return [];
}

interface ProjectState {
  source: string;
  materials: ImportedMaterial[];
  /** EPD id → originalUUID of the material made from it (null: refused). */
  byEpdId: Map<string, string | null>;
  refused: ImportIssue[];
  warnings: ImportIssue[];
}

function addEpd(state: ProjectState, epd: Obj, path: string): string | null {
  const id = typeof epd.id === 'string' ? epd.id : undefined;
  if (id !== undefined && state.byEpdId.has(id)) return state.byEpdId.get(id)!;
  const item = typeof epd.name === 'string' && epd.name ? `${epd.name}${id ? ` (${id})` : ''}` : path;
  try {
    const { material, warnings } = materialFromLcaxEpd({ ...epd, type: undefined });
    state.materials.push({ material, source: `${state.source} ${path}`, warnings });
    if (id !== undefined) state.byEpdId.set(id, material.originalUUID);
    return material.originalUUID;
  } catch (e) {
    if (!(e instanceof LcaxImportError)) throw e;
    state.refused.push({ item, field: e.field ? `${path}.${e.field}` : path, reason: e.reason });
    if (id !== undefined) state.byEpdId.set(id, null);
    return null;
  }
}

/** The EPDs of a product (2.x `impactData` object or list, 0.x/1.x `epd_source`): [path, EPD or reason]. */
function productEpds(product: Obj, path: string): { path: string; epd?: Obj; reason?: Msg }[] {
  const v1 = product.epd_source;
  if (isObject(v1)) {
    if (isObject(v1.EPD)) return [{ path: `${path}.epd_source.EPD`, epd: v1.EPD }];
    const kind = Object.keys(v1)[0] ?? '?';
    const ref = isObject(v1[kind]) ? (v1[kind] as Obj) : {};
    const where = typeof ref.url === 'string' ? ref.url : typeof ref.path === 'string' ? ref.path : '';
    return [{ path: `${path}.epd_source`, reason: msg('refers to an EPD elsewhere ({0}), not embedded in the file', `${kind}${where ? ` ${where}` : ''}`) }];
  }
  const data = field(product, 'impactData');
  const list = Array.isArray(data) ? data.map((d, i) => ({ d, p: `${path}.impactData[${i}]` })) : [{ d: data, p: `${path}.impactData` }];
  return list.map(({ d, p }) => {
    if (!isObject(d)) return { path: p, reason: msg('is missing') };
    const t = typeof d.type === 'string' ? d.type.toLowerCase() : '';
    if (t === 'reference') return { path: p, reason: msg('refers to an EPD elsewhere ({0}), not embedded in the file', typeof d.uri === 'string' ? d.uri : 'no uri') };
    return { path: p, epd: d };
  });
}

function unitOfText(v: unknown, fieldPath: string): number {
  if (typeof v !== 'string') throw new LcaxImportError(fieldPath, msg('must be a unit such as "m2" or "kg"'));
  const code = unitCode(v);
  if (code === undefined) throw new LcaxImportError(fieldPath, msg('"{0}" has no counterpart in the service\'s units', v));
  return code;
}

function constructionOf(state: ProjectState, assembly: Obj, path: string): ImportedConstruction | undefined {
  const name = typeof assembly.name === 'string' && assembly.name.trim() ? assembly.name.trim() : `Assembly ${path}`;
  const item = `${name}${typeof assembly.id === 'string' ? ` (${assembly.id})` : ''}`;
  const t = typeof assembly.type === 'string' ? assembly.type.toLowerCase() : '';
  if (t === 'reference') {
    state.refused.push({ item, field: path, reason: msg('refers to an assembly elsewhere ({0}), not embedded in the file', String(assembly.uri ?? '')) });
    return undefined;
  }
  const warnings: Msg[] = [];
  const components: ConstructionComponent[] = [];
  const problems: ImportIssue[] = [];
  const products = 'parts' in assembly ? assembly.parts : assembly.products;
  const productKey = 'parts' in assembly ? 'parts' : 'products';
  for (const { key, value } of entries(products)) {
    const p = `${path}.${productKey}${key}`;
    if (!isObject(value)) continue;
    const pt = typeof value.type === 'string' ? value.type.toLowerCase() : '';
    const productName = typeof value.name === 'string' ? value.name : p;
    if (pt === 'reference') {
      problems.push({ item, field: p, reason: msg('product refers to a product elsewhere ({0}), not embedded in the file', String(value.uri ?? '')) });
      continue;
    }
    const epds = productEpds(value, p);
    const usable: string[] = [];
    for (const e of epds) {
      if (e.epd) {
        const uuid = addEpd(state, e.epd, e.path);
        if (uuid) usable.push(uuid);
        else problems.push({ item, field: e.path, reason: msg('product "{0}": its EPD was refused (see above)', productName) });
      } else problems.push({ item, field: e.path, reason: msg('product "{0}" {1}', productName, e.reason ?? msg('is missing')) });
    }
    if (!usable.length) continue;
    if (usable.length > 1) warnings.push(msg('Product "{0}" has {1} EPDs; the component uses the first, all are imported as materials.', productName, usable.length));
    try {
      const unit = unitOfText(field(value, 'unit') ?? value.part_unit, `${p}.unit`);
      const amount = field(value, 'quantity') ?? value.part_quantity;
      if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) throw new LcaxImportError(`${p}.quantity`, msg('must be a number ≥ 0'));
      const rsl = field(value, 'referenceServiceLife');
      components.push({
        epdId: usable[0],
        ...(typeof rsl === 'number' && Number.isInteger(rsl) && rsl >= 1 ? { expectedLifespan: rsl } : {}),
        constructionUnit: { unit, amount },
      });
    } catch (e) {
      if (!(e instanceof LcaxImportError)) throw e;
      problems.push({ item, field: e.field, reason: e.reason });
    }
  }
  if (problems.length) {
    state.refused.push(...problems.map((pr) => ({ ...pr, reason: msg('{0}; the construction is not written (a component would be missing).', pr.reason) })));
    return undefined;
  }
  if (!components.length) {
    state.refused.push({ item, field: `${path}.${productKey}`, reason: msg('has no products') });
    return undefined;
  }
  let declaredUnit: number;
  try {
    declaredUnit = unitOfText(field(assembly, 'unit') ?? 'm2', `${path}.unit`);
  } catch (e) {
    if (!(e instanceof LcaxImportError)) throw e;
    state.refused.push({ item, field: e.field, reason: e.reason });
    return undefined;
  }
  const quantity = field(assembly, 'quantity');
  const description = [typeof assembly.description === 'string' ? assembly.description : '', typeof quantity === 'number' ? `The project uses ${quantity} ${String(field(assembly, 'unit') ?? '')}.` : '']
    .filter(Boolean)
    .join(' ');
  const construction: ConstructionCreate = {
    name,
    ...(description ? { description } : {}),
    isPublic: false,
    isCustom: true,
    tags: ['LCAx'],
    declaredUnit: { declaredUnit, declaredValue: 1 },
    constructionEpds: components,
  };
  warnings.push(msg('Components refer to their materials by the EPD UUID (originalUUID); after Bulk Create they are replaced by the service ids.'));
  return { construction, source: `${state.source} ${path}`, warnings };
}

/** Imports an LCAx EPD, a list of EPDs, or a project (its EPDs as materials, its assemblies as constructions). */
export function importLcax(input: ImportInput): ImportResult {
  const refused: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  let value: unknown;
  try {
    value = parseJson(decoder.decode(input.bytes));
  } catch (e) {
    return { format: 'lcax-epd', materials: [], constructions: [], refused: [{ item: input.name, field: '', reason: reasonOf(e) }], warnings };
  }
  if (looksLikeProject(value)) {
    const doc = value as Obj;
    const state: ProjectState = { source: input.name, materials: [], byEpdId: new Map(), refused, warnings };
    const constructions: ImportedConstruction[] = [];
    const list = 'emission_parts' in doc ? entries(doc.emission_parts).map((e) => ({ ...e, key: `emission_parts${e.key}` })) : entries(doc.assemblies).map((e) => ({ ...e, key: `assemblies${e.key}` }));
    for (const { key, value: a } of list) {
      if (!isObject(a)) {
        refused.push({ item: input.name, field: key, reason: msg('is not an assembly object') });
        continue;
      }
      const c = constructionOf(state, a, key);
      if (c) constructions.push(c);
    }
    const period = field(doc, 'referenceStudyPeriod') ?? doc.life_span;
    if (typeof period === 'number') warnings.push({ item: input.name, field: 'referenceStudyPeriod', reason: msg('The project\'s reference study period ({0} years) is not imported; set it in a *.project.json.', period) });
    return { format: 'lcax-project', materials: state.materials, constructions, refused, warnings };
  }
  const epds = Array.isArray(value) ? value.map((v, i) => ({ v, path: `[${i}]` })) : [{ v: value, path: '' }];
  const materials: ImportedMaterial[] = [];
  for (const { v, path } of epds) {
    const item = isObject(v) && typeof v.name === 'string' ? v.name : `${input.name}${path}`;
    try {
      const { material, warnings: w } = materialFromLcaxEpd(v);
      materials.push({ material, source: `${input.name}${path}`, warnings: w });
    } catch (e) {
      if (!(e instanceof LcaxImportError)) throw e;
      refused.push({ item, field: path && e.field ? `${path}.${e.field}` : path || e.field, reason: e.reason });
    }
  }
  return { format: 'lcax-epd', materials, constructions: [], refused, warnings };
}

/**
 * Replaces each component's `epdId` that is an imported material's originalUUID by the id the service gave it
 * (e.g. from the bulk-create sidecar's items); returns the originalUUIDs that had no id.
 */
export function resolveEpdIds(construction: ConstructionCreate, idByOriginalUUID: ReadonlyMap<string, string>): string[] {
  const missing: string[] = [];
  for (const c of construction.constructionEpds) {
    const id = idByOriginalUUID.get(c.epdId);
    if (id) c.epdId = id;
    else missing.push(c.epdId);
  }
  return missing;
}
