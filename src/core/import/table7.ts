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
import { MODULE, UNIT } from '../codes';
import type { Material } from '../schemas/types';
import { allModules } from '../templates';
import { derivedUuid, importLcax, isLcax } from './lcax';
import { parseNumber, readCsv, unitOfText } from './spreadsheet';
import { reasonOf, type ImportInput, type ImportIssue, type ImportResult, type ImportedMaterial } from './types';
import { msg, type Msg } from '../l10n';

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

function isTable7Lcax(input: ImportInput): boolean {
  if (!isLcax(input)) return false;
  try {
    const v = JSON.parse(decoder.decode(input.bytes).replace(/^\uFEFF/, '')) as unknown;
    const docs = Array.isArray(v) ? v : [v];
    return docs.every((d) => {
      const source = (d as { source?: { name?: unknown } })?.source;
      return typeof source?.name === 'string' && TABLE7_SOURCE.test(source.name);
    });
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

/** Imports the Tabel 7 CSV, or LCAx files made from it, as generic (and industry) materials. */
export function importTable7(input: ImportInput): ImportResult {
  const head = decoder.decode(input.bytes.subarray(0, 16)).replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{') || head.startsWith('[')) return fromLcax(input);
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
    const names: Record<Col, string> = { id: 'Sorterings ID', type: 'Data type', nameDeEn: 'Navn DE/ENG', nameDa: 'Navn DK', a1a3: 'Global Opvarmning, modul A1-A3', c3: 'modul C3', c4: 'modul C4', d: 'modul D', factor: 'Deklareret faktor (FU)', unit: 'Deklareret enhed (FU)', mass: 'Masse faktor', url: 'Url (link)', comment: 'Kommentar' };
    return { format: 'table7', materials, constructions: [], refused: [{ item: input.name, field: msg('header'), reason: msg('columns missing: {0}; is this the Tabel 7 CSV?', missing.map((c) => `"${names[c]}"`).join(', ')) }], warnings };
  }
  for (let i = 0; i < sheet.rows.length; i++) {
    const row = sheet.rows[i];
    const rowNumber = sheet.firstRow + i;
    if (row.every((c) => c === '')) continue;
    const cell = (c: Col): string => (col[c] === undefined ? '' : (row[col[c]!] ?? ''));
    const header = (c: Col): string => sheet.headers[col[c]!];
    const fail = (c: Col, reason: Msg): void => {
      refused.push({ item: cell('id') ? msg('row {0} ({1})', rowNumber, cell('id')) : msg('row {0}', rowNumber), field: msg('column "{0}"', header(c)), reason });
    };
    const id = cell('id');
    if (!id) {
      fail('id', msg('is empty; every Tabel 7 row has a Sorterings ID'));
      continue;
    }
    const nameDa = cell('nameDa') || cell('nameDeEn');
    if (!nameDa) {
      fail('nameDa', msg('is empty'));
      continue;
    }
    const unit = unitOfText(cell('unit'));
    if (unit === undefined) {
      fail('unit', msg('"{0}" is not a unit (M, M2, M3, KG, STK …)', cell('unit')));
      continue;
    }
    const factor = parseNumber(cell('factor'));
    if (factor === undefined || factor === null || factor <= 0) {
      fail('factor', msg('"{0}" is not an amount > 0', cell('factor')));
      continue;
    }
    const values: [number, Col][] = [[MODULE.A1A3, 'a1a3'], [MODULE.C3, 'c3'], [MODULE.C4, 'c4'], [MODULE.D, 'd']];
    const byModule = new Map<number, number>();
    let ok = true;
    for (const [module, c] of values) {
      if (col[c] === undefined) continue;
      const v = parseNumber(cell(c));
      if (v === undefined) {
        fail(c, msg('"{0}" is not a number (or "-" for not declared)', cell(c)));
        ok = false;
        break;
      }
      if (v !== null) byModule.set(module, v);
    }
    if (!ok) continue;
    let mass: number | undefined;
    if (col.mass !== undefined && unit !== UNIT.KG && unit !== UNIT.TONNE) {
      const m = parseNumber(cell('mass'));
      if (m === undefined || (m !== null && m < 0)) {
        fail('mass', msg('"{0}" is not a mass ≥ 0 (kg per declared unit)', cell('mass')));
        continue;
      }
      if (m !== null && m > 0) mass = Number((m * factor).toPrecision(12));
    }
    const type = cell('type');
    const industry = /branche/i.test(type);
    const nameDeEn = cell('nameDeEn');
    const comment = cell('comment');
    const version = `tabel7-${createHash('sha1').update(row.join('\u0000')).digest('hex').slice(0, 8)}`;
    const material: Material = {
      name: nameDa,
      description: [`BR18 Tabel 7 ${id}`, nameDeEn ? `(${nameDeEn})` : '', comment].filter(Boolean).join(' '),
      originalUUID: derivedUuid(id, 'br18-tabel7'),
      originalVersion: version,
      sourceDatabaseVersion: 'BR18 Tabel 7',
      nameMultiLang: [{ lang: 'da', value: nameDa }],
      isPublic: false,
      isCustom: false,
      epdInfo: {
        epdProductIndustryType: industry ? 1 : 0,
        epdVersion: version,
        ...(cell('url') ? { link: cell('url') } : {}),
      },
      declaredUnit: { declaredValue: factor, declaredUnit: unit, ...(mass !== undefined ? { mass, massUnit: UNIT.KG } : {}) },
      lciaResults: allModules((code) => (byModule.has(code) ? [{ type: 'GWP_TOTAL', unit: GWP_UNIT, value: byModule.get(code)! }] : undefined)),
      tags: ['BR18 Tabel 7', type || 'Generisk data'],
    };
    const w: Msg[] = [];
    if (mass === undefined && unit !== UNIT.KG && unit !== UNIT.TONNE) w.push(msg('No "Masse faktor": the material has no mass per {0}.', cell('unit')));
    materials.push({ material, source: msg('{0} row {1} ({2})', input.name, rowNumber, id), warnings: w });
  }
  return { format: 'table7', materials, constructions: [], refused, warnings };
}

/** LCAx files made from Tabel 7: the LCAx import, plus the Danish name and the Tabel 7 marks. */
function fromLcax(input: ImportInput): ImportResult {
  const r = importLcax(input);
  for (const m of r.materials) {
    m.material.nameMultiLang = [{ lang: 'da', value: m.material.name }];
    m.material.sourceDatabaseVersion = 'BR18 Tabel 7';
    m.material.tags = ['BR18 Tabel 7', ...(m.material.tags ?? []).filter((t) => t !== 'BR18 - Tabel 7')];
    if (m.material.epdInfo?.epdProductIndustryType === undefined) m.material.epdInfo = { ...m.material.epdInfo, epdProductIndustryType: 0 };
  }
  return { ...r, format: 'table7' };
}
