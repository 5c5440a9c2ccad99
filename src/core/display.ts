// Figures and dates as a person reads them in trees and tooltips: one rounding per kind of figure, so a row, its
// tooltip and its details never disagree (6,053 m² everywhere, not 6052.5 in one place and 6,053 in another).

const DASH = '—';

function finite(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A floor area in whole square metres with the locale's grouping: "6,053 m²"; "—" when there is none. */
export function formatArea(area: unknown, locale: string): string {
  const n = finite(area);
  return n === undefined ? DASH : `${Math.round(n).toLocaleString(locale)} m²`;
}

/** A number with at most `digits` decimals in the locale's way of writing it; "—" when there is none. */
export function formatFigure(value: unknown, locale: string, digits = 1): string {
  const n = finite(value);
  return n === undefined ? DASH : n.toLocaleString(locale, { maximumFractionDigits: digits });
}

/** An ISO 8601 time stamp as a date and time in the locale ("20 Jan 2025, 14:05"); the text itself when it is not one. */
export function formatDateTime(iso: unknown, locale: string, timeZone?: string): string {
  if (typeof iso !== 'string' || iso.trim() === '') return DASH;
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  return dateTimeFormat(locale, timeZone).format(t);
}

// One formatter per locale and time zone: making one costs far more than formatting (a tree of 5,000 projects).
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let f = dateTimeFormats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) };
    try {
      f = new Intl.DateTimeFormat(locale, options);
    } catch {
      // An unknown locale tag: English rather than nothing.
      f = new Intl.DateTimeFormat('en', options);
    }
    dateTimeFormats.set(key, f);
  }
  return f;
}

// Made on first use: creating a collator loads ICU's collation data, a cost the extension's activation should not pay.
let natural: Intl.Collator | undefined;

/** Natural order of names: numbers by value ("CLT #2" before "CLT #10"), case and accents second. */
export function naturalCompare(a: string, b: string): number {
  natural ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return natural.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Text for one cell of a Markdown table: pipes escaped, line breaks as spaces (bulk and import reports). */
export function markdownCell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
}

/** Text shown as itself inside Markdown (a name in a tooltip): every character Markdown would read as syntax escaped. */
export function escapeMd(value: string): string {
  return value.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
}
