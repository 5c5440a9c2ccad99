// Hostile input through the extension's commands inside VS Code (the service and the validators have their own
// abuse suite in test/unit/abuse): ids that climb paths or carry markup, GraphQL operators as filter text, random
// JSON as LCAx and as a materials file. Every command must finish (no throw, no hang, no unhandled rejection — the
// runner fails on those), write nothing outside the workspace, send nothing invalid, and leave the extension working.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import * as vscode from 'vscode';
import { validateAgainst } from '../../src/core/schemas';
import { PATH_IDS, XSS_STRINGS, randomJson, toJsonText } from '../unit/abuse/support/generators';
import { testServiceUrls } from './support/service';
import { api, signInAs } from './support/extension';
import { stubUi } from './support/ui';
import { recordDashboards } from './support/dashboards';

const urls = testServiceUrls();
const SEED = 20261123;


async function materialCount(): Promise<number> {
  const origin = new URL(urls!.baseUrl).origin;
  const stats = (await (await fetch(`${origin}/__sandbox/stats`)).json()) as { tenants: Record<string, { materials: number }> };
  return Object.values(stats.tenants).reduce((n, t) => n + t.materials, 0);
}

/** Every file under the workspace folder's parent that is not inside the workspace folder (escapes). */
function filesBeside(folder: string): string[] {
  const parent = path.dirname(folder);
  return fs.readdirSync(parent).filter((name) => path.join(parent, name) !== folder);
}

