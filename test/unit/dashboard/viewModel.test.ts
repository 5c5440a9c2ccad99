// View-model transformations of a dashboard response, against figures worked out by hand from the fixture
// test/fixtures/dashboard/project-dashboard.json (two branches plus Total).
import * as assert from 'assert';
import type { Dashboard, DashboardResponse } from '../../../src/client/types';
import {
  branchNames,
  breakdownTree,
  budgetModel,
  countedTotal,
  dashboardFor,
  epdTypeEntries,
  flattenBreakdown,
  isEmptyDashboard,
  mappingModel,
  matchBreakdown,
  phaseRows,
  rowById,
  sortedEntries,
  toNumber,
  topWithOthers,
  treemapData,
} from '../../../src/core/dashboard/viewModel';
import { readFixture } from '../../fixtures/paths';
import { format } from '../../../src/core/l10n';
import { br18DashboardView, isGwpTotalMapping, verdictBadge, verdictProjectOf } from '../../../src/core/dashboard/br18View';
import { BR18_RULES, type VerdictProject } from '../../../src/core/lca/br18Rules';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import type { ProjectDetail } from '../../../src/client';

const response = JSON.parse(readFixture('dashboard', 'project-dashboard.json')) as DashboardResponse;
const total = response.dashboardsPerBranchPlusTotal.Total;
const XSS = '<img src=x onerror=alert(1)>';

