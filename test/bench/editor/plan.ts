// What the editor bench's launcher (benches/editor.ts) and its runner in the extension host (runner.ts) share: the
// plan of one window and the lines of the results file. No vscode here: the launcher runs in plain Node.
import type { ProjectFilter } from '../../../src/extension/projects/filter';

export const LCA_ID = 'lca-workbench.lca-workbench';
export const MINIMAL_IDS = ['lca-bench.minimal-a', 'lca-bench.minimal-b'];

/** What the launcher asks of one window. */
export type EditorBenchPlan = { results: string } & (
  | { phase: 'activation' }
  | { phase: 'projects'; urls: { graphqlUrl: string; authUrl: string }; count: number; filter: ProjectFilter }
  | {
      phase: 'completion';
      /** The library to open, and a file the launcher writes `done` into once it has measured. */
      file: string;
      control: string;
      /** Where to write a CPU profile of the extension host from the library's open to `done`, when asked for. */
      profile?: string;
    }
);

/** One line of the results file. */
export type EditorBenchLine =
  | { kind: 'activation'; lcaMs: number; minimalMs: number; warmUpMs: number }
  | { kind: 'projects'; count: number; treeMs: number; floorMs: number; filterMs: number; filterFloorMs: number; filtered: number; treeBytes: number; parsedBytes: number; answerBytes: number }
  | { kind: 'completion-open'; openMs: number; checkMs: number; languageId: string; chars: number; lines: number }
  | { kind: 'completion-answers'; answers: { kind: 'completion' | 'hover'; startedAt: number; ms: number }[]; checks: { mode: string; ms: number; itemsChecked: number }[] }
  | { kind: 'error'; message: string };

