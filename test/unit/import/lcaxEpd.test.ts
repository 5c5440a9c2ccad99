// The LCAx EPD converter: a realistic EPD becomes a material that passes the schema and the semantic rules; inputs
// that cannot be converted fail with an error naming the field.
import * as assert from 'assert';
import { MODULE, MODULES } from '../../../src/core/codes';
import { FieldError } from '../../../src/core/import';
import { materialFromLcaxEpd, materialFromLcaxText } from '../../../src/core/import/lcax';
import { buildCodeTable } from '../../../src/core/codeTable';
import { findingsOfValue } from '../../fixtures/checks';
import { validateAgainst } from '../../../src/core/schemas';
import { readFixture } from '../../fixtures/paths';
import { format } from '../../../src/core/l10n';

const NOW = new Date('2025-06-01T00:00:00Z');
const codes = buildCodeTable();
const fixture = (): Record<string, unknown> => JSON.parse(readFixture('lcax', 'concrete-c30-37.lcax.json')) as Record<string, unknown>;

function value(material: ReturnType<typeof materialFromLcaxEpd>['material'], module: number, indicator: string): number | undefined {
  return material.lciaResults.find((r) => r.moduleTypeEnum === module)?.indicators.find((i) => i.type === indicator)?.value;
}

function importError(input: unknown): FieldError {
  try {
    materialFromLcaxEpd(input, codes);
  } catch (e) {
    assert.ok(e instanceof FieldError, `expected an FieldError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected the import to fail');
}

describe('LCAx EPD import', () => {
  it('a realistic EPD becomes a material valid against the schema with no rule findings', () => {
    const { material, warnings } = materialFromLcaxText(readFixture('lcax', 'concrete-c30-37.lcax.json'), codes);
    assert.deepStrictEqual(validateAgainst('material', material), []);
    assert.deepStrictEqual(findingsOfValue('material', material, { now: NOW }), []);
    assert.strictEqual(material.name, 'Ready-mix concrete C30/37, CEM II/A-LL');
    assert.strictEqual(material.originalUUID, '4f1a2c3d-5e6f-4a7b-8c9d-0e1f2a3b4c5d');
    assert.strictEqual(material.originalVersion, '00.02.000');
    assert.deepStrictEqual(material.declaredUnit, { declaredValue: 1, declaredUnit: 3, mass: 2350, massUnit: 4 });
    assert.strictEqual(material.expectedLifespan, 100);
    assert.strictEqual(material.epdInfo?.validTo, '2028-04-16T00:00:00Z');
    assert.strictEqual(material.epdInfo?.publicationDate, '2023-04-17T00:00:00Z');
    assert.strictEqual(material.epdInfo?.epdProductIndustryType, 2);
    assert.strictEqual(material.epdInfo?.declarationNumber, 'MD-23017-EN');
    assert.strictEqual(material.epdInfo?.link, 'https://www.epddanmark.dk/epd-databasen/');
    // Every module once, in code order.
    assert.deepStrictEqual(material.lciaResults.map((r) => r.moduleTypeEnum), [...MODULES].map((m) => m.code).sort((a, b) => a - b));
    assert.strictEqual(value(material, MODULE.A1A3, 'GWP_TOTAL'), 229.4);
    assert.strictEqual(value(material, MODULE.D, 'GWP_TOTAL'), -14.9);
    assert.strictEqual(value(material, MODULE.C3, 'MFR'), 1880, 'LCAx "mrf" is MFR');
    assert.strictEqual(value(material, MODULE.A5, 'GWP_TOTAL'), undefined, 'null values are not declared');
    const a1a3 = material.lciaResults.find((r) => r.moduleTypeEnum === MODULE.A1A3)!;
    assert.strictEqual(a1a3.moduleStatusEnum, 2);
    assert.strictEqual(a1a3.indicators.find((i) => i.type === 'GWP_TOTAL')?.unit, 'kg CO2 eq');
    const b1 = material.lciaResults.find((r) => r.moduleTypeEnum === MODULE.B1)!;
    assert.deepStrictEqual(b1, { moduleTypeEnum: MODULE.B1, moduleStatusEnum: 0, indicators: [] });
    assert.ok(warnings.some((w) => /pm \(particulate matter\).*irp/.test(format(w))), `warnings name what was left out: ${warnings.map(format).join(' | ')}`);
  });

  it('accepts LCAx 1 snake_case fields and upper-case units', () => {
    const doc = fixture();
    const snake: Record<string, unknown> = { ...doc, declared_unit: 'M3', valid_until: doc.validUntil, reference_service_life: 60 };
    delete snake.declaredUnit;
    delete snake.validUntil;
    delete snake.referenceServiceLife;
    const { material } = materialFromLcaxEpd(snake, codes);
    assert.strictEqual(material.declaredUnit.declaredUnit, 3);
    assert.strictEqual(material.expectedLifespan, 60);
    assert.deepStrictEqual(validateAgainst('material', material), []);
  });

  it('a non-UUID id gives a stable derived originalUUID and a warning', () => {
    const a = materialFromLcaxEpd({ ...fixture(), id: 'oekobaudat-1234' }, codes);
    const b = materialFromLcaxEpd({ ...fixture(), id: 'oekobaudat-1234' }, codes);
    assert.match(a.material.originalUUID, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.strictEqual(a.material.originalUUID, b.material.originalUUID);
    assert.ok(a.warnings.some((w) => format(w).includes('oekobaudat-1234')));
  });

  it('errors name the field that cannot be converted', () => {
    assert.strictEqual(importError({ ...fixture(), declaredUnit: 'm2r1' }).field, 'declaredUnit');
    assert.match(importError({ ...fixture(), declaredUnit: 'm2r1' }).message, /m2r1.*no counterpart/);
    const noName = fixture();
    delete noName.name;
    assert.strictEqual(importError(noName).message, 'name: is missing');
    assert.strictEqual(importError({ ...fixture(), impacts: { gwp: { a1a3: 'lots' } } }).field, 'impacts.gwp.a1a3');
    assert.strictEqual(importError({ ...fixture(), impacts: { gwp: { a9: 1 } } }).field, 'impacts.gwp.a9');
    assert.strictEqual(importError({ ...fixture(), impacts: { gwpp: { a1a3: 1 } } }).field, 'impacts.gwpp');
    assert.strictEqual(importError({ ...fixture(), validUntil: 'next year' }).field, 'validUntil');
    assert.strictEqual(importError({ ...fixture(), conversions: [{ to: 'kg', value: -1 }] }).field, 'conversions[0].value');
    assert.strictEqual(importError({ ...fixture(), impacts: undefined }).field, 'impacts');
    assert.match(importError({ assemblies: [] }).message, /project or product, not an EPD/);
    assert.match(importError([1, 2]).message, /not one/);
  });

  it('text that is not JSON is refused as such', () => {
    assert.throws(() => materialFromLcaxText('{"name": ', codes), (e: unknown) => e instanceof FieldError && /not JSON/.test(e.message));
  });

  it('an EPD without a kg conversion has no mass and says so', () => {
    const { material, warnings } = materialFromLcaxEpd({ ...fixture(), conversions: [] }, codes);
    assert.strictEqual(material.declaredUnit.mass, undefined);
    assert.ok(warnings.some((w) => /no mass/.test(format(w))));
    assert.deepStrictEqual(validateAgainst('material', material), []);
  });
});