describe('dashboard view model', () => {
  describe('decimals and branches', () => {
    it('reads decimal strings as numbers and anything else as NaN', () => {
      assert.strictEqual(toNumber('-1.6'), -1.6);
      assert.strictEqual(toNumber('12.047'), 12.047);
      assert.ok(Number.isNaN(toNumber('')));
      assert.ok(Number.isNaN(toNumber('abc')));
      assert.ok(Number.isNaN(toNumber(undefined)));
    });

    it('lists Total first, then the branches in the order received', () => {
      assert.deepStrictEqual(branchNames(response), ['Total', 'Konstruktioner', 'Arkitektur']);
    });

    it('falls back to Total when the chosen branch is not in the response', () => {
      assert.strictEqual(dashboardFor(response, 'Arkitektur')?.branch, 'Arkitektur');
      assert.strictEqual(dashboardFor(response, 'Gone')?.branch, 'Total');
      assert.strictEqual(dashboardFor({ dashboardsPerBranchPlusTotal: {} }, undefined), undefined);
    });
  });

  describe('top N plus others', () => {
    it('sorts constructions by emission, largest first, ties by name', () => {
      const sorted = sortedEntries(total.emissionPerConstruction);
      assert.strictEqual(sorted.length, 12);
      assert.deepStrictEqual(sorted.slice(0, 3).map((e) => e.name), ['Concrete wall 20 cm', 'Hollow-core deck 22 cm', 'Foundation C25/30']);
      // 0.1 twice: "<img …" sorts before "Timber stairs".
      assert.deepStrictEqual(sorted.slice(10).map((e) => e.name), [`${XSS} lining`, 'Timber stairs']);
    });

    it('keeps the top 10 and sums the other 2 (0.1 + 0.1 = 0.2, without floating-point noise)', () => {
      const top = topWithOthers(sortedEntries(total.emissionPerConstruction), 10, 'Others');
      assert.strictEqual(top.length, 11);
      assert.deepStrictEqual(top[10], { name: 'Others', value: 0.2, othersCount: 2 });
      const shown = top.reduce((s, e) => s + e.value, 0);
      assert.ok(Math.abs(shown - 9.9) < 1e-9, `top 10 + others must still add up to Used 9.9, got ${shown}`);
    });

    it('adds no "others" entry when everything fits', () => {
      const four = sortedEntries(response.dashboardsPerBranchPlusTotal.Konstruktioner.emissionPerConstruction);
      assert.deepStrictEqual(topWithOthers(four, 10, 'Others'), four);
      assert.strictEqual(topWithOthers(four, 4, 'Others').length, 4);
      assert.deepStrictEqual(topWithOthers(four, 3, 'Others')[3], { name: 'Others', value: 0.8, othersCount: 1 });
    });
  });

  describe('phases and budget', () => {
    it('orders phases A1-A3 … C4, D, and counts every phase but D', () => {
      const rows = phaseRows(total.emissionPerPhase);
      assert.deepStrictEqual(rows.map((r) => r.label), ['A1-A3', 'B4', 'B6', 'C3', 'C4', 'D']);
      assert.deepStrictEqual(rows.map((r) => r.counted), [true, true, true, true, true, false]);
      // 7.5 + 0.8 + 0 + 1.0 + 0.6 = 9.9 = Used; D (−1.6) is left out.
      assert.strictEqual(countedTotal(rows), 9.9);
    });

    it('keeps phase codes it does not know, after the known ones', () => {
      assert.deepStrictEqual(phaseRows({ X9: '1', D: '-1', A1A3: '2' }).map((r) => r.phase), ['A1A3', 'D', 'X9']);
    });

    describe('budget from the verdict', () => {
      // The fixture's project: BR18 2023, a school of 2,450 m² heated, limit 12 + 0.4 allowance (summary: 12.4).
      const school: VerdictProject = { calculationTypeEnum: 0, buildingType: 1, heatedArea: 2450, limit: 12, extraAllowances: [0.4] };
      const stages = ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'];
      const verdictOf = (d: Dashboard, project = school, indicator?: { name: string; gwpTotal: boolean }) => br18DashboardView(BR18_RULES, ASSUMED_CODES, project, d, stages, indicator).verdict;

      it('with a verdict, takes used, limit and remaining from it (as judged), never from the service\'s budget or the summary', () => {
        // The service says Remaining 2.5 and the summary 12.4; a misleading Remaining must not matter.
        const d = { ...total, emissionBudget: { Used: '9.9', Remaining: '99' } };
        const b = budgetModel(d, verdictOf(d), 0.4);
        assert.deepStrictEqual(b, { judged: true, used: 9.9, limitTotal: 12.4, limit: 12, extraAllowance: 0.4, remaining: 2.5, overBy: 0, passes: true, moduleD: -1.6 });
      });

      it('rounds as BR18 judges: 12.047 is 12.0 and passes a 12.0 limit, 12.05 is 12.1 and is over by 0.1', () => {
        const project = { ...school, extraAllowances: [] };
        const at = (a1a3: string) => {
          const d: Dashboard = { emissionPerPhase: { A1A3: a1a3, B4: '0', B6: '0', C3: '0', C4: '0' }, mappingStatus: { Mapped: 1, 'Not mapped': 0 } };
          return budgetModel(d, verdictOf(d, project));
        };
        assert.deepStrictEqual(at('12.047'), { judged: true, used: 12, limitTotal: 12, remaining: 0, overBy: 0, passes: true });
        assert.deepStrictEqual(at('12.05'), { judged: true, used: 12.1, limitTotal: 12, remaining: 0, overBy: 0.1, passes: false });
      });

      it('without a verdict (LCA only under 1,000 m² in 2023): no limit, no remaining, the reason instead', () => {
        const small = { ...school, heatedArea: 640, limit: undefined, extraAllowances: [] };
        const v = verdictOf(total, small);
        const b = budgetModel(total, v, 0);
        assert.strictEqual(b.judged, false);
        assert.ok(!b.judged);
        assert.strictEqual(format(b.reason!), 'LCA only: 2023 rules, 640 m² heated');
        assert.strictEqual(b.used, 9.9, 'the counted phases (D left out)');
        assert.strictEqual(b.moduleD, -1.6);
        assert.deepStrictEqual(Object.keys(b).sort(), ['judged', 'moduleD', 'reason', 'used']);
      });

      it('without a verdict for another indicator (GWP fossil): no limit, the reason named', () => {
        const b = budgetModel(total, verdictOf(total, school, { name: 'GWP fossil', gwpTotal: false }), 0.4);
        assert.ok(!b.judged);
        assert.strictEqual(format(b.reason!), 'not a BR18 result: indicator GWP fossil');
        assert.ok(!('limitTotal' in b) && !('remaining' in b));
      });

      it('a construction\'s figures (no verdict at all): the figure alone, no reason', () => {
        assert.deepStrictEqual(budgetModel(response.dashboardsPerBranchPlusTotal.Arkitektur, undefined), { judged: false, used: 3.5, moduleD: -0.4 });
        assert.deepStrictEqual(budgetModel({ emissionBudget: { Used: '4.2', Remaining: '1' } }, undefined), { judged: false, used: 4.2 });
      });
    });
  });

  describe('counts', () => {
    it('gives the mapped share and EPD types in a fixed order', () => {
      assert.deepStrictEqual(mappingModel(total), { mapped: 42, notMapped: 6, total: 48, share: 0.875 });
      assert.deepStrictEqual(epdTypeEntries(total).map((e) => [e.name, e.value]), [['Generic', 8], ['Industry', 3], ['Product', 1]]);
      assert.strictEqual(mappingModel({}).share, 0);
    });

    it('calls a dashboard without elements or figures empty', () => {
      assert.strictEqual(isEmptyDashboard(total), false);
      assert.strictEqual(isEmptyDashboard({ emissionBudget: { Used: '0', Remaining: '12' }, emissionPerPhase: { A1A3: '0' }, mappingStatus: { Mapped: 0, 'Not mapped': 0 }, projectBreakdown: [] }), true);
      assert.strictEqual(isEmptyDashboard(undefined), true);
    });
  });

  describe('breakdown', () => {
    const rows = breakdownTree(total.projectBreakdown);

    it('nests classification → construction → materials with path ids', () => {
      assert.deepStrictEqual(rows.map((r) => [r.id, r.label, r.kind]), [['0', '2 Building structure', 'classification'], ['1', '3 Completion', 'classification']]);
      const wall = rowById(rows, '0/0/0/0');
      assert.strictEqual(wall?.kind, 'construction');
      assert.strictEqual(wall?.label, 'Concrete wall 20 cm');
      assert.strictEqual(wall?.constructionId, '3f0c6a5e-8a51-4c1e-9a4c-2b1d7c0e0a11');
      assert.deepStrictEqual(wall?.children.map((m) => [m.kind, m.label, m.value]), [['material', 'Ready-mix concrete C30/37', 2.2], ['material', 'Reinforcement steel', 0.2]]);
      const empty = rowById(rows, '1/0/0/2');
      assert.deepStrictEqual([empty?.label, empty?.elements, empty?.value, empty?.children.length], ['Unused opening', 0, 0, 0]);
      assert.strictEqual(rowById(rows, '9'), undefined);
    });

    it('draws the treemap down to constructions, leaving out those at or below zero', () => {
      const { data, leftOut } = treemapData(rows);
      assert.strictEqual(leftOut, 2); // Timber stairs (−0.3) and Unused opening (0)
      assert.strictEqual(data.length, 2);
      assert.strictEqual(data[0].value, 6.4); // 2.4 + 0.9 + 1.9 + 1.2
      const linings = data[1].children?.[0].children?.[0];
      assert.deepStrictEqual(linings?.children?.map((c) => c.name), [`${XSS} lining`]);
      assert.strictEqual(data[1].value, 0.1);
    });

    it('finds rows by text and keeps their ancestors visible', () => {
      const { visible, matches } = matchBreakdown(rows, 'ONERROR');
      assert.strictEqual(matches, 2); // the construction and its material
      assert.deepStrictEqual([...visible].sort(), ['1', '1/0', '1/0/0', '1/0/0/0', '1/0/0/0/0']);
      assert.strictEqual(matchBreakdown(rows, '221').matches, 1); // by classification code
      assert.strictEqual(matchBreakdown(rows, '  ').visible.size, 0);
    });

    it('flattens to one row per material, and one for a construction without materials', () => {
      const flat = flattenBreakdown(total.projectBreakdown, 'Total');
      // 2 + 2 + 1 + 1 + 1 + 1 materials, plus the empty "Unused opening".
      assert.strictEqual(flat.length, 9);
      assert.deepStrictEqual(flat[0].classifications, ['2 Building structure', '21 Outer walls', '211 Load-bearing outer walls']);
      assert.strictEqual(flat[8].construction, 'Unused opening');
      assert.strictEqual(flat[8].material, undefined);
    });
  });

  describe('BR18 view of a dashboard: both verdicts from the per-phase figures and the project\'s fields', () => {
    // A 2025 multi-storey project as the service returns it: type 3, calculation type 1, limit 7.5, 2,400 m² heated.
    const project = verdictProjectOf({
      id: 'p', projectName: 'Blok A', type: 3,
      calculationType: { calculationTypeEnum: 1, considerationPeriod: 50, extraThresholds: [], thresholdLimitWithoutExtra: 7.5 },
      heatArea: { heatedFloorAreaAboveGround: 2400, heatedBasementArea: 0 },
    } as unknown as ProjectDetail)!;
    const all = ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'];
    // A1-A3 4.1 + B4 0.9 + B6 1.6 + C3 0.3 + C4 0.5 = 7.4; A4 0.4 + A5 0.8 = 1.2. The service's own Used: 8.6 (all of them).
    const dashboard = {
      emissionBudget: { Used: '8.6', Remaining: '-1.1' },
      mappingStatus: { Mapped: 12, 'Not mapped': 0 },
      emissionPerPhase: { A1A3: '4.1', A4: '0.4', A5: '0.8', B4: '0.9', B6: '1.6', C3: '0.3', C4: '0.5', D: '-1.0' },
    };
    const view = (d: Dashboard, stages = all, indicator?: { name: string; gwpTotal: boolean }) => br18DashboardView(BR18_RULES, ASSUMED_CODES, project, d, stages, indicator);

    it('says both verdicts, both budgets and the rules (the page shows only the judged figures: no second budget)', () => {
      const v = view(dashboard);
      assert.ok(v.verdict.kind === 'verdict');
      assert.strictEqual(format(verdictBadge('building', v.verdict.building)), 'Building: within the limit');
      assert.strictEqual(format(verdictBadge('constructionProcess', v.verdict.constructionProcess!)), 'Construction process: within the limit');
      assert.strictEqual(format(v.building!), 'Building limit (A1-A3, B4, B6, C3, C4): 7.4 of 7.5 · margin 0.1');
      assert.strictEqual(format(v.constructionProcess!), 'Construction process limit (A4, A5): 1.2 of 1.5 · margin 0.3');
      assert.strictEqual(format(v.rules!), 'Rules applied: BR18 2025');
      assert.ok(!('serviceDiffers' in v), 'the service\'s own budget is not a second verdict');
    });

    it('GWP fossil is not GWP total: no verdict, the reason named', () => {
      assert.strictEqual(isGwpTotalMapping({ name: 'GWP fossil', indicator: 'GWP_FOSSIL' }), false);
      assert.strictEqual(isGwpTotalMapping({ name: 'GWP fossil' }), false);
      assert.strictEqual(isGwpTotalMapping({ name: 'GWP total (EN 15804+A2)', indicator: 'GWP_TOTAL' }), true);
      const v = view(dashboard, all, { name: 'GWP_FOSSIL', gwpTotal: false });
      assert.deepStrictEqual([v.verdict.kind, v.verdict.kind === 'none' && format(v.verdict.reason)], ['none', 'not a BR18 result: indicator GWP_FOSSIL']);
    });

    it('a project with nothing mapped: "no result yet: 0 of 0 elements mapped", not "passes"', () => {
      const v = view({ emissionBudget: { Used: '0', Remaining: '7.5' }, mappingStatus: { Mapped: 0, 'Not mapped': 0 }, emissionPerPhase: {} });
      assert.deepStrictEqual([v.verdict.kind, v.verdict.kind === 'none' && format(v.verdict.reason)], ['none', 'no result yet: 0 of 0 elements mapped']);
    });
  });
});
