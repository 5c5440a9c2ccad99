// Finds the text ranges of paths by scanning the text along each path (no syntax tree), so that a bulk file of
// 10,000 materials is located in about the time of one parse.
import type { JsonPath, Span } from './types';

const QUOTE = 34;
const SLASH = 47;
const STAR = 42;
const BACKSLASH = 92;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 0xfeff;
}

/** Index just after the string literal starting at `start` (a quote). */
function skipString(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) return text.length;
    let k = q - 1;
    while (text.charCodeAt(k) === BACKSLASH) k--;
    if ((q - 1 - k) % 2 === 0) return q + 1;
    i = q + 1;
  }
}

/** Index just after the comment starting at `start`, or `start` when there is none. */
function skipComment(text: string, start: number): number {
  const next = text.charCodeAt(start + 1);
  if (next === SLASH) {
    const end = text.indexOf('\n', start);
    return end < 0 ? text.length : end + 1;
  }
  if (next === STAR) {
    const end = text.indexOf('*/', start + 2);
    return end < 0 ? text.length : end + 2;
  }
  return start;
}

/** Index of the first character at or after `i` that is neither whitespace nor part of a comment. */
function skipTrivia(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) i++;
    else if (c === SLASH && skipComment(text, i) > i) i = skipComment(text, i);
    else break;
  }
  return i;
}

/** The characters that matter when skipping over a container: quotes, brackets and the start of a comment. */
const STRUCTURE = /["{}[\]/]/g;

/** Index just after the value that starts at `i`: a string, a bracketed container, or a literal. */
function valueEnd(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === QUOTE) return skipString(text, i);
  const n = text.length;
  if (first === 123 || first === 91) {
    let depth = 0;
    // A regular expression jumps over numbers and whitespace much faster than a character loop.
    STRUCTURE.lastIndex = i;
    for (;;) {
      const match = STRUCTURE.exec(text);
      if (!match) return n;
      const at = match.index;
      const c = text.charCodeAt(at);
      if (c === QUOTE) {
        STRUCTURE.lastIndex = skipString(text, at);
      } else if (c === SLASH) {
        STRUCTURE.lastIndex = Math.max(skipComment(text, at), at + 1);
      } else if (c === 123 || c === 91) {
        depth++;
      } else if (--depth === 0) {
        return at + 1;
      }
    }
  }
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 44 || c === 125 || c === 93 || isSpace(c) || c === SLASH) break;
    i++;
  }
  return i;
}

/** A value found in the text: where it starts, where it ends (found when first asked), and its property name. */
export interface Located {
  offset: number;
  end?: number;
  key?: Span;
}

/** End of a located value; scanning a large value is done only when its extent is needed. */
function endOf(text: string, at: Located): number {
  at.end ??= valueEnd(text, at.offset);
  return at.end;
}

const isObjectAt = (text: string, at: Located): boolean => text.charCodeAt(at.offset) === 123;
const isArrayAt = (text: string, at: Located): boolean => text.charCodeAt(at.offset) === 91;

function propertyName(text: string, start: number, end: number): string {
  const raw = text.slice(start, end);
  if (raw.indexOf('\\') < 0) return raw.slice(1, -1);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.slice(1, -1);
  }
}

/** The member of an object or array value that `segment` names, found by scanning only that value. */
function childOf(text: string, parent: Located, segment: string | number): Located | undefined {
  const object = isObjectAt(text, parent);
  if (!object && !isArrayAt(text, parent)) return undefined;
  const close = object ? 125 : 93;
  let index = 0;
  for (let i = parent.offset + 1; ; ) {
    i = skipTrivia(text, i);
    if (i >= text.length) return undefined;
    const c = text.charCodeAt(i);
    if (c === close) {
      parent.end = i + 1;
      return undefined;
    }
    if (c === 44) {
      i++;
      continue;
    }
    if (object) {
      if (c !== QUOTE) return undefined;
      const keyEnd = skipString(text, i);
      const colon = skipTrivia(text, keyEnd);
      if (text.charCodeAt(colon) !== 58) return undefined;
      const start = skipTrivia(text, colon + 1);
      if (propertyName(text, i, keyEnd) === segment) return { offset: start, key: { offset: i, length: keyEnd - i } };
      i = valueEnd(text, start);
    } else {
      if (index === segment) return { offset: i };
      index++;
      // A stray `}` or `/` in broken text ends no value; step over it so the scan always moves on.
      i = Math.max(valueEnd(text, i), i + 1);
    }
  }
}

