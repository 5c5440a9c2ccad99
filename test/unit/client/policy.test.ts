// The client's pure decisions: when a failed request may be repeated, how Retry-After, error bodies
// and token responses are read, and that secrets are scrubbed from text.
import * as assert from 'assert';
import { mayRetry, parseRetryAfter, DEFAULT_RETRY } from '../../../src/client/http';
import { httpUserMessage, networkReason, redact, toProblem, type HttpFailure } from '../../../src/client/errors';

const fmtHttp = (f: HttpFailure): string => format(httpUserMessage(f));
import { parseTokenSet, UNKNOWN_EXPIRY_MS } from '../../../src/client/parse';
import { format } from '../../../src/core/l10n';

describe('client policy: retries', () => {
  const policy = DEFAULT_RETRY;

  it('repeats reads on network errors and on 408/429/5xx, but not on other 4xx', () => {
    assert.strictEqual(mayRetry('read', {}, policy), true);
    for (const status of [408, 429, 500, 502, 503, 504]) assert.strictEqual(mayRetry('read', { status }, policy), true, String(status));
    for (const status of [400, 401, 403, 404, 409, 413]) assert.strictEqual(mayRetry('read', { status }, policy), false, String(status));
  });

  it('never repeats a write blindly: only a 429/503 that carries Retry-After', () => {
    assert.strictEqual(mayRetry('write', {}, policy), false, 'network error');
    for (const status of [408, 429, 500, 502, 503, 504]) assert.strictEqual(mayRetry('write', { status }, policy), false, String(status));
    assert.strictEqual(mayRetry('write', { status: 429, retryAfterSeconds: 1 }, policy), true);
    assert.strictEqual(mayRetry('write', { status: 503, retryAfterSeconds: 0 }, policy), true);
    assert.strictEqual(mayRetry('write', { status: 500, retryAfterSeconds: 1 }, policy), false, '500 + Retry-After');
  });

  it('does not wait for a Retry-After beyond the cap', () => {
    const seconds = policy.maxRetryAfterMs / 1000;
    assert.strictEqual(mayRetry('read', { status: 429, retryAfterSeconds: seconds }, policy), true);
    assert.strictEqual(mayRetry('read', { status: 429, retryAfterSeconds: seconds + 1 }, policy), false);
    assert.strictEqual(mayRetry('write', { status: 503, retryAfterSeconds: seconds + 1 }, policy), false);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    assert.strictEqual(parseRetryAfter('3', now), 3);
    assert.strictEqual(parseRetryAfter(' 1.5 ', now), 1.5);
    assert.strictEqual(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now), 10);
    assert.strictEqual(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now), 0, 'a past date means now');
    assert.strictEqual(parseRetryAfter('soon', now), undefined);
    assert.strictEqual(parseRetryAfter(null, now), undefined);
  });
});

describe('client policy: error bodies and messages', () => {
  it('reads RFC 9457 problems and keeps their extra members', () => {
    const p = toProblem({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'Exists', errors: [{ pointer: '/0', message: 'dup', existingId: 'abc' }] });
    assert.deepStrictEqual(p?.errors, [{ pointer: '/0', message: 'dup', existingId: 'abc' }]);
    assert.strictEqual(p?.detail, 'Exists');
  });

  it('normalises ASP.NET validation problems and {message} bodies', () => {
    const aspnet = toProblem({ title: 'One or more validation errors occurred.', status: 400, errors: { 'buildingAddress.city': ['Required'], Name: 'Too long' } });
    assert.deepStrictEqual(aspnet?.errors, [
      { pointer: '/buildingAddress/city', message: 'Required' },
      { pointer: '/Name', message: 'Too long' },
    ]);
    assert.strictEqual(toProblem({ message: 'Bad things' })?.detail, 'Bad things');
    assert.strictEqual(toProblem({ foo: 1 }), undefined);
    assert.strictEqual(toProblem('plain text'), undefined);
  });

  it('words each status for people', () => {
    const base = { method: 'GET', url: 'http://127.0.0.1:1/api/BuildingProject/x' };
    assert.strictEqual(fmtHttp({ ...base, status: 404, resource: 'project' }), 'Project not found (404)');
    assert.strictEqual(
      fmtHttp({ ...base, status: 400, problem: { detail: 'The body is invalid.', errors: [{ pointer: '/type', message: 'must be integer' }] } }),
      'The body is invalid (400) — /type: must be integer',
    );
    assert.match(fmtHttp({ ...base, status: 429, retryAfterSeconds: 120 }), /too many requests \(429\); try again in 120 s/);
    assert.match(fmtHttp({ ...base, status: 502, bodyText: 'Bad gateway' }), /^The LCA service failed \(502\): Bad gateway$/);
  });

  it('names the cause of a network failure', () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
    assert.strictEqual(format(networkReason(refused)), 'connection refused');
    const both = Object.assign(new TypeError('fetch failed'), { cause: new AggregateError([Object.assign(new Error('x'), { code: 'ENOTFOUND' })]) });
    assert.strictEqual(format(networkReason(both)), 'host not found');
  });

  it('redacts secrets, leaving very short strings alone', () => {
    assert.strictEqual(redact('Bearer abcdef rejected abcdef', ['abcdef']), 'Bearer [redacted] rejected [redacted]');
    assert.strictEqual(redact('a b c', ['a']), 'a b c');
  });
});

describe('client policy: token responses', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('prefers expires_in over the expires date', () => {
    const t = parseTokenSet({ access_token: 'tok', refresh_token: 'ref', expires_in: 60, expires: 'Wed, 01 Jan 2025 10:00:00 GMT' }, now);
    assert.deepStrictEqual(t, { accessToken: 'tok', refreshToken: 'ref', expiresAt: now + 60_000 });
  });

  it('falls back to the expires date, a JWT exp, then a short default', () => {
    assert.strictEqual(parseTokenSet({ accessToken: 'tok', expires: 'Wed, 01 Jan 2025 00:10:00 GMT' }, now).expiresAt, now + 600_000);
    const payload = Buffer.from(JSON.stringify({ exp: now / 1000 + 300 })).toString('base64url');
    const jwt = `e30.${payload}.sig`;
    assert.deepStrictEqual(parseTokenSet(`"${jwt}"`, now), { accessToken: jwt, expiresAt: now + 300_000 });
    assert.strictEqual(parseTokenSet({ token: 'opaque' }, now).expiresAt, now + UNKNOWN_EXPIRY_MS);
  });

  it('rejects a response without a token', () => {
    assert.throws(() => parseTokenSet({ expires_in: 60 }, now), /no access token/);
    assert.throws(() => parseTokenSet(undefined, now), /expected the body to be an object/);
  });
});
