// What the Library commands share: the catalog, the service, the tree they refresh.
import type * as vscode from 'vscode';
import type { Catalog } from './catalog';
import type { LcaSession } from '../session';
import type { VirtualDocuments } from '../ui';
import type { LibraryTreeProvider } from './tree';

export interface LibraryContext {
  catalog: Catalog;
  session: LcaSession;
  docs: VirtualDocuments;
  log: vscode.LogOutputChannel;
  tree: LibraryTreeProvider;
}
