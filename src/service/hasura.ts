// Hasura's semantics of the project list's arguments, over plain rows: a boolean expression (`where`: `_and`, `_or`,
// `_not`, comparisons, SQL LIKE in linear time, relationships), the ordering (`order_by`, with Hasura's place for
// nulls) and the bound on a filter's strings.
import { isObject as isObj } from '../core/guards';

const COMPARISONS = ['_eq', '_neq', '_in', '_nin', '_gt', '_gte', '_lt', '_lte', '_is_null'];
const STRING_ONLY = ['_like', '_nlike', '_ilike', '_nilike'];

type Exp = Record<string, unknown>;

/** Whether `seg` (with `_` = any one character) matches `v` at `at`. */
function segmentAt(v: string, at: number, seg: string): boolean {
  if (at < 0 || at + seg.length > v.length) return false;
  for (let k = 0; k < seg.length; k++) if (seg[k] !== '_' && seg[k] !== v[at + k]) return false;
  return true;
}

/**
 * The first start ≥ `from` at which `seg` (`_` = any one character) matches inside `v[from, to)`, or -1. Shift-And:
 * one pass over the text with the pattern's positions as bits, so O((to − from) × ⌈|seg| / 32⌉), never a rescan.
 */
function findSegment(v: string, from: number, to: number, seg: string): number {
  const m = seg.length;
  const words = Math.ceil(m / 32);
  const wildcard = new Uint32Array(words);
  const masks = new Map<string, Uint32Array>();
  for (let k = 0; k < m; k++) if (seg[k] === '_') wildcard[k >>> 5] |= 1 << (k & 31);
  for (let k = 0; k < m; k++) {
    const c = seg[k];
    if (c === '_') continue;
    let mask = masks.get(c);
    if (!mask) masks.set(c, (mask = Uint32Array.from(wildcard)));
    mask[k >>> 5] |= 1 << (k & 31);
  }
  const state = new Uint32Array(words);
  const lastWord = (m - 1) >>> 5;
  const lastBit = 1 << ((m - 1) & 31);
  for (let i = from; i < to; i++) {
    const mask = masks.get(v[i]) ?? wildcard;
    let carry = 1;
    for (let w = 0; w < words; w++) {
      const next = state[w] >>> 31;
      state[w] = ((state[w] << 1) | carry) & mask[w];
      carry = next;
    }
    if (state[lastWord] & lastBit) return i - m + 1;
  }
  return -1;
}

/**
 * SQL LIKE (% = any run, _ = one character) in time linear in the value: the pattern is split at `%`; the first
 * piece must match at the start, the last at the end, and each piece between is taken at its leftmost match after
 * the previous one (which is correct for `%`), found in one forward pass. No regular expression, no backtracking:
 * "%a%a…%!" against a long name costs one pass, not pattern × value (a 16 s stall before).
 */
export function likeMatch(value: string, pattern: string, ignoreCase: boolean): boolean {
  const v = ignoreCase ? value.toLowerCase() : value;
  const p = ignoreCase ? pattern.toLowerCase() : pattern;
  const pieces = p.split('%');
  if (pieces.length === 1) return v.length === p.length && segmentAt(v, 0, p);
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  if (first.length + last.length > v.length) return false;
  if (!segmentAt(v, 0, first) || !segmentAt(v, v.length - last.length, last)) return false;
  let pos = first.length;
  const end = v.length - last.length;
  for (let k = 1; k < pieces.length - 1; k++) {
    const piece = pieces[k];
    if (!piece) continue;
    const at = findSegment(v, pos, end, piece);
    if (at < 0) return false;
    pos = at + piece.length;
  }
  return true;
}

/** Longest string a filter of the project list may carry (a name pattern, a city); see docs/service-decisions.md. */
export const MAX_FILTER_CHARS = 1_000;

/** The first string in a filter longer than MAX_FILTER_CHARS, as a path such as `where._and.4.name._ilike`. */
export function longFilterString(value: unknown, path: string): string | undefined {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.length > MAX_FILTER_CHARS) return at;
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push([x, `${at}.${i}`]));
    } else if (isObj(v)) {
      for (const [k, x] of Object.entries(v)) stack.push([x, `${at}.${k}`]);
    }
  }
  return undefined;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** One comparison expression against a scalar value; null values only match _is_null: true (and _neq/_nin). */
