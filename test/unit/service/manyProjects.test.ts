// `--projects <n>` and `--scale-elements <n>`: generated projects for the Projects tree and the dashboard at scale,
// listed and filtered through GetProjectList like any other, kept out of the data folder; the command line checks them.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { GET_PROJECT_LIST_QUERY } from '../../../src/core/graphql/getProjectList';
import { parseArgs } from '../../../src/service/main';
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { manyProjectName } from '../../../src/service/seed/projects';
import { call, signIn, startHarness, type Harness } from './support/harness';

interface Row {
  id: string;
  name: string;
  role: string;
  location: { city: string };
}

describe('local service: generated projects (--projects, --scale-elements)', function () {
  this.timeout(60_000);
  let h: Harness;
  let demo: string;
  const list = async (variables: Record<string, unknown> = {}, token = demo): Promise<Row[]> => {
    const r = await call<{ data?: { project: Row[] } }>('POST', `${h.service.urls.graphqlUrl}/v1/graphql`, { token, body: { operationName: 'GetProjectList', query: GET_PROJECT_LIST_QUERY, variables } });
    assert.ok(r.body.data, r.text.slice(0, 300));
    return r.body.data.project;
  };

  before(async () => {
    h = await startHarness({ projects: 5000, scaleElements: 30_000 });
    demo = await signIn(h, 'demo');
  });
  after(() => h.cleanup());

  it('lists all 5,000 generated projects to the demo user besides the seeded ones, and none to another tenant', async () => {
    const names = new Set((await list()).map((p) => p.name));
    const generated = Array.from({ length: 5000 }, (_, i) => manyProjectName(i));
    assert.deepStrictEqual(generated.filter((n) => !names.has(n)), []);
    assert.ok(names.has('Skolen ved Søen'), 'the seeded projects are still there');
    const other = await list({}, await signIn(h, 'other'));
    assert.deepStrictEqual(other.filter((p) => generated.includes(p.name)), []);
  });

  it('filters them by name, city and role as the tree asks', async () => {
    const byName = await list({ whereName: { _ilike: '%odense 00%' } });
    const expected = Array.from({ length: 5000 }, (_, i) => manyProjectName(i)).filter((n) => /odense 00/i.test(n));
    assert.deepStrictEqual(byName.map((p) => p.name).sort(), expected.sort());
    const inVejle = await list({ whereLocation: { city: { _ilike: '%Vejle%' } }, whereRole: { _eq: 'Viewer' } });
    assert.ok(inVejle.length > 100, `${inVejle.length} viewer projects in Vejle`);
    assert.ok(inVejle.every((p) => p.location.city === 'Vejle' && p.role === 'Viewer'));
  });

  it('keeps generated projects out of the data folder', () => {
    assert.ok(!fs.readFileSync(path.join(h.dataDir, 'state.json'), 'utf8').includes(manyProjectName(0)));
  });

  it('gives the scale project the number of elements asked for', async () => {
    const r = await call<{ dashboardsPerBranchPlusTotal: Record<string, { elementCount?: number }> }>('POST', `${h.service.urls.baseUrl}/dashboard/${PROJECT_IDS.scale}`, { token: demo, body: {} });
    assert.strictEqual(r.status, 200, r.text.slice(0, 300));
    const summary = await call<{ elements: number }>('POST', `${h.service.urls.baseUrl}/dashboard/${PROJECT_IDS.scale}/summary`, { token: demo, body: {} });
    assert.strictEqual(summary.body.elements, 30_000);
  });

  it('takes --projects and --scale-elements on the command line, and refuses a count that is not a whole number', () => {
    const opts = parseArgs(['--projects', '5000', '--scale-elements', '100000']);
    assert.strictEqual(opts.projects, 5000);
    assert.strictEqual(opts.scaleElements, 100_000);
    assert.throws(() => parseArgs(['--projects', 'many']), /--projects must be a whole number from 1 to 1,000,000/);
    assert.throws(() => parseArgs(['--scale-elements', '0']), /--scale-elements must be a whole number/);
  });
});
