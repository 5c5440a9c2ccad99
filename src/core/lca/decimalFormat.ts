// The dashboards' decimal-string formatter: four decimals at most, no trailing zeros, never "-0".

const SCALE = 10_000;

export function formatDecimal(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const rounded = Math.round(value * SCALE) / SCALE;
  if (rounded === 0) return '0';
  return String(rounded);
}
