// The importers (src/core/import), loaded on the first import: in the extension bundle they are their own file,
// dist/import.js (esbuild.js), so that activation does not load the XML, ZIP, CSV and XLSX readers.
type Importers = typeof import('../../core/import/all');
let loaded: Importers | undefined;

export function importers(): Importers {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('../../core/import/all') as Importers;
  return loaded;
}
