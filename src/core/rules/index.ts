// Semantic checks of *.material.json, *.materials.json and *.construction.json beyond the schema: diagnostics at
// exact ranges with fixes as text edits. One entry point, `analyze`; what blocks sending is `blockingOf` an analysis.
// Plain functions, no editor: the editor layer maps them to VS Code; the text itself is read by core/document.
export * from './types';
export { analyze, blockingOf, checksInFull, type Analysis, type AnalysisEdit } from './analyze';
export { describeBlocking, type BlockingKind, type BlockingProblem } from './blocking';
export type { DiagnosticGroup, UpdateStats } from './incremental';
export { duplicateMaterial, normalizeUnit, templateOf } from './material';
export { nearestMaterials } from './construction';
