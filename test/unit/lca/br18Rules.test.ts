// The BR18 rule table against the sources' values (docs/br18-rules.md, row by row) and the verdict against hand-worked
// cases: the building and the construction process judged apart under the 2025 rules, the 2023 area gate, the
// one-decimal rounding, results that are not BR18 results, and an environment's override of a disputed value.
import { distanceToPassing } from '../../../src/core/lca/verdictInput';
import * as assert from 'assert';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { format } from '../../../src/core/l10n';
import {
  applyBr18Override,
  BR18_RULES,
  br18Verdict,
  calculationTypeOf,
  nearestBuildingType,
  parseBr18Override,
  proposedLimits,
  referenceAreaFactors,
  ruleSetById,
  ruleSetOfCalculationType,
  ruleSetOfDate,
  stepOfDate,
  type Br18Category,
  type Br18Verdict,
  type RuleSetId,
  type VerdictProject,
  type VerdictResult,
} from '../../../src/core/lca/br18Rules';
import { referenceArea } from '../../../src/core/lca/br18';
import { PROJECT_ENUMS } from '../../../src/core/codes';

const limitOf = (ruleSet: RuleSetId, category: Br18Category, heated: number, step?: '2025' | '2027' | '2029') =>
  proposedLimits(BR18_RULES, ruleSet, category, heated, step);
const steps = (category: Br18Category, heated = 2000) => (['2025', '2027', '2029'] as const).map((s) => limitOf('br18-2025', category, heated, s)?.building);

const ALL_2025_STAGES = ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'];
const ALL_2023_STAGES = ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'];
const type = (name: string) => PROJECT_ENUMS.buildingTypeEnum.indexOf(name);

function verdict(project: Partial<VerdictProject> & { calculationTypeEnum: number }, result: Partial<VerdictResult> & { perPhase: Record<string, string> }): Br18Verdict {
  return br18Verdict(BR18_RULES, ASSUMED_CODES, { heatedArea: 2000, ...project }, { stages: ALL_2025_STAGES, mapping: { mapped: 40, total: 40 }, ...result });
}

