// The GraphQL GetProjectList operation as the client sends it: variables type, request body and the
// reading of the `{data: {project: [...]}}` / `{errors: [...]}` envelope.
import {
  GET_PROJECT_LIST_OPERATION_NAME,
  GET_PROJECT_LIST_QUERY,
  type GetProjectListVariables,
} from '../core/graphql/getProjectList';

export type { GetProjectListVariables };

export type OrderDirection =
  | 'asc'
  | 'asc_nulls_first'
  | 'asc_nulls_last'
  | 'desc'
  | 'desc_nulls_first'
  | 'desc_nulls_last';

export const GET_PROJECT_LIST_OPERATION = GET_PROJECT_LIST_OPERATION_NAME;

/** The documented default: favourites first, then last updated, no filters. */
export const DEFAULT_PROJECT_LIST_VARIABLES = {
  orderBy: [{ favorite: 'desc_nulls_last' as OrderDirection }, { updatedAt: 'desc_nulls_last' as OrderDirection }],
  whereBuildingType: {},
  whereCalculation: {},
  whereFavorite: {},
  whereLocation: {},
  whereName: {},
  whereProjectStatus: {},
  whereRole: {},
} satisfies Required<GetProjectListVariables>;

export function projectListRequestBody(variables: GetProjectListVariables, query: string = GET_PROJECT_LIST_QUERY): {
  operationName: string;
  query: string;
  variables: Required<GetProjectListVariables>;
} {
  // Every variable is sent, `{}` where no filter applies, as the interface shows it in use.
  return {
    operationName: GET_PROJECT_LIST_OPERATION,
    query,
    variables: { ...DEFAULT_PROJECT_LIST_VARIABLES, ...stripUndefined(variables) },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export interface GraphQlErrorEntry {
  message: string;
  extensions?: Record<string, unknown>;
}

/** GraphQL errors in a 200 body; empty when there are none. */
export function graphQlErrors(body: unknown): GraphQlErrorEntry[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((e) => {
    const r = (e && typeof e === 'object' ? e : {}) as { message?: unknown; extensions?: unknown };
    return {
      message: typeof r.message === 'string' ? r.message : JSON.stringify(e),
      ...(r.extensions && typeof r.extensions === 'object' ? { extensions: r.extensions as Record<string, unknown> } : {}),
    };
  });
}

/**
 * GraphQL gateways (Hasura among them) report an expired or invalid JWT as a 200 with an error
 * rather than a 401; the client treats those like a 401 so that the token is renewed once.
 */
export function isGraphQlAuthError(errors: readonly GraphQlErrorEntry[]): boolean {
  return errors.some((e) => {
    const code = String(e.extensions?.code ?? '');
    if (code === 'invalid-jwt' || code === 'UNAUTHENTICATED') return true;
    return /JWTExpired|jwt expired|invalid jwt|token (has )?expired/i.test(e.message);
  });
}
