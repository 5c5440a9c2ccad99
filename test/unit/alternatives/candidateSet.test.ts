// One candidate set: Find Lower-Carbon Alternatives… (componentAlternatives), What if… (whatIfMaterials) and
// lca_find_alternatives draw from the same sources — the workspace's files, the Library, the service — so that the
// sample workspace's brick is offered the service's "Reused clay brick, outer leaf" on a component as on the
// dashboard, with the same job, basis and check. Against the local service, signed in as the demo user.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LcaClient } from '../../../src/client';
import { buildUpsOf, candidateSet, componentAlternatives, isBuildingProblem, isProblem, whatIfBasis, whatIfMaterials, whatIfOptions, type CandidateCache } from '../../../src/core/alternatives';
import { constructionFigures, inScope } from '../../../src/core/lca/construction';
import { constructionBody } from '../../../src/service/seed/constructions';
import { CONSTRUCTION_SPECS } from '../../../src/service/seed/constructions';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { BR18_DEFAULT_PHASES } from '../../../src/core/codes';
import { format } from '../../../src/core/l10n';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { epdDataOf } from '../../../src/core/lca/epd';
import { diskWorkspace, type MaterialCache } from '../../../src/core/workspace';
import { runTool } from '../../../src/core/tools';
import { PROJECT_IDS, materialId } from '../../../src/service/seed/ids';
import { REPO_ROOT } from '../../fixtures/paths';
import { DEMO_USER, startService, TestSession, type RunningService } from '../client/support/localService';

const REUSED = 'Reused clay brick, outer leaf (demo)';

