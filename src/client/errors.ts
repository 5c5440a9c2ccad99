// The one error type of the service client, and the pure functions that turn what went wrong
// (an HTTP status with its body, a network failure, a timeout) into a message as data (`Msg`): an English template
// and its arguments, which the editor layer phrases in the user's language.
import { format, joined, msg, type Msg, type MsgArg } from '../core/l10n';
import { isObject as isRecord } from '../core/guards';

/** One field problem, from a problem-details `errors` list (or normalised from another error shape). */
export interface FieldProblem {
  pointer: string;
  message: string;
  /** Set on a 409 of bulk create: the id of the record that already exists. */
  existingId?: string;
  [extra: string]: unknown;
}

/** RFC 9457 problem details as docs/service-decisions.md describes them; unknown members pass through. */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: FieldProblem[];
  [extra: string]: unknown;
}

/** One schema problem found in a request body before it was sent. */
export interface RequestProblem {
  pointer: string;
  message: Msg;
  keyword?: string;
}

/** What a request was about, for "Project not found (404)" (the words are chosen per resource, for translation). */
export type ResourceKind = 'project' | 'stream' | 'construction' | 'material' | 'project-or-construction';

export type LcaServiceErrorCode =
  | 'http'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'invalid-response'
  | 'invalid-request'
  | 'graphql';

export interface LcaServiceErrorInit {
  code: LcaServiceErrorCode;
  /** What went wrong, as data: phrased by the editor layer (`l10n.say`). */
  reason: Msg;
  status?: number;
  problem?: ProblemDetails;
  url?: string;
  method?: string;
  /** Schema problems of a refused request ('invalid-request' only). */
  requestProblems?: RequestProblem[];
  /** Seconds the service asked us to wait (429/503 with Retry-After). */
  retryAfterSeconds?: number;
  /** 'graphql' only: the service refused the query text itself (a GraphQL validation error). */
  graphqlValidation?: boolean;
}

/**
 * Everything the client throws. It carries no request, response, header or cause object, so that
 * neither the bearer token nor a password can leak through it into a log or a message.
 */
export class LcaServiceError extends Error {
  readonly code: LcaServiceErrorCode;
  readonly status?: number;
  readonly problem?: ProblemDetails;
  /** What went wrong, as data (the editor layer phrases it in the user's language); `message` is its English. */
  readonly reason: Msg;
  readonly url?: string;
  readonly method?: string;
  readonly requestProblems?: RequestProblem[];
  readonly retryAfterSeconds?: number;
  readonly graphqlValidation?: boolean;

  constructor(init: LcaServiceErrorInit) {
    super(format(init.reason));
    this.name = 'LcaServiceError';
    this.code = init.code;
    this.reason = init.reason;
    if (init.status !== undefined) this.status = init.status;
    if (init.problem !== undefined) this.problem = init.problem;
    if (init.url !== undefined) this.url = init.url;
    if (init.method !== undefined) this.method = init.method;
    if (init.requestProblems !== undefined) this.requestProblems = init.requestProblems;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
    if (init.graphqlValidation) this.graphqlValidation = true;
  }
}

/** The same error with every secret removed from its message, URL and problem details. */
export function scrubError(e: LcaServiceError, secrets: readonly (string | undefined)[]): LcaServiceError {
  const reason = redactMsg(e.reason, secrets);
  const url = e.url !== undefined ? redact(e.url, secrets) : undefined;
  const problem = e.problem ? redactJson(e.problem, secrets) : undefined;
  if (JSON.stringify(reason) === JSON.stringify(e.reason) && url === e.url && JSON.stringify(problem) === JSON.stringify(e.problem)) return e;
  return new LcaServiceError({
    code: e.code,
    reason,
    ...(e.status !== undefined ? { status: e.status } : {}),
    ...(problem ? { problem } : {}),
    ...(url !== undefined ? { url } : {}),
    ...(e.method !== undefined ? { method: e.method } : {}),
    ...(e.requestProblems ? { requestProblems: e.requestProblems } : {}),
    ...(e.retryAfterSeconds !== undefined ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
  });
}

export function isLcaServiceError(value: unknown): value is LcaServiceError {
  return value instanceof LcaServiceError;
}

export const SESSION_EXPIRED_MESSAGE: Msg = msg('Your session has expired — sign in again');
export const NOT_SIGNED_IN_MESSAGE: Msg = msg('You are not signed in to the LCA service — sign in first');

/** Origin plus path, never the query string (which could carry a secret). */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url.split('?')[0];
  }
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Replaces every occurrence of a secret (token, password) in `text`; short strings are left alone. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/** The message with every secret removed from its arguments (a template never holds one). */
export function redactMsg(m: Msg, secrets: readonly (string | undefined)[]): Msg {
  return { message: m.message, args: m.args.map((a) => (typeof a === 'string' ? redact(a, secrets) : typeof a === 'number' ? a : redactMsg(a, secrets))) };
}

