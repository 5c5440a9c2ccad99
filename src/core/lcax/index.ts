// Converts an LCAx EPD (the open exchange format of ocni-dtu/lcax: `declaredUnit`, `impacts: {gwp: {a1a3: …}}`,
// `conversions`, `referenceServiceLife`, …) into a material as bulk create takes it: every module 0–17 once,
// indicators named and united as src/core/codes.ts has them. Anything that cannot be converted is an
// LcaxImportError naming the field; what is left out on purpose (indicators the service does not carry) is a warning.
import { createHash } from 'crypto';
import { MODULE, UNIT, indicatorByName } from '../codes';
import type { IndicatorName, Material, ModuleResult } from '../schemas/types';
import { allModules } from '../templates';

export class LcaxImportError extends Error {
  constructor(
    /** Where in the LCAx document, e.g. `impacts.gwp.a1a3` or `declaredUnit`; '' = the whole document. */
    readonly field: string,
    message: string,
  ) {
    super(field ? `${field}: ${message}` : message);
    this.name = 'LcaxImportError';
  }
}

export interface LcaxConversion {
  material: Material;
  /** What was left out or assumed, one sentence each. */
  warnings: string[];
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
  m: UNIT.M, m2: UNIT.M2, m3: UNIT.M3, kg: UNIT.KG, tones: UNIT.TONNE, tonnes: UNIT.TONNE, tonne: UNIT.TONNE,
  pcs: UNIT.PCS, kwh: UNIT.KWH, mj: UNIT.MJ, l: UNIT.L,
};

/** LCAx `subtype` → `epdInfo.epdProductIndustryType` (0 Generic, 1 Industry, 2 Product). */
const EPD_TYPE_BY_SUBTYPE: Readonly<Record<string, number>> = { generic: 0, industry: 1, representative: 1, specific: 2 };

/** A field in camelCase (LCAx 2+) or snake_case (LCAx 1). */
function field(doc: Obj, camel: string): unknown {
  if (camel in doc) return doc[camel];
  const snake = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return doc[snake];
}

/** A UUID derived from a non-UUID id, stable for that id (version-5 layout over SHA-1). */
function derivedUuid(id: string): string {
  const h = createHash('sha1').update(`lcax:${id}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

function requiredText(doc: Obj, name: string): string {
  const v = field(doc, name);
  if (typeof v === 'number' && name === 'version') return String(v);
  if (typeof v !== 'string' || !v.trim()) throw new LcaxImportError(name, v === undefined ? 'is missing' : 'must be a non-empty text');
  return v.trim();
}

/** `YYYY-MM-DD` (LCAx) or a full date-time → the schemas' date-time; undefined when absent. */
function dateTime(doc: Obj, name: string): string | undefined {
  const v = field(doc, name);
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw new LcaxImportError(name, 'must be a date such as 2028-12-31');
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const ms = Date.parse(day ? `${v}T00:00:00Z` : v);
  if (Number.isNaN(ms)) throw new LcaxImportError(name, `"${v}" is not a date such as 2028-12-31`);
  return day ? `${v}T00:00:00Z` : new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

function declaredUnitOf(doc: Obj): number {
  const v = field(doc, 'declaredUnit');
  if (typeof v !== 'string' || !v) throw new LcaxImportError('declaredUnit', v === undefined ? 'is missing' : 'must be a unit such as "m3" or "kg"');
  const code = UNITS_BY_KEY[v.toLowerCase()];
  if (code === undefined) {
    throw new LcaxImportError('declaredUnit', `"${v}" has no counterpart in the service's units (m, m2, m3, kg, tones, pcs, kwh, l)`);
  }
  return code;
}

/** Mass per declared unit from `conversions: [{to: "kg", value}]` (or tonnes); undefined when not given. */
function massOf(doc: Obj, declaredUnit: number, warnings: string[]): { mass: number; massUnit: number } | undefined {
  const conversions = field(doc, 'conversions');
  if (conversions === undefined || conversions === null) return undefined;
  if (!Array.isArray(conversions)) throw new LcaxImportError('conversions', 'must be a list of {to, value}');
  if (declaredUnit === UNIT.KG || declaredUnit === UNIT.TONNE) return undefined;
  for (let i = 0; i < conversions.length; i++) {
    const c = conversions[i];
    if (!isObject(c) || typeof c.to !== 'string') continue;
    const to = UNITS_BY_KEY[c.to.toLowerCase()];
    if (to !== UNIT.KG && to !== UNIT.TONNE) continue;
    if (typeof c.value !== 'number' || !Number.isFinite(c.value) || c.value < 0) {
      throw new LcaxImportError(`conversions[${i}].value`, 'must be a number ≥ 0 (the mass of one declared unit)');
    }
    return { mass: c.value, massUnit: to };
  }
  warnings.push('No conversion to kg: the material has no mass, so constructions must give it in its declared unit.');
  return undefined;
}

