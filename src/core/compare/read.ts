// Reading one side of a comparison, the same way in the editor and for agents: a construction file as its lens reads
// it (its materials through the caller's resolver, its period through the caller's period rule), a construction file
// at a git commit the same way, a project as its dashboard (the service's project and dashboard, judged by the rule
// table), a pinned baseline from its file. What the caller gives is where the two differ (the editor's catalog and
// Git extension, the tools' workspace and service).
import type { CodeTable } from '../codeTable';
import { isConstructionPath, parseDocument } from '../document';
import { readProjectWithDashboard, type ProjectService } from '../export/project';
import { format, msg, type Msg } from '../l10n';
import type { Br18Rules } from '../lca/br18Rules';
import { epdIdsOf, previewConstruction, type PreviewResolver } from '../preview';
import { readBaseline } from './baseline';
import { constructionState, projectState } from './sides';
import type { CompareState } from './types';

/** One side: a construction file (at a commit when `ref` is given), a project on the service, a baseline file. */
export type SideSpec = { path: string; ref?: string } | { projectId: string } | { baseline: string };

export interface SideReader {
  codes: CodeTable;
  rules: Br18Rules;
  /** A file's text (unsaved edits first in the editor), by the path the spec gives; throws with what is wrong. */
  readText(path: string): Promise<string>;
  /** A file's text at a git commit; absent where git is not available. */
  readAtRef?(path: string, ref: string): Promise<string>;
  /** The name a file is shown by. */
  shown(path: string): string;
  /** The materials of the ids (looked up before the preview), and the resolver the lens uses. */
  ensure(ids: readonly string[]): Promise<void>;
  resolve: PreviewResolver;
  /** The reference period of a construction file: its project's, else the setting. */
  periodOf(path: string): Promise<number>;
  service?: ProjectService;
  version: string;
}

/** A problem of a side: what and where. */
export class SideProblem extends Error {
  constructor(readonly problem: Msg) {
    super(format(problem));
  }
}

async function constructionSide(spec: { path: string; ref?: string }, r: SideReader): Promise<CompareState> {
  const shown = r.shown(spec.path);
  if (!isConstructionPath(spec.path)) throw new SideProblem(msg('{0} is not a construction file (*.construction.json)', shown));
  let text: string;
  if (spec.ref !== undefined) {
    if (!r.readAtRef) throw new SideProblem(msg('{0}: git is not available here to read it at {1}', shown, spec.ref));
    text = await r.readAtRef(spec.path, spec.ref);
  } else text = await r.readText(spec.path);
  const value = parseDocument(text);
  if (value === undefined) throw new SideProblem(msg('{0} is not JSON', shown));
  await r.ensure(epdIdsOf(value));
  const source = spec.ref !== undefined ? `${shown} @ ${spec.ref}` : shown;
  const state = constructionState(value, previewConstruction(value, r.resolve, r.codes, await r.periodOf(spec.path)), source, r.codes);
  if ('problem' in state) throw new SideProblem(state.problem);
  return state;
}

async function projectSide(projectId: string, r: SideReader, signal?: AbortSignal): Promise<CompareState> {
  if (!r.service) throw new SideProblem(msg('The project {0} is on the service and no one is signed in: sign in and try again', projectId));
  const read = await readProjectWithDashboard(r.service, projectId, { rules: r.rules, codes: r.codes, version: r.version }, { signal, materials: false });
  return projectState({ project: read.project, dashboard: read.dashboard, stages: read.stages, rules: r.rules, codes: r.codes, source: `project ${projectId}` });
}

/** The state of one side, or a SideProblem saying what and where. */
export async function readSide(spec: SideSpec, r: SideReader, signal?: AbortSignal): Promise<CompareState> {
  if ('projectId' in spec) return projectSide(spec.projectId, r, signal);
  if ('baseline' in spec) {
    const read = readBaseline(await r.readText(spec.baseline), r.shown(spec.baseline));
    if ('problem' in read) throw new SideProblem(read.problem);
    return { ...read.baseline.state, source: `${r.shown(spec.baseline)} (${read.baseline.pinnedAt.slice(0, 10)})` };
  }
  return constructionSide(spec, r);
}
