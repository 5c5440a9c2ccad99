// The tools for agents, called as a model calls them (name + JSON input) on a workspace on disk, without a sign-in:
// what each returns, that a bad input is answered with what to change, that paths stay inside the workspace and that
// a write without its flag changes nothing. The service tools are exercised against the local service in the MCP test.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { diskWorkspace, TOOLS, type ToolContext } from '../../../src/core/tools';
import { EPD_URL, makeWorkspace, runTool, t7 } from './support';

const root = makeWorkspace();
const ctx: ToolContext = { workspace: diskWorkspace([root]), codes: ASSUMED_CODES, rules: BR18_RULES, environment: { name: 'Local', epdUrl: EPD_URL } };
async function call(name: string, input: unknown): Promise<Record<string, unknown>> {
  const a = await runTool(name, input, ctx);
  assert.strictEqual(a.isError, false, a.text);
  return JSON.parse(a.text) as Record<string, unknown>;
}
async function refusal(name: string, input: unknown): Promise<string> {
  const a = await runTool(name, input, ctx);
  assert.strictEqual(a.isError, true, a.text);
  return a.text;
}
const close = (a: number, b: number, what: string): void => assert.ok(Math.abs(a - b) < 1e-4 * Math.max(1, Math.abs(b)), `${what}: ${a} ≠ ${b}`);

