// Spreadsheets of EPDs kept in-house: `.csv` (comma or semicolon separated, as Danish Excel writes it) and `.xlsx`
// (read with read-excel-file), one row per material — or one row per material × module. A column mapping says which
// column holds what; it is proposed from the header names (Danish and English), confirmed by the user, and saved
// next to the file as `<file>.lca-mapping.json`. Each row that cannot be converted is reported with its row number
// and column. No vscode.
import readXlsxFile from 'read-excel-file/node';
import type { CodeTable } from '../codeTable';
import { INDICATORS, MODULES } from '../codes';
import type { IndicatorName } from '../schemas/types';
import { importedMaterial, type DraftValue, type MaterialDraft } from './builder';
import { derivedUuid, FieldError, moduleLabelOf, UUID } from './texts';
import { csvDelimiter, parseNumber, readCsv, sheetOf, type Sheet } from './sheet';
import { ImportError, reasonOf, type ImportInput, type ImportIssue, type ImportResult, type ImportedMaterial, type Place } from './types';
import { classificationTag } from '../families';
import { msg, type Msg } from '../l10n';

export { parseNumber, readCsv, type Sheet } from './sheet';

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
const moduleText = (code: number): string => MODULES.find((m) => m.code === code)?.label ?? String(code);

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

const decoder = new TextDecoder('utf-8');

function isXlsx(bytes: Uint8Array): boolean {
  // A ZIP (PK\x03\x04) holding xl/workbook.xml.
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) return false;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('xl/');
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

// ---------------------------------------------------------------------------------------------------------------
// Converting rows.

