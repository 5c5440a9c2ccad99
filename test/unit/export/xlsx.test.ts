// The BR18 workbook's own XLSX writer, read back by read-excel-file (a reader no one here wrote): text with XML's
// special characters, leading and trailing spaces and characters XML forbids; numbers (also tiny and negative) as
// numbers; dates as dates; empty cells empty; a sheet name of more than 31 characters cut to Excel's limit.
import * as assert from 'assert';
import readXlsxFile from 'read-excel-file/node';
import { writeBr18Xlsx, type Br18Workbook } from '../../../src/core/export/br18';

describe('BR18 workbook writer (.xlsx)', () => {
  it('writes text, numbers and dates that another reader reads back as written', async () => {
    const wb: Br18Workbook = {
      emptied: [],
      sheets: [
        {
          name: 'Generel information',
          widths: [40, 20],
          rows: [
            [{ text: 'Bygningens adresse' }, { text: 'Havnegade 12 <A> & "B"' }],
            [{ text: ' med mellemrum ' }, { text: 'styretegn\u0001 fjernet' }],
            [{ text: 'Tal' }, { number: 1.5e-7 }, { number: -0.0243 }, null, { number: 808506.096 }],
            [{ text: 'Dato' }, { date: new Date('2030-12-31T00:00:00Z') }],
            [],
            [{ text: 'Æ Ø Å — € ✓' }],
          ],
        },
        { name: 'Et meget langt arknavn der er over enogtredive tegn', rows: [[{ text: 'x' }]] },
      ],
    };
    const sheets = await readXlsxFile(Buffer.from(await writeBr18Xlsx(wb)), { trim: false });
    assert.deepStrictEqual(sheets.map((s) => s.sheet), ['Generel information', 'Et meget langt arknavn der er o']);
    const d = sheets[0].data;
    assert.deepStrictEqual(d[0], ['Bygningens adresse', 'Havnegade 12 <A> & "B"', null, null, null]);
    assert.strictEqual(d[1][0], ' med mellemrum ');
    assert.strictEqual(d[1][1], 'styretegn fjernet');
    assert.deepStrictEqual(d[2], ['Tal', 1.5e-7, -0.0243, null, 808506.096]);
    assert.ok(d[3][1] instanceof Date && d[3][1].toISOString() === '2030-12-31T00:00:00.000Z', String(d[3][1]));
    assert.ok(d[4].every((c) => c === null), 'an empty row');
    assert.strictEqual(d[5][0], 'Æ Ø Å — € ✓');
  });
});
