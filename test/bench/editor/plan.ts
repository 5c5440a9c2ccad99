// What the editor bench's launcher (benches/editor.ts) and its runner in the extension host (runner.ts) share: the
// plan of one window and the lines of the results file. No vscode here: the launcher runs in plain Node.
import type { ProjectFilter } from '../../../src/extension/projects/filter';

export const LCA_ID = 'lca-workbench.lca-workbench';
export const MINIMAL_IDS = ['lca-bench.minimal-a', 'lca-bench.minimal-b'];

/** What the launcher asks of one window. */
export type EditorBenchPlan = { results: string } & (
  | { phase: 'activation' }
  | { phase: 'projects'; urls: { graphqlUrl: string; authUrl: string }; count: number; filter: ProjectFilter }
);

/** One line of the results file. */
export type EditorBenchLine =
  | { kind: 'activation'; lcaMs: number; minimalMs: number; warmUpMs: number }
  | { kind: 'projects'; count: number; treeMs: number; floorMs: number; filterMs: number; filterFloorMs: number; filtered: number; treeBytes: number; parsedBytes: number; answerBytes: number }
  | { kind: 'error'; message: string };

