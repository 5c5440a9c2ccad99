// Sign-in state per environment: credentials and tokens only in SecretStorage, tokens renewed
// before they expire by re-authenticating with the stored credential (the interface has no
// refresh endpoint), and one renewal after a 401.
import * as vscode from 'vscode';
import { authenticateAccount, authenticateUser, LcaServiceError, type TokenSet } from '../../client';
import type { EnvironmentService } from '../environments';
import { requestLogger } from '../log';
import * as l10n from '../l10n';

export type CredentialKind = 'user' | 'account';

interface StoredCredential {
  kind: CredentialKind;
  login: string;
  secret: string;
}
interface StoredToken {
  accessToken: string;
  expiresAt: number;
}

/** Renew this long before `expires` so a request never goes out with a token about to lapse. */
const RENEW_MARGIN_MS = 60_000;

export interface SignedInAccount {
  environment: string;
  kind: CredentialKind;
  login: string;
}

export class AuthSessionStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private account: SignedInAccount | undefined;
  private renewing: Promise<string | undefined> | undefined;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly environments: EnvironmentService,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  private credentialKey(env: string): string {
    return `lca.credential/${env}`;
  }
  private tokenKey(env: string): string {
    return `lca.token/${env}`;
  }
  /** SecretStorage cannot list its keys: this entry records every key the extension has stored a secret under. */
  private static readonly INDEX_KEY = 'lca.secretKeys';

  private async readIndex(): Promise<string[]> {
    const raw = await this.secrets.get(AuthSessionStore.INDEX_KEY);
    if (!raw) return [];
    try {
      const parsed = JSON.parse(raw) as unknown;
      return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
    } catch {
      return [];
    }
  }

  private async storeSecret(key: string, value: string): Promise<void> {
    const index = await this.readIndex();
    if (!index.includes(key)) await this.secrets.store(AuthSessionStore.INDEX_KEY, JSON.stringify([...index, key]));
    await this.secrets.store(key, value);
  }

  /** Every key the extension may hold a secret under: the recorded ones and those of every configured environment. */
  private async knownKeys(): Promise<string[]> {
    const keys = new Set(await this.readIndex());
    for (const env of this.environments.names()) {
      keys.add(this.credentialKey(env));
      keys.add(this.tokenKey(env));
    }
    return [...keys];
  }

  /** The keys that currently hold an LCA secret (credentials, tokens, the key index) — names only, never values. */
  async storedSecretKeys(): Promise<string[]> {
    const keys = [...(await this.knownKeys()), AuthSessionStore.INDEX_KEY];
    const present: string[] = [];
    for (const key of keys) if ((await this.secrets.get(key)) !== undefined) present.push(key);
    return present;
  }

  /** Resolves once the account of the latest refresh is known (activation does not wait for the first one). */
  whenKnown(): Promise<unknown> {
    return this.known;
  }
  private known: Promise<unknown> = Promise.resolve();

  /** Reloads the signed-in account for the active environment (after start or a switch). */
  refresh(): Promise<SignedInAccount | undefined> {
    const run = this.readAccount();
    this.known = run.catch(() => undefined);
    return run;
  }

  private async readAccount(): Promise<SignedInAccount | undefined> {
    const env = this.environments.current().name;
    const credential = await this.readCredential(env);
    const next = credential ? { environment: env, kind: credential.kind, login: credential.login } : undefined;
    const changed = JSON.stringify(next) !== JSON.stringify(this.account);
    this.account = next;
    await vscode.commands.executeCommand('setContext', 'lca.signedIn', !!next);
    if (changed) this.changed.fire();
    return next;
  }

  get current(): SignedInAccount | undefined {
    return this.account;
  }

  private async readCredential(env: string): Promise<StoredCredential | undefined> {
    const raw = await this.secrets.get(this.credentialKey(env));
    if (!raw) return undefined;
    try {
      const parsed = JSON.parse(raw) as StoredCredential;
      if ((parsed.kind === 'user' || parsed.kind === 'account') && parsed.login && parsed.secret) return parsed;
    } catch {
      // fall through: a damaged entry is treated as signed out
    }
    this.log.warn(`Ignoring an unreadable stored credential for environment ${env}`);
    return undefined;
  }

  private async authenticate(credential: StoredCredential): Promise<TokenSet> {
    const urls = await this.environments.resolveUrls();
    const options = { log: requestLogger(this.log) };
    return credential.kind === 'user'
      ? authenticateUser(urls.authUrl, credential.login, credential.secret, undefined, options)
      : authenticateAccount(urls.authUrl, credential.login, credential.secret, undefined, options);
  }

  /** Signs in to the active environment; throws LcaServiceError with a user message on failure. */
  async signIn(kind: CredentialKind, login: string, secret: string): Promise<SignedInAccount> {
    const env = this.environments.current().name;
    const credential: StoredCredential = { kind, login: login.trim(), secret };
    const token = await this.authenticate(credential);
    await this.storeSecret(this.credentialKey(env), JSON.stringify(credential));
    await this.storeToken(env, token);
    this.log.info(`Signed in to ${env} as ${credential.login} (${kind === 'user' ? 'user' : 'account'})`);
    const account = await this.refresh();
    this.changed.fire();
    return account!;
  }

  /** Forgets the credentials and tokens of every environment, not only the active one. */
  async signOut(): Promise<void> {
    const keys = await this.knownKeys();
    for (const key of keys) await this.secrets.delete(key);
    await this.secrets.delete(AuthSessionStore.INDEX_KEY);
    this.log.info(`Signed out of every LCA environment (${keys.length} secret entries cleared)`);
    await this.refresh();
    this.changed.fire();
  }

  private async storeToken(env: string, token: TokenSet): Promise<void> {
    const stored: StoredToken = { accessToken: token.accessToken, expiresAt: token.expiresAt };
    await this.storeSecret(this.tokenKey(env), JSON.stringify(stored));
  }

  /** The current access token, renewed first when it expires within the margin. */
  async getToken(): Promise<string | undefined> {
    const env = this.environments.current().name;
    const raw = await this.secrets.get(this.tokenKey(env));
    if (raw) {
      try {
        const token = JSON.parse(raw) as StoredToken;
        if (token.accessToken && token.expiresAt - Date.now() > RENEW_MARGIN_MS) return token.accessToken;
      } catch {
        // renew below
      }
    }
    return this.renewToken();
  }

  /** Re-authenticates with the stored credential; undefined when that is impossible. */
  renewToken(): Promise<string | undefined> {
    this.renewing ??= this.doRenew().finally(() => (this.renewing = undefined));
    return this.renewing;
  }

  private async doRenew(): Promise<string | undefined> {
    const env = this.environments.current().name;
    const credential = await this.readCredential(env);
    if (!credential) return undefined;
    try {
      const token = await this.authenticate(credential);
      await this.storeToken(env, token);
      this.log.debug(`Renewed the access token for ${credential.login} on ${env}`);
      return token.accessToken;
    } catch (e) {
      const err = e as LcaServiceError;
      this.log.warn(`Token renewal failed: ${err.message}`);
      if (err.status === 401 || err.status === 400) {
        // The stored credential no longer works: forget it and ask the user to sign in again.
        await this.secrets.delete(this.credentialKey(env));
        await this.secrets.delete(this.tokenKey(env));
        await this.refresh();
        void vscode.window
          .showWarningMessage(l10n.t('Your LCA sign-in for {0} is no longer valid. Sign in again.', env), l10n.t('Sign In'))
          .then((choice) => choice && vscode.commands.executeCommand('lca.signIn'));
        return undefined;
      }
      throw e;
    }
  }

  async sessionToken(): Promise<string | undefined> {
    const env = this.environments.current().name;
    const raw = await this.secrets.get(this.tokenKey(env));
    if (!raw) return undefined;
    try {
      return (JSON.parse(raw) as StoredToken).accessToken;
    } catch {
      return undefined;
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}
