// Inside VS Code: the LCA tools are registered as language-model tools with the core definitions' schemas, and
// vscode.lm.invokeTool answers as the core does — JSON for a good input, our message for a bad one, a refusal for a
// path outside the workspace folder. (The service tools are exercised against the local service by the MCP test.)
// "LCA: Copy MCP Client Configuration" puts on the clipboard a configuration that starts the installed extension's
// MCP server, with the active environment and the login but never the secret.
import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { UNIT } from '../../src/core/codes';
import { parseBr18Override } from '../../src/core/lca/br18Override';
import { TOOLS } from '../../src/core/tools';
import { CREDENTIALS } from '../../src/service/seed/ids';
import { api, EXTENSION_ID, signInAs } from './support/extension';
import { testServiceUrls } from './support/service';
import { stubUi } from './support/ui';

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

type McpConfiguration = { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> };

/** Runs the command and reads what it put on the clipboard. */
async function copiedConfiguration(): Promise<McpConfiguration> {
  await vscode.env.clipboard.writeText('');
  await vscode.commands.executeCommand('lca.copyMcpConfiguration');
  return JSON.parse(await vscode.env.clipboard.readText()) as McpConfiguration;
}

/** Starts the configured server as the client would (without credentials: no service is started) and asks initialize. */
function initializeAnswer(server: { args: string[]; env: Record<string, string> }): Promise<Record<string, unknown>> {
  const env = Object.fromEntries(Object.entries(server.env).filter(([k]) => !['LCA_EMAIL', 'LCA_PASSWORD', 'LCA_CLIENT_ID', 'LCA_SECRET'].includes(k)));
  // `node` of the client is this extension host's Node (ELECTRON_RUN_AS_NODE where the host is Electron).
  const child = spawn(process.execPath, server.args, { env: { PATH: process.env.PATH ?? '', ELECTRON_RUN_AS_NODE: '1', ...env } });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no answer to initialize; stderr: ${err}`)), 30_000);
    child.stderr.on('data', (d: Buffer) => (err += String(d)));
    child.stdout.on('data', (d: Buffer) => {
      out += String(d);
      if (!out.includes('\n')) return;
      clearTimeout(timer);
      child.stdin.end();
      resolve(JSON.parse(out.slice(0, out.indexOf('\n'))) as Record<string, unknown>);
    });
    child.once('error', reject);
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } }) + '\n');
  });
}

describe('LCA: Copy MCP Client Configuration', function () {
  this.timeout(120_000);
  const ui = stubUi();
  const urls = testServiceUrls();
  const config = () => vscode.workspace.getConfiguration('lca');

  after(async () => {
    // Leave the run as other test files expect it: Local active, no extra environment.
    await config().update('environment', undefined, vscode.ConfigurationTarget.Global);
    await config().update('environments', undefined, vscode.ConfigurationTarget.Global);
  });

  it('copies the installed extension\'s dist/mcp.js with the workspace folder and the login, the password a placeholder, and the server it names starts', async function () {
    if (!urls) this.skip();
    await signInAs('demo@example.com');
    const seen = ui.count();
    const copied = await copiedConfiguration();
    const server = copied.mcpServers['lca-workbench'];
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.strictEqual(server.command, 'node');
    assert.deepStrictEqual(server.args, [path.join(extension.extensionPath, 'dist', 'mcp.js'), '--workspace', vscode.workspace.workspaceFolders![0].uri.fsPath]);
    assert.ok(fs.existsSync(server.args[0]), `${server.args[0]} exists`);
    assert.deepStrictEqual(server.env, { LCA_ENVIRONMENT: 'Local', LCA_EMAIL: 'demo@example.com', LCA_PASSWORD: '<your password>' });
    assert.ok(!JSON.stringify(copied).includes(CREDENTIALS.demoUser.password), 'never the password');
    const [message] = ui.messages(seen);
    assert.deepStrictEqual([message?.kind, message?.message.startsWith('Copied the MCP client configuration of LCA Workbench (Local) to the clipboard')], ['info', true], JSON.stringify(message));
    assert.match(message.message, /in place of "<your password>"/);
    const answer = await initializeAnswer(server);
    assert.strictEqual((answer.result as { serverInfo: { name: string } }).serverInfo.name, 'lca-workbench');
  });

  it('for another environment, its hosts and BR18 override go in the configuration, and no secret', async function () {
    if (!urls) this.skip();
    await api();
    const br18 = { constructionProcess: { 'br18-2025': 1.4 } };
    await config().update('environments', [{ name: 'Staging', ...urls, br18 }], vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('lca.switchEnvironment', 'Staging');
    const { LCA_BR18, LCA_EMAIL, LCA_PASSWORD, LCA_CLIENT_ID, LCA_SECRET, ...hosts } = (await copiedConfiguration()).mcpServers['lca-workbench'].env;
    assert.deepStrictEqual(hosts, { LCA_ENVIRONMENT: 'Staging', LCA_BASE_URL: urls!.baseUrl, LCA_EPD_URL: urls!.epdUrl, LCA_AUTH_URL: urls!.authUrl, LCA_GRAPHQL_URL: urls!.graphqlUrl });
    // The server reads the override the environment has.
    assert.deepStrictEqual(parseBr18Override(JSON.parse(LCA_BR18)).override, parseBr18Override(br18).override);
    // Whoever is signed in to Staging (a login, or placeholders when no one is), the secret is a placeholder.
    assert.ok(LCA_EMAIL ? LCA_PASSWORD === '<your password>' : LCA_CLIENT_ID && LCA_SECRET === '<your client secret>', JSON.stringify({ LCA_EMAIL, LCA_PASSWORD, LCA_CLIENT_ID, LCA_SECRET }));
  });
});
