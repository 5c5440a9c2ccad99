// Nothing outside the workspace, by any route: the one confinement (`confine`) of every read and write of the
// workspace the tools (and the editor's alternatives and What if…) work in — a write through a dangling link to a file
// not yet there, a link in the final component, a folder that is a link, `..` after resolution, and a bulk-create
// record beside a materials file that is a link to a record outside. And an id the service could not be asked about
// is not called unknown.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { diskWorkspace, type ToolContext } from '../../../src/core/tools';
import { confine } from '../../../src/core/workspace';
import { materialId } from '../../../src/service/seed/ids';
import { startService, TestSession, type RunningService } from '../client/support/localService';
import { EPD_URL, makeWorkspace, runTool, t7 } from './support';

const refused = async (p: Promise<unknown>, pattern: RegExp): Promise<void> => {
  await assert.rejects(p, (e: Error) => {
    assert.match(e.message, pattern);
    return true;
  });
};

describe('tools for agents: nothing outside the workspace, by any route', function () {
  this.timeout(60_000);
  let root: string;
  let away: string;
  let ctx: ToolContext;

  before(() => {
    root = makeWorkspace();
    away = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-outside-'));
    ctx = { workspace: diskWorkspace([root]), codes: ASSUMED_CODES, rules: BR18_RULES, environment: { name: 'Local', epdUrl: EPD_URL } };
  });
  after(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(away, { recursive: true, force: true });
  });

  it('a write through a link inside that points outside to a file not yet there is refused, and nothing is created', async () => {
    const outsideFile = path.join(away, 'created-outside.materials.json');
    fs.symlinkSync(outsideFile, path.join(root, 'dangling.materials.json'));
    await refused(confine(path.join(root, 'dangling.materials.json'), [root], 'write'), /outside the workspace/);
    await refused(ctx.workspace.writeText(path.join(root, 'dangling.materials.json'), '[]'), /outside the workspace/);
    assert.strictEqual(fs.existsSync(outsideFile), false);
  });

  it('lca_import_epds with write: true into such a link answers a refusal, not the path inside, and writes nothing outside', async () => {
    const outsideFile = path.join(away, 'tabel7-outside.materials.json');
    fs.mkdirSync(path.join(root, 'trap'));
    fs.copyFileSync(path.join(root, 'downloads', 'tabel7.csv'), path.join(root, 'trap', 'tabel7.csv'));
    fs.symlinkSync(outsideFile, path.join(root, 'trap', 'tabel7.materials.json'));
    const a = await runTool('lca_import_epds', { paths: ['trap/tabel7.csv'], write: true, overwrite: true }, ctx);
    assert.strictEqual(a.isError, true, a.text);
    assert.match(a.text, /outside the workspace/);
    assert.strictEqual(fs.existsSync(outsideFile), false);
  });

  it('a link in the final component is never written through, even to a file inside', async () => {
    const real = path.join(root, 'real.material.json');
    fs.writeFileSync(real, '{}');
    fs.symlinkSync(real, path.join(root, 'alias.material.json'));
    await refused(ctx.workspace.writeText(path.join(root, 'alias.material.json'), '{"x":1}'), /symbolic link/);
    assert.strictEqual(fs.readFileSync(real, 'utf8'), '{}');
  });

  it('a folder that is a link to outside is refused for reads and writes; `..` is resolved before the check', async () => {
    fs.writeFileSync(path.join(away, 'secret.material.json'), '{"name":"secret"}');
    fs.symlinkSync(away, path.join(root, 'elsewhere'));
    await refused(ctx.workspace.readText(path.join(root, 'elsewhere', 'secret.material.json')), /outside the workspace/);
    await refused(ctx.workspace.writeText(path.join(root, 'elsewhere', 'new.material.json'), '{}'), /outside the workspace/);
    assert.strictEqual(fs.existsSync(path.join(away, 'new.material.json')), false);
    await refused(confine(path.join(root, 'walls', '..', '..', 'x.material.json'), [root], 'read'), /outside the workspace/);
    // Inside, a folder not yet there is fine for a write.
    await ctx.workspace.writeText(path.join(root, 'new', 'folder', 'made.material.json'), '{}');
    assert.ok(fs.existsSync(path.join(root, 'new', 'folder', 'made.material.json')));
  });

  it('a bulk-create record that is a link to a record outside gives no ids to search, alternatives or bulk create', async () => {
    fs.mkdirSync(path.join(root, 'linked'));
    const items = [{ name: 'Linked board', originalUUID: '7c1d0e55-0000-4000-8000-00000000c001', originalVersion: '1.0', declaredUnit: { declaredUnit: 2, declaredValue: 1 }, lciaResults: [] }];
    fs.writeFileSync(path.join(root, 'linked', 'boards.materials.json'), JSON.stringify(items));
    const record = { $comment: 'record', source: 'boards.materials.json', epdUrl: EPD_URL, items: [{ originalUUID: items[0].originalUUID, originalVersion: '1.0', id: t7('#Z9999'), name: 'Linked board', createdAt: '2026-01-01T00:00:00.000Z' }] };
    fs.writeFileSync(path.join(away, 'boards.materials.created.json'), JSON.stringify(record));
    fs.symlinkSync(path.join(away, 'boards.materials.created.json'), path.join(root, 'linked', 'boards.materials.created.json'));

    const search = await runTool('lca_search_materials', { query: 'linked board' }, ctx);
    assert.strictEqual(search.isError, false, search.text);
    const found = (JSON.parse(search.text) as { materials: { id: string | null; name: string }[] }).materials;
    assert.deepStrictEqual(found.map((m) => m.name), ['Linked board']);
    assert.ok(!search.text.includes(t7('#Z9999')), search.text);

    const plan = await runTool('lca_bulk_create', { path: 'linked/boards.materials.json' }, ctx);
    assert.strictEqual(plan.isError, false, plan.text);
    assert.deepStrictEqual([(JSON.parse(plan.text) as { alreadyCreated: number }).alreadyCreated, plan.text.includes(t7('#Z9999'))], [0, false]);
  });

  it('a link inside to a file inside is read as that file', async () => {
    fs.symlinkSync(path.join(root, 'walls', 'concrete.construction.json'), path.join(root, 'wall-alias.construction.json'));
    assert.match(await ctx.workspace.readText(path.join(root, 'wall-alias.construction.json')), /Betonvæg/);
  });
});

