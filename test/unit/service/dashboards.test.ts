// Dashboards over HTTP on the seeded projects: the documented shape, figures that add up (phases to Used,
// leaves to their branch, children to their parent), stage filters, inspection, tenancy and validation.
import * as assert from 'assert';
import { GET_PROJECT_LIST_QUERY } from '../../../src/core/graphql/getProjectList';
import type { BreakdownNode, Dashboard, DashboardResponse, DashboardSummary } from '../../../src/core/lca/dashboard';
import { CONSTRUCTION_IDS, INDICATOR_MAPPING_IDS, PROJECT_IDS } from '../../../src/service/seed/ids';
import { call, pointers, signIn, startHarness, type Harness } from './support/harness';

const n = Number;
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
const leaves = (nodes: BreakdownNode[]): BreakdownNode[] => nodes.flatMap((x) => (x.children ? leaves(x.children) : [x]));
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Every node's figure is the sum of its children's (or of its materials, for a leaf), within rounding. */
function checkTree(nodes: BreakdownNode[], depth = 1): void {
  for (const node of nodes) {
    assert.match(node.co2PerYearPerSquareMeter, DECIMAL);
    if (depth <= 3) {
      assert.ok(node.classificationCode && node.children, `level ${depth} is a classification`);
      assert.strictEqual(node.type, depth);
      const kids = node.children!;
      assert.ok(Math.abs(n(node.co2PerYearPerSquareMeter) - sum(kids.map((k) => n(k.co2PerYearPerSquareMeter)))) < 1e-4 * (kids.length + 1));
      assert.strictEqual(node.elements, sum(kids.map((k) => k.elements)));
      checkTree(kids, depth + 1);
    } else {
      assert.strictEqual(node.children, null);
      assert.ok(node.constructionName);
      const items = node.materialsBreakdown!;
      assert.ok(Math.abs(n(node.co2PerYearPerSquareMeter) - sum(items.map((i) => n(i.co2PerYearPerSquareMeter)))) < 1e-4 * (items.length + 1));
    }
  }
}

