// BR18 Bilag 2 Tabel 7 — the Danish generic environmental data — as released by the authority (CSV: "Sorterings ID",
// "Data type", "Navn DE/ENG", "Navn DK", "Global Opvarmning, modul A1-A3/C3/C4/D", "Deklareret faktor (FU)",
// "Deklareret enhed (FU)", "Masse faktor", "Url (link)", "Kommentar") and the LCAx (EPDx) files made from it
// (ocni-dtu/table7: one EPD per row, `source.name` "BR18 - Tabel 7") → materials. No vscode.
//
// Decisions (docs/service-decisions.md, "EPD import"):
// - "Generisk data" rows are epdProductIndustryType 0 (generic), "Branche data" rows (EPD Danmark industry EPDs) 1.
// - declaredValue is the table's declared factor (1000 for the two rows given per 1000 kg; never rescaled) and the
//   mass is "Masse faktor" (kg per 1 declared unit) × the declared factor, i.e. the mass of declaredValue units.
// - The CSV has no UUID: originalUUID is derived from the Sorterings ID (stable), originalVersion from the row's
//   values (a later release that changes a row gives a new version; an unchanged row stays the same material).
import { createHash } from 'crypto';
import type { CodeTable } from '../codeTable';
import { importedMaterial, type DraftValue, type MaterialDraft } from './builder';
import { Codes, FieldError, isMassUnit, unitLabelOf } from './texts';
import { parseNumber, readCsv } from './sheet';
import { reasonOf, type ImportInput, type ImportIssue, type ImportResult, type ImportedMaterial } from './types';
import { msg, type Msg } from '../l10n';
import { isObject } from '../guards';

const decoder = new TextDecoder('utf-8');
const TABLE7_SOURCE = /tabel ?7/i;

type Col = 'id' | 'type' | 'nameDeEn' | 'nameDa' | 'a1a3' | 'c3' | 'c4' | 'd' | 'factor' | 'unit' | 'mass' | 'url' | 'comment';
const COLUMNS: readonly [Col, RegExp][] = [
  ['id', /^sorterings ?id$/i],
  ['type', /^data ?type$/i],
  ['nameDeEn', /^navn (de\/eng?|de|eng?)$/i],
  ['nameDa', /^navn (dk|da)$/i],
  ['a1a3', /modul a1[-–]a?3$/i],
  ['c3', /modul c3$/i],
  ['c4', /modul c4$/i],
  ['d', /modul d$/i],
  ['factor', /^deklareret faktor/i],
  ['unit', /^deklareret enhed/i],
  ['mass', /^masse ?faktor/i],
  ['url', /^url/i],
  ['comment', /^kommentar/i],
];
const REQUIRED: readonly Col[] = ['id', 'nameDa', 'a1a3', 'factor', 'unit'];

function columnsOf(headers: readonly string[]): Partial<Record<Col, number>> {
  const out: Partial<Record<Col, number>> = {};
  headers.forEach((h, i) => {
    const c = COLUMNS.find(([, re]) => re.test(h.trim()))?.[0];
    if (c && out[c] === undefined) out[c] = i;
  });
  return out;
}

/** An LCAx (EPDx) EPD, or a list of them, whose source is Tabel 7. */
function isTable7Lcax(input: ImportInput): boolean {
  try {
    const v = JSON.parse(decoder.decode(input.bytes).replace(/^\uFEFF/, '')) as unknown;
    const docs = Array.isArray(v) ? v : [v];
    return docs.length > 0 && docs.every((d) => isObject(d) && ('declaredUnit' in d || 'declared_unit' in d) && isObject(d.source) && typeof d.source.name === 'string' && TABLE7_SOURCE.test(d.source.name));
  } catch {
    return false;
  }
}

/** Whether the input is the Tabel 7 CSV (by its header) or an LCAx file made from Tabel 7 (by its source). */
export function isTable7(input: ImportInput): boolean {
  const head = decoder.decode(input.bytes.subarray(0, 2048)).replace(/^\uFEFF/, '');
  const first = head.split(/\r?\n/)[0] ?? '';
  if (/sorterings ?id/i.test(first) && /global opvarmning/i.test(first)) return true;
  return (head.trimStart().startsWith('{') || head.trimStart().startsWith('[')) && isTable7Lcax(input);
}

const GWP_UNIT = 'kg CO2 eq';

/** Whether a Tabel 7 input is one of the LCAx files made from it (read by the LCAx reader, then `asTable7`). */
export function isTable7Json(input: ImportInput): boolean {
  const head = decoder.decode(input.bytes.subarray(0, 16)).replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('{') || head.startsWith('[');
}

/** The headers of the columns, as the authority's CSV names them (for the message when one is missing). */
const COLUMN_NAMES: Record<Col, string> = {
  id: 'Sorterings ID', type: 'Data type', nameDeEn: 'Navn DE/ENG', nameDa: 'Navn DK', a1a3: 'Global Opvarmning, modul A1-A3', c3: 'modul C3', c4: 'modul C4',
  d: 'modul D', factor: 'Deklareret faktor (FU)', unit: 'Deklareret enhed (FU)', mass: 'Masse faktor', url: 'Url (link)', comment: 'Kommentar',
};

