// The column mapping of an EPD spreadsheet: which column holds which material field or which module's value of which
// indicator; proposed from the header names (Danish and English), confirmed by the user, and saved next to the file
// as `<file>.lca-mapping.json`. No vscode.
import { INDICATORS, MODULES } from '../codes';
import type { IndicatorName } from '../schemas/types';
import { moduleLabelOf } from './texts';
import { ImportError, reasonOf } from './types';
import { msg } from '../l10n';

/** A material field a column can hold. */
export type MaterialField =
  | 'id' | 'version' | 'name' | 'nameDa' | 'nameEn' | 'description' | 'declaredValue' | 'declaredUnit' | 'mass'
  | 'density' | 'areaWeight' | 'thickness' | 'lifespan' | 'validTo' | 'publicationDate' | 'declarationNumber' | 'link' | 'owner' | 'epdType' | 'standard'
  | 'category' | 'module' | 'indicatorValue';

/** What a column holds: a material field, one module's value of one indicator, or nothing (ignored). */
export type ColumnTarget =
  | { kind: 'field'; field: MaterialField }
  | { kind: 'value'; indicator: IndicatorName; module: number }
  | { kind: 'ignore' };

/** The mapping of a sheet's columns, by header name; saved next to the file. */
export interface ColumnMapping {
  /** Header name → target. Headers not listed are ignored. */
  columns: Record<string, ColumnTarget>;
  /**
   * For sheets with one row per material × module (a `module` column and an `indicatorValue` column): the indicator
   * the value column holds. Default GWP_TOTAL.
   */
  indicator?: IndicatorName;
}

/** The file a mapping is saved in, next to the spreadsheet. */
export function mappingFileName(spreadsheetPath: string): string {
  return `${spreadsheetPath}.lca-mapping.json`;
}

/** The on-disk form of a mapping (stable key order, a `$comment` that says what it is). */
export function serializeMapping(mapping: ColumnMapping, spreadsheetName: string): string {
  return `${JSON.stringify({ $comment: `Column mapping of ${spreadsheetName} for LCA: Import EPDs. Edit or delete it to be asked again.`, version: 1, ...mapping }, null, 2)}\n`;
}

/**
 * The mapping file names indicators by name and modules by the assumed table's codes (the file's own vocabulary,
 * kept when an environment's codes differ): the builder moves them to the codes of the table it is given.
 */
const isIndicatorName = (name: string): name is IndicatorName => INDICATORS.some((i) => i.name === name);
export const moduleText = (code: number): string => MODULES.find((m) => m.code === code)?.label ?? String(code);

/** Reads a saved mapping; throws an Error saying what is wrong. */
export function parseMapping(text: string): ColumnMapping {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new ImportError(msg('The mapping file is not JSON: {0}', reasonOf(e)));
  }
  if (typeof v !== 'object' || v === null || typeof (v as { columns?: unknown }).columns !== 'object' || (v as { columns?: unknown }).columns === null) {
    throw new ImportError(msg('The mapping file has no "columns" object.'));
  }
  const raw = v as { columns: Record<string, unknown>; indicator?: unknown };
  const columns: Record<string, ColumnTarget> = {};
  for (const [header, t] of Object.entries(raw.columns)) {
    const target = t as Partial<Record<string, unknown>>;
    if (target?.kind === 'ignore') columns[header] = { kind: 'ignore' };
    else if (target?.kind === 'field' && typeof target.field === 'string' && FIELDS.includes(target.field as MaterialField)) {
      columns[header] = { kind: 'field', field: target.field as MaterialField };
    } else if (target?.kind === 'value' && typeof target.indicator === 'string' && isIndicatorName(target.indicator) && typeof target.module === 'number' && MODULES.some((m) => m.code === target.module)) {
      columns[header] = { kind: 'value', indicator: target.indicator as IndicatorName, module: target.module };
    } else throw new ImportError(msg('The mapping of column "{0}" is not one of: a field, an indicator value per module, or ignore.', header));
  }
  const indicator = typeof raw.indicator === 'string' && isIndicatorName(raw.indicator) ? raw.indicator : undefined;
  return { columns, ...(indicator ? { indicator } : {}) };
}

