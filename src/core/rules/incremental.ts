// The semantic check of a document kept up to date edit by edit: in a bulk file (a top-level array of materials) an
// edit inside one material re-parses, re-checks and re-places only that material, so typing in a 10,000-material
// library costs a small fraction of a full check. The result always equals the full analysis of the current text: any edit
// the incremental path cannot prove safe (one that crosses an item's boundary, leaves an item unparsable, a file
// that is not plain JSON, …) falls back to the full check.
//
// Generic over rules: each item's own findings come from checkMaterial (whatever rules it runs), the findings across
// items from checkAcrossMaterials, re-run over the parsed items on every update (cheap: no text is touched).
import { DocumentLocator, documentKindOf, documentKindOfValue, lastAtOrBefore, parseDocument, topLevelItems, applyAll, type DocumentKind, type TextChange } from '../document';
import type { FormattingOptions } from '../document/jsonc';
import type { SchemaProblem } from '../schemas/kinds';
import { checkBulkItem, fullCheck, placeFindings, placeItem, shiftFix } from './check';
import { formattingOf } from './fixes';
import { checkAcrossMaterials } from './material';
import type { AnalyzeOptions, RuleContext, RuleDiagnostic, RuleFinding } from './types';

/** Diagnostics of one part of the document: offsets relative to `start`; the array is the same object while unchanged. */
export interface DiagnosticGroup {
  start: number;
  diagnostics: readonly RuleDiagnostic[];
}

interface Item {
  text: string;
  value: unknown;
  /** The item's own findings; undefined = to be checked. */
  own: RuleFinding[] | undefined;
  /** The item's schema problems, pointers relative to the item (checked with `own`). */
  schema?: SchemaProblem[];
  /** Findings across items that concern this item, as last placed (compared by their key). */
  acrossKey: string;
  /** Placed diagnostics, offsets relative to the item's start; undefined = to be placed. */
  placed: RuleDiagnostic[] | undefined;
}

/** What the last update did, for logs and benchmarks. */
export interface UpdateStats {
  mode: 'incremental' | 'full';
  /** Items re-parsed and re-checked (incremental), or all of them (full). */
  itemsChecked: number;
  /** Why the full check ran, when it did. */
  reason?: string;
}

const SAMPLE = 20000; // formattingOf reads the first 20,000 characters

function isItemIndex(segment: unknown, count: number): segment is number {
  return typeof segment === 'number' && Number.isInteger(segment) && segment >= 0 && segment < count;
}

function findingKey(f: RuleFinding): string {
  return JSON.stringify([f.ruleId, f.severity, f.message, f.path, f.target, f.fixes ?? null, f.fixesAreCandidates ?? false]);
}

/** A diagnostic moved by `by` characters (fix edits too). */
export function shiftDiagnostic(d: RuleDiagnostic, by: number): RuleDiagnostic {
  if (by === 0) return d;
  const out: RuleDiagnostic = { ...d, offset: d.offset + by };
  if (d.fix) out.fix = shiftFix(d.fix, by);
  if (d.moreFixes) out.moreFixes = d.moreFixes.map((f) => shiftFix(f, by));
  return out;
}

/**
 * The items a bulk file had when an edit left one of them incomplete JSON (`"declaredUnit": ,` while a value is
 * replaced), kept with the edits since: when they make every touched item JSON again, the check goes back to items
 * without checking the whole file again.
 */
interface Shadow {
  head: string;
  items: Item[];
  seps: string[];
  tail: string;
  starts: number[];
  kind: DocumentKind | undefined;
  /** Items changed since they were last parsed. */
  dirty: Set<number>;
}

/** The item whose inside (not its first or last character) holds the whole changed range. */
function itemAround(items: readonly Item[], starts: readonly number[], offset: number, length: number): number | undefined {
  const lo = lastAtOrBefore(starts, offset);
  if (lo < 0) return undefined;
  const end = starts[lo] + items[lo].text.length;
  return offset > starts[lo] && offset + length < end ? lo : undefined;
}