/** Runs a command, failing if it throws or does not finish within the time. */
async function finishes<T>(what: string, run: () => Thenable<T>, ms = 20_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      Promise.resolve(run()),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const hostileIds = fc.oneof(fc.constantFrom(...PATH_IDS, ...XSS_STRINGS), fc.string({ maxLength: 60 }), fc.uuid());

describe('abuse: hostile input through the commands', function () {
  const ui = stubUi();
  const dashboards = recordDashboards();
  this.timeout(180_000);
  let folder: string;
  let tried = 0;
  let messagesBefore = 0;

  before(async function () {
    if (!urls) this.skip();
    messagesBefore = ui.count();
    await signInAs('demo@example.com');
    folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (urls) await vscode.commands.executeCommand('lca.clearProjectFilter');
  });

  it('pull by id: path-climbing, markup and random ids write nothing and never throw', async () => {
    const beside = filesBeside(folder);
    const before = fs.readdirSync(folder).sort();
    const ids = fc.sample(hostileIds, { seed: SEED, numRuns: 40 });
    for (const id of ids) {
      const uri = await finishes(`pull ${JSON.stringify(id).slice(0, 40)}`, () => vscode.commands.executeCommand<vscode.Uri | undefined>('lca.pullById', id));
      assert.strictEqual(uri, undefined, `an unknown or malformed id ${JSON.stringify(id).slice(0, 40)} wrote ${uri?.fsPath}`);
      tried++;
    }
    assert.deepStrictEqual(fs.readdirSync(folder).sort(), before, 'no file was written');
    assert.deepStrictEqual(filesBeside(folder), beside, 'nothing was written outside the workspace');
  });

  it('project filters and stream lookups take GraphQL operators and markup as plain text', async () => {
    const a = await api();
    const texts = [
      ...fc.sample(fc.oneof(fc.constantFrom('%', '_', '%%%%%%%%%%%%%%%%!', '\\', '{"_or":[{}]}', '_or', '__proto__', '{"_like":"%"}', "' OR 1=1 --", ...XSS_STRINGS), fc.string({ maxLength: 200 })), { seed: SEED, numRuns: 30 }),
    ];
    for (const text of texts) {
      await finishes('name filter', () => vscode.commands.executeCommand('lca.filterProjectsByName', text));
      const nodes = await finishes('tree', () => a.testing.projectsTree.getChildren());
      assert.ok(nodes.every((n) => n.kind !== 'error'), `filter ${JSON.stringify(text).slice(0, 40)} gave an error item`);
      tried++;
    }
    await vscode.commands.executeCommand('lca.clearProjectFilter');
    assert.ok((await a.testing.projectsTree.getChildren()).some((n) => n.kind === 'project'), 'projects listed after the filters');
    for (const id of fc.sample(hostileIds, { seed: SEED + 1, numRuns: 20 })) {
      await finishes('find by stream', () => vscode.commands.executeCommand('lca.findProjectsByStream', id));
      tried++;
    }
  });

  it('dashboards of hostile project ids show an error state, not a crash', async () => {
    const ids = fc.sample(fc.constantFrom(...PATH_IDS.filter((id) => id.length < 200), ...XSS_STRINGS), { seed: SEED, numRuns: 8 });
    for (const id of ids) {
      const panel = await finishes('open dashboard', () => vscode.commands.executeCommand<{ panel: vscode.WebviewPanel } | undefined>('lca.openDashboard', id));
      if (panel) {
        await dashboards.message(panel, ['data', 'error'], { timeoutMs: 15_000 }).catch(() => undefined);
        const posted = dashboards.messages(panel);
        assert.ok(posted.some((m) => m.type === 'error'), `the dashboard of ${JSON.stringify(id).slice(0, 40)} shows an error state`);
        assert.ok(!posted.some((m) => m.type === 'data'), 'no data for a hostile id');
      }
      tried++;
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('LCAx import of random and hostile JSON: either a valid material file in the same folder, or nothing', async () => {
    const dir = path.join(folder, 'abuse-lcax');
    fs.mkdirSync(dir, { recursive: true });
    const beside = filesBeside(folder);
    const docs = [
      ...fc.sample(randomJson, { seed: SEED, numRuns: 30 }).map(toJsonText),
      JSON.stringify({ name: '../../escape', declaredUnit: 'kg', impacts: { gwp: { a1a3: 1 } } }),
      JSON.stringify({ name: XSS_STRINGS[0], declaredUnit: 'm3', impacts: { gwp: { a1a3: 1e308, c3: -1e308 } } }),
      JSON.stringify({ name: 'deep', declaredUnit: 'kg', impacts: JSON.parse('['.repeat(500) + ']'.repeat(500)) as unknown }),
      'not json at all {',
    ];
    for (const [i, text] of docs.entries()) {
      const source = path.join(dir, `input-${i}.json`);
      fs.writeFileSync(source, text);
      const out = await finishes(`import ${i}`, () => vscode.commands.executeCommand<vscode.Uri | undefined>('lca.importLcax', vscode.Uri.file(source)));
      if (out) {
        assert.strictEqual(path.dirname(out.fsPath), dir, `import ${i} wrote outside its folder: ${out.fsPath}`);
        const value = JSON.parse(fs.readFileSync(out.fsPath, 'utf8')) as unknown;
        assert.deepStrictEqual(validateAgainst('material', value), [], `import ${i} wrote an invalid material`);
      }
      tried++;
    }
    assert.deepStrictEqual(filesBeside(folder), beside, 'nothing was written outside the workspace');
  });

  it('bulk create of random and hostile materials files sends nothing invalid', async () => {
    const before = await materialCount();
    const docs = [
      ...fc.sample(randomJson, { seed: SEED + 2, numRuns: 25 }).map(toJsonText),
      JSON.stringify([{ name: XSS_STRINGS[1], originalUUID: '../../x', originalVersion: '1', declaredUnit: {}, lciaResults: [] }]),
      '[' + '{"name": 1},'.repeat(1000) + '{}]',
    ];
    for (const [i, text] of docs.entries()) {
      const file = vscode.Uri.file(path.join(folder, `abuse-${i}.materials.json`));
      fs.writeFileSync(file.fsPath, text);
      const r = await finishes(`bulk ${i}`, () => vscode.commands.executeCommand<{ outcome: string }>('lca.bulkCreateMaterials', { uri: file, confirm: true, showReport: false }));
      // A random document can happen to be an empty list: then there is nothing to send.
      assert.ok(r && ['invalid', 'nothing-to-send', 'error'].includes(r.outcome), `bulk ${i}: ${JSON.stringify(r).slice(0, 200)}`);
      tried++;
    }
    assert.strictEqual(await materialCount(), before, 'no material was created');
  });

  it('every refusal the user saw was a clear message: no stack, no "undefined", no "[object Object]", no markup run', async () => {
    const errors = ui.messages(messagesBefore).filter((m) => m.kind === 'error');
    assert.ok(errors.length >= 20, `refusals were shown as error messages (${errors.length})`);
    for (const { message } of errors) {
      assert.ok(message.trim().length >= 10, `too short to say what and where: "${message}"`);
      assert.ok(message.length <= 2_000, `too long: ${message.slice(0, 120)}…`);
      // (A hostile id the user gave is quoted back as it is, "undefined" included.)
      assert.doesNotMatch(message.replace(/"[^"]*"/g, '""'), /\n\s+at .+:\d+:\d+|\bundefined\b|\[object Object\]|\bNaN\b/, message.slice(0, 300));
    }
  });

  it('tried at least 150 hostile inputs, and the extension still works', async () => {
    assert.ok(tried >= 150, `only ${tried} inputs were tried`);
    const a = await api();
    await vscode.commands.executeCommand('lca.refreshProjects');
    assert.ok((await a.testing.projectsTree.getChildren()).some((n) => n.kind === 'project'));
  });
});
