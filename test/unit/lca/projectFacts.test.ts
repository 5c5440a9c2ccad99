// One reading of a project (core/lca/projectFacts.ts) against hand-worked facts: the reference area under both rule
// sets (a basement at 100 %, a garage at 50 %, balconies at 25 %, conservatories at 50 % from 2025 only), the period,
// wastage and first year a file states or leaves out, a project that could not be read; and the BR18 export and the
// LCAx project export reading the same facts. Where the copies that went disagreed, the case says which was wrong.
import * as assert from 'assert';
import type { Dashboard } from '../../../src/core/api/types';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { projectFigures } from '../../../src/core/export/br18/facts';
import { buildProjectLcax } from '../../../src/core/export/exchange';
import { BR18_RULES, CONSERVATORIES_2025 } from '../../../src/core/lca/br18Rules';
import { DEFAULT_PERIOD_YEARS } from '../../../src/core/lca/period';
import { projectFacts, type ProjectSource } from '../../../src/core/lca/projectFacts';
import { NO_VERDICT_PROJECT } from '../../../src/core/lca/verdictInput';
import { considerationPeriodOf } from '../../../src/core/lca/period';

/** A house: 140 m² heated above ground, 30 m² heated basement, a 40 m² garage, 12 m² of balconies, 20 m² of conservatory. */
const house = (calculationTypeEnum: number): ProjectSource => ({
  calculationType: { calculationTypeEnum, considerationPeriod: 60, thresholdLimitWithoutExtra: 6.7, extraThresholds: [0.4] },
  heatArea: { heatedFloorAreaAboveGround: 140, heatedBasementArea: 30 },
  referencedAreas: { values: { 'Integrated garages single family houses': 40, 'Exterior balconies': 12, [CONSERVATORIES_2025]: 20 } },
  wastagePercentage: 5,
  emissionMetaData: { yearOfCommissioning: 2027, yearOfConstruction: 2026 },
});

