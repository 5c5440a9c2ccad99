// lca_compare over the tools' own reading: two construction files, a file and an earlier commit of it in a git
// repository (the same difference as the two files of the same contents), two seeded projects (the verdict change),
// a project against a pinned baseline, and bad input named with what and where.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { UNIT } from '../../../src/core/codes';
import { baselineOf, baselineText, projectState } from '../../../src/core/compare';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { diskWorkspace, type ToolContext } from '../../../src/core/tools';
import { useSeededProjects } from '../export/support';
import { runTool } from './support';

const material = (uuid: string, name: string, a1a3: number) => ({
  name,
  originalUUID: uuid,
  originalVersion: '1',
  expectedLifespan: 100,
  declaredUnit: { declaredUnit: UNIT.M3, declaredValue: 1 },
  lciaResults: [{ moduleTypeEnum: 0, moduleStatusEnum: 2, indicators: [{ type: 'GWP_TOTAL', unit: 'kg CO2 eq', value: a1a3 }] }],
});
const BRICK = '00000000-0000-4000-8000-000000000001';
const WOOL = '00000000-0000-4000-8000-000000000002';
const wall = (brick: number) => ({ name: 'Outer wall', declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 }, constructionEpds: [{ epdId: BRICK, constructionUnit: { unit: UNIT.M3, amount: brick } }, { epdId: WOOL, constructionUnit: { unit: UNIT.M3, amount: 0.2 } }] });

type Answer = { difference: number; sumOfContributions: number; a: { figure: number }; b: { figure: number }; lines: { materialA: string; causes: string[]; contribution: number }[]; modules: { module: string; a: number | null; b: number | null; delta: number | null; deltaPercent: number | null }[]; verdictChange: { building: string | null }; notLikeForLike: string[] };

