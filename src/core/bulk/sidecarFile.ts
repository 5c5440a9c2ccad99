// Reading and writing the sidecar on disk (Node fs, no editor). Every write is atomic: a temporary file in
// the same folder, flushed, then renamed over the sidecar, so a crash leaves the old or the new file, never half.
import { msg, type Msg } from '../l10n';
import * as fs from 'fs';
import { writeFileAtomic } from '../atomicFile';
import { materialKey, mergeSidecar, readSidecar, serializeSidecar, sidecarComment, type Sidecar, type SidecarItem, type SidecarMeta } from './sidecar';

export type SidecarFileState =
  | { exists: false }
  | { exists: true; ok: true; sidecar: Sidecar; skipped: number }
  | { exists: true; ok: false; error: Msg };

/** The sidecar at `file`: absent, read (tolerantly), or broken with the reason. */
export async function loadSidecarFile(file: string): Promise<SidecarFileState> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { exists: false };
    return { exists: true, ok: false, error: msg('the sidecar cannot be read ({0})', (e as Error).message) };
  }
  const read = readSidecar(text);
  return read.ok ? { exists: true, ok: true, sidecar: read.sidecar, skipped: read.skipped } : { exists: true, ok: false, error: read.error };
}

export async function writeSidecarFile(file: string, sidecar: Sidecar): Promise<void> {
  await writeFileAtomic(file, serializeSidecar(sidecar));
}

/**
 * Keeps the sidecar of one materials file up to date during a job: `add` merges records and rewrites the file
 * atomically before it resolves, so every created id is in the sidecar before the next chunk is sent. Each item's
 * line is serialised once. The data is flushed to the disk (fsync) at most once per `fsyncEveryMs` (default 2 s) and
 * on `flush()`: atomic replacement keeps the file whole after a crash of the editor, and ids a power loss might take
 * back are recovered by the next run from the service's 409 `existingId` answers.
 */
export class SidecarRecorder {
  private readonly meta: SidecarMeta;
  private readonly lines = new Map<string, string>();
  private readonly items = new Map<string, SidecarItem>();
  private lastSync = 0;
  private readonly fsyncEveryMs: number;

  constructor(
    readonly file: string,
    meta: SidecarMeta,
    previous: Sidecar | undefined,
    options: { fsyncEveryMs?: number } = {},
  ) {
    const start = mergeSidecar(previous, meta, []);
    this.meta = { source: meta.source, epdUrl: start.epdUrl, ...(start.createdBy ? { createdBy: start.createdBy } : {}) };
    this.fsyncEveryMs = options.fsyncEveryMs ?? 2_000;
    for (const item of start.items) this.put(item);
  }

  private put(item: SidecarItem): void {
    const key = materialKey(item.originalUUID, item.originalVersion);
    const line = `    ${JSON.stringify(item)}`;
    const replaced = this.lines.has(key);
    this.items.set(key, item);
    this.lines.set(key, line);
    if (replaced) this.body = [...this.lines.values()].join(',\n');
    else this.body = this.body ? `${this.body},\n${line}` : line;
  }

  get sidecar(): Sidecar {
    return { $comment: sidecarComment(this.meta.source), source: this.meta.source, epdUrl: this.meta.epdUrl, ...(this.meta.createdBy ? { createdBy: this.meta.createdBy } : {}), items: [...this.items.values()] };
  }

  /** The item lines joined, kept up to date by appending (a replaced item rebuilds it). */
  private body = '';

  private text(): string {
    const head = serializeSidecar({ $comment: sidecarComment(this.meta.source), source: this.meta.source, epdUrl: this.meta.epdUrl, ...(this.meta.createdBy ? { createdBy: this.meta.createdBy } : {}), items: [] });
    if (this.lines.size === 0) return head;
    // serializeSidecar's layout, with the cached item lines.
    return `${head.slice(0, head.lastIndexOf('[') + 1)}\n${this.body}\n  ]\n}\n`;
  }

  async add(records: readonly SidecarItem[]): Promise<void> {
    if (records.length === 0) return;
    for (const r of records) this.put(r);
    const now = Date.now();
    const fsync = now - this.lastSync >= this.fsyncEveryMs;
    await writeFileAtomic(this.file, this.text(), { fsync });
    if (fsync) this.lastSync = now;
  }

  /** Flushes the sidecar's data to the disk (at the end of a job). */
  async flush(): Promise<void> {
    if (this.lastSync === 0 && this.items.size === 0) return;
    const handle = await fs.promises.open(this.file, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    this.lastSync = Date.now();
  }
}
