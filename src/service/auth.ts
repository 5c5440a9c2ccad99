// Identities and tokens: scrypt password/secret hashes compared in constant time, opaque random tokens of
// which only the SHA-256 is kept, and the token response of both sign-in calls.
import * as crypto from 'crypto';
import type { Principal, TokenRec } from './model';
import type { Store } from './store';

const SCRYPT = { N: 16384, r: 8, p: 1, keyLen: 32 };
/** A refresh token outlives its access token by this much (redeemable only at the extra /x-local/refresh path). */
const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;

export function hashSecret(secret: string, salt = crypto.randomBytes(16)): string {
  const hash = crypto.scryptSync(secret, salt, SCRYPT.keyLen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Verifies without blocking the event loop; a malformed stored hash never matches. */
export function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return Promise.resolve(false);
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  return new Promise((resolve) => {
    crypto.scrypt(secret, salt, expected.length, { N, r, p }, (err, got) => {
      resolve(!err && got.length === expected.length && crypto.timingSafeEqual(got, expected));
    });
  });
}

/** A dummy hash to compare against when the user is unknown, so a missing user takes as long as a wrong password. */
let dummyHash: string | undefined;
export function dummySecretHash(): string {
  return (dummyHash ??= hashSecret('not-a-real-secret'));
}

export const sha256 = (s: string): string => crypto.createHash('sha256').update(s).digest('hex');

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires: string;
  token_type: 'Bearer';
}

/** Issues a token pair for a principal; `expires_in` and `expires` describe the same instant. */
export function issueToken(store: Store, principal: Principal, ttlSeconds: number, now = Date.now()): TokenResponse {
  // Prefixed like GitHub's ghp_ tokens, so that a leaked token can be found by a scanner (and by our tests).
  const access = `lcat_${crypto.randomBytes(32).toString('base64url')}`;
  store.tokensIssued++;
  const refresh = `lcar_${crypto.randomBytes(32).toString('base64url')}`;
  // Whole seconds, so that the HTTP date (second precision) and expires_in agree exactly.
  const expiresAt = (Math.floor(now / 1000) + ttlSeconds) * 1000;
  const rec: TokenRec = {
    accessHash: sha256(access),
    refreshHash: sha256(refresh),
    principalId: principal.id,
    kind: principal.kind,
    tenantId: principal.tenantId,
    expiresAt,
    refreshExpiresAt: expiresAt + REFRESH_TTL_MS,
  };
  store.addToken(rec);
  return {
    access_token: access,
    refresh_token: refresh,
    expires_in: ttlSeconds,
    expires: new Date(expiresAt).toUTCString(),
    token_type: 'Bearer',
  };
}

/** The principal of a bearer token, or undefined when it is missing, unknown (forged) or expired. */
export function principalOf(store: Store, authorization: string | undefined, now = Date.now()): Principal | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m) return undefined;
  const rec = store.tokens.get(sha256(m[1]));
  if (!rec || rec.expiresAt <= now) return undefined;
  return { id: rec.principalId, kind: rec.kind, tenantId: rec.tenantId };
}
