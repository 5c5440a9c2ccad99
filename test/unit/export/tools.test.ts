// The BR18 documentation for agents, through runTool as the language-model tools and the MCP server call it, against
// the local service over HTTP: the check lists the construction process of the 2025 project; the export plans first
// (nothing written), writes the workbook and the report only with write: true, and refuses to replace them without
// overwrite; signed out, both say to sign in.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runTool } from '../tools/support';
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
    assert.match(again.text, /^There already is .*: pass overwrite: true/);
    const outside = await runTool('lca_export_documentation', { projectId: PROJECT_IDS.office, path: '../elsewhere.xlsx' }, ctx);
    assert.ok(outside.isError);
    assert.match(outside.text, /outside the workspace/);
  });

  it('signed out, both say to sign in', async () => {
    const { service: _none, ...signedOut } = ctx;
    for (const tool of ['lca_check_submission', 'lca_export_documentation']) {
      const answer = await runTool(tool, { projectId: PROJECT_IDS.office }, signedOut);
      assert.ok(answer.isError);
      assert.match(answer.text, /^No one is signed in to Local, and lca_\w+ needs the LCA service: sign in/);
    }
  });

  it('judges EPD validity at the permit date of lca-submission.json and points a finding at its material\'s file and line', async () => {
    const { office } = seeded();
    // The first line's material as a workspace file (with its service id), and a permit date after every seeded EPD's expiry (2030-12-31).
    const [id, material] = [...office.materials.entries()][0];
    const text = JSON.stringify({ ...material, id }, null, 2) + '\n';
    fs.mkdirSync(path.join(dir, 'materials'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'materials', 'first.material.json'), text);
    // A bad BBR use code after the date: left empty, and the finding points at its line (5: one field a line).
    fs.writeFileSync(path.join(dir, 'lca-submission.json'), JSON.stringify({ projects: { [PROJECT_IDS.office]: { permitApplicationDate: '2031-01-15', bbrUseCode: '12' } } }, null, 2));
    try {
      const answer = await runTool('lca_check_submission', { projectId: PROJECT_IDS.office }, ctx);
      const r = JSON.parse(answer.text) as { findings: { check: string; where?: string; location?: string; message: string }[] };
      const expired = r.findings.filter((f) => f.check === 'expiredEpd');
      assert.ok(expired.length >= office.materials.size, 'every line\'s EPD has expired at the permit date');
      assert.match(expired[0].message, /expired on 2030-12-31, before the permit application date 2031-01-15/);
      const located = expired.filter((f) => f.location);
      const validToLine = text.split('\n').findIndex((l) => l.includes('"validTo"')) + 1;
      assert.ok(located.length >= 1);
      assert.ok(located.every((f) => f.location === `materials/first.material.json:${validToLine}`), JSON.stringify(located));
      assert.ok(located.every((f) => f.where!.endsWith(String(material.name))));
      const bad = r.findings.find((f) => f.check === 'leftEmpty' && f.message.includes('"12" is not a BBR use code'));
      assert.strictEqual(bad?.location, 'lca-submission.json:5');
      // The report beside the workbook links the file at the line, relative to the report (the link's text escaped
      // for Markdown, as every text from data; the report in English, as models read it, with its days so written).
      await runTool('lca_export_documentation', { projectId: PROJECT_IDS.office, path: 'out/office.xlsx', write: true }, ctx);
      const report = fs.readFileSync(path.join(dir, 'out', 'office.report.md'), 'utf8');
      assert.ok(report.includes(`([materials/first\\.material\\.json:${validToLine}](<../materials/first.material.json#L${validToLine}>))`), report);
      assert.match(report, /the EPD expired on 31 Dec 2030, before the permit application date 15 Jan 2031/);
    } finally {
      fs.rmSync(path.join(dir, 'lca-submission.json'));
      fs.rmSync(path.join(dir, 'materials'), { recursive: true });
    }
  });
});
