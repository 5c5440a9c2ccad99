// The exports to the tools colleagues use: constructions as an LCAbyg component file and as an LCAx project, each
// with its report. A lazily loaded bundle of its own (dist/exchangeExport.js, esbuild.js LAZY_BUNDLES): pure
// functions that take the constructions, their previews and their materials' documents as arguments, as exporters of
// the frame (../frame.ts).
export type { ExchangeConstruction, ExchangeInput, ExchangeNote, ExchangeReport } from './types';
export { buildLcabygComponents, SECOND_IMPORT } from './lcabyg';
export { buildLcaxProject } from './lcax';
export { exchangeReport } from './report';
export { buildProjectLcax, projectLcaxExporter } from './project';
export { lcabygExporter, lcaxExporter, readConstructions, type ConstructionFile, type ConstructionsExport } from './exporters';
// The project the LCAx export of a dashboard reads (the editor requires it through this bundle).
export { readProjectWithDashboard } from '../project';
