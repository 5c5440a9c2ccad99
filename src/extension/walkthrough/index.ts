// The Get Started walkthrough (package.json contributes.walkthroughs): one command that opens it, its id for links
// into it from welcome views, the messages a newcomer meets first, which point into it instead of explaining, and the
// sign-in step marked done for a person already signed in.
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import * as l10n from '../l10n';
import { showInfo } from '../ui';

/** `<publisher>.<name>#<walkthrough id>`, as workbench.action.openWalkthrough takes it. */
export const WALKTHROUGH_ID = 'lca-workbench.lca-workbench#lca.getStarted';

export type WalkthroughStep = 'signIn' | 'dashboard' | 'construction' | 'import' | 'alternatives' | 'agents';

/** Opens the walkthrough, at one of its steps when given. */
export function openWalkthrough(step?: WalkthroughStep): Thenable<unknown> {
  const target = step ? { category: WALKTHROUGH_ID, step: `lca.getStarted.${step}` } : WALKTHROUGH_ID;
  return vscode.commands.executeCommand('workbench.action.openWalkthrough', target, false);
}

/** An information message with a Get Started action that opens the walkthrough at the step that shows how. */
export async function showInfoWithWalkthrough(message: string, step: WalkthroughStep): Promise<void> {
  const getStarted = l10n.t('Get Started');
  if ((await showInfo(message, getStarted)) === getStarted) await openWalkthrough(step);
}

/** The sign-in step as VS Code names it (`<walkthrough id>#<step id>`). */
const SIGN_IN_STEP = `${WALKTHROUGH_ID}#lca.getStarted.signIn`;

/**
 * The sign-in step completes on `onContext:lca.signedIn`, but VS Code counts only a change of the key after it has
 * registered the walkthrough, a moment after the extension starts: a person signed in before (a stored sign-in, set as
 * the extension starts) would find the step not done. So whenever the sign-in is found, the step is marked done
 * (`welcome.markStepComplete`, VS Code's own command; it keeps the mark even while the walkthrough is not registered yet).
 */
async function markSignInDone(log: vscode.LogOutputChannel): Promise<void> {
  try {
    await vscode.commands.executeCommand('welcome.markStepComplete', SIGN_IN_STEP);
  } catch (e) {
    // "Tried to progress unknown step" before VS Code has registered the walkthrough: the mark is kept all the same.
    log.debug(`Get Started: the sign-in step marked done (${e instanceof Error ? e.message : String(e)})`);
  }
}

export interface WalkthroughDeps {
  /** Who is signed in, and when that changes (the auth provider). */
  auth: { readonly current: unknown; readonly onDidChangeAccount: vscode.Event<void> };
  log: vscode.LogOutputChannel;
}

export function registerWalkthrough(context: vscode.ExtensionContext, { auth, log }: WalkthroughDeps): void {
  context.subscriptions.push(
    registerCommand('lca.getStarted', () => openWalkthrough()),
    auth.onDidChangeAccount(() => {
      if (auth.current) void markSignInDone(log);
    }),
  );
}
