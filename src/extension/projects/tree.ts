// The Projects tree: projects from GraphQL GetProjectList, each with lazily loaded Details,
// Members, Models and Stream children; failures appear as an error item with Retry.
import * as vscode from 'vscode';
import { LcaServiceError, type ProjectListItem, type ProjectDetail } from '../../client';
import { formatArea, formatFigure } from '../../core/display';
import type { ServiceClientProvider } from '../serviceClient';
import { errorMessage } from '../ui';
import { describeFilter, isFiltered, toVariables, type ProjectFilter } from './filter';
import * as l10n from '../l10n';

export type ProjectsNode =
  | { kind: 'project'; project: ProjectListItem }
  | { kind: 'group'; group: 'details' | 'members' | 'models' | 'stream'; project: ProjectListItem }
  | { kind: 'field'; id: string; label: string; value: string; icon?: string; contextValue?: string; copy?: string }
  | { kind: 'stream'; id: string; projectId: string; streamId: string; streamName?: string; branches: { id: string; name: string }[] }
  | { kind: 'error'; id: string; message: string; retry: ProjectsNode | undefined; openSetting?: boolean }
  | { kind: 'empty'; id: string; message: string };

function text(v: unknown): string {
  return v === null || v === undefined || v === '' ? '—' : String(v);
}

export function projectDescription(p: ProjectListItem): string {
  const parts: string[] = [];
  if (p.location?.city) parts.push(p.location.city);
  if (p.projectStatus?.label) parts.push(p.projectStatus.label);
  if (typeof p.area === 'number') parts.push(formatArea(p.area, l10n.locale()));
  return parts.join(' · ');
}

