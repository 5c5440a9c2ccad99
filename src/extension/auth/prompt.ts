// Asking for a credential: the QuickPick and input boxes of LCA: Sign In and of the Accounts menu's sign-in.
import * as vscode from 'vscode';
import type { CredentialKind } from './secrets';
import * as l10n from '../l10n';

/** Arguments tests and scripts may pass to `lca.signIn` instead of answering the prompts. */
export interface SignInArgs {
  kind: CredentialKind;
  login: string;
  secret: string;
}

export function isSignInArgs(value: unknown): value is SignInArgs {
  const v = value as SignInArgs;
  return !!v && (v.kind === 'user' || v.kind === 'account') && typeof v.login === 'string' && typeof v.secret === 'string';
}

export async function promptForCredential(): Promise<SignInArgs | undefined> {
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