/** Deep copy of a JSON value with every string redacted. */
export function redactJson<T>(value: T, secrets: readonly (string | undefined)[]): T {
  if (typeof value === 'string') return redact(value, secrets) as T;
  if (Array.isArray(value)) return value.map((v) => redactJson(v, secrets)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactJson(v, secrets);
    return out as T;
  }
  return value;
}

/**
 * Reads an error body as problem details. Accepts RFC 9457 bodies, ASP.NET validation problems
 * (`errors: {field: [messages]}`) and the common `{message}` / `{error}` shapes; undefined otherwise.
 */
export function toProblem(body: unknown): ProblemDetails | undefined {
  if (!isRecord(body)) return undefined;
  const problem: ProblemDetails = { ...body };
  if (typeof problem.title !== 'string') delete problem.title;
  if (typeof problem.detail !== 'string') {
    delete problem.detail;
    const alt = body.message ?? body.error_description ?? body.error;
    if (typeof alt === 'string') problem.detail = alt;
  }
  if (typeof problem.status !== 'number') delete problem.status;
  const errors = normaliseFieldErrors(body.errors);
  if (errors) problem.errors = errors;
  else delete problem.errors;
  const known = problem.title ?? problem.detail ?? problem.type ?? problem.errors;
  return known === undefined ? undefined : problem;
}

function normaliseFieldErrors(errors: unknown): FieldProblem[] | undefined {
  if (Array.isArray(errors)) {
    return errors.map((e) => {
      if (typeof e === 'string') return { pointer: '', message: e };
      const r = isRecord(e) ? e : {};
      const pointer = typeof r.pointer === 'string' ? r.pointer : typeof r.field === 'string' ? r.field : '';
      const message = typeof r.message === 'string' ? r.message : typeof r.detail === 'string' ? r.detail : JSON.stringify(e);
      return { ...r, pointer, message };
    });
  }
  if (isRecord(errors)) {
    const out: FieldProblem[] = [];
    for (const [field, messages] of Object.entries(errors)) {
      const list = Array.isArray(messages) ? messages : [messages];
      for (const m of list) out.push({ pointer: field.startsWith('/') ? field : `/${field.replace(/\./g, '/')}`, message: String(m) });
    }
    return out;
  }
  return undefined;
}

const MAX_LISTED = 10;

/** "/a: msg; /b: msg; and 3 more" (the service's own words, or the schema's as a `Msg`). */
export function listProblems(problems: readonly { pointer: string; message: string | Msg }[]): Msg {
  const shown: MsgArg[] = problems.slice(0, MAX_LISTED).map((p) => (p.pointer ? msg('{0}: {1}', p.pointer, p.message) : msg('(body): {0}', p.message)));
  if (problems.length > MAX_LISTED) shown.push(msg('and {0} more', problems.length - MAX_LISTED));
  return joined(shown);
}

function sentence(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}

export interface HttpFailure {
  status: number;
  method: string;
  url: string;
  /** What the request was about, for "Project not found (404)". */
  resource?: ResourceKind;
  problem?: ProblemDetails;
  /** A short non-JSON error body, shown when there are no problem details. */
  bodyText?: string;
  retryAfterSeconds?: number;
}

const NOT_FOUND: Record<ResourceKind, Msg> = {
  project: msg('Project not found (404)'),
  stream: msg('Stream not found (404)'),
  construction: msg('Construction not found (404)'),
  material: msg('Material not found (404)'),
  'project-or-construction': msg('Project or construction not found (404)'),
};

const NOT_ALLOWED: Record<ResourceKind, Msg> = {
  project: msg('You are not allowed to do this on this project (403)'),
  stream: msg('You are not allowed to do this on this stream (403)'),
  construction: msg('You are not allowed to do this on this construction (403)'),
  material: msg('You are not allowed to do this on this material (403)'),
  'project-or-construction': msg('You are not allowed to do this on this project or construction (403)'),
};

