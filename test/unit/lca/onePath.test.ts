// One result path: the same component — 250 m² of a 1 m² board with a 20-year service life in a 50-year period —
// through the local service's dashboard calculation (calculateDashboards, as its route runs it), the editor's impact
// preview, What if… (the building effect of taking the board out), the alternatives' figures and the agents'
// lca_preview_construction gives the same A1-A3, B4, C3, C4 and D, and those are the hand-worked figures. The line formula's fast path equals the formula.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Dashboard, ProjectDetail } from '../../../src/core/api/types';
import { alternativesForComponent, buildingEffect, isBuildingProblem, isProblem } from '../../../src/core/alternatives';
import { MODULE, UNIT } from '../../../src/core/codes';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { calculateDashboards, type ProjectCalcInput } from '../../../src/core/lca/dashboard';
import { epdDataOf } from '../../../src/core/lca/epd';
import { inScopeOfLine, lineFigures, serviceLife } from '../../../src/core/lca/line';
import { projectFacts } from '../../../src/core/lca/projectFacts';
import { format } from '../../../src/core/l10n';
import { previewConstruction } from '../../../src/core/preview';
import { diskWorkspace } from '../../../src/core/tools';
import { runTool } from '../tools/support';

const codes = ASSUMED_CODES;
const BOARD_ID = '0a0a0a0a-0000-4000-8000-000000000001';

/** A board per 1 m²: A1-A3 40, A4 2, C3 1.5, C4 0.5, D −3 kg CO2e; 20 years. */
function boardMaterial(values: { a1a3: number; a4: number; c3: number; c4: number; d: number }): Record<string, unknown> {
  const module = (moduleTypeEnum: number, value: number) => ({ moduleTypeEnum, moduleStatusEnum: 2, indicators: [{ type: 'GWP_TOTAL', unit: 'kg CO2 eq', value }] });
  return {
    name: 'Test board 20 mm',
    originalUUID: '0a0a0a0a-0000-4000-8000-0000000000aa',
    originalVersion: '1.0',
    isPublic: false,
    isCustom: true,
    expectedLifespan: 20,
    declaredUnit: { declaredValue: 1, declaredUnit: UNIT.M2, mass: 12, massUnit: UNIT.KG },
    lciaResults: [module(MODULE.A1A3, values.a1a3), module(MODULE.A4, values.a4), module(MODULE.C3, values.c3), module(MODULE.C4, values.c4), module(MODULE.D, values.d)],
  };
}

const boardRaw = boardMaterial({ a1a3: 40, a4: 2, c3: 1.5, c4: 0.5, d: -3 });
const board = epdDataOf(boardRaw, codes, BOARD_ID);
const nothing = epdDataOf(boardMaterial({ a1a3: 0, a4: 0, c3: 0, c4: 0, d: 0 }), codes, '0a0a0a0a-0000-4000-8000-000000000002');
const wall = { name: 'Board wall', declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 }, constructionEpds: [{ epdId: BOARD_ID, constructionUnit: { unit: UNIT.M2, amount: 1 } }] };

// Hand-worked for 250 m²: n = ⌈50 / 20⌉ − 1 = 2 replacements.
const QUANTITY = 250;
const EXPECTED = { A1A3: 250 * 40, B4: 2 * 250 * (40 + 1.5 + 0.5), C3: 250 * 1.5, C4: 250 * 0.5, D: 3 * 250 * -3 };

const AREA = 1200;
const PERIOD = 50;
const STAGES = ['A1A3', 'B4', 'C3', 'C4', 'D'] as const;

