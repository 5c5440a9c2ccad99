// Everything the editor uses of the importers, as one module: the extension loads it on first use (dist/import.js,
// see esbuild.js), so the XML, ZIP, CSV and XLSX readers cost nothing at activation.
export * from './index';
export * from './spreadsheet';