describe('tools for agents (core)', function () {
  this.timeout(60_000);

  it('each tool has a lca_verb_noun name, a description and an object schema that refuses unknown properties', () => {
    assert.deepStrictEqual(TOOLS.map((t) => t.name), [
      'lca_check_files', 'lca_preview_construction', 'lca_search_materials', 'lca_find_alternatives',
      'lca_list_projects', 'lca_project_result', 'lca_import_epds', 'lca_bulk_create', 'lca_check_submission', 'lca_export_documentation', 'lca_export_constructions', 'lca_compare',
    ]);
    for (const t of TOOLS) {
      // lca_verb_noun; lca_compare alone is a verb (what it compares is its input's: files, commits, projects, baselines).
      assert.match(t.name, t.name === 'lca_compare' ? /^lca_compare$/ : /^lca_[a-z]+_[a-z]+$/);
      assert.ok(t.description.length > 100, t.name);
      assert.strictEqual(t.inputSchema.additionalProperties, false);
    }
  });

  it('lca_check_files: the findings of a folder with file, line:column, rule and severity', async () => {
    const r = await call('lca_check_files', { paths: ['walls'] });
    assert.strictEqual(r.filesChecked, 2);
    const findings = r.findings as { file: string; line: number; column: number; rule: string; severity: string; message: string }[];
    assert.ok(findings.length > 0);
    assert.ok(findings.every((f) => f.file === 'walls/broken.construction.json'), JSON.stringify(findings));
    const epdId = findings.find((f) => f.line === 4 && f.column === 16)!;
    assert.deepStrictEqual(epdId, { file: 'walls/broken.construction.json', rule: 'schema', severity: 'error', message: '`epdId` must be a string', line: 4, column: 16 });
    assert.strictEqual(r.errors, findings.length);
  });

  it('lca_preview_construction: GWP per module per m², and what if the concrete were C20/25 SCC', async () => {
    const r = await call('lca_preview_construction', { path: 'walls/concrete.construction.json', substitutions: [{ component: 0, epdId: t7('#B1425') }] });
    const total = r.total as Record<string, number>;
    close(total.A1A3, 0.2 * 282 + 0.15 * 70.3915, 'A1-A3 before');
    close(total.inScope, 0.2 * 293.69 + 0.15 * (70.3915 + 1.26969 + 0.703441), 'in scope before');
    const change = r.change as Record<string, number>;
    close(change.A1A3, 0.2 * (215 - 282), 'ΔA1-A3 = −13.4');
    close(change.inScope, -13.324, 'Δ in scope');
    assert.strictEqual((r.whatIf as { components: { replaces?: string }[] }).components[0].replaces, t7('#B1477'));
  });

  it('lca_search_materials: by words, declared unit and GWP range', async () => {
    const r = await call('lca_search_materials', { query: 'fabriksbeton', declaredUnit: 'M3', gwpMax: 250 });
    const names = (r.materials as { id: string; gwpPerDeclaredUnit: { A1A3: number } }[]).map((m) => [m.id, m.gwpPerDeclaredUnit.A1A3]);
    assert.deepStrictEqual(names.sort(), [[t7('#B1425'), 215], [t7('#B1433'), 241]]);
    // Each with its material family and where it was read ("Fabriksbeton …": the word of its name).
    const families = (r.materials as { family: string; familyFrom: string; familyReadFrom: string }[]).map((m) => [m.family, m.familyFrom, m.familyReadFrom]);
    assert.deepStrictEqual(families, [['structural-concrete', 'name', 'fabriksbeton'], ['structural-concrete', 'name', 'fabriksbeton']]);
  });

  it('lca_find_alternatives: the component of a construction, ranked, with the change to the wall', async () => {
    const r = await call('lca_find_alternatives', { path: 'walls/concrete.construction.json', component: 0, query: 'fabriksbeton' });
    const alts = r.alternatives as { id: string; change: { inScope: number }; constructionAfter: { percent: number } }[];
    assert.deepStrictEqual(alts.map((a) => a.id), [t7('#B1425'), t7('#B1433')]);
    close(alts[0].change.inScope, -13.324, 'Δ in scope');
    close(alts[0].constructionAfter.percent, (-13.324 / 69.59269465) * 100, 'wall %');
  });

  it('a bad input is answered with what to change', async () => {
    assert.strictEqual(await refusal('lca_check_files', {}), 'Invalid input for lca_check_files: add the required property "paths".');
    assert.strictEqual(
      await refusal('lca_search_materials', { text: 'beton' }),
      'Invalid input for lca_search_materials: remove the unknown property "text" (allowed: query, declaredUnit, gwpMin, gwpMax, limit).',
    );
    assert.strictEqual(await refusal('lca_find_alternatives', { limit: 'ten' }), 'Invalid input for lca_find_alternatives: "limit" must be integer.');
    assert.match(await refusal('lca_search_materials', { declaredUnit: 'furlong' }), /^The declaredUnit "furlong" is not a unit .*: use one of .*M3/);
    assert.match(await refusal('lca_find_alternatives', { path: 'walls/concrete.construction.json', component: 7 }), /component 7 does not exist/);
    assert.match(await refusal('lca_nothing', {}), /^There is no tool "lca_nothing": use one of lca_check_files/);
  });

  it('a path outside the workspace is refused, also through a symlink', async () => {
    assert.match(await refusal('lca_check_files', { paths: ['../../etc/passwd'] }), /is outside the workspace: give a path inside/);
    assert.match(await refusal('lca_check_files', { paths: ['/etc'] }), /is outside the workspace/);
    fs.symlinkSync('/etc', path.join(root, 'escape'));
    assert.match(await refusal('lca_check_files', { paths: ['escape'] }), /is outside the workspace/);
  });

  it('the service tools say how to sign in when no one is', async () => {
    assert.match(await refusal('lca_list_projects', {}), /^No one is signed in to Local, and lca_list_projects needs the LCA service: sign in .*LCA_EMAIL/);
  });

  it('lca_import_epds: a dry run by default writes nothing; write: true writes the file', async () => {
    const before = fs.readdirSync(path.join(root, 'downloads'));
    const r = await call('lca_import_epds', { paths: ['downloads/tabel7.csv'] });
    assert.strictEqual(r.dryRun, true);
    assert.strictEqual(r.materials, 3);
    assert.strictEqual(r.wouldWrite, 'downloads/tabel7.materials.json');
    assert.deepStrictEqual(fs.readdirSync(path.join(root, 'downloads')), before);
    const w = await call('lca_import_epds', { paths: ['downloads/tabel7.csv'], write: true });
    assert.strictEqual(w.written, 'downloads/tabel7.materials.json');
    assert.strictEqual((JSON.parse(fs.readFileSync(path.join(root, 'downloads', 'tabel7.materials.json'), 'utf8')) as unknown[]).length, 3);
    assert.match(await refusal('lca_import_epds', { paths: ['downloads/tabel7.csv'], write: true }), /^There already is downloads\/tabel7.materials.json: pass overwrite: true/);
    // Replacing is named in the plan and in the answer.
    const plan = await call('lca_import_epds', { paths: ['downloads/tabel7.csv'], overwrite: true });
    assert.deepStrictEqual([plan.dryRun, plan.wouldOverwrite, plan.targetExists], [true, true, true]);
    const noFlag = await call('lca_import_epds', { paths: ['downloads/tabel7.csv'] });
    assert.deepStrictEqual([noFlag.wouldOverwrite, noFlag.next], [false, 'There already is downloads/tabel7.materials.json: call again with write: true and overwrite: true to replace it.']);
    const replaced = await call('lca_import_epds', { paths: ['downloads/tabel7.csv'], write: true, overwrite: true });
    assert.deepStrictEqual([replaced.written, replaced.overwrote], ['downloads/tabel7.materials.json', true]);
    assert.strictEqual(w.overwrote, false);
  });

  it('lca_bulk_create: the plan (new and already created); send is refused and nothing changes', async () => {
    const r = await call('lca_bulk_create', { path: 'library/tabel7.materials.json' });
    assert.strictEqual(r.materials, 450);
    assert.strictEqual(r.alreadyCreated, 450);
    assert.strictEqual(r.new, 0);
    const sidecar = fs.readFileSync(path.join(root, 'library', 'tabel7.materials.created.json'), 'utf8');
    assert.match(await refusal('lca_bulk_create', { path: 'library/tabel7.materials.json', send: true }), /LCA: Bulk Create Materials/);
    assert.strictEqual(fs.readFileSync(path.join(root, 'library', 'tabel7.materials.created.json'), 'utf8'), sidecar);
  });
});