const detail = { id: 'p1', calculationType: { calculationTypeEnum: 0, considerationPeriod: PERIOD, thresholdLimitWithoutExtra: 12 }, heatArea: { heatedFloorAreaAboveGround: AREA, heatedBasementArea: 0 }, wastagePercentage: 0 } as ProjectDetail;
const project: ProjectCalcInput = {
  id: 'p1',
  name: 'One path',
  facts: projectFacts(detail, BR18_RULES),
  includedPhases: [...STAGES],
  energy: {},
  heatCarrier: 'districtHeating',
  branches: [{ id: 'b1', name: 'Konstruktioner' }],
  models: [{ id: 'm1', name: 'K.ifc', branchId: 'b1' }],
  elements: [
    {
      id: 'e1',
      modelId: 'm1',
      name: 'Wall',
      classification: [{ code: '(2)', name: 'Building' }, { code: '(21)', name: 'Outer walls' }, { code: '(21.1)', name: 'Walls' }],
      quantity: QUANTITY,
      unit: UNIT.M2,
      mapping: { kind: 'construction', construction: { id: 'c1', name: 'Board wall', declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 }, components: [{ epd: board, quantity: { unit: UNIT.M2, amount: 1 } }] } },
    },
  ],
};

type Figures = Record<(typeof STAGES)[number], number>;
const same = (actual: Figures, what: string, rel = 1e-9): void => {
  for (const m of STAGES) {
    const e = EXPECTED[m];
    assert.ok(Math.abs(actual[m] - e) <= rel * Math.max(1, Math.abs(e)), `${what} ${m}: ${actual[m]} ≠ ${e}`);
  }
};

