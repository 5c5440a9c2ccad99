// Writes the BR18 documentation workbook (workbook.ts) as .xlsx with write-excel-file: numbers as numbers, dates as
// dates (dd-mm-yyyy), text as shared strings; an empty cell stays empty ("not declared"). The choice of library:
// docs/service-decisions.md, "Exports".
import writeXlsxFile, { type Cell as XlsxCell, type Sheet } from 'write-excel-file/node';
import type { Br18Workbook, Cell } from './types';

function cell(c: Cell | undefined): XlsxCell {
  if (!c) return null;
  if ('number' in c) return { type: Number, value: c.number };
  if ('date' in c) return { type: Date, value: c.date, format: 'dd-mm-yyyy' };
  return { type: String, value: c.text };
}

/** A row without its trailing empty cells (an xlsx row holds only the cells it has; the headings keep the width). */
function trimmed(row: readonly Cell[]): readonly Cell[] {
  let end = row.length;
  while (end > 0 && !row[end - 1]) end--;
  return end === row.length ? row : row.slice(0, end);
}

/** The workbook's bytes. */
export async function writeBr18Xlsx(workbook: Br18Workbook): Promise<Uint8Array> {
  const sheets: Sheet<never>[] = workbook.sheets.map((s) => ({
    sheet: s.name,
    data: s.rows.map((r) => trimmed(r).map(cell)),
    ...(s.widths ? { columns: s.widths.map((width) => ({ width })) } : {}),
  }));
  const buffer = await writeXlsxFile(sheets as never).toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