describe('BR18 rule table against the sources', () => {
  it('2023 rules: 12.0 for any new building over 1,000 m² heated floor area; an LCA without a limit at or below (§298 2023, guidance 2.1)', () => {
    for (const c of ['office', 'multiStorey', 'house', 'retail'] as const) {
      assert.strictEqual(limitOf('br18-2023', c, 1000.5)?.building, 12.0, c);
      assert.strictEqual(limitOf('br18-2023', c, 1000)?.building, null, `${c} at exactly 1,000 m²: not over 1,000`);
      assert.strictEqual(limitOf('br18-2023', c, 850)?.building, null);
    }
    assert.strictEqual(limitOf('br18-2023', 'office', 5000)?.constructionProcess, undefined, 'A4 + A5 not in scope in 2023');
  });

  it('2025 rules per category with the 2027 and 2029 steps (press release 30 May 2024, byggeriogklima.dk)', () => {
    assert.deepStrictEqual(steps('holidayHome', 120), [4.0, 3.6, 3.2], 'holiday homes < 150 m²');
    assert.deepStrictEqual(steps('holidayHome', 150), [6.7, 6.0, 5.4], 'holiday homes ≥ 150 m²');
    assert.deepStrictEqual(steps('house', 120), [6.7, 6.0, 5.4], 'detached/terraced/linked/semi-detached, tiny houses');
    assert.deepStrictEqual(steps('multiStorey'), [7.5, 6.8, 6.1]);
    assert.deepStrictEqual(steps('office'), [7.5, 6.8, 6.1]);
    assert.deepStrictEqual(steps('institution'), [8.0, 7.2, 6.4]);
    assert.deepStrictEqual(steps('other'), [8.0, 7.2, 6.4]);
    assert.deepStrictEqual(steps('retail'), [8.0, 7.2, 6.4], "the ministry's 8.0 (the service's docs: 7.5, an override)");
    assert.deepStrictEqual(steps('warehouse'), [8.0, 7.2, 6.4]);
    assert.strictEqual(limitOf('br18-2025', 'critical', 3000)?.building, null, 'critical infrastructure: LCA, no limit');
  });

  it('2025 rules: the construction process A4 + A5 has its own limit of 1.5 for every category, judged apart', () => {
    for (const c of ['holidayHome', 'house', 'multiStorey', 'office', 'institution', 'retail', 'warehouse', 'other', 'critical'] as const) {
      assert.strictEqual(limitOf('br18-2025', c, 500)?.constructionProcess, 1.5, c);
    }
  });

  it('the voluntary low-emission class: 8.0 under the 2023 rules; from 2025 the 2029 values plus 1.1 for A4 + A5', () => {
    assert.strictEqual(limitOf('lowEmission-2023', 'office', 400)?.building, 8.0);
    const low = (c: Br18Category, heated = 2000) => limitOf('lowEmission-2025', c, heated);
    assert.deepStrictEqual(low('holidayHome', 120), { building: 3.2, constructionProcess: 1.1, source: 'low2025' });
    assert.deepStrictEqual([low('house')?.building, low('multiStorey')?.building, low('office')?.building, low('institution')?.building, low('retail')?.building], [5.4, 6.1, 6.1, 6.4, 6.4]);
    assert.strictEqual(low('office')?.constructionProcess, 1.1);
  });

  it('offers the five Danish calculation types of the service and maps codes to rule sets', () => {
    assert.deepStrictEqual(BR18_RULES.calculationTypes.map((c) => [c.code, format(ruleSetById(BR18_RULES, c.ruleSet).label)]), [
      [0, 'BR18 2023'], [1, 'BR18 2025'], [2, 'Low-emission class 2023'], [3, 'Low-emission class 2025'], [4, 'Reduction roadmap'],
    ]);
    assert.strictEqual(ruleSetOfCalculationType(BR18_RULES, 1)?.id, 'br18-2025');
    assert.strictEqual(calculationTypeOf(BR18_RULES, 'lowEmission-2025'), 3);
  });

  it('chooses the rule set and step by the date the building permit is applied for', () => {
    assert.strictEqual(ruleSetOfDate('2025-06-30'), 'br18-2023');
    assert.strictEqual(ruleSetOfDate('2025-07-01'), 'br18-2025');
    const rs = ruleSetById(BR18_RULES, 'br18-2025');
    assert.deepStrictEqual(['2025-07-01', '2026-12-31', '2027-01-01', '2029-03-01'].map((d) => stepOfDate(rs, d)), ['2025', '2025', '2027', '2029']);
  });

  it('2025 reference area adds conservatories and glazed balconies at 50 %', () => {
    const f2025 = referenceAreaFactors(BR18_RULES, 'br18-2025', PROJECT_ENUMS.regerencedAreaTypeEnum);
    const f2023 = referenceAreaFactors(BR18_RULES, 'br18-2023', PROJECT_ENUMS.regerencedAreaTypeEnum);
    // 1000 heated + 40 conservatory × 0.5 + 20 balconies × 0.25 = 1025
    assert.strictEqual(referenceArea(1000, 0, { 'Conservatories and glazed balconies': 40, 'Exterior balconies': 20 }, f2025), 1025);
    assert.strictEqual(referenceArea(1000, 0, { 'Conservatories and glazed balconies': 40, 'Exterior balconies': 20 }, f2023), 1005);
  });

  it('maps a category to the nearest building type the service knows', () => {
    const label = (c: Br18Category) => ASSUMED_CODES.buildingTypeByCode(nearestBuildingType(ASSUMED_CODES, c)!)?.label;
    assert.strictEqual(label('holidayHome'), 'Residential - Single-family house');
    assert.strictEqual(label('warehouse'), 'Logistics');
    assert.strictEqual(label('multiStorey'), 'Residential - Multi-storey building');
  });
});

