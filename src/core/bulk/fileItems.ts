// The items of a `*.materials.json` on disk, found without holding the file: the file is read in chunks and each
// top-level array item is handed over as its own text with its place (bytes), so that a national-database file
// (100,000 materials, ~470 MB — more than VS Code opens or a string holds comfortably) is checked item by item and its
// items read back by place when their request is sent. Plain JSON only: what the scan cannot read as an array of JSON
// values (comments, a trailing comma, text after the array, an unfinished item) ends it with a `problem` at its byte.
import * as fs from 'fs';
import type { Material } from '../schemas/types';
import { msg, type Msg } from '../l10n';
import { FileChangedError } from './failure';
import type { BulkItemRef } from './items';
import type { BulkPlanProblems } from './plan';
import type { SidecarItem } from './sidecar';


/** Where an item's text is in the file: bytes `start` up to (not including) `end`. */
export interface ItemSpan {
  start: number;
  end: number;
}

export interface ScanProblem {
  /** Byte offset in the file where the scan could not go on. */
  offset: number;
  message: Msg;
}

export interface ScanResult {
  items: number;
  bytes: number;
  problem?: ScanProblem;
}

const CHUNK = 4 * 1024 * 1024;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Where the scan is inside one item: nesting depth and string state, carried from one chunk to the next. */
class ItemScan {
  private depth = 0;
  private inString = false;
  private escaped = false;

  reset(): void {
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
  }

  /**
   * Scans buf[i..len) and returns where the item ends (the comma or the array's closing bracket at depth 0), or `len`
   * when it goes on in the next chunk. Plain locals in the loop: nearly all of the file passes through here.
   */
  scan(buf: Buffer, from: number, len: number): number {
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    let i = from;
    for (; i < len; i++) {
      const c = buf[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (depth === 0) break; // the array's closing bracket
        depth--;
      } else if (c === COMMA && depth === 0) break;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return i;
  }
}

/** One item of the file as the scan hands it over. */
export interface ScannedItem {
  index: number;
  text: string;
  span: ItemSpan;
  /** The parsed item; absent when its text is not JSON (then `parseError` says why). */
  value?: unknown;
  parseError?: string;
}

const parse = (text: string): { value?: unknown; parseError?: string } => {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (e) {
    return { parseError: (e as Error).message };
  }
};

/**
 * Reads `file` in chunks and calls `onItem` with every top-level array item, parsed, in order. Stops at the first
 * place the file is not an array of JSON values (the items before it have been handed over).
 */
export async function scanItems(file: string, onItem: (item: ScannedItem) => void, options: { chunkBytes?: number } = {}): Promise<ScanResult> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    return await new FileScan(handle, size, options.chunkBytes ?? CHUNK, onItem).run();
  } finally {
    await handle.close();
  }
}

/** One scan of an open file: where it is, and how many items it has handed over. */
class FileScan {
  private items = 0;

  constructor(
    private readonly handle: fs.promises.FileHandle,
    private readonly size: number,
    private readonly chunkBytes: number,
    private readonly onItem: (item: ScannedItem) => void,
  ) {}

  /** The opening bracket and the first item (or the closing bracket of an empty array), then the items. */
  async run(): Promise<ScanResult> {
    const window = await this.read(0, this.chunkBytes);
    let i = window.length >= 3 && window[0] === 0xef && window[1] === 0xbb && window[2] === 0xbf ? 3 : 0;
    while (i < window.length && isSpace(window[i])) i++;
    if (i >= window.length || window[i] !== OPEN_BRACKET) return this.problem(i, msg('a *.materials.json file holds a JSON array of materials'));
    const open = i++;
    while (i < window.length && isSpace(window[i])) i++;
    if (i < window.length && window[i] === CLOSE_BRACKET) return await this.finishArray(i + 1);
    return await this.fastPath(window, open, i);
  }

