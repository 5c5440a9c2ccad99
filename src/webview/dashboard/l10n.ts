// The webview's language: the bundle and number locale the extension sends (an `l10n` message, again on every
// change of `lca.language` / `lca.numberFormat`). The page phrases its text with `l10n.t('literal', …)` — the same
// call as the extension, so the string extractor (scripts/l10n.js) finds every template and the Danish bundle has it.
import { phrase, type Msg } from '../../core/l10n';

let current = { locale: 'en', bundle: undefined as Readonly<Record<string, string>> | undefined };

/** Takes the bundle (undefined = English) and the locale figures are written in. */
export function configure(locale: string, bundle: Readonly<Record<string, string>> | undefined): void {
  current = { locale, bundle };
}

export function locale(): string {
  return current.locale;
}

function translate(template: string): string {
  return current.bundle?.[template] ?? template;
}

/** An English template (always a string literal at the call site) in the webview's language, {0}… filled with `args`. */
export function t(message: string, ...args: (string | number)[]): string {
  return phrase({ message, args }, translate);
}

/** A core message in the webview's language. */
export function say(m: Msg): string {
  return phrase(m, translate);
}
