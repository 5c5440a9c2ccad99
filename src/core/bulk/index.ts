// Bulk create of materials without the editor: the job, the sidecar of created ids, the pre-send check and the report.
export {
  runBulkCreate,
  bulkItemsOf,
  duplicateKeys,
  existingIdsOf,
  classifyFailure,
  DEFAULT_CHUNK_SIZE,
  MAX_CHUNK_SIZE,
  chunkSizeFor,
  type BulkCreateClient,
  type ServiceFailure,
  type BulkItem,
  type BulkItemRef,
  type BulkJobOptions,
  type BulkJobResult,
  type BulkFailure,
  type BulkProgress,
  type MaterialRef,
} from './job';
export {
  readSidecar,
  sidecarPathFor,
  materialKey,
  sidecarComment,
  createdKeys,
  createdIdsFor,
  sidecarIdsFor,
  otherIdentity,
  sameLogin,
  mergeSidecar,
  serializeSidecar,
  normaliseEpdUrl,
  sameEpdUrl,
  SIDECAR_SUFFIX,
  MATERIALS_SUFFIX,
  type Sidecar,
  type SidecarItem,
  type SidecarReadResult,
  type SidecarMeta,
} from './sidecar';
export { loadSidecarFile, writeSidecarFile, SidecarRecorder, type SidecarFileState } from './sidecarFile';
export { planBulkCreate, type BulkPlan, type BulkPlanProblems } from './plan';
export { planBulkFile, WHOLE_TEXT_LIMIT, type BulkFilePlan, type BulkFileOptions, type FileBulkItem } from './planFile';
export { scanItems, positionsOf, readItemTexts, readFileMaterials, FileChangedError, type ItemSpan, type ScannedItem } from './fileItems';
export { renderReport, summaryLine, runCounts, REPORT_ROW_LIMIT, englishReport, type RunCounts, type ReportPhrasing } from './report';
export { planMaterialFile } from './single';