export const FIELDS: readonly MaterialField[] = [
  'id', 'version', 'name', 'nameDa', 'nameEn', 'description', 'declaredValue', 'declaredUnit', 'mass', 'density', 'areaWeight', 'thickness',
  'lifespan', 'validTo',
  'publicationDate', 'declarationNumber', 'link', 'owner', 'epdType', 'standard', 'category', 'module', 'indicatorValue',
];

// Proposing a mapping from header names (Danish and English).

const norm = (s: string): string =>
  s.toLowerCase().replace(/æ/g, 'ae').replace(/ø/g, 'oe').replace(/å/g, 'aa').replace(/[‐-―]/g, '-').replace(/\s+/g, ' ').trim();

const FIELD_PATTERNS: readonly [MaterialField, RegExp][] = [
  ['id', /^(uuid|id|epd[- ]?id|epd[- ]?uuid|sorterings ?id|original ?uuid|dataset ?uuid)$/],
  ['version', /^(version|epd[- ]?version|original ?version|dataset ?version)$/],
  ['nameDa', /^(navn ?(dk|da|dansk)|dansk navn|name ?\((da|dk)\))$/],
  ['nameEn', /^(navn ?(en|eng|engelsk|de\/eng)|english name|name ?\(en\)|name ?en)$/],
  ['name', /^(navn|name|materiale|material|produkt|product|produktnavn|product name|materialenavn|material name|betegnelse)$/],
  ['description', /^(beskrivelse|description|kommentar|comment|note|noter)$/],
  ['declaredValue', /^(deklareret (faktor|maengde|vaerdi)( \(fu\))?|declared (value|amount|quantity|factor)|reference ?(amount|quantity)|fu faktor|maengde)$/],
  ['declaredUnit', /^(deklareret enhed( \(fu\))?|enhed|declared unit|unit|fu|funktionel enhed|functional unit|reference unit)$/],
  ['mass', /^(masse ?(faktor)?|vaegt|mass|weight|mass per (declared )?unit|kg per enhed|kg\/enhed|kg per unit|kg\/unit|masse \(kg\)|mass \(kg\))$/],
  // Density (kg/m³), area weight (kg/m²) and thickness (mm or m): the unit in the name, if any, is read by unitFactor.
  ['density', /^(densitet|rumvaegt|massefylde|taethed|volumenvaegt|density|bulk density|volumetric (mass|weight))( ?[([]?(kg|t|g) ?(\/|per|pr\.?) ?(m3|m³|cm3|cm³)[)\]]?)?$|^(kg ?\/ ?(m3|m³))$/],
  ['areaWeight', /^(flademasse|fladevaegt|arealvaegt|arealmasse|vaegt (pr\.?|per) (m2|m²)|area (weight|mass|density)|mass per (area|m2|m²)|weight per (area|m2|m²)|surface (weight|mass)|grammage)( ?[([]?(kg|g) ?(\/|per|pr\.?) ?(m2|m²)[)\]]?)?$|^(kg ?\/ ?(m2|m²))$/],
  ['thickness', /^(tykkelse|thickness|lagtykkelse|layer thickness)( ?(i )?[([]?(mm|cm|m)[)\]]?)?$/],
  ['lifespan', /^(levetid|forventet levetid|lifespan|life ?span|reference service life|rsl|service life|levetid \(aar\)|lifespan \(years\))$/],
  ['validTo', /^(gyldig til|gyldig indtil|udloebsdato|valid (to|until)|expiry( date)?|expires)$/],
  ['publicationDate', /^(udgivet|udgivelsesdato|publiceret|publication date|published|issue date)$/],
  ['declarationNumber', /^(deklarationsnummer|epd[- ]?nummer|epd[- ]?nr\.?|registreringsnummer|declaration number|registration number|epd number)$/],
  ['link', /^(url|link|url \(link\)|kilde|source|webadresse)$/],
  ['owner', /^(producent|ejer|virksomhed|manufacturer|owner|declaration owner|producer|company)$/],
  ['epdType', /^(data ?type|datatype|epd[- ]?type|type|type of data|kind)$/],
  ['standard', /^(standard|norm|en 15804|en15804)$/],
  ['category', /^(kategori|materialekategori|materialegruppe|gruppe|klassifikation|category|material category|material group|classification|kategorie|materialgruppe)$/],
  ['module', /^(modul|module|fase|stage|life ?cycle module|livscyklusmodul)$/],
  ['indicatorValue', /^(vaerdi|value|resultat|result|gwp|co2e?|kg co2e?|kg co2 ?eq)$/],
];

