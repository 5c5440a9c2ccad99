// Bulk create of materials without the editor: the job, the sidecar of created ids, the pre-send check and the report.
export {
  runBulkCreate,
  DEFAULT_CHUNK_SIZE,
  MAX_CHUNK_SIZE,
  chunkSizeFor,
  type BulkCreateClient,
  type BulkJobOptions,
  type BulkJobResult,
  type BulkFailure,
  type BulkProgress,
} from './job';
export { bulkItemsOf, duplicateKeys, type BulkItem, type BulkItemRef, type MaterialRef } from './items';
export { existingIdsOf, classifyFailure, FileChangedError, type ServiceFailure } from './failure';
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
export { scanItems, positionsOf, readItemTexts, readFileMaterials, type ItemSpan, type ScannedItem } from './fileItems';
export { renderReport, summaryLine, runCounts, REPORT_ROW_LIMIT, englishReport, type RunCounts, type ReportPhrasing } from './report';
export { planMaterialFile } from './single';
