// The BR18 documentation export and Check Before Submission: the workbook's content, its .xlsx writer, the check
// and its report. A lazily loaded bundle of its own (dist/br18Export.js, esbuild.js LAZY_BUNDLES): pure functions
// that take everything as arguments, so that the XLSX writer is loaded on the first export only.
export type { Br18ExportInput, Br18Workbook, Cell, EmptyField, LinePlace, SheetContent, SubmissionFacts, WorkspaceItem, WorkspaceItems } from './types';
export { buildBr18Workbook, LABEL, EXTRA_LABEL } from './workbook';
export { SHEET } from './cells';
export { INDICATORS, MODULES, FIRST_INDICATOR_COLUMN } from './partsSheet';
export { checkBeforeSubmission, CHECK_IDS, type CheckId, type CheckResult, type Finding } from './checks';
export { br18Report, type ReportInput } from './report';
export { br18Documentation, type DocumentationOptions } from './documentation';
export { writeBr18Xlsx } from './xlsx';
export { projectFigures } from './facts';
export { readBr18Data, lineMaterialIds, type Br18Service, type Br18ReadStep } from './read';
export { locateFindings, workspaceItemsOf, workspaceItemsFrom, findingsByFile, placeOf, reportLinks } from './locate';
export {
  readSubmissionFacts,
  withSubmissionFacts,
  SubmissionFileError,
  SUBMISSION_FILE,
  submissionInput,
  askSubmissionDetails,
  type SubmissionAsker,
  type SubmissionField,
  type SubmissionProblem,
  type SubmissionRead,
} from './submission';
