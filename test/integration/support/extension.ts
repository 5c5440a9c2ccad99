// The extension under test, activated: its testing hooks (LcaExtensionApi.testing), and signing in as one of the local
// service's seeded identities.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { SignInArgs } from '../../../src/extension/auth/prompt';
import type { LcaExtensionApi } from '../../../src/extension/extension';
import { CREDENTIALS } from '../../../src/service/seed/ids';

export const EXTENSION_ID = 'lca-workbench.lca-workbench';

export async function api(): Promise<LcaExtensionApi> {
  const ext = vscode.extensions.getExtension<LcaExtensionApi>(EXTENSION_ID);
  assert.ok(ext, 'extension is installed');
  const api = await ext.activate();
  // Activation does not wait for the stored sign-in to be read; what the tests check does.
  await api.testing.ready();
  return api;
}

/** The seeded identities (src/service/seed/ids.ts) by login. */
const SEEDED = {
  'demo@example.com': { kind: 'user', secret: CREDENTIALS.demoUser.password },
  'other@example.com': { kind: 'user', secret: CREDENTIALS.otherUser.password },
  'lars@example.com': { kind: 'user', secret: CREDENTIALS.larsUser.password },
  'demo-client': { kind: 'account', secret: CREDENTIALS.demoAccount.secret },
} as const;

export type SeededLogin = keyof typeof SEEDED;

/** What `lca.signIn` takes, instead of its prompts, to sign in as a seeded identity. */
export function credentialOf(login: SeededLogin): SignInArgs {
  return { login, ...SEEDED[login] };
}

/**
 * Activates the extension and signs in as a seeded identity with `lca.signIn` (in the active environment); fails
 * unless that identity is then signed in. Resolves with the account the command answers.
 */
export async function signInAs(login: SeededLogin): Promise<{ login: string; environment: string }> {
  await api();
  const account = await vscode.commands.executeCommand<{ login: string; environment: string } | undefined>('lca.signIn', credentialOf(login));
  assert.strictEqual(account?.login, login, `signed in as ${login}`);
  return account;
}
