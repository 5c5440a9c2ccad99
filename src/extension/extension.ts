// Composition root: creates the shared services once and registers every feature.
import * as vscode from 'vscode';
import { createLog } from './log';
import { registerCodesReference } from './codesReference';

export function activate(context: vscode.ExtensionContext): void {
  const log = createLog();
  context.subscriptions.push(log);
  log.info(`LCA Workbench ${context.extension.packageJSON.version} activated`);
  registerCodesReference(context);
  context.subscriptions.push(vscode.commands.registerCommand('lca.showLog', () => log.show()));
}

export function deactivate(): void {
  // Disposables registered on context.subscriptions are released by VS Code.
}
