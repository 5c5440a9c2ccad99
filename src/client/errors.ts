// The one error type of the service client, and the pure functions that turn what went wrong
// (an HTTP status with its body, a network failure, a timeout) into a plain-English message.

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
  message: string;
  keyword?: string;
}

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
  userMessage: string;
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
  readonly userMessage: string;
  readonly url?: string;
  readonly method?: string;
  readonly requestProblems?: RequestProblem[];
  readonly retryAfterSeconds?: number;
  readonly graphqlValidation?: boolean;

  constructor(init: LcaServiceErrorInit) {
    super(init.userMessage);
    this.name = 'LcaServiceError';
    this.code = init.code;
    this.userMessage = init.userMessage;
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
  const userMessage = redact(e.userMessage, secrets);
  const url = e.url !== undefined ? redact(e.url, secrets) : undefined;
  const problem = e.problem ? redactJson(e.problem, secrets) : undefined;
  if (userMessage === e.userMessage && url === e.url && JSON.stringify(problem) === JSON.stringify(e.problem)) return e;
  return new LcaServiceError({
    code: e.code,
    userMessage,
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

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired — sign in again';
export const NOT_SIGNED_IN_MESSAGE = 'You are not signed in to the LCA service — sign in first';

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
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

/** "/a: msg; /b: msg; and 3 more". */
export function listProblems(problems: readonly { pointer: string; message: string }[]): string {
  const shown = problems.slice(0, MAX_LISTED).map((p) => `${p.pointer || '(body)'}: ${p.message}`);
  if (problems.length > MAX_LISTED) shown.push(`and ${problems.length - MAX_LISTED} more`);
  return shown.join('; ');
}

function sentence(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}

export interface HttpFailure {
  status: number;
  method: string;
  url: string;
  /** What the request was about, e.g. "Project", for "Project not found (404)". */
  resource?: string;
  problem?: ProblemDetails;
  /** A short non-JSON error body, shown when there are no problem details. */
  bodyText?: string;
  retryAfterSeconds?: number;
}

/** The plain-English message for an HTTP error status. */
export function httpUserMessage(f: HttpFailure): string {
  const detail = f.problem?.detail ?? f.problem?.title ?? (f.bodyText ? f.bodyText : undefined);
  const fieldErrors = f.problem?.errors?.length ? listProblems(f.problem.errors) : '';
  const withDetail = (base: string) => (detail ? `${base}: ${sentence(detail)}` : base);
  const withFields = (text: string) => (fieldErrors ? `${text} — ${fieldErrors}` : text);
  switch (f.status) {
    case 400:
      return withFields(`${sentence(detail ?? 'The service rejected the request as invalid')} (400)`);
    case 401:
      return SESSION_EXPIRED_MESSAGE;
    case 403:
      return withDetail(`You are not allowed to do this${f.resource ? ` on this ${f.resource.toLowerCase()}` : ''} (403)`);
    case 404:
      return `${f.resource ?? 'The requested record'} not found (404)`;
    case 409:
      return withFields(`${sentence(detail ?? 'The request conflicts with what the service already holds')} (409)`);
    case 413:
      return withDetail('The request is too large for the service (413)');
    case 429:
    case 503: {
      const wait = f.retryAfterSeconds !== undefined ? `; try again in ${Math.ceil(f.retryAfterSeconds)} s` : '; try again later';
      const what = f.status === 429 ? 'is receiving too many requests' : 'is unavailable';
      return `The LCA service ${what} (${f.status})${wait}`;
    }
    default:
      if (f.status >= 500) return withDetail(`The LCA service failed (${f.status})`);
      return withFields(withDetail(`The LCA service refused the request (${f.status})`));
  }
}

/** Node's fetch reports a failed connection as TypeError('fetch failed') with the socket error as cause. */
export function networkReason(error: unknown): string {
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
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection reset';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'network unreachable';
    case undefined:
      return error instanceof Error && error.message && error.message !== 'fetch failed' ? error.message : 'network error';
    default:
      if (code.startsWith('CERT_') || code.includes('SSL') || code.includes('TLS') || code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE') {
        return `TLS certificate problem: ${code}`;
      }
      return code;
  }
}

export function networkUserMessage(url: string, reason: string): string {
  return `Could not reach the LCA service at ${originOf(url)} (${reason})`;
}

export function timeoutUserMessage(url: string, timeoutMs: number): string {
  const seconds = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`;
  return `The LCA service at ${originOf(url)} did not answer within ${seconds}`;
}

export const ABORTED_MESSAGE = 'The request was cancelled';

export function invalidResponseMessage(endpoint: string, what: string): string {
  return `The LCA service returned an unexpected response for ${endpoint}: ${what}`;
}