/** Spans of the items of the array value at `array`. */
function itemsOf(text: string, array: Located): Located[] {
  const spans: Located[] = [];
  for (let i = array.offset + 1; ; ) {
    i = skipTrivia(text, i);
    if (i >= text.length) return spans;
    if (text.charCodeAt(i) === 93) {
      array.end = i + 1;
      return spans;
    }
    if (text.charCodeAt(i) === 44) {
      i++;
      continue;
    }
    // A stray `}` or `/` in broken text ends no value; step over it so the scan always moves on.
    const stop = Math.max(valueEnd(text, i), i + 1);
    spans.push({ offset: i, end: stop });
    i = stop;
  }
}

function rootOf(text: string): Located | undefined {
  const start = skipTrivia(text, 0);
  return start < text.length ? { offset: start } : undefined;
}

const spanOf = (text: string, at: Located): Span => ({ offset: at.offset, length: endOf(text, at) - at.offset });

/** Spans of the items of a top-level array (no syntax tree); undefined when the document is not an array. */
export function topLevelItems(text: string): Span[] | undefined {
  const root = rootOf(text);
  return root && isArrayAt(text, root) ? itemsOf(text, root).map((item) => spanOf(text, item)) : undefined;
}

/**
 * Looks paths up by scanning the text along the path only, so that a few findings in a 100 MB bulk file cost
 * little; the items of a top-level array are listed once.
 */
export class DocumentLocator {
  private readonly root: Located | undefined;
  private items: Located[] | undefined;

  /** `rootOffset`: where the value that paths start from begins, when not at the text's first value (an item alone). */
  constructor(
    readonly text: string,
    rootOffset?: number,
  ) {
    this.root = rootOffset === undefined ? rootOf(text) : { offset: rootOffset };
  }

  /** The value at `path`, or the deepest existing ancestor when the path goes further than the document. */
  find(path: JsonPath): { located: Located; exact: boolean } | undefined {
    if (!this.root) return undefined;
    let at: Located = this.root;
    let depth = 0;
    if (typeof path[0] === 'number' && isArrayAt(this.text, this.root)) {
      this.items ??= itemsOf(this.text, this.root);
      const item = this.items[path[0]];
      if (!item) return { located: at, exact: false };
      at = item;
      depth = 1;
    }
    for (; depth < path.length; depth++) {
      const next = childOf(this.text, at, path[depth]);
      if (!next) return { located: at, exact: false };
      at = next;
    }
    return { located: at, exact: true };
  }

  /** Range of the value at `path` (or of its property name with target 'key'). */
  rangeOf(path: JsonPath, target: 'value' | 'key' = 'value'): Span | undefined {
    const found = this.find(path);
    if (!found) return undefined;
    const { located } = found;
    return target === 'key' && found.exact && located.key ? located.key : spanOf(this.text, located);
  }

  /** Spans of the items of the array at `located`. */
  itemsAt(located: Located): Span[] | undefined {
    return isArrayAt(this.text, located) ? itemsOf(this.text, located).map((item) => spanOf(this.text, item)) : undefined;
  }

  /** The extent of a located value. */
  spanOf(located: Located): Span {
    return spanOf(this.text, located);
  }
}

/**
 * Range of a JSON pointer (e.g. from a schema problem) in the text; the nearest existing ancestor if it is absent.
 * Target 'key' gives the property name instead, where VS Code puts an "is not allowed" problem.
 */
export function locatePointer(text: string, pointer: string, target: 'value' | 'key' = 'value'): Span | undefined {
  const path: JsonPath =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => {
            const name = s.replace(/~1/g, '/').replace(/~0/g, '~');
            return /^\d+$/.test(name) ? Number(name) : name;
          });
  return new DocumentLocator(text).rangeOf(path, target);
}
