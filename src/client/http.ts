// One HTTP exchange with the service on top of ky: headers, timeout, the retry policy (only where a
// retry cannot create anything twice), a log entry per attempt, and every failure as an LcaServiceError.
import type { HTTPError, RetryOptions } from 'ky';
import {
  ABORTED_MESSAGE,
  LcaServiceError,
  httpUserMessage,
  networkReason,
  networkUserMessage,
  redact,
  redactJson,
  redactMsg,
  safeUrl,
  scrubError,
  timeoutUserMessage,
  toProblem,
  type ResourceKind,
} from './errors';
import { format } from '../core/l10n';
import type { RequestLogEntry } from './types';

type Ky = typeof import('ky');
let kyModule: Ky | undefined;

/**
 * ky, loaded with the first request rather than with the extension: its module code probes `fetch`'s Request, which
 * makes Node load its whole fetch implementation — a cost activation should not pay.
 */
function ky(): Ky {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  kyModule ??= require('ky') as Ky;
  return kyModule;
}

export interface RetryPolicy {
  /** Retries after the first attempt. */
  limit: number;
  /** Upper bound of one exponential-backoff delay. */
  maxDelayMs: number;
  /** Longest Retry-After the client waits for; a longer one fails at once with the wait in the message. */
  maxRetryAfterMs: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRY: RetryPolicy = { limit: 2, maxDelayMs: 5_000, maxRetryAfterMs: 20_000 };

/** A read may be repeated freely; a write only when the service said it did not process it. */
export type RequestKind = 'read' | 'write';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  kind: RequestKind;
  /** Names the endpoint in messages, e.g. "GET /BuildingProject/{id}". */
  endpoint: string;
  /** What the request is about, for "Project not found (404)". */
  resource?: ResourceKind;
  json?: unknown;
  searchParams?: Record<string, string>;
  token?: string;
  signal?: AbortSignal;
  /** Strings that must never appear in an error or a log entry (token, password). */
  secrets: readonly (string | undefined)[];
}

export interface HttpSettings {
  timeoutMs: number;
  retry: RetryPolicy;
  log?: (entry: RequestLogEntry) => void;
}

export interface HttpResult {
  status: number;
  /** Parsed JSON, the raw text when the body is not JSON, or undefined when it is empty. */
  body: unknown;
}

const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
const RETRY_AFTER_STATUSES = [429, 503];

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); undefined if absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isFinite(date) ? Math.max(0, (date - now) / 1000) : undefined;
}

/**
 * Whether a failed attempt may be repeated. Reads: network errors and 408/429/5xx. Writes: only a
 * 429/503 that carries Retry-After, because that says the service did not process the request.
 * Either way a Retry-After beyond the cap is not waited for.
 */
export function mayRetry(kind: RequestKind, failure: { status?: number; retryAfterSeconds?: number }, policy: RetryPolicy): boolean {
  const { status, retryAfterSeconds } = failure;
  if (status !== undefined && RETRY_AFTER_STATUSES.includes(status) && retryAfterSeconds !== undefined) {
    return retryAfterSeconds * 1000 <= policy.maxRetryAfterMs;
  }
  if (kind === 'write') return false;
  return status === undefined || RETRY_STATUSES.includes(status);
}

