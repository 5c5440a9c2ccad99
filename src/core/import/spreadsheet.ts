// Spreadsheets of EPDs kept in-house: `.csv` (comma or semicolon separated, as Danish Excel writes it) and `.xlsx`
// (read with read-excel-file), one row per material — or one row per material × module. A column mapping says which
// column holds what; it is proposed from the header names (Danish and English), confirmed by the user, and saved
// next to the file as `<file>.lca-mapping.json`. Each row that cannot be converted is reported with its row number
// and column. No vscode.
import { parse as parseCsv } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { MODULES, UNIT, indicatorByName } from '../codes';
import type { IndicatorName, Material, ModuleResult } from '../schemas/types';
import { allModules } from '../templates';
import { EPD_SPECIFICATION_FORM, indicatorUnit } from './en15804';
import { derivedUuid } from './lcax';
import { ImportError, reasonOf, type ImportInput, type ImportIssue, type ImportResult, type ImportedMaterial, type Place } from './types';
import { format, msg, type Msg } from '../l10n';

/** A sheet as read: the header row's names and the data rows as text (numbers as JS writes them). */
export interface Sheet {
  headers: string[];
  rows: string[][];
  /** The 1-based row number in the file of `rows[0]` (the header is the row before). */
  firstRow: number;
}

/** A material field a column can hold. */
export type MaterialField =
  | 'id' | 'version' | 'name' | 'nameDa' | 'nameEn' | 'description' | 'declaredValue' | 'declaredUnit' | 'mass'
  | 'lifespan' | 'validTo' | 'publicationDate' | 'declarationNumber' | 'link' | 'owner' | 'epdType' | 'standard'
  | 'module' | 'indicatorValue';

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
    } else if (target?.kind === 'value' && typeof target.indicator === 'string' && indicatorByName(target.indicator) && typeof target.module === 'number' && MODULES.some((m) => m.code === target.module)) {
      columns[header] = { kind: 'value', indicator: target.indicator as IndicatorName, module: target.module };
    } else throw new ImportError(msg('The mapping of column "{0}" is not one of: a field, an indicator value per module, or ignore.', header));
  }
  const indicator = typeof raw.indicator === 'string' && indicatorByName(raw.indicator) ? (raw.indicator as IndicatorName) : undefined;
  return { columns, ...(indicator ? { indicator } : {}) };
}

export const FIELDS: readonly MaterialField[] = [
  'id', 'version', 'name', 'nameDa', 'nameEn', 'description', 'declaredValue', 'declaredUnit', 'mass', 'lifespan', 'validTo',
  'publicationDate', 'declarationNumber', 'link', 'owner', 'epdType', 'standard', 'module', 'indicatorValue',
];

const decoder = new TextDecoder('utf-8');

function isXlsx(bytes: Uint8Array): boolean {
  // A ZIP (PK\x03\x04) holding xl/workbook.xml.
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) return false;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('xl/');
}

function csvDelimiter(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0].n > 0 ? counts[0].d : ',';
}

/** The header names that tell a sheet of materials: at least a name and a value or a unit. */
export function isSpreadsheet(input: ImportInput): boolean {
  if (isXlsx(input.bytes)) return true;
  if (!/\.(csv|tsv|txt)$/i.test(input.name)) {
    // By content: text whose first line has separators and names a known column.
    const head = decoder.decode(input.bytes.subarray(0, 2048)).replace(/^\uFEFF/, '');
    if (head.trimStart().startsWith('{') || head.trimStart().startsWith('[') || head.trimStart().startsWith('<')) return false;
    const first = head.split(/\r?\n/)[0] ?? '';
    const d = csvDelimiter(first);
    const mapping = proposeMapping(first.split(d).map((h) => h.replace(/^"|"$/g, '')));
    return Object.values(mapping.columns).filter((t) => t.kind !== 'ignore').length >= 2;
  }
  return true;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  return String(v).trim();
}

/** The header (first non-empty row) and the data rows of a table of cells. */
function sheetOf(table: string[][], name: string): Sheet {
  let h = 0;
  while (h < table.length && table[h].every((c) => c === '')) h++;
  if (h >= table.length) throw new ImportError(msg('{0} is empty: no header row.', name));
  const headers = table[h].map((c) => c.trim());
  const rows = table.slice(h + 1).map((r) => headers.map((_, i) => r[i] ?? ''));
  return { headers, rows, firstRow: h + 2 };
}

