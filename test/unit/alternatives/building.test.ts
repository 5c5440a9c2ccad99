// The effect of a substitution on the building: on seeded projects, the estimate from the dashboard answer equals a
// full calculation (the local service's own, in process) with the material replaced in the project's data, within
// 0.1 %; and a hand-worked case with a shorter lifespan, the verdicts and the distance to passing.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Dashboard, ProjectDetail } from '../../../src/core/api/types';
import { buildingEffect, isBuildingProblem, largestChanges, type BuildingBasis } from '../../../src/core/alternatives';
import { distanceToPassing, type BuildingEffect } from '../../../src/core/lca/verdictInput';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { breakdownNameOf } from '../../../src/core/alternatives';
import { UNIT, type Phase } from '../../../src/core/codes';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { activePhases, calculateDashboards, type ProjectCalcInput } from '../../../src/core/lca/dashboard';
import { projectFacts } from '../../../src/core/lca/projectFacts';
import type { EpdData } from '../../../src/core/lca/types';
import { format, type Msg } from '../../../src/core/l10n';
import { projectCalcInput, projectDetail } from '../../../src/service/projectViews';
import { toEpdData } from '../../../src/service/records';
import { seedStore } from '../../../src/service/seed';
import { PROJECT_IDS, TENANT_IDS, USER_IDS, materialId } from '../../../src/service/seed/ids';
import { Store } from '../../../src/service/store';
import { WHAT_IF_SHOWN, whatIfFinder, whatIfOptions } from '../../../src/core/alternatives/whatIf';
import { familyOf } from '../../../src/core/families';

const codes = ASSUMED_CODES;
const ok = (r: BuildingEffect | { problem: Msg }): BuildingEffect => {
  assert.ok(!isBuildingProblem(r), `refused: ${isBuildingProblem(r) ? format(r.problem) : ''}`);
  return r;
};
const within = (actual: number, expected: number, what: string, rel = 1e-3): void =>
  assert.ok(Math.abs(actual - expected) <= rel * Math.max(Math.abs(expected), 1e-3), `${what}: ${actual} ≠ ${expected} (±${rel * 100} %)`);

/** The project's data with every use of `from` (directly mapped or a construction's component) replaced by `to`. */
function substituted(input: ProjectCalcInput, from: string, to: EpdData): ProjectCalcInput {
  return {
    ...input,
    elements: input.elements.map((e) => {
      const m = e.mapping;
      if (m.kind === 'material' && m.epd.id === from) return { ...e, mapping: { kind: 'material', epd: to } };
      if (m.kind === 'construction' && m.construction.components.some((c) => c.epd.id === from)) {
        const construction = { ...m.construction, components: m.construction.components.map((c) => (c.epd.id === from ? { ...c, epd: to } : c)) };
        return { ...e, mapping: { kind: 'construction', construction } };
      }
      return e;
    }),
  };
}

