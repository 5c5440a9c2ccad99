// HTTP plumbing of the local service: problem-details errors (RFC 9457), JSON replies, bounded body reading.
import type { IncomingMessage, ServerResponse } from 'http';

export const MAX_BODY_BYTES = 20 * 1024 * 1024;

export interface FieldError {
  pointer: string;
  message: string;
  existingId?: string;
}

/** An error meant for the caller: becomes a problem response with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail ?? title);
  }
}

export const badRequest = (detail: string, errors?: FieldError[]): HttpError => new HttpError(400, 'Bad Request', detail, errors);
export const notFound = (detail = 'Not found'): HttpError => new HttpError(404, 'Not Found', detail);
export const forbidden = (detail: string): HttpError => new HttpError(403, 'Forbidden', detail);
export const unauthorized = (detail: string): HttpError =>
  new HttpError(401, 'Unauthorized', detail, undefined, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });

const TYPE_BASE = 'https://lca-workbench.invalid/problems/';

/** A response body that is already JSON text (sent as is). */
export class RawJson {
  constructor(readonly text: string) {}
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body instanceof RawJson ? body.text : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** The RFC 9457 problem JSON text of an error. */
export function problemText(err: HttpError): string {
  const body: Record<string, unknown> = {
    type: `${TYPE_BASE}${err.status}`,
    title: err.title,
    status: err.status,
    detail: err.detail ?? err.title,
  };
  if (err.errors?.length) body.errors = err.errors;
  return JSON.stringify(body);
}

export function sendProblem(res: ServerResponse, err: HttpError, extraHeaders: Record<string, string> = {}): void {
  const text = problemText(err);
  res.writeHead(err.status, {
    'Content-Type': 'application/problem+json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...err.headers,
    ...extraHeaders,
  });
  res.end(text);
}

/** Reads the whole body, refusing more than `limit` bytes with 413 (early, from Content-Length, when given). */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks, size));
    });
    req.on('error', (e) => {
      if (!failed) reject(e);
    });
  });
}

const tooLarge = (limit: number): HttpError =>
  new HttpError(413, 'Payload Too Large', `The request body is over ${Math.round(limit / 1024 / 1024)} MB.`);

/** Deepest nesting of arrays and objects a body may have; no request of the interface needs more than about 10. */
export const MAX_JSON_DEPTH = 64;
/** Longest string (value or key) a body may carry; names, descriptions and links of the interface are far shorter. */
export const MAX_STRING_CHARS = 10_000;
/** Most keys one object may have; no object of the interface has more than a few dozen. */
export const MAX_OBJECT_KEYS = 1_000;

interface Step {
  parent: Step | undefined;
  key: string;
}
const pointerOf = (step: Step | undefined): string => {
  const parts: string[] = [];
  for (let s = step; s; s = s.parent) parts.push(s.key.replace(/~/g, '~0').replace(/\//g, '~1'));
  return parts.length ? `/${parts.reverse().join('/')}` : '';
};

/**
 * The first place where a body goes beyond the limits above (walked with an explicit stack: no recursion), as a
 * JSON pointer and a sentence; undefined when it stays within them.
 */
function beyondLimits(value: unknown): FieldError | undefined {
  const tooLong = (str: string, at: () => string): FieldError | undefined =>
    str.length > MAX_STRING_CHARS ? { pointer: at(), message: `is ${str.length} characters long; at most ${MAX_STRING_CHARS} are accepted` } : undefined;
  if (typeof value === 'string') return tooLong(value, () => '');
  const values: unknown[] = [value];
  const depths: number[] = [1];
  const steps: (Step | undefined)[] = [undefined];
  while (values.length) {
    const v = values.pop();
    const d = depths.pop()!;
    const step = steps.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (d > MAX_JSON_DEPTH) return { pointer: '', message: `nested more than ${MAX_JSON_DEPTH} levels deep` };
    const isArray = Array.isArray(v);
    const keys = isArray ? undefined : Object.keys(v);
    if (keys && keys.length > MAX_OBJECT_KEYS) {
      return { pointer: pointerOf(step), message: `has ${keys.length} properties; at most ${MAX_OBJECT_KEYS} are accepted` };
    }
    const count = isArray ? v.length : keys!.length;
    for (let i = 0; i < count; i++) {
      const key = keys ? keys[i] : String(i);
      if (keys && key.length > MAX_STRING_CHARS) {
        return { pointer: pointerOf(step), message: `has a property name ${key.length} characters long; at most ${MAX_STRING_CHARS} are accepted` };
      }
      const child: unknown = isArray ? v[i] : (v as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        const problem = tooLong(child, () => pointerOf({ parent: step, key }));
        if (problem) return problem;
      } else if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(d + 1);
        steps.push({ parent: step, key });
      }
    }
  }
  return undefined;
}

/**
 * Parses a JSON body; an empty body is `undefined`, malformed JSON a 400, and so is a body nested deeper than
 * MAX_JSON_DEPTH (thousands of levels would overflow the stack of JSON.stringify, the schema check or GraphQL),
 * a string longer than MAX_STRING_CHARS (a filter over it would cost time in proportion) or an object with more
 * than MAX_OBJECT_KEYS properties (each would be a problem to report) — refused before any validation runs.
 */
export function parseJsonBody(buf: Buffer): unknown {
  if (buf.length === 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(buf.toString('utf8')) as unknown;
  } catch (e) {
    throw badRequest(`The body is not valid JSON: ${(e as Error).message}`);
  }
  const beyond = beyondLimits(value);
  if (beyond) {
    const what = beyond.message.startsWith('nested')
      ? `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`
      : `The body at ${beyond.pointer || '/'} ${beyond.message}.`;
    throw badRequest(what, [beyond]);
  }
  return value;
}

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1' || (address?.startsWith('127.') ?? false);
}