  /**
   * Fast path: in a file laid out one item per line group (as `JSON.stringify(items, null, 2)` and editors' formatters
   * write it), items are separated by a comma, the same white space as between `[` (at `open`) and the first item (at
   * `first`) — a line break and the indent —, and the item's first character: found with Buffer.indexOf. The line
   * break makes it safe: a JSON string cannot hold one, so a match is never inside a string; and a match inside an
   * item (a nested value at the same indent) gives a piece that does not parse. At the first piece that does not
   * parse, the scan goes on from that piece's start byte by byte, following strings and nesting (`exact`): what it
   * then hands over is exact.
   */
  private async fastPath(firstWindow: Buffer, open: number, first: number): Promise<ScanResult> {
    let window = firstWindow;
    let base = 0;
    const gap = window.subarray(open + 1, first);
    const firstByte = window[first];
    let start = first; // the current item's first byte, in `window`
    if (gap.includes(0x0a) && firstByte !== undefined) {
      const separator = Buffer.concat([Buffer.from([COMMA]), gap, Buffer.from([firstByte])]);
      for (;;) {
        const at = window.indexOf(separator, start + 1);
        if (at === -1) {
          if (base + window.length < this.size) {
            // The item goes on in the next chunk: keep it and read on.
            const next = await this.read(base + window.length, this.chunkBytes);
            window = Buffer.concat([window.subarray(start), next]);
            base += start;
            start = 0;
            continue;
          }
          // The last item: up to the closing bracket at the end of the file.
          let end = window.length;
          while (end > start && isSpace(window[end - 1])) end--;
          if (end > start && window[end - 1] === CLOSE_BRACKET) {
            if (this.handOver(window, base, start, end - 1)) return await this.finishArray(base + end);
          }
          break;
        }
        if (!this.handOver(window, base, start, at)) break;
        start = at + separator.length - 1;
      }
    }
    return await this.exact(base + start);
  }

  /**
   * Parses buf[from, to) (trailing space trimmed; `buf` starts at file offset `base`) as the next item; false, handing
   * nothing over, when it does not parse.
   */
  private handOver(buf: Buffer, base: number, from: number, to: number): boolean {
    let end = to;
    while (end > from && isSpace(buf[end - 1])) end--;
    const text = buf.toString('utf8', from, end);
    const parsed = parse(text);
    if (parsed.parseError !== undefined) return false;
    this.onItem({ index: this.items++, text, span: { start: base + from, end: base + end }, value: parsed.value });
    return true;
  }

  /** After the closing bracket at `after`: only white space may follow. */
  private async finishArray(after: number): Promise<ScanResult> {
    const rest = await this.read(after, Math.min(this.size - after, 1024 * 1024));
    for (let k = 0; k < rest.length; k++) if (!isSpace(rest[k])) return this.problem(after + k, msg('End of file expected.'));
    if (after + rest.length < this.size) return this.problem(after + rest.length, msg('End of file expected.'));
    return { items: this.items, bytes: this.size };
  }

