// The GraphQL project list (interface call 14) in Hasura's conventions, executed by graphql-js. Any query operation
// named GetProjectList that validates against the schema below is accepted (see docs/service-decisions.md).
import {
  buildSchema,
  execute,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { GET_PROJECT_LIST_OPERATION_NAME } from '../core/graphql/getProjectList';
import { isObject as isObj } from '../core/guards';

const COMPARISONS = ['_eq', '_neq', '_in', '_nin', '_gt', '_gte', '_lt', '_lte', '_is_null'];
const STRING_ONLY = ['_like', '_nlike', '_ilike', '_nilike'];

function comparison(scalar: string, withLike = false): string {
  const list = `[${scalar}!]`;
  return `input ${scalar}_comparison_exp {
  _eq: ${scalar} _neq: ${scalar} _in: ${list} _nin: ${list}
  _gt: ${scalar} _gte: ${scalar} _lt: ${scalar} _lte: ${scalar} _is_null: Boolean
  ${withLike ? `_like: String _nlike: String _ilike: String _nilike: String` : ''}
}`;
}

function boolExp(type: string, fields: Record<string, string>): string {
  const body = Object.entries(fields).map(([k, v]) => `  ${k}: ${v}`).join('\n');
  return `input ${type}_bool_exp {
  _and: [${type}_bool_exp!]
  _or: [${type}_bool_exp!]
  _not: ${type}_bool_exp
${body}
}`;
}

function orderBy(type: string, fields: string[], nested: Record<string, string> = {}): string {
  return `input ${type}_order_by {
${fields.map((f) => `  ${f}: order_by`).join('\n')}
${Object.entries(nested).map(([k, v]) => `  ${k}: ${v}`).join('\n')}
}`;
}

const SDL = `
"""A UUID, as a string."""
scalar uuid
"""An ISO 8601 timestamp with time zone, as a string."""
scalar timestamptz
"""A decimal number."""
scalar numeric

enum order_by { asc asc_nulls_first asc_nulls_last desc desc_nulls_first desc_nulls_last }

${comparison('String', true)}
${comparison('Boolean')}
${comparison('Int')}
${comparison('uuid')}
${comparison('timestamptz')}
${comparison('numeric')}

type buildingType { id: Int! label: String! }
${boolExp('buildingType', { id: 'Int_comparison_exp', label: 'String_comparison_exp' })}
${orderBy('buildingType', ['id', 'label'])}

type calculationType { id: Int! label: String! }
${boolExp('calculationType', { id: 'Int_comparison_exp', label: 'String_comparison_exp' })}
${orderBy('calculationType', ['id', 'label'])}

type projectCalculation { calculationType: calculationType! }
${boolExp('projectCalculation', { calculationType: 'calculationType_bool_exp' })}
${orderBy('projectCalculation', [], { calculationType: 'calculationType_order_by' })}

type projectLocation { id: uuid! city: String country: String postalCode: String street: String streetNumber: String }
${boolExp('projectLocation', {
  id: 'uuid_comparison_exp', city: 'String_comparison_exp', country: 'String_comparison_exp',
  postalCode: 'String_comparison_exp', street: 'String_comparison_exp', streetNumber: 'String_comparison_exp',
})}
${orderBy('projectLocation', ['id', 'city', 'country', 'postalCode', 'street', 'streetNumber'])}

type projectMembership { role: String! userId: uuid! }
${boolExp('projectMembership', { role: 'String_comparison_exp', userId: 'uuid_comparison_exp' })}

type projectModel { id: uuid! name: String! }
${boolExp('projectModel', { id: 'uuid_comparison_exp', name: 'String_comparison_exp' })}

type projectStatus { id: Int! label: String! }
${boolExp('projectStatus', { id: 'Int_comparison_exp', label: 'String_comparison_exp' })}
${orderBy('projectStatus', ['id', 'label'])}

type specialConditionConfig { enabled: Boolean! }
${boolExp('specialConditionConfig', { enabled: 'Boolean_comparison_exp' })}
${orderBy('specialConditionConfig', ['enabled'])}

type project {
  id: uuid!
  name: String!
  """The caller's role in the project."""
  role: String
  bimStreamId: uuid
  """Reference area in m² (heated floor area plus weighted referenced areas)."""
  area: numeric
  buildingType: buildingType
  calculation: projectCalculation
  createdAt: timestamptz!
  """The caller's favourite flag."""
  favorite: Boolean!
  location: projectLocation
  memberships: [projectMembership!]!
  models: [projectModel!]!
  projectStatus: projectStatus
  specialConditionConfig: specialConditionConfig
  updatedAt: timestamptz!
}
${boolExp('project', {
  id: 'uuid_comparison_exp', name: 'String_comparison_exp', role: 'String_comparison_exp', bimStreamId: 'uuid_comparison_exp',
  area: 'numeric_comparison_exp', buildingType: 'buildingType_bool_exp', calculation: 'projectCalculation_bool_exp',
  createdAt: 'timestamptz_comparison_exp', deletedBy: 'uuid_comparison_exp', favorite: 'Boolean_comparison_exp',
  location: 'projectLocation_bool_exp', memberships: 'projectMembership_bool_exp', models: 'projectModel_bool_exp',
  projectStatus: 'projectStatus_bool_exp', specialConditionConfig: 'specialConditionConfig_bool_exp',
  updatedAt: 'timestamptz_comparison_exp',
})}
${orderBy('project', ['id', 'name', 'role', 'bimStreamId', 'area', 'createdAt', 'deletedBy', 'favorite', 'updatedAt'], {
  buildingType: 'buildingType_order_by', calculation: 'projectCalculation_order_by', location: 'projectLocation_order_by',
  projectStatus: 'projectStatus_order_by', specialConditionConfig: 'specialConditionConfig_order_by',
})}

type query_root {
  project(where: project_bool_exp, order_by: [project_order_by!], limit: Int, offset: Int): [project!]!
}

schema { query: query_root }
`;

let schema: GraphQLSchema | undefined;
export function projectSchema(): GraphQLSchema {
  return (schema ??= buildSchema(SDL));
}

/** A project row as the GraphQL list exposes it to one caller. */
export interface ProjectRow {
  id: string;
  name: string;
  role: string | null;
  bimStreamId: string | null;
  area: number | null;
  buildingType: { id: number; label: string } | null;
  calculation: { calculationType: { id: number; label: string } } | null;
  createdAt: string;
  deletedBy: string | null;
  favorite: boolean;
  location: { id: string; city: string | null; country: string | null; postalCode: string | null; street: string | null; streetNumber: string | null } | null;
  memberships: { role: string; userId: string }[];
  models: { id: string; name: string }[];
  projectStatus: { id: number; label: string } | null;
  specialConditionConfig: { enabled: boolean } | null;
  updatedAt: string;
}

type Exp = Record<string, unknown>;

/** Whether `seg` (with `_` = any one character) matches `v` at `at`. */
function segmentAt(v: string, at: number, seg: string): boolean {
  if (at < 0 || at + seg.length > v.length) return false;
  for (let k = 0; k < seg.length; k++) if (seg[k] !== '_' && seg[k] !== v[at + k]) return false;
  return true;
}

/**
 * The first start ≥ `from` at which `seg` (`_` = any one character) matches inside `v[from, to)`, or -1. Shift-And:
 * one pass over the text with the pattern's positions as bits, so O((to − from) × ⌈|seg| / 32⌉), never a rescan.
 */
function findSegment(v: string, from: number, to: number, seg: string): number {
  const m = seg.length;
  const words = Math.ceil(m / 32);
  const wildcard = new Uint32Array(words);
  const masks = new Map<string, Uint32Array>();
  for (let k = 0; k < m; k++) if (seg[k] === '_') wildcard[k >>> 5] |= 1 << (k & 31);
  for (let k = 0; k < m; k++) {
    const c = seg[k];
    if (c === '_') continue;
    let mask = masks.get(c);
    if (!mask) masks.set(c, (mask = Uint32Array.from(wildcard)));
    mask[k >>> 5] |= 1 << (k & 31);
  }
  const state = new Uint32Array(words);
  const lastWord = (m - 1) >>> 5;
  const lastBit = 1 << ((m - 1) & 31);
  for (let i = from; i < to; i++) {
    const mask = masks.get(v[i]) ?? wildcard;
    let carry = 1;
    for (let w = 0; w < words; w++) {
      const next = state[w] >>> 31;
      state[w] = ((state[w] << 1) | carry) & mask[w];
      carry = next;
    }
    if (state[lastWord] & lastBit) return i - m + 1;
  }
  return -1;
}

/**
 * SQL LIKE (% = any run, _ = one character) in time linear in the value: the pattern is split at `%`; the first
 * piece must match at the start, the last at the end, and each piece between is taken at its leftmost match after
 * the previous one (which is correct for `%`), found in one forward pass. No regular expression, no backtracking:
 * "%a%a…%!" against a long name costs one pass, not pattern × value (a 16 s stall before).
 */
export function likeMatch(value: string, pattern: string, ignoreCase: boolean): boolean {
  const v = ignoreCase ? value.toLowerCase() : value;
  const p = ignoreCase ? pattern.toLowerCase() : pattern;
  const pieces = p.split('%');
  if (pieces.length === 1) return v.length === p.length && segmentAt(v, 0, p);
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  if (first.length + last.length > v.length) return false;
  if (!segmentAt(v, 0, first) || !segmentAt(v, v.length - last.length, last)) return false;
  let pos = first.length;
  const end = v.length - last.length;
  for (let k = 1; k < pieces.length - 1; k++) {
    const piece = pieces[k];
    if (!piece) continue;
    const at = findSegment(v, pos, end, piece);
    if (at < 0) return false;
    pos = at + piece.length;
  }
  return true;
}

/** Longest string a filter of the project list may carry (a name pattern, a city); see docs/service-decisions.md. */
export const MAX_FILTER_CHARS = 1_000;

/** The first string in a filter longer than MAX_FILTER_CHARS, as a path such as `where._and.4.name._ilike`. */
function longFilterString(value: unknown, path: string): string | undefined {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.length > MAX_FILTER_CHARS) return at;
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push([x, `${at}.${i}`]));
    } else if (isObj(v)) {
      for (const [k, x] of Object.entries(v)) stack.push([x, `${at}.${k}`]);
    }
  }
  return undefined;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** One comparison expression against a scalar value; null values only match _is_null: true (and _neq/_nin). */
