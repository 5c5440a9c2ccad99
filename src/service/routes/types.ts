// A route of the local service: method, path pattern (captures become params), whether it needs a token.
import type { Ctx } from '../context';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Matched against the path without its host prefix handling: the full path, e.g. /api/BuildingProject/{id}. */
  pattern: RegExp;
  auth: boolean;
  /** The JSON answered with 200; throw an HttpError for anything else. */
  handle(ctx: Ctx): Promise<unknown> | unknown;
}

export const ID = '([^/]+)';
