// Types for scripts/test-all.js (its parsers are unit-tested).
export interface Counts {
  passed: number;
  failed: number;
}
export function parseMocha(output: string): Counts | null;
export function parseSummaryLine(output: string): Counts | null;
export function layerCounts(layer: { parse: (output: string) => Counts | null }, code: number, output: string): Counts;
