// The sign-in commands: "LCA: Sign In" / "LCA: Sign Out", the LCA authentication provider registered with VS Code
// (its session in the Accounts menu), and the prompt to sign in again when the service refuses a stored credential.
import * as vscode from 'vscode';
import { AUTH_PROVIDER_ID, LcaAuthenticationProvider } from './provider';
import { isSignInArgs, promptForCredential } from './prompt';
import { errorMessage, showError, showInfo, showWarning } from '../ui';
import * as l10n from '../l10n';

export { AUTH_PROVIDER_ID, LcaAuthenticationProvider, type SignedInAccount, type CredentialKind } from './provider';
export type { SignInArgs } from './prompt';

/**
 * Signs out (every environment) and says so in a short message naming who was signed in. The views follow the
 * provider's change event: the Projects tree empties to its welcome, dashboards and `lca:` documents of the account
 * close, the Library stops offering service actions, the status bar says "not signed in".
 */
async function signOutAndSay(auth: LcaAuthenticationProvider): Promise<void> {
  const was = auth.current;
  await auth.signOut();
  void showInfo(
    was
      ? l10n.t('Signed out of the LCA service ({0} on {1}).', was.login, was.environment)
      : l10n.t('Signed out of the LCA service.'),
  );
}

/** Registers the provider and the commands; returns what the provider answers VS Code's Accounts menu (for tests). */
export function registerAuth(
  context: vscode.ExtensionContext,
  auth: LcaAuthenticationProvider,
  log: vscode.LogOutputChannel,
): () => Promise<readonly vscode.AuthenticationSession[]> {
  context.subscriptions.push(
    auth,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, l10n.t('LCA Service'), auth, { supportsMultipleAccounts: false }),
    auth.onDidRejectCredential((env) => {
      void showWarning(l10n.t('Your LCA sign-in for {0} is no longer valid. Sign in again.', env), l10n.t('Sign In')).then(
        (choice) => choice && vscode.commands.executeCommand('lca.signIn'),
      );
    }),
    vscode.commands.registerCommand('lca.signIn', async (args?: unknown) => {
      const credential = isSignInArgs(args) ? args : await promptForCredential();
      if (!credential) return undefined;
      try {
        const account = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: l10n.t('Signing in to the LCA service…') },
          () => auth.signIn(credential.kind, credential.login, credential.secret),
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
    vscode.commands.registerCommand('lca.signOut', () => signOutAndSay(auth)),
  );
  return () => auth.getSessions();
}
