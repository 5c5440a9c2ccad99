// The webview's language: the bundle and number locale the extension sends (an `l10n` message, again on every
// change of `lca.language` / `lca.numberFormat`). The page phrases its text with `l10n.t('literal', …)` — the same
// call as the extension, so the string extractor (scripts/l10n.js) finds every template and the Danish bundle has it.
import { phrase, type Msg } from '../../core/l10n';
import { supportedLocale } from '../../core/dashboard/format';

const numberIn = (locale: string): ((n: number) => string) => {
  // A verdict's figures ("over the limit by 1,1"): the locale's decimal sign, no grouping (a year stays 2025).
  const f = new Intl.NumberFormat(supportedLocale(locale), { maximumFractionDigits: 4, useGrouping: false });
  return (n) => (Number.isFinite(n) ? f.format(n) : String(n));
};

let current = { locale: 'en', bundle: undefined as Readonly<Record<string, string>> | undefined, number: numberIn('en') };

/** Takes the bundle (undefined = English) and the locale figures are written in. */
export function configure(locale: string, bundle: Readonly<Record<string, string>> | undefined): void {
  current = { locale, bundle, number: numberIn(locale) };
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

/** A core message in the webview's language, its numbers written as the locale writes them. */
export function say(m: Msg): string {
  return phrase(m, translate, current.number);
}
