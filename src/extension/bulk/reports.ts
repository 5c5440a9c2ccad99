// The bulk-create and push reports (src/core/bulk/report.ts), loaded when a run ends: in the extension bundle they
// are their own file, dist/report.js (esbuild.js), so that activation does not load them.
type Reports = typeof import('../../core/bulk/report');
let loaded: Reports | undefined;

export function bulkReports(): Reports {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('../../core/bulk/report') as Reports;
  return loaded;
}
