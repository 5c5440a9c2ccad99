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

export function sendProblem(res: ServerResponse, err: HttpError): void {
  const text = problemText(err);
  res.writeHead(err.status, {
    'Content-Type': 'application/problem+json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...err.headers,
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

/** Whether arrays and objects nest deeper than `limit` (walked with an explicit stack: no recursion). */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length) {
    const v = values.pop();
    const d = depths.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(d + 1);
      }
    }
  }
  return false;
}

/**
 * Parses a JSON body; an empty body is `undefined`, malformed JSON a 400, and so is a body nested deeper than
 * MAX_JSON_DEPTH (thousands of levels would overflow the stack of JSON.stringify, the schema check or GraphQL).
 */
export function parseJsonBody(buf: Buffer): unknown {
  if (buf.length === 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(buf.toString('utf8')) as unknown;
  } catch (e) {
    throw badRequest(`The body is not valid JSON: ${(e as Error).message}`);
  }
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
    throw badRequest(`The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`, [
      { pointer: '', message: `nested more than ${MAX_JSON_DEPTH} levels deep` },
    ]);
  }
  return value;
}

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1' || (address?.startsWith('127.') ?? false);
}
