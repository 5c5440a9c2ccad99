// Comparing two states: constructions read as their lens reads them, projects as their dashboard (against the local
// service's own summary), the line diff's causes on hand-worked states, the contributions adding up to the headline
// difference on random pairs of states, the like-for-like split, and the baseline file read back or refused.
import * as assert from 'assert';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { UNIT } from '../../../src/core/codes';
import { baselineOf, baselineText, compareStates, currentOf, projectState, readBaseline, type CompareLine, type CompareState } from '../../../src/core/compare';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { format } from '../../../src/core/l10n';
import { readSeeded, useSeededProjects } from '../export/support';
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { compared, side, wall } from './support';

describe('compare: two constructions as their lenses read them', () => {
  const a = side(wall([['brick', 0.1], ['wool', 0.2]]), 'a.construction.json');
  const b = side(wall([['brick', 0.12], ['fibre', 0.2]]), 'b.construction.json');
  const c = compared(a, b);

  it('the modules differ by the difference of the two previews', () => {
    // By hand, per m² over 50 years: A: brick 0.1 × 300 = 30; wool 0.2 × 50 = 10 A1-A3, 0.2 × 10 = 2 C3, no
    // replacement (50 of 50). B: brick 0.12 × 300 = 36; fibre 0.2 × 20 = 4, C3 0.2 × 5 = 1.
    const row = (m: string) => c.modules.find((r) => r.module === m);
    assert.deepStrictEqual([row('A1A3')?.a, row('A1A3')?.b, row('A1A3')?.delta], [40, 40, 0]);
    assert.deepStrictEqual([row('C3')?.a, row('C3')?.b, row('C3')?.delta], [2, 1, -1]);
    assert.strictEqual(c.difference, b.figure - a.figure);
    assert.ok(Math.abs(c.difference - -1) < 1e-12);
  });

  it('each line has its cause: the brick its quantity, the wool replaced by the wood fibre', () => {
    const brick = c.lines.find((l) => l.materialA === 'Facing brick');
    const wool = c.lines.find((l) => l.materialA === 'Mineral wool');
    assert.deepStrictEqual(brick?.causes, ['quantity']);
    assert.ok(Math.abs(brick!.contribution - 6) < 1e-12);
    assert.deepStrictEqual([wool?.materialB, wool?.causes], ['Wood fibre', ['materialReplaced']]);
    assert.ok(Math.abs(wool!.contribution - -7) < 1e-12);
    assert.ok(Math.abs(c.sumOfContributions - c.difference) < 1e-12);
  });

  it('a service life set on a component is its cause; a line added or removed says so', () => {
    const shorter = side(wall([['brick', 0.1], ['wool', 0.2, 20]]), 'c.construction.json');
    const life = compared(a, shorter).lines;
    assert.deepStrictEqual(life.map((l) => l.causes), [['serviceLife']]);
    const more = side(wall([['brick', 0.1], ['wool', 0.2], ['fibre', 0.1]]), 'd.construction.json');
    const added = compared(a, more).lines;
    assert.deepStrictEqual(added.map((l) => [l.materialB, l.causes]), [['Wood fibre', ['added']]]);
  });

  it('a thicker layer or a smaller share is a change of quantity; the same layer written another way is none', () => {
    // Insulation written per m² with its thickness, as the sample wall writes it: 1 m² × 0.195 m, then 0.245 m.
    const layer = (amount: number, height: number, percentage?: number) => ({
      ...wall([]),
      constructionEpds: [{ epdId: 'wool', constructionUnit: { unit: UNIT.M2, amount, height, ...(percentage !== undefined ? { percentage } : {}) } }],
    });
    const thin = side(layer(1, 0.195), 'thin.construction.json');
    const thick = compared(thin, side(layer(1, 0.245), 'thick.construction.json'));
    // 0.05 m³ more wool: 0.05 × (50 + 10) = 3 kg CO2e per m².
    assert.deepStrictEqual(thick.lines.map((l) => l.causes), [['quantity']]);
    assert.ok(Math.abs(thick.difference - 3) < 1e-9, String(thick.difference));
    const half = compared(thin, side(layer(1, 0.195, 50), 'half.construction.json'));
    assert.deepStrictEqual(half.lines.map((l) => l.causes), [['quantity']]);
    // 0.195 m² at 1 m is the same 0.195 m³: no line changed.
    assert.deepStrictEqual(compared(thin, side(layer(0.195, 1), 'same.construction.json')).lines, []);
  });

  it('two constructions of other declared units, or a project against a construction, are refused with both named', () => {
    const perM3 = { ...wall([['brick', 1]]), declaredUnit: { declaredUnit: UNIT.M3, declaredValue: 1 } };
    const other = compareStates(a, side(perM3, 'block.construction.json'));
    assert.ok('problem' in other);
    assert.match(format(other.problem), /a\.construction\.json is in kg CO2e \/ 1 m² and block\.construction\.json in kg CO2e \/ 1 m³/);
  });
});

