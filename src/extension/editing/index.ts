// Language features for *.material.json, *.materials.json and *.construction.json: semantic diagnostics, quick fixes,
// epdId completion and hover, code hovers, and the live impact preview (CodeLens).
import * as vscode from 'vscode';
import type { Catalog } from '../library/catalog';
import type { ServiceClientProvider } from '../serviceClient';

export interface EditingDeps {
  catalog: Catalog;
  clients: ServiceClientProvider;
  log: vscode.LogOutputChannel;
}

export function registerEditing(_context: vscode.ExtensionContext, _deps: EditingDeps): void {
  // Filled in by the editing feature.
}