describe('one result path: the same component gives the same figures everywhere', () => {
  let root: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-one-path-'));
    fs.writeFileSync(path.join(root, 'boards.materials.json'), JSON.stringify([{ ...boardRaw, id: BOARD_ID }], null, 2));
    fs.writeFileSync(path.join(root, 'wall.construction.json'), JSON.stringify(wall, null, 2));
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  const dashboard = (): Dashboard => calculateDashboards(project, { codes }).dashboardsPerBranchPlusTotal.Total as unknown as Dashboard;

  it("the local service's dashboard: per m² and year × area × period", () => {
    const d = dashboard();
    const kg = (m: string): number => Number(d.emissionPerPhase?.[m]) * AREA * PERIOD;
    // The dashboard writes four decimals per m² and year: 1e-4 · 60,000 = 6 kg at most.
    for (const m of STAGES) assert.ok(Math.abs(kg(m) - EXPECTED[m]) <= 6, `${m}: ${kg(m)} ≠ ${EXPECTED[m]}`);
    const line = d.projectBreakdown![0].children![0].children![0].children![0].materialsBreakdown![0];
    assert.deepStrictEqual([line.epdName, line.lifetime, line.mappedMaterialAmount], ['Test board 20 mm', 20, '250']);
  });

  it('the impact preview of the construction file (per m²) × 250 m²', () => {
    const p = previewConstruction(wall, (id) => (id === BOARD_ID ? board : undefined), codes, PERIOD);
    assert.deepStrictEqual(p.problems, []);
    const t = p.total!;
    same({ A1A3: t.a1a3 * QUANTITY, B4: t.b4 * QUANTITY, C3: t.c3 * QUANTITY, C4: t.c4 * QUANTITY, D: t.d * QUANTITY }, 'preview');
    assert.deepStrictEqual([p.components[0].lifespan, p.components[0].replacements], [20, 2]);
  });

  it('What if…: taking the board out of the building changes each phase by minus its line', () => {
    const basis = { dashboard: dashboard(), facts: projectFacts(detail, BR18_RULES), stages: [...STAGES], rules: BR18_RULES, codes };
    const e = buildingEffect(basis, { current: board, replacement: nothing });
    assert.ok(!isBuildingProblem(e), isBuildingProblem(e) ? format(e.problem) : '');
    assert.deepStrictEqual(e.estimate, []);
    const kg = (m: (typeof STAGES)[number]): number => -e.delta[m]! * AREA * PERIOD;
    same({ A1A3: kg('A1A3'), B4: kg('B4'), C3: kg('C3'), C4: kg('C4'), D: kg('D') }, 'What if…');
  });

  it("the alternatives' figures of the component (per m²) × 250 m²", () => {
    const r = alternativesForComponent(wall, 0, (id) => (id === BOARD_ID ? board : undefined), [{ epd: nothing, source: 'test' }], { codes, period: PERIOD, onlyLower: false });
    assert.ok(!isProblem(r));
    const g = r.subject.figures.gwp;
    same({ A1A3: g.a1a3 * QUANTITY, B4: g.b4 * QUANTITY, C3: g.c3 * QUANTITY, C4: g.c4 * QUANTITY, D: g.d * QUANTITY }, 'alternatives');
  });

  it('lca_preview_construction (per m²) × 250 m²', async () => {
    const a = await runTool('lca_preview_construction', { path: 'wall.construction.json' }, { workspace: diskWorkspace([root]), codes, rules: BR18_RULES, environment: { name: 'Local', epdUrl: 'http://127.0.0.1:9/epd' } });
    assert.strictEqual(a.isError, false, a.text);
    const t = (JSON.parse(a.text) as { total: Omit<Figures, 'D'> & { D_apart: number } }).total;
    // The tool writes six significant digits.
    same({ A1A3: t.A1A3 * QUANTITY, B4: t.B4 * QUANTITY, C3: t.C3 * QUANTITY, C4: t.C4 * QUANTITY, D: t.D_apart * QUANTITY }, 'lca_preview_construction', 1e-5);
  });

  it('a material that declares no GWP for A1-A3: the lens and lca_preview_construction both name it and give no total', async () => {
    const blankId = '0a0a0a0a-0000-4000-8000-000000000003';
    const blankRaw = { ...boardRaw, name: 'Board without results', originalUUID: '0a0a0a0a-0000-4000-8000-0000000000bb', lciaResults: [] };
    const blankWall = { ...wall, name: 'Blank wall', constructionEpds: [...wall.constructionEpds, { epdId: blankId, constructionUnit: { unit: UNIT.M2, amount: 1 } }] };
    fs.writeFileSync(path.join(root, 'blank.materials.json'), JSON.stringify([{ ...blankRaw, id: blankId }], null, 2));
    fs.writeFileSync(path.join(root, 'blank.construction.json'), JSON.stringify(blankWall, null, 2));
    const blank = epdDataOf(blankRaw, codes, blankId);
    const p = previewConstruction(blankWall, (id) => (id === BOARD_ID ? board : id === blankId ? blank : undefined), codes, PERIOD);
    assert.deepStrictEqual(p.problems.map((x) => [x.index, format(x.reason)]), [[1, 'the material declares no GWP total for A1-A3']]);
    assert.strictEqual(p.total, undefined, 'no partial sum');
    const a = await runTool('lca_preview_construction', { path: 'blank.construction.json' }, { workspace: diskWorkspace([root]), codes, rules: BR18_RULES, environment: { name: 'Local', epdUrl: 'http://127.0.0.1:9/epd' } });
    assert.match(a.text, /declares no GWP total for A1-A3/);
    assert.strictEqual((JSON.parse(a.text) as { total?: unknown }).total ?? null, null, a.text);
  });

  it('the one service-life rule: component, element, construction, material; never a lifespan of 0', () => {
    assert.deepStrictEqual(serviceLife({ component: 15, element: 30, construction: 40, material: 60 }), { years: 15, from: 'component' });
    assert.deepStrictEqual(serviceLife({ component: 0, element: 30, material: 60 }), { years: 30, from: 'element' });
    assert.deepStrictEqual(serviceLife({ component: null, element: -5, construction: 40, material: 60 }), { years: 40, from: 'construction' });
    assert.deepStrictEqual(serviceLife({ construction: '20', material: 60 }), { years: 60, from: 'material' });
    assert.deepStrictEqual(serviceLife({}), { years: undefined, from: 'none' });
  });

  it("the rankings' fast path equals the formula's A1-A3 + B4 + C3 + C4, for lives that fall on and off the period", () => {
    const perSet = { a1a3: 40.123, a4: 2, c3: 1.57, c4: 0.531, d: -3 };
    for (const sets of [0, 0.2, 1, 3.7, 250]) {
      for (const life of [undefined, 7, 20, 25, 49, 50, 120]) {
        const m = lineFigures(perSet, sets, life, { period: PERIOD }).modules;
        assert.strictEqual(inScopeOfLine(perSet, sets, life, PERIOD), m.A1A3 + m.B4 + m.C3 + m.C4, `sets ${sets}, life ${life}`);
      }
    }
  });
});
