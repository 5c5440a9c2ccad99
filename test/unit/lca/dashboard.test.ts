// BR18 dashboards of a small hand-worked project: per-phase figures, B4 from lifetimes, B6 and exported
// electricity on Total only, D apart from Used, and breakdowns whose leaves add up to their branch.
import * as assert from 'assert';
import { MODULE, PROJECT_ENUMS, UNIT } from '../../../src/core/codes';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { calculateDashboards, calculateSummary, type BreakdownNode, type ProjectCalcInput } from '../../../src/core/lca/dashboard';
import { projectFacts, type ProjectSource } from '../../../src/core/lca/projectFacts';
import type { ClassificationLevel, EpdData, ModuleResult } from '../../../src/core/lca/types';

function results(gwp: Partial<Record<'A1A3' | 'C3' | 'C4' | 'D', number>>): ModuleResult[] {
  const codes = { A1A3: MODULE.A1A3, C3: MODULE.C3, C4: MODULE.C4, D: MODULE.D };
  return Object.entries(gwp).map(([k, v]) => ({
    moduleTypeEnum: codes[k as keyof typeof codes],
    moduleStatusEnum: 2,
    indicators: [{ type: 12, unit: 'kg CO2 eq', value: v }],
  }));
}

// BR18 Bilag 2 Tabel 7 rows.
const concrete: EpdData = {
  id: 'c30', name: 'Ready-mix concrete C30/37', declaredUnit: { declaredUnit: UNIT.M3, declaredValue: 1, mass: 2255 },
  lciaResults: results({ A1A3: 282, C3: 6.72, C4: 4.97, D: -4.6 }), expectedLifespan: 120, epdType: 0,
};
const glass: EpdData = {
  id: 'igu', name: 'Insulating glass, 3-pane', declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1, mass: 30 },
  lciaResults: results({ A1A3: 57.77, C3: 3.035, C4: 0.491, D: -1.405 }), expectedLifespan: 40, epdType: 1,
};
const rebar: EpdData = {
  id: 'rebar', name: 'Reinforcement steel', declaredUnit: { declaredUnit: UNIT.KG, declaredValue: 1, mass: 1 },
  lciaResults: results({ A1A3: 0.683, C4: 0.00068, D: -0.393 }), expectedLifespan: 120, epdType: 0,
};

const cls = (a: string, b: string, c: string): [ClassificationLevel, ClassificationLevel, ClassificationLevel] => [
  { code: a, name: `name ${a}` }, { code: b, name: `name ${b}` }, { code: c, name: `name ${c}` },
];

const K = { id: 'bK', name: 'Konstruktioner' };
const A = { id: 'bA', name: 'Arkitektur' };

/**
 * The hand-worked project (period 50, A_ref = 1000 m², limit 12 + 0.5):
 *  e1 Konstruktioner: 10 m³ concrete, lifespan 120 → no replacement.
 *     A1A3 2820 · C3 67.2 · C4 49.7 · D −46
 *  e2 Arkitektur: 20 m² 3-pane glass, lifetime 20 → 2 replacements.
 *     A1A3 1155.4 · C3 60.7 · C4 9.82 · B4 = 2 · 20 · (57.77 + 3.035 + 0.491) = 2451.84
 *     D = (1 + 2) · 20 · −1.405 = −84.3 (as LCAbyg: the original and each replacement)
 *  e3 Konstruktioner: 50 m² of a wall construction per m²: 1 m² concrete at 0.2 m (= 0.2 m³) and 10 kg rebar
 *     (component lifespan 25 → 1 replacement): concrete 10 m³ as e1; rebar 500 kg:
 *     A1A3 341.5 · C4 0.34 · B4 = 1 · 500 · (0.683 + 0.00068) = 341.84 · D = (1 + 1) · 500 · −0.393 = −393
 *  e4 Arkitektur: not mapped.
 *  B6: 2000 kWh/yr electricity from 2040 → 2000 · 0.0403 · 50 = 4030 (Total only).
 *  D of 500 kWh/yr exported → −500 · 0.0403 · 50 = −1007.5 (Total only).
 * kg over 50 years → kg/m²/yr: divide by 1000 · 50 = 50 000.
 */