function compareOps(value: unknown, exp: Exp): boolean {
  for (const [op, arg] of Object.entries(exp)) {
    if (arg === undefined) continue;
    if (op === '_is_null') {
      if ((value === null || value === undefined) !== arg) return false;
      continue;
    }
    if (arg === null) continue;
    if (value === null || value === undefined) return false;
    switch (op) {
      case '_eq': if (compare(value, arg) !== 0) return false; break;
      case '_neq': if (compare(value, arg) === 0) return false; break;
      case '_in': if (!(arg as unknown[]).some((x) => compare(value, x) === 0)) return false; break;
      case '_nin': if ((arg as unknown[]).some((x) => compare(value, x) === 0)) return false; break;
      case '_gt': if (!(compare(value, arg) > 0)) return false; break;
      case '_gte': if (!(compare(value, arg) >= 0)) return false; break;
      case '_lt': if (!(compare(value, arg) < 0)) return false; break;
      case '_lte': if (!(compare(value, arg) <= 0)) return false; break;
      case '_like': if (!likeMatch(String(value), String(arg), false)) return false; break;
      case '_nlike': if (likeMatch(String(value), String(arg), false)) return false; break;
      case '_ilike': if (!likeMatch(String(value), String(arg), true)) return false; break;
      case '_nilike': if (likeMatch(String(value), String(arg), true)) return false; break;
      default: return false;
    }
  }
  return true;
}

const isComparison = (exp: Exp): boolean =>
  Object.keys(exp).length > 0 && Object.keys(exp).every((k) => COMPARISONS.includes(k) || STRING_ONLY.includes(k));

/** Evaluates a Hasura boolean expression; `{}` and null sub-expressions match everything. */
export function matches(row: unknown, exp: unknown): boolean {
  if (!isObj(exp)) return true;
  for (const [key, sub] of Object.entries(exp)) {
    if (sub === undefined || sub === null) continue;
    if (key === '_and') {
      if (!(sub as unknown[]).every((e) => matches(row, e))) return false;
    } else if (key === '_or') {
      const list = sub as unknown[];
      if (list.length && !list.some((e) => matches(row, e))) return false;
    } else if (key === '_not') {
      if (isObj(sub) && Object.keys(sub).length && matches(row, sub)) return false;
    } else {
      const value = isObj(row) ? row[key] : undefined;
      if (!isObj(sub) || Object.keys(sub).length === 0) continue;
      if (isComparison(sub)) {
        if (!compareOps(value, sub)) return false;
      } else if (Array.isArray(value)) {
        // Array relationship: some related row matches (Hasura semantics).
        if (!value.some((v) => matches(v, sub))) return false;
      } else if (value === null || value === undefined) {
        return false;
      } else if (!matches(value, sub)) {
        return false;
      }
    }
  }
  return true;
}

interface SortKey {
  path: string[];
  direction: string;
}

function sortKeys(orderBy: unknown, prefix: string[] = []): SortKey[] {
  const out: SortKey[] = [];
  for (const item of Array.isArray(orderBy) ? orderBy : orderBy ? [orderBy] : []) {
    if (!isObj(item)) continue;
    for (const [k, v] of Object.entries(item)) {
      if (typeof v === 'string') out.push({ path: [...prefix, k], direction: v });
      else if (isObj(v)) out.push(...sortKeys([v], [...prefix, k]));
    }
  }
  return out;
}

/** Hasura's ordering: `asc` puts nulls last, `desc` puts them first, unless the direction says otherwise. */
export function orderRows<T>(rows: T[], orderBy: unknown): T[] {
  const keys = sortKeys(orderBy);
  if (!keys.length) return rows;
  const get = (row: T, path: string[]): unknown => path.reduce<unknown>((v, k) => (isObj(v) ? v[k] : undefined), row);
  return [...rows].sort((a, b) => {
    for (const { path, direction } of keys) {
      const x = get(a, path);
      const y = get(b, path);
      const desc = direction.startsWith('desc');
      const nullsFirst = direction.endsWith('nulls_first') || direction === 'desc';
      const xn = x === null || x === undefined;
      const yn = y === null || y === undefined;
      if (xn || yn) {
        if (xn && yn) continue;
        return (xn ? -1 : 1) * (nullsFirst ? 1 : -1);
      }
      const c = compare(x, y);
      if (c !== 0) return desc ? -c : c;
    }
    return 0;
  });
}