/** Module labels as spreadsheets write them → module code. */
export function moduleOf(text: string): number | undefined {
  const label = moduleLabelOf(norm(text));
  return MODULES.find((m) => m.label === label)?.code;
}

const INDICATOR_PATTERNS: readonly [IndicatorName, RegExp][] = [
  ['GWP_FOSSIL', /(gwp|global (opvarmning|warming)).*(fossil)/],
  ['GWP_BIOGENIC', /(gwp|global (opvarmning|warming)).*(biogen)/],
  ['GWP_LULUC', /(gwp|global (opvarmning|warming)).*(luluc|land ?use|arealanvend)/],
  ['GWP_TOTAL', /gwp|global (opvarmning|warming)|co2/],
  ['PENRT', /penrt|ikke[- ]fornyelig primaer ?energi.*total|non[- ]renewable primary energy.*total/],
  ['PERT', /pert|fornyelig primaer ?energi.*total|renewable primary energy.*total/],
  ['ODP', /odp|ozon/],
];

function valueColumn(header: string): { indicator: IndicatorName; module: number } | undefined {
  const h = norm(header);
  // The module: the last module label in the header ("GWP A1-A3", "Global Opvarmning, modul C3", "D (kg CO2e)").
  const hs = h.replace(/\(?\s*kg\s*co2[- ]?e?q?\.?\s*(per|\/)?[^)]*\)?|co2[- ]?e?q?/g, 'co2');
  const m = /(a1 ?[-–] ?a?3|a1a3|a[0-5]|b[1-8]|c[1-4]|\bd\b)(?!.*(a1 ?[-–] ?a?3|a1a3|a[0-5]\b|b[1-8]\b|c[1-4]\b|\bd\b))/.exec(hs);
  if (!m) return undefined;
  const module = moduleOf(m[1]);
  if (module === undefined) return undefined;
  const rest = hs.slice(0, m.index) + hs.slice(m.index + m[0].length);
  const indicator = INDICATOR_PATTERNS.find(([, re]) => re.test(rest))?.[0] ?? (/^\s*(modul(e)?)?\s*[,:]?\s*$/.test(rest) ? 'GWP_TOTAL' : undefined);
  return indicator ? { indicator, module } : undefined;
}

/** A mapping proposed from the header names; columns it does not recognise are ignored. */
export function proposeMapping(headers: readonly string[]): ColumnMapping {
  const columns: Record<string, ColumnTarget> = {};
  const taken = new Set<string>();
  for (const header of headers) {
    if (!header || header in columns) continue;
    const h = norm(header);
    const value = valueColumn(header);
    const fieldMatch = FIELD_PATTERNS.find(([f, re]) => re.test(h) && !taken.has(f));
    if (fieldMatch && !(value && fieldMatch[0] === 'indicatorValue')) {
      columns[header] = { kind: 'field', field: fieldMatch[0] };
      taken.add(fieldMatch[0]);
    } else if (value) columns[header] = { kind: 'value', ...value };
    else columns[header] = { kind: 'ignore' };
  }
  return { columns };
}

/**
 * The factor to the builder's units (kg/m³, kg/m², m) of a density, area weight or thickness column, from the unit its
 * name gives ("Densitet (t/m3)", "Tykkelse (mm)"); undefined when the name gives none.
 */
export function unitFactor(field: 'density' | 'areaWeight' | 'thickness', header: string): number | undefined {
  const h = norm(header).replace(/³/g, '3').replace(/²/g, '2');
  if (field === 'thickness') {
    const m = /[([ ](mm|cm|m)[)\]]?$/.exec(h);
    return m ? { mm: 0.001, cm: 0.01, m: 1 }[m[1] as 'mm' | 'cm' | 'm'] : undefined;
  }
  const m = /(kg|t|g) ?(?:\/|per|pr\.?) ?(cm3|m3|m2)[)\]]?$/.exec(h);
  if (!m) return undefined;
  if (m[2] === 'cm3') return m[1] === 'g' ? 1000 : m[1] === 'kg' ? 1e6 : undefined;
  return { kg: 1, t: 1000, g: 0.001 }[m[1] as 'kg' | 't' | 'g'];
}
