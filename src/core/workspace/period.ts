// The reference period of a construction file: the `considerationPeriod` of the project it belongs to when the
// workspace says which — one *.project.json beside it, or in the nearest folder above it (inside its workspace folder)
// that holds any — else the fallback (the editor's setting; BR18's 50 years). The editor's lens, Find Lower-Carbon
// Alternatives…, the exports and the tools for agents all choose by this rule (`choosePeriod`); the editor keeps the
// project files it has read in memory, the tools read them from the workspace (`periodOfFile`).
import * as path from 'path';
import { inside } from './confine';
import type { Workspace } from './types';
// The rule itself (choosePeriod, considerationPeriodOf) is core/lca's: the editor's main bundle reads it too.
import { choosePeriod, considerationPeriodOf, DEFAULT_PERIOD_YEARS } from '../lca/period';

const PROJECT_FILE = /\.project\.json$/i;

/** The folders from `file`'s own up to the workspace folder that holds it (none when it is outside every folder). */
function foldersUp(file: string, roots: readonly string[]): string[] {
  const root = roots.find((r) => inside(r, file));
  if (root === undefined) return [];
  const out: string[] = [];
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    out.push(dir);
    if (path.relative(root, dir) === '' || path.dirname(dir) === dir || out.length >= 64) return out;
  }
}

/** A construction file's period by the rule, reading the project files from the workspace; else `fallback` years. */
export async function periodOfFile(workspace: Workspace, file: string, fallback: number): Promise<{ years: number; project?: string }> {
  for (const dir of foldersUp(file, workspace.roots)) {
    const projects = (await workspace.listFiles(dir, { shallow: true })).filter((f) => PROJECT_FILE.test(f));
    if (!projects.length) continue;
    const files = await Promise.all(projects.map(async (project) => ({ project, years: considerationPeriodOf(await workspace.readText(project).catch(() => '')) })));
    return choosePeriod([files]) ?? { years: fallback };
  }
  return { years: fallback };
}

/**
 * The period of a call about a construction file (a tool for agents): the years given, else the caller's resolver (the
 * editor's, which knows its setting), else the file's project read from the workspace, else BR18's default.
 */
export async function periodForCall(
  ctx: { workspace: Workspace; periodFor?(absolutePath: string): Promise<number> },
  file: string | undefined,
  given: number | undefined,
): Promise<number> {
  if (given !== undefined) return given;
  if (file === undefined) return DEFAULT_PERIOD_YEARS;
  return ctx.periodFor ? ctx.periodFor(file) : (await periodOfFile(ctx.workspace, file, DEFAULT_PERIOD_YEARS)).years;
}
