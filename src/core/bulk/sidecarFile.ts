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

/** What closes a sidecar with items (serializeSidecar's layout): new item lines go before it. */
const TAIL = '\n  ]\n}\n';

/**
 * Keeps the sidecar of one materials file up to date during a job: `add` records and writes them before it resolves,
 * so every created id is in the sidecar before the next chunk is sent. The first write, and any write that replaces a
 * record, rewrites the file atomically; later records are appended in place — written over the closing brackets,
 * which follow them again — so a request's ids cost what they add, not the size of the sidecar (100,000 materials:
 * 20 MB rewritten a hundred times was most of what the job added to its requests). Should the file change under it
 * (another writer, a checkout), the next write is a full atomic one again. The data is flushed to the disk (fsync) at
 * most once per `fsyncEveryMs` (default 2 s) and on `flush()`. A crash in the middle of an append can leave a sidecar
 * that does not parse: the next run reports it, keeps it as .bak, and recovers the ids from the service's 409
 * `existingId` answers, so nothing is created twice — as it already does for ids a power loss took back.
 */
export class SidecarRecorder {
  private readonly meta: SidecarMeta;
  private readonly lines = new Map<string, string>();
  private readonly items = new Map<string, SidecarItem>();
  /** Lines recorded since the last write, when they can be appended. */
  private fresh: string[] = [];
  /** The next write must rewrite the whole file. */
  private rewrite = true;
  private handle: fs.promises.FileHandle | undefined;
  /** The file as last written: its inode and size (an append needs both unchanged). */
  private written: { ino: number; size: number } | undefined;
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
    if (this.lines.has(key)) this.rewrite = true;
    else this.fresh.push(line);
    this.items.set(key, item);
    this.lines.set(key, line);
  }

  get sidecar(): Sidecar {
    return { $comment: sidecarComment(this.meta.source), source: this.meta.source, epdUrl: this.meta.epdUrl, ...(this.meta.createdBy ? { createdBy: this.meta.createdBy } : {}), items: [...this.items.values()] };
  }

  private text(): string {
    const head = serializeSidecar({ $comment: sidecarComment(this.meta.source), source: this.meta.source, epdUrl: this.meta.epdUrl, ...(this.meta.createdBy ? { createdBy: this.meta.createdBy } : {}), items: [] });
    if (this.lines.size === 0) return head;
    // serializeSidecar's layout, with the item lines serialised once each.
    return `${head.slice(0, head.lastIndexOf('[') + 1)}\n${[...this.lines.values()].join(',\n')}${TAIL}`;
  }

  /** Whether the file on disk is still the one last written (appending to anything else would lose the records). */
  private async unchanged(): Promise<boolean> {
    if (!this.written || !this.handle) return false;
    try {
      const st = await fs.promises.stat(this.file);
      return st.ino === this.written.ino && st.size === this.written.size;
    } catch {
      return false;
    }
  }

  async add(records: readonly SidecarItem[]): Promise<void> {
    if (records.length === 0) return;
    for (const r of records) this.put(r);
    const now = Date.now();
    const fsync = now - this.lastSync >= this.fsyncEveryMs;
    if (!this.rewrite && this.fresh.length > 0 && (await this.unchanged())) {
      const bytes = Buffer.from(`,\n${this.fresh.join(',\n')}${TAIL}`, 'utf8');
      const at = this.written!.size - TAIL.length;
      await this.handle!.write(bytes, 0, bytes.length, at);
      this.written!.size = at + bytes.length;
      if (fsync) await this.handle!.sync();
    } else {
      const text = this.text();
      await this.closeHandle();
      await writeFileAtomic(this.file, text, { fsync });
      this.handle = await fs.promises.open(this.file, 'r+');
      const st = await this.handle.stat();
      this.written = { ino: st.ino, size: st.size };
      // A sidecar without items ends in "[]": its first items need the whole file written.
      this.rewrite = this.lines.size === 0;
    }
    this.fresh = [];
    if (fsync) this.lastSync = now;
  }

  private async closeHandle(): Promise<void> {
    const h = this.handle;
    this.handle = undefined;
    await h?.close();
  }

  /** Flushes the sidecar's data to the disk (at the end of a job) and lets go of the file. */
  async flush(): Promise<void> {
    if (this.handle) {
      try {
        await this.handle.sync();
      } finally {
        await this.closeHandle();
      }
      this.lastSync = Date.now();
      return;
    }
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
