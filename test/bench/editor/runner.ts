// Runs inside VS Code's extension host (code-server), started by test/bench/benches/editor.ts as the workbench's
// extensionTestsPath: measures what a user of the editor feels and appends the figures, as JSON lines, to the results
// file named by the plan ($LCA_BENCH_PLAN, rewritten by the launcher before each window). Each figure is measured with
// its floor in the same extension host:
//   activation  `ext.activate()` of LCA Workbench (production build) and of a minimal extension, each not active before
//   projects    the Projects tree's first level at 5,000 projects — what VS Code asks of the extension for it
//               (getChildren, then getTreeItem of every root) — and a filter change, against fetching and
//               JSON.parse-ing the same GraphQL answer; memory kept by the tree against the parsed answer
//   completion  opens the 10,000-material library and waits while the launcher presses Ctrl+Space in the workbench
//               (benches/completion.ts measures key → list there); then reports what the LCA completion provider took
//               for each request, and (when asked) a CPU profile of the extension host meanwhile
import * as inspector from 'inspector';
import * as v8 from 'v8';
import * as vm from 'vm';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { LcaExtensionApi } from '../../../src/extension/extension';
import { projectListRequestBody } from '../../../src/client/projectList';
import { toVariables, type ProjectFilter } from '../../../src/extension/projects/filter';

import { LCA_ID, MINIMAL_IDS, type EditorBenchLine, type EditorBenchPlan } from './plan';

const plan = (): EditorBenchPlan => JSON.parse(fs.readFileSync(process.env.LCA_BENCH_PLAN!, 'utf8')) as EditorBenchPlan;

function record(line: EditorBenchLine): void {
  fs.appendFileSync(plan().results, JSON.stringify(line) + '\n');
}

/** Wall time of activating `id`, which must not be active yet. */
async function activationMs(id: string): Promise<number> {
  const ext = vscode.extensions.getExtension(id);
  if (!ext) throw new Error(`${id} is not installed`);
  if (ext.isActive) throw new Error(`${id} was already active before the bench activated it`);
  const t = performance.now();
  await ext.activate();
  return performance.now() - t;
}

/** A full garbage collection (the extension host runs without --expose-gc). */
function collect(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  (vm.runInNewContext('gc') as () => void)();
}

