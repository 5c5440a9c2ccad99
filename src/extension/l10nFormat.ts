// The pure half of the extension's localisation: filling {0}… placeholders and choosing language and locale, with no `vscode`
// import, so plain-Node tests check exactly what the extension shows.

import type { DateLanguage } from '../core/dates';

export { formatDateIn, formatDayIn } from '../core/dates';
export type Language = DateLanguage;

/** Fill a template's {0}, {1}… with its arguments; a placeholder without an argument stays as written. */
export function fill(template: string, args: readonly (string | number | boolean)[]): string {
  if (!args.length) return template;
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const a = args[Number(i)];
    return a === undefined ? whole : String(a);
  });
}

/** The language an `lca.language` value and VS Code's display language choose. */
export function chooseLanguage(setting: unknown, displayLanguage: string): Language {
  if (setting === 'da' || setting === 'en') return setting;
  return /^da\b/i.test(displayLanguage) ? 'da' : 'en';
}

/** The locale figures are written in: an `lca.numberFormat` BCP-47 tag that Intl knows, else the language's own. */
export function chooseLocale(setting: unknown, language: Language): string {
  if (typeof setting === 'string' && setting.trim() && setting !== 'auto') {
    try {
      return Intl.NumberFormat.supportedLocalesOf([setting.trim()]).length ? setting.trim() : defaultLocale(language);
    } catch {
      return defaultLocale(language); // not a well-formed tag
    }
  }
  return defaultLocale(language);
}

function defaultLocale(language: Language): string {
  return language === 'da' ? 'da-DK' : 'en';
}
