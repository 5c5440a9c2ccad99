// A pinned baseline: a project's state — or a construction file's — written to `<name>.baseline.lca.json`
// (schemas/baseline/baseline.schema.json, version 1) — its facts, figures per module, breakdown lines, verdicts, rule set and the date — so that a later state can be
// compared with it; committed to git, baselines are the project's history. Read back, a file is checked against the
// schema: a damaged or foreign file is refused with what is wrong and where (line:column).
import { locatePointer, LineIndex, parseDocument, syntaxProblems } from '../document';
import { isObject } from '../guards';
import { msg, type Msg } from '../l10n';
import { lazy } from '../lazy';
import { compileSchema } from '../schemas';
import baselineSchema from '../../../schemas/baseline/baseline.schema.json';
import type { CompareState } from './types';

export const BASELINE_FORMAT = 'lca-workbench-baseline';

/** The schema's validator, compiled on the first read. */
const baselineValidator = lazy(() => compileSchema(baselineSchema));
export const BASELINE_SUFFIX = '.baseline.lca.json';

export interface Baseline {
  format: typeof BASELINE_FORMAT;
  version: 1;
  pinnedAt: string;
  /** The project pinned (one of `project` and `construction`). */
  project?: { id: string; name: string; environment?: string };
  /** The construction file pinned: its path relative to the workspace folder. */
  construction?: { path: string; name: string };
  state: CompareState;
}

/** What a baseline is of: a project on the service, or a construction file of the workspace. */
export type BaselineSubject = Pick<Required<Baseline>, 'project'> | Pick<Required<Baseline>, 'construction'>;

/** The baseline file of a state, pinned at `now`. */
export function baselineOf(state: CompareState, of: BaselineSubject, now: Date): Baseline {
  return { format: BASELINE_FORMAT, version: 1, pinnedAt: now.toISOString(), ...of, state };
}

/** The side a baseline is compared with now: its project as the service has it, or its construction file as it is. */
export function currentOf(b: Baseline): { projectId: string } | { path: string } {
  return b.project ? { projectId: b.project.id } : { path: b.construction!.path };
}

/** The text written: two-space JSON with a final newline (it diffs well in git). */
export const baselineText = (b: Baseline): string => `${JSON.stringify(b, null, 2)}\n`;

/** A baseline read from `text` (the file `name`), or what is wrong with it and where. */
export function readBaseline(text: string, name: string): { baseline: Baseline } | { problem: Msg } {
  const lines = new LineIndex(text);
  const syntax = syntaxProblems(text, lines)[0];
  if (syntax) return { problem: msg('{0}:{1}:{2} is not JSON ({3})', name, syntax.line, syntax.column, syntax.message) };
  const value = parseDocument(text);
  if (!isObject(value) || value.format !== BASELINE_FORMAT) {
    return { problem: msg('{0} is not a baseline of LCA Workbench (it has no "format": "{1}"); pin one with Pin as Baseline', name, BASELINE_FORMAT) };
  }
  if (value.version !== 1) return { problem: msg('{0} is a baseline of version {1}; this version of LCA Workbench reads version 1', name, String(value.version)) };
  const validate = baselineValidator();
  const problem = validate(value) ? undefined : validate.errors?.[0];
  if (problem) {
    const pointer = problem.instancePath;
    const at = lines.position(locatePointer(text, pointer)?.offset ?? 0);
    return { problem: msg('{0}:{1}:{2}: {3} ({4})', name, at.line, at.column, `${pointer || '/'} ${problem.message ?? problem.keyword}`, problem.keyword) };
  }
  return { baseline: value as unknown as Baseline };
}