interface RowMaterial {
  key: string;
  rowNumber: number;
  fields: Partial<Record<MaterialField, { text: string; column: string }>>;
  values: Map<number, Map<IndicatorName, number>>;
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

/** The draft of one material's row(s); throws FieldError (a column and what is wrong) for a cell it cannot read. */
function draftOf(r: RowMaterial, warnings: Msg[]): MaterialDraft {
  const f = (k: MaterialField): string => r.fields[k]?.text ?? '';
  const col = (k: MaterialField, fallback: string): Place => msg('column "{0}"', r.fields[k]?.column ?? fallback);
  const displayName = f('name') || f('nameDa') || f('nameEn');
  const unitText = f('declaredUnit');
  let declaredValue: number | undefined;
  if (f('declaredValue')) {
    const v = parseNumber(f('declaredValue'));
    if (v === undefined || v === null || v <= 0) throw new FieldError(col('declaredValue', 'declared amount'), msg('"{0}" is not an amount > 0', f('declaredValue')));
    declaredValue = v;
  }
  let mass: number | undefined;
  if (f('mass')) {
    const v = parseNumber(f('mass'));
    if (v === undefined || (v !== null && v < 0)) throw new FieldError(col('mass', 'mass'), msg('"{0}" is not a mass ≥ 0 in kg', f('mass')));
    if (v !== null) mass = v;
  }
  // Density, area weight and thickness in kg/m³, kg/m² and m, by the unit the column name gives.
  const physical = (k: 'density' | 'areaWeight' | 'thickness'): number | undefined => {
    if (!f(k)) return undefined;
    const v = parseNumber(f(k));
    if (v === undefined || (v !== null && v <= 0)) throw new FieldError(col(k, k), msg('"{0}" is not a number > 0', f(k)));
    if (v === null) return undefined;
    const header = r.fields[k]!.column;
    let factor = unitFactor(k, header);
    if (factor === undefined) {
      factor = k === 'thickness' ? 0.001 : 1;
      if (k === 'thickness') warnings.push(msg('{0} gives no unit (mm or m): the thickness is taken in mm.', col(k, k)));
    }
    return Number((v * factor).toPrecision(12));
  };
  const density = physical('density');
  const areaWeight = physical('areaWeight');
  const thickness = physical('thickness');
  let lifespan: number | undefined;
  if (f('lifespan')) {
    const v = parseNumber(f('lifespan'));
    if (v === undefined || (v !== null && (!Number.isInteger(v) || v < 1))) throw new FieldError(col('lifespan', 'lifespan'), msg('"{0}" is not a whole number of years ≥ 1', f('lifespan')));
    if (v !== null) lifespan = v;
  }
  const standardText = f('standard');
  const standard = /a1\b|\+ ?a1/i.test(standardText) ? 'A1' : /a2\b|\+ ?a2/i.test(standardText) ? 'A2' : undefined;
  if (![...r.values.values()].some((m) => m.size)) throw new FieldError('', msg('no indicator value in this row (every value column is empty)'));
  const id = f('id');
  // Without an id, one is made of the name and the declared unit: the same row gives the same originalUUID every time.
  const idText = id || `${displayName}:${unitText.toLowerCase()}`;
  if (!id) warnings.push(msg('No id: originalUUID {0} is derived from the name and the declared unit (the same every time).', derivedUuid(idText, 'spreadsheet')));
  const values: DraftValue[] = [];
  for (const [module, m] of r.values) for (const [indicator, value] of m) values.push({ indicator, module: moduleText(module), value });
  return {
    id: UUID.test(idText) ? idText.toLowerCase() : idText,
    idNamespace: 'spreadsheet',
    idDerivedQuietly: !id,
    version: f('version') || '1',
    name: displayName,
    names: [...(f('nameDa') ? [{ lang: 'da', value: f('nameDa') }] : []), ...(f('nameEn') ? [{ lang: 'en', value: f('nameEn') }] : [])],
    description: f('description'),
    declaredUnit: unitText,
    declaredValue,
    mass,
    density,
    areaWeight,
    thickness,
    validUntil: f('validTo') || undefined,
    publicationDate: f('publicationDate') || undefined,
    epdType: f('epdType') || undefined,
    standard,
    values,
    lifespan,
    declarationNumber: f('declarationNumber') || undefined,
    link: f('link') || undefined,
    // The category column is the sheet's own classification: kept as a `class:` tag with the column as its system.
    tags: ['Spreadsheet', ...(f('owner') ? [f('owner')] : []), ...(f('category') ? [classificationTag({ system: r.fields.category?.column ?? 'category', classes: [{ name: f('category') }] })] : [])],
    isCustom: true,
    where: {
      id: col('id', 'id'),
      name: col('name', 'name'),
      declaredUnit: col('declaredUnit', 'declared unit'),
      declaredValue: col('declaredValue', 'declared amount'),
      mass: col('mass', 'mass'),
      density: col('density', 'density'),
      areaWeight: col('areaWeight', 'area weight'),
      thickness: col('thickness', 'thickness'),
      validUntil: col('validTo', 'valid to'),
      publicationDate: col('publicationDate', 'publication date'),
      epdType: col('epdType', 'EPD type'),
    },
  };
}

/** Converts a sheet with a mapping; each row that cannot be converted is refused with its row number and column. */
export function importSheet(sheet: Sheet, mapping: ColumnMapping, name: string, codes: CodeTable): ImportResult {
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
        if (v === undefined) throw new FieldError(msg('column "{0}"', header), msg('"{0}" is not a number', text));
        if (v === null) return;
        const m = r.values.get(module) ?? new Map<IndicatorName, number>();
        if (m.has(indicator)) throw new FieldError(msg('column "{0}"', header), msg('{0} of module {1} is given twice for this material', indicator, moduleText(module)));
        m.set(indicator, v);
        r.values.set(module, m);
      };
      if (perModule) {
        const moduleHeader = fieldCol('module')!;
        const moduleText = cell(moduleHeader);
        const module = moduleOf(moduleText);
        if (module === undefined) throw new FieldError(msg('column "{0}"', moduleHeader), msg('"{0}" is not a life cycle module (A1-A3, A4, A5, B1–B8, C1–C4, D)', moduleText));
        put(module, mapping.indicator ?? 'GWP_TOTAL', valueCol!, cell(valueCol!));
      } else {
        for (const [header, t] of targets) if (t.kind === 'value') put(t.module, t.indicator, header, cell(header));
      }
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      refused.push({ item: msg('row {0}', rowNumber), field: e.field, reason: perModule ? msg('{0}; the material of this row (all its rows) is not imported.', e.reason) : msg('{0}; the row is not imported.', e.reason) });
      // The material loses no value silently: a material with a row that cannot be converted is not written.
      if (current) bad.add(current);
    }
  }
  for (const r of order) {
    if (bad.has(r)) continue;
    const w: Msg[] = [];
    try {
      materials.push(importedMaterial(draftOf(r, w), codes, msg('{0} row {1}', name, r.rowNumber), w));
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      refused.push({ item: msg('row {0}', r.rowNumber), field: e.field, reason: e.reason });
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
export async function importSpreadsheet(input: ImportInput, mapping: ColumnMapping, codes: CodeTable): Promise<ImportResult> {
  let sheet: Sheet;
  try {
    sheet = await readSpreadsheet(input);
  } catch (e) {
    return { format: 'spreadsheet', materials: [], constructions: [], refused: [{ item: input.name, field: '', reason: reasonOf(e) }], warnings: [] };
  }
  return importSheet(sheet, mapping, input.name, codes);
}
