// The workspace as the features that read files see it (the tools for agents, What if…, the alternatives): paths kept inside the workspace folders, the files on disk (for the MCP server;
// the editor passes its own reader of unsaved text), and the catalog of materials the files know — single materials,
// bulk files with the service ids of their bulk-create sidecars — as alternatives' candidates.
import { constants as fsConstants, promises as fs } from 'fs';
import * as path from 'path';
import type { CodeTable } from '../codeTable';
import { bulkItemIdOf, sidecarIdsFor, SIDECAR_SUFFIX } from '../bulk/sidecar';
import { isObject } from '../guards';
import { epdDataOf } from '../lca/epd';
import { familyOfEpd } from '../families';
import { gwpPerSet, lineCodesOf } from '../lca/line';
import type { EpdData } from '../lca/types';
import { parseDocument } from '../document';
import type { CandidateMaterial, MaterialCache, Workspace } from './types';
import { confine, confineIn, inside, realOf } from './confine';

const LCA_FILE = /\.(material|materials|construction|project)\.json$|\.materials\.created\.json$|\.material\.created\.json$/i;
const SKIP_DIRS = new Set(['node_modules', '.git', '.vscode-test', 'out', 'dist']);
/** A folder walk stops after this many files: a result stays bounded whatever the folder holds. */
export const MAX_FILES = 20_000;
/** A file modified less than this long ago gets no stamp (see diskWorkspace's stamp). */
const RACY_MS = 1000;

/**
 * An input path (absolute, or relative to the first workspace folder) as an absolute path inside a workspace folder —
 * also after following symlinks — or a refusal that says which folders are allowed.
 */
export async function resolveInWorkspace(input: string, roots: readonly string[]): Promise<string> {
  if (!roots.length) return confine(input, roots, 'read', input);
  return confine(path.resolve(roots[0], input), roots, 'read', input);
}

/** The path as shown in results: relative to its workspace folder, with forward slashes. */
export function shownPath(abs: string, roots: readonly string[]): string {
  for (const root of roots) if (inside(root, abs)) return path.relative(root, abs).split(path.sep).join('/') || '.';
  return path.basename(abs);
}

