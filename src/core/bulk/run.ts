// What a bulk create or a push runs — checking a file's materials, the job with its retries and the sidecar it
// records — as dist/bulk.js, loaded on the first check or push (loadBulk, src/extension/bundles.ts); the sidecar's reading
// (which the catalog needs at activation) and the report stay in the extension's bundle.
export { runBulkCreate, chunkSizeFor } from './job';
export { duplicateKeys } from './items';
export { SidecarRecorder, loadSidecarFile } from './sidecarFile';
export { planBulkCreate, templateItems } from './plan';
export { planBulkFile } from './planFile';
export { readFileMaterials } from './fileItems';
export { planMaterialFile } from './single';