/** Heap bytes kept by what `make` returns (measured after full collections), and the value. */
async function retained<T>(make: () => Promise<T>): Promise<{ bytes: number; value: T }> {
  collect();
  const before = process.memoryUsage().heapUsed;
  const value = await make();
  collect();
  return { bytes: process.memoryUsage().heapUsed - before, value };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function projectsBench(bench: Extract<EditorBenchPlan, { phase: 'projects' }>): Promise<void> {
  const api = (await vscode.extensions.getExtension<LcaExtensionApi>(LCA_ID)!.activate()).testing;
  const signedIn = await vscode.commands.executeCommand<{ login: string } | undefined>('lca.signIn', { kind: 'user', login: 'demo@example.com', secret: 'demo-password' });
  if (!signedIn) throw new Error('could not sign in to the bench service');
  const tree = api.projectsTree;
  // The floor: the same GraphQL request, fetched and parsed (the token is the one the extension uses, read once).
  const token = ((await (await fetch(`${bench.urls.authUrl}/v1/user`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }) })).json()) as { access_token: string }).access_token;
  let answerBytes = 0;
  const fetchAndParse = async (filter: ProjectFilter): Promise<unknown> => {
    const r = await fetch(`${bench.urls.graphqlUrl}/v1/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(projectListRequestBody(toVariables(filter))),
    });
    const text = await r.text();
    answerBytes = text.length;
    return JSON.parse(text);
  };
  /** What VS Code asks of the extension for the first level after a refresh: the roots, then each root's TreeItem. */
  const firstLevel = async (): Promise<{ nodes: unknown[]; items: vscode.TreeItem[] }> => {
    tree.refresh();
    const nodes = await tree.getChildren();
    return { nodes, items: nodes.map((n) => tree.getTreeItem(n)) };
  };
  const count = (await firstLevel()).nodes.length;
  if (count < bench.count) throw new Error(`the tree lists ${count} projects, fewer than the ${bench.count} generated`);
  await fetchAndParse({}); // warm-up of both paths
  // Interleaved, so that a change of the machine's load touches the figure and its floor alike; medians.
  const RUNS = 7;
  const times = { floor: [] as number[], tree: [] as number[], filterFloor: [] as number[], filter: [] as number[] };
  const time = async (into: number[], fn: () => Promise<unknown>): Promise<void> => {
    const t = performance.now();
    await fn();
    into.push(performance.now() - t);
  };
  let filtered = 0;
  for (let i = 0; i < RUNS; i++) {
    await time(times.floor, () => fetchAndParse({}));
    tree.setFilter({});
    await time(times.tree, firstLevel);
    await time(times.filterFloor, () => fetchAndParse(bench.filter));
    // A filter change: the view's filter set, then what VS Code asks of the extension for the new first level.
    await time(times.filter, async () => {
      tree.setFilter(bench.filter);
      const nodes = await tree.getChildren();
      filtered = nodes.map((n) => tree.getTreeItem(n)).length;
    });
  }
  const [floorMs, treeMs, filterFloorMs, filterMs] = [times.floor, times.tree, times.filterFloor, times.filter].map(median);
  await fetchAndParse({});
  const fullAnswerBytes = answerBytes;
  // Memory: what the tree keeps once its first level is shown (nodes, items and the provider's own list), against the
  // parsed answer kept; measured from a tree that lists nothing.
  tree.setFilter({ name: 'no project is called this' });
  await tree.getChildren();
  const parsed = await retained(() => fetchAndParse({}));
  const shown = await retained(() => {
    tree.setFilter({});
    return firstLevel();
  });
  record({ kind: 'projects', count, treeMs, floorMs, filterMs, filterFloorMs, filtered, treeBytes: shown.bytes, parsedBytes: parsed.bytes, answerBytes: fullAnswerBytes });
  void parsed.value;
  void shown.value;
}

/** A CPU profile of this extension host, from now until the returned function is called (it writes the profile). */
function startProfile(): () => Promise<unknown> {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object): Promise<unknown> =>
    new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  const started = post('Profiler.enable').then(() => post('Profiler.setSamplingInterval', { interval: 500 })).then(() => post('Profiler.start'));
  return async () => {
    await started;
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    session.disconnect();
    return profile;
  };
}

async function completionBench(bench: Extract<EditorBenchPlan, { phase: 'completion' }>): Promise<void> {
  const api = (await vscode.extensions.getExtension<LcaExtensionApi>(LCA_ID)!.activate()).testing;
  const stopProfile = bench.profile ? startProfile() : undefined;
  const uri = vscode.Uri.file(bench.file);
  const t = performance.now();
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: false });
  const openMs = performance.now() - t;
  // The library's first check (full), of the version in the large-file language.
  for (const until = Date.now() + 240_000; ; ) {
    if (doc.languageId !== 'json' && api.checks().some((c) => c.uri === uri.toString() && c.mode === 'full' && c.version === doc.version)) break;
    if (Date.now() > until) throw new Error(`the library was not checked within 4 minutes (language ${doc.languageId})`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const check = api.checks().find((c) => c.uri === uri.toString() && c.mode === 'full')!;
  record({ kind: 'completion-open', openMs, checkMs: check.ms, languageId: doc.languageId, chars: doc.getText().length, lines: doc.lineCount });
  const since = Date.now();
  // The launcher measures in the workbench meanwhile; it writes `done` when it has.
  for (const until = Date.now() + 300_000; !fs.readFileSync(bench.control, 'utf8').includes('done'); ) {
    if (Date.now() > until) throw new Error('the launcher did not finish within 5 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  const profile = await stopProfile?.();
  if (profile && bench.profile) fs.writeFileSync(bench.profile, JSON.stringify(profile));
  record({
    kind: 'completion-answers',
    answers: api.languageAnswers().filter((a) => a.startedAt >= since),
    checks: api.checks().filter((c) => c.uri === uri.toString()).map((c) => ({ mode: c.mode, ms: c.ms, itemsChecked: c.itemsChecked })),
  });
}

export async function run(): Promise<void> {
  try {
    const bench = plan();
    if (bench.phase === 'projects') await projectsBench(bench);
    else if (bench.phase === 'completion') await completionBench(bench);
    else {
      // A minimal extension first (whatever the first activation in a fresh extension host pays), then the floor, the
      // second minimal extension, then ours (after it, what ours goes on doing in the background would slow the floor).
      const warmUpMs = await activationMs(MINIMAL_IDS[0]);
      const minimalMs = await activationMs(MINIMAL_IDS[1]);
      const lcaMs = await activationMs(LCA_ID);
      record({ kind: 'activation', lcaMs, minimalMs, warmUpMs });
      // A window lives on after activation: what the extension does then (its code cache, read by the next window's
      // activation, is written half a second later) happens before this window closes.
      await new Promise((r) => setTimeout(r, 1500));
    }
  } catch (e) {
    record({ kind: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
}
