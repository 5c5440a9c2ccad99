// BR18 rules against hand-worked examples: replacement counts, interpolated emission factors and B6 over the
// period, reference area with weighted areas, limits and the one-decimal comparison.
import * as assert from 'assert';
import {
  emissionFactor, energyOverPeriod, exportedElectricityD, limitTotal, operationalEnergyB6, referenceArea, replacements,
} from '../../../src/core/lca/br18';
import { formatDecimal } from '../../../src/core/lca/decimalFormat';

const close = (actual: number, expected: number, tol = 1e-9): void =>
  assert.ok(Math.abs(actual - expected) <= tol, `${actual} ≠ ${expected} (±${tol})`);

describe('BR18 rules', () => {
  it('counts replacements over 50 years as ceil(50 / lifespan) − 1, none at the very end', () => {
    // 50: ceil(1) − 1 = 0 · 40: ceil(1.25) − 1 = 1 · 25: ceil(2) − 1 = 1 (the one at year 50 is not counted)
    // 20: ceil(2.5) − 1 = 2 · 15: ceil(3.33) − 1 = 3 · 10: ceil(5) − 1 = 4 · 120: ceil(0.42) − 1 = 0
    const counts = [50, 40, 25, 20, 15, 10, 120].map((life) => replacements(50, life));
    assert.deepStrictEqual(counts, [0, 1, 1, 2, 3, 4, 0]);
    assert.strictEqual(replacements(50, null), 0, 'no lifespan: outlives the period');
    assert.strictEqual(replacements(50, 0), 0);
  });

  it('interpolates emission factors linearly between table years and holds them flat outside', () => {
    // Electricity 2027: 0.135 + (0.047 − 0.135) · 2/5 = 0.135 − 0.0352 = 0.0998.
    close(emissionFactor('electricity', 2027), 0.0998);
    // District heating 2024: halfway between 0.105 (2023) and 0.0878 (2025) = 0.0964.
    close(emissionFactor('districtHeating', 2024), 0.0964);
    // Natural gas 2032: 0.105 both sides → 0.105 (the gas row, not the district-heating row).
    close(emissionFactor('naturalGas', 2032), 0.105);
    close(emissionFactor('electricity', 2020), 0.187);
    close(emissionFactor('electricity', 2060), 0.0403);
    close(emissionFactor('districtHeating', 2040), 0.068);
  });

  it('sums B6 year by year from the commissioning year', () => {
    // 1000 kWh/yr of electricity from 2027 for 3 years: 2027 0.0998 + 2028 0.0822 + 2029 0.0646 = 0.2466 → 246.6 kg.
    close(energyOverPeriod(1000, 'electricity', 2027, 3), 246.6, 1e-9);
    // Over 50 years (2027–2076):
    //   2027–2029: 0.2466
    //   2030–2034: 0.047, 0.04588, 0.04476, 0.04364, 0.04252 = 0.2238
    //   2035–2039: 0.0414, 0.04118, 0.04096, 0.04074, 0.04052 = 0.2048
    //   2040–2076: 37 · 0.0403 = 1.4911
    //   Σ = 2.1663 kg/kWh·yr → 2166.3 kg for 1000 kWh/yr.
    close(energyOverPeriod(1000, 'electricity', 2027, 50), 2166.3, 1e-6);
    // Heat by district heating from 2040: 2000 kWh · 0.068 · 50 = 6800 kg; plus the electricity above.
    close(operationalEnergyB6({ operationalElectricity: 1000, operationalHeat: 2000 }, 'districtHeating', 2040, 50), 1000 * 0.0403 * 50 + 6800, 1e-6);
    close(operationalEnergyB6({ operationalElectricity: null, operationalHeat: null }, 'districtHeating', 2030, 50), 0);
  });

  it('reports exported electricity as a module D benefit, never netted in B6', () => {
    // 500 kWh/yr exported from 2040: −500 · 0.0403 · 50 = −1007.5 kg.
    close(exportedElectricityD({ exportedElectricity: 500 }, 2040, 50), -1007.5, 1e-9);
    close(operationalEnergyB6({ operationalElectricity: 1000, exportedElectricity: 500 }, 'districtHeating', 2040, 50), 2015, 1e-9);
  });

  it('computes the reference area from heated areas plus weighted referenced areas', () => {
    // 1000 above ground + 200 basement + 0.5 · 40 integrated garages (town houses) + 0.25 · 20 exterior stairs = 1225 m².
    close(referenceArea(1000, 200, { 'Integrated garages town houses': 40, 'Exterior stairs': 20 }), 1225);
    close(referenceArea(1000, 0, { 'Not an area type': 100 }), 1000);
  });

  it('adds special-condition allowances to the limit (the verdict compares after rounding: br18Rules.test)', () => {
    close(limitTotal(12, [0.4, 0.1]), 12.5);
  });

  it('writes decimals with at most four places and never "-0"', () => {
    assert.deepStrictEqual([formatDecimal(0.28530481), formatDecimal(-0.00001), formatDecimal(12), formatDecimal(1 / 3)], ['0.2853', '0', '12', '0.3333']);
  });
});
