// Registers the import commands at activation; their code (index.ts, the spreadsheet import, built as
// dist/importCommands.js) and the importers (dist/import.js) are loaded on the first import.
import * as vscode from 'vscode';
import * as ui from '../ui';
import { activeCodes } from '../../core/codeTable';
import type { ImportDeps } from './index';

type ImportCommands = ReturnType<typeof import('./index').importCommands>;

export function registerImport(context: vscode.ExtensionContext, deps: Omit<ImportDeps, 'ui' | 'codes'>): void {
  let commands: ImportCommands | undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = (): ImportCommands => (commands ??= (require('./index') as typeof import('./index')).importCommands({ ...deps, ui, codes: activeCodes }));
  context.subscriptions.push(
    vscode.commands.registerCommand('lca.importEpds', (arg?: unknown, all?: unknown) => load().importEpds(arg, all)),
    // The earlier LCAx-only command: same path, kept so key bindings and links to it keep working.
    vscode.commands.registerCommand('lca.importLcax', async (arg?: unknown, all?: unknown) => (await load().importEpds(arg, all))?.uri),
    vscode.commands.registerCommand('lca.importSpreadsheet', (arg?: unknown) => load().importSpreadsheet(arg)),
  );
}
