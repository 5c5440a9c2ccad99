// Registers the Projects view and its commands, one file per concern: filters (filterCommands.ts), project files —
// new, edit base information, push (fileCommands.ts) —, streams (streamCommands.ts), and what the service knows —
// project JSON, users, enumerations, Copy Id (infoCommands.ts). Every command goes through registerCommand
// (../commands.ts) and reads its argument through ../commandArgs.ts.
import * as vscode from 'vscode';
import type { ProjectEnums } from '../../client';
import type { LcaSession } from '../session';
import type { VirtualDocuments } from '../ui';
import { registerCommand } from '../commands';
import { ProjectsTreeProvider, type ProjectsNode } from './tree';
import { PulledProjects } from './projectFiles';
import type { ProjectsContext } from './context';
import { registerFilterCommands } from './filterCommands';
import { registerProjectFileCommands } from './fileCommands';
import { registerStreamCommands } from './streamCommands';
import { registerProjectInfoCommands } from './infoCommands';
import * as l10n from '../l10n';

export interface ProjectsDeps {
  session: LcaSession;
  docs: VirtualDocuments;
  log: vscode.LogOutputChannel;
}

export function registerProjects(context: vscode.ExtensionContext, deps: ProjectsDeps): ProjectsTreeProvider {
  const { session, docs, log } = deps;
  const tree = new ProjectsTreeProvider(session);
  const view = vscode.window.createTreeView('lca.projects', { treeDataProvider: tree, showCollapseAll: true, canSelectMany: true });
  tree.attach(view);
  let enumsCache: ProjectEnums | undefined;
  const ctx: ProjectsContext = {
    session,
    docs,
    log,
    tree,
    pulled: new PulledProjects(context.workspaceState),
    enums: async () => (enumsCache ??= await (await session.client()).getProjectEnums()),
  };

  context.subscriptions.push(
    tree,
    view,
    session.onDidChange((c) => c === 'signIn' && tree.refresh()),
    l10n.onDidChangeLanguage(() => tree.setFilter(tree.currentFilter)),
    registerCommand('lca.refreshProjects', () => tree.refresh()),
    registerCommand('lca.retryProjectsNode', (node: ProjectsNode) => (node?.kind === 'error' && node.retry ? tree.refresh(node.retry) : tree.refresh())),
    ...registerFilterCommands(ctx),
    ...registerProjectFileCommands(ctx),
    ...registerStreamCommands(ctx),
    ...registerProjectInfoCommands(ctx),
  );
  return tree;
}
