// One side of the 100,000-material bulk-create bench (benches/bulkCreate100k.ts), in a process of its own so that its
// peak memory is its own: `floor` posts the file's materials raw (already in memory: the file parsed before the
// clock starts) in the fewest requests the service allows; `job` runs the bulk-create job as the editor runs it on
// a file that is not open — checked item by item as it is read, sent in chunks read back from the file, the sidecar
// written after every request. Prints one JSON line: the time, the peak RSS and what was created.
import * as fs from 'fs';
import * as path from 'path';
import { LcaClient, isLcaServiceError } from '../../../src/client';
import { format } from '../../../src/core/l10n';
import { readFileMaterials, SidecarRecorder, loadSidecarFile, planBulkFile, runBulkCreate, sidecarPathFor, type FileBulkItem } from '../../../src/core/bulk';
import { MAX_CHUNK_SIZE } from '../../../src/core/bulk/job';
import { CHECKS } from '../../fixtures/checks';

export interface ChildResult {
  ms: number;
  /** process.resourceUsage().maxRSS, bytes. */
  peakRss: number;
  created: number;
  /** `job`: ids in the sidecar afterwards; the check's refusal, when the file had errors. */
  sidecarIds?: number;
  problems?: { count: number; samples: string[] };
  checkMs?: number;
}

async function floor(file: string, url: string, token: string): Promise<ChildResult> {
  const items = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown[];
  const t = performance.now();
  let created = 0;
  for (let i = 0; i < items.length; i += MAX_CHUNK_SIZE) {
    const body = JSON.stringify(items.slice(i, i + MAX_CHUNK_SIZE));
    const r = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body }).catch((e: Error) => {
      throw new Error(`request ${i / MAX_CHUNK_SIZE + 1} failed: ${e.message} (${String((e as { cause?: unknown }).cause)})`);
    });
    if (r.status !== 200) throw new Error(`bulk create answered ${r.status}: ${(await r.text()).slice(0, 300)}`);
    created += ((await r.json()) as unknown[]).length;
  }
  return { ms: performance.now() - t, peakRss: process.resourceUsage().maxRSS * 1024, created };
}

async function job(file: string, urls: LcaClient['urls'], token: string): Promise<ChildResult> {
  const t = performance.now();
  const client = new LcaClient({ urls, getToken: async () => token });
  const sidecarFile = sidecarPathFor(file);
  const state = await loadSidecarFile(sidecarFile);
  const previous = state.exists && state.ok ? state.sidecar : undefined;
  const plan = await planBulkFile(file, { ...CHECKS, fileName: path.basename(file), epdUrl: urls.epdUrl, ...(previous ? { sidecar: previous } : {}) });
  const checkMs = performance.now() - t;
  if (plan.problems) {
    return { ms: performance.now() - t, checkMs, peakRss: process.resourceUsage().maxRSS * 1024, created: 0, problems: { count: plan.problems.count, samples: plan.problems.samples.map((m) => format(m)) } };
  }
  const recorder = new SidecarRecorder(sidecarFile, { source: path.basename(file), epdUrl: urls.epdUrl }, previous);
  const r = await runBulkCreate({
    client,
    isServiceFailure: isLcaServiceError,
    items: plan.items,
    materials: (items) => readFileMaterials(plan.file, items as readonly FileBulkItem[]),
    itemsChecked: true,
    alreadyCreated: plan.known,
    onRecord: (records) => recorder.add(records),
  });
  await recorder.flush();
  const ms = performance.now() - t;
  if (r.failed) throw new Error(format(r.failed.message));
  const sidecar = await loadSidecarFile(sidecarFile);
  return { ms, checkMs, peakRss: process.resourceUsage().maxRSS * 1024, created: r.created.length, sidecarIds: sidecar.exists && sidecar.ok ? new Set(sidecar.sidecar.items.map((i) => i.id)).size : 0 };
}

async function main(): Promise<void> {
  const [mode, file] = process.argv.slice(2);
  const urls = JSON.parse(process.env.LCA_BENCH_URLS!) as LcaClient['urls'];
  const token = process.env.LCA_BENCH_TOKEN!;
  const result = mode === 'floor' ? await floor(file, `${urls.epdUrl}/material/bulk/create`, token) : await job(file, urls, token);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  });
}
