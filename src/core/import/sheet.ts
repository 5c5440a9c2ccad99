// Reading delimited text and numbers as spreadsheets write them (Danish Excel: semicolons, decimal commas): shared by
// the spreadsheet and the Tabel 7 readers. No vscode.
import { parse as parseCsv } from 'csv-parse/sync';
import { ImportError, reasonOf, type ImportInput } from './types';
import { msg } from '../l10n';

/** A sheet as read: the header row's names and the data rows as text (numbers as JS writes them). */
export interface Sheet {
  headers: string[];
  rows: string[][];
  /** The 1-based row number in the file of `rows[0]` (the header is the row before). */
  firstRow: number;
}

const decoder = new TextDecoder('utf-8');

export function csvDelimiter(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0].n > 0 ? counts[0].d : ',';
}

/** The header (first non-empty row) and the data rows of a table of cells. */
export function sheetOf(table: string[][], name: string): Sheet {
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

