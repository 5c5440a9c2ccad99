// The GraphQL project list (interface call 14) in Hasura's conventions, executed by graphql-js over the schema of
// graphqlSchema.ts with Hasura's filter and order (hasura.ts). Any query operation named GetProjectList that validates
// against the schema is accepted (see docs/service-decisions.md).
import {
  execute,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type OperationDefinitionNode,
} from 'graphql';
import { GET_PROJECT_LIST_OPERATION_NAME } from '../core/graphql/getProjectList';
import { isObject as isObj } from '../core/guards';
import { projectSchema } from './graphqlSchema';
import { longFilterString, matches, MAX_FILTER_CHARS, orderRows } from './hasura';

export { projectSchema } from './graphqlSchema';
export { likeMatch, MAX_FILTER_CHARS } from './hasura';

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
