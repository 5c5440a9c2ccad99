// The Library tree: constructions and materials the workspace knows (files, pulled, pushed, bulk-created, looked up
// for a construction, opened), each with GWP A1-A3 per declared unit; a construction's children are its components.
// The nodes and their grouping are in treeNodes.ts, their items in treeItems.ts, the figures in figures.ts.
import * as vscode from 'vscode';
import type { Catalog } from './catalog';
import { Disposable } from '../disposable';
import type { LcaSession } from '../session';
import { libraryTreeItem } from './treeItems';
import { componentNodes, componentsOf, constructionNodes, materialNodes, sourceNodes, type LibraryNode } from './treeNodes';

export type { LibraryNode } from './treeNodes';

export class LibraryTreeProvider extends Disposable implements vscode.TreeDataProvider<LibraryNode> {
  private readonly changed = this.register(new vscode.EventEmitter<LibraryNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    private readonly catalog: Catalog,
    /** Signed out, unknown materials cannot be looked up: say so instead of showing them as being looked up. */
    private readonly session: Pick<LcaSession, 'signedIn'> = { signedIn: true },
  ) {
    super();
    this.register(catalog.onDidChange(() => this.refresh()));
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getTreeItem(node: LibraryNode): vscode.TreeItem {
    return libraryTreeItem(node, this.catalog, this.session);
  }

  async getChildren(node?: LibraryNode): Promise<LibraryNode[]> {
    if (!node) return this.roots();
    if (node.kind === 'group') return node.group === 'constructions' ? constructionNodes(this.catalog) : sourceNodes(this.catalog);
    if (node.kind === 'source') return materialNodes(this.catalog, node.key);
    if (node.kind === 'construction') return componentNodes(this.catalog, node);
    return [];
  }

  getParent(): undefined {
    return undefined;
  }

  private async roots(): Promise<LibraryNode[]> {
    await this.catalog.ready();
    const constructions = this.catalog.constructions();
    // Materials that constructions refer to but nobody has opened yet: the catalog looks them up on the service and
    // fires onDidChange when they arrive, so they join the Materials group.
    for (const c of constructions) for (const id of componentsOf(c).map((x) => x.epdId)) this.catalog.resolveEpd(id);
    const materials = this.catalog.materials();
    if (!constructions.length && !materials.length) return []; // the welcome content shows
    return [
      { kind: 'group', group: 'constructions', count: constructions.length },
      { kind: 'group', group: 'materials', count: materials.length },
    ];
  }
}