/** The message for an HTTP error status; the service's own detail and field errors are quoted as they come. */
export function httpUserMessage(f: HttpFailure): Msg {
  const detail = f.problem?.detail ?? f.problem?.title ?? (f.bodyText ? f.bodyText : undefined);
  const fieldErrors = f.problem?.errors?.length ? listProblems(f.problem.errors) : undefined;
  const withDetail = (base: Msg): Msg => (detail ? msg('{0}: {1}', base, sentence(detail)) : base);
  const withFields = (text: Msg): Msg => (fieldErrors ? msg('{0} — {1}', text, fieldErrors) : text);
  switch (f.status) {
    case 400:
      return withFields(detail ? msg('{0} (400)', sentence(detail)) : msg('The service rejected the request as invalid (400)'));
    case 401:
      return SESSION_EXPIRED_MESSAGE;
    case 403:
      return withDetail(f.resource ? NOT_ALLOWED[f.resource] : msg('You are not allowed to do this (403)'));
    case 404:
      return f.resource ? NOT_FOUND[f.resource] : msg('The requested record not found (404)');
    case 409:
      return withFields(detail ? msg('{0} (409)', sentence(detail)) : msg('The request conflicts with what the service already holds (409)'));
    case 413:
      return withDetail(msg('The request is too large for the service (413)'));
    case 429:
    case 503: {
      const wait = f.retryAfterSeconds !== undefined ? Math.ceil(f.retryAfterSeconds) : undefined;
      if (f.status === 429) {
        return wait !== undefined
          ? msg('The LCA service is receiving too many requests (429); try again in {0} s', wait)
          : msg('The LCA service is receiving too many requests (429); try again later');
      }
      return wait !== undefined ? msg('The LCA service is unavailable (503); try again in {0} s', wait) : msg('The LCA service is unavailable (503); try again later');
    }
    default:
      if (f.status >= 500) return withDetail(msg('The LCA service failed ({0})', f.status));
      return withFields(withDetail(msg('The LCA service refused the request ({0})', f.status)));
  }
}

/** Node's fetch reports a failed connection as TypeError('fetch failed') with the socket error as cause. */
export function networkReason(error: unknown): Msg {
  const codes: string[] = [];
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== 'object' || depth > 4) return;
    const r = e as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof r.code === 'string') codes.push(r.code);
    if (Array.isArray(r.errors)) r.errors.forEach((x) => visit(x, depth + 1));
    visit(r.cause, depth + 1);
  };
  visit(error, 0);
  const code = codes[0];
  if (code === undefined) {
    // The platform's own words when it gave some (they are not ours to translate).
    return error instanceof Error && error.message && error.message !== 'fetch failed' ? msg('{0}', error.message) : msg('network error');
  }
  if (Object.hasOwn(NETWORK_REASONS, code)) return NETWORK_REASONS[code];
  if (code.startsWith('CERT_') || code.includes('SSL') || code.includes('TLS') || code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE') {
    return msg('TLS certificate problem: {0}', code);
  }
  return msg('{0}', code);
}

/** A socket error's code in words (Node's and undici's names for the same failure say the same). */
const NETWORK_REASONS: Readonly<Record<string, Msg>> = {
  ECONNREFUSED: msg('connection refused'),
  ENOTFOUND: msg('host not found'),
  EAI_AGAIN: msg('host not found'),
  ECONNRESET: msg('connection reset'),
  UND_ERR_SOCKET: msg('connection reset'),
  ETIMEDOUT: msg('connection timed out'),
  UND_ERR_CONNECT_TIMEOUT: msg('connection timed out'),
  EHOSTUNREACH: msg('network unreachable'),
  ENETUNREACH: msg('network unreachable'),
};

export function networkUserMessage(url: string, reason: Msg): Msg {
  return msg('Could not reach the LCA service at {0} ({1})', originOf(url), reason);
}

export function timeoutUserMessage(url: string, timeoutMs: number): Msg {
  return timeoutMs >= 1000
    ? msg('The LCA service at {0} did not answer within {1} s', originOf(url), Math.round(timeoutMs / 100) / 10)
    : msg('The LCA service at {0} did not answer within {1} ms', originOf(url), timeoutMs);
}

export const ABORTED_MESSAGE: Msg = msg('The request was cancelled');

export function invalidResponseMessage(endpoint: string, what: MsgArg): Msg {
  return msg('The LCA service returned an unexpected response for {0}: {1}', endpoint, what);
}
