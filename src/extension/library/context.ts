// What the Library commands share: the catalog, the service, the tree they refresh.
import type * as vscode from 'vscode';
import type { Catalog } from './catalog';
import type { ServiceClientProvider } from '../serviceClient';
import type { VirtualDocuments } from '../ui';
import type { LibraryTreeProvider } from './tree';

export interface LibraryContext {
  catalog: Catalog;
  clients: ServiceClientProvider;
  docs: VirtualDocuments;
  log: vscode.LogOutputChannel;
  tree: LibraryTreeProvider;
}
