// The BR18 documentation export and Check Before Submission: the workbook's content, its .xlsx writer, the check
// and its report. A lazily loaded bundle of its own (dist/br18Export.js, esbuild.js LAZY_BUNDLES): pure functions
// that take everything as arguments, so that the XLSX writer is loaded on the first export only.
export type { Br18ExportInput, Br18Workbook, Cell, EmptyField, LinePlace, SheetContent, SubmissionFacts, WorkspaceItem, WorkspaceItems } from './types';
export { buildBr18Workbook, referenceAreaRows, LABEL, EXTRA_LABEL, type AreaRow } from './workbook';
export { SHEET } from './cells';
export { INDICATORS, MODULES, FIRST_INDICATOR_COLUMN } from './partsSheet';
export { checkBeforeSubmission, questioned, type CheckResult } from './checks';
export { CHECK_IDS, type CheckId, type Finding } from './types';
export { br18Report, markdownText, phraseWith, type ReportInput } from './report';
export { br18Documentation, br18Exporter, readDocumentation, type DocumentationSource } from './documentation';
export { writeBr18Xlsx } from './xlsx';
export { projectFigures } from './facts';
export { locateFindings, workspaceItemsOf, workspaceItemsFrom, findingsByFile, placeOf, reportLinks } from './locate';
export {
  readSubmissionFacts,
  withSubmissionFacts,
  SubmissionFileError,
  SUBMISSION_FILE,
  askSubmissionDetails,
  type SubmissionAsker,
  type SubmissionField,
  type SubmissionProblem,
  type SubmissionRead,
} from './submission';
