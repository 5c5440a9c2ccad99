// The BR18 workbook as .xlsx, read back by the JavaScript readers a recipient may use — SheetJS 0.18.5 (npm `xlsx`,
// the most installed, which refuses a ZIP whose local headers lack the sizes), ExcelJS and read-excel-file —: every
// cell as written (text, numbers as numbers, dates as dates in the dd-mm-yyyy format, empty cells empty). Read: a
// hand-made workbook with the text XML cannot carry as it is, the seeded office's workbook, and one large enough for
// its sheet to be deflated apart (a worker thread). LCAx's reader of the format: br18Export.test.ts.
import * as assert from 'assert';
import ExcelJS from 'exceljs';
import readXlsxFile from 'read-excel-file/node';
import * as XLSX from 'xlsx';
import { buildBr18Workbook, writeBr18Xlsx, type Br18Workbook, type Cell } from '../../../src/core/export/br18';
import { exportInput, useSeededProjects } from './support';

type Value = string | number | Date | null;
/** Sheet name → rows of values, without trailing empty cells and rows. */
type Sheets = [string, Value[][]][];

/** Holes and undefined as null; trailing empty cells and rows dropped (readers pad differently). */
function tidy(rows: (Value | undefined)[][]): Value[][] {
  const out = Array.from(rows, (r) => {
    const row = Array.from(r ?? [], (v) => v ?? null);
    while (row.length && row[row.length - 1] === null) row.pop();
    return row;
  });
  while (out.length && !out[out.length - 1].length) out.pop();
  return out;
}

const UNIX_EPOCH_SERIAL = 25_569;

const READERS: Record<string, (bytes: Uint8Array) => Promise<Sheets>> = {
  'SheetJS 0.18.5': async (bytes) => {
    assert.strictEqual(XLSX.version, '0.18.5');
    const book = XLSX.read(bytes, { type: 'array', cellNF: true });
    return book.SheetNames.map((name) => {
      const sheet = book.Sheets[name];
      const rows: Value[][] = [];
      const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1:A1');
      for (let r = range.s.r; r <= range.e.r; r++) {
        for (let c = range.s.c; c <= range.e.c; c++) {
          const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
          if (!cell) continue;
          // A date is a serial number of days with a date format.
          const value = cell.t === 'n' && cell.z === 'dd-mm-yyyy' ? new Date(Math.round(((cell.v as number) - UNIX_EPOCH_SERIAL) * 86_400_000)) : (cell.v as Value);
          (rows[r] ??= [])[c] = value;
        }
      }
      return [name, tidy(rows)];
    });
  },
  ExcelJS: async (bytes) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
    return book.worksheets.map((sheet) => {
      const rows: Value[][] = [];
      sheet.eachRow((row, r) => row.eachCell((cell, c) => ((rows[r - 1] ??= [])[c - 1] = cell.value as Value)));
      return [sheet.name, tidy(rows)];
    });
  },
  'read-excel-file': async (bytes) => (await readXlsxFile(Buffer.from(bytes), { trim: false })).map((s) => [s.sheet, tidy(s.data as Value[][])]),
};

/** What a reader should give for the workbook's cells. */
function expected(wb: Br18Workbook): Sheets {
  const value = (c: Cell): Value => (!c ? null : 'number' in c ? c.number : 'date' in c ? c.date : c.text);
  return wb.sheets.map((s) => [s.name.slice(0, 31), tidy(s.rows.map((r) => r.map(value)))]);
}

describe('BR18 workbook as .xlsx, read back by SheetJS 0.18.5, ExcelJS and read-excel-file', function () {
  this.timeout(60_000);
  const seeded = useSeededProjects();

  const handMade: Br18Workbook = {
    emptied: [],
    sheets: [
      {
        name: 'Generel information',
        widths: [40, 20],
        rows: [
          [{ text: 'Bygningens adresse' }, { text: 'Havnegade 12 <A> & "B"' }],
          [{ text: ' med mellemrum ' }, { text: 'styretegn\u0001 fjernet' }],
          [{ text: 'Tal' }, { number: 1.5e-7 }, { number: -0.0243 }, null, { number: 808506.096 }, { number: Number.NaN }],
          [{ text: 'Dato' }, { date: new Date('2030-12-31T00:00:00Z') }, { date: new Date('not a date') }],
          [],
          [{ text: 'Æ Ø Å — € ✓' }],
        ],
      },
      { name: 'Et meget langt arknavn der er over enogtredive tegn', rows: [[{ text: 'x' }]] },
    ],
  };

  for (const [reader, read] of Object.entries(READERS)) {
    it(`${reader}: text with XML's special characters, spaces and a control character; numbers; dates; empty cells; a long sheet name`, async () => {
      const sheets = await read(await writeBr18Xlsx(handMade));
      assert.deepStrictEqual(sheets, [
        [
          'Generel information',
          [
            ['Bygningens adresse', 'Havnegade 12 <A> & "B"'],
            // A character XML 1.0 cannot carry is left out.
            [' med mellemrum ', 'styretegn fjernet'],
            // A number that is not finite and a date that is not valid are left empty.
            ['Tal', 1.5e-7, -0.0243, null, 808506.096],
            ['Dato', new Date('2030-12-31T00:00:00Z')],
            [],
            ['Æ Ø Å — € ✓'],
          ],
        ],
        // Excel's limit: 31 characters.
        ['Et meget langt arknavn der er o', [['x']]],
      ]);
    });

    it(`${reader}: every cell of the seeded office's workbook as written`, async () => {
      const wb = buildBr18Workbook(exportInput(seeded().office));
      assert.ok(wb.sheets[1].rows.some((r) => r.some((c) => c && 'date' in c)), 'an expiry date among the cells');
      assert.deepStrictEqual(await read(await writeBr18Xlsx(wb)), expected(wb));
    });
  }

  it('a sheet of 22,300 cells (deflated apart, in a worker thread) is read back whole by each reader', async () => {
    const rows: Cell[][] = [];
    for (let r = 0; r < 100; r++) rows.push([{ text: `Linje ${r}` }, ...Array.from({ length: 222 }, (_, c): Cell => (c % 50 === 7 ? null : { number: Number(((r + 1) * (c - 111) / 7).toPrecision(12)) }))]);
    const wb: Br18Workbook = { emptied: [], sheets: [{ name: 'Bygningsdele', rows }] };
    const bytes = await writeBr18Xlsx(wb);
    for (const [reader, read] of Object.entries(READERS)) assert.deepStrictEqual(await read(bytes), expected(wb), reader);
  });
});
