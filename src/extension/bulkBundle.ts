// The bulk create's running parts (dist/bulk.js: the file's check, the job, the sidecar recorder), loaded on the first
// check or push, not at activation. A require, which the bundler turns into that of dist/bulk.js (see esbuild.js).
type BulkRun = typeof import('../core/bulk/run');
let bulk: BulkRun | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const loadBulk = (): BulkRun => (bulk ??= require('../core/bulk/run') as BulkRun);
