// Writes the BR18 documentation workbook (workbook.ts) as .xlsx (Office Open XML SpreadsheetML): numbers as numbers,
// dates as dates (a serial number with the dd-mm-yyyy format), text as shared strings; an empty cell is left out
// ("not declared"). The workbook has one fixed, simple shape, so its parts are written directly, a row at a time, and
// zipped by fflate's ZIP container with each part deflated by Node's own zlib. Why not a general writer (it was
// write-excel-file, at about 4 µs a cell): docs/service-decisions.md, "Exports".
import * as zlib from 'zlib';
import { Zip, ZipPassThrough, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import type { Br18Workbook, Cell, SheetContent } from './types';

/** Characters XML 1.0 does not allow (control characters, lone surrogates, U+FFFE/U+FFFF): left out. */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as XML character data or attribute value. */
function xml(text: string): string {
  return text.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]);
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const COLUMN_NAMES: string[] = [];
const columnOf = (i: number): string => (COLUMN_NAMES[i] ??= columnName(i));

/** Days since 1899-12-30 (Excel's serial date, 1900 system) of a date's UTC calendar day and time. */
const serialOf = (d: Date): number => d.getTime() / 86_400_000 + 25_569;

/** The shared strings of a workbook: each text once, by index. */
class SharedStrings {
  private readonly index = new Map<string, number>();
  readonly list: string[] = [];
  count = 0;

  of(text: string): number {
    this.count++;
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.list.length;
      this.index.set(text, i);
      this.list.push(text);
    }
    return i;
  }
}

/** Style indexes of styles.xml: 0 the default, 1 a date (dd-mm-yyyy). */
const DATE_STYLE = 1;

function cellXml(c: Cell, ref: string, strings: SharedStrings): string {
  if (!c) return '';
  if ('number' in c) return Number.isFinite(c.number) ? `<c r="${ref}"><v>${c.number}</v></c>` : '';
  if ('date' in c) return Number.isNaN(c.date.getTime()) ? '' : `<c r="${ref}" s="${DATE_STYLE}"><v>${serialOf(c.date)}</v></c>`;
  return `<c r="${ref}" t="s"><v>${strings.of(c.text)}</v></c>`;
}

function sheetXml(sheet: SheetContent, strings: SharedStrings): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
  ];
  if (sheet.widths?.length) {
    out.push('<cols>', ...sheet.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`), '</cols>');
  }
  out.push('<sheetData>');
  sheet.rows.forEach((row, r) => {
    const n = r + 1;
    let cells = '';
    for (let i = 0; i < row.length; i++) if (row[i]) cells += cellXml(row[i], columnOf(i) + n, strings);
    out.push(cells ? `<row r="${n}">${cells}</row>` : `<row r="${n}"/>`);
  });
  out.push('</sheetData></worksheet>');
  return out.join('');
}

function sharedStringsXml(strings: SharedStrings): string {
  const items = strings.list.map((s) => {
    const t = xml(s);
    return /^\s|\s$/.test(s) ? `<si><t xml:space="preserve">${t}</t></si>` : `<si><t>${t}</t></si>`;
  });
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.count}" uniqueCount="${strings.list.length}">${items.join('')}</sst>`;
}

const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd\\-mm\\-yyyy"/></numFmts>' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** The parts of the package, by path. */
function parts(workbook: Br18Workbook): [string, string][] {
  const strings = new SharedStrings();
  const sheets = workbook.sheets.map((s) => sheetXml(s, strings));
  const n = sheets.length;
  const idx = [...Array(n).keys()].map((i) => i + 1);
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const rels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  return [
    [
      '[Content_Types].xml',
      `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/>` +
        idx.map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="${ct}.worksheet+xml"/>`).join('') +
        `<Override PartName="/xl/styles.xml" ContentType="${ct}.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="${ct}.sharedStrings+xml"/></Types>`,
    ],
    ['_rels/.rels', `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    [
      'xl/workbook.xml',
      `${head}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${rels}"><sheets>` +
        workbook.sheets.map((s, i) => `<sheet name="${xml(s.name.slice(0, 31))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        idx.map((i) => `<Relationship Id="rId${i}" Type="${rels}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('') +
        `<Relationship Id="rId${n + 1}" Type="${rels}/styles" Target="styles.xml"/><Relationship Id="rId${n + 2}" Type="${rels}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ],
    ...sheets.map((x, i): [string, string] => [`xl/worksheets/sheet${i + 1}.xml`, x]),
    ['xl/styles.xml', STYLES],
    ['xl/sharedStrings.xml', sharedStringsXml(strings)],
  ];
}

/** A part deflated by Node's zlib (native, in one call) for fflate's ZIP container, which takes it as it is. */
class DeflatedPart implements ZipInputFile {
  readonly compression = 8;
  readonly size: number;
  readonly crc: number;
  ondata?: AsyncFlateStreamHandler;

  constructor(
    readonly filename: string,
    private readonly data: Uint8Array,
    crc32: (d: Uint8Array) => number,
  ) {
    this.size = data.length;
    this.crc = crc32(data);
  }

  write(): void {
    this.ondata!(null, zlib.deflateRawSync(this.data, { level: 1 }), true);
  }
}

/** Node's zlib.crc32 (Node ≥ 20.15; older hosts: fflate computes the CRC and stores the part uncompressed). */
const nativeCrc32 = (zlib as { crc32?: (d: Uint8Array) => number }).crc32;

/** The workbook's bytes. */
export async function writeBr18Xlsx(workbook: Br18Workbook): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failed = error;
    else chunks.push(chunk);
  });
  const encoder = new TextEncoder();
  for (const [name, text] of parts(workbook)) {
    const data = encoder.encode(text);
    // A small part is stored: deflating a few hundred bytes costs more than it saves.
    if (nativeCrc32 && data.length > 2048) {
      const part = new DeflatedPart(name, data, nativeCrc32);
      zip.add(part);
      part.write();
    } else {
      const part = new ZipPassThrough(name);
      zip.add(part);
      part.push(data, true);
    }
  }
  zip.end();
  if (failed) throw failed;
  let length = 0;
  for (const c of chunks) length += c.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