describe('BR18 verdict', () => {
  // Hand-worked: A1-A3 4.1 + B4 0.9 + B6 1.6 + C3 0.3 + C4 0.5 = 7.4; A4 0.4 + A5 0.8 = 1.2; D −1.0 never counted.
  const phases2025 = { A1A3: '4.1', A4: '0.4', A5: '0.8', B4: '0.9', B6: '1.6', C3: '0.3', C4: '0.5', D: '-1.0' };
  const multiStorey2025 = { calculationTypeEnum: 1, buildingType: type('Residential - Multi-storey building'), limit: 7.5 };

  it('2025 multi-storey housing: building 7.4 ≤ 7.5 passes, construction process 1.2 ≤ 1.5 passes (not 8.6 against 7.5)', () => {
    const v = verdict(multiStorey2025, { perPhase: phases2025 });
    assert.strictEqual(v.kind, 'verdict');
    if (v.kind !== 'verdict') return;
    assert.deepStrictEqual([v.building.value, v.building.limit, v.building.margin, v.building.passes], [7.4, 7.5, 0.1, true]);
    assert.deepStrictEqual(v.building.modules, ['A1A3', 'B4', 'B6', 'C3', 'C4']);
    assert.deepStrictEqual([v.constructionProcess?.value, v.constructionProcess?.limit, v.constructionProcess?.margin, v.constructionProcess?.passes], [1.2, 1.5, 0.3, true]);
  });

  it('the same with A4 + A5 = 1.6: the construction process fails by 0.1, the building still passes', () => {
    const v = verdict(multiStorey2025, { perPhase: { ...phases2025, A4: '0.5', A5: '1.1' } });
    assert.ok(v.kind === 'verdict');
    assert.strictEqual(v.building.passes, true);
    assert.deepStrictEqual([v.constructionProcess?.value, v.constructionProcess?.margin, v.constructionProcess?.passes], [1.6, -0.1, false]);
  });

  it('2023 rules, 850 m² heated: an LCA, no limit — said so', () => {
    const v = verdict({ calculationTypeEnum: 0, buildingType: type('Office'), limit: 12, heatedArea: 850 }, { perPhase: { A1A3: '9', B4: '1', B6: '2', C3: '0.5', C4: '0.5' }, stages: ALL_2023_STAGES });
    assert.deepStrictEqual([v.kind, v.kind === 'none' && format(v.reason)], ['none', 'LCA only: 2023 rules, 850 m² heated']);
  });

  it('2023 rules, 1,200 m²: 12.04 rounds to 12.0 and passes 12.0; no construction-process verdict', () => {
    // 8.0 + 1.5 + 2.0 + 0.3 + 0.24 = 12.04 → 12.0
    const v = verdict({ calculationTypeEnum: 0, buildingType: type('Office'), limit: 12, heatedArea: 1200 }, { perPhase: { A1A3: '8.0', B4: '1.5', B6: '2.0', C3: '0.3', C4: '0.24', D: '-2' }, stages: ALL_2023_STAGES });
    assert.ok(v.kind === 'verdict');
    assert.deepStrictEqual([v.building.exact, v.building.value, v.building.passes, v.constructionProcess], [12.04, 12.0, true, undefined]);
  });

  it('2023 rules, 1,200 m²: 12.05 rounds to 12.1 and fails 12.0 by 0.1; "needs −0.1" is the judged figure\'s, not 12.05\'s', () => {
    const v = verdict({ calculationTypeEnum: 0, buildingType: type('Office'), limit: 12, heatedArea: 1200 }, { perPhase: { A1A3: '8.0', B4: '1.5', B6: '2.0', C3: '0.3', C4: '0.25' }, stages: ALL_2023_STAGES });
    assert.ok(v.kind === 'verdict');
    assert.deepStrictEqual([v.building.value, v.building.margin, v.building.passes], [12.1, -0.1, false]);
    assert.deepStrictEqual(distanceToPassing(v), { building: -0.1 });
  });

  it('13.06 against 12: judged 13.1, needs −1.1 (as the margin says), not −1.06', () => {
    const v = verdict({ calculationTypeEnum: 0, buildingType: type('Office'), limit: 12, heatedArea: 1200 }, { perPhase: { A1A3: '9.06', B4: '1.5', B6: '2.0', C3: '0.3', C4: '0.2' }, stages: ALL_2023_STAGES });
    assert.ok(v.kind === 'verdict');
    assert.deepStrictEqual([v.building.exact, v.building.value, v.building.margin], [13.06, 13.1, -1.1]);
    assert.deepStrictEqual(distanceToPassing(v), { building: -1.1 });
  });

  it('adds special-condition allowances to the building limit', () => {
    const v = verdict({ ...multiStorey2025, extraAllowances: [0.4] }, { perPhase: { ...phases2025, A1A3: '4.5' } });
    assert.ok(v.kind === 'verdict');
    assert.deepStrictEqual([v.building.value, v.building.limit, v.building.passes], [7.8, 7.9, true]);
  });

  it('2025 with B6 unticked: no verdict, "not a BR18 result: B6 excluded"', () => {
    const v = verdict(multiStorey2025, { perPhase: phases2025, stages: ALL_2025_STAGES.filter((s) => s !== 'B6') });
    assert.deepStrictEqual([v.kind, v.kind === 'none' && format(v.reason)], ['none', 'not a BR18 result: B6 excluded']);
  });

  it('the GWP-fossil indicator: no verdict, "not a BR18 result: indicator GWP_FOSSIL"', () => {
    const v = verdict(multiStorey2025, { perPhase: phases2025, indicator: { name: 'GWP_FOSSIL', gwpTotal: false } });
    assert.deepStrictEqual([v.kind, v.kind === 'none' && format(v.reason)], ['none', 'not a BR18 result: indicator GWP_FOSSIL']);
  });

  it('a new project without data: no verdict, "no result yet: 0 of 0 elements mapped"', () => {
    const v = verdict(multiStorey2025, { perPhase: {}, mapping: { mapped: 0, total: 0 } });
    assert.deepStrictEqual([v.kind, v.kind === 'none' && format(v.reason)], ['none', 'no result yet: 0 of 0 elements mapped']);
  });
});