describe('alternatives: one candidate set for the component, What if… and the tool', function () {
  this.timeout(60_000);
  let service: RunningService;
  let client: LcaClient;
  let root: string;
  const cache: CandidateCache = new Map();
  const materialCache: MaterialCache = new Map();

  before(async () => {
    service = await startService();
    const session = new TestSession(service.urls.authUrl, DEMO_USER);
    await session.signIn();
    client = new LcaClient({ urls: service.urls, getToken: () => Promise.resolve(session.token) });
    // The sample workspace as `npm start` opens it.
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-candidates-'));
    for (const f of ['outer-wall.construction.json', 'my-library.materials.json', 'concrete-c30-37.material.json']) fs.copyFileSync(path.join(REPO_ROOT, 'samples', f), path.join(root, f));
  });
  after(async () => {
    await service.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const ctx = () => ({ workspace: diskWorkspace([root], materialCache), codes: ASSUMED_CODES, rules: BR18_RULES, environment: { name: 'Local', epdUrl: service.urls.epdUrl, login: DEMO_USER.email }, service: client, candidateCache: cache });
  const wall = (): unknown => JSON.parse(fs.readFileSync(path.join(root, 'outer-wall.construction.json'), 'utf8'));

  it('the sample brick on its component is offered the service\'s reused brick, a facing brick for a facing brick in an external wall', async () => {
    const r = await componentAlternatives(ctx(), wall(), 0, { codes: ASSUMED_CODES, period: 50, limit: 30 });
    assert.ok(!isProblem(r), JSON.stringify(r));
    assert.strictEqual(r.subject.name, 'Clay brick, outer leaf');
    assert.deepStrictEqual([r.subject.job.part, r.subject.job.form], ['external-wall', 'facing']);
    const reused = r.alternatives.find((a) => a.name === REUSED);
    assert.ok(reused, `offered: ${r.alternatives.map((a) => a.name).join(', ')}`);
    assert.strictEqual(reused.source, 'service');
    assert.strictEqual(reused.check, undefined);
    assert.strictEqual(format(reused.basis.words), 'the same form (facing brick)');
  });

  it('What if… on the school\'s brick draws the same candidates, and offers the same reused brick first', async () => {
    const stages = [...BR18_DEFAULT_PHASES];
    const all = (await client.getDashboard(PROJECT_IDS.school, { stages })).dashboardsPerBranchPlusTotal;
    const materials = await whatIfMaterials(ctx(), all.Total);
    const component = await candidateSet(ctx(), { ids: ['d9bec1cd-5b40-5af0-b778-cfd39c04db4e'] });
    const ids = (list: readonly { epd: { id: string } }[]): string[] => [...new Set(list.map((c) => c.epd.id).filter(Boolean))].sort();
    // Every candidate of the component is one of What if…'s (What if… adds the school's own constructions' materials,
    // which are among the identity's projects' already).
    assert.deepStrictEqual(ids(component.candidates).filter((id) => !ids(materials.candidates).includes(id)), []);
    const basis = whatIfBasis({ all, stages, detail: await client.getProject(PROJECT_IDS.school) }, 'Total', { rules: BR18_RULES, codes: ASSUMED_CODES })!;
    const found = whatIfOptions(basis, materials, 'Clay brick, outer leaf', 50);
    assert.ok(!('problem' in found), JSON.stringify(found));
    assert.strictEqual(found.options[0].alternative.name, REUSED);
    assert.deepStrictEqual([found.job.part, found.job.form], ['external-wall', 'facing']);
  });

  it('lca_find_alternatives on the component answers the same candidates, each with its job, basis and any check', async () => {
    const r = (await runTool('lca_find_alternatives', { path: 'outer-wall.construction.json', component: 0, limit: 30 }, ctx())).result as {
      alternatives: { material: string; job: { form?: string; part?: string }; basis: string; worthChecking?: string }[];
    };
    const direct = await componentAlternatives(ctx(), wall(), 0, { codes: ASSUMED_CODES, period: 50, limit: 30 });
    assert.ok(!isProblem(direct));
    assert.deepStrictEqual(r.alternatives.map((a) => a.material), direct.alternatives.map((a) => a.name));
    const reused = r.alternatives.find((a) => a.material === REUSED)!;
    assert.deepStrictEqual(reused.job, { part: 'external-wall', partName: 'external walls', role: 'leaf', roleName: 'leaf (not load-bearing)', form: 'facing', formName: 'facing brick' });
    assert.strictEqual(reused.basis, 'The same form (facing brick)');
    assert.strictEqual(reused.worthChecking, undefined);
  });

  it('whole build-ups: the school\'s brick outer wall against the timber-frame outer wall of the workspace, the building\'s change worked out per m² of wall', async () => {
    const timber = constructionBody(CONSTRUCTION_SPECS.find((c) => c.key === 'timber-frame-wall')!);
    fs.writeFileSync(path.join(root, 'timber-wall.construction.json'), JSON.stringify({ ...timber, name: 'Timber frame outer wall (variant)' }, null, 2));
    try {
      const stages = [...BR18_DEFAULT_PHASES];
      const detail = await client.getProject(PROJECT_IDS.school);
      const all = (await client.getDashboard(PROJECT_IDS.school, { stages })).dashboardsPerBranchPlusTotal;
      const materials = await whatIfMaterials(ctx(), all.Total);
      const basis = whatIfBasis({ all, stages, detail }, 'Total', { rules: BR18_RULES, codes: ASSUMED_CODES })!;
      const [walls] = buildUpsOf(basis, 'Clay brick, outer leaf', materials.constructions!, { byName: materials.byName, lookup: materials.lookup! });
      assert.deepStrictEqual([walls.construction, walls.part], ['Outer wall, brick/mineral wool/concrete', 'external-wall']);
      assert.deepStrictEqual(walls.options.map((o) => o.name).sort(), ['My outer wall, brick/mineral wool/concrete', 'Timber frame outer wall (variant)']);
      const variant = walls.options.find((o) => o.name === 'Timber frame outer wall (variant)')!;
      assert.ok(!isBuildingProblem(variant.effect), JSON.stringify(variant.effect));
      // By the alternatives' construction figures: (timber − brick) per m² × the m² of wall, over the area and period.
      const perM2 = (value: unknown): number => inScope(constructionFigures(value, materials.lookup!, { codes: ASSUMED_CODES, period: 50 }).total!);
      const brick = constructionBody(CONSTRUCTION_SPECS.find((c) => c.key === 'outer-wall-brick')!);
      const leaf = all.Total.projectBreakdown!.flatMap(function walk(n): typeof n[] { return n.children?.length ? n.children.flatMap(walk) : [n]; }).find((n) => n.constructionName === walls.construction)!;
      const m2 = Number(leaf.materialsBreakdown![0].quantity);
      const expected = ((perM2(timber) - perM2(brick)) * m2) / (basis.facts.referenceArea! * 50);
      // (The breakdown's amounts are decimals the service rounded: equal to a millionth.)
      assert.ok(Math.abs(variant.effect.change - expected) < 1e-6 * Math.abs(expected), `${variant.effect.change} ≠ ${expected}`);
      assert.ok(variant.effect.change < 0, 'a timber-frame wall lowers the building');
      // The sample's own brick wall is the same build-up: no change.
      const same = walls.options.find((o) => o.name === 'My outer wall, brick/mineral wool/concrete')!.effect;
      assert.ok(!isBuildingProblem(same) && Math.abs(same.change) < 1e-6, JSON.stringify(same));
    } finally {
      fs.rmSync(path.join(root, 'timber-wall.construction.json'));
    }
  });

  it('a seeded material the Library knows is a candidate too, and the service\'s answers are read once per identity', async () => {
    const epd = epdDataOf(await client.getMaterial(materialId('brick')), ASSUMED_CODES, materialId('brick'));
    const library = { ...epd, id: 'library-only-brick', name: 'Library facing brick, outer leaf' };
    const index = await candidateSet({ ...ctx(), libraryMaterials: () => [{ id: library.id, epd: library, record: {} }] });
    assert.strictEqual(index.candidates.find((c) => c.epd.id === library.id)?.source, 'Library');
    assert.ok(cache.size === 1, 'the identity\'s projects were read once and kept');
  });
});
