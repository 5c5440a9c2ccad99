// The Projects tree's items: labels, descriptions, tooltips, icons and the context values that menus match.
import * as vscode from 'vscode';
import { escapeMd } from '../../core/display';
import { emptyItem } from '../emptyItem';
import type { ProjectListItem } from '../../client';
import { formatArea } from '../../core/display';
import * as l10n from '../l10n';
import { text, type ProjectsNode } from './treeNodes';

export function projectsTreeItem(node: ProjectsNode): vscode.TreeItem {
  switch (node.kind) {
    case 'project': {
      const p = node.project;
      const item = new vscode.TreeItem(p.name || p.id, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `project:${p.id}`;
      item.description = projectDescription(p);
      item.iconPath = new vscode.ThemeIcon(p.favorite ? 'star-full' : 'home');
      item.contextValue = projectContextValue(p);
      // The tooltip is made when the pointer rests on the item (resolveTreeItem): 5,000 projects need none up front.
      return item;
    }
    case 'group': {
      const labels = { details: l10n.t('Details'), members: l10n.t('Members'), models: l10n.t('Models'), stream: l10n.t('Stream and branches') } as const;
      const icons = { details: 'info', members: 'organization', models: 'layers', stream: 'git-branch' } as const;
      const item = new vscode.TreeItem(labels[node.group], vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `${node.group}:${node.project.id}`;
      item.iconPath = new vscode.ThemeIcon(icons[node.group]);
      item.contextValue = `lca.group.${node.group}`;
      return item;
    }
    case 'field': {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
      item.id = node.id;
      item.description = node.value;
      item.tooltip = `${node.label}: ${node.value}`;
      if (node.icon) item.iconPath = new vscode.ThemeIcon(node.icon);
      item.contextValue = node.contextValue ?? 'lca.field';
      return item;
    }
    case 'stream': {
      const item = new vscode.TreeItem(l10n.t('Stream {0}', streamLabel(node.streamId, node.streamName)), vscode.TreeItemCollapsibleState.Expanded);
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon('git-branch');
      item.contextValue = 'lca.stream';
      item.description = l10n.t('{0} branches', node.branches.length);
      return item;
    }
    case 'error': {
      const item = new vscode.TreeItem(node.message, vscode.TreeItemCollapsibleState.None);
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
      item.description = l10n.t('Retry');
      item.tooltip = `${node.message}\n\n${l10n.t('Click to retry.')}`;
      item.contextValue = 'lca.error';
      item.command = { command: 'lca.retryProjectsNode', title: l10n.t('Retry'), arguments: [node] };
      if (node.openSetting) {
        item.description = l10n.t('Open Setting');
        item.tooltip = l10n.t('{0}\n\nClick to open the lca.environments setting (projectListQuery: a .graphql file with the text this service accepts).', node.message);
        item.command = { command: 'workbench.action.openSettings', title: l10n.t('Open Setting'), arguments: ['lca.environments'] };
      }
      return item;
    }
    case 'empty':
      return emptyItem(node.id, node.message);
  }
}

/** A project's tooltip: its name, type, status, city, area, the user's role and when it was updated. */
export function projectTooltip(p: ProjectListItem): vscode.MarkdownString {
  const tip = new vscode.MarkdownString();
  tip.appendMarkdown(`**${escapeMd(p.name)}**\n\n`);
  tip.appendMarkdown(`- ${l10n.t('Type: {0}', escapeMd(text(l10n.served(p.buildingType?.label))))}\n`);
  tip.appendMarkdown(`- ${l10n.t('Status: {0}', escapeMd(text(l10n.served(p.projectStatus?.label))))}\n`);
  tip.appendMarkdown(`- ${l10n.t('City: {0}', escapeMd(text(p.location?.city)))}\n`);
  tip.appendMarkdown(`- ${l10n.t('Area: {0}', escapeMd(formatArea(p.area, l10n.locale())))}\n`);
  tip.appendMarkdown(`- ${l10n.t('Your role: {0}', escapeMd(text(l10n.served(p.role))))}\n`);
  tip.appendMarkdown(`- ${l10n.t('Updated: {0}', escapeMd(l10n.formatDate(p.updatedAt)))}\n`);
  return tip;
}

export function projectDescription(p: ProjectListItem): string {
  const parts: string[] = [];
  if (p.location?.city) parts.push(p.location.city);
  if (p.projectStatus?.label) parts.push(l10n.served(p.projectStatus.label));
  if (typeof p.area === 'number') parts.push(formatArea(p.area, l10n.locale()));
  return parts.join(' · ');
}

/** `"<name>" (<id>)`, or only the id when the service gave no name (the real service's detail may not carry one). */
export function streamLabel(streamId: string, streamName: string | undefined): string {
  return streamName ? `"${streamName}" (${streamId})` : streamId;
}

/**
 * `lca.project[.streamLinked][.<role>]`, the role in lower case (`lca.project.viewer`): menus match `^lca\.project`
 * and leave out what a Viewer cannot do (`\.viewer$`).
 */
export function projectContextValue(p: Pick<ProjectListItem, 'bimStreamId' | 'role'>): string {
  const role = typeof p.role === 'string' && /^[A-Za-z]+$/.test(p.role) ? `.${p.role.toLowerCase()}` : '';
  return `lca.project${p.bimStreamId ? '.streamLinked' : ''}${role}`;
}
