// The structured result of a benchmark: a figure as a ratio to its floor (the least the same work could cost),
// both measured in the same run; index.ts prints the line and a summary table.
export interface BenchResult {
  name: string;
  /** The measured figure, ms (or `unit`). */
  ms: number;
  /** What `ms` and `floorMs` count when not milliseconds, e.g. "KB". */
  unit?: string;
  /** What the figure is compared with, e.g. "JSON.parse of the same file". */
  floor: string;
  floorMs: number;
  /** ms / floorMs. */
  ratio: number;
  /** Goal for the ratio (ratio ≤ goal), when there is one. */
  goal?: number;
  /** Goal for the figure itself (ms ≤ goalMs), when the goal is a time. */
  goalMs?: number;
  /** The full line to print. */
  line: string;
}

export const result = (r: Omit<BenchResult, 'ratio' | 'line'> & { detail?: string }): BenchResult => {
  const ratio = r.ms / r.floorMs;
  const verdict =
    r.goal !== undefined
      ? ratio <= r.goal
        ? ` (meets the ≤ ${r.goal}× goal)`
        : ` (MISSES the ≤ ${r.goal}× goal)`
      : r.goalMs !== undefined
        ? ` (${r.ms <= r.goalMs ? 'meets' : 'MISSES'} the ≤ ${r.goalMs} ms goal)`
        : '';
  const line = `${r.name}: ${r.ms.toFixed(1)} ms = ${ratio.toFixed(2)}× ${r.floor} (${r.floorMs.toFixed(1)} ms)${verdict}${r.detail ? `; ${r.detail}` : ''}`;
  return { name: r.name, ms: r.ms, floor: r.floor, floorMs: r.floorMs, ratio, ...(r.goal !== undefined ? { goal: r.goal } : {}), ...(r.goalMs !== undefined ? { goalMs: r.goalMs } : {}), line };
};