/** A random state: lines in a few parts and constructions, some shared with another state. */
function randomState(seed: () => number, pool: CompareLine[], area: number, period: number): CompareState {
  const lines: CompareLine[] = pool.filter(() => seed() < 0.7).map((l) => ({ ...l, figure: seed() < 0.5 ? l.figure : l.figure * (0.5 + seed()), amount: seed() < 0.5 ? l.amount : (l.amount ?? 1) * 2 }));
  if (seed() < 0.5) lines.push({ part: 'P9', construction: 'Extra', material: `M${Math.floor(seed() * 1000)}`, figure: seed() * 3 });
  const inLines = lines.reduce((s, l) => s + l.figure, 0);
  return {
    kind: 'project',
    name: 'x',
    source: `s${seed()}`,
    unit: 'kg CO2e/m²/yr',
    basis: { referenceArea: area, period, indicator: 'GWP total', stages: ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'] },
    perPhase: { A1A3: inLines, B6: seed() * 2 },
    figure: inLines + seed() * 2,
    lines,
  };
}

describe('compare: the contributions add up to the headline difference', () => {
  it('for 500 random pairs of states (lines shared, changed, added, removed, duplicated; areas and periods apart)', () => {
    let x = 42;
    const seed = (): number => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let i = 0; i < 500; i++) {
      const pool: CompareLine[] = Array.from({ length: 1 + Math.floor(seed() * 30) }, (_, k) => ({
        part: `P${k % 4}`,
        construction: `C${k % 7}`,
        material: `M${Math.floor(seed() * 12)}`,
        amount: seed() * 100,
        unit: 'm3',
        figure: seed() * 5 - 1,
      }));
      const a = randomState(seed, pool, 100 + seed() * 5000, 50);
      const b = randomState(seed, pool, seed() < 0.5 ? a.basis.referenceArea! : 100 + seed() * 5000, seed() < 0.5 ? 50 : 60);
      const c = compared(a, b);
      assert.ok(Math.abs(c.sumOfContributions - c.difference) < 1e-9, `pair ${i}: ${c.sumOfContributions} against ${c.difference}`);
      assert.ok(Math.abs(c.likeForLike.fromBasis + c.likeForLike.fromContent - c.difference) < 1e-9);
      const shown = c.lines.reduce((s, l) => s + l.contribution, 0);
      assert.ok(Math.abs(shown - c.difference) < 1e-9, `pair ${i}: the lines shown add up to ${shown}, not ${c.difference}`);
    }
  });
});

