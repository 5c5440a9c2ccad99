// The Get Started walkthrough (package.json contributes.walkthroughs), one per language of the extension: the context
// key that shows the one of `lca.language` (ids.ts), the command that opens it, links into it from the messages a
// newcomer meets first, the steps marked done when what they show succeeded (stepDone), and the sign-in step marked
// done for a person already signed in. The steps' own buttons are steps.ts.
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import * as l10n from '../l10n';
import { showInfo } from '../ui';
import { EXTENSION_ID, LANGUAGE_CONTEXT, stepId, WALKTHROUGHS, type WalkthroughStep } from './ids';
import { registerWalkthroughSteps } from './steps';

export type { WalkthroughStep } from './ids';
export { stepDone } from './done';

/** `<publisher>.<name>#<walkthrough id>` of the walkthrough in the extension's language, as workbench.action.openWalkthrough takes it. */
export function walkthroughId(): string {
  return `${EXTENSION_ID}#${WALKTHROUGHS[l10n.language()]}`;
}

/** Opens the walkthrough of the extension's language, at one of its steps when given. */
export function openWalkthrough(step?: WalkthroughStep): Thenable<unknown> {
  const category = walkthroughId();
  const target = step ? { category, step: stepId(WALKTHROUGHS[l10n.language()], step) } : category;
  return vscode.commands.executeCommand('workbench.action.openWalkthrough', target, false);
}

/** An information message with a Get Started action that opens the walkthrough at the step that shows how. */
export async function showInfoWithWalkthrough(message: string, step: WalkthroughStep): Promise<void> {
  const getStarted = l10n.t('Get Started');
  if ((await showInfo(message, getStarted)) === getStarted) await openWalkthrough(step);
}

/**
 * The sign-in step completes on `onContext:lca.signedIn`, but VS Code counts only a change of the key after it has
 * registered the walkthrough, a moment after the extension starts: a person signed in before (a stored sign-in, set as
 * the extension starts) would find the step not done. So whenever the sign-in is found, the step is marked done in each
 * walkthrough (`welcome.markStepComplete`, VS Code's own command; it keeps the mark even while the walkthrough is not
 * registered yet).
 */
async function markSignInDone(log: vscode.LogOutputChannel): Promise<void> {
  for (const walkthrough of Object.values(WALKTHROUGHS)) {
    try {
      await vscode.commands.executeCommand('welcome.markStepComplete', `${EXTENSION_ID}#${walkthrough}#${stepId(walkthrough, 'signIn')}`);
    } catch (e) {
      // "Tried to progress unknown step" before VS Code has registered the walkthrough: the mark is kept all the same.
      log.debug(`Get Started: the sign-in step marked done (${e instanceof Error ? e.message : String(e)})`);
    }
  }
}

export interface WalkthroughDeps {
  /** Who is signed in, and when that changes (the auth provider). */
  auth: { readonly current: unknown; readonly onDidChangeAccount: vscode.Event<void> };
  log: vscode.LogOutputChannel;
}

export function registerWalkthrough(context: vscode.ExtensionContext, { auth, log }: WalkthroughDeps): void {
  // The walkthrough shown is the one of the extension's language (each one's `when` reads the key).
  const setLanguage = (): Thenable<unknown> => vscode.commands.executeCommand('setContext', LANGUAGE_CONTEXT, l10n.language());
  void setLanguage();
  context.subscriptions.push(
    registerCommand('lca.getStarted', async () => {
      await setLanguage();
      return openWalkthrough();
    }),
    l10n.onDidChangeLanguage(() => void setLanguage()),
    auth.onDidChangeAccount(() => {
      if (auth.current) void markSignInDone(log);
    }),
  );
  registerWalkthroughSteps(context);
}
