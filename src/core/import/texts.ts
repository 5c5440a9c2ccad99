// The texts every import format writes, read here once: a unit as "m³", "kubikmeter" or "stk", a module as "a1a3" or
// "A1-3", an EPD type as "Generisk data" or "specific dataset", a date as 2028, 31-12-2028 or Unix seconds, an id
// that is no UUID; and the code of each in the code table passed in (never the assumed table's by itself). A field
// that cannot be read is a FieldError that says what and where. Used by the material builder (builder.ts) and the
// construction builder (constructionBuilder.ts).
import { createHash } from 'crypto';
import type { CodeTable } from '../codeTable';
import { EPD_TYPES, MODULE_STATUS, MODULES, UNITS } from '../codes';
import { format, msg, type Msg } from '../l10n';
import type { Place } from './types';
import { unitLabelOf, type UnitLabel } from '../unitTexts';

export { unitLabelOf, type UnitLabel };

/** A field that cannot be converted: what is wrong (`reason`) and where (`field`: a JSON/XML path or a column). */
export class FieldError extends Error {
  constructor(
    /** Where in the source, e.g. `impacts.gwp.a1a3`, `exchanges/exchange[1]/meanAmount`, `msg('column "{0}"', 'Enhed')`; '' = the whole item. */
    readonly field: Place,
    /** What is wrong, without the field. */
    readonly reason: Msg,
  ) {
    super(field && format(field) ? `${format(field)}: ${format(reason)}` : format(reason));
    this.name = 'FieldError';
  }
}

// ---- unit, module and EPD type texts ----------------------------------------------------------------------------

/** Whether a unit label is a mass (then a material has no separate mass). */
export const isMassUnit = (label: UnitLabel | undefined): boolean => label === 'KG' || label === 'TONNE';

/** The label of a life cycle module as written ("a1a3", "A1-3", "A1 to A3", "Modul C3", "d"), or undefined. */
export function moduleLabelOf(text: string): string | undefined {
  const t = text.trim().toUpperCase().replace(/^MODUL(E)?\s+/, '').replace(/[\s_–]/g, (c) => (c === '–' ? '-' : ''));
  if (/^A1-?A?3$|^A1TOA?3$|^A13$/.test(t)) return 'A1-A3';
  if (/^A[1-3]$/.test(t)) return t; // summed into A1-A3 by the builder
  return MODULES.some((m) => m.label === t) ? t : undefined;
}

/** EPD type texts (ILCD sub-types, LCAx subtypes, Danish and English spreadsheet words) → label of the table. */
const EPD_TYPE_TEXT: readonly [RegExp, string][] = [
  [/generi|default|standard ?data/i, 'Generic'],
  [/branche|industr|average|gennemsnit|representative|sector/i, 'Industry'],
  [/produkt|product|specific|specifik|virksomhed/i, 'Product'],
];

/** The EPD type label of the table ("Generic", "Industry", "Product") an EPD type text stands for, or undefined. */
export function epdTypeLabelOf(text: string): string | undefined {
  return EPD_TYPE_TEXT.find(([re]) => re.test(text))?.[1];
}

/** A UUID derived from a non-UUID id, stable for that id and namespace (version-5 layout over SHA-1). */
export function derivedUuid(id: string, namespace: string): string {
  const h = createHash('sha1').update(`${namespace}:${id}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---- dates ------------------------------------------------------------------------------------------------------

/**
 * A date as EPD formats write it → the schemas' date-time (UTC), undefined when it cannot be read: `2028-12-31`,
 * `2028-12-31+01:00` (xs:date), `31-12-2028` / `31.12.2028` / `31/12/2028` (Danish), a date-time with or without
 * zone (none = UTC), Unix seconds (EPDx) or milliseconds (soda4LCA JSON), and a year alone — the year's last day for
 * a "valid until", its first for a publication date.
 */
export function parseDate(value: string | number, yearIs: 'end' | 'start' = 'end'): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    return iso(value > 1e11 ? value : value * 1000);
  }
  const t = value.trim();
  const year = /^(\d{4})$/.exec(t);
  if (year) return yearIs === 'end' ? `${year[1]}-12-31T00:00:00Z` : `${year[1]}-01-01T00:00:00Z`;
  const day = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})?$/.exec(t);
  if (day) return valid(`${day[1]}T00:00:00Z`);
  const dk = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(t);
  if (dk) return valid(`${dk[3]}-${dk[2].padStart(2, '0')}-${dk[1].padStart(2, '0')}T00:00:00Z`);
  const noZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(t);
  const ms = Date.parse(noZone ? `${t}Z` : t);
  return Number.isNaN(ms) ? undefined : iso(ms);
}
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
function valid(text: string): string | undefined {
  const ms = Date.parse(text);
  return Number.isNaN(ms) || iso(ms).slice(0, 10) !== text.slice(0, 10) ? undefined : text;
}

// ---- codes of the passed table ----------------------------------------------------------------------------------

const norm = (label: string) => label.toUpperCase().replace(/[\s_]+/g, '');

type Kind = 'unit' | 'module' | 'EPD type' | 'module status';
const ASSUMED: Record<Kind, readonly { code: number; label: string }[]> = { unit: UNITS, module: MODULES, 'EPD type': EPD_TYPES, 'module status': MODULE_STATUS };
const OF_TABLE: Record<Kind, (t: CodeTable) => readonly { code: number; label: string }[]> = {
  unit: (t) => t.units,
  module: (t) => t.modules,
  'EPD type': (t) => t.epdTypes,
  'module status': (t) => t.moduleStatus,
};

/**
 * Codes of one table by label. A label the table lacks keeps the assumed table's code and is collected in `missing`,
 * so that the user reads it in the warnings rather than finding a silently wrong code.
 */
export class Codes {
  readonly missing = new Set<string>();
  constructor(readonly table: CodeTable) {}

  code(kind: Kind, label: string): number {
    const found = OF_TABLE[kind](this.table).find((c) => norm(c.label) === norm(label));
    if (found) return found.code;
    this.missing.add(`${kind} ${label}`);
    return ASSUMED[kind].find((c) => norm(c.label) === norm(label))!.code;
  }

  /** The warning naming every label the table lacks (undefined when none); empties `missing`. */
  note(): Msg | undefined {
    if (!this.missing.size) return undefined;
    const list = [...this.missing].join(', ');
    this.missing.clear();
    return this.table.environment
      ? msg('{0}: no code with this label in the code table of environment "{1}"; the assumed code is kept — check it before pushing.', list, this.table.environment)
      : msg('{0}: no code with this label in the code table of this environment; the assumed code is kept — check it before pushing.', list);
  }
}

/** A unit text → the table's code; throws a FieldError saying what and where when the text is no unit. */
export function unitCodeOf(text: string, codes: Codes, field: Place): number {
  const label = unitLabelOf(text);
  if (!label) throw new FieldError(field, msg('"{0}" is not a unit (m, m2, m3, kg, t, pcs, kWh, MJ, l): it has no counterpart in the service\'s units', text));
  return codes.code('unit', label);
}
