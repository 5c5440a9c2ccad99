// Small, realistic request bodies for the client tests: a material with all 18 modules, a two-layer
// construction and a project.
import { randomUUID } from 'crypto';
import { INDICATORS, MODULES, MODULE, UNIT } from '../../../../src/core/codes';
import { ASSUMED_CODES } from '../../../../src/core/codeTable';
import type { ConstructionCreate, Material, ProjectCreate } from '../../../../src/client';

/** GWP total per module in kg CO2e per declared unit; every other module and indicator is empty. */
export function material(name: string, gwp: { A1A3: number; C3?: number; C4?: number; D?: number }): Material {
  const gwpUnit = ASSUMED_CODES.indicatorByName('GWP_TOTAL')!.unit;
  const byModule: Record<number, number | undefined> = {
    [MODULE.A1A3]: gwp.A1A3,
    [MODULE.C3]: gwp.C3,
    [MODULE.C4]: gwp.C4,
    [MODULE.D]: gwp.D,
  };
  return {
    name,
    description: `${name} (test material)`,
    originalUUID: randomUUID(),
    originalVersion: '1.0',
    isPublic: false,
    isCustom: true,
    isConstruction: false,
    expectedLifespan: 60,
    declaredUnit: { declaredValue: 1, declaredUnit: UNIT.M3, mass: 2400, massUnit: UNIT.KG },
    lciaResults: MODULES.map((m) => {
      const value = byModule[m.code];
      return {
        moduleTypeEnum: m.code,
        moduleStatusEnum: value === undefined ? 0 : 2,
        indicators: value === undefined ? [] : [{ type: 'GWP_TOTAL', unit: gwpUnit, value }],
      };
    }),
    tags: ['test'],
  };
}

export function construction(name: string, layers: { epdId: string; thicknessM: number }[]): ConstructionCreate {
  return {
    name,
    description: 'Wall build-up used by the client tests',
    isPublic: false,
    isCustom: true,
    tags: ['test'],
    declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1, mass: null, massUnit: UNIT.KG },
    expectedLifespan: 60,
    constructionEpds: layers.map((l) => ({
      epdId: l.epdId,
      expectedLifespan: 60,
      constructionUnit: { unit: UNIT.M3, amount: l.thicknessM, percentage: 100, height: l.thicknessM, shownUnit: UNIT.M2 },
    })),
  };
}

export function project(name: string, extra: Partial<ProjectCreate> = {}): ProjectCreate {
  return {
    projectName: name,
    clientName: 'Test Client A/S',
    builder: 'Test Builder',
    buildingAddress: { street: 'Havnegade', streetNumber: '12', city: 'Aarhus', postalCode: '8000', country: 'Denmark' },
    type: 0,
    stage: 1,
    projectNumber: 'T-001',
    emissionMetaData: { yearOfCommissioning: 2027, yearOfConstruction: 2026, includedPhases: ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'] },
    referencedAreas: { values: {}, basementFloors: 0, floorsAboveGround: 3, areaAboveGround: 1200, areaBelowGround: 0 },
    calculationType: { calculationTypeEnum: 0, considerationPeriod: 50, extraThresholds: [], thresholdLimitWithoutExtra: 12 },
    heatArea: { heatedFloorAreaAboveGround: 1200, heatedBasementArea: 0 },
    wastagePercentage: 5,
    ...extra,
  };
}

/** Names of all indicators, to check the indicator enumeration against the codes table. */
export const INDICATOR_NAMES = INDICATORS.map((i) => i.name);
