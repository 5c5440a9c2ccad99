// Sign-in calls of the identity host: user (e-mail + password) and account (client id + secret).
// The password or secret never appears in an error or a log entry.
import { validateAgainst, type SchemaKind } from '../core/schemas';
import { LcaServiceError, invalidResponseMessage, listProblems, redactMsg } from './errors';
import { msg, type Msg } from '../core/l10n';
import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, send, type HttpSettings } from './http';
import { ShapeError, parseTokenSet } from './parse';
import type { RequestLogEntry, TokenSet } from './types';

export interface AuthOptions {
  timeoutMs?: number;
  log?: (entry: RequestLogEntry) => void;
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** Refuses an incomplete sign-in before sending it; the secret is redacted from the problems. */
function checkBody(kind: SchemaKind, json: Record<string, string>, secret: string): void {
  const problems = validateAgainst(kind, json).map((p) => ({ ...p, message: redactMsg(p.message, [secret]) }));
  if (problems.length) {
    throw new LcaServiceError({
      code: 'invalid-request',
      reason: msg('The sign-in details are not valid and were not sent: {0}', listProblems(problems)),
      requestProblems: problems,
    });
  }
}

async function authenticate(
  kind: SchemaKind,
  authUrl: string,
  path: string,
  json: Record<string, string>,
  secret: string,
  rejected: Msg,
  signal: AbortSignal | undefined,
  options: AuthOptions,
): Promise<TokenSet> {
  checkBody(kind, json, secret);
  const settings: HttpSettings = {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // Issuing a token creates nothing the user could see twice, so sign-in is retried like a read.
    retry: DEFAULT_RETRY,
    ...(options.log ? { log: options.log } : {}),
  };
  const endpoint = `POST ${path}`;
  const req = { method: 'POST' as const, url: joinUrl(authUrl, path), kind: 'read' as const, endpoint, json, signal, secrets: [secret] };
  let result;
  try {
    result = await send(req, settings);
  } catch (e) {
    if (e instanceof LcaServiceError && (e.status === 401 || e.status === 403)) {
      // 401 here means wrong credentials, not an expired session.
      throw new LcaServiceError({
        code: 'http',
        status: e.status,
        reason: msg('{0} ({1})', rejected, e.status),
        ...(e.problem ? { problem: e.problem } : {}),
        ...(e.url ? { url: e.url } : {}),
        method: 'POST',
      });
    }
    throw e;
  }
  try {
    const token = parseTokenSet(result.body, Date.now());
    if (token.accessToken === secret) throw new ShapeError(msg('the sign-in response echoes the secret'));
    return token;
  } catch (e) {
    if (!(e instanceof ShapeError)) throw e;
    throw new LcaServiceError({
      code: 'invalid-response',
      status: result.status,
      reason: invalidResponseMessage(endpoint, e.reason),
      url: req.url,
      method: 'POST',
    });
  }
}

/** POST {auth_url}/v1/user with e-mail and password. */
export function authenticateUser(
  authUrl: string,
  email: string,
  password: string,
  signal?: AbortSignal,
  options: AuthOptions = {},
): Promise<TokenSet> {
  return authenticate('userAuth', authUrl, '/v1/user', { email, password }, password, msg('The e-mail address or password was not accepted'), signal, options);
}

/** POST {auth_url}/v2/api-token with client id and secret. */
export function authenticateAccount(
  authUrl: string,
  clientId: string,
  secret: string,
  signal?: AbortSignal,
  options: AuthOptions = {},
): Promise<TokenSet> {
  return authenticate('accountAuth', authUrl, '/v2/api-token', { clientId, secret }, secret, msg('The client id or secret was not accepted'), signal, options);
}