describe('alternatives: the building effect of a substitution', () => {
  let dir: string;
  let store: Store;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-building-'));
    store = new Store(dir);
    store.load();
    seedStore(store, codes);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const epd = (key: string): EpdData => toEpdData(store.materials.get(materialId(key))!);

  /** The basis as the dashboard panel has it: the service's Total, the project read, the query's stages. */
  function basisOf(projectId: string): { basis: BuildingBasis; input: ProjectCalcInput } {
    const rec = store.projects.get(projectId)!;
    const input = projectCalcInput(rec, store);
    const stages = activePhases(input);
    const dashboard = calculateDashboards(input, { codes, stages }).dashboardsPerBranchPlusTotal.Total as Dashboard;
    const detail = projectDetail(rec, { id: USER_IDS.demo, kind: 'user', tenantId: TENANT_IDS.demo }, store) as unknown as ProjectDetail;
    return { input, basis: { dashboard, facts: projectFacts(detail, BR18_RULES), stages, rules: BR18_RULES, codes } };
  }

  /** The effect against the full calculation after the change: every phase and each verdict's exact figure within 0.1 %. */
  function checkAgainstFull(projectId: string, fromKey: string, toKey: string): BuildingEffect {
    const { basis, input } = basisOf(projectId);
    const from = epd(fromKey);
    const to = epd(toKey);
    const effect = ok(buildingEffect(basis, { current: from, replacement: to }));
    assert.deepStrictEqual(effect.estimate.map((m) => format(m)), [], 'exact: everything needed is in the answer');
    const full = calculateDashboards(substituted(input, from.id, to), { codes, stages: basis.stages }).dashboardsPerBranchPlusTotal.Total;
    for (const [p, v] of Object.entries(full.emissionPerPhase)) within(effect.after.perPhase[p as Phase]!, Number(v), `${fromKey} → ${toKey}: ${p}`);
    const fullVerdict = effect.after.verdict;
    assert.strictEqual(fullVerdict.kind, 'verdict');
    const recomputed = { ...basis, dashboard: full as Dashboard };
    const again = ok(buildingEffect(recomputed, { current: to, replacement: to }));
    if (fullVerdict.kind === 'verdict' && again.before.verdict.kind === 'verdict') {
      within(fullVerdict.building.exact, again.before.verdict.building.exact, 'building (exact)');
      assert.strictEqual(fullVerdict.building.passes, again.before.verdict.building.passes);
      if (fullVerdict.constructionProcess) within(fullVerdict.constructionProcess.exact, again.before.verdict.constructionProcess!.exact, 'construction process (exact)');
    }
    return effect;
  }

  it('office (BR18 2025, A4 + A5 with 5 % wastage): C30/37 → C25/30 everywhere equals the full calculation', () => {
    const e = checkAgainstFull(PROJECT_IDS.office, 'concrete-c30-37', 'concrete-c25-30');
    assert.ok(e.change < 0 && e.delta.A1A3! < 0 && e.delta.A5! < 0);
  });

  it('office: reinforcement steel → rolled sections (per 1,000 kg), directly mapped and in a construction, equals the full calculation', () => {
    const e = checkAgainstFull(PROJECT_IDS.office, 'rebar', 'steel-sections');
    assert.ok(e.lines >= 2, 'directly mapped and in constructions');
  });

  it('school (BR18 2023): plywood → timber keeps the element lifetime (20 years) and equals the full calculation', () => {
    const e = checkAgainstFull(PROJECT_IDS.school, 'plywood', 'timber');
    assert.ok(e.delta.B4! !== 0, 'replacements counted with the element lifetime');
  });

  it('school: mineral wool (general) → mineral wool (facade), inside constructions, equals the full calculation', () => {
    checkAgainstFull(PROJECT_IDS.school, 'mineral-wool', 'mineral-wool-facade');
  });

  it('says why when a figure is an estimate: no reference area in the project read, a lifetime taken as the material\'s', () => {
    const { basis } = basisOf(PROJECT_IDS.office);
    const e = ok(buildingEffect({ ...basis, facts: { ...basis.facts, referenceArea: undefined } }, { current: epd('concrete-c30-37'), replacement: epd('concrete-c25-30') }));
    assert.match(format(e.estimate[0]), /no reference area/);
    const aluminium = { ...epd('concrete-c25-30'), id: 'short', name: 'Short-lived concrete', expectedLifespan: 30 };
    const s = ok(buildingEffect(basis, { current: epd('concrete-c30-37'), replacement: aluminium }));
    assert.ok(s.estimate.some((m) => /lifetime/.test(format(m))));
    assert.ok(s.delta.B4! > 0);
  });

  it('refuses, with the reason, a material not in the breakdown and a dashboard of another indicator', () => {
    const { basis } = basisOf(PROJECT_IDS.office);
    const r = buildingEffect(basis, { current: { ...epd('rebar'), name: 'Nothing like it' }, replacement: epd('rebar') });
    assert.ok(isBuildingProblem(r) && /not among the materials/.test(format(r.problem)));
    const g = buildingEffect({ ...basis, indicator: { name: 'GWP fossil', gwpTotal: false } }, { current: epd('concrete-c30-37'), replacement: epd('concrete-c25-30') });
    assert.ok(isBuildingProblem(g) && /GWP total only/.test(format(g.problem)));
  });

  describe('by hand', () => {
    const gwp = (a1a3: number, c3: number) => [
      { moduleTypeEnum: 0, moduleStatusEnum: 1, indicators: [{ type: 12, unit: 'kg CO2e', value: a1a3 }] },
      { moduleTypeEnum: 15, moduleStatusEnum: 1, indicators: [{ type: 12, unit: 'kg CO2e', value: c3 }] },
    ];
    const mat = (id: string, a1a3: number, c3: number, lifespan: number): EpdData => ({
      id,
      name: id,
      declaredUnit: { declaredUnit: UNIT.M3, declaredValue: 1 },
      lciaResults: gwp(a1a3, c3),
      expectedLifespan: lifespan,
    });
    const X = mat('X', 100, 10, 120);
    // 1,000 m² × 50 years = 50,000 m²·yr; 1,000 m³ of X: A1-A3 100,000 kg = 2.0 /m²/yr, C3 10,000 kg = 0.2 /m²/yr.
    const dashboard: Dashboard = {
      emissionPerPhase: { A1A3: '8', B4: '0.5', B6: '3', C3: '0.4', C4: '0.3', D: '-1' },
      mappingStatus: { Mapped: 10, 'Not mapped': 0 },
      projectBreakdown: [
        {
          classificationCode: '(2-)',
          children: [{ constructionName: 'Slab', children: null, materialsBreakdown: [{ epdName: 'X', mappedMaterialAmount: '1000', mappedMaterialUnit: 'M3', lifetime: 120, co2PerYearPerSquareMeter: '2.2' }] }],
        },
      ],
    };
    const basis: BuildingBasis = {
      dashboard,
      // A reference area of 1,000 m² apart from the heated area of 1,500 m² (above the 2023 rules' gate).
      facts: {
        ...projectFacts({ calculationType: { calculationTypeEnum: 0, considerationPeriod: 50, thresholdLimitWithoutExtra: 12 }, heatArea: { heatedFloorAreaAboveGround: 1500 }, wastagePercentage: 0 }, BR18_RULES),
        referenceArea: 1000,
      },
      stages: ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'],
      rules: BR18_RULES,
      codes,
    };

    it('before: 8 + 0.5 + 3 + 0.4 + 0.3 = 12.2 over the limit of 12 by 0.2: needs −0.2 kg CO2e/m²/yr', () => {
      const e = ok(buildingEffect(basis, { current: X, replacement: mat('Z', 60, 10, 120) }));
      assert.strictEqual(e.before.verdict.kind, 'verdict');
      if (e.before.verdict.kind !== 'verdict') return;
      assert.strictEqual(e.before.verdict.building.value, 12.2);
      assert.strictEqual(e.before.verdict.building.passes, false);
      assert.strictEqual(distanceToPassing(e.before.verdict).building, -0.2);
    });

    it('Y (A1-A3 50, lifespan 25): A1-A3 −1.0, one replacement B4 +1000 × (50 + 10) / 50,000 = +1.2: 12.4, still over', () => {
      const e = ok(buildingEffect(basis, { current: X, replacement: mat('Y', 50, 10, 25) }));
      within(e.delta.A1A3!, -1.0, 'A1-A3', 1e-12);
      within(e.delta.B4!, 1.2, 'B4', 1e-12);
      within(e.delta.C3!, 0, 'C3', 1e-12);
      within(e.change, 0.2, 'change', 1e-12);
      assert.ok(e.after.verdict.kind === 'verdict' && e.after.verdict.building.value === 12.4 && !e.after.verdict.building.passes);
      assert.ok(e.estimate.some((m) => /lifetime/.test(format(m))), 'the lifetime 120 was taken as X\'s own');
    });

    it('Z (A1-A3 60, lifespan 120): A1-A3 −0.8 → 11.4, within the limit by 0.6; the largest single change', () => {
      const Z = mat('Z', 60, 10, 120);
      const e = ok(buildingEffect(basis, { current: X, replacement: Z }));
      within(e.change, -0.8, 'change', 1e-12);
      assert.deepStrictEqual(e.estimate, []);
      assert.ok(e.after.verdict.kind === 'verdict' && e.after.verdict.building.value === 11.4 && e.after.verdict.building.passes);
      assert.strictEqual(distanceToPassing(e.after.verdict).building, 0);
      const top = largestChanges(basis, [{ current: X, candidates: [mat('Y', 50, 10, 25), Z, mat('W', 200, 10, 120)] }]);
      assert.deepStrictEqual(top.map((t) => [t.material, t.replacement.name, Number(t.change.toFixed(6))]), [['X', 'Z', -0.8]]);
    });

    it('in one construction only: a construction X is not in is refused', () => {
      const r = buildingEffect(basis, { current: X, replacement: mat('Z', 60, 10, 120), construction: 'Roof' });
      assert.ok(isBuildingProblem(r));
      ok(buildingEffect(basis, { current: X, replacement: mat('Z', 60, 10, 120), construction: 'Slab' }));
    });
  });

  it('What if… finds by name, among thousands of candidates, the one the first items leave out; at most WHAT_IF_SHOWN shown per search', () => {
    const { basis } = basisOf(PROJECT_IDS.office);
    const current = epd('precast-wall-20');
    const scaled = (id: string, name: string, f: number): EpdData => ({
      ...current,
      id,
      name,
      lciaResults: current.lciaResults.map((r) => ({ ...r, indicators: r.indicators.map((i) => ({ ...i, value: i.value * f })) })),
    });
    // 3,000 panels of 30 % to 90 % of the precast wall's figures, and the one meant: 97 %.
    const panels = Array.from({ length: 3000 }, (_, i) => scaled(`p-${i}`, `Precast concrete panel ${String(i).padStart(4, '0')}`, 0.3 + (0.6 * i) / 3000));
    const wanted = scaled('w-1', 'Searchable concrete slab', 0.97);
    const materials = { byName: new Map([[current.name, current]]), candidates: [...panels, wanted].map((e) => ({ epd: e, source: 'test' })) };

    const first = whatIfOptions(basis, materials, current.name, 50);
    assert.ok(!('problem' in first));
    if ('problem' in first) return;
    assert.strictEqual(first.comparable, 3001);
    assert.ok(!first.options.some((o) => o.epd.name === wanted.name), 'the first items leave it out');

    const find = whatIfFinder(basis, materials, current, 50);
    const found = find('  SEARCHABLE ');
    assert.deepStrictEqual([found.matching, found.options.map((o) => o.epd.name)], [1, [wanted.name]]);
    assert.deepStrictEqual(found.options[0].effect, buildingEffect(basis, { current, replacement: wanted }));

    // Many matches (every word typed in the name or id): the WHAT_IF_SHOWN lowest, largest reduction first, and how many matched in all.
    const many = find('Panel 12');
    const has = (e: EpdData): boolean => ['panel', '12'].every((w) => `${e.name} ${e.id}`.toLowerCase().includes(w));
    const matching = panels.filter(has).length;
    assert.ok(matching > WHAT_IF_SHOWN);
    assert.strictEqual(many.matching, matching);
    assert.strictEqual(many.options.length, Math.min(WHAT_IF_SHOWN, matching));
    const changes = many.options.map((o) => (isBuildingProblem(o.effect) ? Infinity : o.effect.change));
    for (let i = 1; i < changes.length; i++) assert.ok(changes[i - 1] <= changes[i], 'largest reduction first');
    assert.ok(many.options.every((o) => has(o.epd)));
    assert.deepStrictEqual(find('no such words').options, []);
  });

  it('the largest single changes stay within a material family (the seed\'s names as a person reads them)', () => {
    const same = (a: string, b: string): boolean => familyOf({ name: a }).id === familyOf({ name: b }).id && familyOf({ name: a }).id !== 'unknown';
    assert.ok(same('Ready-mix concrete C30/37', 'Ready-mix concrete C25/30'));
    assert.ok(same('EPS 035', 'EPS 035, 300 mm (per m²)'));
    assert.ok(same('Insulating glass, 3-pane', 'Float glass 4 mm'));
    assert.ok(!same('Ready-mix concrete C30/37', 'Mineral wool, general'));
    assert.ok(!same('Mineral wool, general', 'Ready-mix concrete, general'), '"general" says nothing of the kind');
  });
});

describe('alternatives: where a construction sits in a dashboard\'s breakdown', () => {
  it('names the construction by its service id, at any depth; undefined when the project does not use it', () => {
    const dashboard = {
      projectBreakdown: [
        { classificationCode: '(2-)', children: [{ classificationCode: '(22)', children: [{ constructionId: 'c-1', constructionName: 'Concrete wall 20 cm', materialsBreakdown: [] }] }] },
        { constructionId: 'c-2', constructionName: 'Flat roof', materialsBreakdown: [] },
      ],
    } as unknown as Dashboard;
    assert.strictEqual(breakdownNameOf(dashboard, 'c-1'), 'Concrete wall 20 cm');
    assert.strictEqual(breakdownNameOf(dashboard, 'c-2'), 'Flat roof');
    assert.strictEqual(breakdownNameOf(dashboard, 'c-3'), undefined);
    assert.strictEqual(breakdownNameOf({} as Dashboard, 'c-1'), undefined);
  });
});