describe('BR18 override of an environment', () => {
  it('retail at 7.5 (the service documentation\'s reading) changes the proposed limit; other steps stay', () => {
    const { override, problems } = parseBr18Override({ limits: { 'br18-2025': { retail: 7.5, warehouse: [7.5, 6.8, 6.1] } } }, 'lca.environments[0].br18');
    assert.deepStrictEqual(problems, []);
    const rules = applyBr18Override(BR18_RULES, override, 'Production');
    assert.strictEqual(proposedLimits(BR18_RULES, 'br18-2025', 'retail', 2000)?.building, 8.0);
    assert.strictEqual(proposedLimits(rules, 'br18-2025', 'retail', 2000)?.building, 7.5);
    assert.strictEqual(proposedLimits(rules, 'br18-2025', 'retail', 2000, '2027')?.building, 7.2);
    assert.strictEqual(proposedLimits(rules, 'br18-2025', 'warehouse', 2000, '2029')?.building, 6.1);
    assert.strictEqual(proposedLimits(rules, 'br18-2025', 'institution', 2000)?.building, 8.0, 'institutions untouched');
    assert.strictEqual(proposedLimits(rules, 'br18-2025', 'retail', 2000)?.constructionProcess, 1.5);
    assert.strictEqual(rules.overriddenBy, 'Production');
  });

  it('names bad entries and leaves them out', () => {
    const { override, problems } = parseBr18Override({ limits: { 'br18-2031': { retail: 7 }, 'br18-2025': { shed: 7, retail: -1 } }, calculationTypes: { x: 'br18-2025', 7: 'lowEmission-2025' } }, 'br18');
    assert.deepStrictEqual(problems.map((p) => p.path), ['br18.limits.br18-2031', 'br18.limits.br18-2025.shed', 'br18.limits.br18-2025.retail', 'br18.calculationTypes.x']);
    assert.deepStrictEqual(override.calculationTypes, { 7: 'lowEmission-2025' });
    assert.strictEqual(ruleSetOfCalculationType(applyBr18Override(BR18_RULES, override), 7)?.id, 'lowEmission-2025');
  });
});
