// Spreadsheets of EPDs kept in-house: `.csv` (comma or semicolon separated, as Danish Excel writes it) and `.xlsx`
// (read with read-excel-file), one row per material — or one row per material × module. A column mapping
// (columnMapping.ts) says which column holds what. Each row that cannot be converted is reported with its row number
// and column. No vscode.
import readXlsxFile from 'read-excel-file/node';
import type { CodeTable } from '../codeTable';
import type { IndicatorName } from '../schemas/types';
import { importedMaterial, type DraftValue, type MaterialDraft } from './builder';
import { derivedUuid, FieldError, UUID } from './texts';
import { csvDelimiter, parseNumber, readCsv, sheetOf, type Sheet } from './sheet';
import { ImportError, reasonOf, type ImportInput, type ImportIssue, type ImportResult, type ImportedMaterial, type Place } from './types';
import { moduleOf, moduleText, proposeMapping, unitFactor, type ColumnMapping, type ColumnTarget, type MaterialField } from './columnMapping';
import { classificationTag } from '../families';
import { msg, type Msg } from '../l10n';

export { parseNumber, readCsv, type Sheet } from './sheet';
export {
  FIELDS,
  mappingFileName,
  parseMapping,
  proposeMapping,
  serializeMapping,
  type ColumnMapping,
  type ColumnTarget,
  type MaterialField,
} from './columnMapping';

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
// Converting rows.

interface RowMaterial {
  key: string;
  rowNumber: number;
  fields: Partial<Record<MaterialField, { text: string; column: string }>>;
  values: Map<number, Map<IndicatorName, number>>;
}

/** A row's text of a field ('' when the mapping has no such column or the cell is empty). */
const cellOf = (r: RowMaterial, k: MaterialField): string => r.fields[k]?.text ?? '';
/** Where a field is, for messages: its column, or the field's name when the mapping has none. */
const columnOf = (r: RowMaterial, k: MaterialField, fallback: string): Place => msg('column "{0}"', r.fields[k]?.column ?? fallback);

/** The amounts of a material's row(s): declared amount, mass, lifespan, and density, area weight and thickness in the builder's units. */
function amountsOf(r: RowMaterial, warnings: Msg[]): Pick<MaterialDraft, 'declaredValue' | 'mass' | 'density' | 'areaWeight' | 'thickness' | 'lifespan'> {
  const f = (k: MaterialField): string => cellOf(r, k);
  const col = (k: MaterialField, fallback: string): Place => columnOf(r, k, fallback);
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
  return { declaredValue, mass, density, areaWeight, thickness, lifespan };
}