function retryOptions(req: HttpRequest, policy: RetryPolicy): RetryOptions {
  return {
    limit: policy.limit,
    methods: ['get', 'post', 'put', 'delete'],
    statusCodes: RETRY_STATUSES,
    afterStatusCodes: RETRY_AFTER_STATUSES,
    maxRetryAfter: policy.maxRetryAfterMs,
    backoffLimit: policy.maxDelayMs,
    jitter: (delay) => delay * (0.8 + Math.random() * 0.4),
    shouldRetry: ({ error }) => {
      if (req.signal?.aborted || error instanceof ky().TimeoutError) return false;
      if (error instanceof ky().HTTPError) {
        const status = error.response.status;
        const retryAfterSeconds = parseRetryAfter(error.response.headers.get('Retry-After'), Date.now());
        // undefined lets ky apply its own delay, which honours Retry-After for 429/503.
        return mayRetry(req.kind, { status, retryAfterSeconds }, policy) ? undefined : false;
      }
      return mayRetry(req.kind, {}, policy) ? undefined : false;
    },
  };
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** A fetch that reports every attempt (retries included) to the log callback. */
function loggingFetch(req: HttpRequest, log: ((entry: RequestLogEntry) => void) | undefined) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = redact(safeUrl(input instanceof Request ? input.url : String(input)), req.secrets);
    const method = input instanceof Request ? input.method : (init?.method ?? req.method);
    const started = performance.now();
    let logged = false;
    const emit = (entry: Omit<RequestLogEntry, 'method' | 'url' | 'durationMs'>) => {
      if (!log || logged) return;
      logged = true;
      try {
        log({ method, url, durationMs: performance.now() - started, ...entry });
      } catch {
        // A failing logger must not fail the request.
      }
    };
    const failed = (error?: unknown) =>
      emit({ error: req.signal?.aborted ? 'aborted' : error === undefined || isAbortError(error) ? 'timeout' : redact(format(networkReason(error)), req.secrets) });
    // Logged when the abort happens, so that the entry exists before the caller sees the failure.
    const signal = input instanceof Request ? input.signal : init?.signal;
    const onAbort = () => failed();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await fetch(input, init);
      emit({ status: response.status });
      return response;
    } catch (error) {
      failed(error);
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  };
}

function parseBody(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

const MAX_BODY_TEXT = 200;

async function httpError(error: HTTPError, req: HttpRequest): Promise<LcaServiceError> {
  const status = error.response.status;
  const body = parseBody(await readText(error.response));
  const problem = toProblem(body);
  const bodyText =
    !problem && typeof body === 'string' && !/^\s*</.test(body) ? body.trim().slice(0, MAX_BODY_TEXT) : undefined;
  const retryAfterSeconds = parseRetryAfter(error.response.headers.get('Retry-After'), Date.now());
  const reason = httpUserMessage({
    status,
    method: req.method,
    url: req.url,
    resource: req.resource,
    problem,
    bodyText,
    retryAfterSeconds,
  });
  return new LcaServiceError({
    code: 'http',
    status,
    reason: redactMsg(reason, req.secrets),
    ...(problem ? { problem: redactJson(problem, req.secrets) } : {}),
    url: safeUrl(req.url),
    method: req.method,
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  });
}

/** Maps anything ky or fetch threw to an LcaServiceError. */
export async function toServiceError(error: unknown, req: HttpRequest, settings: HttpSettings): Promise<LcaServiceError> {
  if (error instanceof LcaServiceError) return error;
  const where = { url: safeUrl(req.url), method: req.method };
  if (req.signal?.aborted) return new LcaServiceError({ code: 'aborted', reason: ABORTED_MESSAGE, ...where });
  if (error instanceof ky().TimeoutError) {
    return new LcaServiceError({ code: 'timeout', reason: timeoutUserMessage(req.url, settings.timeoutMs), ...where });
  }
  if (error instanceof ky().HTTPError) return httpError(error, req);
  const reason = redactMsg(networkReason(error), req.secrets);
  return new LcaServiceError({ code: 'network', reason: networkUserMessage(req.url, reason), ...where });
}

/** Sends one request (with the retries its kind allows) and returns the status and parsed body. */
export async function send(req: HttpRequest, settings: HttpSettings): Promise<HttpResult> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (req.token) headers.Authorization = `Bearer ${req.token}`;
  try {
    const response = await ky().default(req.url, {
      method: req.method,
      headers,
      ...(req.json !== undefined ? { json: req.json } : {}),
      ...(req.searchParams ? { searchParams: req.searchParams } : {}),
      ...(req.signal ? { signal: req.signal } : {}),
      timeout: settings.timeoutMs,
      retry: retryOptions(req, settings.retry),
      throwHttpErrors: true,
      fetch: loggingFetch(req, settings.log),
    });
    const text = await response.text();
    return { status: response.status, body: parseBody(text) };
  } catch (error) {
    throw scrubError(await toServiceError(error, req, settings), req.secrets);
  }
}
