// The LCA authentication provider: who is signed in to the active environment, signing in and out, and the access
// token for requests. It is what VS Code's Accounts menu asks (getSessions/createSession/removeSession) and what the
// rest of the extension asks (current, getToken, onDidChangeAccount).
//
// A sign-in is one SecretStorage entry per environment (./secrets.ts): the credential and the latest token. The
// interface has no refresh endpoint, so a token is renewed before it expires by re-authenticating with the stored
// credential, and once after a 401. SecretStorage is shared by every VS Code window: a sign-in or sign-out in one
// window reaches the others through `secrets.onDidChange`, and each follows it.
import * as vscode from 'vscode';
import { authenticateCredential, isLcaServiceError, TokenRenewal, type TokenSet } from '../../client';
import { Disposable } from '../disposable';
import type { EnvironmentService } from '../environments';
import { requestLogger } from '../log';
import * as l10n from '../l10n';
import { promptForCredential } from './prompt';
import {
  environmentOfKey,
  LEGACY_INDEX_KEY,
  legacyCredentialKey,
  legacyTokenKey,
  migrateLegacyLayout,
  parseSession,
  sameCredential,
  serializeSession,
  sessionKey,
  type CredentialKind,
  type StoredCredential,
  type StoredSession,
} from './secrets';

export type { CredentialKind } from './secrets';

export const AUTH_PROVIDER_ID = 'lca';

export interface SignedInAccount {
  environment: string;
  kind: CredentialKind;
  login: string;
}

export interface AuthDeps {
  /** The extension's SecretStorage, where each environment's sign-in is kept (./secrets.ts). */
  secrets: vscode.SecretStorage;
  environments: EnvironmentService;
  log: vscode.LogOutputChannel;
}

export class LcaAuthenticationProvider extends Disposable implements vscode.AuthenticationProvider {
  private readonly sessionsChanged = this.register(new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>());
  /** For VS Code: the session listed in the Accounts menu was added or removed. */
  readonly onDidChangeSessions = this.sessionsChanged.event;
  private readonly accountChanged = this.register(new vscode.EventEmitter<void>());
  /** For the extension: the sign-in of the active environment changed (or was confirmed by a new sign-in). */
  readonly onDidChangeAccount = this.accountChanged.event;
  private readonly credentialRejected = this.register(new vscode.EventEmitter<string>());
  /** The service refused the stored credential of this environment while renewing a token; it has been forgotten. */
  readonly onDidRejectCredential = this.credentialRejected.event;

  private account: SignedInAccount | undefined;
  private session: vscode.AuthenticationSession | undefined;
  /** When the token is renewed (src/client/session.ts, as the MCP server renews its own): from this window's entry. */
  private readonly tokens = new TokenRenewal({
    stored: async () => (await this.readEntry(this.environments.current().name))?.token,
    renew: () => this.renew(),
  });
  /** The latest read of the sign-in; reads run one after another so that an older one never overwrites a newer one. */
  private known: Promise<unknown> = Promise.resolve();

  private readonly secrets: vscode.SecretStorage;
  private readonly environments: EnvironmentService;
  private readonly log: vscode.LogOutputChannel;

  constructor(deps: AuthDeps) {
    super();
    ({ secrets: this.secrets, environments: this.environments, log: this.log } = deps);
    this.register(
      this.secrets.onDidChange((e) => {
        // Another window signed in or out (or this one did): follow the entry of the active environment.
        if (environmentOfKey(e.key) === this.environments.current().name) void this.refresh();
      }),
    );
  }

  get current(): SignedInAccount | undefined {
    return this.account;
  }

  /** Resolves once the account of the latest read is known (activation does not wait for the first one). */
  whenKnown(): Promise<unknown> {
    return this.known;
  }

  /**
   * Reads the signed-in account of the active environment again (after start, a switch, or a change of the secret);
   * listeners hear of it when it changed, or always with `announce` (a sign-in or out, even as the same account).
   */
  refresh(announce = false): Promise<SignedInAccount | undefined> {
    const run = this.known.then(() => this.readAccount(announce));
    this.known = run.catch(() => undefined);
    return run;
  }

  private async readEntry(env: string): Promise<StoredSession | undefined> {
    const raw = await this.secrets.get(sessionKey(env));
    if (raw === undefined) return undefined;
    const session = parseSession(raw);
    if (!session) this.log.warn(`Ignoring an unreadable stored sign-in for environment ${env}`);
    return session;
  }

  private async readAccount(announce: boolean): Promise<SignedInAccount | undefined> {
    const env = this.environments.current().name;
    // The legacy layout's index is read alongside the entry, so that finding none costs no extra round trip.
    const [read, legacyIndex] = await Promise.all([this.readEntry(env), this.secrets.get(LEGACY_INDEX_KEY)]);
    let entry = read;
    if (legacyIndex !== undefined) {
      const migrated = await migrateLegacyLayout(this.secrets, this.environments.names(), legacyIndex);
      this.log.info(`Moved the stored sign-in of ${migrated.length} environment(s) to one secret entry per environment`);
      entry = await this.readEntry(env);
    }
    const next = entry ? { environment: env, kind: entry.credential.kind, login: entry.credential.login } : undefined;
    const changed = JSON.stringify(next) !== JSON.stringify(this.account);
    this.account = next;
    if (changed) await vscode.commands.executeCommand('setContext', 'lca.signedIn', !!next);
    if (changed || announce) this.fireAccountChange(entry);
    return next;
  }