describe('local service: dashboards', function () {
  this.timeout(20_000);
  let h: Harness;
  let demo: string;
  let base: string;
  before(async () => {
    h = await startHarness();
    base = h.service.urls.baseUrl;
    demo = await signIn(h);
  });
  after(() => h.cleanup());

  const dashboard = (id: string, body: unknown = {}, token = demo) => call<DashboardResponse>('POST', `${base}/dashboard/${id}`, { token, body });

  it('answers per branch plus Total, with figures that add up', async () => {
    const r = await dashboard(PROJECT_IDS.school);
    assert.strictEqual(r.status, 200);
    const all = r.body.dashboardsPerBranchPlusTotal;
    assert.deepStrictEqual(Object.keys(all), ['Konstruktioner', 'Arkitektur', 'Total']);
    for (const [name, d] of Object.entries(all) as [string, Dashboard][]) {
      const phases = Object.entries(d.emissionPerPhase).filter(([p]) => p !== 'D');
      assert.ok(Math.abs(n(d.emissionBudget.Used) - sum(phases.map(([, v]) => n(v)))) < 1e-3, `${name}: phases sum to Used`);
      const leafSum = sum(leaves(d.projectBreakdown).map((l) => n(l.co2PerYearPerSquareMeter)));
      const b6 = n(d.emissionPerPhase.B6 ?? '0');
      assert.ok(Math.abs(n(d.emissionBudget.Used) - (leafSum + b6)) < 1e-2, `${name}: leaves (+B6 on Total) sum to Used`);
      assert.ok(Math.abs(sum(Object.values(d.emissionPerModel).map(n)) - leafSum) < 1e-3, `${name}: models sum to the elements`);
      checkTree(d.projectBreakdown);
      for (const v of [...Object.values(d.hotSpot), ...Object.values(d.emissionPerConstruction), d.emissionBudget.Remaining]) assert.match(v, DECIMAL);
      assert.ok(Object.values(d.epdTypes).every(Number.isInteger));
    }
    assert.strictEqual(all.Konstruktioner.emissionPerPhase.B6, '0');
    assert.ok(n(all.Total.emissionPerPhase.B6) > 0);
    assert.ok(n(all.Total.emissionPerPhase.D) < 0, 'D is reported');
    const branchesUsed = n(all.Konstruktioner.emissionBudget.Used) + n(all.Arkitektur.emissionBudget.Used) + n(all.Total.emissionPerPhase.B6);
    assert.ok(Math.abs(branchesUsed - n(all.Total.emissionBudget.Used)) < 1e-3);
  });

  it('keeps an HTML-looking material name as plain data in the breakdown', async () => {
    const all = (await dashboard(PROJECT_IDS.school)).body.dashboardsPerBranchPlusTotal;
    const names = leaves(all.Arkitektur.projectBreakdown).flatMap((l) => l.materialsBreakdown!.map((m) => m.epdName));
    assert.ok(names.includes('<img src=x onerror=alert(1)>'));
  });

  it('agrees with the summary, which gives the BR18 verdict', async () => {
    const all = (await dashboard(PROJECT_IDS.school)).body.dashboardsPerBranchPlusTotal;
    const s = (await call<DashboardSummary>('POST', `${base}/dashboard/${PROJECT_IDS.school}/summary`, { token: demo, body: {} })).body;
    assert.strictEqual(s.used, all.Total.emissionBudget.Used);
    assert.deepStrictEqual(s.perPhase, all.Total.emissionPerPhase);
    // 2300 + 150 + 0.25 · 40 + 0.25 · 60 = 2475 m²; 12.0 + 0.4 allowance.
    assert.deepStrictEqual([s.referenceArea, s.limit, s.extraAllowance, s.limitTotal, s.considerationPeriod], ['2475', '12', '0.4', '12.4', 50]);
    assert.strictEqual(s.passes, Math.round(n(s.used) * 10) / 10 <= 12.4);
    assert.ok(s.mappedElements < s.elements);
    assert.strictEqual(s.unit, 'kg CO2e/m²/yr');
  });

  it('filters by stages and by indicator type mapping', async () => {
    const r = await dashboard(PROJECT_IDS.school, { stages: ['A1A3', 'B4'] });
    const t = r.body.dashboardsPerBranchPlusTotal.Total;
    assert.deepStrictEqual(Object.keys(t.emissionPerPhase), ['A1A3', 'B4']);
    assert.ok(Math.abs(n(t.emissionBudget.Used) - n(t.emissionPerPhase.A1A3) - n(t.emissionPerPhase.B4)) < 1e-3);
    const fossil = await dashboard(PROJECT_IDS.school, { indicatorTypeMappingId: INDICATOR_MAPPING_IDS.gwpFossil });
    assert.strictEqual(fossil.status, 200);
    assert.notStrictEqual(fossil.body.dashboardsPerBranchPlusTotal.Total.emissionBudget.Used, (await dashboard(PROJECT_IDS.school)).body.dashboardsPerBranchPlusTotal.Total.emissionBudget.Used);
  });

  it('inspects the elements mapped to one construction', async () => {
    const r = await call<DashboardResponse>('POST', `${base}/inspect/buildingProject/${PROJECT_IDS.school}/construction`, {
      token: demo,
      body: { constructionId: CONSTRUCTION_IDS.window3 },
    });
    assert.strictEqual(r.status, 200);
    const t = r.body.dashboardsPerBranchPlusTotal.Total;
    assert.deepStrictEqual(Object.keys(t.emissionPerConstruction), ['Window, 3-pane, timber-aluminium']);
    assert.strictEqual(t.mappingStatus['Not mapped'], 0);
    assert.strictEqual(t.emissionPerPhase.B6, '0');
    assert.ok(n(t.emissionPerPhase.B4) > 0, 'windows (40 years) are replaced once');
    assert.strictEqual(r.body.dashboardsPerBranchPlusTotal.Konstruktioner.emissionBudget.Used, '0');
    // The construction leaf carries its id (the local service's extra field), so a dashboard row can be inspected.
    const leaf = leaves(t.projectBreakdown).find((l) => l.constructionName === 'Window, 3-pane, timber-aluminium');
    assert.strictEqual(leaf?.constructionId, CONSTRUCTION_IDS.window3);
  });

  it('answers 400 with pointers, 404 for another tenant\'s project or construction, 401 without a token', async () => {
    const bad = await dashboard(PROJECT_IDS.school, { stages: ['A1A3', 'Z9'], indicatorTypeMappingId: 'nope' });
    assert.strictEqual(bad.status, 400);
    const p = pointers(bad);
    assert.ok(p.includes('/stages/1') && p.includes('/indicatorTypeMappingId'), p.join(', '));
    const unknownMapping = await dashboard(PROJECT_IDS.school, { indicatorTypeMappingId: '00000000-0000-4000-8000-000000000000' });
    assert.deepStrictEqual(pointers(unknownMapping), ['/indicatorTypeMappingId']);
    assert.strictEqual((await dashboard(PROJECT_IDS.otherHousing)).status, 404);
    assert.strictEqual((await call('POST', `${base}/dashboard/${PROJECT_IDS.otherHousing}/summary`, { token: demo, body: {} })).status, 404);
    const otherConstruction = await call('POST', `${base}/inspect/buildingProject/${PROJECT_IDS.school}/construction`, {
      token: demo,
      body: { constructionId: CONSTRUCTION_IDS.otherBalcony },
    });
    assert.strictEqual(otherConstruction.status, 404);
    const noId = await call('POST', `${base}/inspect/buildingProject/${PROJECT_IDS.school}/construction`, { token: demo, body: {} });
    assert.deepStrictEqual([noId.status, pointers(noId)], [400, ['']]);
    assert.strictEqual((await dashboard(PROJECT_IDS.school, {}, '')).status, 401);
  });

  it('accepts an empty body, and answers 422 for a project with no reference area', async () => {
    assert.strictEqual((await call('POST', `${base}/dashboard/${PROJECT_IDS.school}`, { token: demo })).status, 200);
    const p = await call<{ id: string }>('POST', `${base}/BuildingProject`, { token: demo, body: { projectName: 'No area', type: 0, stage: 0 } });
    assert.strictEqual((await dashboard(p.body.id)).status, 422);
  });

  it('gives a project one reference area in its list row and its summary: BR18 2025 counts a conservatory at 50 %', async () => {
    // 300 + 0.5 · 40 conservatory + 0.5 · 20 garage = 330 m² (the list's row gave 310: it left out the rule set's own area).
    const referencedAreas = { values: { 'Conservatories and glazed balconies': 40, 'Integrated garages single family houses': 20 } };
    const body = { projectName: 'Udestue', type: 0, stage: 0, calculationType: { calculationTypeEnum: 1 }, heatArea: { heatedFloorAreaAboveGround: 300 }, referencedAreas };
    const p = await call<{ id: string }>('POST', `${base}/BuildingProject`, { token: demo, body });
    const s = await call<DashboardSummary>('POST', `${base}/dashboard/${p.body.id}/summary`, { token: demo, body: {} });
    assert.deepStrictEqual([s.status, s.body.referenceArea, s.body.considerationPeriod], [200, '330', 50]);
    const list = await call<{ data: { project: { id: string; area: number }[] } }>('POST', `${h.service.urls.graphqlUrl}/v1/graphql`, {
      token: demo,
      body: { operationName: 'GetProjectList', query: GET_PROJECT_LIST_QUERY, variables: {} },
    });
    assert.strictEqual(list.body.data.project.find((r) => r.id === p.body.id)?.area, 330);
  });
});