  /** The byte-by-byte scan from file offset `from`, the start of an item. */
  private async exact(from: number): Promise<ScanResult> {
    const itemScan = new ItemScan();
    let state: 'in-item' | 'next-item' | 'after-array' = 'in-item';
    let itemStart = from;
    let carried: Buffer[] = [];
    let position = from;
    for (;;) {
      const buf = await this.read(position, this.chunkBytes);
      if (buf.length === 0) break;
      let k = 0;
      while (k < buf.length) {
        if (state === 'in-item') {
          k = itemScan.scan(buf, k, buf.length);
          if (k === buf.length) break;
          const parts = [...carried, buf.subarray(carried.length ? 0 : itemStart - position, k)];
          carried = [];
          const bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts);
          let end = bytes.length;
          while (end > 0 && isSpace(bytes[end - 1])) end--;
          const text = bytes.toString('utf8', 0, end);
          this.onItem({ index: this.items++, text, span: { start: itemStart, end: itemStart + end }, ...parse(text) });
          state = buf[k] === COMMA ? 'next-item' : 'after-array';
          k++;
          continue;
        }
        const c = buf[k];
        if (isSpace(c)) {
          k++;
          continue;
        }
        const at = position + k;
        if (state === 'after-array') return this.problem(at, msg('End of file expected.'));
        if (c === CLOSE_BRACKET) return this.problem(at, msg('Trailing comma'));
        if (c === COMMA || c === CLOSE_BRACE) return this.problem(at, msg('Value expected'));
        state = 'in-item';
        itemStart = at;
        itemScan.reset();
      }
      if (state === 'in-item') carried.push(itemStart > position ? buf.subarray(itemStart - position) : buf);
      position += buf.length;
    }
    return state === 'after-array' ? { items: this.items, bytes: this.size } : this.problem(this.size, msg('Unexpected end of file: the array is not closed'));
  }

  private problem(offset: number, message: Msg): ScanResult {
    return { items: this.items, bytes: offset, problem: { offset, message } };
  }

  /** Reads `length` bytes at `position` (fewer at the end of the file). */
  private async read(position: number, length: number): Promise<Buffer> {
    const buf = Buffer.allocUnsafe(Math.max(0, Math.min(length, this.size - position)));
    let got = 0;
    while (got < buf.length) {
      const { bytesRead } = await this.handle.read(buf, got, buf.length - got, position + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return got === buf.length ? buf : buf.subarray(0, got);
  }
}

/** 1-based line and column of byte `offsets` (sorted) in `file`, columns counted in characters, as editors show them. */
export async function positionsOf(file: string, offsets: readonly number[]): Promise<{ line: number; column: number }[]> {
  const out: { line: number; column: number }[] = [];
  if (offsets.length === 0) return out;
  const handle = await fs.promises.open(file, 'r');
  try {
    let line = 1;
    let column = 1;
    let base = 0;
    let next = 0;
    const buf = Buffer.allocUnsafe(CHUNK);
    while (next < offsets.length) {
      const { bytesRead } = await handle.read(buf, 0, CHUNK, base);
      for (let i = 0; i < bytesRead && next < offsets.length; i++) {
        while (next < offsets.length && offsets[next] === base + i) out[next++] = { line, column };
        const c = buf[i];
        if (c === 0x0a) {
          line++;
          column = 1;
        } else if ((c & 0xc0) !== 0x80) column++; // a UTF-8 continuation byte is part of the character before it
      }
      if (bytesRead === 0) break;
      base += bytesRead;
    }
    while (next < offsets.length) out[next++] = { line, column };
    return out;
  } finally {
    await handle.close();
  }
}

/**
 * Reads the texts of items at `spans` (in file order) from `file`, in one read from the first to the last. Refuses when
 * the file is no longer the one scanned (`expected` size and modification time), so that a changed file is never sent
 * as the items that were checked.
 */
export async function readItemTexts(file: string, spans: readonly ItemSpan[], expected: { size: number; mtimeMs: number }): Promise<string[]> {
  if (spans.length === 0) return [];
  const handle = await fs.promises.open(file, 'r');
  try {
    const stat = await handle.stat();
    if (stat.size !== expected.size || stat.mtimeMs !== expected.mtimeMs) throw new FileChangedError(file);
    const from = spans[0].start;
    const to = spans[spans.length - 1].end;
    const buf = Buffer.allocUnsafe(to - from);
    let got = 0;
    while (got < buf.length) {
      const { bytesRead } = await handle.read(buf, got, buf.length - got, from + got);
      if (bytesRead === 0) throw new FileChangedError(file);
      got += bytesRead;
    }
    return spans.map((s) => buf.toString('utf8', s.start - from, s.end - from));
  } finally {
    await handle.close();
  }
}


/** Spans closer than this are read in one go (the bytes between are read and dropped). */
const GAP = 1024 * 1024;

/**
 * The materials of `items` (in file order), read from the file checked by planBulkFile — refused (FileChangedError)
 * when the file changed since.
 */
export async function readFileMaterials(file: BulkFilePlan['file'], items: readonly FileBulkItem[]): Promise<Material[]> {
  const out: Material[] = [];
  let run: FileBulkItem[] = [];
  const flush = async (): Promise<void> => {
    const texts = await readItemTexts(file.path, run.map((r) => r.span), file);
    for (const t of texts) out.push(JSON.parse(t) as Material);
    run = [];
  };
  for (const it of items) {
    if (run.length && it.span.start - run[run.length - 1].span.end > GAP) await flush();
    run.push(it);
  }
  if (run.length) await flush();
  return out;
}

/** An item of the file: its identity and where its text is. */
export interface FileBulkItem extends BulkItemRef {
  span: ItemSpan;
}

export interface BulkFilePlan {
  problems?: BulkPlanProblems;
  items: FileBulkItem[];
  toSend: FileBulkItem[];
  created: FileBulkItem[];
  known: Map<string, SidecarItem>;
  /** Items to send whose results are still the New Material template's (`results-template`): asked about before sending. */
  templates: FileBulkItem[];
  /** The file as checked: its items are read back only while it is unchanged. */
  file: { path: string; size: number; mtimeMs: number };
}