/** The draft of one material's row(s); throws FieldError (a column and what is wrong) for a cell it cannot read. */
function draftOf(r: RowMaterial, warnings: Msg[]): MaterialDraft {
  const f = (k: MaterialField): string => cellOf(r, k);
  const col = (k: MaterialField, fallback: string): Place => columnOf(r, k, fallback);
  const displayName = f('name') || f('nameDa') || f('nameEn');
  const unitText = f('declaredUnit');
  const amounts = amountsOf(r, warnings);
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
    ...amounts,
    validUntil: f('validTo') || undefined,
    publicationDate: f('publicationDate') || undefined,
    epdType: f('epdType') || undefined,
    standard,
    values,
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

/** What of the mapping does not fit the sheet: a column it names missing or twice, a module column without a value column, no value column. */
function mappingProblems(sheet: Sheet, targets: [string, ColumnTarget][], name: string): ImportIssue[] {
  const refused: ImportIssue[] = [];
  for (const [header] of targets) {
    if (!sheet.headers.includes(header)) refused.push({ item: name, field: msg('column "{0}"', header), reason: msg('is in the mapping but not in the file; check the mapping.') });
    else if (sheet.headers.filter((h) => h === header).length > 1) {
      refused.push({ item: name, field: msg('column "{0}"', header), reason: msg('appears more than once in the header row; rename one so that the mapping can tell them apart.') });
    }
  }
  if (refused.length) return refused;
  const moduleCol = fieldColumn(targets, 'module');
  if (moduleCol !== undefined && fieldColumn(targets, 'indicatorValue') === undefined) {
    return [{ item: name, field: msg('column "{0}"', moduleCol), reason: msg('a module column needs a value column (the value of that module) in the mapping.') }];
  }
  if (moduleCol === undefined && !targets.some(([, t]) => t.kind === 'value')) {
    return [{ item: name, field: '', reason: msg('the mapping has no value column (e.g. "GWP A1-A3"); nothing to import.') }];
  }
  return [];
}

/** The column the mapping gives a field, or undefined. */
const fieldColumn = (targets: [string, ColumnTarget][], f: MaterialField): string | undefined => targets.find(([, t]) => t.kind === 'field' && t.field === f)?.[0];

/** Adds one value of a row to its material; throws FieldError for a cell that is no number or a value given twice. */
function putValue(r: RowMaterial, module: number, indicator: IndicatorName, header: string, text: string): void {
  const v = parseNumber(text);
  if (v === undefined) throw new FieldError(msg('column "{0}"', header), msg('"{0}" is not a number', text));
  if (v === null) return;
  const m = r.values.get(module) ?? new Map<IndicatorName, number>();
  if (m.has(indicator)) throw new FieldError(msg('column "{0}"', header), msg('{0} of module {1} is given twice for this material', indicator, moduleText(module)));
  m.set(indicator, v);
  r.values.set(module, m);
}

/**
 * The materials of a sheet's rows, in order: one per row, or — with a module column — one per id, name, declared unit
 * and version, gathering its rows' values. A row that cannot be read is refused, and its material (`bad`) with it.
 */
function rowMaterials(sheet: Sheet, targets: [string, ColumnTarget][], indicator: IndicatorName | undefined, refused: ImportIssue[]): { order: RowMaterial[]; bad: Set<RowMaterial> } {
  const index = new Map(sheet.headers.map((h, i) => [h, i]));
  const moduleHeader = fieldColumn(targets, 'module');
  const valueCol = fieldColumn(targets, 'indicatorValue');
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
      const key = moduleHeader !== undefined ? `${fields.id?.text ?? ''}\u0000${fields.name?.text ?? fields.nameDa?.text ?? ''}\u0000${fields.declaredUnit?.text ?? ''}\u0000${fields.version?.text ?? ''}` : `row ${rowNumber}`;
      let r = byKey.get(key);
      if (!r) {
        r = { key, rowNumber, fields, values: new Map() };
        byKey.set(key, r);
        order.push(r);
      }
      current = r;
      if (moduleHeader !== undefined) {
        const moduleText = cell(moduleHeader);
        const module = moduleOf(moduleText);
        if (module === undefined) throw new FieldError(msg('column "{0}"', moduleHeader), msg('"{0}" is not a life cycle module (A1-A3, A4, A5, B1–B8, C1–C4, D)', moduleText));
        putValue(r, module, indicator ?? 'GWP_TOTAL', valueCol!, cell(valueCol!));
      } else {
        for (const [header, t] of targets) if (t.kind === 'value') putValue(r, t.module, t.indicator, header, cell(header));
      }
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      refused.push({ item: msg('row {0}', rowNumber), field: e.field, reason: moduleHeader !== undefined ? msg('{0}; the material of this row (all its rows) is not imported.', e.reason) : msg('{0}; the row is not imported.', e.reason) });
      // The material loses no value silently: a material with a row that cannot be converted is not written.
      if (current) bad.add(current);
    }
  }
  return { order, bad };
}

/** The same EPD twice (id + version) would be refused by the service: a warning per second one. */
function duplicateWarnings(materials: readonly ImportedMaterial[]): ImportIssue[] {
  const warnings: ImportIssue[] = [];
  const seen = new Map<string, Place>();
  for (const m of materials) {
    const k = `${m.material.originalUUID}@${m.material.originalVersion}`;
    const first = seen.get(k);
    if (first) warnings.push({ item: m.source, field: '', reason: msg('the same EPD (id and version) as {0}; bulk create will refuse the second.', first) });
    else seen.set(k, m.source);
  }
  return warnings;
}

/** Converts a sheet with a mapping; each row that cannot be converted is refused with its row number and column. */
export function importSheet(sheet: Sheet, mapping: ColumnMapping, name: string, codes: CodeTable): ImportResult {
  const targets = Object.entries(mapping.columns).filter(([, t]) => t.kind !== 'ignore');
  const problems = mappingProblems(sheet, targets, name);
  if (problems.length) return { format: 'spreadsheet', materials: [], constructions: [], refused: problems, warnings: [] };
  const refused: ImportIssue[] = [];
  const materials: ImportedMaterial[] = [];
  const { order, bad } = rowMaterials(sheet, targets, mapping.indicator, refused);
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
  return { format: 'spreadsheet', materials, constructions: [], refused, warnings: duplicateWarnings(materials) };
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