/**
 * Applies changes inside items (their texts and the starts after them); returns the index of the first change that is
 * not inside one item (the changes before it are applied), or -1 when all were.
 */
function applyInsideItems(items: readonly Item[], starts: number[], changes: readonly TextChange[], dirty: Set<number>): number {
  for (let c = 0; c < changes.length; c++) {
    const change = changes[c];
    const k = itemAround(items, starts, change.offset, change.length);
    if (k === undefined) return c;
    const item = items[k];
    const at = change.offset - starts[k];
    item.text = item.text.slice(0, at) + change.text + item.text.slice(at + change.length);
    const delta = change.text.length - change.length;
    for (let j = k + 1; j < starts.length; j++) starts[j] += delta;
    dirty.add(k);
  }
  return -1;
}

/** Whether every text parses as JSON. */
function allParse(texts: Iterable<string>): boolean {
  for (const text of texts) {
    try {
      JSON.parse(text);
    } catch {
      return false;
    }
  }
  return true;
}

export class IncrementalCheck {
  /** In plain mode after an item became incomplete: the items, to go back to. */
  private shadow: Shadow | undefined;
  // Plain mode: the whole text and its diagnostics as one group at 0.
  private text: string | undefined;
  private plain: RuleDiagnostic[] = [];
  // Items mode: the text as head, items, separators and tail (the document is JSON.parse-able, an array of items).
  private head = '';
  private items: Item[] = [];
  private seps: string[] = [];
  private tail = '';
  private starts: number[] = [];
  private formatting: FormattingOptions | undefined;
  private formattingKey = '';
  private ctx: RuleContext;
  private groupsCache: DiagnosticGroup[] | undefined;
  private flatCache: RuleDiagnostic[] | undefined;
  /** Diagnostics of findings that could not be placed within one item (their paths reach elsewhere). */
  private elsewhere: RuleDiagnostic[] = [];
  lastUpdate: UpdateStats = { mode: 'full', itemsChecked: 0 };
  /** Plain mode: the value of the text. */
  private plainValue: unknown;
  /** The document kind, as the last full check found it. */
  kind: DocumentKind | undefined;
  /** The text is plain JSON (always so while items are checked one by one: only their insides change). */
  strict = true;

  constructor(
    text: string,
    private readonly options: AnalyzeOptions,
  ) {
    this.ctx = { now: (options.now ?? new Date()).getTime(), codes: options.codes };
    this.init(text, 'opened');
  }

  /** True while edits inside one item are checked incrementally. */
  get incremental(): boolean {
    return this.text === undefined;
  }

  /** Characters in the text (without joining it). */
  get length(): number {
    if (this.text !== undefined) return this.text.length;
    let n = this.head.length + this.tail.length;
    for (const item of this.items) n += item.text.length;
    for (const sep of this.seps) n += sep.length;
    return n;
  }

  /** The parsed document: the items as checked (no parse), or the tolerant parse of text that is not plain JSON. */
  value(): unknown {
    return this.text !== undefined ? this.plainValue : this.items.map((i) => i.value);
  }

  /** The item whose text holds `offset` (its first character up to just after its last), in items mode. */
  itemAt(offset: number): { start: number; text: string } | undefined {
    if (this.text !== undefined || this.items.length === 0) return undefined;
    const lo = Math.max(0, lastAtOrBefore(this.starts, offset));
    const start = this.starts[lo];
    const text = this.items[lo].text;
    return offset >= start && offset <= start + text.length ? { start, text } : undefined;
  }

  /** The text as it is after the updates (joined from its parts in items mode: costs a copy of the document). */
  currentText(): string {
    return this.text ?? this.join();
  }

  /** The diagnostics, as the full analysis of the current text gives them (in another order: by item). */
  diagnostics(): RuleDiagnostic[] {
    if (!this.flatCache) {
      const out: RuleDiagnostic[] = [];
      for (const g of this.groups()) for (const d of g.diagnostics) out.push(shiftDiagnostic(d, g.start));
      this.flatCache = out;
    }
    return this.flatCache;
  }