function compareOps(value: unknown, exp: Exp): boolean {
  for (const [op, arg] of Object.entries(exp)) {
    if (arg === undefined) continue;
    if (op === '_is_null') {
      if ((value === null || value === undefined) !== arg) return false;
      continue;
    }
    if (arg === null) continue;
    if (value === null || value === undefined) return false;
    switch (op) {
      case '_eq': if (compare(value, arg) !== 0) return false; break;
      case '_neq': if (compare(value, arg) === 0) return false; break;
      case '_in': if (!(arg as unknown[]).some((x) => compare(value, x) === 0)) return false; break;
      case '_nin': if ((arg as unknown[]).some((x) => compare(value, x) === 0)) return false; break;
      case '_gt': if (!(compare(value, arg) > 0)) return false; break;
      case '_gte': if (!(compare(value, arg) >= 0)) return false; break;
      case '_lt': if (!(compare(value, arg) < 0)) return false; break;
      case '_lte': if (!(compare(value, arg) <= 0)) return false; break;
      case '_like': if (!likeMatch(String(value), String(arg), false)) return false; break;
      case '_nlike': if (likeMatch(String(value), String(arg), false)) return false; break;
      case '_ilike': if (!likeMatch(String(value), String(arg), true)) return false; break;
      case '_nilike': if (likeMatch(String(value), String(arg), true)) return false; break;
      default: return false;
    }
  }
  return true;
}

