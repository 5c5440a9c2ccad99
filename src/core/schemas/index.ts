// Validates documents and request bodies against the JSON Schemas in schemas/ (one source of truth with VS Code).
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import accountAuthSchema from '../../../schemas/account-auth.schema.json';
import commonSchema from '../../../schemas/common.schema.json';
import constructionSchema from '../../../schemas/construction.schema.json';
import dashboardRequestSchema from '../../../schemas/dashboard-request.schema.json';
import dashboardSummaryRequestSchema from '../../../schemas/dashboard-summary-request.schema.json';
import inspectRequestSchema from '../../../schemas/inspect-request.schema.json';
import materialSchema from '../../../schemas/material.schema.json';
import materialsSchema from '../../../schemas/materials.schema.json';
import projectUpdateSchema from '../../../schemas/project-update.schema.json';
import projectSchema from '../../../schemas/project.schema.json';
import streamCreateSchema from '../../../schemas/stream-create.schema.json';
import userAuthSchema from '../../../schemas/user-auth.schema.json';
import { describeError } from './messages';

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
  /** Human sentence, e.g. "`declaredValue` must be a number > 0". */
  message: string;
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

/** The schema documents by file name, as bundled (tests and tools read them from here). */
export const SCHEMA_DOCUMENTS: Readonly<Record<string, object>> = {
  [COMMON_SCHEMA_FILE]: commonSchema,
  'material.schema.json': materialSchema,
  'materials.schema.json': materialsSchema,
  'construction.schema.json': constructionSchema,
  'project.schema.json': projectSchema,
  'project-update.schema.json': projectUpdateSchema,
  'dashboard-request.schema.json': dashboardRequestSchema,
  'dashboard-summary-request.schema.json': dashboardSummaryRequestSchema,
  'stream-create.schema.json': streamCreateSchema,
  'user-auth.schema.json': userAuthSchema,
  'account-auth.schema.json': accountAuthSchema,
  'inspect-request.schema.json': inspectRequestSchema,
};

let ajv: Ajv | undefined;
const validators = new Map<SchemaKind, ValidateFunction>();

function instance(): Ajv {
  if (!ajv) {
    // strict: false lets VS Code's own keywords (markdownDescription, enumDescriptions, …) through;
    // strictNumbers keeps NaN and Infinity out when a caller validates an object built in code.
    ajv = new Ajv({ allErrors: true, strict: false, strictNumbers: true, verbose: true, validateSchema: false });
    addFormats(ajv, ['date-time', 'date', 'email']);
    // Keys are the file names, so relative `$ref`s resolve the same way as in VS Code.
    for (const [file, schema] of Object.entries(SCHEMA_DOCUMENTS)) ajv.addSchema(schema, file);
  }
  return ajv;
}

/** The compiled validator of a kind; compiled on first use and kept. */
export function validatorFor(kind: SchemaKind): ValidateFunction {
  let validate = validators.get(kind);
  if (!validate) {
    validate = instance().getSchema(SCHEMA_FILES[kind]);
    if (!validate) throw new Error(`schema ${SCHEMA_FILES[kind]} is not registered`);
    validators.set(kind, validate);
  }
  return validate;
}

/** Problems of `value` against the schema of `kind`; an empty array means valid. */
export function validateAgainst(kind: SchemaKind, value: unknown): SchemaProblem[] {
  const validate = validatorFor(kind);
  if (validate(value)) return [];
  return toProblems(validate.errors ?? []);
}

function toProblems(errors: readonly ErrorObject[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    // `$ref` siblings and `if` wrappers repeat the underlying error; keep each (pointer, message) once.
    if (error.keyword === 'if' || error.keyword === '$ref') continue;
    const problem = describeError(error);
    const key = `${problem.pointer}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

/** "pointer: message", for logs and plain-text error lists. */
export function formatProblem(problem: SchemaProblem): string {
  return `${problem.pointer || '/'}: ${problem.message}`;
}