  /** The diagnostics by item (offsets relative to the group's start). */
  groups(): readonly DiagnosticGroup[] {
    if (!this.groupsCache) {
      if (this.text !== undefined) this.groupsCache = [{ start: 0, diagnostics: this.plain }];
      else {
        const groups: DiagnosticGroup[] = [];
        for (let i = 0; i < this.items.length; i++) {
          const placed = this.items[i].placed!;
          if (placed.length > 0) groups.push({ start: this.starts[i], diagnostics: placed });
        }
        if (this.elsewhere.length > 0) groups.push({ start: 0, diagnostics: this.elsewhere });
        this.groupsCache = groups;
      }
    }
    return this.groupsCache;
  }

  /**
   * Applies the changes in order (each against the text the previous one left, as VS Code's change events list
   * them) and checks again: only the changed items when every change falls inside one item, else in full.
   */
  update(changes: readonly TextChange[], now?: Date): UpdateStats {
    const ctxNow = (now ?? this.options.now ?? new Date()).getTime();
    this.groupsCache = undefined;
    this.flatCache = undefined;
    // The expiry rule compares with the date: a new day checks everything again.
    const sameDay = Math.floor(ctxNow / 86_400_000) === Math.floor(this.ctx.now / 86_400_000);
    this.ctx = { now: ctxNow, codes: this.options.codes };
    let dirty: Set<number>;
    if (this.text !== undefined) {
      const shadow = this.shadow;
      this.shadow = undefined;
      if (!shadow || applyInsideItems(shadow.items, shadow.starts, changes, shadow.dirty) !== -1) return this.init(applyAll(this.text, changes), 'not an array of items parsed as JSON');
      if (!allParse([...shadow.dirty].map((k) => shadow.items[k].text))) {
        const stats = this.init(applyAll(this.text, changes), 'not an array of items parsed as JSON');
        if (this.text !== undefined) this.shadow = shadow;
        return stats;
      }
      // Every item the edits touched is JSON again: back to the items, checking only those.
      ({ head: this.head, items: this.items, seps: this.seps, tail: this.tail, starts: this.starts, kind: this.kind, dirty } = shadow);
      this.text = undefined;
      this.plain = [];
      this.plainValue = undefined;
      this.strict = true;
      // The edits while the text was not JSON may have changed the first lines or the line ends.
      this.refreshFormatting();
    } else {
      dirty = new Set<number>();
      const outside = applyInsideItems(this.items, this.starts, changes, dirty);
      if (outside !== -1) return this.init(applyAll(this.join(), changes.slice(outside)), 'an edit outside one item');
    }
    for (const k of dirty) {
      const item = this.items[k];
      try {
        item.value = JSON.parse(item.text);
      } catch {
        const shadow: Shadow = { head: this.head, items: this.items, seps: this.seps, tail: this.tail, starts: this.starts, kind: this.kind, dirty };
        const stats = this.init(this.join(), `item ${k} is not complete JSON`);
        if (this.text !== undefined) this.shadow = shadow;
        return stats;
      }
      item.own = undefined;
      item.placed = undefined;
    }
    if (!sameDay) {
      for (const item of this.items) {
        item.own = undefined;
        item.placed = undefined;
      }
    }
    // A changed item on the line where later items start changes what those items' fixes see before them.
    for (const k of [...dirty]) for (let j = k + 1; j < this.items.length && !this.seps[j - 1].includes('\n'); j++) this.items[j].placed = undefined;
    if ([...dirty].some((k) => this.starts[k] < SAMPLE) || changes.some((c) => c.text.includes('\r'))) this.refreshFormatting();
    const checked = this.checkItems();
    this.lastUpdate = { mode: 'incremental', itemsChecked: checked };
    return this.lastUpdate;
  }

