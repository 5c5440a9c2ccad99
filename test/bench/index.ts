// `npm run bench`: runs every benchmark in one process and prints each figure as a ratio to its floor measured in
// the same run, then the production bundle sizes, the machine and a summary table. Add a benchmark by adding a
// `{ name, run }` module to BENCHES; `run` returns BenchResults (or, for older ones, one line of text with "N× …").
import { br18ExportBench } from './benches/br18Export';
import { bulkCreateBench } from './benches/bulkCreate';
import { bulkCreateJobBench } from './benches/bulkCreateJob';
import { bulkCreate100kBench } from './benches/bulkCreate100k';
import { bundleSizes } from './benches/bundles';
import { compareBench } from './benches/compare';
import { comparePaintBench } from './benches/comparePaint';
import { completionBench } from './benches/completion';
import { dashboardBench, dashboard100kBench } from './benches/dashboard';
import { activationBench, projectsTreeBench } from './benches/editor';
import { familiesBench } from './benches/families';
import { ilcdImportBench } from './benches/ilcdImport';
import type { BenchResult } from './benches/result';
import { incrementalBench } from './benches/incremental';
import { suggestBench } from './benches/suggest';
import { toolsBench } from './benches/tools';
import { validationBench } from './benches/validation';
import { runDashboardPaintBench } from './dashboardPaint';

export interface Bench {
  name: string;
  /** The figure(s), measured against a reference taken in the same run. */
  run(): Promise<string | BenchResult | BenchResult[]>;
}

const dashboardPaintBench: Bench = {
  name: 'dashboard first paint',
  async run(): Promise<BenchResult> {
    const r = await runDashboardPaintBench();
    return {
      name: 'dashboard first paint in Chromium, 20,000 elements',
      ms: r.firstPaintMs,
      floor: 'JSON.parse + a bare ECharts chart',
      floorMs: r.baselineMs,
      ratio: r.ratio,
      goal: r.goal,
      line:
        `dashboard first paint in Chromium, 20,000 elements (${r.source}, ${(r.responseBytes / 1024).toFixed(0)} kB): ${r.firstPaintMs} ms = ` +
        `${r.ratio.toFixed(2)}× JSON.parse + a bare ECharts chart's first paint (${r.baselineMs} ms) (${r.pass ? 'meets' : 'MISSES'} the ≤ ${r.goal}× goal); ` +
        `${(r.firstPaintMs / r.warmBaselineMs).toFixed(2)}× the same bare chart after a warm-up like the page's (${r.warmBaselineMs} ms)`,
    };
  },
};

export const BENCHES: Bench[] = [
  dashboardBench,
  dashboard100kBench,
  bulkCreateBench,
  bulkCreateJobBench,
  bulkCreate100kBench,
  validationBench,
  incrementalBench,
  dashboardPaintBench,
  ilcdImportBench,
  activationBench,
  projectsTreeBench,
  toolsBench,
  suggestBench,
  completionBench,
  compareBench,
  comparePaintBench,
  br18ExportBench,
  familiesBench,
];

interface Row {
  name: string;
  figure: string;
  ratio: string;
  goal: string;
}

/** A ratio from an older bench's line of text ("… = 12.3× JSON.parse …"). */
function rowFromLine(name: string, line: string): Row {
  const ratio = /=\s*([\d.]+)×/.exec(line)?.[1];
  const figure = /:\s*([\d.]+ ms)/.exec(line)?.[1] ?? '';
  return { name, figure, ratio: ratio ? `${ratio}×` : '?', goal: '' };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r, n) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ') + (n === 0 ? `\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : '')).join('\n');
}

async function main(): Promise<void> {
  const loadAtStart = (await import('os')).loadavg().map((x) => x.toFixed(1)).join(' / ');
  let failed = false;
  const rows: Row[] = [];
  // LCA_BENCH_GREP=<text> runs only the benchmarks whose name contains it (the bundle sizes are always printed).
  const grep = process.env.LCA_BENCH_GREP?.toLowerCase();
  for (const bench of BENCHES.filter((b) => !grep || b.name.toLowerCase().includes(grep))) {
    try {
      const r = await bench.run();
      if (typeof r === 'string') {
        console.log(r);
        rows.push(rowFromLine(bench.name, r));
      } else {
        for (const one of Array.isArray(r) ? r : [r]) {
          console.log(one.line);
          const goal =
            one.goal !== undefined ? `≤ ${one.goal}× ${one.ratio <= one.goal ? 'ok' : 'MISSED'}` : one.goalMs !== undefined ? `≤ ${one.goalMs} ms ${one.ms <= one.goalMs ? 'ok' : 'MISSED'}` : '';
          rows.push({ name: one.name, figure: `${one.ms.toFixed(1)} ${one.unit ?? 'ms'}`, ratio: `${one.ratio.toFixed(2)}×`, goal });
        }
      }
    } catch (e) {
      failed = true;
      console.log(`${bench.name}: FAILED — ${(e as Error).message}`);
      rows.push({ name: bench.name, figure: 'FAILED', ratio: '', goal: '' });
    }
  }
  const sizes = await bundleSizes();
  console.log('\nproduction bundles (raw / gzip -9):');
  for (const s of sizes) console.log(`  ${s.file}: ${s.kb.toFixed(1)} KB / ${s.gzipKb.toFixed(1)} KB gzip`);
  const os = await import('os');
  const load = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
  console.log(`\nmachine: nproc ${os.availableParallelism()} (${os.cpus()[0]?.model ?? 'CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}; load average (1/5/15 min) ${loadAtStart} at the start, ${load} at the end`);
  console.log('\nsummary (each figure as a ratio to its floor measured in this run):');
  console.log(table([['figure', 'time', 'ratio', 'goal'], ...rows.map((r) => [r.name, r.figure, r.ratio, r.goal])]));
  console.log(table([['bundle', 'KB', 'gzip KB'], ...sizes.map((s) => [s.file, s.kb.toFixed(1), s.gzipKb.toFixed(1)])]));
  process.exitCode = failed ? 1 : 0;
}

void main();
