// The workspace as the tools see it: paths kept inside the workspace folders, the files on disk (for the MCP server;
// the editor passes its own reader of unsaved text), and the catalog of materials the files know — single materials,
// bulk files with the service ids of their bulk-create sidecars — as alternatives' candidates.
import { promises as fs } from 'fs';
import * as path from 'path';
import type { CodeTable } from '../codeTable';
import { bulkItemIdOf, sidecarIdsFor, SIDECAR_SUFFIX } from '../bulk/sidecar';
import { isObject } from '../guards';
import { epdDataOf } from '../lca/epd';
import { candidateMaterial, type CandidateMaterial } from '../alternatives';
import { parseDocument } from '../document';
import { ToolInputError, type MaterialCache, type ToolWorkspace } from './types';

const LCA_FILE = /\.(material|materials|construction|project)\.json$|\.materials\.created\.json$|\.material\.created\.json$/i;
const SKIP_DIRS = new Set(['node_modules', '.git', '.vscode-test', 'out', 'dist']);
/** A folder walk stops after this many files: a result stays bounded whatever the folder holds. */
export const MAX_FILES = 20_000;
/** A file modified less than this long ago gets no stamp (see diskWorkspace's stamp). */
const RACY_MS = 1000;

const inside = (root: string, p: string): boolean => {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** The real path (symlinks followed) of `p`, or of its nearest existing parent with the rest appended. */
async function realOf(p: string): Promise<string> {
  try {
    return await fs.realpath(p);
  } catch {
    const parent = path.dirname(p);
    if (parent === p) return p;
    return path.join(await realOf(parent), path.basename(p));
  }
}

/**
 * An input path (absolute, or relative to the first workspace folder) as an absolute path inside a workspace folder —
 * also after following symlinks — or a refusal that says which folders are allowed.
 */
export async function resolveInWorkspace(input: string, roots: readonly string[]): Promise<string> {
  if (!roots.length) throw new ToolInputError('No workspace folder is open: open a folder (MCP: start the server with --workspace <folder>).');
  if (input.includes('\0')) throw new ToolInputError(`The path ${JSON.stringify(input)} contains a NUL character: give a plain file path.`);
  const abs = path.resolve(roots[0], input);
  const real = await realOf(abs);
  for (const root of roots) {
    const realRoot = await realOf(root);
    if (inside(root, abs) && inside(realRoot, real)) return abs;
  }
  throw new ToolInputError(
    `The path ${JSON.stringify(input)} is outside the workspace: give a path inside ${roots.map((r) => JSON.stringify(r)).join(' or ')} (relative paths start there).`,
  );
}

/** The path as shown in results: relative to its workspace folder, with forward slashes. */
export function shownPath(abs: string, roots: readonly string[]): string {
  for (const root of roots) if (inside(root, abs)) return path.relative(root, abs).split(path.sep).join('/') || '.';
  return path.basename(abs);
}

/** The workspace on disk (the MCP server's; tests use it too); `materialCache` kept by the caller across calls. */
export function diskWorkspace(roots: readonly string[], materialCache?: MaterialCache): ToolWorkspace {
  return {
    roots: roots.map((r) => path.resolve(r)),
    ...(materialCache ? { materialCache } : {}),
    readText: (p) => fs.readFile(p, 'utf8'),
    readBytes: async (p) => new Uint8Array(await fs.readFile(p)),
    async listFiles(folder) {
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
          if (e.isDirectory() && !SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) await walk(p);
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
    async writeText(p, text) {
      await fs.mkdir(path.dirname(p), { recursive: true });
      await fs.writeFile(p, text, 'utf8');
    },
    async writeBytes(p, bytes) {
      await fs.mkdir(path.dirname(p), { recursive: true });
      await fs.writeFile(p, bytes);
    },
    async stamp(p) {
      try {
        const st = await fs.stat(p, { bigint: true });
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
        await fs.access(p);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** How many files' materials a workspace's cache keeps (it starts again when full). */
const MAX_CACHED_FILES = 2 * MAX_FILES;

/** The workspace's materials, each with its service id when a sidecar (for this EPD host) or the file gives one. */
export async function workspaceMaterials(workspace: ToolWorkspace, epdUrl: string, codes: CodeTable): Promise<CandidateMaterial[]> {
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
      // Read again only when the file, its sidecar, the EPD host or the shown path changed (stamps: see ToolWorkspace).
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
  workspace: ToolWorkspace,
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
    out.push(candidateMaterial(epdDataOf(item, codes, id), isBulk ? `${shown} #${i}` : shown, codes));
  });
  return out;
}
