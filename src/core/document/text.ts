// Offsets of a text: 1-based line and column as the Problems view shows them, and edits applied to it.
import type { TextChange, TextEdit } from './types';

/** Offsets → 1-based line and column, with the line starts found once. */
export class LineIndex {
  private starts: number[] | undefined;
  constructor(private readonly text: string) {}

  position(offset: number): { line: number; column: number } {
    if (!this.starts) {
      const starts = [0];
      for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.starts = starts;
    }
    const lo = Math.max(0, lastAtOrBefore(this.starts, offset));
    return { line: lo + 1, column: offset - this.starts[lo] + 1 };
  }
}

/** The index of the last value ≤ `value` in ascending `sorted` (binary search); -1 when there is none. */
export function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  if (hi < 0 || sorted[0] > value) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid] <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The text after a fix's edits (applied from the end so earlier offsets stay valid). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  for (const e of [...edits].sort((a, b) => b.offset - a.offset)) {
    result = result.slice(0, e.offset) + e.newText + result.slice(e.offset + e.length);
  }
  return result;
}

/** The text after the changes, applied in order (each against the text the previous one left). */
export function applyAll(text: string, changes: readonly TextChange[]): string {
  let t = text;
  for (const c of changes) t = t.slice(0, c.offset) + c.text + t.slice(c.offset + c.length);
  return t;
}
