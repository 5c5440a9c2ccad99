import type { Msg } from '../l10n';
// Names of the schema kinds and their files: shared by index.ts and the lazily loaded validation.ts.
export type SchemaKind =
  | 'material'
  | 'materials'
  | 'construction'
  | 'project'
  | 'projectUpdate'
  | 'dashboardRequest'
  | 'dashboardSummaryRequest'
  | 'streamCreate'
  | 'userAuth'
  | 'accountAuth'
  | 'inspectRequest';

export interface SchemaProblem {
  /** JSON pointer (RFC 6901) to the offending value; '' is the whole document. */
  pointer: string;
  /** Human sentence as data, e.g. "`declaredValue` must be a number > 0" (phrased by the editor layer). */
  message: Msg;
  /** The JSON Schema keyword that failed, e.g. "exclusiveMinimum", "required", "additionalProperties". */
  keyword: string;
}

/** File name in schemas/ of each kind. */
export const SCHEMA_FILES: Record<SchemaKind, string> = {
  material: 'material.schema.json',
  materials: 'materials.schema.json',
  construction: 'construction.schema.json',
  project: 'project.schema.json',
  projectUpdate: 'project-update.schema.json',
  dashboardRequest: 'dashboard-request.schema.json',
  dashboardSummaryRequest: 'dashboard-summary-request.schema.json',
  streamCreate: 'stream-create.schema.json',
  userAuth: 'user-auth.schema.json',
  accountAuth: 'account-auth.schema.json',
  inspectRequest: 'inspect-request.schema.json',
};

/** Shared definitions referenced by the others as `common.schema.json#/definitions/…`. */
export const COMMON_SCHEMA_FILE = 'common.schema.json';
