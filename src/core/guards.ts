// Checks for values read from JSON — files, answers of the service, requests to the local service — shared by every
// layer instead of a copy per file.

/** A JSON object: not null and not an array. */
export type JsonObject = Record<string, unknown>;

/** Relative 1 % or absolute 0.01, whichever is larger: a total and the sum of its parts agree within the rounding of
 * published EPDs and of the service's figures. */
export function sumsAgree(total: number, sum: number): boolean {
  return Math.abs(total - sum) <= Math.max(0.01, 0.01 * Math.max(Math.abs(total), Math.abs(sum)));
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `v` when it is a finite number, else undefined. */
export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** `v` when it is a string, else undefined. */
export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