export class ProjectsTreeProvider implements vscode.TreeDataProvider<ProjectsNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ProjectsNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private filter: ProjectFilter = {};
  private view: vscode.TreeView<ProjectsNode> | undefined;
  private detailCache = new Map<string, Promise<ProjectDetail>>();
  /** The last loaded projects, for commands that pick one. */
  lastProjects: ProjectListItem[] = [];

  constructor(
    private readonly clients: ServiceClientProvider,
    private readonly isSignedIn: () => boolean | Promise<boolean>,
  ) {}

  attach(view: vscode.TreeView<ProjectsNode>): void {
    this.view = view;
    this.updateDescription();
  }

  get currentFilter(): ProjectFilter {
    return { ...this.filter };
  }

  setFilter(filter: ProjectFilter): void {
    this.filter = filter;
    void vscode.commands.executeCommand('setContext', 'lca.projectsFiltered', isFiltered(filter));
    this.updateDescription();
    this.refresh();
  }

  private updateDescription(): void {
    if (this.view) this.view.description = describeFilter(this.filter);
  }

  refresh(node?: ProjectsNode): void {
    if (!node) this.detailCache.clear();
    this.changed.fire(node);
  }

  projectDetail(id: string, reload = false): Promise<ProjectDetail> {
    let cached = reload ? undefined : this.detailCache.get(id);
    if (!cached) {
      cached = this.clients.get().then((c) => c.getProject(id));
      cached.catch(() => this.detailCache.delete(id));
      this.detailCache.set(id, cached);
    }
    return cached;
  }

  getTreeItem(node: ProjectsNode): vscode.TreeItem {
    switch (node.kind) {
      case 'project': {
        const p = node.project;
        const item = new vscode.TreeItem(p.name || p.id, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `project:${p.id}`;
        item.description = projectDescription(p);
        item.iconPath = new vscode.ThemeIcon(p.favorite ? 'star-full' : 'home');
        item.contextValue = projectContextValue(p);
        const tip = new vscode.MarkdownString();
        tip.appendMarkdown(`**${escapeMd(p.name)}**\n\n`);
        tip.appendMarkdown(`- ${l10n.t('Type: {0}', escapeMd(text(p.buildingType?.label)))}\n`);
        tip.appendMarkdown(`- ${l10n.t('Status: {0}', escapeMd(text(p.projectStatus?.label)))}\n`);
        tip.appendMarkdown(`- ${l10n.t('City: {0}', escapeMd(text(p.location?.city)))}\n`);
        tip.appendMarkdown(`- ${l10n.t('Area: {0}', escapeMd(formatArea(p.area, l10n.locale())))}\n`);
        tip.appendMarkdown(`- ${l10n.t('Your role: {0}', escapeMd(text(p.role)))}\n`);
        tip.appendMarkdown(`- ${l10n.t('Updated: {0}', escapeMd(l10n.formatDate(p.updatedAt)))}\n`);
        item.tooltip = tip;
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
      case 'empty': {
        const item = new vscode.TreeItem(node.message, vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon('info');
        item.contextValue = 'lca.empty';
        return item;
      }
    }
  }

  async getChildren(node?: ProjectsNode): Promise<ProjectsNode[]> {
    if (!node) return this.roots();
    try {
      return await this.children(node);
    } catch (e) {
      return [{ kind: 'error', id: `error:${nodeKey(node)}`, message: l10n.t('Could not load: {0}', errorMessage(e)), retry: node }];
    }
  }

  private async roots(): Promise<ProjectsNode[]> {
    if (!(await this.isSignedIn())) {
      // Signed out: nothing of the previous account is kept for commands that pick a project.
      this.lastProjects = [];
      return [];
    }
    try {
      const client = await this.clients.get();
      const projects = await client.listProjects(toVariables(this.filter));
      // Signed out while the list was on its way: it is the previous account's, not to be shown.
      if (!(await this.isSignedIn())) return [];
      this.lastProjects = projects;
      if (!projects.length) {
        return [
          {
            kind: 'empty',
            id: 'empty:projects',
            message: isFiltered(this.filter) ? l10n.t('No projects match the filter') : l10n.t('No projects yet'),
          },
        ];
      }
      return projects.map((project) => ({ kind: 'project', project }));
    } catch (e) {
      if (e instanceof LcaServiceError && e.graphqlValidation) {
        // The service refused the query text: offer the setting that points at another (projectListQuery).
        return [{ kind: 'error', id: 'error:projects:query', message: l10n.t('The service refused the project list query: {0}', errorMessage(e)), retry: undefined, openSetting: true }];
      }
      return [{ kind: 'error', id: 'error:projects', message: l10n.t('Could not load projects: {0}', errorMessage(e)), retry: undefined }];
    }
  }

  private async children(node: ProjectsNode): Promise<ProjectsNode[]> {
    if (node.kind === 'project') {
      return (['details', 'members', 'models', 'stream'] as const).map((group) => ({ kind: 'group', group, project: node.project }));
    }
    if (node.kind === 'stream') {
      return node.branches.map((b) => ({ kind: 'field', id: `branch:${node.id}:${b.id}`, label: b.name, value: b.id, icon: 'git-branch', contextValue: 'lca.branch' }));
    }
    if (node.kind !== 'group') return [];
    const p = node.project;
    const field = (key: string, label: string, value: unknown, icon?: string): ProjectsNode => ({
      kind: 'field', id: `${key}:${p.id}`, label, value: text(value), icon,
    });
    const locale = l10n.locale();
    switch (node.group) {
      case 'details': {
        const d = await this.projectDetail(p.id);
        const addr = d.buildingAddress;
        const address = addr ? [addr.street, addr.streetNumber, addr.postalCode, addr.city, addr.country].filter(Boolean).join(' ') : undefined;
        return [
          field('f-id', 'Id', d.id, 'key'),
          field('f-client', l10n.t('Client'), d.clientName, 'person'),
          field('f-builder', l10n.t('Builder'), d.builder, 'tools'),
          field('f-number', l10n.t('Project number'), d.projectNumber, 'symbol-number'),
          field('f-address', l10n.t('Address'), address, 'location'),
          field('f-type', l10n.t('Building type'), p.buildingType?.label, 'home'),
          field('f-status', l10n.t('Status'), p.projectStatus?.label, 'pulse'),
          field('f-area', l10n.t('Area'), formatArea(p.area, locale), 'symbol-ruler'),
          field('f-period', l10n.t('Consideration period (years)'), d.calculationType?.considerationPeriod, 'calendar'),
          field('f-limit', l10n.t('Limit (kg CO2e/m²/yr)'), formatFigure(d.calculationType?.thresholdLimitWithoutExtra, locale), 'dashboard'),
          field('f-role', l10n.t('Your role'), p.role, 'shield'),
          field('f-updated', l10n.t('Updated'), l10n.formatDate(d.updatedAt ?? p.updatedAt), 'history'),
        ];
      }
      case 'members': {
        const users = await (await this.clients.get()).getProjectUsers(p.id);
        if (!users.length) return [{ kind: 'empty', id: `members-empty:${p.id}`, message: l10n.t('No members') }];
        return users.map((u) => ({
          kind: 'field', id: `member:${p.id}:${u.userId}`, label: u.name || u.email || u.userId, value: `${u.email ?? ''} · ${u.role ?? ''}`, icon: 'person',
        }));
      }
      case 'models': {
        const models = p.models ?? [];
        if (!models.length) return [{ kind: 'empty', id: `models-empty:${p.id}`, message: l10n.t('No models') }];
        return models.map((m) => ({ kind: 'field', id: `model:${p.id}:${m.id}`, label: m.name, value: m.id, icon: 'layers' }));
      }
      case 'stream': {
        const d = await this.projectDetail(p.id);
        const streamId = d.streamId ?? p.bimStreamId;
        if (!streamId) return [{ kind: 'empty', id: `stream-empty:${p.id}`, message: l10n.t('No stream linked') }];
        const streamName = typeof d.streamName === 'string' && d.streamName.trim() && d.streamId === streamId ? d.streamName : undefined;
        return [{ kind: 'stream', id: `stream:${p.id}:${streamId}`, projectId: p.id, streamId, ...(streamName ? { streamName } : {}), branches: d.branches ?? [] }];
      }
    }
  }

  getParent(): undefined {
    return undefined;
  }

  dispose(): void {
    this.changed.dispose();
  }
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

function nodeKey(node: ProjectsNode): string {
  switch (node.kind) {
    case 'project':
      return node.project.id;
    case 'group':
      return `${node.group}:${node.project.id}`;
    default:
      return node.id;
  }
}

function escapeMd(value: string): string {
  return value.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
}
