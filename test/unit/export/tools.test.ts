// The BR18 documentation for agents, through runTool as the language-model tools and the MCP server call it, against
// the local service over HTTP: the check lists the construction process of the 2025 project; the export plans first
// (nothing written), writes the workbook and the report only with write: true, and refuses to replace them without
// overwrite; signed out, both say to sign in.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runTool } from '../../../src/core/tools';
import { diskWorkspace } from '../../../src/core/workspace';
import type { ToolContext } from '../../../src/core/tools/types';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { loadLcax, useSeededProjects } from './support';

describe('tools for agents: lca_check_submission and lca_export_documentation', function () {
  this.timeout(30_000);
  const seeded = useSeededProjects();
  let ctx: ToolContext;
  let dir: string;
  before(() => {
    const { client, service } = seeded();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-br18-tools-'));
    ctx = { workspace: diskWorkspace([dir]), codes: ASSUMED_CODES, rules: BR18_RULES, service: client, environment: { name: 'Local', epdUrl: service.urls.epdUrl } };
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lca_check_submission gives the verdicts and each finding with where it is', async () => {
    const answer = await runTool('lca_check_submission', { projectId: PROJECT_IDS.office }, ctx);
    assert.ok(!answer.isError, answer.text);
    const r = JSON.parse(answer.text) as { br18: { constructionProcess?: { limit: number } }; findings: { check: string; where?: string }[] };
    assert.strictEqual(r.br18.constructionProcess?.limit, 1.5);
    assert.ok(r.findings.some((f) => f.check === 'buildingOverLimit'));
    assert.ok(r.findings.some((f) => f.check === 'notMapped' && f.where === '(3-) Completions › (34) Balustrades and railings › (34.1) Railings'));
  });

  it('lca_export_documentation plans first, writes only with write: true, and does not replace without overwrite', async () => {
    const plan = JSON.parse((await runTool('lca_export_documentation', { projectId: PROJECT_IDS.office }, ctx)).text) as { dryRun: boolean; workbook: string; report: string; sheets: { name: string; rows: number }[] };
    assert.strictEqual(plan.dryRun, true);
    assert.strictEqual(plan.workbook, 'kontorhus-havnegade.br18.xlsx');
    assert.deepStrictEqual(plan.sheets.map((s) => s.name), ['Generel information', 'Bygningsdele', 'Drift']);
    assert.deepStrictEqual(fs.readdirSync(dir), [], 'a dry run writes nothing');

    const written = await runTool('lca_export_documentation', { projectId: PROJECT_IDS.office, write: true }, ctx);
    assert.ok(!written.isError, written.text);
    const bytes = fs.readFileSync(path.join(dir, 'kontorhus-havnegade.br18.xlsx'));
    const project = (await loadLcax()).convertBRStandard('x', new Uint8Array(bytes));
    assert.ok((project.results?.gwp.a1a3 ?? 0) > 0, 'LCAx reads the written file');
    assert.match(fs.readFileSync(path.join(dir, 'kontorhus-havnegade.br18.report.md'), 'utf8'), /^# Check Before Submission: Kontorhus Havnegade/);

    const again = await runTool('lca_export_documentation', { projectId: PROJECT_IDS.office, write: true }, ctx);
    assert.ok(again.isError);
    assert.match(again.text, /exists: pass overwrite: true/);
    const outside = await runTool('lca_export_documentation', { projectId: PROJECT_IDS.office, path: '../elsewhere.xlsx' }, ctx);
    assert.ok(outside.isError);
    assert.match(outside.text, /outside the workspace/);
  });

  it('signed out, both say to sign in', async () => {
    const { service: _none, ...signedOut } = ctx;
    for (const tool of ['lca_check_submission', 'lca_export_documentation']) {
      const answer = await runTool(tool, { projectId: PROJECT_IDS.office }, signedOut);
      assert.ok(answer.isError);
      assert.match(answer.text, /needs a sign-in/);
    }
  });
});
