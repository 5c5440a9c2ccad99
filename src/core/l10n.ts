/**
 * Text a user reads, as data. `src/core` and `src/client` never phrase finished English: they return a `Msg` — an
 * English sentence template with {0}, {1}… placeholders plus its arguments — and the editor layer phrases it in the
 * chosen language (`l10n.say` in `src/extension/l10n.ts`).
 *
 * An argument may itself be a `Msg` (a phrase inside a sentence, e.g. "item 3" inside "item 3 must be a number"):
 * it is phrased in the same language before it is put in its place.
 */
export interface Msg {
  readonly message: string;
  readonly args: readonly MsgArg[];
}

export type MsgArg = string | number | Msg;

/** An English sentence template with {0}, {1}… placeholders; ALWAYS a string literal at the call site so the extractor finds it. */
export function msg(message: string, ...args: MsgArg[]): Msg {
  return { message, args };
}

export function isMsg(value: unknown): value is Msg {
  return typeof value === 'object' && value !== null
    && typeof (value as Msg).message === 'string' && Array.isArray((value as Msg).args);
}

/**
 * A template's context, `{{…}}` at its end: tells apart two texts that are the same English word but mean different
 * things (and so differ in Danish), e.g. `Construction{{project stage}}`. It is never shown.
 */
const CONTEXT = /\{\{[^{}]*\}\}$/;

/**
 * Phrases a `Msg`: `translate` maps each template (the outer one and those of nested arguments) to the language
 * wanted; placeholders are then filled, numbers with `number` (e.g. with a decimal comma in Danish). `{n}` without an
 * argument stays as written.
 */
export function phrase(m: Msg, translate: (template: string) => string = (s) => s, number: (n: number) => string = String): string {
  const args = m.args.map((a) => (typeof a === 'object' ? phrase(a, translate, number) : typeof a === 'number' ? number(a) : String(a)));
  return translate(m.message)
    .replace(CONTEXT, '')
    .replace(/\{(\d+)\}/g, (whole, i: string) => args[Number(i)] ?? whole);
}

/**
 * Text that is either a name shown as it is — a file, a data set, a JSON path, never English to translate — or a
 * `Msg` to phrase (e.g. where an import issue is: the file `board.csv`, or `msg('row {0}', 12)`).
 */
export type Named = string | Msg;

/** The English sentence of a `Msg` (for logs, errors' `message` and tests); a name as it is. */
export function format(m: Named): string {
  return typeof m === 'string' ? m : phrase(m);
}

/** A list of phrases joined as one argument, e.g. the problems of a refused request: "a; b; c". */
export function joined(parts: readonly MsgArg[], separator = '; '): Msg {
  // The template is only placeholders and the separator: nothing to translate.
  return { message: parts.map((_, i) => `{${i}}`).join(separator), args: parts };
}

/**
 * How longer texts built in core (hovers, the impact breakdown) are phrased: the editor layer passes its `say` and
 * number locale; tests and logs pass `ENGLISH`.
 */
export interface Phrasing {
  readonly say: (m: Msg) => string;
  /** BCP-47 locale numbers are written in, e.g. 'da-DK'. */
  readonly locale: string;
  /** A calendar day in the language ("2. jun. 2025", `formatDayIn` of core/dates.ts); English when absent. */
  readonly day?: (d: Date) => string;
}

export const ENGLISH: Phrasing = { say: format, locale: 'en' };

/** A name from a table (a module, a unit, an indicator): translated when the bundle knows it, else shown as it is. */
export function label(text: string): Msg {
  return { message: text, args: [] };
}
