// Writes the BR18 documentation workbook (workbook.ts) as .xlsx with write-excel-file: numbers as numbers, dates as
// dates (dd-mm-yyyy), text as text; an empty cell is left out ("not declared"). Its universal build zips in memory
// with the sizes in each part's local header, which every reader takes (SheetJS refuses sizes given only after the
// data). Why this library: docs/service-decisions.md, "Exports".
import writeXlsxFile, { type Cell as XlsxCell } from 'write-excel-file/universal';
import type { Br18Workbook, Cell } from './types';

/** A cell's value; a number that is not finite or a date that is not valid is left empty. */
function valueOf(c: Cell): XlsxCell {
  if (!c) return null;
  if ('number' in c) return Number.isFinite(c.number) ? c.number : null;
  if ('date' in c) return Number.isNaN(c.date.getTime()) ? null : c.date;
  return c.text;
}

/** The workbook's bytes. */
export async function writeBr18Xlsx(workbook: Br18Workbook): Promise<Uint8Array> {
  const sheets = workbook.sheets.map((s) => ({
    // Excel's limit for a sheet's name.
    sheet: s.name.slice(0, 31),
    data: s.rows.map((row) => row.map(valueOf)),
    columns: s.widths?.map((width) => ({ width })),
    dateFormat: 'dd-mm-yyyy',
  }));
  const blob = await writeXlsxFile(sheets, { fontFamily: 'Calibri', fontSize: 11 }).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}
