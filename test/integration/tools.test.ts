// Inside VS Code: the LCA tools are registered as language-model tools with the core definitions' schemas, and
// vscode.lm.invokeTool answers as the core does — JSON for a good input, our message for a bad one, a refusal for a
// path outside the workspace folder. (The service tools are exercised against the local service by the MCP test.)
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import { UNIT } from '../../src/core/codes';
import { TOOLS } from '../../src/core/tools';
import { api } from './support/extension';

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

describe('Language-model tools', function () {
  this.timeout(120_000);
  let folder: vscode.Uri;

  before(async () => {
    await api();
    const root = vscode.workspace.workspaceFolders![0].uri;
    folder = vscode.Uri.joinPath(root, 'tools-test');
    const material = (name: string, a1a3: number) => ({
      name,
      originalUUID: `00000000-0000-4000-8000-${String(a1a3).padStart(12, '0')}`,
      originalVersion: '1',
      declaredUnit: { declaredUnit: UNIT.M3, declaredValue: 1, mass: 2250, massUnit: UNIT.KG },
      lciaResults: [{ moduleTypeEnum: 0, moduleStatusEnum: 2, indicators: [{ type: 'GWP_TOTAL', unit: 'kg CO2 eq', value: a1a3 }] }],
    });
    const bytes = (v: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(v, null, 2));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'beton.materials.json'), bytes([material('Fabriksbeton C30/37', 282), material('Fabriksbeton C25/30', 241)]));
  });

  it('vscode.lm.tools lists every tool with the schema of its core definition', () => {
    for (const t of TOOLS) {
      const listed = vscode.lm.tools.find((x) => x.name === t.name);
      assert.ok(listed, `${t.name} is not listed`);
      assert.deepStrictEqual(listed.inputSchema, t.inputSchema, t.name);
      assert.strictEqual(listed.description, t.description, t.name);
    }
  });

  it('invokeTool returns the JSON the core computes', async () => {
    const found = JSON.parse(await invoke('lca_search_materials', { query: 'fabriksbeton', gwpMax: 250 })) as { matching: number; materials: { name: string }[] };
    assert.strictEqual(found.matching, 1);
    assert.strictEqual(found.materials[0].name, 'Fabriksbeton C25/30');
    // As a model is told to: a query keeps the candidates to the same role (the shared test workspace holds many other
    // materials per m³, from the other suites).
    const alts = JSON.parse(await invoke('lca_find_alternatives', { path: 'tools-test/beton.materials.json', component: 0, query: 'fabriksbeton' })) as {
      alternatives: { material: string; change: { A1A3: number } }[];
    };
    assert.deepStrictEqual(alts.alternatives.map((a) => [a.material, a.change.A1A3]), [['Fabriksbeton C25/30', -41]]);
  });

  it('a bad input gets our message, and a path outside the workspace is refused', async () => {
    assert.strictEqual(await invoke('lca_check_files', {}), 'Invalid input for lca_check_files: add the required property "paths".');
    const outside = path.resolve(vscode.workspace.workspaceFolders![0].uri.fsPath, '..');
    assert.match(await invoke('lca_check_files', { paths: [outside] }), /is outside the workspace: give a path inside/);
  });

  it('an import without write writes nothing', async () => {
    const before = (await vscode.workspace.fs.readDirectory(folder)).map(([n]) => n).sort();
    const dry = JSON.parse(await invoke('lca_import_epds', { paths: ['tools-test/beton.materials.json'] })) as { dryRun: boolean };
    assert.strictEqual(dry.dryRun, true);
    assert.deepStrictEqual((await vscode.workspace.fs.readDirectory(folder)).map(([n]) => n).sort(), before);
  });

  it('an LCAbyg export without write plans the file and writes nothing', async () => {
    const wall = { name: 'Betonvæg', declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 }, constructionEpds: [{ epdId: '00000000-0000-4000-8000-000000000282', constructionUnit: { unit: UNIT.M3, amount: 0.2 } }] };
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'betonvaeg.construction.json'), new TextEncoder().encode(JSON.stringify(wall)));
    const before = (await vscode.workspace.fs.readDirectory(folder)).map(([n]) => n).sort();
    const plan = JSON.parse(await invoke('lca_export_constructions', { paths: ['tools-test/betonvaeg.construction.json'], format: 'lcabyg' })) as { dryRun: boolean; file: string; constructions: string[]; materials: string[] };
    assert.deepStrictEqual([plan.dryRun, plan.file, plan.constructions, plan.materials], [true, 'tools-test/betonvaeg.lcabyg.json', ['tools-test/betonvaeg.construction.json'], ['Fabriksbeton C30/37']]);
    assert.deepStrictEqual((await vscode.workspace.fs.readDirectory(folder)).map(([n]) => n).sort(), before);
  });
});
