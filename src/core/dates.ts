// Moments and days as people read them in trees, tooltips and reports — never raw ISO: "2. jun. 2025 11:30" (Danish),
// "2 Jun 2025 11:30" (English), or the day alone, "2. jun. 2025" / "2 Jun 2025". Pure: the editor layer picks the
// language, reports in core receive it.
import type { Msg } from './l10n';

export type DateLanguage = 'en' | 'da';

// Fixed month names rather than Intl's: ICU versions differ ("Sep" / "Sept"), and what a report says must not
// depend on which Node or VS Code writes it.
const MONTHS: Record<DateLanguage, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  da: ['jan.', 'feb.', 'mar.', 'apr.', 'maj', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'],
};

/** The parts of a moment in local time (or `timeZone`); undefined for nothing, the text itself when it is not a date. */
function partsOf(value: string | Date | undefined | null, timeZone: string | undefined): ((type: string) => string) | string {
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) return '—';
  const t = value instanceof Date ? value.getTime() : Date.parse(value);
  if (!Number.isFinite(t)) return String(value);
  const parts = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(t);
  return (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
}

function dayOf(language: DateLanguage, part: (type: string) => string): string {
  const day = Number(part('day'));
  const month = MONTHS[language][Number(part('month')) - 1];
  return language === 'da' ? `${day}. ${month} ${part('year')}` : `${day} ${month} ${part('year')}`;
}

/**
 * A moment in local time (or `timeZone`). "—" for nothing; text that is not a date is returned as it is, never an
 * exception.
 */
export function formatDateIn(language: DateLanguage, value: string | Date | undefined | null, timeZone?: string): string {
  const part = partsOf(value, timeZone);
  return typeof part === 'string' ? part : `${dayOf(language, part)} ${part('hour')}:${part('minute')}`;
}

/**
 * A day without its time: "2. jun. 2025" / "2 Jun 2025", in local time (or `timeZone`; a calendar day written as
 * `yyyy-mm-dd` is read as UTC midnight: give 'UTC'). "—" for nothing; text that is not a date as it is.
 */
export function formatDayIn(language: DateLanguage, value: string | Date | undefined | null, timeZone?: string): string {
  const part = partsOf(value, timeZone);
  return typeof part === 'string' ? part : dayOf(language, part);
}

/** The template of a calendar day inside a message (`dayMsg`); its context keeps it apart from any other text. */
export const DAY_TEMPLATE = '{0}{{calendar day}}';

/**
 * A calendar day as an argument of a message: phrased as `yyyy-mm-dd` where nothing else is asked (logs, the tools'
 * answers), and by a report in its language (`formatDayIn`, through `Phrasing.day`).
 */
export function dayMsg(d: Date): Msg {
  return { message: DAY_TEMPLATE, args: [d.toISOString().slice(0, 10)] };
}
