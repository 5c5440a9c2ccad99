// The Projects tree: projects from GraphQL GetProjectList, each with lazily loaded Details,
// Members, Models and Stream children; failures appear as an error item with Retry.
// The provider keeps the filter and the loaded list; the children are in treeNodes.ts, the items in treeItems.ts.
import * as vscode from 'vscode';
import { isLcaServiceError, type ProjectListItem, type ProjectDetail } from '../../client';
import { Disposable } from '../disposable';
import type { LcaSession } from '../session';
import { errorMessage } from '../ui';
import { describeFilter, isFiltered, toVariables, type ProjectFilter } from './filter';
import * as l10n from '../l10n';
import { projectTooltip, projectsTreeItem } from './treeItems';
import { childrenOf, nodeKey, type ProjectsNode } from './treeNodes';

export type { ProjectsNode } from './treeNodes';

export class ProjectsTreeProvider extends Disposable implements vscode.TreeDataProvider<ProjectsNode> {
  private readonly changed = this.register(new vscode.EventEmitter<ProjectsNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private filter: ProjectFilter = {};
  private view: vscode.TreeView<ProjectsNode> | undefined;
  private detailCache = new Map<string, Promise<ProjectDetail>>();
  /** The last loaded projects, for commands that pick one. */
  lastProjects: ProjectListItem[] = [];

  /** `session`: the service client, and who is signed in (the tree waits for the stored sign-in to be read). */
  constructor(private readonly session: LcaSession) {
    super();
  }

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
      cached = this.session.client().then((c) => c.getProject(id));
      cached.catch(() => this.detailCache.delete(id));
      this.detailCache.set(id, cached);
    }
    return cached;
  }

  getTreeItem(node: ProjectsNode): vscode.TreeItem {
    return projectsTreeItem(node);
  }

  /** A project's tooltip, made when VS Code is about to show it (hover, or keyboard focus with the screen reader). */
  resolveTreeItem(item: vscode.TreeItem, node: ProjectsNode): vscode.TreeItem {
    if (node.kind === 'project' && item.tooltip === undefined) item.tooltip = projectTooltip(node.project);
    return item;
  }

  async getChildren(node?: ProjectsNode): Promise<ProjectsNode[]> {
    if (!node) return this.roots();
    try {
      return await childrenOf(node, { projectDetail: (id) => this.projectDetail(id), session: this.session });
    } catch (e) {
      return [{ kind: 'error', id: `error:${nodeKey(node)}`, message: l10n.t('Could not load: {0}', errorMessage(e)), retry: node }];
    }
  }

  private async roots(): Promise<ProjectsNode[]> {
    if (!(await this.session.whenKnown())) {
      // Signed out: nothing of the previous account is kept for commands that pick a project.
      this.lastProjects = [];
      return [];
    }
    try {
      const client = await this.session.client();
      const projects = await client.listProjects(toVariables(this.filter));
      // Signed out while the list was on its way: it is the previous account's, not to be shown.
      if (!(await this.session.whenKnown())) return [];
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
      if (isLcaServiceError(e) && e.graphqlValidation) {
        // The service refused the query text: offer the setting that points at another (projectListQuery).
        return [{ kind: 'error', id: 'error:projects:query', message: l10n.t('The service refused the project list query: {0}', errorMessage(e)), retry: undefined, openSetting: true }];
      }
      return [{ kind: 'error', id: 'error:projects', message: l10n.t('Could not load projects: {0}', errorMessage(e)), retry: undefined }];
    }
  }

  getParent(): undefined {
    return undefined;
  }
}
