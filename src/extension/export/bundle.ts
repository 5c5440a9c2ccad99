// The BR18 export's core (src/core/export/br18), loaded on the first export or check: in the extension it is its own
// file, dist/br18Export.js (esbuild.js LAZY_BUNDLES), so that activation does not load the XLSX writer.
type Br18Export = typeof import('../../core/export/br18');
let loaded: Br18Export | undefined;

export function br18Export(): Br18Export {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('../../core/export/br18') as Br18Export;
  return loaded;
}