/** Imports the Tabel 7 CSV as generic (and industry) materials. */
export function importTable7(input: ImportInput, codes: CodeTable): ImportResult {
  const refused: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const materials: ImportedMaterial[] = [];
  let sheet;
  try {
    sheet = readCsv(input);
  } catch (e) {
    return { format: 'table7', materials, constructions: [], refused: [{ item: input.name, field: '', reason: reasonOf(e) }], warnings };
  }
  const col = columnsOf(sheet.headers);
  const missing = REQUIRED.filter((c) => col[c] === undefined);
  if (missing.length) {
    return { format: 'table7', materials, constructions: [], refused: [{ item: input.name, field: msg('header'), reason: msg('columns missing: {0}; is this the Tabel 7 CSV?', missing.map((c) => `"${COLUMN_NAMES[c]}"`).join(', ')) }], warnings };
  }
  for (let i = 0; i < sheet.rows.length; i++) {
    const row = sheet.rows[i];
    const rowNumber = sheet.firstRow + i;
    if (row.every((c) => c === '')) continue;
    const id = row[col.id!] ?? '';
    const read = draftOfRow(row, sheet.headers, col);
    if ('reason' in read) {
      refused.push({ item: id ? msg('row {0} ({1})', rowNumber, id) : msg('row {0}', rowNumber), field: msg('column "{0}"', sheet.headers[col[read.column]!]), reason: read.reason });
      continue;
    }
    try {
      materials.push(importedMaterial(read.draft, codes, msg('{0} row {1} ({2})', input.name, rowNumber, id), read.warnings));
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      refused.push({ item: msg('row {0} ({1})', rowNumber, id), field: e.field, reason: e.reason });
    }
  }
  return { format: 'table7', materials, constructions: [], refused, warnings };
}

/** The draft of one row of the CSV (with what was assumed), or why it is refused: the column and what is wrong. */
function draftOfRow(row: readonly string[], headers: readonly string[], col: Partial<Record<Col, number>>): { draft: MaterialDraft; warnings: Msg[] } | { column: Col; reason: Msg } {
  const cell = (c: Col): string => (col[c] === undefined ? '' : (row[col[c]!] ?? ''));
  const header = (c: Col): string => headers[col[c]!];
  const id = cell('id');
  if (!id) return { column: 'id', reason: msg('is empty; every Tabel 7 row has a Sorterings ID') };
  const nameDa = cell('nameDa') || cell('nameDeEn');
  if (!nameDa) return { column: 'nameDa', reason: msg('is empty') };
  const unit = unitLabelOf(cell('unit'));
  const factor = parseNumber(cell('factor'));
  if (factor === undefined || factor === null || factor <= 0) return { column: 'factor', reason: msg('"{0}" is not an amount > 0', cell('factor')) };
  const values: DraftValue[] = [];
  for (const c of ['a1a3', 'c3', 'c4', 'd'] as const) {
    if (col[c] === undefined) continue;
    const v = parseNumber(cell(c));
    if (v === undefined) return { column: c, reason: msg('"{0}" is not a number (or "-" for not declared)', cell(c)) };
    if (v !== null) values.push({ indicator: 'GWP_TOTAL', module: c, value: v, unit: GWP_UNIT, where: msg('column "{0}"', header(c)) });
  }
  let mass: number | undefined;
  if (col.mass !== undefined && !isMassUnit(unit)) {
    const m = parseNumber(cell('mass'));
    if (m === undefined || (m !== null && m < 0)) return { column: 'mass', reason: msg('"{0}" is not a mass ≥ 0 (kg per declared unit)', cell('mass')) };
    // "Masse faktor" is per 1 declared unit; the material's mass is that of declaredValue units.
    if (m !== null && m > 0) mass = Number((m * factor).toPrecision(12));
  }
  const type = cell('type');
  const nameDeEn = cell('nameDeEn');
  const comment = cell('comment');
  const version = `tabel7-${createHash('sha1').update(row.join('\u0000')).digest('hex').slice(0, 8)}`;
  const draft: MaterialDraft = {
    id,
    idNamespace: 'br18-tabel7',
    idDerivedQuietly: true,
    version,
    name: nameDa,
    names: [{ lang: 'da', value: nameDa }],
    description: [`BR18 Tabel 7 ${id}`, nameDeEn ? `(${nameDeEn})` : '', comment].filter(Boolean).join(' '),
    declaredUnit: cell('unit'),
    declaredValue: factor,
    mass,
    epdType: /branche/i.test(type) ? 'Branche data' : 'Generisk data',
    values,
    link: cell('url') || undefined,
    sourceDatabase: 'BR18 Tabel 7',
    tags: ['BR18 Tabel 7', type || 'Generisk data'],
    where: { declaredUnit: msg('column "{0}"', header('unit')), declaredValue: msg('column "{0}"', header('factor')), mass: msg('column "{0}"', header('mass')) },
  };
  const warnings: Msg[] = [];
  if (mass === undefined && unit && !isMassUnit(unit)) warnings.push(msg('No "Masse faktor": the material has no mass per {0}.', cell('unit')));
  return { draft, warnings };
}

/** The materials of the LCAx files made from Tabel 7 (as the LCAx reader gave them), with the Danish name and the Tabel 7 marks. */
export function asTable7(r: ImportResult, table: CodeTable): ImportResult {
  const codes = new Codes(table);
  for (const m of r.materials) {
    if (m.material.epdInfo?.epdProductIndustryType === undefined) m.material.epdInfo = { ...m.material.epdInfo, epdProductIndustryType: codes.code('EPD type', 'Generic') };
    m.material.nameMultiLang = [{ lang: 'da', value: m.material.name }];
    m.material.sourceDatabaseVersion = 'BR18 Tabel 7';
    m.material.tags = ['BR18 Tabel 7', ...(m.material.tags ?? []).filter((t) => t !== 'BR18 - Tabel 7')];
  }
  return { ...r, format: 'table7' };
}