/** Writes `data` to `p` after `confine` (write): never outside the folders, never through a link. */
async function confinedWrite(p: string, roots: readonly string[], realRoots: () => Promise<string[]>, data: string | Uint8Array): Promise<void> {
  const target = await confineIn(p, roots, realRoots, 'write');
  await fs.mkdir(path.dirname(target), { recursive: true });
  // O_NOFOLLOW: a link put in the final component after the check is not followed either (where the OS has it).
  const nofollow = fsConstants.O_NOFOLLOW ?? 0;
  const handle = await fs.open(target, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC | nofollow, 0o666);
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/** The workspace on disk (the MCP server's; tests use it too); `materialCache` kept by the caller across calls. */
export function diskWorkspace(roots: readonly string[], materialCache?: MaterialCache): Workspace {
  const absRoots = roots.map((r) => path.resolve(r));
  // The folders' real paths, resolved once for every read and write of this workspace (not once per file).
  let reals: Promise<string[]> | undefined;
  const realRoots = (): Promise<string[]> => (reals ??= Promise.all(absRoots.map(realOf)));
  const confined = (p: string, access: 'read' | 'write' = 'read'): Promise<string> => confineIn(p, absRoots, realRoots, access);
  return {
    roots: absRoots,
    ...(materialCache ? { materialCache } : {}),
    // Every read and write is confined (`confine`): a file found by a walk or named in data (a bulk-create record
    // beside a materials file) is held to the workspace as a path given in the input is.
    readText: async (p) => fs.readFile(await confined(p), 'utf8'),
    readBytes: async (p) => new Uint8Array(await fs.readFile(await confined(p))),
    async listFiles(folder, options) {
      const out: string[] = [];
      const walk = async (dir: string): Promise<void> => {
        let entries;
        try {
          entries = await fs.readdir(dir, { withFileTypes: true });
        } catch {
          return;
        }
        entries.sort((a, b) => a.name.localeCompare(b.name));
        for (const e of entries) {
          if (out.length >= MAX_FILES) return;
          const p = path.join(dir, e.name);
          if (e.isDirectory() && !options?.shallow && !SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) await walk(p);
          else if (e.isFile() && LCA_FILE.test(e.name)) out.push(p);
        }
      };
      await walk(folder);
      return out;
    },
    async isFolder(p) {
      try {
        return (await fs.stat(p)).isDirectory();
      } catch {
        return false;
      }
    },
    writeText: (p, text) => confinedWrite(p, absRoots, realRoots, text),
    writeBytes: (p, bytes) => confinedWrite(p, absRoots, realRoots, bytes),
    async stamp(p) {
      try {
        const st = await fs.stat(await confined(p), { bigint: true });
        // A file changed in the last moments may change again within the clock's grain, size and all (racy git):
        // no stamp, so it is read again.
        if (Date.now() - Number(st.mtimeMs) < RACY_MS) return undefined;
        return `${st.mtimeNs}:${st.size}:${st.ino}`;
      } catch {
        return undefined;
      }
    },
    async exists(p) {
      try {
        await fs.access(await confined(p));
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** How many files' materials a workspace's cache keeps (it starts again when full). */
const MAX_CACHED_FILES = 2 * MAX_FILES;

/**
 * A candidate with its GWP per result set and its family worked out once, as it is read: a library read once per
 * version of its file is ranked many times (each QuickPick, each tool call), and then every ranking reads one figure
 * and one family per material.
 */
export function candidateMaterial(epd: EpdData, source: string, codes: CodeTable): CandidateMaterial {
  const c = lineCodesOf(codes);
  return { epd, source, gwp: { codes: c, perSet: gwpPerSet(epd, c) }, family: familyOfEpd(epd).id };
}

/** The workspace's materials, each with its service id when a sidecar (for this EPD host) or the file gives one. */
export async function workspaceMaterials(workspace: Workspace, epdUrl: string, codes: CodeTable): Promise<CandidateMaterial[]> {
  const out: CandidateMaterial[] = [];
  for (const root of workspace.roots) {
    const files = await workspace.listFiles(root);
    const sidecars = new Set(files.filter((f) => f.toLowerCase().endsWith(SIDECAR_SUFFIX)));
    for (const file of files) {
      const lower = file.toLowerCase();
      const isBulk = lower.endsWith('.materials.json');
      if (!isBulk && !lower.endsWith('.material.json')) continue;
      const sidecarPath = isBulk ? file.slice(0, -'.materials.json'.length) + SIDECAR_SUFFIX : file.slice(0, -'.material.json'.length) + '.material.created.json';
      const shown = shownPath(file, workspace.roots);
      // Read again only when the file, its sidecar, the EPD host or the shown path changed (stamps: see Workspace).
      const stamps = workspace.stamp ? await Promise.all([workspace.stamp(file), workspace.stamp(sidecarPath)]) : undefined;
      const key = stamps?.[0] !== undefined ? JSON.stringify([stamps, epdUrl, shown]) : undefined;
      const cache = workspace.materialCache;
      // Kept while the file, its sidecar, the EPD host and the code table are the same.
      const cached = key !== undefined ? cache?.get(file) : undefined;
      if (cached && cached.key === key && cached.codes === codes) {
        for (const c of cached.items) out.push(c);
        continue;
      }
      const items = await readMaterials(workspace, file, isBulk, sidecarPath, sidecars.has(sidecarPath), shown, epdUrl, codes);
      if (!items) continue;
      if (key !== undefined && cache) {
        if (cache.size >= MAX_CACHED_FILES) cache.clear();
        cache.set(file, { key, codes, items });
      }
      for (const c of items) out.push(c);
    }
  }
  return out;
}

/** One material file's candidates (undefined when it cannot be read or parsed). */
async function readMaterials(
  workspace: Workspace,
  file: string,
  isBulk: boolean,
  sidecarPath: string,
  sidecarListed: boolean,
  shown: string,
  epdUrl: string,
  codes: CodeTable,
): Promise<CandidateMaterial[] | undefined> {
  let value: unknown;
  try {
    value = parseDocument(await workspace.readText(file));
  } catch {
    return undefined;
  }
  let ids = new Map<string, string>();
  if (sidecarListed || (!isBulk && (await workspace.exists(sidecarPath)))) {
    try {
      ids = sidecarIdsFor(await workspace.readText(sidecarPath), epdUrl).ids;
    } catch {
      ids = new Map();
    }
  }
  const out: CandidateMaterial[] = [];
  const items = isBulk ? (Array.isArray(value) ? value : []) : [value];
  items.forEach((item, i) => {
    if (!isObject(item)) return;
    const id = bulkItemIdOf(item, ids)?.id ?? '';
    out.push({ ...candidateMaterial(epdDataOf(item, codes, id), isBulk ? `${shown} #${i}` : shown, codes), record: item });
  });
  return out;
}
