// Before a bulk create of a materials file on disk that may be far too big to hold (a national database: 100,000
// materials, ~470 MB): the same check as planBulkCreate — syntax, schema, semantic errors, duplicates — item by item as
// the file is read, keeping of each item only its place, key and name. Nothing is sent from a file with errors: a file
// small enough for the editor gets exactly the refusal its Problems show (planBulkCreate on its text); a bigger one
// gets the count and the first problems with line:column, found the same way the editor's incremental check places them.
import * as fs from 'fs';
import { LineIndex, syntaxProblems } from '../document';
import { analyze, describeBlocking, duplicateMaterial, templateOf, type BlockingProblem } from '../rules';
import type { Material } from '../schemas/types';
import type { Msg } from '../l10n';
import { positionsOf, scanItems, type BulkFilePlan, type FileBulkItem } from './fileItems';
import { planBulkCreate, type PlanChecks } from './plan';
import { createdKeys, materialKey, type Sidecar } from './sidecar';

/** Up to this size a file with problems is checked again as one text, so that the refusal equals what Problems shows. */
export const WHOLE_TEXT_LIMIT = 64 * 1024 * 1024;
const MAX_SAMPLES = 5;

export type { BulkFilePlan, FileBulkItem };

export interface BulkFileOptions extends PlanChecks {
  fileName: string;
  sidecar?: Sidecar;
  epdUrl: string;
  createdBy?: string;
  now?: Date;
  /** Bytes checked so far, of `total`. */
  onProgress?: (bytes: number, total: number) => void;
  /** Stops the check (it then throws an AbortError). */
  signal?: AbortSignal;
  /** Files up to this size with problems are refused with the whole-text check's words (default WHOLE_TEXT_LIMIT). */
  wholeTextLimit?: number;
}

/** A problem found while reading: its place as a byte of the file plus a character offset in the item's text. */
interface Found {
  kind: BlockingProblem['kind'];
  message: Msg;
  itemStart: number;
  /** Characters into the item's text (0 for a problem placed at a byte of the file). */
  offset: number;
  itemText?: string;
}

/** Checks the materials file at `path` item by item, as it is read, and splits its items by the sidecar. */
export async function planBulkFile(path: string, options: BulkFileOptions): Promise<BulkFilePlan> {
  const stat = await fs.promises.stat(path);
  const file = { path, size: stat.size, mtimeMs: stat.mtimeMs };
  const now = options.now ?? new Date();
  const items: FileBulkItem[] = [];
  const templateAt = new Set<number>();
  const firstAt = new Map<string, number>();
  const found: Found[] = [];
  let count = 0;
  const tally = { syntax: 0, schema: 0, semantic: 0 };
  const add = (f: Found): void => {
    count++;
    tally[f.kind === 'rule' ? 'semantic' : f.kind]++;
    if (found.length < MAX_SAMPLES) found.push(f);
  };
  let lastReport = 0;
  const scan = await scanItems(path, (item) => {
    if (options.signal?.aborted) throw options.signal.reason ?? new DOMException('Aborted', 'AbortError');
    if (options.onProgress && item.span.end - lastReport > 8 * 1024 * 1024) {
      lastReport = item.span.end;
      options.onProgress(item.span.end, stat.size);
    }
    if (item.value === undefined) {
      // Not JSON: the words VS Code gives, placed in the item.
      for (const p of syntaxProblems(item.text)) add({ kind: 'syntax', message: p.message, itemStart: item.span.start, offset: p.offset, itemText: item.text });
      return;
    }
    const value = item.value;
    const r = value as Partial<Record<keyof Material, unknown>> | null;
    // Checked as the editor checks an item on its own: its errors and schema problems placed in its text, in text order.
    const analysis = analyze(item.text, { codes: options.codes, validate: options.validate, item: item.index, value, now, errorsOnly: true });
    const placed = [
      ...analysis.schemaProblems.map((d) => ({ kind: 'schema' as const, message: d.message, offset: d.offset })),
      ...analysis.findings.map((d) => ({ kind: 'rule' as const, message: d.message, offset: d.offset })),
    ];
    const duplicate = duplicateMaterial(value, item.index, firstAt);
    if (duplicate) placed.push({ kind: 'rule', message: duplicate.message, offset: analysis.locator.rangeOf(duplicate.path.slice(1), duplicate.target)?.offset ?? 0 });
    placed.sort((a, b) => a.offset - b.offset);
    for (const p of placed) add({ ...p, itemStart: item.span.start, itemText: item.text });
    const isObject = typeof r === 'object' && r !== null;
    if (templateOf(r, options.codes)) templateAt.add(item.index);
    items.push({
      index: item.index,
      key: materialKey(String(isObject ? r.originalUUID : undefined), String(isObject ? r.originalVersion : undefined)),
      material: { originalUUID: String(isObject ? r.originalUUID : ''), originalVersion: String(isObject ? r.originalVersion : ''), name: String((isObject ? r.name : '') ?? '') },
      span: item.span,
    });
  });
  if (scan.problem) add({ kind: 'syntax', message: scan.problem.message, itemStart: scan.problem.offset, offset: 0 });
  options.onProgress?.(stat.size, stat.size);
  const known = createdKeys(options.sidecar, options.epdUrl, options.createdBy);

  if (count > 0) {
    if (stat.size <= (options.wholeTextLimit ?? WHOLE_TEXT_LIMIT)) {
      // Small enough for the editor: the refusal Problems would show, word for word and place for place.
      const text = await fs.promises.readFile(path, 'utf8');
      const exact = planBulkCreate(text, { codes: options.codes, validate: options.validate, fileName: options.fileName, epdUrl: options.epdUrl, ...(options.createdBy ? { createdBy: options.createdBy } : {}), ...(options.now ? { now: options.now } : {}) });
      if (exact.problems) return { problems: exact.problems, items: [], toSend: [], created: [], known, templates: [], file };
    }
    const starts = await positionsOf(path, [...new Set(found.map((f) => f.itemStart))].sort((a, b) => a - b));
    const startAt = new Map([...new Set(found.map((f) => f.itemStart))].sort((a, b) => a - b).map((s, k) => [s, starts[k]]));
    const samples = found.map((f) => {
      const at = startAt.get(f.itemStart)!;
      const inItem = f.itemText !== undefined ? new LineIndex(f.itemText).position(f.offset) : { line: 1, column: 1 };
      const line = at.line + inItem.line - 1;
      const column = inItem.line === 1 ? at.column + inItem.column - 1 : inItem.column;
      return describeBlocking({ line, column, message: f.message });
    });
    return { problems: { count, ...tally, samples }, items: [], toSend: [], created: [], known, templates: [], file };
  }
  const toSend = items.filter((it) => !known.has(it.key));
  const created = items.filter((it) => known.has(it.key));
  return { items, toSend, created, known, templates: toSend.filter((it) => templateAt.has(it.index)), file };
}
