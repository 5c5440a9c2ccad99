// New Project's cross-check of its answers: the trial's holiday home of 3,600 m² on a multi-storey building type, and
// what fits together (a holiday home on the single-family type, the service's nearest).
import * as assert from 'assert';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { format } from '../../../src/core/l10n';
import { categoryOfBuildingType } from '../../../src/core/lca/br18Rules';
import { projectMismatches, proposedFloors } from '../../../src/core/lca/projectAnswers';
import { PROJECT_ENUMS } from '../../../src/core/codes';

const typeOf = (label: string): { typeLabel: string; typeCategory: ReturnType<typeof categoryOfBuildingType> } => {
  const code = PROJECT_ENUMS.buildingTypeEnum.indexOf(label);
  assert.ok(code >= 0, label);
  return { typeLabel: label, typeCategory: categoryOfBuildingType(ASSUMED_CODES, code) };
};

describe('New Project: answers that do not fit together', () => {
  it('a holiday home of 3,600 m² on a multi-storey building type: both said, in words', () => {
    const found = projectMismatches({ category: 'holidayHome', ...typeOf('Residential - Multi-storey building'), heatedArea: 3600, floorsAboveGround: 1 }).map((m) => format(m));
    assert.deepStrictEqual(found, [
      'The building type "Residential - Multi-storey building" is one of Multi-storey housing, but the BR18 category is Holiday homes (summer houses, camping cabins).',
      '3600 m² heated is unusually large for Holiday homes (summer houses, camping cabins) (more than 250 m²).',
    ]);
  });

  it('a holiday home of 120 m² on the single-family type (the nearest the service knows) fits', () => {
    assert.deepStrictEqual(projectMismatches({ category: 'holidayHome', ...typeOf('Residential - Single-family house'), heatedArea: 120, floorsAboveGround: 1 }), []);
  });

  it('multi-storey housing of one floor is said; of 4 floors and 2,400 m² it fits; floors proposed per category', () => {
    const multi = typeOf('Residential - Multi-storey building');
    assert.deepStrictEqual(projectMismatches({ category: 'multiStorey', ...multi, heatedArea: 2400, floorsAboveGround: 1 }).map((m) => format(m)), ['Multi-storey housing with 1 floor above ground.']);
    assert.deepStrictEqual(projectMismatches({ category: 'multiStorey', ...multi, heatedArea: 2400, floorsAboveGround: 4 }), []);
    assert.deepStrictEqual([proposedFloors('house'), proposedFloors('holidayHome'), proposedFloors('multiStorey'), proposedFloors('office')], [1, 1, 3, undefined]);
  });
});
