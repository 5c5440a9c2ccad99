// Writing a file atomically: a temporary file in the same folder, flushed, then renamed over the target, so a reader
// or a crash sees the old or the new content, never a mix. The bulk-create sidecar writes asynchronously (in the
// editor); the local service's store synchronously (its maps and its files change in one step).
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

export interface AtomicWriteOptions {
  /** Flush the data to the disk before the rename (default true). */
  fsync?: boolean;
}

/** The temporary file next to `file`: hidden, unique per process and write, ending in `.tmp` (what cleanups look for). */
function tempPathFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);
}

export async function writeFileAtomic(file: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  const tmp = tempPathFor(file);
  const handle = await fs.promises.open(tmp, 'w');
  try {
    await handle.writeFile(text, 'utf8');
    if (options.fsync !== false) await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.promises.rename(tmp, file);
  } catch (e) {
    await fs.promises.rm(tmp, { force: true });
    throw e;
  }
}

/** writeFileAtomic, synchronously; it also flushes the folder, so that the rename itself survives a power loss. */
export function writeFileAtomicSync(file: string, text: string): void {
  const tmp = tempPathFor(file);
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  syncDir(path.dirname(file));
}

/** Makes a rename durable; some platforms cannot open a folder, which is harmless there. */
function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // not supported (e.g. Windows)
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
