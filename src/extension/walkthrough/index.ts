// The Get Started walkthrough (package.json contributes.walkthroughs): one command that opens it, its id for links
// into it from welcome views, and the messages a newcomer meets first, which point into it instead of explaining.
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import * as l10n from '../l10n';

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
  if ((await vscode.window.showInformationMessage(message, getStarted)) === getStarted) await openWalkthrough(step);
}

export function registerWalkthrough(context: vscode.ExtensionContext): void {
  context.subscriptions.push(registerCommand('lca.getStarted', () => openWalkthrough()));
}