/** Reads a .csv (comma, semicolon or tab separated, UTF-8 with or without BOM); throws an Error saying what is wrong. */
export function readCsv(input: ImportInput): Sheet {
  const text = decoder.decode(input.bytes).replace(/^\uFEFF/, '');
  let table: string[][];
  try {
    table = parseCsv(text, { delimiter: csvDelimiter(text.split(/\r?\n/)[0] ?? ''), relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (e) {
    throw new ImportError(msg('{0} is not a readable CSV file: {1}', input.name, reasonOf(e)));
  }
  return sheetOf(table, input.name);
}

/** Reads the first sheet of an .xlsx, or a .csv; throws an Error saying what is wrong. */
export async function readSpreadsheet(input: ImportInput): Promise<Sheet> {
  if (!isXlsx(input.bytes)) return readCsv(input);
  let sheets;
  try {
    sheets = await readXlsxFile(Buffer.from(input.bytes));
  } catch (e) {
    throw new ImportError(msg('{0} cannot be read as an Excel workbook: {1}', input.name, reasonOf(e)));
  }
  const sheet = sheets[0];
  if (!sheet) throw new ImportError(msg('{0} has no worksheet.', input.name));
  return sheetOf(sheet.data.map((row) => row.map(cellText)), input.name);
}

// ---------------------------------------------------------------------------------------------------------------
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
  ['lifespan', /^(levetid|forventet levetid|lifespan|life ?span|reference service life|rsl|service life|levetid \(aar\)|lifespan \(years\))$/],
  ['validTo', /^(gyldig til|gyldig indtil|udloebsdato|valid (to|until)|expiry( date)?|expires)$/],
  ['publicationDate', /^(udgivet|udgivelsesdato|publiceret|publication date|published|issue date)$/],
  ['declarationNumber', /^(deklarationsnummer|epd[- ]?nummer|epd[- ]?nr\.?|registreringsnummer|declaration number|registration number|epd number)$/],
  ['link', /^(url|link|url \(link\)|kilde|source|webadresse)$/],
  ['owner', /^(producent|ejer|virksomhed|manufacturer|owner|declaration owner|producer|company)$/],
  ['epdType', /^(data ?type|datatype|epd[- ]?type|type|type of data|kind)$/],
  ['standard', /^(standard|norm|en 15804|en15804)$/],
  ['module', /^(modul|module|fase|stage|life ?cycle module|livscyklusmodul)$/],
  ['indicatorValue', /^(vaerdi|value|resultat|result|gwp|co2e?|kg co2e?|kg co2 ?eq)$/],
];

/** Module labels as spreadsheets write them → module code. */
export function moduleOf(text: string): number | undefined {
  const t = norm(text).replace(/^modul(e)? /, '').replace(/\s/g, '').toUpperCase();
  if (/^A1[-–]?A?3$|^A1TOA3$|^A13$/.test(t)) return 0;
  return MODULES.find((m) => m.label.replace('-', '') === t.replace('-', ''))?.code;
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

// ---------------------------------------------------------------------------------------------------------------
// Converting rows.

class RowError extends Error {
  constructor(readonly column: string, readonly reason: Msg) {
    super(format(reason));
  }
}

/** A number as spreadsheets write it: 1234.5, 1234,5, 1.234,5, 1 234,5, −0.5, 1e-3; '' / '-' / 'ND' = not declared. */
export function parseNumber(text: string): number | null | undefined {
  const t = text.trim().replace(/\u2212/g, '-').replace(/[\s\u00a0]/g, '');
  if (t === '' || /^(-|–|—|nd|n\/a|na|mnd|ikke deklareret|not declared)$/i.test(t)) return null;
  let s = t;
  // A lone separator is the decimal one (255.909 and 255,909 are both 255.909); thousands separators only count
  // when unambiguous: repeated (1.234.567, 1,234,567) or before the other separator (1.234,5 and 1,234.5).
  if (/^-?\d{1,3}(\.\d{3})+,\d+$|^-?\d{1,3}(\.\d{3}){2,}$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+\.\d+$|^-?\d{1,3}(,\d{3}){2,}$/.test(s)) s = s.replace(/,/g, '');
  else if (/^-?\d*,\d+$/.test(s)) s = s.replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return undefined;
  return Number(s);
}

const UNIT_TEXT: Readonly<Record<string, number>> = {
  m: UNIT.M, lbm: UNIT.M, 'løbende meter': UNIT.M, m2: UNIT.M2, 'm²': UNIT.M2, m3: UNIT.M3, 'm³': UNIT.M3, kg: UNIT.KG,
  t: UNIT.TONNE, ton: UNIT.TONNE, tons: UNIT.TONNE, tonne: UNIT.TONNE, tonnes: UNIT.TONNE, tones: UNIT.TONNE,
  stk: UNIT.PCS, 'stk.': UNIT.PCS, pcs: UNIT.PCS, pc: UNIT.PCS, piece: UNIT.PCS, pieces: UNIT.PCS,
  kwh: UNIT.KWH, mj: UNIT.MJ, l: UNIT.L, liter: UNIT.L, litre: UNIT.L,
};
export function unitOfText(text: string): number | undefined {
  return UNIT_TEXT[text.trim().toLowerCase().replace(/^1\s*/, '').replace(/\^/g, '')];
}

const EPD_TYPE_TEXT: readonly [RegExp, number][] = [
  [/generi|generic|default|standard ?data/i, 0],
  [/branche|industr|average|gennemsnit|representative|sector/i, 1],
  [/produkt|product|specific|specifik|virksomhed/i, 2],
];

function dateOf(text: string, column: string): string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const year = /^(\d{4})$/.exec(t);
  if (year) return `${year[1]}-12-31T00:00:00Z`;
  const dk = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(t);
  const iso = dk ? `${dk[3]}-${dk[2].padStart(2, '0')}-${dk[1].padStart(2, '0')}` : t;
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(ms)) throw new RowError(column, msg('"{0}" is not a date (2028-12-31, 31-12-2028 or 2028)', t));
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

interface RowMaterial {
  key: string;
  rowNumber: number;
  fields: Partial<Record<MaterialField, { text: string; column: string }>>;
  values: Map<number, Map<IndicatorName, number>>;
}

function materialOf(r: RowMaterial, form: number | undefined, warnings: Msg[]): Material {
  const f = (k: MaterialField): string => r.fields[k]?.text ?? '';
  const col = (k: MaterialField, fallback: string): string => r.fields[k]?.column ?? fallback;
  const displayName = f('name') || f('nameDa') || f('nameEn');
  if (!displayName) throw new RowError(col('name', 'name'), msg('the name is empty'));
  const unitText = f('declaredUnit');
  if (!unitText) throw new RowError(col('declaredUnit', 'declared unit'), msg('the declared unit is empty (m, m2, m3, kg, t, pcs, kWh, l)'));
  const declaredUnit = unitOfText(unitText);
  if (declaredUnit === undefined) throw new RowError(col('declaredUnit', 'declared unit'), msg('"{0}" is not a unit (m, m2, m3, kg, t, pcs, kWh, l)', unitText));
  let declaredValue = 1;
  if (f('declaredValue')) {
    const v = parseNumber(f('declaredValue'));
    if (v === undefined || v === null || v <= 0) throw new RowError(col('declaredValue', 'declared amount'), msg('"{0}" is not an amount > 0', f('declaredValue')));
    declaredValue = v;
  }
  let mass: number | undefined;
  if (f('mass')) {
    const v = parseNumber(f('mass'));
    if (v === undefined || (v !== null && v < 0)) throw new RowError(col('mass', 'mass'), msg('"{0}" is not a mass ≥ 0 in kg', f('mass')));
    if (v !== null && declaredUnit !== UNIT.KG && declaredUnit !== UNIT.TONNE) mass = v;
  }
  let expectedLifespan: number | undefined;
  if (f('lifespan')) {
    const v = parseNumber(f('lifespan'));
    if (v === undefined || (v !== null && (!Number.isInteger(v) || v < 1))) throw new RowError(col('lifespan', 'lifespan'), msg('"{0}" is not a whole number of years ≥ 1', f('lifespan')));
    if (v !== null) expectedLifespan = v;
  }
  const validTo = dateOf(f('validTo'), col('validTo', 'valid to'));
  const publicationDate = dateOf(f('publicationDate'), col('publicationDate', 'publication date'));
  const typeText = f('epdType');
  const epdType = typeText ? EPD_TYPE_TEXT.find(([re]) => re.test(typeText))?.[1] : undefined;
  if (typeText && epdType === undefined) warnings.push(msg('{0}: "{1}" is not generic, industry or product; left out.', col('epdType', 'EPD type'), typeText));
  const standardText = f('standard');
  const rowForm = /a1\b|\+ ?a1/i.test(standardText) ? EPD_SPECIFICATION_FORM.A1 : /a2\b|\+ ?a2/i.test(standardText) ? EPD_SPECIFICATION_FORM.A2 : form;
  if (![...r.values.values()].some((m) => m.size)) throw new RowError('', msg('no indicator value in this row (every value column is empty)'));
  const id = f('id');
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const originalUUID = UUID.test(id) ? id.toLowerCase() : derivedUuid(id || `${displayName}:${unitText.toLowerCase()}`, 'spreadsheet');
  if (!UUID.test(id)) warnings.push(id ? msg('id "{0}" is not a UUID; originalUUID {1} is derived from it.', id, originalUUID) : msg('No id: originalUUID {0} is derived from the name and the declared unit (the same every time).', originalUUID));
  const version = f('version') || '1';
  const nameMultiLang = [
    ...(f('nameDa') ? [{ lang: 'da', value: f('nameDa') }] : []),
    ...(f('nameEn') ? [{ lang: 'en', value: f('nameEn') }] : []),
  ];
  const lciaResults: ModuleResult[] = allModules((code) => {
    const m = r.values.get(code);
    if (!m || !m.size) return undefined;
    return [...m.entries()].map(([type, value]) => ({ type, unit: indicatorUnit(type, rowForm), value }));
  });
  return {
    name: displayName,
    description: f('description'),
    originalUUID,
    originalVersion: version,
    isPublic: false,
    isCustom: true,
    ...(nameMultiLang.length ? { nameMultiLang } : {}),
    ...(expectedLifespan !== undefined ? { expectedLifespan } : {}),
    epdInfo: {
      ...(rowForm !== undefined && rowForm !== EPD_SPECIFICATION_FORM.UNKNOWN ? { epdSpecificationForm: rowForm } : {}),
      ...(epdType !== undefined ? { epdProductIndustryType: epdType } : {}),
      ...(validTo ? { validTo } : {}),
      epdVersion: version,
      ...(publicationDate ? { publicationDate } : {}),
      ...(f('declarationNumber') ? { declarationNumber: f('declarationNumber') } : {}),
      ...(f('link') ? { link: f('link') } : {}),
    },
    declaredUnit: { declaredValue, declaredUnit, ...(mass !== undefined ? { mass, massUnit: UNIT.KG } : {}) },
    lciaResults,
    tags: ['Spreadsheet', ...(f('owner') ? [f('owner')] : [])],
  };
}

/** Converts a sheet with a mapping; each row that cannot be converted is refused with its row number and column. */
export function importSheet(sheet: Sheet, mapping: ColumnMapping, name: string): ImportResult {
  const refused: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const materials: ImportedMaterial[] = [];
  const index = new Map(sheet.headers.map((h, i) => [h, i]));
  const targets = Object.entries(mapping.columns).filter(([, t]) => t.kind !== 'ignore');
  for (const [header] of targets) {
    if (!index.has(header)) refused.push({ item: name, field: msg('column "{0}"', header), reason: msg('is in the mapping but not in the file; check the mapping.') });
    else if (sheet.headers.filter((h) => h === header).length > 1) {
      refused.push({ item: name, field: msg('column "{0}"', header), reason: msg('appears more than once in the header row; rename one so that the mapping can tell them apart.') });
    }
  }
  if (refused.length) return { format: 'spreadsheet', materials, constructions: [], refused, warnings };
  const fieldCol = (f: MaterialField): string | undefined => targets.find(([, t]) => t.kind === 'field' && t.field === f)?.[0];
  const perModule = fieldCol('module') !== undefined;
  const valueCol = fieldCol('indicatorValue');
  if (perModule && valueCol === undefined) {
    return { format: 'spreadsheet', materials, constructions: [], refused: [{ item: name, field: msg('column "{0}"', fieldCol('module')!), reason: msg('a module column needs a value column (the value of that module) in the mapping.') }], warnings };
  }
  if (!perModule && !targets.some(([, t]) => t.kind === 'value')) {
    return { format: 'spreadsheet', materials, constructions: [], refused: [{ item: name, field: '', reason: msg('the mapping has no value column (e.g. "GWP A1-A3"); nothing to import.') }], warnings };
  }
  const byKey = new Map<string, RowMaterial>();
  const order: RowMaterial[] = [];
  const bad = new Set<RowMaterial>();
  for (let i = 0; i < sheet.rows.length; i++) {
    const row = sheet.rows[i];
    const rowNumber = sheet.firstRow + i;
    if (row.every((c) => c === '')) continue;
    const cell = (header: string): string => row[index.get(header)!] ?? '';
    let current: RowMaterial | undefined;
    try {
      const fields: RowMaterial['fields'] = {};
      for (const [header, t] of targets) if (t.kind === 'field' && cell(header)) fields[t.field] = { text: cell(header), column: header };
      const key = perModule ? `${fields.id?.text ?? ''}\u0000${fields.name?.text ?? fields.nameDa?.text ?? ''}\u0000${fields.declaredUnit?.text ?? ''}\u0000${fields.version?.text ?? ''}` : `row ${rowNumber}`;
      let r = byKey.get(key);
      if (!r) {
        r = { key, rowNumber, fields, values: new Map() };
        byKey.set(key, r);
        order.push(r);
      }
      current = r;
      const put = (module: number, indicator: IndicatorName, header: string, text: string): void => {
        const v = parseNumber(text);
        if (v === undefined) throw new RowError(header, msg('"{0}" is not a number', text));
        if (v === null) return;
        const m = r.values.get(module) ?? new Map<IndicatorName, number>();
        if (m.has(indicator)) throw new RowError(header, msg('{0} of module {1} is given twice for this material', indicator, MODULES.find((x) => x.code === module)?.label ?? String(module)));
        m.set(indicator, v);
        r.values.set(module, m);
      };
      if (perModule) {
        const moduleHeader = fieldCol('module')!;
        const moduleText = cell(moduleHeader);
        const module = moduleOf(moduleText);
        if (module === undefined) throw new RowError(moduleHeader, msg('"{0}" is not a life cycle module (A1-A3, A4, A5, B1–B8, C1–C4, D)', moduleText));
        put(module, mapping.indicator ?? 'GWP_TOTAL', valueCol!, cell(valueCol!));
      } else {
        for (const [header, t] of targets) if (t.kind === 'value') put(t.module, t.indicator, header, cell(header));
      }
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      refused.push({ item: msg('row {0}', rowNumber), field: e.column ? msg('column "{0}"', e.column) : '', reason: perModule ? msg('{0}; the material of this row (all its rows) is not imported.', e.reason) : msg('{0}; the row is not imported.', e.reason) });
      // The material loses no value silently: a material with a row that cannot be converted is not written.
      if (current) bad.add(current);
    }
  }
  for (const r of order) {
    if (bad.has(r)) continue;
    const w: Msg[] = [];
    try {
      const material = materialOf(r, undefined, w);
      materials.push({ material, source: msg('{0} row {1}', name, r.rowNumber), warnings: w });
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      refused.push({ item: msg('row {0}', r.rowNumber), field: e.column ? msg('column "{0}"', e.column) : '', reason: e.reason });
    }
  }
  // The same EPD twice (id + version) would be refused by the service: say so here.
  const seen = new Map<string, Place>();
  for (const m of materials) {
    const k = `${m.material.originalUUID}@${m.material.originalVersion}`;
    const first = seen.get(k);
    if (first) warnings.push({ item: m.source, field: '', reason: msg('the same EPD (id and version) as {0}; bulk create will refuse the second.', first) });
    else seen.set(k, m.source);
  }
  return { format: 'spreadsheet', materials, constructions: [], refused, warnings };
}

/** Reads the spreadsheet and converts it with the mapping. */
export async function importSpreadsheet(input: ImportInput, mapping: ColumnMapping): Promise<ImportResult> {
  let sheet: Sheet;
  try {
    sheet = await readSpreadsheet(input);
  } catch (e) {
    return { format: 'spreadsheet', materials: [], constructions: [], refused: [{ item: input.name, field: '', reason: reasonOf(e) }], warnings: [] };
  }
  return importSheet(sheet, mapping, input.name);
}
