// The pure half of the extension's localisation: filling {0}… placeholders and writing dates, with no `vscode`
// import, so plain-Node tests check exactly what the extension shows.

export type Language = 'en' | 'da';

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

// Fixed month names rather than Intl's: ICU versions differ ("Sep" / "Sept"), and what a report says must not
// depend on which Node or VS Code writes it.
const MONTHS: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  da: ['jan.', 'feb.', 'mar.', 'apr.', 'maj', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'],
};

/**
 * A moment as people read it: "2. jun. 2025 11:30" (da), "2 Jun 2025 11:30" (en), in local time (or `timeZone`).
 * "—" for nothing; text that is not a date is returned as it is, never an exception.
 */
export function formatDateIn(language: Language, value: string | Date | undefined | null, timeZone?: string): string {
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) return '—';
  const t = value instanceof Date ? value.getTime() : Date.parse(value);
  if (!Number.isFinite(t)) return String(value);
  const parts = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(t);
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  const day = Number(part('day'));
  const month = MONTHS[language][Number(part('month')) - 1];
  const time = `${part('hour')}:${part('minute')}`;
  return language === 'da' ? `${day}. ${month} ${part('year')} ${time}` : `${day} ${month} ${part('year')} ${time}`;
}