function project(read: ProjectSource = {}): ProjectCalcInput {
  const hand: ProjectSource = {
    calculationType: { considerationPeriod: 50, thresholdLimitWithoutExtra: 12, extraThresholds: [0.5] },
    heatArea: { heatedFloorAreaAboveGround: 900, heatedBasementArea: 50 },
    referencedAreas: { values: { 'Exterior balconies': 200 } },
    wastagePercentage: 0,
    emissionMetaData: { yearOfCommissioning: 2040 },
  };
  return {
    id: 'p', name: 'Hand-worked', facts: projectFacts({ ...hand, ...read }, BR18_RULES), includedPhases: [],
    energy: { operationalElectricity: 2000, operationalHeat: 0, exportedElectricity: 500 }, heatCarrier: 'districtHeating',
    branches: [K, A],
    models: [{ id: 'mK', name: 'K.ifc', branchId: K.id }, { id: 'mA', name: 'A.ifc', branchId: A.id }],
    elements: [
      { id: 'e1', modelId: 'mK', name: 'Slab', classification: cls('(1-)', '(16)', '(16.2)'), quantity: 10, unit: UNIT.M3, mapping: { kind: 'material', epd: concrete } },
      { id: 'e2', modelId: 'mA', name: 'Glazing', classification: cls('(3-)', '(31)', '(31.1)'), quantity: 20, unit: UNIT.M2, lifetime: 20, mapping: { kind: 'material', epd: glass } },
      {
        id: 'e3', modelId: 'mK', name: 'Wall', classification: cls('(2-)', '(21)', '(21.1)'), quantity: 50, unit: UNIT.M2,
        mapping: {
          kind: 'construction',
          construction: {
            id: 'wall', name: 'Concrete wall 20 cm', declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 }, expectedLifespan: 120,
            components: [
              { epd: concrete, quantity: { unit: UNIT.M2, amount: 1, height: 0.2 } },
              { epd: rebar, quantity: { unit: UNIT.KG, amount: 10 }, expectedLifespan: 25 },
            ],
          },
        },
      },
      { id: 'e4', modelId: 'mA', name: 'Railing', classification: cls('(3-)', '(34)', '(34.1)'), quantity: 3, unit: UNIT.PCS, mapping: { kind: 'none' } },
    ],
  };
}

const n = (s: string | undefined): number => Number(s);
const near = (actual: string | undefined, expected: number, tol = 6e-5): void =>
  assert.ok(Math.abs(n(actual) - expected) <= tol, `${actual} ≠ ${expected}`);

function leaves(nodes: BreakdownNode[]): BreakdownNode[] {
  return nodes.flatMap((x) => (x.children ? leaves(x.children) : [x]));
}