  private fireAccountChange(entry: StoredSession | undefined): void {
    this.accountChanged.fire();
    const next = this.toSession(this.account, entry);
    const prev = this.session;
    this.session = next;
    if (prev?.id !== next?.id) this.sessionsChanged.fire({ added: next ? [next] : [], removed: prev ? [prev] : [], changed: [] });
  }

  private toSession(account: SignedInAccount | undefined, entry: StoredSession | undefined): vscode.AuthenticationSession | undefined {
    if (!account) return undefined;
    return {
      id: `${account.environment}:${account.login}`,
      accessToken: entry?.token?.accessToken ?? '',
      account: { id: account.login, label: `${account.login} (${account.environment})` },
      scopes: [],
    };
  }

  private async authenticate(credential: StoredCredential): Promise<TokenSet> {
    const urls = await this.environments.resolveUrls();
    return authenticateCredential(urls.authUrl, credential, { log: requestLogger(this.log) });
  }

  private async storeEntry(env: string, credential: StoredCredential, token: TokenSet): Promise<void> {
    await this.secrets.store(sessionKey(env), serializeSession({ credential, token: { accessToken: token.accessToken, expiresAt: token.expiresAt } }));
  }

  /** Signs in to the active environment; throws LcaServiceError with a user message on failure. */
  async signIn(kind: CredentialKind, login: string, secret: string): Promise<SignedInAccount> {
    const env = this.environments.current().name;
    const credential: StoredCredential = { kind, login: login.trim(), secret };
    const token = await this.authenticate(credential);
    await this.storeEntry(env, credential, token);
    this.log.info(`Signed in to ${env} as ${credential.login} (${kind === 'user' ? 'user' : 'account'})`);
    const account = await this.refresh(true);
    return account!;
  }

  /** Forgets the sign-in of every configured environment, not only the active one (and any left in the legacy layout). */
  async signOut(): Promise<void> {
    const names = this.environments.names();
    await migrateLegacyLayout(this.secrets, names);
    for (const env of names) await this.secrets.delete(sessionKey(env));
    this.log.info(`Signed out of every LCA environment (${names.length} environments)`);
    await this.refresh(true);
  }

  /** The current access token, renewed first when it expires within the margin. */
  getToken(): Promise<string | undefined> {
    return this.tokens.getToken();
  }

  /** Re-authenticates with the stored credential; undefined when that is impossible. */
  renewToken(): Promise<string | undefined> {
    return this.tokens.renewToken();
  }

  private async renew(): Promise<string | undefined> {
    const env = this.environments.current().name;
    const credential = (await this.readEntry(env))?.credential;
    if (!credential) return undefined;
    // Another window may sign out or in while the request is out: the entry is only written (or forgotten) when it
    // still holds the credential used.
    const stillSame = async (): Promise<boolean> => {
      const now = (await this.readEntry(env))?.credential;
      return !!now && sameCredential(now, credential);
    };
    try {
      const token = await this.authenticate(credential);
      if (!(await stillSame())) return undefined;
      await this.storeEntry(env, credential, token);
      this.log.debug(`Renewed the access token for ${credential.login} on ${env}`);
      return token.accessToken;
    } catch (e) {
      this.log.warn(`Token renewal failed: ${e instanceof Error ? e.message : String(e)}`);
      if (isLcaServiceError(e) && (e.status === 401 || e.status === 400)) {
        // The stored credential no longer works: forget it; the command layer asks the user to sign in again.
        if (await stillSame()) await this.secrets.delete(sessionKey(env));
        await this.refresh();
        this.credentialRejected.fire(env);
        return undefined;
      }
      throw e;
    }
  }

  /** Names (never values) of the SecretStorage keys holding an LCA sign-in: one per signed-in environment, plus any legacy key left. */
  async storedSecretKeys(): Promise<string[]> {
    const keys = [LEGACY_INDEX_KEY];
    for (const env of this.environments.names()) keys.push(sessionKey(env), legacyCredentialKey(env), legacyTokenKey(env));
    const present: string[] = [];
    for (const key of keys) if ((await this.secrets.get(key)) !== undefined) present.push(key);
    return present;
  }

  // vscode.AuthenticationProvider: the Accounts menu.

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const account = this.account;
    const session = this.toSession(account, account ? await this.readEntry(account.environment) : undefined);
    return session ? [session] : [];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const args = await promptForCredential();
    if (!args) throw new Error(l10n.t('Sign-in was cancelled'));
    const account = await this.signIn(args.kind, args.login, args.secret);
    return this.toSession(account, await this.readEntry(account.environment))!;
  }

  async removeSession(): Promise<void> {
    // Signing out from VS Code's Accounts menu is LCA: Sign Out, message included.
    await vscode.commands.executeCommand('lca.signOut');
  }
}
