// Benchmark: bulk create at national-database scale. A 100,000-material file (~470 MB, written here into a temporary
// folder, streamed) is bulk-created end to end as the editor does it for a file that is not open (bulk/child.ts `job`:
// checked item by item as it is read, 100 requests of 1000 read back from the file, the sidecar written after each),
// against the floor: the same materials already in memory, posted raw in the fewest requests the service allows (100
// POSTs of 1000, each serialised and its answer parsed). Each run gets a fresh local service in its own process; the
// job and the floor run in processes of their own, so the job's peak RSS is its own. Median of 3 interleaved runs.
// Also: the same file with one error near its end sends nothing. Not part of `npm test` (it takes minutes).
import { spawn } from 'child_process';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { MATERIAL_SPECS, materialItem } from '../../../src/service/seed/materials';
import { REPO_ROOT } from '../../fixtures/paths';
import type { ChildResult } from '../bulk100k/child';
import { benchServiceProcess, type BenchService } from './common';
import { result, type BenchResult } from './result';

/** LCA_BENCH_100K_TOTAL=<n> runs the same bench on fewer materials (to try it out quickly). */
const TOTAL = Number(process.env.LCA_BENCH_100K_TOTAL) || 100_000;
const RUNS = 3;
const TIME_GOAL = 1.3;
const RSS_GOAL = 1.5;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Writes the file as an editor would format it (2-space indent), one material at a time; returns its size and the
 * byte offset of `"isCustom": true` in the material at `markIndex` (where the error copy gets its error).
 */
async function writeMaterialsFile(file: string, markIndex: number): Promise<{ bytes: number; mark: number }> {
  const out = fs.createWriteStream(file);
  let bytes = 0;
  let mark = -1;
  const write = async (text: string): Promise<void> => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await new Promise<void>((r) => out.once('drain', () => r()));
  };
  await write('[\n');
  for (let i = 0; i < TOTAL; i++) {
    const spec = MATERIAL_SPECS[i % MATERIAL_SPECS.length];
    const m = { ...materialItem(spec), name: `${spec.name} #${i + 1}`, originalUUID: randomUUID(), isPublic: false, isCustom: true };
    const text = JSON.stringify(m, null, 2).replace(/^/gm, '  ');
    if (i === markIndex) mark = bytes + Buffer.byteLength(text.slice(0, text.indexOf('"isCustom": true') + '"isCustom": '.length));
    await write(text + (i < TOTAL - 1 ? ',\n' : '\n'));
  }
  await write(']\n');
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return { bytes, mark };
}

/** Runs bulk100k/child.js `mode` on `file` against `service`. */
function child(mode: 'floor' | 'job', file: string, service: BenchService): Promise<ChildResult> {
  const script = path.join(REPO_ROOT, 'out', 'test', 'bench', 'bulk100k', 'child.js');
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--max-old-space-size=4096', script, mode, file], {
      env: { ...process.env, LCA_BENCH_URLS: JSON.stringify(service.service.urls), LCA_BENCH_TOKEN: service.token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!) as ChildResult) : reject(new Error(`${mode} exited with ${code}: ${err.slice(-2000)}`))));
  });
}

/** Materials the service holds (all tenants), from its sandbox statistics. */
async function materialsHeld(service: BenchService): Promise<number> {
  const origin = new URL(service.service.urls.baseUrl).origin;
  const stats = (await (await fetch(`${origin}/__sandbox/stats`)).json()) as { tenants: Record<string, { materials: number }> };
  return Object.values(stats.tenants).reduce((n, t) => n + t.materials, 0);
}

/** `mode` against a fresh service; the service's materials counted before and after. */
async function onFreshService(mode: 'floor' | 'job', file: string): Promise<ChildResult & { sent: number }> {
  const service = await benchServiceProcess();
  try {
    const before = await materialsHeld(service);
    const r = await child(mode, file, service);
    return { ...r, sent: (await materialsHeld(service)) - before };
  } finally {
    await service.stop();
  }
}

export const bulkCreate100kBench = {
  name: 'bulk-create job, 100,000 materials from disk',
  async run(): Promise<BenchResult[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-bench-100k-'));
    try {
      const file = path.join(dir, 'national.materials.json');
      const { bytes, mark } = await writeMaterialsFile(file, TOTAL - 10);
      const floors: number[] = [];
      const jobs: ChildResult[] = [];
      for (let rep = 0; rep < RUNS; rep++) {
        const f = await onFreshService('floor', file);
        if (f.created !== TOTAL) throw new Error(`the floor created ${f.created} of ${TOTAL}`);
        floors.push(f.ms);
        // Each run starts without a sidecar, as a first bulk create does.
        fs.rmSync(path.join(dir, 'national.materials.created.json'), { force: true });
        const j = await onFreshService('job', file);
        if (j.created !== TOTAL || j.sent !== TOTAL) throw new Error(`the job created ${j.created} (the service holds ${j.sent} more) of ${TOTAL}`);
        if (j.sidecarIds !== TOTAL) throw new Error(`the sidecar holds ${j.sidecarIds} ids, not ${TOTAL}`);
        jobs.push(j);
      }
      // One error near the end of the file: nothing may be sent.
      const broken = path.join(dir, 'broken.materials.json');
      fs.copyFileSync(file, broken);
      const fd = fs.openSync(broken, 'r+');
      fs.writeSync(fd, Buffer.from('1234'), 0, 4, mark); // `"isCustom": true` → `"isCustom": 1234`, the same length
      fs.closeSync(fd);
      const refused = await onFreshService('job', broken);
      if (!refused.problems || refused.problems.count !== 1) throw new Error(`the file with one error gave ${JSON.stringify(refused.problems)}`);
      if (refused.sent !== 0) throw new Error(`the file with an error sent ${refused.sent} materials`);

      const jobMs = median(jobs.map((j) => j.ms));
      const floorMs = median(floors);
      const peak = Math.max(...jobs.map((j) => j.peakRss));
      const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
      return [
        result({
          name: 'bulk-create job, 100,000 materials from disk',
          ms: jobMs,
          floor: '100 raw POSTs of 1000 (materials in memory)',
          floorMs,
          goal: TIME_GOAL,
          detail:
            `the ${mb(bytes)} file checked as read (${(median(jobs.map((j) => j.checkMs ?? 0)) / 1000).toFixed(1)} s), 100 requests of 1000 read back from it, ` +
            `the sidecar written after each (${TOTAL} ids); medians of ${RUNS} runs (job ${jobs.map((j) => (j.ms / 1000).toFixed(1)).join('/')} s, ` +
            `floor ${floors.map((f) => (f / 1000).toFixed(1)).join('/')} s), a fresh service in its own process per run; the file with one error ` +
            `(${refused.problems.samples[0]}) sent nothing`,
        }),
        {
          name: 'bulk-create job, 100,000 materials: peak RSS',
          ms: peak / 1e6,
          unit: 'MB',
          floor: 'the file size',
          floorMs: bytes / 1e6,
          ratio: peak / bytes,
          goal: RSS_GOAL,
          line: `bulk-create job, 100,000 materials: peak RSS ${mb(peak)} = ${(peak / bytes).toFixed(2)}× the file (${mb(bytes)}) (${peak / bytes <= RSS_GOAL ? 'meets' : 'MISSES'} the ≤ ${RSS_GOAL}× goal)`,
        },
      ];
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