  /**
   * Whether `update(changes)` would check the whole document (a full check: text that is not plain JSON, an edit
   * across items, an item left incomplete — `"declaredUnit": ,` while a value is typed) rather than only the items the
   * changes touch. Changes nothing; costs a parse of the touched items.
   */
  wouldCheckInFull(changes: readonly TextChange[]): boolean {
    const state = this.text === undefined ? { items: this.items, starts: this.starts, dirty: new Set<number>() } : this.shadow;
    if (!state) return true;
    const texts = new Map<number, string>();
    for (const k of state.dirty) texts.set(k, state.items[k].text);
    const starts = changes.length > 1 ? [...state.starts] : state.starts;
    for (const change of changes) {
      const lo = lastAtOrBefore(starts, change.offset);
      if (lo < 0) return true;
      const text = texts.get(lo) ?? state.items[lo].text;
      if (!(change.offset > starts[lo] && change.offset + change.length < starts[lo] + text.length)) return true;
      const at = change.offset - starts[lo];
      texts.set(lo, text.slice(0, at) + change.text + text.slice(at + change.length));
      const delta = change.text.length - change.length;
      if (changes.length > 1) for (let j = lo + 1; j < starts.length; j++) starts[j] += delta;
    }
    return !allParse(texts.values());
  }

  // ---- items mode ----

  private join(): string {
    const parts = [this.head];
    for (let i = 0; i < this.items.length; i++) {
      parts.push(this.items[i].text);
      if (i < this.seps.length) parts.push(this.seps[i]);
    }
    parts.push(this.tail);
    return parts.join('');
  }

  private init(text: string, reason: string): UpdateStats {
    this.shadow = undefined;
    this.groupsCache = undefined;
    this.flatCache = undefined;
    this.elsewhere = [];
    let value: unknown;
    let parsed = true;
    try {
      value = JSON.parse(text);
    } catch {
      parsed = false;
    }
    const kind = this.options.kind ?? (this.options.fileName ? documentKindOf(this.options.fileName) : undefined) ?? (parsed ? documentKindOfValue(value) : undefined);
    this.strict = parsed;
    // Text that is not plain JSON is read by the tolerant parser (comments, trailing commas, broken text).
    let tolerant: { value: unknown } | undefined;
    const read = (): unknown => (parsed ? value : (tolerant ??= { value: parseDocument(text) }).value);
    this.kind = kind ?? (parsed ? undefined : documentKindOfValue(read()));
    const spans = parsed && kind === 'materials' && Array.isArray(value) && value.length > 0 ? topLevelItems(text) : undefined;
    if (!spans || spans.length !== (value as unknown[]).length) {
      this.text = text;
      this.items = [];
      this.plainValue = read();
      const checked = this.kind ? fullCheck(text, read(), this.kind, this.ctx, this.options) : undefined;
      this.plain = checked ? [...checked.findings, ...checked.schema] : [];
      this.lastUpdate = { mode: 'full', itemsChecked: Array.isArray(value) ? value.length : 1, reason };
      return this.lastUpdate;
    }
    const values = value as unknown[];
    this.text = undefined;
    this.plain = [];
    this.plainValue = undefined;
    this.head = text.slice(0, spans[0].offset);
    this.items = spans.map((s, i) => ({ text: text.slice(s.offset, s.offset + s.length), value: values[i], own: undefined, acrossKey: '', placed: undefined }));
    this.seps = spans.slice(1).map((s, i) => text.slice(spans[i].offset + spans[i].length, s.offset));
    const last = spans[spans.length - 1];
    this.tail = text.slice(last.offset + last.length);
    this.starts = spans.map((s) => s.offset);
    this.formatting = undefined;
    this.formattingKey = '';
    this.refreshFormatting(text);
    this.checkItems();
    this.lastUpdate = { mode: 'full', itemsChecked: this.items.length, reason };
    return this.lastUpdate;
  }

