// Unit conversions of construction components against hand-worked figures, and the errors when data is missing.
import * as assert from 'assert';
import fc from 'fast-check';
import { UNIT } from '../../../src/core/codes';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { toDeclaredUnits, type ComponentQuantity, type Conversion } from '../../../src/core/units';
import type { DeclaredUnitInfo } from '../../../src/core/units';
import { format } from '../../../src/core/l10n';

const perM3 = (mass?: number): DeclaredUnitInfo => ({ declaredValue: 1, declaredUnit: UNIT.M3, ...(mass ? { mass, massUnit: UNIT.KG } : {}) });

function units(c: ComponentQuantity, epd: DeclaredUnitInfo): number {
  const result = toDeclaredUnits(c, epd, ASSUMED_CODES);
  assert.ok(result.ok, `expected a conversion, got: ${result.ok ? '' : format(result.reason)}`);
  return result.declaredUnits;
}

function missing(c: ComponentQuantity, epd: DeclaredUnitInfo): Extract<Conversion, { ok: false }> {
  const result = toDeclaredUnits(c, epd, ASSUMED_CODES);
  assert.ok(!result.ok, 'expected the conversion to fail');
  return result;
}

const close = (actual: number, expected: number): void => assert.ok(Math.abs(actual - expected) < 1e-9 * Math.max(1, Math.abs(expected)), `${actual} ≠ ${expected}`);

describe('unit conversion of a component into EPD declared units', () => {
  it('same unit: the amount over the declared value', () => {
    close(units({ unit: UNIT.M3, amount: 0.15 }, perM3()), 0.15);
    close(units({ unit: UNIT.M3, amount: 0.15 }, { declaredValue: 2, declaredUnit: UNIT.M3 }), 0.075);
  });
  it('same dimension through the unit factors: litres, tonnes, megajoules', () => {
    close(units({ unit: UNIT.L, amount: 1000 }, perM3()), 1);
    close(units({ unit: UNIT.TONNE, amount: 2 }, { declaredValue: 1, declaredUnit: UNIT.KG, mass: 1 }), 2000);
    close(units({ unit: UNIT.MJ, amount: 36 }, { declaredValue: 1, declaredUnit: UNIT.KWH }), 10);
  });
  it('kg through the EPD mass: 450 kg of concrete at 2255 kg/m³ is 0.19956 m³', () => {
    close(units({ unit: UNIT.KG, amount: 450 }, perM3(2255)), 450 / 2255);
    close(units({ unit: UNIT.KG, amount: 450 }, { declaredValue: 1, declaredUnit: UNIT.M3, mass: 2.255, massUnit: UNIT.TONNE }), 450 / 2255);
    // The mass is for declaredValue units: 2 m³ weigh 4510 kg, so 450 kg is 0.0998 result sets of 2 m³.
    close(units({ unit: UNIT.KG, amount: 450 }, { declaredValue: 2, declaredUnit: UNIT.M3, mass: 4510 }), 450 / 4510);
  });
  it('area to volume through the thickness: 1 m² of 108 mm brick is 0.108 m³', () => {
    close(units({ unit: UNIT.M2, amount: 1, height: 0.108 }, perM3()), 0.108);
    close(units({ unit: UNIT.M3, amount: 0.2, height: 0.2 }, { declaredValue: 1, declaredUnit: UNIT.M2 }), 1);
  });
  it('the percentage scales the amount: 15 % studs in a 145 mm layer', () => {
    close(units({ unit: UNIT.M2, amount: 1, percentage: 15, height: 0.145 }, perM3()), 0.02175);
  });
  it('length to volume through the cross-section, and length to area through the width', () => {
    close(units({ unit: UNIT.M, amount: 2.4, width: 0.1, height: 0.2 }, perM3()), 0.048);
    close(units({ unit: UNIT.M3, amount: 0.048, width: 0.1, height: 0.2 }, { declaredValue: 1, declaredUnit: UNIT.M }), 2.4);
    close(units({ unit: UNIT.M, amount: 10, width: 0.5 }, { declaredValue: 1, declaredUnit: UNIT.M2 }), 5);
  });
  it('says what is missing instead of returning zero', () => {
    assert.strictEqual(missing({ unit: UNIT.KG, amount: 10 }, { declaredValue: 1, declaredUnit: UNIT.M2 }).missing, 'mass');
    assert.strictEqual(missing({ unit: UNIT.KG, amount: 10 }, { declaredValue: 1, declaredUnit: UNIT.M2, mass: 0 }).missing, 'mass');
    assert.strictEqual(missing({ unit: UNIT.M2, amount: 1 }, perM3()).missing, 'thickness');
    assert.strictEqual(missing({ unit: UNIT.M2, amount: 1, height: 0 }, perM3()).missing, 'thickness');
    assert.strictEqual(missing({ unit: UNIT.M, amount: 1, width: 0.1 }, perM3()).missing, 'cross-section');
    assert.strictEqual(missing({ unit: UNIT.M, amount: 1 }, { declaredValue: 1, declaredUnit: UNIT.M2 }).missing, 'width');
    const density = missing({ unit: UNIT.M3, amount: 1 }, { declaredValue: 1, declaredUnit: UNIT.KG, mass: 1 });
    assert.strictEqual(density.missing, 'compatible-unit');
    assert.match(format(density.reason), /density is not known/);
    assert.strictEqual(missing({ unit: UNIT.PCS, amount: 4 }, perM3(2255)).missing, 'compatible-unit');
    assert.strictEqual(missing({ unit: UNIT.KWH, amount: 4 }, perM3()).missing, 'compatible-unit');
    assert.strictEqual(missing({ unit: 42, amount: 4 }, perM3()).missing, 'unknown-code');
    assert.strictEqual(missing({ unit: UNIT.M3, amount: 4 }, { declaredValue: 0, declaredUnit: UNIT.M3 }).missing, 'unit');
  });
  it('is linear in the amount and the percentage (any units that convert)', () => {
    const unitsFc = fc.constantFrom(UNIT.M, UNIT.M2, UNIT.M3, UNIT.KG, UNIT.TONNE, UNIT.L);
    fc.assert(
      fc.property(
        unitsFc,
        unitsFc,
        fc.double({ min: 0.001, max: 1e4, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0.01, max: 2, noNaN: true }),
        (from, to, amount, percentage, size) => {
          const epd: DeclaredUnitInfo = { declaredValue: 1, declaredUnit: to, mass: 100, massUnit: UNIT.KG };
          const base = { unit: from, width: size, height: size };
          const one = toDeclaredUnits({ ...base, amount }, epd, ASSUMED_CODES);
          const twice = toDeclaredUnits({ ...base, amount: 2 * amount }, epd, ASSUMED_CODES);
          const share = toDeclaredUnits({ ...base, amount, percentage }, epd, ASSUMED_CODES);
          assert.strictEqual(one.ok, twice.ok);
          if (one.ok && twice.ok && share.ok) {
            close(twice.declaredUnits, 2 * one.declaredUnits);
            close(share.declaredUnits, (one.declaredUnits * percentage) / 100);
          }
        },
      ),
    );
  });
});
