// Raw HTTP for the abuse suite: the path goes out exactly as written (fetch would resolve `..`), any method,
// content type and body, with a time limit; and the oracle every answer must pass.
import * as assert from 'assert';
import * as http from 'http';

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: unknown;
  ms: number;
}

export interface RawRequest {
  method: string;
  path: string;
  body?: string | Buffer;
  contentType?: string | null;
  token?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** One request on a fresh connection (a 413 closes it); rejects after `timeoutMs` (a hang). */
export function raw(origin: string, r: RawRequest): Promise<RawReply> {
  const url = new URL(origin);
  const started = Date.now();
  const headers: Record<string, string | number> = { ...(r.headers ?? {}) };
  if (r.token) headers.Authorization = `Bearer ${r.token}`;
  if (r.body !== undefined) {
    if (r.contentType !== null) headers['Content-Type'] = r.contentType ?? 'application/json';
    headers['Content-Length'] = Buffer.byteLength(r.body);
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method: r.method, path: r.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body, ms: Date.now() - started });
      });
      res.on('error', reject);
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer within ${r.timeoutMs ?? 10_000} ms: ${r.method} ${r.path.slice(0, 120)}`));
    }, r.timeoutMs ?? 10_000);
    // The service may answer (413) and close before the whole body is sent; the answer is what counts.
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.end(r.body);
  });
}

const STACK_TRACE = /\n\s+at |\.ts:\d+|\.js:\d+|node:internal/;

/**
 * The oracle for an answer to a client's mistake: never a 5xx; an error is RFC 9457 problem JSON whose title and
 * detail say what is wrong (no stack trace); a 200 is JSON (GraphQL errors then carry messages).
 */
export function assertSane(reply: RawReply, what: string): void {
  const where = `${what} → ${reply.status} ${reply.text.slice(0, 300)}`;
  assert.ok(reply.status >= 200 && reply.status < 500, `a client's mistake must not get a 5xx: ${where}`);
  assert.ok(!STACK_TRACE.test(reply.text), `no stack trace in answers: ${where}`);
  if (reply.status >= 400) {
    assert.match(String(reply.headers['content-type']), /^application\/problem\+json/, `problem content type: ${where}`);
    const p = reply.body as { type?: unknown; title?: unknown; status?: unknown; detail?: unknown; errors?: unknown } | undefined;
    assert.ok(p && typeof p === 'object', `problem body: ${where}`);
    assert.strictEqual(p.status, reply.status, `problem status: ${where}`);
    assert.ok(typeof p.type === 'string' && p.type.length > 0, `problem type: ${where}`);
    assert.ok(typeof p.title === 'string' && p.title.length > 0, `problem title: ${where}`);
    assert.ok(typeof p.detail === 'string' && p.detail.length >= 8 && p.detail !== p.title, `a detail that says what is wrong: ${where}`);
    if (p.errors !== undefined) {
      assert.ok(Array.isArray(p.errors), `errors is a list: ${where}`);
      for (const e of p.errors as { pointer?: unknown; message?: unknown }[]) {
        assert.ok(typeof e.pointer === 'string' && typeof e.message === 'string' && e.message.length > 0, `field error with pointer and message: ${where}`);
      }
    }
    if (reply.status === 401) assert.ok(reply.headers['www-authenticate'], `401 says how to authenticate: ${where}`);
  } else {
    assert.ok(reply.body !== undefined, `a 2xx carries JSON: ${where}`);
    const errors = (reply.body as { errors?: unknown }).errors;
    if (Array.isArray(errors)) {
      for (const e of errors as { message?: unknown }[]) {
        assert.ok(typeof e.message === 'string' && e.message.length >= 8, `GraphQL error with a message: ${where}`);
      }
    }
  }
}

/** A rejection: 4xx problem JSON (not a silent 200). */
export function assertRejected(reply: RawReply, what: string, statuses: number[] = [400]): void {
  assertSane(reply, what);
  assert.ok(statuses.includes(reply.status), `${what}: expected ${statuses.join('/')} but got ${reply.status} ${reply.text.slice(0, 300)}`);
}
