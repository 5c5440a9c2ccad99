// The LCAbyg and LCAx exports' core (src/core/export/exchange), loaded on the first export: in the extension it is
// its own file, dist/exchangeExport.js (esbuild.js LAZY_BUNDLES), so that activation does not load it.
type ExchangeExport = typeof import('../../core/export/exchange');
let loaded: ExchangeExport | undefined;

export function exchangeExport(): ExchangeExport {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('../../core/export/exchange') as ExchangeExport;
  return loaded;
}