const isComparison = (exp: Exp): boolean =>
  Object.keys(exp).length > 0 && Object.keys(exp).every((k) => COMPARISONS.includes(k) || STRING_ONLY.includes(k));

/** Evaluates a Hasura boolean expression; `{}` and null sub-expressions match everything. */
export function matches(row: unknown, exp: unknown): boolean {
  if (!isObj(exp)) return true;
  for (const [key, sub] of Object.entries(exp)) {
    if (sub === undefined || sub === null) continue;
    if (key === '_and') {
      if (!(sub as unknown[]).every((e) => matches(row, e))) return false;
    } else if (key === '_or') {
      const list = sub as unknown[];
      if (list.length && !list.some((e) => matches(row, e))) return false;
    } else if (key === '_not') {
      if (isObj(sub) && Object.keys(sub).length && matches(row, sub)) return false;
    } else {
      const value = isObj(row) ? row[key] : undefined;
      if (!isObj(sub) || Object.keys(sub).length === 0) continue;
      if (isComparison(sub)) {
        if (!compareOps(value, sub)) return false;
      } else if (Array.isArray(value)) {
        // Array relationship: some related row matches (Hasura semantics).
        if (!value.some((v) => matches(v, sub))) return false;
      } else if (value === null || value === undefined) {
        return false;
      } else if (!matches(value, sub)) {
        return false;
      }
    }
  }
  return true;
}

interface SortKey {
  path: string[];
  direction: string;
}

function sortKeys(orderBy: unknown, prefix: string[] = []): SortKey[] {
  const out: SortKey[] = [];
  for (const item of Array.isArray(orderBy) ? orderBy : orderBy ? [orderBy] : []) {
    if (!isObj(item)) continue;
    for (const [k, v] of Object.entries(item)) {
      if (typeof v === 'string') out.push({ path: [...prefix, k], direction: v });
      else if (isObj(v)) out.push(...sortKeys([v], [...prefix, k]));
    }
  }
  return out;
}

