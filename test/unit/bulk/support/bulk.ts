// Shared by the bulk-create tests: many valid, distinct materials, a job run with its sidecar on disk, and
// counts of what the service holds.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { isLcaServiceError, type LcaClient, type Material, type MaterialRead } from '../../../../src/client';
import {
  SidecarRecorder,
  bulkItemsOf,
  createdKeys,
  loadSidecarFile,
  runBulkCreate,
  sidecarPathFor,
  type BulkItem,
  type BulkJobOptions,
  type BulkJobResult,
  type Sidecar,
} from '../../../../src/core/bulk';
import { MATERIAL_SPECS, materialItem } from '../../../../src/service/seed/materials';
import type { RunningService } from '../../client/support/localService';

export const DEMO_TENANT = 'Demo Arkitekter';

/** `n` valid materials with fresh originalUUIDs (so every test creates new ones). */
export function makeMaterials(n: number, tag = 'bulk'): Material[] {
  const out: Material[] = [];
  for (let i = 0; i < n; i++) {
    const spec = MATERIAL_SPECS[i % MATERIAL_SPECS.length];
    out.push({ ...materialItem(spec), name: `${spec.name} (${tag} #${i})`, originalUUID: randomUUID(), originalVersion: '1.0.0', isPublic: false, isCustom: true } as Material);
  }
  return out;
}

export function makeItems(n: number, tag?: string): BulkItem[] {
  return bulkItemsOf(makeMaterials(n, tag));
}

/** Materials of the demo tenant on the service. */
export async function materialCount(svc: RunningService): Promise<number> {
  const stats = (await svc.stats()) as { tenants: Record<string, { materials: number }> };
  return stats.tenants[DEMO_TENANT].materials;
}

/** A client wrapper that counts the items sent per request (and can run a hook before each request). */
export class CountingClient {
  requests = 0;
  itemsSent = 0;
  /** Materials per request, in order. */
  sizes: number[] = [];
  constructor(
    private readonly inner: LcaClient,
    private readonly before?: (n: number) => Promise<void> | void,
  ) {}

  async bulkCreateMaterials(items: Material[], signal?: AbortSignal, options?: { checked?: boolean }): Promise<MaterialRead[]> {
    this.requests++;
    this.itemsSent += items.length;
    this.sizes.push(items.length);
    await this.before?.(this.requests);
    return this.inner.bulkCreateMaterials(items, signal, options);
  }
}

/** A materials file's place in a temporary folder: the sidecar lives next to it. */
export function tempMaterialsPath(name = 'library'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-bulk-test-'));
  return path.join(dir, `${name}.materials.json`);
}

export async function readSidecarFile(materialsPath: string): Promise<Sidecar | undefined> {
  const state = await loadSidecarFile(sidecarPathFor(materialsPath));
  if (!state.exists) return undefined;
  assert.ok(state.ok, `sidecar readable: ${state.ok ? '' : state.error}`);
  return state.sidecar;
}

/**
 * One run as the editor does it: the sidecar's records for this service are not sent, each chunk's ids are written
 * to the sidecar before the next request.
 */
export async function runWithSidecar(
  materialsPath: string,
  epdUrl: string,
  items: readonly BulkItem[],
  options: Omit<BulkJobOptions, 'items' | 'alreadyCreated' | 'onRecord' | 'isServiceFailure'> & { onRecord?: (n: number) => Promise<void> | void },
): Promise<BulkJobResult> {
  const previous = await readSidecarFile(materialsPath);
  const recorder = new SidecarRecorder(sidecarPathFor(materialsPath), { source: path.basename(materialsPath), epdUrl }, previous);
  let chunks = 0;
  const { onRecord, ...rest } = options;
  return runBulkCreate({
    ...rest,
    isServiceFailure: isLcaServiceError,
    items,
    alreadyCreated: createdKeys(previous, epdUrl),
    onRecord: async (records) => {
      await recorder.add(records);
      await onRecord?.(++chunks);
    },
  });
}

/** The result's lists add up and do not overlap. */
export function assertConsistent(result: BulkJobResult, items: readonly BulkItem[]): void {
  const recorded = [...result.created, ...result.alreadyThere].map((r) => `${r.originalUUID.toLowerCase()}@${r.originalVersion}`);
  const notSent = result.notSent.map((r) => r.key);
  const skipped = result.skipped.map((r) => r.key);
  const all = [...recorded, ...notSent, ...skipped];
  assert.strictEqual(all.length, items.length, 'created + already there + not sent + skipped = the file');
  assert.strictEqual(new Set(all).size, items.length, 'no material in two lists');
  for (const u of result.unconfirmed) assert.ok(notSent.includes(u.key), 'unconfirmed ones are among the not sent');
}

/** After a complete run: the sidecar names every material of the file once, each with its own id. */
export function assertSidecarComplete(sidecar: Sidecar | undefined, items: readonly BulkItem[], epdUrl: string): Map<string, string> {
  assert.ok(sidecar, 'sidecar written');
  const known = createdKeys(sidecar, epdUrl);
  for (const it of items) assert.ok(known.has(it.key), `sidecar records item ${it.index}`);
  const ids = items.map((it) => known.get(it.key)!.id);
  assert.strictEqual(new Set(ids).size, items.length, 'every material has its own id');
  return new Map(items.map((it) => [it.key, known.get(it.key)!.id]));
}
