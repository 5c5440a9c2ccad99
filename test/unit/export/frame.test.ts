// The one export frame, with each exporter (BR18 documentation, LCAbyg, LCAx, the LCAx of a project's breakdown, the
// dashboard's CSV and JSON, a chart's picture) made into an agent tool by the one builder: the report goes beside the
// file (`x.ext` → `x.report.md`); a dry run says which files and writes none; write: true writes the file, read back
// by a reader no one here wrote where the format has one, and its report; a second write is refused without
// overwrite; a path outside the workspace or of another kind is refused; nothing is written when there is nothing
// to write.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import readXlsxFile from 'read-excel-file/node';
import { reportPathOf, type Exporter } from '../../../src/core/export/frame';
import { br18Exporter } from '../../../src/core/export/br18';
import { lcabygExporter, lcaxExporter, projectLcaxExporter, type ConstructionsExport } from '../../../src/core/export/exchange';
import { CHART_PICTURE, DASHBOARD_EXPORTERS, type DashboardExport } from '../../../src/core/export/dashboard';
import { exportTool } from '../../../src/core/tools/exportTool';
import { diskWorkspace } from '../../../src/core/workspace';
import type { ToolContext } from '../../../src/core/tools/types';
import type { DashboardResponse } from '../../../src/core/api/types';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { readFixture } from '../../fixtures/paths';
import { exchangeOf, samples, seededDocs, software } from './exchangeSupport';
import { exportInput, loadLcax, useSeededProjects } from './support';

type Json = Record<string, unknown>;

/** An agent tool of one exporter and its input, as lca_export_documentation and lca_export_constructions are made. */
function toolOf<I, D>(exporter: Exporter<I, D>, input: I) {
  return exportTool({
    name: `lca_export_${exporter.id}`,
    title: exporter.id,
    description: exporter.id,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    planSchema: { properties: { file: { type: 'string' }, report: { type: 'string' }, filesExist: { type: 'boolean' }, hasReport: { type: 'boolean' } } },
    read: async () => ({ exporter, input, path: `out/export${exporter.ending}` }),
    plan: (built, { files }) => ({ file: files.file, report: files.report, filesExist: files.filesExist, hasReport: built.report !== undefined }),
  });
}

const constructions = (list = samples()): ConstructionsExport => ({ constructions: list, material: (id) => seededDocs.get(id), codes: ASSUMED_CODES, software, name: 'walls' });
const dashboard: DashboardExport = { response: JSON.parse(readFixture('dashboard', 'project-dashboard.json')) as DashboardResponse, unit: 'kg CO2e/m²/yr' };
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

