// One LCAx EPD, every published version (EPDx/LCAx 0.x–1.x with the impact categories at the top level and snake_case
// fields, LCAx 2.x–3.x with `impacts` and camelCase) → the draft of a material: its names, dates, declared unit, the
// mass of one declared unit from its conversions, its results per module and its classification. builder.ts makes the
// material. No vscode.
import type { CodeTable } from '../codeTable';
import type { IndicatorName, Material } from '../schemas/types';
import { buildMaterial, type DraftValue, type MaterialDraft } from './builder';
import { FieldError, isMassUnit, unitLabelOf, type UnitLabel } from './texts';
import { reasonOf } from './types';
import { msg, type Msg } from '../l10n';
import { isObject } from '../guards';
import { classificationTag } from '../families';

export interface LcaxConversion {
  material: Material;
  /** What was left out or assumed, one sentence each. */
  warnings: Msg[];
}

export type Obj = Record<string, unknown>;

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

/** A field in camelCase (LCAx 2+) or snake_case (LCAx 0.x/1.x). */
export function field(doc: Obj, camel: string): unknown {
  if (camel in doc) return doc[camel];
  const snake = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return doc[snake];
}

/**
 * An LCAx item's classification (`classification: [{system, code, name}]` of assemblies and products, or the same in
 * an EPD's `metaData.classification`), kept as `class:` tags (core/families.ts) so the material's family is read
 * from it. `subtype` is not kept here: it says how specific the data are (specific, industry, generic), not what the
 * material is.
 */
export function classificationTags(doc: Obj): string[] {
  const meta = field(doc, 'metaData');
  const raw = [field(doc, 'classification'), isObject(meta) ? metaValue(meta.classification) : undefined];
  const tags: string[] = [];
  for (const list of raw) {
    for (const c of Array.isArray(list) ? list : isObject(list) ? [list] : []) {
      if (!isObject(c)) continue;
      const system = typeof c.system === 'string' ? c.system.trim() : '';
      const code = typeof c.code === 'string' ? c.code.trim() : typeof c.code === 'number' ? String(c.code) : '';
      const name = typeof c.name === 'string' ? c.name.trim() : '';
      if (system && (code || name)) tags.push(classificationTag({ system, classes: [{ ...(code ? { id: code } : {}), name }] }));
    }
  }
  return tags;
}

function requiredText(doc: Obj, name: string): string {
  const v = field(doc, name);
  if (typeof v === 'number' && name === 'version') return String(v);
  if (typeof v !== 'string' || !v.trim()) throw new FieldError(name, v === undefined ? msg('is missing') : msg('must be a non-empty text'));
  return v.trim();
}

/** A date as found (a text, or Unix seconds in EPDx 0.1) for the builder to read; undefined when absent. */
function dateField(doc: Obj, name: string): string | number | undefined {
  const v = field(doc, name);
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw new FieldError(name, msg('must be a date such as 2028-12-31'));
  return v;
}

