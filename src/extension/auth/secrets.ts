// How a sign-in is kept in VS Code's SecretStorage: one entry per environment, `lca.session/<environment>`, holding
// the credential and the latest access token together. No `vscode` import: plain-Node tests read the same layout.
//
// Before this layout the extension kept two entries per environment (`lca.credential/<env>`, `lca.token/<env>`) and
// an index of the keys it had written (`lca.secretKeys`); `migrateLegacyLayout` moves those into the one entry.

import type { Credential, CredentialKind } from '../../client/session';

export type { CredentialKind };
/** The credential kept: the one the client signs in with (src/client/session.ts). */
export type StoredCredential = Credential;
export interface StoredToken {
  accessToken: string;
  expiresAt: number;
}
/** What one environment's entry holds. */
export interface StoredSession {
  credential: StoredCredential;
  token?: StoredToken;
}

/** The part of VS Code's SecretStorage this layout uses. */
export interface SecretStore {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

const SESSION_PREFIX = 'lca.session/';

/** The SecretStorage key of an environment's sign-in. */
export function sessionKey(environment: string): string {
  return SESSION_PREFIX + environment;
}

/** The environment a SecretStorage key belongs to; undefined for a key that is not a sign-in entry. */
export function environmentOfKey(key: string): string | undefined {
  return key.startsWith(SESSION_PREFIX) ? key.slice(SESSION_PREFIX.length) : undefined;
}

function isCredential(value: unknown): value is StoredCredential {
  const c = value as StoredCredential;
  return !!c && (c.kind === 'user' || c.kind === 'account') && typeof c.login === 'string' && !!c.login && typeof c.secret === 'string' && !!c.secret;
}

function isToken(value: unknown): value is StoredToken {
  const t = value as StoredToken;
  return !!t && typeof t.accessToken === 'string' && !!t.accessToken && typeof t.expiresAt === 'number';
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** An entry as read; undefined when it is damaged (treated as signed out). A damaged token alone is dropped. */
export function parseSession(raw: string): StoredSession | undefined {
  const parsed = parseJson(raw) as Partial<StoredSession> | undefined;
  if (!parsed || !isCredential(parsed.credential)) return undefined;
  const { kind, login, secret } = parsed.credential;
  return { credential: { kind, login, secret }, ...(isToken(parsed.token) ? { token: { accessToken: parsed.token.accessToken, expiresAt: parsed.token.expiresAt } } : {}) };
}

export function serializeSession(session: StoredSession): string {
  return JSON.stringify(session);
}

/** Whether two credentials are the same sign-in (same kind, login and secret). */
export function sameCredential(a: StoredCredential, b: StoredCredential): boolean {
  return a.kind === b.kind && a.login === b.login && a.secret === b.secret;
}

// The layout before one entry per environment.
export const LEGACY_INDEX_KEY = 'lca.secretKeys';
const LEGACY_CREDENTIAL_PREFIX = 'lca.credential/';
const LEGACY_TOKEN_PREFIX = 'lca.token/';
export const legacyCredentialKey = (environment: string): string => LEGACY_CREDENTIAL_PREFIX + environment;
export const legacyTokenKey = (environment: string): string => LEGACY_TOKEN_PREFIX + environment;

/** The environments the legacy index names (by their credential or token key). */
function legacyEnvironments(indexRaw: string): string[] {
  const parsed = parseJson(indexRaw);
  const keys = Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  const envs = new Set<string>();
  for (const key of keys) {
    if (key.startsWith(LEGACY_CREDENTIAL_PREFIX)) envs.add(key.slice(LEGACY_CREDENTIAL_PREFIX.length));
    else if (key.startsWith(LEGACY_TOKEN_PREFIX)) envs.add(key.slice(LEGACY_TOKEN_PREFIX.length));
  }
  return [...envs];
}

/**
 * Moves sign-ins stored in the legacy layout into one entry per environment, then deletes the legacy keys: every
 * environment the legacy index names and every one of `environments` (the configured ones). An environment that
 * already has an entry keeps it (a newer sign-in wins over a legacy one). Returns the environments migrated.
 * Nothing is read beyond the index when there is none (the legacy layout always wrote it first).
 */
export async function migrateLegacyLayout(secrets: SecretStore, environments: readonly string[], indexRaw?: string): Promise<string[]> {
  const index = indexRaw ?? (await secrets.get(LEGACY_INDEX_KEY));
  if (index === undefined) return [];
  const migrated: string[] = [];
  for (const env of new Set([...legacyEnvironments(index), ...environments])) {
    const [credentialRaw, tokenRaw] = await Promise.all([secrets.get(legacyCredentialKey(env)), secrets.get(legacyTokenKey(env))]);
    const credential = credentialRaw === undefined ? undefined : parseJson(credentialRaw);
    if (isCredential(credential) && (await secrets.get(sessionKey(env))) === undefined) {
      const token = tokenRaw === undefined ? undefined : parseJson(tokenRaw);
      const { kind, login, secret } = credential;
      await secrets.store(
        sessionKey(env),
        serializeSession({ credential: { kind, login, secret }, ...(isToken(token) ? { token: { accessToken: token.accessToken, expiresAt: token.expiresAt } } : {}) }),
      );
      migrated.push(env);
    }
    if (credentialRaw !== undefined) await secrets.delete(legacyCredentialKey(env));
    if (tokenRaw !== undefined) await secrets.delete(legacyTokenKey(env));
  }
  await secrets.delete(LEGACY_INDEX_KEY);
  return migrated;
}