describe('lca_compare', () => {
  let root: string;
  let ctx: ToolContext;
  const write = (rel: string, value: unknown): void => fs.writeFileSync(path.join(root, rel), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  const compare = async (input: unknown, context = ctx): Promise<Answer> => {
    const answer = await runTool('lca_compare', input, context);
    assert.strictEqual(answer.isError, false, answer.text);
    return JSON.parse(answer.text) as Answer;
  };
  const refused = async (input: unknown): Promise<string> => {
    const answer = await runTool('lca_compare', input, ctx);
    assert.strictEqual(answer.isError, true, answer.text);
    return answer.text;
  };

  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-compare-'));
    write('walls.materials.json', [material(BRICK, 'Facing brick', 300), material(WOOL, 'Mineral wool', 50)]);
    write('a.construction.json', wall(0.1));
    write('b.construction.json', wall(0.12));
    // A repository with two commits of one construction: 0.1 m³ of brick, then 0.12.
    write('git.construction.json', wall(0.1));
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.dk', ...args], { cwd: root, stdio: 'pipe' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'first');
    write('git.construction.json', wall(0.12));
    git('commit', '-qam', 'second');
    ctx = { workspace: diskWorkspace([root]), codes: ASSUMED_CODES, rules: BR18_RULES, environment: { name: 'Local', epdUrl: 'https://epd.invalid' } };
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('two construction files: the brick its quantity, 0.02 m³ × 300 = 6 kg CO2e per m² more', async () => {
    const c = await compare({ a: { path: 'a.construction.json' }, b: { path: 'b.construction.json' } });
    assert.ok(Math.abs(c.difference - 6) < 1e-9, String(c.difference));
    assert.deepStrictEqual(c.lines.map((l) => [l.materialA, l.causes]), [['Facing brick', ['quantity']]]);
    assert.strictEqual(c.modules.find((m) => m.module === 'A1A3')?.delta, 6);
  });

  it('every figure of the answer to six significant digits, the modules\' too (no 2.0154999999999745)', async () => {
    // 0.1 m³ of brick at 300 and 0.2 of wool at 50 is 40; 0.108 m³ is 42.4, a difference of 2.4 — in floating point
    // 0.108 × 300 + 10 − 40 = 2.3999999999999986.
    write('c.construction.json', wall(0.108));
    const c = await compare({ a: { path: 'a.construction.json' }, b: { path: 'c.construction.json' } });
    const figures = [c.difference, c.a.figure, c.b.figure, ...c.modules.flatMap((m) => [m.a, m.b, m.delta, m.deltaPercent])].filter((x): x is number => typeof x === 'number');
    assert.ok(figures.length >= 10);
    for (const x of figures) assert.strictEqual(x, Number(x.toPrecision(6)), `${x} is not rounded`);
    assert.deepStrictEqual(c.modules.find((m) => m.module === 'A1A3'), { module: 'A1A3', a: 40, b: 42.4, delta: 2.4, deltaPercent: 6, apart: false });
  });

  it('a file against an earlier commit gives the same difference as the two files of the same contents', async () => {
    const files = await compare({ a: { path: 'a.construction.json' }, b: { path: 'b.construction.json' } });
    const history = await compare({ a: { path: 'git.construction.json', ref: 'HEAD~1' }, b: { path: 'git.construction.json' } });
    assert.deepStrictEqual([history.difference, history.lines.map((l) => l.causes)], [files.difference, files.lines.map((l) => l.causes)]);
    assert.match(await refused({ a: { path: 'git.construction.json', ref: 'no-such-branch' }, b: { path: 'git.construction.json' } }), /git cannot give git\.construction\.json at "no-such-branch"/);
  });

  it('bad input: not a construction, a file outside the workspace, two kinds of side, ref without path', async () => {
    assert.match(await refused({ a: { path: 'walls.materials.json' }, b: { path: 'a.construction.json' } }), /walls\.materials\.json is not a construction file/);
    assert.match(await refused({ a: { path: '../x.construction.json' }, b: { path: 'a.construction.json' } }), /outside/i);
    assert.match(await refused({ a: { path: 'a.construction.json', projectId: 'p' }, b: { path: 'a.construction.json' } }), /a: give exactly one of path/);
    assert.match(await refused({ a: { projectId: 'p', ref: 'HEAD' }, b: { path: 'a.construction.json' } }), /a: ref is read with path/);
    assert.match(await refused({ a: { projectId: 'p' }, b: { path: 'a.construction.json' } }), /no one is signed in/);
    // A component its lens cannot compute: which one and why, as the lens says it.
    write('unknown.construction.json', { ...wall(0.1), constructionEpds: [{ epdId: '00000000-0000-4000-8000-00000000dead', constructionUnit: { unit: UNIT.M3, amount: 1 } }] });
    assert.match(await refused({ a: { path: 'unknown.construction.json' }, b: { path: 'a.construction.json' } }), /^unknown\.construction\.json: component 1 cannot be computed: the material is not known yet \(it is looked up on the service when signed in\)/);
  });

  describe('projects', () => {
    const seeded = useSeededProjects();
    it('two seeded projects: the verdict change and the lines adding up; a project against its pinned baseline: no difference', async () => {
      const { client, office, school } = seeded();
      const signedIn: ToolContext = { ...ctx, service: client };
      const c = await compare({ a: { projectId: school.project.id }, b: { projectId: office.project.id } }, signedIn);
      assert.strictEqual(c.verdictChange.building, 'passesToFails');
      assert.ok(c.notLikeForLike.includes('referenceArea'));
      assert.ok(Math.abs(c.sumOfContributions - c.difference) < 1e-4);
      const state = projectState({ project: office.project, dashboard: office.dashboard, stages: office.stages, rules: BR18_RULES, codes: ASSUMED_CODES, source: 'office' });
      write('office.baseline.lca.json', baselineText(baselineOf(state, { project: { id: office.project.id, name: 'Kontorhus' } }, new Date('2026-11-29T08:00:00Z'))));
      const same = await compare({ a: { baseline: 'office.baseline.lca.json' }, b: { projectId: office.project.id } }, signedIn);
      assert.deepStrictEqual([same.difference, same.lines.length], [0, 0]);
      write('broken.baseline.lca.json', '{"format": "lca-workbench-baseline", "version": 1, "pinnedAt": 7}');
      const broken = await runTool('lca_compare', { a: { baseline: 'broken.baseline.lca.json' }, b: { projectId: office.project.id } }, signedIn);
      assert.match(broken.text, /broken\.baseline\.lca\.json:1:\d+: /);
    });

    it('a project id the service does not have, on either side: named, with where to find the ids', async () => {
      const { client, office } = seeded();
      const signedIn: ToolContext = { ...ctx, service: client };
      const missing = '00000000-0000-4000-8000-000000000404';
      for (const input of [{ a: { projectId: missing }, b: { projectId: office.project.id } }, { a: { projectId: office.project.id }, b: { projectId: missing } }]) {
        const answer = await runTool('lca_compare', input, signedIn);
        assert.deepStrictEqual([answer.isError, answer.text], [true, `Project "${missing}" not found: call lca_list_projects to see the project ids you can read.`]);
      }
    });
  });
});
