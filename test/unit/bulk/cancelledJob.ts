// A bulk-create result as a cancel at 400 of 2,000 leaves it: 400 confirmed, the next 200 in flight (unconfirmed),
// 1,600 not sent — shared by the summary and report tests.
import type { BulkJobResult } from '../../../src/core/bulk';

export function cancelledJob(name: (i: number) => string, durationMs: number): BulkJobResult {
  const ref = (i: number) => ({ index: i, key: `k${i}@1`, originalUUID: `k${i}`, originalVersion: '1', name: name(i) });
  const rec = (i: number) => ({ originalUUID: `k${i}`, originalVersion: '1', id: `id${i}`, name: name(i), createdAt: '' });
  const range = (a: number, b: number) => Array.from({ length: b - a }, (_, k) => a + k);
  return {
    total: 2000,
    skipped: [],
    created: range(0, 400).map(rec),
    alreadyThere: [],
    notSent: range(400, 2000).map(ref),
    unconfirmed: range(400, 600).map(ref),
    cancelled: true,
    durationMs,
  };
}
