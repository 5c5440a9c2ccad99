// The one confinement of every path the workspace reads or writes — the tools' (files.ts) and the editor's catalog of
// workspace files (extension/library/catalogFiles.ts), which imports this file itself at activation (the rest of the
// workspace is a bundle loaded on first use).
import { promises as fs } from 'fs';
import * as path from 'path';
import { InputError } from './inputError';

/** Whether `p` is a symbolic link (also one whose target does not exist); false when there is nothing at `p`. */
export function isLink(p: string): Promise<boolean> {
  return fs.lstat(p).then(
    (st) => st.isSymbolicLink(),
    () => false,
  );
}

export const inside = (root: string, p: string): boolean => {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** The real path (symlinks followed) of `p`, or of its nearest existing parent with the rest appended. */
export async function realOf(p: string): Promise<string> {
  try {
    return await fs.realpath(p);
  } catch {
    const parent = path.dirname(p);
    if (parent === p) return p;
    return path.join(await realOf(parent), path.basename(p));
  }
}

const outside = (shown: string, roots: readonly string[]): InputError =>
  new InputError(`The path ${JSON.stringify(shown)} is outside the workspace: give a path inside ${roots.map((r) => JSON.stringify(r)).join(' or ')} (relative paths start there).`);

/**
 * The one confinement of every path the workspace reads or writes (and of every input path, `resolveInWorkspace`):
 * the absolute path must be inside a workspace folder as written (`..` resolved first) and where it really is. A
 * read follows symlinks to the real file and refuses one outside; a write resolves the real parent (of a file that
 * does not exist yet too: the nearest existing folder, then the rest) and refuses a target outside, and never
 * follows a link for the final component (a link there, even to a file inside, is refused). `shown` is the path as
 * the caller gave it, for the message.
 */
export async function confine(p: string, roots: readonly string[], access: 'read' | 'write', shown: string = p): Promise<string> {
  return confineIn(p, roots, () => Promise.all(roots.map(realOf)), access, shown);
}

/** `confine` with the workspace folders' real paths asked of `realRoots` (a workspace resolves them once). */
export async function confineIn(p: string, roots: readonly string[], realRoots: () => Promise<string[]>, access: 'read' | 'write', shown: string = p): Promise<string> {
  if (!roots.length) throw new InputError('No workspace folder is open: open a folder (MCP: start the server with --workspace <folder>).');
  if (p.includes('\0')) throw new InputError(`The path ${JSON.stringify(shown)} contains a NUL character: give a plain file path.`);
  const abs = path.resolve(p);
  const real = access === 'read' ? await realOf(abs) : path.join(await realOf(path.dirname(abs)), path.basename(abs));
  const reals = await realRoots();
  const insideReal = (target: string): boolean => reals.some((r) => inside(r, target));
  if (!roots.some((root, i) => inside(path.resolve(root), abs) && inside(reals[i], real))) throw outside(shown, roots);
  if (access === 'write' && (await isLink(abs))) {
    // Where the link leads (also to a file not yet there) says which refusal it is.
    if (!insideReal(await realOf(path.resolve(path.dirname(abs), await fs.readlink(abs))))) throw outside(shown, roots);
    throw new InputError(`The path ${JSON.stringify(shown)} is a symbolic link: the workspace writes no file through a link; give the real file's path.`);
  }
  return abs;
}

