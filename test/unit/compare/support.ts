// The hand-worked states the comparison tests share: three materials per m³ and an outer wall of them, each side
// read as its lens reads it.
import * as assert from 'assert';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { UNIT } from '../../../src/core/codes';
import { compareStates, constructionState, type CompareState, type Comparison } from '../../../src/core/compare';
import { epdDataOf } from '../../../src/core/lca/epd';
import { previewConstruction } from '../../../src/core/preview';
import type { EpdData } from '../../../src/core/lca/types';
import { format } from '../../../src/core/l10n';

const gwp = (a1a3: number, c3 = 0, c4 = 0) => [
  { moduleTypeEnum: 0, moduleStatusEnum: 2, indicators: [{ type: 'GWP_TOTAL', unit: 'kg CO2 eq', value: a1a3 }] },
  { moduleTypeEnum: 15, moduleStatusEnum: 2, indicators: [{ type: 'GWP_TOTAL', unit: 'kg CO2 eq', value: c3 }] },
  { moduleTypeEnum: 16, moduleStatusEnum: 2, indicators: [{ type: 'GWP_TOTAL', unit: 'kg CO2 eq', value: c4 }] },
];
export const epd = (id: string, name: string, a1a3: number, lifespan: number, c3 = 0): EpdData =>
  epdDataOf({ name, expectedLifespan: lifespan, declaredUnit: { declaredUnit: UNIT.M3, declaredValue: 1 }, lciaResults: gwp(a1a3, c3) }, ASSUMED_CODES, id);
export const MATERIALS = new Map([
  ['brick', epd('brick', 'Facing brick', 300, 100)],
  ['wool', epd('wool', 'Mineral wool', 50, 50, 10)],
  ['fibre', epd('fibre', 'Wood fibre', 20, 50, 5)],
]);
export const wall = (components: [string, number, number?][]) => ({
  name: 'Outer wall',
  declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 },
  constructionEpds: components.map(([epdId, amount, expectedLifespan]) => ({ epdId, constructionUnit: { unit: UNIT.M3, amount }, ...(expectedLifespan ? { expectedLifespan } : {}) })),
});
export const side = (value: unknown, source: string, period = 50): CompareState => {
  const s = constructionState(value, previewConstruction(value, (id) => MATERIALS.get(id), ASSUMED_CODES, period), source, ASSUMED_CODES);
  assert.ok(!('problem' in s), 'problem' in s ? format(s.problem) : '');
  return s;
};
export const compared = (a: CompareState, b: CompareState): Comparison => {
  const c = compareStates(a, b);
  assert.ok(!('problem' in c), 'problem' in c ? format(c.problem) : '');
  return c;
};

