// View-model transformations of a dashboard response, against figures worked out by hand from the fixture
// test/fixtures/dashboard/project-dashboard.json (two branches plus Total).
import * as assert from 'assert';
import type { DashboardResponse, DashboardSummary } from '../../../src/client/types';
import {
  branchNames,
  breakdownTree,
  br18Modules,
  br18Scope,
  type Br18Scope,
  budgetModel,
  countedTotal,
  dashboardFor,
  epdTypeEntries,
  flattenBreakdown,
  isEmptyDashboard,
  mappingModel,
  matchBreakdown,
  passesLimit,
  phaseRows,
  rowById,
  sortedEntries,
  toNumber,
  topWithOthers,
  treemapData,
} from '../../../src/core/dashboard/viewModel';
import { readFixture } from '../../fixtures/paths';
import { format } from '../../../src/core/l10n';

const scope = (s: Br18Scope): { br18: boolean; reason?: string } => (s.br18 ? s : { br18: false, reason: format(s.reason) });

const response = JSON.parse(readFixture('dashboard', 'project-dashboard.json')) as DashboardResponse;
const summary = JSON.parse(readFixture('dashboard', 'project-summary.json')) as DashboardSummary;
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

    it('compares with the limit after rounding to one decimal (BR18)', () => {
      assert.strictEqual(passesLimit(12.047, 12.0), true);
      assert.strictEqual(passesLimit(12.05, 12.0), false);
      assert.strictEqual(passesLimit(12.4, 12.4), true);
    });

    it('builds the project budget from Used/Remaining and the summary limit with allowances', () => {
      const b = budgetModel(total, summary);
      assert.deepStrictEqual(b, { used: 9.9, remaining: 2.5, limit: 12, extraAllowance: 0.4, limitTotal: 12.4, moduleD: -1.6, passes: true, overBy: 0 });
    });

    it('without a summary takes the limit as used + remaining, and D from the phases', () => {
      const b = budgetModel(response.dashboardsPerBranchPlusTotal.Arkitektur);
      assert.strictEqual(b.limitTotal, 12.4); // 3.5 + 8.9
      assert.strictEqual(b.moduleD, -0.4);
      assert.strictEqual(b.limit, undefined);
    });

    it('reports how far over the limit a dashboard is', () => {
      const b = budgetModel({ emissionBudget: { Used: '13.26', Remaining: '-0.86' } }, { limit: '12.0', extraAllowance: '0.4', limitTotal: '12.4' });
      assert.strictEqual(b.passes, false);
      assert.strictEqual(b.overBy, 0.86);
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

  describe('br18Scope: a verdict only for the BR18 module set of the project\'s rules', () => {
    const rules2023 = ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'];
    it('the 2023 set (D apart) is BR18; B6 off is not, and says so', () => {
      assert.deepStrictEqual(br18Scope(rules2023, rules2023), { br18: true });
      assert.deepStrictEqual(br18Scope(rules2023, ['A1A3', 'B4', 'B6', 'C3', 'C4']), { br18: true }, 'D is never counted');
      assert.deepStrictEqual(scope(br18Scope(rules2023, ['A1A3', 'B4', 'C3', 'C4', 'D'])), { br18: false, reason: 'B6 excluded' });
      assert.deepStrictEqual(scope(br18Scope(rules2023, ['A1A3', 'A4', 'B4', 'B6', 'C3', 'C4'])), { br18: false, reason: 'A4 included' });
    });
    it('a project with A4/A5 follows the 2025 rules; a non-GWP indicator is never BR18', () => {
      const rules2025 = ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'];
      assert.deepStrictEqual(br18Modules(rules2025), ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4']);
      assert.deepStrictEqual(br18Scope(rules2025, rules2025), { br18: true });
      assert.deepStrictEqual(scope(br18Scope(rules2025, rules2023)), { br18: false, reason: 'A4, A5 excluded' });
      assert.deepStrictEqual(scope(br18Scope(rules2023, rules2023, { gwp: false, name: 'PENRT' })), { br18: false, reason: 'indicator PENRT, not GWP' });
    });
  });
});
