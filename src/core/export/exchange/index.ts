// The exports to the tools colleagues use: constructions as an LCAbyg component file and as an LCAx project, each
// with its report. A lazily loaded bundle of its own (dist/exchangeExport.js, esbuild.js LAZY_BUNDLES): pure
// functions that take the constructions, their previews and their materials' documents as arguments.
export type { ExchangeConstruction, ExchangeInput, ExchangeNote, ExchangeReport } from './types';
export { buildLcabygComponents, LCABYG_INDICATORS, LCABYG_STAGES, SECOND_IMPORT, type LcabygExport } from './lcabyg';
export { buildLcaxProject, LCAX_CATEGORY, LCAX_FORMAT_VERSION, LCAX_RESULT_MODULES, type LcaxExport, type LcaxExportOptions } from './lcax';
export { exchangeReport, type ExchangeReportInput } from './report';
export { exchangeMaterialOf, type ExchangeMaterial } from './material';
