// Validates documents and request bodies against the JSON Schemas in schemas/ (one source of truth with VS Code).
import type { ValidateFunction } from 'ajv';
import type { SchemaKind, SchemaProblem } from './kinds';
import { lazy } from '../lazy';
import { msg, type Msg } from '../l10n';
export * from './kinds';

/**
 * The validation module, loaded on first use. In the extension bundle `./validation` is its own file
 * (dist/validation.js, see esbuild.js): ajv and the schemas weigh more than the rest of the extension together.
 */
const loadValidation = lazy(() => require('./validation') as typeof import('./validation'));

/** The schema documents by file name, as bundled (tests and tools read them from here); loaded on first access. */
export const SCHEMA_DOCUMENTS: Readonly<Record<string, object>> = new Proxy({} as Record<string, object>, {
  get: (_, key) => (typeof key === 'string' ? loadValidation().SCHEMA_DOCUMENTS[key] : undefined),
  has: (_, key) => key in loadValidation().SCHEMA_DOCUMENTS,
  ownKeys: () => Reflect.ownKeys(loadValidation().SCHEMA_DOCUMENTS),
  getOwnPropertyDescriptor: (_, key) => {
    const d = Reflect.getOwnPropertyDescriptor(loadValidation().SCHEMA_DOCUMENTS, key);
    return d && { ...d, configurable: true };
  },
});

/** The compiled validator of a kind; compiled on first use and kept. */
export function validatorFor(kind: SchemaKind): ValidateFunction {
  return loadValidation().validatorFor(kind);
}

/** A validator of another JSON Schema (a tool's input), compiled by the same ajv on first use. */
export function compileSchema(schema: object): ValidateFunction {
  return loadValidation().compileSchema(schema);
}

export type { BoundedProblems } from './validation';

/**
 * Problems of a request body, bounded: a valid body costs one fast pass; an invalid one is checked item by item,
 * stopping once `max` problems are known.
 */
export function validateBounded(kind: SchemaKind, value: unknown, max = 100): import('./validation').BoundedProblems {
  return loadValidation().validateBounded(kind, value, max);
}

/** Problems of `value` against the schema of `kind`; an empty array means valid. */
export function validateAgainst(kind: SchemaKind, value: unknown): SchemaProblem[] {
  return loadValidation().validateAgainst(kind, value);
}

/** "pointer: message", for logs and plain-text error lists. */
export function formatProblem(problem: SchemaProblem): Msg {
  return msg('{0}: {1}', problem.pointer || '/', problem.message);
}
