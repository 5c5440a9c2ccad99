// Registers the export commands: Export BR18 Documentation… and Check Before Submission (br18.ts), Export as LCAbyg
// Component… and Export as LCAx… (exchange.ts).
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { registerCommand } from '../commands';
import { checkBeforeSubmission, exportBr18Documentation, type Br18ExportDeps } from './br18';
import { exportConstructions, type ExchangeExportDeps } from './exchange';

export type { Br18ExportDeps, Br18ExportOutcome } from './br18';
export type { ExchangeExportDeps, ExchangeExportOutcome } from './exchange';

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

export function registerExchangeExport(context: vscode.ExtensionContext, deps: ExchangeExportDeps): void {
  const failure = () => l10n.t('Could not export the constructions');
  for (const format of ['lcabyg', 'lcax'] as const) {
    const id = format === 'lcabyg' ? 'lca.exportLcabygComponent' : 'lca.exportLcax';
    context.subscriptions.push(registerCommand(id, (arg?: unknown, selection?: unknown, target?: unknown) => exportConstructions(deps, format, arg, selection, target), failure));
  }
}