function resultsOf(doc: Obj, warnings: string[]): ModuleResult[] {
  const impacts = field(doc, 'impacts');
  if (!isObject(impacts)) throw new LcaxImportError('impacts', impacts === undefined ? 'is missing' : 'must be an object such as {"gwp": {"a1a3": 282}}');
  const byModule = new Map<number, ModuleResult['indicators']>();
  const skipped: string[] = [];
  for (const [key, perModule] of Object.entries(impacts)) {
    const lower = key.toLowerCase();
    if (perModule === null || perModule === undefined) continue;
    if (lower in NOT_CARRIED) {
      skipped.push(`${key} (${NOT_CARRIED[lower]})`);
      continue;
    }
    const name = INDICATORS_BY_KEY[lower];
    if (!name) throw new LcaxImportError(`impacts.${key}`, 'is not an LCAx impact category (e.g. gwp, gwp_fos, odp, penrt)');
    if (!isObject(perModule)) throw new LcaxImportError(`impacts.${key}`, 'must map life cycle modules to numbers, e.g. {"a1a3": 282}');
    const unit = indicatorByName(name)!.unit;
    for (const [moduleKey, value] of Object.entries(perModule)) {
      const code = MODULES_BY_KEY[moduleKey.toLowerCase()];
      if (code === undefined) throw new LcaxImportError(`impacts.${key}.${moduleKey}`, 'is not a life cycle module (a0, a1a3, a4, a5, b1–b8, c1–c4, d)');
      if (value === null || value === undefined) continue;
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new LcaxImportError(`impacts.${key}.${moduleKey}`, 'must be a number or null');
      const list = byModule.get(code) ?? [];
      if (list.some((i) => i.type === name)) throw new LcaxImportError(`impacts.${key}.${moduleKey}`, `gives ${name} twice for this module`);
      list.push({ type: name, unit, value });
      byModule.set(code, list);
    }
  }
  if (skipped.length) warnings.push(`Left out (the service has no such indicator): ${skipped.join(', ')}.`);
  if (!byModule.get(MODULE.A1A3)?.some((i) => i.type === 'GWP_TOTAL')) warnings.push('No GWP total for A1-A3 (impacts.gwp.a1a3).');
  // Indicators in the order of the codes table, so that imported files read alike.
  const order = Object.values(INDICATORS_BY_KEY);
  return allModules((code) => byModule.get(code)?.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type)));
}

/** Converts a parsed LCAx EPD; throws LcaxImportError naming the field that cannot be converted. */
export function materialFromLcaxEpd(input: unknown): LcaxConversion {
  if (!isObject(input)) throw new LcaxImportError('', 'An LCAx EPD is a JSON object; this document is not one.');
  if ('assemblies' in input || 'impactData' in input || 'impact_data' in input) {
    throw new LcaxImportError('', 'This is an LCAx project or product, not an EPD; import the EPD (an object with "declaredUnit" and "impacts").');
  }
  const warnings: string[] = [];
  const type = input.type;
  if (typeof type === 'string' && type.toLowerCase() !== 'epd') throw new LcaxImportError('type', `"${type}" is not an EPD`);
  const name = requiredText(input, 'name');
  const id = requiredText(input, 'id');
  const version = requiredText(input, 'version');
  let originalUUID = id;
  if (!UUID.test(id)) {
    originalUUID = derivedUuid(id);
    warnings.push(`id "${id}" is not a UUID; originalUUID ${originalUUID} is derived from it (the same id always gives the same UUID).`);
  }
  const declaredUnit = declaredUnitOf(input);
  const mass = massOf(input, declaredUnit, warnings);
  const lciaResults = resultsOf(input, warnings);
  const validTo = dateTime(input, 'validUntil');
  const publicationDate = dateTime(input, 'publishedDate');

  const standard = field(input, 'standard');
  if (typeof standard === 'string' && standard.toLowerCase() === 'en15804a1') {
    warnings.push('EN 15804+A1 EPD: its indicators are stored under the EN 15804+A2 names; check that they compare.');
  }
  const subtype = field(input, 'subtype');
  const epdType = typeof subtype === 'string' ? EPD_TYPE_BY_SUBTYPE[subtype.toLowerCase()] : undefined;
  const source = field(input, 'source');
  const sourceName = isObject(source) && typeof source.name === 'string' && source.name.trim() ? source.name.trim() : undefined;
  const link = isObject(source) && typeof source.url === 'string' ? source.url : undefined;

  const rsl = field(input, 'referenceServiceLife');
  let expectedLifespan: number | undefined;
  if (typeof rsl === 'number' && Number.isInteger(rsl) && rsl >= 1) expectedLifespan = rsl;
  else if (rsl !== undefined && rsl !== null) warnings.push(`referenceServiceLife ${JSON.stringify(rsl)} is not a whole number of years ≥ 1; left out.`);

  const meta = field(input, 'metaData');
  const declarationNumber = isObject(meta) && typeof meta.declarationNumber === 'string' ? meta.declarationNumber : undefined;
  const comment = field(input, 'comment');
  const location = field(input, 'location');
  const tags = ['LCAx', ...(sourceName ? [sourceName] : []), ...(typeof location === 'string' && location && location !== 'unknown' ? [location] : [])];

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
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new LcaxImportError('', `The file is not JSON: ${(e as Error).message}`);
  }
  return materialFromLcaxEpd(value);
}