describe('tools for agents: honest answers when the service cannot be asked', function () {
  this.timeout(60_000);
  let service: RunningService;
  let ctx: ToolContext;

  before(async () => {
    service = await startService();
    const session = new TestSession(service.urls.authUrl);
    await session.signIn();
    ctx = { workspace: diskWorkspace([makeWorkspace()]), codes: ASSUMED_CODES, rules: BR18_RULES, service: session.client(service.urls), environment: { name: 'Local', epdUrl: service.urls.epdUrl } };
  });
  after(async () => {
    await service?.stop();
  });

  it('lca_find_alternatives {epdId} of a material that exists says the service could not be reached, not that the id is unknown', async () => {
    // A material no construction of the user's projects uses (those are candidates read through their constructions).
    const id = materialId('float-glass-6');
    await service.sandbox('fail', { path: `/material/${id}`, status: 503, count: 20 });
    const down = await runTool('lca_find_alternatives', { epdId: id }, ctx);
    assert.strictEqual(down.isError, true, down.text);
    assert.match(down.text, /the service could not be asked about it/);
    assert.doesNotMatch(down.text, /No material with the id/);
    await service.sandbox('clear-faults', {});
    const up = await runTool('lca_find_alternatives', { epdId: id }, ctx);
    assert.strictEqual(up.isError, false, up.text);
    // An id the service answers "not found" for is unknown, and said so.
    const gone = await runTool('lca_find_alternatives', { epdId: '00000000-0000-4000-8000-00000000dead' }, ctx);
    assert.match(gone.text, /No material with the id "00000000-0000-4000-8000-00000000dead" is known/);
  });
});
