// The sign-in commands: "LCA: Sign In" / "LCA: Sign Out", the LCA authentication provider registered with VS Code
// (its session in the Accounts menu), and the prompt to sign in again when the service refuses a stored credential.
import * as vscode from 'vscode';
import { AUTH_PROVIDER_ID, LcaAuthenticationProvider } from './provider';
import { isSignInArgs, promptForCredential } from './prompt';
import { showInfo, showWarning } from '../ui';
import { registerCommand, SIGN_IN_COMMAND } from '../commands';
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

export interface AuthDeps {
  auth: LcaAuthenticationProvider;
}

/** Registers the provider with VS Code (its session in the Accounts menu) and the commands. */
export function registerAuth(context: vscode.ExtensionContext, { auth }: AuthDeps): void {
  context.subscriptions.push(
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, l10n.t('LCA Service'), auth, { supportsMultipleAccounts: false }),
    auth.onDidRejectCredential((env) => {
      void showWarning(l10n.t('Your LCA sign-in for {0} is no longer valid. Sign in again.', env), l10n.t('Sign In')).then(
        (choice) => choice && vscode.commands.executeCommand(SIGN_IN_COMMAND),
      );
    }),
    // A failed sign-in ends in "Sign-in failed: why" with Retry (asking again) and Open Log: registerCommand's policy.
    registerCommand(
      SIGN_IN_COMMAND,
      async (args?: unknown) => {
        const credential = isSignInArgs(args) ? args : await promptForCredential();
        if (!credential) return undefined;
        const account = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: l10n.t('Signing in to the LCA service…') },
          () => auth.signIn(credential.kind, credential.login, credential.secret),
        );
        void vscode.window.showInformationMessage(l10n.t('Signed in to {0} as {1}.', account.environment, account.login));
        return account;
      },
      () => l10n.t('Sign-in failed'),
    ),
    registerCommand('lca.signOut', () => signOutAndSay(auth), () => l10n.t('Could not sign out')),
  );
}