function declaredUnitOf(doc: Obj): string {
  const v = field(doc, 'declaredUnit');
  if (typeof v !== 'string' || !v) throw new FieldError('declaredUnit', v === undefined ? msg('is missing') : msg('must be a unit such as "m3" or "kg"'));
  return v;
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
function conversionPer(meta: unknown): { per: UnitLabel | undefined; text: string } | null {
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
  const per = unitLabelOf(`${base}${power}`);
  const what = name ? `${name} (${text})` : text;
  return { per, text: what };
}

/**
 * Mass per declared unit from `conversions: [{to: "kg", value, metaData}]`: only a conversion stated per the declared
 * unit (kg/m² for an EPD per m², kg/m³ per m³, …) is its mass; the others (a density of an EPD per m², …) are
 * reported and left out. A conversion without a unit in its metaData is, as LCAx defines it, from the declared unit.
 */
function massOf(doc: Obj, declaredUnit: UnitLabel | undefined, warnings: Msg[]): number | undefined {
  const conversions = field(doc, 'conversions');
  if (conversions === undefined || conversions === null) return undefined;
  if (!Array.isArray(conversions)) throw new FieldError('conversions', msg('must be a list of {to, value}'));
  if (declaredUnit === undefined || isMassUnit(declaredUnit)) return undefined;
  const declaredLabel = declaredUnit.toLowerCase();
  let found: number | undefined;
  for (let i = 0; i < conversions.length; i++) {
    const c = conversions[i];
    if (!isObject(c) || typeof c.to !== 'string') continue;
    const toKey = c.to.toLowerCase();
    const to = toKey === 'kgm3' ? 'KG' : unitLabelOf(toKey);
    if (!isMassUnit(to)) continue;
    if (typeof c.value !== 'number' || !Number.isFinite(c.value) || c.value < 0) {
      throw new FieldError(`conversions[${i}].value`, msg('must be a number ≥ 0 (the mass of one declared unit)'));
    }
    const stated = toKey === 'kgm3' ? { per: 'M3', text: 'kg/m3' } : conversionPer(field(c, 'metaData'));
    if (stated && stated.per !== declaredUnit) {
      warnings.push(msg('conversions[{0}] ({1} {2}) is not the mass of one {3}; left out.', i, c.value, stated.text, declaredLabel));
      continue;
    }
    // The builder's mass is in kg.
    const kg = to === 'TONNE' ? c.value * 1000 : c.value;
    if (found === undefined) found = kg;
    else if (found !== kg) warnings.push(msg('conversions[{0}] gives another mass per {1} ({2}); the first ({3}) is used.', i, declaredLabel, c.value, found));
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
  throw new FieldError('impacts', impacts === undefined ? msg('is missing') : msg('must be an object such as {"gwp": {"a1a3": 282}}'));
}

function resultsOf(doc: Obj, warnings: Msg[]): DraftValue[] {
  const impacts = impactsOf(doc);
  const prefix = isObject(field(doc, 'impacts')) ? 'impacts.' : '';
  const values: DraftValue[] = [];
  const skipped: string[] = [];
  for (const [key, perModule] of Object.entries(impacts)) {
    const lower = key.toLowerCase();
    if (perModule === null || perModule === undefined) continue;
    if (lower in NOT_CARRIED) {
      if (isObject(perModule) && Object.values(perModule).some((v) => v !== null && v !== undefined)) skipped.push(`${key} (${NOT_CARRIED[lower]})`);
      continue;
    }
    const indicator = INDICATORS_BY_KEY[lower];
    if (!indicator) throw new FieldError(`${prefix}${key}`, msg('is not an LCAx impact category (e.g. gwp, gwp_fos, odp, penrt)'));
    if (!isObject(perModule)) throw new FieldError(`${prefix}${key}`, msg('must map life cycle modules to numbers, e.g. {"a1a3": 282}'));
    for (const [module, value] of Object.entries(perModule)) {
      const where = `${prefix}${key}.${module}`;
      if (value === null || value === undefined) continue;
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new FieldError(where, msg('must be a number or null'));
      values.push({ indicator, module, value, where });
    }
  }
  if (skipped.length) warnings.push(msg('Left out (the service has no such indicator): {0}.', skipped.join(', ')));
  return values;
}

function standardOf(doc: Obj): 'A1' | 'A2' | undefined {
  const standard = field(doc, 'standard');
  if (typeof standard !== 'string') return undefined;
  const s = standard.toLowerCase().replace(/[^a-z0-9]/g, '');
  return s === 'en15804a1' ? 'A1' : s === 'en15804a2' ? 'A2' : undefined;
}

/** The draft of one LCAx EPD (any version); throws FieldError naming the field that cannot be read. */
export function draftOf(input: unknown): { draft: MaterialDraft; warnings: Msg[] } {
  if (!isObject(input)) throw new FieldError('', msg('An LCAx EPD is a JSON object; this document is not one.'));
  if ('assemblies' in input || 'impactData' in input || 'impact_data' in input || 'emission_parts' in input) {
    throw new FieldError('', msg('This is an LCAx project or product, not an EPD; import the EPD (an object with "declaredUnit" and "impacts").'));
  }
  const warnings: Msg[] = [];
  const type = input.type;
  if (typeof type === 'string' && !['epd', 'actual'].includes(type.toLowerCase())) throw new FieldError('type', msg('"{0}" is not an EPD', type));
  const name = requiredText(input, 'name');
  const id = requiredText(input, 'id');
  const versionValue = field(input, 'version');
  // LCAx generic data (3.x) has no version: "1" stands for it, so that the material still has originalVersion.
  const version = versionValue === undefined || versionValue === null ? '1' : requiredText(input, 'version');
  if (versionValue === undefined || versionValue === null) warnings.push(msg('No version: originalVersion is "1".'));
  const declaredUnit = declaredUnitOf(input);
  const mass = massOf(input, unitLabelOf(declaredUnit), warnings);
  const standard = standardOf(input);
  const values = resultsOf(input, warnings);
  if (standard === 'A1') {
    warnings.push(msg('EN 15804+A1 EPD: epdSpecificationForm 1; AP in kg SO2 eq and POCP in kg C2H4 eq (the +A1 units), not comparable with +A2 values.'));
  }
  const subtype = field(input, 'subtype');
  const source = field(input, 'source');
  const sourceName = isObject(source) && typeof source.name === 'string' && source.name.trim() ? source.name.trim() : undefined;
  const link = isObject(source) && typeof source.url === 'string' && source.url ? source.url : undefined;

  const rsl = field(input, 'referenceServiceLife');
  let lifespan: number | undefined;
  if (typeof rsl === 'number' && Number.isInteger(rsl) && rsl >= 1) lifespan = rsl;
  else if (rsl !== undefined && rsl !== null) warnings.push(msg('referenceServiceLife {0} is not a whole number of years ≥ 1; left out.', JSON.stringify(rsl)));

  const meta = field(input, 'metaData');
  const declarationNumber = isObject(meta) && typeof metaValue(meta.declarationNumber) === 'string' ? (metaValue(meta.declarationNumber) as string) : undefined;
  const comment = field(input, 'comment');
  const location = field(input, 'location');
  const draft: MaterialDraft = {
    id,
    idNamespace: 'lcax',
    version,
    name,
    description: typeof comment === 'string' ? comment : '',
    declaredUnit,
    mass,
    validUntil: dateField(input, 'validUntil'),
    publicationDate: dateField(input, 'publishedDate'),
    epdType: typeof subtype === 'string' && subtype.toLowerCase() !== 'unknown' ? subtype : undefined,
    standard,
    values,
    lifespan,
    declarationNumber,
    link,
    sourceDatabase: sourceName,
    tags: ['LCAx', ...(sourceName ? [sourceName] : []), ...(typeof location === 'string' && location && location.toLowerCase() !== 'unknown' ? [location] : []), ...classificationTags(input)],
    where: { validUntil: 'validUntil', publicationDate: 'publishedDate', epdType: 'subtype', declaredUnit: 'declaredUnit', id: 'id', name: 'name' },
  };
  return { draft, warnings };
}

/** Converts one LCAx EPD (any version) to a material of `codes`; throws FieldError naming the field that cannot be converted. */
export function materialFromLcaxEpd(input: unknown, codes: CodeTable): LcaxConversion {
  const { draft, warnings } = draftOf(input);
  const built = buildMaterial(draft, codes);
  return { material: built.material, warnings: [...warnings, ...built.warnings] };
}

/** Parses and converts the text of an LCAx EPD file. */
export function materialFromLcaxText(text: string, codes: CodeTable): LcaxConversion {
  return materialFromLcaxEpd(parseJson(text), codes);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new FieldError('', msg('The file is not JSON: {0}', reasonOf(e)));
  }
}
