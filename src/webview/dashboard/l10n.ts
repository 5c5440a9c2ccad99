// The webview's language: the bundle and number locale the extension sends (an `l10n` message, again on every
// change of `lca.language` / `lca.numberFormat`), and core `Msg` values phrased with it.
import * as l10n from '@vscode/l10n';
import { phrase, type Msg } from '../../core/l10n';

// Looked up through a variable: a template is always a literal at its own call site (strings.ts, core msg()).
const translate: (template: string) => string = l10n.t;

let current = { locale: 'en', bundle: undefined as Readonly<Record<string, string>> | undefined };

/** Takes the bundle (undefined = English) and the locale figures are written in. */
export function configure(locale: string, bundle: Readonly<Record<string, string>> | undefined): void {
  current = { locale, bundle };
  l10n.config({ contents: { ...(bundle ?? {}) } });
}

export function locale(): string {
  return current.locale;
}

/** A core message in the webview's language. */
export function say(m: Msg): string {
  return phrase(m, (template) => translate(template));
}