describe('compare: two seeded projects as their dashboards read them', () => {
  const seeded = useSeededProjects();
  const stateOf = (read: ReturnType<typeof seeded>['office'], source: string) =>
    projectState({ project: read.project, dashboard: read.dashboard, stages: read.stages, rules: BR18_RULES, codes: ASSUMED_CODES, source });

  it("each side's figure and verdict are the local service's summary's", async () => {
    const { client, office } = seeded();
    const state = stateOf(office, 'office');
    const summary = await client.getDashboardSummary(office.project.id, { stages: [...office.stages] as never });
    assert.strictEqual(state.verdict?.kind, 'verdict');
    if (state.verdict?.kind !== 'verdict') return;
    assert.strictEqual(state.verdict.building.value.toFixed(1), Number(summary.used).toFixed(1));
    assert.strictEqual(state.verdict.building.passes, summary.passes);
    assert.strictEqual(state.basis.referenceArea, Number(summary.referenceArea));
    for (const [phase, v] of Object.entries(summary.perPhase ?? {})) assert.strictEqual(state.perPhase[phase as 'A1A3'], Number(v), phase);
  });

  it('office against school: not like for like (rule set, area), the verdict change marked, the lines adding up', () => {
    const { office, school } = seeded();
    const c = compared(stateOf(school, 'school'), stateOf(office, 'office'));
    assert.ok(c.likeForLike.differs.includes('ruleSet') && c.likeForLike.differs.includes('referenceArea'), c.likeForLike.differs.join());
    assert.strictEqual(c.verdictChange.building, 'passesToFails');
    assert.ok(Math.abs(c.sumOfContributions - c.difference) < 1e-9);
    // The seeded office and school share constructions: those lines changed in quantity over another area; the office's green roof is not in the school.
    assert.ok(c.lines.some((l) => l.causes.includes('removed')) && c.lines.some((l) => l.causes.join() === 'quantity,areaPeriod'));
    const outside = c.lines.find((l) => l.causes.includes('outside'));
    assert.ok(outside, 'the part of the figures outside the breakdown lines (B6) is a row of its own');
    // …and a part of the waterfall of its own, not merged with lines that state no classification.
    assert.deepStrictEqual(c.parts.filter((p) => p.outside).map((p) => p.delta), [outside.contribution]);
  });

  it('office against its timber variant (a seeded project of its own): like for like, the verdict flips, the decks and walls explain it', async () => {
    const { client, office } = seeded();
    const variant = await readSeeded(client, PROJECT_IDS.officeTimber);
    const c = compared(stateOf(office, 'office'), stateOf(variant, 'variant'));
    assert.deepStrictEqual(c.likeForLike.differs, [], 'same rules, area, period, indicator and stages');
    assert.strictEqual(c.likeForLike.fromBasis, 0);
    assert.strictEqual(c.verdictChange.building, 'failsToPasses');
    assert.ok(c.difference < 0);
    assert.ok(Math.abs(c.sumOfContributions - c.difference) < 1e-9);
    const byPart = new Map(c.parts.map((p) => [p.part, p.delta]));
    const decks = [...byPart].find(([p]) => p.includes('(23.'));
    const walls = [...byPart].find(([p]) => p.includes('(21.'));
    assert.ok(decks && decks[1] < 0 && walls && walls[1] < 0, JSON.stringify(c.parts));
    for (const [part, delta] of byPart) if (/\((16|22|31|34|43|47)\.\d\)/.test(part)) assert.ok(Math.abs(delta) < 1e-9, `${part} is the same in both, yet differs by ${delta}`);
    // B6 is the same on both sides: what no line holds did not change — 0, not the floating point's −4.4e-16.
    assert.deepStrictEqual(c.parts.filter((p) => Math.abs(p.delta) < 1e-9).map((p) => p.delta).filter((d) => d !== 0), []);
    assert.strictEqual(c.parts.find((p) => p.outside)?.delta ?? 0, 0);
    const replaced = c.lines.filter((l) => l.part.includes('(23.1)'));
    assert.ok(replaced.some((l) => l.causes.includes('removed')) && replaced.some((l) => l.causes.includes('added')), 'the hollow-core deck removed, the CLT deck added');
  });

  it('a pinned baseline reads back as the state it was; a damaged or foreign file is refused at its line', () => {
    const { office } = seeded();
    const state = stateOf(office, 'office');
    const text = baselineText(baselineOf(state, { project: { id: office.project.id, name: 'Kontorhus' } }, new Date('2026-11-29T10:00:00Z')));
    const read = readBaseline(text, 'kontorhus.baseline.lca.json');
    assert.ok('baseline' in read, 'problem' in read ? format(read.problem) : '');
    assert.deepStrictEqual(read.baseline.state, state);
    assert.strictEqual(compared(read.baseline.state, state).difference, 0);
    const damaged = readBaseline(text.replace('"figure": ', '"figure": "x", "y": '), 'k.baseline.lca.json');
    assert.ok('problem' in damaged);
    assert.match(format(damaged.problem), /^k\.baseline\.lca\.json:\d+:\d+: /);
    const foreign = readBaseline('{"name": "Outer wall"}', 'wall.json');
    assert.ok('problem' in foreign);
    assert.match(format(foreign.problem), /wall\.json is not a baseline of LCA Workbench/);
    assert.deepStrictEqual(currentOf(read.baseline), { projectId: office.project.id });
    const neither = readBaseline(text.replace(/"project": \{[^}]*\},/, ''), 'k.baseline.lca.json');
    assert.ok('problem' in neither, 'a baseline of nothing is refused');
    const broken = readBaseline('{"format": ', 'cut.baseline.lca.json');
    assert.ok('problem' in broken);
    assert.match(format(broken.problem), /^cut\.baseline\.lca\.json:1:\d+ is not JSON/);
  });
  it('a construction file pinned as a baseline reads back as its state and is compared with the file it names', () => {
    const before = side(wall([['brick', 0.108], ['wool', 0.2]]), 'walls/outer.construction.json');
    const text = baselineText(baselineOf(before, { construction: { path: 'walls/outer.construction.json', name: 'Outer wall' } }, new Date('2026-11-29T10:00:00Z')));
    const read = readBaseline(text, 'outer.baseline.lca.json');
    assert.ok('baseline' in read, 'problem' in read ? format(read.problem) : '');
    assert.deepStrictEqual(read.baseline.state, before);
    assert.deepStrictEqual(currentOf(read.baseline), { path: 'walls/outer.construction.json' });
    // Mineral wool replaced by wood fibre since: the replacement and its difference, by hand: 0.2 × ((20 + 5) − (50 + 10)) = −7.
    const c = compared(read.baseline.state, side(wall([['brick', 0.108], ['fibre', 0.2]]), 'walls/outer.construction.json'));
    assert.ok(Math.abs(c.difference - -7) < 1e-9, String(c.difference));
    assert.ok(c.lines.some((l) => l.causes.includes('materialReplaced')), c.lines.map((l) => l.causes.join()).join(' | '));
    const both = JSON.parse(text) as Record<string, unknown>;
    both.project = { id: 'p', name: 'P' };
    assert.ok('problem' in readBaseline(JSON.stringify(both), 'both.baseline.lca.json'), 'a baseline of a project and a construction at once is refused');
  });
});
