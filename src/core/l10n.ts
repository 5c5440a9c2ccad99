/**
 * Text a user reads, as data. `src/core` and `src/client` never phrase finished
 * English: they return a `Msg` — an English sentence template with {0}, {1}…
 * placeholders plus its arguments — and the editor layer phrases it in the
 * chosen language (`l10n.say` in `src/extension/l10n.ts`).
 */
export interface Msg {
  readonly message: string;
  readonly args: readonly (string | number)[];
}

/** An English sentence template with {0}, {1}… placeholders; ALWAYS a string literal at the call site so the extractor finds it. */
export function msg(message: string, ...args: (string | number)[]): Msg {
  return { message, args };
}

/** Fill a template's {0}, {1}… placeholders with its arguments (English, untranslated) — for logs and tests. */
export function format(m: Msg): string {
  return m.message.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const a = m.args[Number(i)];
    return a === undefined ? whole : String(a);
  });
}

export function isMsg(value: unknown): value is Msg {
  return typeof value === 'object' && value !== null
    && typeof (value as Msg).message === 'string' && Array.isArray((value as Msg).args);
}