describe('the export frame: every exporter through the one tool builder', function () {
  this.timeout(60_000);
  const seeded = useSeededProjects();
  let dir: string;
  let ctx: ToolContext;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-frame-'));
    ctx = { workspace: diskWorkspace([dir]), codes: ASSUMED_CODES, rules: BR18_RULES, environment: { name: 'Local', epdUrl: 'http://127.0.0.1:1' } };
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('puts the report beside the file: the last extension replaced by .report.md', () => {
    assert.strictEqual(reportPathOf('/w/kontorhus.br18.xlsx'), '/w/kontorhus.br18.report.md');
    assert.strictEqual(reportPathOf('walls/wall.lcabyg.json'), 'walls/wall.lcabyg.report.md');
    assert.strictEqual(reportPathOf('C:\\w\\a.lcax.json'), 'C:\\w\\a.lcax.report.md');
    assert.strictEqual(reportPathOf('/w.d/noext'), '/w.d/noext.report.md');
  });

  /** Each exporter, its input, and what a reader of its format finds in the written file (throws when it cannot read it). */
  const cases: { name: string; tool: () => ReturnType<typeof toolOf>; report?: RegExp; read: (file: string) => Promise<void> | void }[] = [
    {
      name: 'BR18 documentation',
      tool: () => toolOf(br18Exporter, exportInput(seeded().office)),
      report: /^# Check Before Submission: Kontorhus Havnegade\n\n\*\*2 finding\(s\) a reviewer would question\.\*\* They do not block the export\.\n\n\d+ field\(s\) the data does not fill are listed apart, at the end\.\n\nChecked on 1 Jan 2026\.\nBR18 documentation written to export\\\.br18\\\.xlsx\./,
      read: async (file) => assert.deepStrictEqual((await readXlsxFile(fs.readFileSync(file))).map((s) => s.sheet), ['Generel information', 'Bygningsdele', 'Drift']),
    },
    {
      name: 'LCAbyg component file',
      tool: () => toolOf(lcabygExporter, constructions()),
      report: /^# LCAbyg export: export\.lcabyg\.json\n/,
      read: (file) => assert.ok((JSON.parse(fs.readFileSync(file, 'utf8')) as Json[]).some((i) => 'Node' in i && 'Construction' in (i.Node as Json))),
    },
    {
      name: 'LCAx project of constructions',
      tool: () => toolOf(lcaxExporter, constructions()),
      report: /^# LCAx export: export\.lcax\.json\n/,
      read: async (file) => assert.strictEqual((await loadLcax()).validate(JSON.parse(fs.readFileSync(file, 'utf8')), []).length, 0),
    },
    {
      name: 'LCAx project of a project\'s breakdown',
      tool: () => toolOf(projectLcaxExporter, exportInput(seeded().office)),
      report: /^# LCAx export: export\.lcax\.json\n/,
      read: async (file) => assert.strictEqual((JSON.parse(fs.readFileSync(file, 'utf8')) as Json).name, 'Kontorhus Havnegade'),
    },
    {
      name: 'dashboard breakdown CSV',
      tool: () => toolOf(DASHBOARD_EXPORTERS.csvBreakdown, dashboard),
      read: (file) => assert.match(fs.readFileSync(file, 'utf8'), /^\ufeff[^\r\n]+,[^\r\n]+\r\n/),
    },
    {
      name: 'dashboard phases CSV',
      tool: () => toolOf(DASHBOARD_EXPORTERS.csvPhases, dashboard),
      read: (file) => assert.match(fs.readFileSync(file, 'utf8'), /^\ufeff[^\r\n]+,[^\r\n]+\r\n/),
    },
    {
      name: 'dashboard JSON',
      tool: () => toolOf(DASHBOARD_EXPORTERS.json, dashboard),
      read: (file) => assert.deepStrictEqual(JSON.parse(fs.readFileSync(file, 'utf8')), dashboard.response),
    },
    {
      name: 'chart picture',
      tool: () => toolOf(CHART_PICTURE, PNG),
      read: (file) => assert.deepStrictEqual(new Uint8Array(fs.readFileSync(file)), PNG),
    },
  ];

  for (const c of cases) {
    it(`${c.name}: plans, writes the file${c.report ? ' and its report' : ''}, refuses to replace without overwrite and to leave the workspace`, async () => {
      const tool = c.tool();
      const plan = (await tool.run({}, ctx)) as Json;
      const ending = (plan.file as string).slice('out/export'.length);
      assert.deepStrictEqual(plan, { dryRun: true, file: `out/export${ending}`, report: reportPathOf(`out/export${ending}`), filesExist: false, hasReport: !!c.report, next: 'Call again with write: true to write the files.' });
      assert.deepStrictEqual(fs.readdirSync(dir), [], 'a dry run writes nothing');

      const written = (await tool.run({ write: true }, ctx)) as Json;
      const target = path.join(dir, 'out', `export${ending}`);
      assert.deepStrictEqual(written.written, c.report ? [plan.file, plan.report] : [plan.file]);
      await c.read(target);
      if (c.report) assert.match(fs.readFileSync(reportPathOf(target), 'utf8'), c.report);
      else assert.ok(!fs.existsSync(reportPathOf(target)), 'no report beside it');

      assert.strictEqual(((await tool.run({}, ctx)) as Json).next, `There already is ${plan.file}: call again with write: true and overwrite: true to replace it.`);
      await assert.rejects(tool.run({ write: true }, ctx), /There already is .*: pass overwrite: true to replace (them|it), or give another path\./);
      assert.strictEqual(((await tool.run({ write: true, overwrite: true }, ctx)) as Json).dryRun, false);

      await assert.rejects(tool.run({ path: `../elsewhere${ending}`, write: true }, ctx), /outside the workspace/);
      await assert.rejects(tool.run({ path: 'out/export.txt', write: true }, ctx), new RegExp(`"out/export\\.txt" does not end in \\.${ending.split('.').pop()}: give a path ending in ${ending.replace(/\./g, '\\.')}\\.`));
      assert.deepStrictEqual(fs.readdirSync(dir), ['out'], 'nothing written outside');
    });
  }

  it('writes nothing when there is nothing to write, and says why', async () => {
    const broken = { name: 'Broken', declaredUnit: { declaredUnit: 2, declaredValue: 1 }, constructionEpds: [{ epdId: 'no-such-material', constructionUnit: { unit: 3, amount: 1 } }] };
    const tool = toolOf(lcabygExporter, constructions([exchangeOf('walls/broken.construction.json', broken)]));
    assert.match(((await tool.run({}, ctx)) as Json).next as string, /^Nothing to write: walls\/broken\.construction\.json: component 1 cannot be computed/);
    await assert.rejects(tool.run({ write: true }, ctx), /Nothing to write: walls\/broken\.construction\.json/);
    assert.deepStrictEqual(fs.readdirSync(dir), []);
  });

  it('refuses bytes where the workspace cannot write them, rather than writing text', async () => {
    const tool = toolOf(CHART_PICTURE, PNG);
    await assert.rejects(tool.run({ write: true }, { ...ctx, workspace: { ...ctx.workspace, writeBytes: undefined } }), /cannot write binary files/);
    assert.deepStrictEqual(fs.readdirSync(dir), []);
  });
});
