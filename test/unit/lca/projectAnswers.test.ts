// New Project's cross-check of its answers: the trial's holiday home of 3,600 m² on a multi-storey building type, and
// what fits together (a holiday home on the single-family type, the service's nearest).
import * as assert from 'assert';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { format } from '../../../src/core/l10n';
import { categoryOfBuildingType } from '../../../src/core/lca/br18Rules';
import { isRowOfHouses, projectMismatches, proposedFloors } from '../../../src/core/lca/projectAnswers';
import { PROJECT_ENUMS } from '../../../src/core/codes';
import { seedProjects } from '../../../src/service/seed/projects';

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

  it('a row of terraced houses is not judged by its total area: the seeded Rækkehuse Lærkevej fits; one house of that size is said, naming the row type', () => {
    const row = seedProjects().find((p) => p.data.projectName === 'Rækkehuse Lærkevej');
    assert.ok(row, 'the seeded terraced row');
    const data = row.data as { type: number; heatArea: { heatedFloorAreaAboveGround: number; heatedBasementArea: number }; referencedAreas: { floorsAboveGround: number } };
    const heatedArea = data.heatArea.heatedFloorAreaAboveGround + data.heatArea.heatedBasementArea;
    assert.ok(heatedArea > 600, `${heatedArea} m² heated: over what one house is judged by`);
    const rowType = PROJECT_ENUMS.buildingTypeEnum[data.type];
    assert.strictEqual(rowType, 'Residential - Terraced house');
    const rowTypeLabel = PROJECT_ENUMS.buildingTypeEnum.find(isRowOfHouses);
    assert.strictEqual(rowTypeLabel, rowType, 'the service has one type for a row of houses');
    const answers = { category: 'house' as const, heatedArea, floorsAboveGround: data.referencedAreas.floorsAboveGround, rowTypeLabel };
    assert.deepStrictEqual(projectMismatches({ ...answers, ...typeOf(rowType) }), []);
    // Twice as long a row, still not asked about; the same area on the single-family type is one house, and said.
    assert.deepStrictEqual(projectMismatches({ ...answers, heatedArea: 2 * heatedArea, ...typeOf(rowType) }), []);
    assert.deepStrictEqual(projectMismatches({ ...answers, ...typeOf('Residential - Single-family house') }).map((m) => format(m)), [
      `${heatedArea} m² heated is unusually large for one house (more than 600 m²); for a row of terraced, linked or semi-detached houses choose the building type "Residential - Terraced house", which is not judged by its total area.`,
    ]);
    // A detached house of 450 m² fits; no other type is a row.
    assert.deepStrictEqual(projectMismatches({ ...answers, heatedArea: 450, ...typeOf('Residential - Single-family house') }), []);
    assert.deepStrictEqual([isRowOfHouses('Residential - Single-family house'), isRowOfHouses('Residential - Multi-storey building'), isRowOfHouses('Office')], [false, false, false]);
  });
});
