// Scaling EPD results to a quantity and aggregating a construction from its components (lca-method §4).
import * as assert from 'assert';
import { MODULE, UNIT } from '../../../src/core/codes';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { aggregateConstruction, indicatorByModule, scaleResults } from '../../../src/core/lca/scale';
import type { ModuleResult } from '../../../src/core/lca/types';
import { format } from '../../../src/core/l10n';

const gwp = (module: number, value: number, extra: { type: number; value: number }[] = []): ModuleResult => ({
  moduleTypeEnum: module,
  moduleStatusEnum: 2,
  indicators: [{ type: 12, unit: 'kg CO2 eq', value }, ...extra.map((e) => ({ ...e, unit: 'MJ' }))],
});

describe('EPD scaling and construction aggregation', () => {
  it('scales every indicator of every module by the amount in result sets', () => {
    const scaled = scaleResults([gwp(MODULE.A1A3, 282, [{ type: 6, value: 1000 }])], 0.5);
    assert.deepStrictEqual(scaled[0].indicators.map((i) => i.value), [141, 500]);
  });

  it('sums components per module and indicator, converting kg through the EPD mass', () => {
    // Concrete per 1 m³ weighing 2255 kg: 451 kg = 0.2 m³ → A1A3 0.2 · 282 = 56.4, PENRT 0.2 · 1000 = 200.
    // Steel per 1000 kg: 20 kg = 0.02 result sets → A1A3 0.02 · 1125 = 22.5, D 0.02 · −413.4 = −8.268.
    const r = aggregateConstruction([
      {
        epd: { declaredUnit: { declaredUnit: UNIT.M3, declaredValue: 1, mass: 2255 }, lciaResults: [gwp(MODULE.A1A3, 282, [{ type: 6, value: 1000 }])] },
        quantity: { unit: UNIT.KG, amount: 451 },
      },
      {
        epd: { declaredUnit: { declaredUnit: UNIT.KG, declaredValue: 1000, mass: 1000 }, lciaResults: [gwp(MODULE.A1A3, 1125), gwp(MODULE.D, -413.4)] },
        quantity: { unit: UNIT.TONNE, amount: 0.02 },
      },
    ], { codes: ASSUMED_CODES });
    assert.ok(r.ok);
    const a = indicatorByModule(r.lciaResults, 12);
    assert.ok(Math.abs(a[MODULE.A1A3] - 78.9) < 1e-9, String(a[MODULE.A1A3]));
    assert.ok(Math.abs(a[MODULE.D] - -8.268) < 1e-9);
    assert.ok(Math.abs(indicatorByModule(r.lciaResults, 6)[MODULE.A1A3] - 200) < 1e-9);
    assert.strictEqual(r.lciaResults.length, 18);
    assert.deepStrictEqual(r.lciaResults.filter((m) => m.moduleStatusEnum === 2).map((m) => m.moduleTypeEnum), [MODULE.A1A3, MODULE.D]);
  });

  it('reports each component that cannot be converted instead of counting it as zero', () => {
    const r = aggregateConstruction([
      { epd: { declaredUnit: { declaredUnit: UNIT.M3, declaredValue: 1 }, lciaResults: [] }, quantity: { unit: UNIT.KG, amount: 10 } },
      { epd: { declaredUnit: { declaredUnit: UNIT.M3, declaredValue: 1 }, lciaResults: [] }, quantity: { unit: UNIT.M3, amount: 1 } },
      { epd: { declaredUnit: { declaredUnit: UNIT.KG, declaredValue: 1 }, lciaResults: [] }, quantity: { unit: UNIT.M2, amount: 1, height: 0.1 } },
    ], { codes: ASSUMED_CODES });
    assert.ok(!r.ok);
    assert.deepStrictEqual(r.problems.map((p) => p.index), [0, 2]);
    assert.match(format(r.problems[0].reason), /mass/);
  });
});