describe('BR18 dashboard calculation', () => {
  // A_ref = 900 + 50 + 0.25 · 200 balconies = 1000 m².
  const per = (kg: number): number => kg / 50_000;

  it('gives the hand-worked figures per phase, with D apart from Used', () => {
    const s = calculateSummary(project(), { codes: ASSUMED_CODES });
    assert.strictEqual(s.referenceArea, '1000');
    // A1A3 = 2820 + 1155.4 + 2820 + 341.5 = 7136.9 kg
    near(s.perPhase.A1A3, per(7136.9));
    // B4 = 2451.84 + 341.84 = 2793.68 kg
    near(s.perPhase.B4, per(2793.68));
    near(s.perPhase.B6, per(4030));
    // C3 = 67.2 + 60.7 + 67.2 = 195.1 · C4 = 49.7 + 9.82 + 49.7 + 0.34 = 109.56
    near(s.perPhase.C3, per(195.1));
    near(s.perPhase.C4, per(109.56));
    // D = −46 − 84.3 − 46 − 393 − 1007.5 = −1576.8, reported apart.
    near(s.perPhase.D, per(-1576.8));
    near(s.moduleD, per(-1576.8));
    // Used = 7136.9 + 2793.68 + 4030 + 195.1 + 109.56 = 14265.24 kg → 0.2853048 (D not included).
    near(s.used, per(14265.24));
    // 950 m² heated under the 2023 rules: an LCA without a limit — no limit, remaining or pass/fail, the reason instead.
    assert.deepStrictEqual([s.limit, s.extraAllowance, s.limitTotal, s.remaining, s.passes], [undefined, undefined, undefined, undefined, undefined]);
    assert.deepStrictEqual(s.verdict, { kind: 'none', reason: 'LCA only: 2023 rules, 950 m² heated' });
    assert.deepStrictEqual([s.elements, s.mappedElements], [4, 3]);
  });

  it('judges the summary by the verdict: limit, allowances, remaining as judged (rounded to one decimal) and pass', () => {
    // 1,150 m² heated: A_ref = 1150 + 50 + 0.25 · 200 = 1250 m²; Used = 14265.24 kg / (1250 · 50) = 0.2282 → 0.2.
    const s = calculateSummary(project({ heatArea: { heatedFloorAreaAboveGround: 1150, heatedBasementArea: 50 } }), { codes: ASSUMED_CODES });
    near(s.used, 14265.24 / (1250 * 50));
    assert.deepStrictEqual([s.limit, s.extraAllowance, s.limitTotal, s.remaining, s.passes], ['12', '0.5', '12.5', '12.3', true]);
    assert.deepStrictEqual(s.verdict, { kind: 'verdict', ruleSet: 'BR18 2023' });
  });

  it('splits by branch: B6 and exported electricity only on Total; phases sum to Used', () => {
    const d = calculateDashboards(project(), { codes: ASSUMED_CODES }).dashboardsPerBranchPlusTotal;
    assert.deepStrictEqual(Object.keys(d), ['Konstruktioner', 'Arkitektur', 'Total']);
    // Konstruktioner: A1A3 5981.5 + B4 341.84 + C3 134.4 + C4 99.74 = 6557.48 kg.
    near(d.Konstruktioner.emissionBudget.Used, per(6557.48));
    assert.strictEqual(d.Konstruktioner.emissionPerPhase.B6, '0');
    near(d.Konstruktioner.emissionPerPhase.D, per(-485));
    near(d.Arkitektur.emissionPerPhase.D, per(-84.3));
    // Arkitektur: 1155.4 + 2451.84 + 60.7 + 9.82 = 3677.76 kg; one mapped, one not.
    near(d.Arkitektur.emissionBudget.Used, per(3677.76));
    assert.deepStrictEqual(d.Arkitektur.mappingStatus, { Mapped: 1, 'Not mapped': 1 });
    near(d.Total.emissionBudget.Used, per(14265.24));
    near(d.Total.emissionBudget.Remaining, 12.5 - per(14265.24));
    for (const dash of Object.values(d)) {
      const phases = Object.entries(dash.emissionPerPhase).filter(([p]) => p !== 'D').reduce((a, [, v]) => a + n(v), 0);
      near(dash.emissionBudget.Used, phases, 3e-4);
    }
    assert.deepStrictEqual(d.Total.epdTypes, { Generic: 2, Industry: 1, Product: 0 });
    assert.deepStrictEqual(Object.keys(d.Total.emissionPerModel).sort(), ['A.ifc', 'K.ifc']);
  });

  it('nests three classification levels with construction leaves that add up to the branch', () => {
    const d = calculateDashboards(project(), { codes: ASSUMED_CODES }).dashboardsPerBranchPlusTotal;
    const k = d.Konstruktioner.projectBreakdown;
    assert.deepStrictEqual(k.map((x) => x.classificationCode), ['(1-)', '(2-)']);
    const wall = k[1].children![0].children![0].children![0];
    assert.deepStrictEqual([wall.constructionName, wall.elements, wall.children, wall.type], ['Concrete wall 20 cm', 1, null, 4]);
    assert.deepStrictEqual(wall.materialsBreakdown!.map((m) => [m.epdName, m.lifetime, m.mappedMaterialAmount, m.mappedMaterialUnit]), [
      ['Ready-mix concrete C30/37', 120, '10', 'M3'],
      ['Reinforcement steel', 25, '500', 'KG'],
    ]);
    // Concrete 10 m³ · 2255 kg = 22 550 kg calculated.
    assert.strictEqual(wall.materialsBreakdown![0].calculatedAmount, '22550');
    for (const name of ['Konstruktioner', 'Arkitektur']) {
      const sum = leaves(d[name].projectBreakdown).reduce((a, l) => a + n(l.co2PerYearPerSquareMeter), 0);
      near(d[name].emissionBudget.Used, sum, 3e-4);
    }
    // Total: element leaves plus B6 make Used.
    const totalLeaves = leaves(d.Total.projectBreakdown).reduce((a, l) => a + n(l.co2PerYearPerSquareMeter), 0);
    near(d.Total.emissionBudget.Used, totalLeaves + n(d.Total.emissionPerPhase.B6), 3e-4);
    const railing = leaves(d.Arkitektur.projectBreakdown).find((l) => l.constructionName === 'Not mapped')!;
    assert.deepStrictEqual([railing.elements, railing.co2PerYearPerSquareMeter, railing.materialsBreakdown], [1, '0', []]);
  });

  it('filters by stages and inspects one construction', () => {
    const only = calculateSummary(project(), { codes: ASSUMED_CODES, stages: ['A1A3', 'D'] });
    assert.deepStrictEqual(Object.keys(only.perPhase), ['A1A3', 'D']);
    near(only.used, per(7136.9));
    const inspect = calculateDashboards(project(), { codes: ASSUMED_CODES, constructionId: 'wall' }).dashboardsPerBranchPlusTotal;
    // Only e3: A1A3 2820 + 341.5, B4 341.84, C3 67.2, C4 49.7 + 0.34 = 3620.58 kg; no B6 on an inspection.
    near(inspect.Total.emissionBudget.Used, per(3620.58));
    assert.deepStrictEqual(inspect.Total.mappingStatus, { Mapped: 1, 'Not mapped': 0 });
    near(inspect.Arkitektur.emissionBudget.Used, 0);
  });

  it('adds A5 wastage as a share of the product and end-of-life stages when A5 is reported', () => {
    const p = { ...project({ wastagePercentage: 10 }), elements: project().elements.slice(0, 1) };
    // 10 % · 10 m³ · (282 + 6.72 + 4.97) = 293.69 kg.
    near(calculateSummary(p, { codes: ASSUMED_CODES, stages: ['A5'] }).perPhase.A5, per(293.69));
  });

  it('BR18 2025: Used leaves A4 + A5 out; the construction process has its own budget against 1.5', () => {
    // Slab only, wastage 10 %: A5 = 293.69 kg (above); A1A3 2820 · C3 67.2 · C4 49.7 · B4 0; plus B6 4030.
    const multiStorey = PROJECT_ENUMS.buildingTypeEnum.indexOf('Residential - Multi-storey building');
    const read = (calculationTypeEnum: number): ProjectSource => ({ calculationType: { calculationTypeEnum, considerationPeriod: 50, thresholdLimitWithoutExtra: 7.5 }, type: multiStorey, wastagePercentage: 10 });
    const p = { ...project(read(1)), elements: project().elements.slice(0, 1) };
    const s = calculateSummary(p, { codes: ASSUMED_CODES, stages: ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'] });
    // Building: 2820 + 0 + 4030 + 67.2 + 49.7 = 6966.9 kg → 0.139338; A4 + A5 = 0 + 293.69 → 0.0058738.
    near(s.used, per(6966.9));
    near(s.constructionProcess?.used, per(293.69));
    assert.deepStrictEqual([s.constructionProcess?.limit, s.constructionProcess?.passes], ['1.5', true]);
    // The remaining is the verdict's margin: 1.5 − 0.0058738 judged as 0.0.
    assert.strictEqual(s.constructionProcess?.remaining, '1.5');
    near(calculateDashboards(p, { codes: ASSUMED_CODES, stages: ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'] }).dashboardsPerBranchPlusTotal.Total.emissionBudget.Used, per(6966.9));
    // Under the 2023 rules the same stages count A5 into Used (no construction-process limit there).
    const s2023 = calculateSummary({ ...p, facts: project(read(0)).facts }, { codes: ASSUMED_CODES, stages: ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'] });
    near(s2023.used, per(6966.9 + 293.69));
    assert.strictEqual(s2023.constructionProcess, undefined);
  });

  it('treats an element whose quantity cannot be converted as not mapped, never as a silent zero figure', () => {
    const p = project();
    const bad = { ...p.elements[0], id: 'e5', unit: UNIT.M2 };
    const s = calculateSummary({ ...p, elements: [bad] }, { codes: ASSUMED_CODES });
    assert.deepStrictEqual([s.elements, s.mappedElements], [1, 0]);
  });

  it('counts each element once per breakdown node and material row, also when its lines share a material or its id repeats', () => {
    const p = project();
    const wall = p.elements[2];
    const twice = wall.mapping.kind === 'construction' ? wall.mapping.construction : undefined;
    assert.ok(twice);
    // A construction holding the same concrete twice: one material row, the element counted once, its quantity once.
    const doubled = { ...twice, id: 'double', name: 'Double concrete', components: [twice.components[0], twice.components[0]] };
    const e5 = { ...wall, id: 'e5', mapping: { kind: 'construction' as const, construction: doubled } };
    const e6 = { ...e5, id: 'e6', quantity: 30 };
    const rowOf = (elements: typeof p.elements) => {
      const d = calculateDashboards({ ...p, elements }, { codes: ASSUMED_CODES }).dashboardsPerBranchPlusTotal.Total;
      const leaf = leaves(d.projectBreakdown).find((l) => l.constructionName === 'Double concrete')!;
      const wallsNode = d.projectBreakdown.find((x) => x.classificationCode === '(2-)')!;
      return { leaf: leaf.elements, rows: leaf.materialsBreakdown!.map((m) => [m.elements, m.quantity]), node: wallsNode.elements };
    };
    assert.deepStrictEqual(rowOf([e5, e6]), { leaf: 2, rows: [[2, '80']], node: 2 });
    // An element id again after another element (a project as some services send it): counted once, as before.
    assert.deepStrictEqual(rowOf([e5, e6, { ...e6, id: 'e5', quantity: 70 }]), { leaf: 2, rows: [[2, '80']], node: 2 });
  });

  it('passes over a service life of 0 or less given on an element or a component, and says so on the line', () => {
    // Glazing (the glass's own 40 years) on three elements: lifetime 0, −5 and none — one line of 40 years, two of its
    // elements giving a value the rule passed over. The wall's rebar component with expectedLifespan 0: the
    // construction's 120 years.
    const hand = project();
    const [e1, glazing, e3, e4] = hand.elements;
    assert.ok(e3.mapping.kind === 'construction');
    const c = e3.mapping.construction;
    const wall = { ...e3, mapping: { kind: 'construction' as const, construction: { ...c, components: [c.components[0], { ...c.components[1], expectedLifespan: 0 }] } } };
    const p = { ...hand, elements: [e1, { ...glazing, lifetime: 0 }, wall, e4, { ...glazing, id: 'e5', lifetime: -5 }, { ...glazing, id: 'e6', lifetime: undefined }] };
    const total = calculateDashboards(p, { codes: ASSUMED_CODES }).dashboardsPerBranchPlusTotal.Total;
    const items = leaves(total.projectBreakdown).flatMap((l) => l.materialsBreakdown ?? []);
    const glass = items.filter((i) => i.epdId === 'igu');
    assert.deepStrictEqual(glass.map((i) => [i.lifetime, i.elements, i.lifetimePassedOver]), [[40, 3, { elements: 2, given: [-5, 0] }]]);
    const rebarLine = items.find((i) => i.epdId === 'rebar')!;
    assert.deepStrictEqual([rebarLine.lifetime, rebarLine.lifetimePassedOver], [120, { elements: 1, given: [0] }]);
    assert.ok(items.filter((i) => i.epdId === 'c30').every((i) => i.lifetimePassedOver === undefined), 'nothing passed over on the concrete');
  });

  it('gives the summary the figures of the dashboard\'s Total', () => {
    const d = calculateDashboards(project(), { codes: ASSUMED_CODES }).dashboardsPerBranchPlusTotal.Total;
    const s = calculateSummary(project(), { codes: ASSUMED_CODES });
    assert.strictEqual(s.used, d.emissionBudget.Used);
    assert.deepStrictEqual(s.perPhase, d.emissionPerPhase);
    assert.deepStrictEqual([s.elements, s.mappedElements], [4, d.mappingStatus.Mapped]);
  });
});
