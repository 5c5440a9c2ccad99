// The heavy half of src/core/schemas: ajv, its formats and the schema documents. index.ts loads this module on first
// use (a separate bundle, dist/validation.js, in the extension), so that activating the extension costs none of it.
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
import { COMMON_SCHEMA_FILE, SCHEMA_FILES, type SchemaKind, type SchemaProblem } from './kinds';

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

/** A validator of another JSON Schema (a tool's input), with the same ajv; the caller keeps it. */
export function compileSchema(schema: object): ValidateFunction {
  return instance().compile(schema);
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

let fastAjv: Ajv | undefined;
const fastValidators = new Map<SchemaKind, ValidateFunction>();

/** A validator that stops at the first problem (no `allErrors`): the cheap "is it valid at all?" check. */
function fastValidatorFor(kind: SchemaKind): ValidateFunction {
  let validate = fastValidators.get(kind);
  if (!validate) {
    if (!fastAjv) {
      fastAjv = new Ajv({ allErrors: false, strict: false, strictNumbers: true, validateSchema: false });
      addFormats(fastAjv, ['date-time', 'date', 'email']);
      for (const [file, schema] of Object.entries(SCHEMA_DOCUMENTS)) fastAjv.addSchema(schema, file);
    }
    validate = fastAjv.getSchema(SCHEMA_FILES[kind]);
    if (!validate) throw new Error(`schema ${SCHEMA_FILES[kind]} is not registered`);
    fastValidators.set(kind, validate);
  }
  return validate;
}

export interface BoundedProblems {
  /** At most `max` problems, in document order. */
  problems: SchemaProblem[];
  /** How many problems were found before validation stopped (≥ problems.length). */
  found: number;
  /** True when validation stopped early: there may be more than `found`. */
  stoppedEarly: boolean;
}

/**
 * Problems of a request body, bounded: a valid body costs one fast pass; an invalid one is then checked in full,
 * but a top-level array item by item, stopping once `max` problems are known — so a body with millions of
 * unknown keys costs no more than its first few items, and the answer stays small.
 */
export function validateBounded(kind: SchemaKind, value: unknown, max = 100): BoundedProblems {
  const valid: boolean = fastValidatorFor(kind)(value);
  if (valid) return { problems: [], found: 0, stoppedEarly: false };
  if (!Array.isArray(value)) {
    const all = validateAgainst(kind, value);
    return { problems: all.slice(0, max), found: all.length, stoppedEarly: false };
  }
  const problems: SchemaProblem[] = [];
  let found = 0;
  for (let i = 0; i < value.length; i++) {
    // The item alone in a one-item array: the same schema, with its pointers moved from /0 to /i.
    const itemProblems = validateAgainst(kind, [value[i]]).map((p) => ({ ...p, pointer: p.pointer.replace(/^\/0(?=\/|$)/, `/${i}`) }));
    found += itemProblems.length;
    for (const p of itemProblems) if (problems.length < max) problems.push(p);
    if (found >= max && i < value.length - 1) return { problems, found, stoppedEarly: true };
  }
  if (!found) {
    // Only the array as a whole is wrong (e.g. a constraint on the array itself).
    const all = validateAgainst(kind, value);
    return { problems: all.slice(0, max), found: all.length, stoppedEarly: false };
  }
  return { problems, found, stoppedEarly: false };
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
  // A tolerant code is `{type: integer, anyOf: [{enum: known}, {type: integer}]}`: the outer `type` error says it
  // all, so the branches' own errors (and the anyOf summary) at the same place are left out.
  const outside = new Set(errors.filter((e) => !e.schemaPath.includes('/anyOf/') && e.keyword !== 'anyOf').map((e) => e.instancePath));
  for (const error of errors) {
    // `$ref` siblings and `if` wrappers repeat the underlying error; keep each (pointer, message) once.
    if (error.keyword === 'if' || error.keyword === '$ref') continue;
    if ((error.keyword === 'anyOf' || error.schemaPath.includes('/anyOf/')) && outside.has(error.instancePath)) continue;
    const problem = describeError(error);
    const key = `${problem.pointer}\u0000${JSON.stringify(problem.message)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

