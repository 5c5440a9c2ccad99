// The Library view and the material/construction commands: templates, pull, push, import.
import * as vscode from 'vscode';
import type { Catalog } from './catalog';
import type { ServiceClientProvider } from '../serviceClient';
import type { VirtualDocuments } from '../ui';

export interface LibraryDeps {
  catalog: Catalog;
  clients: ServiceClientProvider;
  docs: VirtualDocuments;
  log: vscode.LogOutputChannel;
  isSignedIn: () => boolean;
  onSignInChange: vscode.Event<unknown>;
}

export function registerLibrary(_context: vscode.ExtensionContext, _deps: LibraryDeps): void {
  // Filled in by the library feature.
}
