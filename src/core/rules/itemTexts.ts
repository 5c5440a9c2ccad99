// The text of a bulk file (a top-level array of materials) kept as its parts — the text before the first item, each
// item's text with its parsed value and check state, the separators between items and the text after the last — so
// that an edit inside one item changes only that item's text, and the whole text is joined only when it is asked for.
import { lastAtOrBefore, type TextChange } from '../document';
import type { SchemaProblem } from '../schemas/kinds';
import type { RuleDiagnostic, RuleFinding } from './types';

export interface Item {
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

/** Whether every text parses as JSON. */
export function allParse(texts: Iterable<string>): boolean {
  for (const text of texts) {
    try {
      JSON.parse(text);
    } catch {
      return false;
    }
  }
  return true;
}

export class ItemTexts {
  constructor(
    readonly head: string,
    readonly items: Item[],
    /** The text between item i and item i + 1. */
    readonly seps: string[],
    readonly tail: string,
    /** Where each item starts in the whole text (moved by the edits). */
    readonly starts: number[],
  ) {}

  static empty(): ItemTexts {
    return new ItemTexts('', [], [], '', []);
  }

  /** The parts of `text` whose items are at `spans`, with their parsed `values`; every item still to be checked. */
  static of(text: string, spans: readonly { offset: number; length: number }[], values: readonly unknown[]): ItemTexts {
    const last = spans[spans.length - 1];
    return new ItemTexts(
      text.slice(0, spans[0].offset),
      spans.map((s, i) => ({ text: text.slice(s.offset, s.offset + s.length), value: values[i], own: undefined, acrossKey: '', placed: undefined })),
      spans.slice(1).map((s, i) => text.slice(spans[i].offset + spans[i].length, s.offset)),
      text.slice(last.offset + last.length),
      spans.map((s) => s.offset),
    );
  }

  /** Characters in the whole text (without joining it). */
  get length(): number {
    let n = this.head.length + this.tail.length;
    for (const item of this.items) n += item.text.length;
    for (const sep of this.seps) n += sep.length;
    return n;
  }

  /** The whole text (a copy of the document). */
  join(): string {
    const parts = [this.head];
    for (let i = 0; i < this.items.length; i++) {
      parts.push(this.items[i].text);
      if (i < this.seps.length) parts.push(this.seps[i]);
    }
    parts.push(this.tail);
    return parts.join('');
  }

  /** The item whose text holds `offset` (its first character up to just after its last). */
  itemAt(offset: number): { start: number; text: string } | undefined {
    if (this.items.length === 0) return undefined;
    const lo = Math.max(0, lastAtOrBefore(this.starts, offset));
    const start = this.starts[lo];
    const text = this.items[lo].text;
    return offset >= start && offset <= start + text.length ? { start, text } : undefined;
  }

  /**
   * Applies changes inside items (their texts and the starts after them), adding the items changed to `dirty`; returns
   * the index of the first change that is not inside one item (the changes before it are applied), or -1 when all were.
   */
  applyInside(changes: readonly TextChange[], dirty: Set<number>): number {
    for (let c = 0; c < changes.length; c++) {
      const change = changes[c];
      const k = this.itemAround(change.offset, change.length);
      if (k === undefined) return c;
      const item = this.items[k];
      const at = change.offset - this.starts[k];
      item.text = item.text.slice(0, at) + change.text + item.text.slice(at + change.length);
      const delta = change.text.length - change.length;
      for (let j = k + 1; j < this.starts.length; j++) this.starts[j] += delta;
      dirty.add(k);
    }
    return -1;
  }

  /**
   * Whether `applyInside(changes)` would apply every change inside one item and leave each item it touches (and those
   * in `dirty`) JSON. Changes nothing; costs a parse of the touched items.
   */
  keepsItems(changes: readonly TextChange[], dirty: ReadonlySet<number>): boolean {
    const texts = new Map<number, string>();
    for (const k of dirty) texts.set(k, this.items[k].text);
    const starts = changes.length > 1 ? [...this.starts] : this.starts;
    for (const change of changes) {
      const lo = lastAtOrBefore(starts, change.offset);
      if (lo < 0) return false;
      const text = texts.get(lo) ?? this.items[lo].text;
      if (!(change.offset > starts[lo] && change.offset + change.length < starts[lo] + text.length)) return false;
      const at = change.offset - starts[lo];
      texts.set(lo, text.slice(0, at) + change.text + text.slice(at + change.length));
      const delta = change.text.length - change.length;
      if (changes.length > 1) for (let j = lo + 1; j < starts.length; j++) starts[j] += delta;
    }
    return allParse(texts.values());
  }

  /** The first `max` characters of the whole text, and whether it has CRLF line ends anywhere. */
  sample(max: number): { sample: string; crlf: boolean } {
    const parts = [this.head];
    let length = this.head.length;
    for (let i = 0; i < this.items.length && length < max; i++) {
      parts.push(this.items[i].text, this.seps[i] ?? this.tail);
      length += this.items[i].text.length + (this.seps[i] ?? this.tail).length;
    }
    // No CRLF spans two parts: items start and end with a value's characters, never with \r or \n.
    const crlf = this.head.includes('\r\n') || this.tail.includes('\r\n') || this.seps.some((s) => s.includes('\r\n')) || this.items.some((i) => i.text.includes('\r\n'));
    return { sample: parts.join('').slice(0, max), crlf };
  }

  /** The text from the start of the line where item `i` starts up to the item (what fixes look at before it). */
  linePrefix(i: number): string {
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

  /** The item whose inside (not its first or last character) holds the whole changed range. */
  private itemAround(offset: number, length: number): number | undefined {
    const lo = lastAtOrBefore(this.starts, offset);
    if (lo < 0) return undefined;
    const end = this.starts[lo] + this.items[lo].text.length;
    return offset > this.starts[lo] && offset + length < end ? lo : undefined;
  }
}
