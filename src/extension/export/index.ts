// Registers the BR18 documentation commands: Export BR18 Documentation… and Check Before Submission (br18.ts).
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { registerCommand } from '../commands';
import { checkBeforeSubmission, exportBr18Documentation, type Br18ExportDeps } from './br18';

export type { Br18ExportDeps, Br18ExportOutcome } from './br18';

export function registerBr18Export(context: vscode.ExtensionContext, given: Omit<Br18ExportDeps, 'diagnostics'>): void {
  // The last check's findings that have a place in the workspace's files (Problems view).
  const diagnostics = vscode.languages.createDiagnosticCollection('lca-submission');
  const deps: Br18ExportDeps = { ...given, diagnostics };
  context.subscriptions.push(
    diagnostics,
    registerCommand('lca.exportBr18Documentation', (arg?: unknown, target?: unknown) => exportBr18Documentation(deps, arg, target), () => l10n.t('Could not export the BR18 documentation')),
    registerCommand('lca.checkBeforeSubmission', (arg?: unknown) => checkBeforeSubmission(deps, arg), () => l10n.t('Could not check the project before submission')),
  );
}
