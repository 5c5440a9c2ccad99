// What every route handler gets: the request, path parameters, the caller, the store, and helpers for
// visibility (tenancy and project membership) and validation against the project's JSON Schemas.
import { format } from '../core/l10n';
import type { IncomingMessage, ServerResponse } from 'http';
import { validateBounded, type SchemaKind } from '../core/schemas';
import type { ProjectRole } from '../core/codes';
import type { CodeTable } from '../core/codeTable';
import { badRequest, notFound, parseJsonBody, readBody } from './http';
import type { ConstructionRec, MaterialRec, Principal, ProjectRec } from './model';
import type { Store } from './store';

export interface FaultRule {
  path: string;
  status: number;
  count: number;
  retryAfter?: number;
}

export interface Faults {
  latencyMs: number;
  fail: FaultRule[];
  resetConnections: { path: string; count: number }[];
}

export interface ServiceState {
  store: Store;
  /** The service's code table: what it calculates with and serves (`material/indicatorenums`). */
  codes: CodeTable;
  tokenTtlSeconds: number;
  scale: boolean;
  faults: Faults;
  log: (line: string) => void;
  /** Reseeds an emptied store (POST /__sandbox/reset). */
  reseed(): void;
}

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: string[];
  principal: Principal | undefined;
  state: ServiceState;
  /** The parsed JSON body (undefined when empty); read once. */
  body(): Promise<unknown>;
}

export function makeBodyReader(req: IncomingMessage): () => Promise<unknown> {
  let cached: Promise<unknown> | undefined;
  return () => (cached ??= readBody(req).then(parseJsonBody));
}

/** The caller; routes marked `auth` only run with one, so this never throws there. */
export function caller(ctx: Ctx): Principal {
  if (!ctx.principal) throw new Error('route needs a principal');
  return ctx.principal;
}

/** Most problems one 400 answer lists; the detail gives the count (docs/service-decisions.md, Limits). */
export const MAX_REPORTED_PROBLEMS = 100;

/** Validates against a schema kind; 400 with one entry per failing field (JSON pointers), at most 100 of them. */
export function validated<T>(kind: SchemaKind, value: unknown): T {
  if (value === undefined) throw badRequest('The request needs a JSON body.', [{ pointer: '', message: 'body is missing' }]);
  const { problems, found, stoppedEarly } = validateBounded(kind, value, MAX_REPORTED_PROBLEMS);
  if (problems.length) {
    const count = `${stoppedEarly ? 'at least ' : ''}${found} problem${found === 1 ? '' : 's'}`;
    const shown = found > problems.length ? ` (the first ${problems.length} are listed)` : '';
    throw badRequest(`The body does not match ${kind}: ${count}${shown}.`, problems.map((p) => ({ pointer: p.pointer, message: format(p.message) })));
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) delete (value as Record<string, unknown>).$schema;
  return value as T;
}

/** The caller's role in a project: a member's role; an account acts as Editor on every project of its tenant. */
export function roleIn(project: ProjectRec, p: Principal): ProjectRole | undefined {
  if (p.kind === 'account') return project.tenantId === p.tenantId ? 'Editor' : undefined;
  return project.memberships.find((m) => m.userId === p.id)?.role;
}

/** A project the caller is a member of, else 404 (existence is not revealed). */
export function visibleProject(ctx: Ctx, id: string): { project: ProjectRec; role: ProjectRole } {
  const project = ctx.state.store.projects.get(id.toLowerCase());
  const role = project ? roleIn(project, caller(ctx)) : undefined;
  if (!project || !role) throw notFound(`No project ${id}.`);
  return { project, role };
}

export const canSee = (rec: MaterialRec | ConstructionRec, p: Principal): boolean => rec.isPublic || rec.tenantId === p.tenantId;

export function visibleMaterial(ctx: Ctx, id: string): MaterialRec {
  const m = ctx.state.store.materials.get(id.toLowerCase());
  if (!m || !canSee(m, caller(ctx))) throw notFound(`No material ${id}.`);
  return m;
}

export function visibleConstruction(ctx: Ctx, id: string): ConstructionRec {
  const c = ctx.state.store.constructions.get(id.toLowerCase());
  if (!c || !canSee(c, caller(ctx))) throw notFound(`No construction ${id}.`);
  return c;
}

/** A timestamp strictly later than `previous`, so that clients comparing updatedAt always see a change. */
export function nextTimestamp(previous?: string): string {
  const now = Date.now();
  const prev = previous ? Date.parse(previous) : 0;
  return new Date(Math.max(now, Number.isFinite(prev) ? prev + 1 : now)).toISOString();
}
