// Inside VS Code: the Projects tree at scale. A local service of its own with 5,000 generated projects of the demo
// tenant (`--projects 5000`), as an environment: the tree lists every one of them, and filters by name, city, role and
// building type narrow it to exactly the matching projects; clearing the filter brings all back.
import * as assert from 'assert';
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { PROJECT_ENUMS } from '../../src/core/codes';
import { manyProjectName } from '../../src/service/seed/projects';
import type { LcaExtensionApi } from '../../src/extension/extension';
import { api, EXTENSION_ID, signInAs } from './support/extension';
import { testServiceUrls } from './support/service';

const COUNT = 5000;
const ENVIRONMENT = 'Many projects';
const GENERATED = Array.from({ length: COUNT }, (_, i) => manyProjectName(i));

/** The tree's first level as VS Code shows it: every root's label, description and context value. */
async function roots(a: LcaExtensionApi): Promise<{ label: string; description: string; contextValue: string }[]> {
  const tree = a.testing.projectsTree;
  return (await tree.getChildren()).map((n) => {
    const item = tree.getTreeItem(n);
    return { label: String(item.label), description: String(item.description ?? ''), contextValue: item.contextValue ?? '' };
  });
}

/** Starts dist/service.js with `args` in a temporary folder; resolves with its URLs when it is ready. */
async function startService(args: string[]): Promise<{ urls: Record<'baseUrl' | 'epdUrl' | 'authUrl' | 'graphqlUrl', string>; child: ChildProcess; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-many-projects-'));
  const entry = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'service.js');
  const child = spawn(process.execPath, [entry, '--port', '0', '--data', dir, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const urls = await new Promise<Record<'baseUrl' | 'epdUrl' | 'authUrl' | 'graphqlUrl', string>>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{') && out.includes(`${l}\n`));
      if (line) resolve(JSON.parse(line) as Record<'baseUrl' | 'epdUrl' | 'authUrl' | 'graphqlUrl', string>);
    });
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was ready`)));
  });
  return { urls, child, dir };
}

describe('Projects tree at scale: 5,000 projects', function () {
  this.timeout(180_000);
  const config = () => vscode.workspace.getConfiguration('lca');
  let service: Awaited<ReturnType<typeof startService>> | undefined;

  before(async function () {
    if (!testServiceUrls()) this.skip();
    service = await startService(['--projects', String(COUNT)]);
    await config().update('environments', [{ name: ENVIRONMENT, ...service.urls }], vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('lca.switchEnvironment', ENVIRONMENT);
    const account = await signInAs('demo@example.com');
    assert.strictEqual(account?.environment, ENVIRONMENT);
  });

  after(async () => {
    await vscode.commands.executeCommand('lca.clearProjectFilter');
    await vscode.commands.executeCommand('lca.signOut');
    await config().update('environment', undefined, vscode.ConfigurationTarget.Global);
    await config().update('environments', undefined, vscode.ConfigurationTarget.Global);
    if (service) {
      const exited = new Promise((r) => service!.child.once('exit', r));
      service.child.kill('SIGTERM');
      await exited;
      fs.rmSync(service.dir, { recursive: true, force: true });
    }
    if (testServiceUrls()) await signInAs('demo@example.com');
  });

  it('lists every one of the 5,000 projects, favourites first, each with its role in the context value', async () => {
    const a = await api();
    const shown = await roots(a);
    const labels = new Set(shown.map((r) => r.label));
    assert.deepStrictEqual(GENERATED.filter((n) => !labels.has(n)), [], 'every generated project is listed');
    assert.strictEqual(shown.filter((r) => GENERATED.includes(r.label)).length, COUNT, 'each once');
    const firstPlain = shown.findIndex((r) => r.label === GENERATED[1]);
    assert.ok(shown.findIndex((r) => r.label === GENERATED[50]) < firstPlain, 'a favourite comes before the others');
    assert.match(shown.find((r) => r.label === GENERATED[2])!.contextValue, /\.viewer$/, 'project 3 is one the demo user only views');
  });

  it('a name filter lists exactly the projects whose name holds the text; clearing it lists all again', async () => {
    const a = await api();
    await vscode.commands.executeCommand('lca.filterProjectsByName', 'odense 01');
    const shown = (await roots(a)).map((r) => r.label).sort();
    assert.deepStrictEqual(shown, GENERATED.filter((n) => n.toLowerCase().includes('odense 01')).sort());
    await vscode.commands.executeCommand('lca.clearProjectFilter');
    assert.ok((await roots(a)).length >= COUNT);
  });

  it('city, role and building type filters combine to exactly the matching projects', async () => {
    const a = await api();
    // Generated project i is in city i mod 12 (8: Vejle), role i mod 3 (2: Viewer), building type i mod 9.
    const type = PROJECT_ENUMS.buildingTypeEnum[5];
    await vscode.commands.executeCommand('lca.filterProjectsByCity', 'Vejle');
    await vscode.commands.executeCommand('lca.filterProjectsByRole', 'Viewer');
    await vscode.commands.executeCommand('lca.filterProjectsByBuildingType', type);
    const expected = GENERATED.filter((_, i) => i % 12 === 8 && i % 3 === 2 && i % 9 === 5).sort();
    assert.ok(expected.length > 10, `${expected.length} expected`);
    assert.deepStrictEqual((await roots(a)).map((r) => r.label).sort(), expected);
    await vscode.commands.executeCommand('lca.clearProjectFilter');
  });
});