describe('projectFacts: one reading of a project', () => {
  it('BR18 2025: A_ref = 140 + 30 + 0.5 · 40 + 0.25 · 12 + 0.5 · 20 = 203 m², with the stated period, wastage and first year', () => {
    const f = projectFacts(house(1), BR18_RULES);
    assert.strictEqual(f.ruleSet?.id, 'br18-2025');
    assert.deepStrictEqual([f.heatedArea, f.heatedBasement, f.referenceArea], [170, 30, 203]);
    assert.strictEqual(f.factors[CONSERVATORIES_2025], 0.5);
    assert.deepStrictEqual([f.period, f.wastagePercentage, f.firstYear, f.assumed], [60, 5, 2027, { period: false, wastage: false }]);
    assert.deepStrictEqual(f.verdictProject, { calculationTypeEnum: 1, buildingType: undefined, heatedArea: 170, limit: 6.7, extraAllowances: [0.4] });
  });

  it('BR18 2023: the conservatory is not an area of the 2023 rules: A_ref = 170 + 20 + 3 = 193 m²', () => {
    const f = projectFacts(house(0), BR18_RULES);
    assert.strictEqual(f.ruleSet?.id, 'br18-2023');
    assert.strictEqual(f.factors[CONSERVATORIES_2025], undefined);
    assert.deepStrictEqual([f.referenceArea, f.referenced[CONSERVATORIES_2025]], [193, 20]);
  });

  it('a file that states no rules, period or wastage: BR18 2023 (as the verdict judges it), 50 years and 0 % assumed, the year of construction', () => {
    const f = projectFacts({ projectName: 'Hal', heatArea: { heatedFloorAreaAboveGround: 1200 }, emissionMetaData: { yearOfConstruction: 2026 } }, BR18_RULES);
    assert.strictEqual(f.ruleSet?.id, 'br18-2023');
    assert.strictEqual(f.verdictProject.calculationTypeEnum, 0);
    assert.deepStrictEqual([f.referenceArea, f.heatedBasement, f.period, f.wastagePercentage, f.firstYear], [1200, undefined, DEFAULT_PERIOD_YEARS, 0, 2026]);
    assert.deepStrictEqual(f.assumed, { period: true, wastage: true });
    assert.strictEqual(DEFAULT_PERIOD_YEARS, 50);
  });

  it('a project that could not be read: no rules, no area, the default period', () => {
    const f = projectFacts(undefined, BR18_RULES);
    assert.deepStrictEqual(f.verdictProject, NO_VERDICT_PROJECT);
    assert.deepStrictEqual([f.ruleSet, f.referenceArea, f.heatedArea, f.period, f.assumed.period], [undefined, undefined, 0, 50, true]);
  });

  it('a period that is not whole years from 1 to 1000 is none: 50 years assumed, as the editor reads a project file beside a construction (the BR18 export wrote 0, the local service divided by it)', () => {
    for (const considerationPeriod of [0, -10, 60.5, 1001, '60', null]) {
      const f = projectFacts({ calculationType: { considerationPeriod } } as unknown as ProjectSource, BR18_RULES);
      assert.deepStrictEqual([f.period, f.assumed.period], [50, true], String(considerationPeriod));
    }
  });

  it('the editor reads a project file\'s period beside a construction by the same rule', () => {
    for (const considerationPeriod of [60, 60.5, 1001, 0]) {
      const file = { projectName: 'P', type: 0, stage: 0, calculationType: { considerationPeriod } };
      const f = projectFacts(file, BR18_RULES);
      assert.strictEqual(considerationPeriodOf(JSON.stringify(file)), f.assumed.period ? undefined : f.period, String(considerationPeriod));
    }
  });

  it('referenced areas alone make a reference area (the BR18 export and What if… said none, the LCAx project wrote 0 results)', () => {
    const f = projectFacts({ referencedAreas: { values: { 'Integrated garages town houses': 30, 'Walk on ceilings': 'x' as unknown as number } } }, BR18_RULES);
    assert.deepStrictEqual([f.heatedArea, f.referenceArea, f.referenced], [0, 15, { 'Integrated garages town houses': 30 }]);
    assert.strictEqual(projectFacts({ heatArea: { heatedFloorAreaAboveGround: 0 } }, BR18_RULES).referenceArea, undefined);
  });

  it('the first year is a positive year: commissioning, else construction', () => {
    assert.strictEqual(projectFacts({ emissionMetaData: { yearOfCommissioning: 0, yearOfConstruction: 2025 } }, BR18_RULES).firstYear, 2025);
    assert.strictEqual(projectFacts({ emissionMetaData: {} }, BR18_RULES).firstYear, undefined);
  });

  describe('the exports read the same facts', () => {
    const dashboard = { emissionPerPhase: { A1A3: '2', D: '-0.5' }, mappingStatus: { Mapped: 1, 'Not mapped': 0 }, projectBreakdown: [] } as unknown as Dashboard;
    const input = (project: ProjectSource) => ({
      project: { id: 'p', projectName: 'House', ...project },
      dashboard,
      stages: ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'],
      rules: BR18_RULES,
      codes: ASSUMED_CODES,
      software: { name: 'LCA Workbench', version: '0' },
      today: new Date('2026-01-01T00:00:00Z'),
    });

    it('the BR18 workbook\'s figures are the facts, and its regulation is the rule set the verdict judged by', () => {
      const f = projectFigures(input(house(1)));
      const facts = projectFacts(house(1), BR18_RULES);
      assert.deepStrictEqual([f.referenceArea, f.heatedArea, f.heatedBasement, f.period, f.wastagePercentage, f.firstYear, f.factors], [203, 170, 30, 60, 5, 2027, facts.factors]);
      assert.strictEqual(f.extraAllowances, 0.4);
      // No calculation type: judged as BR18 2023, and the workbook's regulation says so (it was left empty).
      const unstated = projectFigures(input({ heatArea: { heatedFloorAreaAboveGround: 1200 } }));
      assert.strictEqual(unstated.ruleSet?.id, 'br18-2023');
      assert.ok(unstated.verdict.ruleSet?.id === 'br18-2023');
    });

    it('the LCAx project gives the dashboard\'s figures × A_ref × period of the facts: 2 × 203 × 60 kg for A1-A3', () => {
      const { project } = buildProjectLcax(input(house(1)));
      assert.strictEqual(project.referenceStudyPeriod, 60);
      assert.deepStrictEqual(project.metaData, { referenceArea: 203, period: 60 });
      assert.deepStrictEqual(project.results, { gwp: { a1a3: 2 * 203 * 60, d: -0.5 * 203 * 60 } });
      const onlyReferenced = buildProjectLcax(input({ referencedAreas: { values: { 'Integrated garages town houses': 30 } } })).project;
      assert.deepStrictEqual(onlyReferenced.metaData, { referenceArea: 15, period: 50 });
    });
  });
});
