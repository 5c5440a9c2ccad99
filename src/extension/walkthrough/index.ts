// The Get Started walkthrough (package.json contributes.walkthroughs): one command that opens it, and its id for
// links into it from welcome views and messages.
import * as vscode from 'vscode';
import { registerCommand } from '../commands';

/** `<publisher>.<name>#<walkthrough id>`, as workbench.action.openWalkthrough takes it. */
export const WALKTHROUGH_ID = 'lca-workbench.lca-workbench#lca.getStarted';

export function registerWalkthrough(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    registerCommand('lca.getStarted', () => vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false)),
  );
}
