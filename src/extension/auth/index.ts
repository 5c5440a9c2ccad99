// "LCA: Sign In" / "LCA: Sign Out" and the AuthenticationProvider that shows the LCA session in
// VS Code's Accounts menu.
import * as vscode from 'vscode';
import { AuthSessionStore, type CredentialKind, type SignedInAccount } from './session';
import { errorMessage, showError, showInfo } from '../ui';
import * as l10n from '../l10n';

export const AUTH_PROVIDER_ID = 'lca';

/** Arguments tests and scripts may pass to `lca.signIn` instead of answering the prompts. */
export interface SignInArgs {
  kind: CredentialKind;
  login: string;
  secret: string;
}

function isSignInArgs(value: unknown): value is SignInArgs {
  const v = value as SignInArgs;
  return !!v && (v.kind === 'user' || v.kind === 'account') && typeof v.login === 'string' && typeof v.secret === 'string';
}

async function promptForCredential(): Promise<SignInArgs | undefined> {
  const kind = await vscode.window.showQuickPick(
    [
      { label: l10n.t('E-mail and password'), detail: l10n.t('Sign in as a person'), credentialKind: 'user' as const },
      { label: l10n.t('Client id and secret'), detail: l10n.t('Sign in as an account (server-to-server integration)'), credentialKind: 'account' as const },
    ],
    { title: l10n.t('Sign in to the LCA service'), ignoreFocusOut: true },
  );
  if (!kind) return undefined;
  const login = await vscode.window.showInputBox({
    title: l10n.t('Sign in to the LCA service'),
    prompt: kind.credentialKind === 'user' ? l10n.t('E-mail') : l10n.t('Client id'),
    placeHolder: kind.credentialKind === 'user' ? 'name@example.com' : l10n.t('client id'),
    ignoreFocusOut: true,
    validateInput: (v) =>
      !v.trim()
        ? l10n.t('Required')
        : kind.credentialKind === 'user' && !/^[^@\s]+@[^@\s]+$/.test(v.trim())
          ? l10n.t('Enter an e-mail address')
          : undefined,
  });
  if (!login) return undefined;
  const secret = await vscode.window.showInputBox({
    title: l10n.t('Sign in to the LCA service'),
    prompt: kind.credentialKind === 'user' ? l10n.t('Password for {0}', login) : l10n.t('Secret for {0}', login),
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (!v ? l10n.t('Required') : undefined),
  });
  if (!secret) return undefined;
  return { kind: kind.credentialKind, login, secret };
}

/**
 * Signs out (every environment) and says so in a short message naming who was signed in. The views follow the
 * store's change event: the Projects tree empties to its welcome, dashboards and `lca:` documents of the account
 * close, the Library stops offering service actions, the status bar says "not signed in".
 */
async function signOutAndSay(store: AuthSessionStore): Promise<void> {
  const was = store.current;
  await store.signOut();
  void showInfo(
    was
      ? l10n.t('Signed out of the LCA service ({0} on {1}).', was.login, was.environment)
      : l10n.t('Signed out of the LCA service.'),
  );
}

class LcaAuthenticationProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly sessionsChanged = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.sessionsChanged.event;
  private last: vscode.AuthenticationSession | undefined;

  constructor(private readonly store: AuthSessionStore) {}

  private async toSession(account: SignedInAccount | undefined): Promise<vscode.AuthenticationSession | undefined> {
    if (!account) return undefined;
    return {
      id: `${account.environment}:${account.login}`,
      accessToken: (await this.store.sessionToken()) ?? '',
      account: { id: account.login, label: `${account.login} (${account.environment})` },
      scopes: [],
    };
  }

  async fireChange(): Promise<void> {
    const next = await this.toSession(this.store.current);
    const prev = this.last;
    this.last = next;
    if (prev?.id === next?.id) return;
    this.sessionsChanged.fire({ added: next ? [next] : [], removed: prev ? [prev] : [], changed: [] });
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const session = await this.toSession(this.store.current);
    return session ? [session] : [];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const args = await promptForCredential();
    if (!args) throw new Error(l10n.t('Sign-in was cancelled'));
    const account = await this.store.signIn(args.kind, args.login, args.secret);
    return (await this.toSession(account))!;
  }

  async removeSession(): Promise<void> {
    // Signing out from VS Code's Accounts menu says so too, as LCA: Sign Out does.
    await signOutAndSay(this.store);
  }

  dispose(): void {
    this.sessionsChanged.dispose();
  }
}

/** Registers the commands and the provider; returns what the provider answers VS Code's Accounts menu (for tests). */
export function registerAuth(
  context: vscode.ExtensionContext,
  store: AuthSessionStore,
  log: vscode.LogOutputChannel,
): () => Promise<readonly vscode.AuthenticationSession[]> {
  const provider = new LcaAuthenticationProvider(store);
  context.subscriptions.push(
    store,
    provider,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, l10n.t('LCA Service'), provider, { supportsMultipleAccounts: false }),
    store.onDidChange(() => void provider.fireChange()),
    vscode.commands.registerCommand('lca.signIn', async (args?: unknown) => {
      const credential = isSignInArgs(args) ? args : await promptForCredential();
      if (!credential) return undefined;
      try {
        const account = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: l10n.t('Signing in to the LCA service…') },
          () => store.signIn(credential.kind, credential.login, credential.secret),
        );
        void vscode.window.showInformationMessage(l10n.t('Signed in to {0} as {1}.', account.environment, account.login));
        return account;
      } catch (e) {
        const message = errorMessage(e);
        log.error(`Sign-in failed: ${message}`);
        const retry = l10n.t('Try Again');
        void showError(l10n.t('Sign-in failed: {0}', message), retry, l10n.t('Open Log'))
          .then((choice) => {
            if (choice === retry) void vscode.commands.executeCommand('lca.signIn');
            else if (choice) log.show();
          });
        return undefined;
      }
    }),
    vscode.commands.registerCommand('lca.signOut', () => signOutAndSay(store)),
  );
  return () => provider.getSessions();
}
