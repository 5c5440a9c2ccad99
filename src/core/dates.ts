// Moments as people read them in trees, tooltips and reports — never raw ISO: "2. jun. 2025 11:30" (Danish),
// "2 Jun 2025 11:30" (English). Pure: the editor layer picks the language, reports in core receive it.

export type DateLanguage = 'en' | 'da';

// Fixed month names rather than Intl's: ICU versions differ ("Sep" / "Sept"), and what a report says must not
// depend on which Node or VS Code writes it.
const MONTHS: Record<DateLanguage, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  da: ['jan.', 'feb.', 'mar.', 'apr.', 'maj', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'],
};

/**
 * A moment in local time (or `timeZone`). "—" for nothing; text that is not a date is returned as it is, never an
 * exception.
 */
export function formatDateIn(language: DateLanguage, value: string | Date | undefined | null, timeZone?: string): string {
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