  /** formattingOf the document, from its first characters and whether it has CRLF line ends. */
  private refreshFormatting(whole?: string): void {
    let sample: string;
    let crlf: boolean;
    if (whole !== undefined) {
      sample = whole.slice(0, SAMPLE);
      crlf = whole.includes('\r\n');
    } else {
      const parts = [this.head];
      let length = this.head.length;
      for (let i = 0; i < this.items.length && length < SAMPLE; i++) {
        parts.push(this.items[i].text, this.seps[i] ?? this.tail);
        length += this.items[i].text.length + (this.seps[i] ?? this.tail).length;
      }
      sample = parts.join('').slice(0, SAMPLE);
      // No CRLF spans two parts: items start and end with a value's characters, never with \r or \n.
      crlf = this.head.includes('\r\n') || this.tail.includes('\r\n') || this.seps.some((s) => s.includes('\r\n')) || this.items.some((i) => i.text.includes('\r\n'));
    }
    // formattingOf looks at the first characters' indentation and at whether the text has CRLF anywhere.
    const exact = formattingOf(crlf && !sample.includes('\r\n') ? `${sample}\r\n` : sample);
    const key = JSON.stringify(exact);
    if (key !== this.formattingKey) {
      // Fixes that add items follow the document's indentation and line ends: place every item again.
      if (this.formattingKey) for (const item of this.items) item.placed = undefined;
      this.formattingKey = key;
      this.formatting = exact;
    }
  }

  /** Checks the items without findings, runs the rules across items, and places what changed; returns how many items were checked. */
  private checkItems(): number {
    let checked = 0;
    const count = this.items.length;
    for (let i = 0; i < count; i++) {
      const item = this.items[i];
      if (item.own) continue;
      const { own, schema } = checkBulkItem(item.value, i, this.ctx, this.options.validate);
      item.own = own;
      item.schema = schema;
      checked++;
    }
    const across: RuleFinding[] = [];
    checkAcrossMaterials(
      this.items.map((i) => i.value),
      this.ctx,
      across,
    );
    const byItem = new Map<number, RuleFinding[]>();
    const elsewhere: RuleFinding[] = [];
    for (const f of across) {
      if (isItemIndex(f.path[0], count)) {
        const list = byItem.get(f.path[0]) ?? [];
        list.push(f);
        byItem.set(f.path[0], list);
      } else elsewhere.push(f);
    }
    const outside: RuleFinding[] = [...elsewhere];
    for (let i = 0; i < count; i++) {
      const item = this.items[i];
      const mine = byItem.get(i) ?? [];
      const key = mine.length === 0 ? '' : mine.map(findingKey).join('\n');
      if (item.placed && key === item.acrossKey) continue;
      item.acrossKey = key;
      item.placed = this.place(i, [...item.own!, ...mine], outside);
    }
    this.elsewhere = outside.length === 0 ? [] : placeFindings(new DocumentLocator(this.join()), outside);
    return checked;
  }

  /** Places an item's findings within its own text (offsets relative to its start); findings reaching elsewhere go to `outside`. */
  private place(i: number, findings: RuleFinding[], outside: RuleFinding[]): RuleDiagnostic[] {
    const schema: readonly SchemaProblem[] = this.items[i].schema ?? [];
    if (findings.length === 0 && schema.length === 0) return [];
    if (schema.length === 0 && findings.every((f) => f.path[0] !== i || (f.fixes ?? []).some((p) => p.path[0] !== i))) {
      outside.push(...findings);
      return [];
    }
    const prefix = this.linePrefix(i);
    const locator = new DocumentLocator(prefix + this.items[i].text, prefix.length);
    return placeItem(locator, i, findings, schema, () => this.formatting!, -prefix.length, outside);
  }

  /** The text from the start of the line where item `i` starts up to the item (what fixes look at before it). */
  private linePrefix(i: number): string {
    const parts: string[] = [];
    for (let k = i; k >= 0; k--) {
      const before = k === 0 ? this.head : this.seps[k - 1];
      const nl = before.lastIndexOf('\n');
      if (nl >= 0) {
        parts.push(before.slice(nl + 1));
        break;
      }
      parts.push(before);
      if (k > 0) parts.push(this.items[k - 1].text);
    }
    return parts.reverse().join('');
  }
}
