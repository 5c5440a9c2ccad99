// The Library view and the material/construction commands, one file per concern: new files from templates
// (newFiles.ts), Pull by Id (pull.ts), Push Construction after a diff (pushConstruction.ts), and the tree's open /
// retry / copy id actions (itemCommands.ts). Importing EPDs is src/extension/import. Every command goes through
// registerCommand (../commands.ts) and reads its argument through ../commandArgs.ts.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { Catalog } from './catalog';
import type { LcaSession } from '../session';
import type { VirtualDocuments } from '../ui';
import { registerCommand } from '../commands';
import { LibraryTreeProvider } from './tree';
import type { LibraryContext } from './context';
import { newConstruction, newMaterial, newMaterials } from './newFiles';
import { pull } from './pull';
import { pushConstruction } from './pushConstruction';
import { registerItemCommands } from './itemCommands';

export { LibraryTreeProvider, type LibraryNode } from './tree';

export interface LibraryDeps {
  catalog: Catalog;
  session: LcaSession;
  docs: VirtualDocuments;
  log: vscode.LogOutputChannel;
}

export function registerLibrary(context: vscode.ExtensionContext, deps: LibraryDeps): LibraryTreeProvider {
  const { catalog, session, docs, log } = deps;
  const tree = new LibraryTreeProvider(catalog, session);
  const view = vscode.window.createTreeView('lca.library', { treeDataProvider: tree, showCollapseAll: true });
  const ctx: LibraryContext = { catalog, session, docs, log, tree };

  context.subscriptions.push(
    tree,
    view,
    session.onDidChange((c) => c === 'signIn' && tree.refresh()),
    l10n.onDidChangeLanguage(() => tree.refresh()),
    registerCommand('lca.refreshLibrary', async () => {
      await catalog.rescan();
      tree.refresh();
    }),
    registerCommand('lca.newMaterial', (preset?: Parameters<typeof newMaterial>[1]) => newMaterial(catalog.codes, preset)),
    registerCommand('lca.newMaterials', (preset?: Parameters<typeof newMaterials>[1]) => newMaterials(catalog.codes, preset)),
    registerCommand('lca.newConstruction', (preset?: Parameters<typeof newConstruction>[1]) => newConstruction(catalog, preset)),
    registerCommand('lca.pullById', (arg?: unknown, kind?: unknown) => pull(ctx, arg, kind)),
    registerCommand('lca.pushConstruction', (arg?: unknown) => pushConstruction(ctx, arg)),
    ...registerItemCommands(ctx),
  );
  return tree;
}
