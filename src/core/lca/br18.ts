// BR18 building rules (§297–298, Bilag 2): replacement counts, operational energy factors, reference area, limits.
// Sources and decisions: shared docs lca-method.md §3 and docs/service-decisions.md "Dashboards".
import { PROJECT_ENUMS } from '../codes';
import type { EnergyCarrier, EnergyData } from './types';

/**
 * Replacements within the period: `max(0, ceil(period / lifespan) − 1)`; one falling exactly at the end is not
 * counted. A missing or non-positive lifespan means the item outlives the period.
 */
export function replacements(period: number, lifespan: number | null | undefined): number {
  if (typeof lifespan !== 'number' || !Number.isFinite(lifespan) || lifespan <= 0) return 0;
  return Math.max(0, Math.ceil(period / lifespan) - 1);
}

/**
 * Module D over the period of one product and its replacements, as LCAbyg (the Danish reference tool) counts it:
 * D of one installation for the original product and again for each of its `n` replacements — every installed
 * product leaves the building and passes beyond the system boundary once.
 */
export function moduleDOverPeriod(n: number, dOfOneInstallation: number): number {
  return (1 + n) * dOfOneInstallation;
}

/** Bilag 2 Tabel 8, kg CO2e per kWh by year. */
export const EMISSION_FACTOR_TABLE: readonly { year: number; electricity: number; districtHeating: number; naturalGas: number }[] = [
  { year: 2023, electricity: 0.187, districtHeating: 0.105, naturalGas: 0.225 },
  { year: 2025, electricity: 0.135, districtHeating: 0.0878, naturalGas: 0.189 },
  { year: 2030, electricity: 0.047, districtHeating: 0.0713, naturalGas: 0.105 },
  { year: 2035, electricity: 0.0414, districtHeating: 0.0688, naturalGas: 0.105 },
  { year: 2040, electricity: 0.0403, districtHeating: 0.068, naturalGas: 0.105 },
];

/** Emission factor of a carrier in a year: linear between table years, flat before the first and after the last. */
export function emissionFactor(carrier: EnergyCarrier, year: number): number {
  const t = EMISSION_FACTOR_TABLE;
  if (year <= t[0].year) return t[0][carrier];
  const last = t[t.length - 1];
  if (year >= last.year) return last[carrier];
  for (let i = 1; i < t.length; i++) {
    const hi = t[i];
    if (year <= hi.year) {
      const lo = t[i - 1];
      return lo[carrier] + ((hi[carrier] - lo[carrier]) * (year - lo.year)) / (hi.year - lo.year);
    }
  }
  return last[carrier];
}

/** Σ over the years Y0 … Y0+period−1 of a yearly consumption (kWh) times the year's factor: kg CO2e. */
export function energyOverPeriod(kwhPerYear: number, carrier: EnergyCarrier, firstYear: number, period: number): number {
  if (!(kwhPerYear > 0)) return 0;
  let sum = 0;
  for (let y = firstYear; y < firstYear + period; y++) sum += kwhPerYear * emissionFactor(carrier, y);
  return sum;
}

/** B6 over the period (kg CO2e): operational electricity plus heat by its carrier. Exported electricity is not netted. */
export function operationalEnergyB6(energy: EnergyData, heatCarrier: EnergyCarrier, firstYear: number, period: number): number {
  return (
    energyOverPeriod(energy.operationalElectricity ?? 0, 'electricity', firstYear, period) +
    energyOverPeriod(energy.operationalHeat ?? 0, heatCarrier, firstYear, period)
  );
}

/** Module D of exported electricity (kg CO2e, ≤ 0): the grid electricity it displaces. */
export function exportedElectricityD(energy: EnergyData, firstYear: number, period: number): number {
  return -energyOverPeriod(energy.exportedElectricity ?? 0, 'electricity', firstYear, period);
}

/** Supply enum text → carrier ("District heating - projection 2020-2040" → districtHeating). */
export function carrierOfSupply(supply: string | undefined): EnergyCarrier | undefined {
  if (!supply) return undefined;
  const s = supply.toLowerCase();
  if (s.startsWith('district heating')) return 'districtHeating';
  if (s.startsWith('natural gas')) return 'naturalGas';
  if (s.startsWith('electricity')) return 'electricity';
  return undefined;
}

/**
 * `A_ref = heated floor area above ground + heated basement + Σ factor_k · area_k`, factors from
 * `regerencedAreaTypeEnum`; names that are not in the enumeration count 0 (the schema refuses them anyway).
 */
export function referenceArea(
  heatedAboveGround: number,
  heatedBasement: number,
  referenced: Readonly<Record<string, number>>,
  factors: Readonly<Record<string, number>> = PROJECT_ENUMS.regerencedAreaTypeEnum,
): number {
  let area = (heatedAboveGround || 0) + (heatedBasement || 0);
  for (const [name, value] of Object.entries(referenced)) {
    const factor = Object.hasOwn(factors, name) ? factors[name] : undefined;
    if (typeof factor === 'number' && Number.isFinite(value)) area += factor * value;
  }
  return area;
}

/** kg CO2e over the period → kg CO2e/m²/yr. */
export function perSquareMetreYear(kg: number, area: number, period: number): number {
  return area > 0 && period > 0 ? kg / (area * period) : 0;
}

/** `limit_total = thresholdLimitWithoutExtra + Σ extra`. */
export function limitTotal(threshold: number, extras: readonly number[]): number {
  return extras.reduce((sum, x) => sum + x, threshold);
}