/** Hasura's ordering: `asc` puts nulls last, `desc` puts them first, unless the direction says otherwise. */
export function orderRows<T>(rows: T[], orderBy: unknown): T[] {
  const keys = sortKeys(orderBy);
  if (!keys.length) return rows;
  const get = (row: T, path: string[]): unknown => path.reduce<unknown>((v, k) => (isObj(v) ? v[k] : undefined), row);
  return [...rows].sort((a, b) => {
    for (const { path, direction } of keys) {
      const x = get(a, path);
      const y = get(b, path);
      const desc = direction.startsWith('desc');
      const nullsFirst = direction.endsWith('nulls_first') || direction === 'desc';
      const xn = x === null || x === undefined;
      const yn = y === null || y === undefined;
      if (xn || yn) {
        if (xn && yn) continue;
        return (xn ? -1 : 1) * (nullsFirst ? 1 : -1);
      }
      const c = compare(x, y);
      if (c !== 0) return desc ? -c : c;
    }
    return 0;
  });
}

export interface GraphqlRequest {
  operationName?: unknown;
  query?: unknown;
  variables?: unknown;
}

/** The GraphQL errors envelope (status 200, as Hasura answers). */
function errors(message: string, code: string): ExecutionResult {
  return { errors: [{ message, extensions: { code } }] } as unknown as ExecutionResult;
}

/** Most tokens a query may have: the published one has about 200; this bounds what parse and validate cost. */
const MAX_QUERY_TOKENS = 5_000;

/**
 * Runs GetProjectList for the caller over `rows` (already limited to the projects the caller may see). Any query
 * operation named GetProjectList that graphql-js validates against the documented schema runs — any subset of the
 * fields, any formatting, fragments, variable defaults; other operation names, mutations and introspection
 * (`__schema`, `__type`; `__typename` is fine) are refused with a GraphQL error.
 */
export async function runProjectList(req: GraphqlRequest, rows: ProjectRow[]): Promise<ExecutionResult> {
  if (typeof req.query !== 'string' || !req.query.trim()) return errors('The request has no query.', 'bad-request');
  if (req.operationName !== undefined && req.operationName !== null && req.operationName !== GET_PROJECT_LIST_OPERATION_NAME) {
    return errors(`Only the ${GET_PROJECT_LIST_OPERATION_NAME} operation is accepted, not ${JSON.stringify(req.operationName)}.`, 'validation-failed');
  }
  let doc: DocumentNode;
  try {
    doc = parse(req.query, { maxTokens: MAX_QUERY_TOKENS });
  } catch (e) {
    return errors(`The query does not parse: ${(e as Error).message}`, 'parse-failed');
  }
  const operation = doc.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === GET_PROJECT_LIST_OPERATION_NAME,
  );
  if (!operation) return errors(`Only the ${GET_PROJECT_LIST_OPERATION_NAME} operation is accepted; the query has none of that name.`, 'validation-failed');
  if (operation.operation !== 'query') {
    return errors(`${GET_PROJECT_LIST_OPERATION_NAME} must be a query, not a ${operation.operation}.`, 'validation-failed');
  }
  const invalid = validate(projectSchema(), doc, [...specifiedRules, NoSchemaIntrospectionCustomRule]);
  if (invalid.length) {
    return { errors: invalid.slice(0, 20).map((e) => ({ message: e.message, locations: e.locations, extensions: { code: 'validation-failed' } })) } as unknown as ExecutionResult;
  }
  const variables = isObj(req.variables) ? req.variables : req.variables == null ? {} : undefined;
  if (variables === undefined) return errors('`variables` must be an object.', 'bad-request');
  const rootValue = {
    project: (args: { where?: unknown; order_by?: unknown; limit?: number | null; offset?: number | null }) => {
      const long = longFilterString(args.where, 'where');
      if (long) throw new Error(`The filter ${long} is longer than ${MAX_FILTER_CHARS} characters.`);
      const filtered = rows.filter((r) => matches(r, args.where));
      const ordered = orderRows(filtered, args.order_by);
      const start = Math.max(0, args.offset ?? 0);
      return ordered.slice(start, args.limit == null ? undefined : start + Math.max(0, args.limit));
    },
  };
  const result = await execute({ schema: projectSchema(), document: doc, rootValue, variableValues: variables, operationName: GET_PROJECT_LIST_OPERATION_NAME });
  return result;
}
