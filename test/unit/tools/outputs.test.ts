// Every tool's answer is what its output schema says: each tool called as a model calls it, signed in to the local
// service, on the tool tests' workspace — every shape of answer it has (a dry run and a write, a component, a material
// file, a material id and a project) — and each answer checked against the schema with ajv (support.ts's runTool).
// The workspace's bulk-create record is of EPD_URL's environment: its rows have service ids there.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { diskWorkspace, TOOLS, type ToolContext } from '../../../src/core/tools';
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { startService, TestSession, type RunningService } from '../client/support/localService';
import { EPD_URL, makeWorkspace, outputMisfit, runTool, t7 } from './support';

describe('tools for agents: every answer fits its output schema', function () {
  this.timeout(60_000);
  const root = makeWorkspace();
  let service: RunningService;
  let ctx: ToolContext;
  const answered = new Set<string>();

  before(async () => {
    service = await startService();
    const session = new TestSession(service.urls.authUrl);
    await session.signIn();
    ctx = { workspace: diskWorkspace([root]), codes: ASSUMED_CODES, rules: BR18_RULES, service: session.client(service.urls), environment: { name: 'Local', epdUrl: EPD_URL, login: 'demo@example.com' } };
  });
  after(async () => {
    await service?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const calls: [string, Record<string, unknown>][] = [
    ['lca_check_files', { paths: ['walls', 'library'], maxFindings: 1 }],
    ['lca_preview_construction', { path: 'walls/concrete.construction.json' }],
    ['lca_preview_construction', { path: 'walls/concrete.construction.json', substitutions: [{ component: 0, epdId: t7('#B1425') }], period: 60 }],
    ['lca_preview_construction', { path: 'walls/broken.construction.json' }],
    ['lca_search_materials', { query: 'beton', limit: 2 }],
    ['lca_search_materials', { declaredUnit: 'M3', gwpMin: 100, gwpMax: 250 }],
    ['lca_find_alternatives', { path: 'walls/concrete.construction.json', component: 0 }],
    ['lca_find_alternatives', { path: 'library/tabel7.materials.json', component: 0, anyFamily: true, limit: 3 }],
    ['lca_find_alternatives', { epdId: t7('#B1477'), onlyLower: false }],
    ['lca_find_alternatives', { projectId: PROJECT_IDS.office }],
    ['lca_list_projects', {}],
    ['lca_list_projects', { limit: 1 }],
    ['lca_project_result', { projectId: PROJECT_IDS.office }],
    ['lca_project_result', { projectId: PROJECT_IDS.terraced, stages: ['A1A3', 'D'] }],
    ['lca_import_epds', { paths: ['downloads/tabel7.csv'] }],
    ['lca_import_epds', { paths: ['downloads/tabel7.csv'], write: true }],
    ['lca_bulk_create', { path: 'library/tabel7.materials.json' }],
    ['lca_check_submission', { projectId: PROJECT_IDS.office }],
    ['lca_export_documentation', { projectId: PROJECT_IDS.office }],
    ['lca_export_documentation', { projectId: PROJECT_IDS.school, path: 'out/school.br18.xlsx', write: true }],
    ['lca_export_constructions', { paths: ['walls/concrete.construction.json'], format: 'lcabyg' }],
    ['lca_export_constructions', { paths: ['walls/concrete.construction.json'], format: 'lcax', write: true }],
    ['lca_compare', { a: { path: 'walls/concrete.construction.json' }, b: { path: 'walls/concrete.construction.json' } }],
    ['lca_compare', { a: { projectId: PROJECT_IDS.school }, b: { projectId: PROJECT_IDS.office }, limit: 3 }],
  ];
  for (const [name, input] of calls) {
    it(`${name} ${JSON.stringify(input)}`, async () => {
      const answer = await runTool(name, input, ctx);
      assert.strictEqual(answer.isError, false, answer.text);
      answered.add(name);
    });
  }

  it('every tool was answered and checked', () => {
    assert.deepStrictEqual([...answered].sort(), TOOLS.map((t) => t.name).sort());
    assert.ok(fs.existsSync(path.join(root, 'out', 'school.br18.xlsx')));
  });

  it('each schema refuses what its tool does not answer', () => {
    for (const t of TOOLS) {
      assert.strictEqual(t.outputSchema.type, 'object', t.name);
      assert.ok(outputMisfit(t.name, {}), `${t.name}'s schema takes an empty answer`);
      assert.ok(outputMisfit(t.name, { unknown: 1 }), `${t.name}'s schema takes an unknown property`);
    }
  });
});
