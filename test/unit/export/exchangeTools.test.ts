// lca_export_constructions through runTool, as the language-model tools and the MCP server call it, over a workspace
// on disk (signed out: the materials are the workspace's files): it plans first and writes nothing, writes the file
// and its report only with write: true, refuses to replace them without overwrite, and names what it refuses.
// lca_import_epds reads what it wrote (the LCAbyg file's products) and LCAx's reader reads the LCAx file.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runTool } from '../tools/support';
import { diskWorkspace } from '../../../src/core/workspace';
import type { ToolContext } from '../../../src/core/tools/types';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { seedMaterials } from '../../../src/service/seed/materials';
import { materialId } from '../../../src/service/seed/ids';
import { loadLcax } from './support';
import { frame, relDiff, wall, previewOf, seededDocs } from './exchangeSupport';

type Json = Record<string, unknown>;

describe('tools for agents: lca_export_constructions', () => {
  let dir: string;
  let ctx: ToolContext;
  const byOriginal = (c: { constructionEpds: { epdId: string }[] }) => ({
    ...c,
    // The workspace's materials file has no service ids: the constructions name the materials by originalUUID.
    constructionEpds: c.constructionEpds.map((e) => ({ ...e, epdId: (seededDocs.get(e.epdId) as { originalUUID: string }).originalUUID })),
  });
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-exchange-tools-'));
    fs.mkdirSync(path.join(dir, 'walls'));
    fs.writeFileSync(path.join(dir, 'library.materials.json'), JSON.stringify(seedMaterials().filter((s) => s.tenant === 'public').map((s) => s.item)));
    fs.writeFileSync(path.join(dir, 'walls', 'wall.construction.json'), JSON.stringify(byOriginal(wall)));
    fs.writeFileSync(path.join(dir, 'walls', 'frame.construction.json'), JSON.stringify(byOriginal(frame)));
    fs.writeFileSync(path.join(dir, 'walls', 'broken.construction.json'), JSON.stringify({ name: 'Broken', declaredUnit: { declaredUnit: 2, declaredValue: 1 }, constructionEpds: [{ epdId: materialId('brick'), constructionUnit: { unit: 3, amount: 1 } }] }));
    ctx = { workspace: diskWorkspace([dir]), codes: ASSUMED_CODES, rules: BR18_RULES, environment: { name: 'Local', epdUrl: 'http://127.0.0.1:1' } };
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('plans first, writes the LCAbyg file and its report only with write: true, and does not replace without overwrite', async () => {
    const input = { paths: ['walls/wall.construction.json', 'walls/frame.construction.json', 'walls/broken.construction.json'], format: 'lcabyg' };
    const plan = JSON.parse((await runTool('lca_export_constructions', input, ctx)).text) as Json;
    assert.strictEqual(plan.dryRun, true);
    assert.strictEqual(plan.file, 'walls/wall.lcabyg.json');
    assert.deepStrictEqual(plan.constructions, ['walls/wall.construction.json', 'walls/frame.construction.json']);
    assert.match(JSON.stringify(plan.refused), /walls\/broken.construction.json.*Component 1 cannot be computed/);
    assert.ok(!fs.existsSync(path.join(dir, 'walls', 'wall.lcabyg.json')), 'a dry run writes nothing');

    const written = await runTool('lca_export_constructions', { ...input, write: true }, ctx);
    assert.ok(!written.isError, written.text);
    const items = JSON.parse(fs.readFileSync(path.join(dir, 'walls', 'wall.lcabyg.json'), 'utf8')) as unknown[];
    assert.ok(items.length > 0);
    assert.match(fs.readFileSync(path.join(dir, 'walls', 'wall.lcabyg.report.md'), 'utf8'), /^# LCAbyg export: wall\.lcabyg\.json/);

    const again = await runTool('lca_export_constructions', { ...input, write: true }, ctx);
    assert.ok(again.isError);
    assert.match(again.text, /^There already is .*: pass overwrite: true/);

    // What an agent imports again: the LCAbyg file's user products and constructions.
    const back = JSON.parse((await runTool('lca_import_epds', { paths: ['walls/wall.lcabyg.json'] }, ctx)).text) as Json;
    assert.strictEqual(back.format, 'lcabyg');
    assert.strictEqual(back.materials, 8);
    assert.strictEqual(back.constructionsNotWritten, 2);
  });

  it('writes an LCAx project LCAx computes with the preview\'s A1-A3', async () => {
    const answer = await runTool('lca_export_constructions', { paths: ['walls/wall.construction.json'], format: 'lcax', write: true }, ctx);
    assert.ok(!answer.isError, answer.text);
    const project = JSON.parse(fs.readFileSync(path.join(dir, 'walls', 'wall.lcax.json'), 'utf8')) as Json;
    const calculated = (await loadLcax()).calculateProject(project) as { assemblies: { results: { gwp: { a1a3: number } } }[] };
    assert.ok(relDiff(calculated.assemblies[0].results.gwp.a1a3, previewOf(wall, seededDocs).total!.a1a3) < 0.001);
  });
});
