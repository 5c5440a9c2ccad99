// Number formatting for the dashboards with Intl, in VS Code's display language.

export interface FigureFormatter {
  readonly locale: string;
  /** A figure, with precision that suits its size (1234.5 → "1,234.5", 0.00123 → "0.0012"). */
  number(v: number): string;
  /** A figure followed by the unit: "12.05 kg CO2e/m²/yr". */
  withUnit(v: number): string;
  /** A whole count: "20,000". */
  count(v: number): string;
  /** A share 0…1 as a percentage: "75 %" / "75%" as the locale writes it. */
  percent(v: number): string;
}

/** A locale Intl accepts: VS Code's language ids (e.g. "da", "zh-cn", "en") mostly are; anything else falls back to en. */
export function supportedLocale(locale: string | undefined): string {
  if (!locale) return 'en';
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length ? locale : 'en';
  } catch {
    return 'en';
  }
}

export function createFormatter(locale: string | undefined, unit: string): FigureFormatter {
  const loc = supportedLocale(locale);
  const large = new Intl.NumberFormat(loc, { maximumFractionDigits: 0 });
  const normal = new Intl.NumberFormat(loc, { maximumFractionDigits: 2 });
  const small = new Intl.NumberFormat(loc, { maximumSignificantDigits: 2 });
  const count = new Intl.NumberFormat(loc, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(loc, { style: 'percent', maximumFractionDigits: 0 });
  const number = (v: number): string => {
    if (!Number.isFinite(v)) return '—';
    const abs = Math.abs(v);
    if (abs >= 1000) return large.format(v);
    if (abs >= 0.01 || abs === 0) return normal.format(v);
    return small.format(v);
  };
  return {
    locale: loc,
    number,
    withUnit: (v) => (Number.isFinite(v) ? `${number(v)} ${unit}` : '—'),
    count: (v) => (Number.isFinite(v) ? count.format(v) : '—'),
    percent: (v) => (Number.isFinite(v) ? percent.format(v) : '—'),
  };
}
