// What the loader (boot.ts, dist/extension.js) and the extension it loads (extension.ts, dist/main.js) agree on: the
// extension's entry points, and what the loader tells `activate` about the load. Types only, so that neither of the
// two imports the other.
import type * as vscode from 'vscode';

/** How the bundle was loaded, for the activation line in the LCA log. */
export interface BootInfo {
  /** Milliseconds from reading dist/main.js to having its exports. */
  loadMs: number;
  /** Whether V8's code cache of the previous activation was used; 'failed': the cache could not be tried at all. */
  codeCache: 'used' | 'none' | 'failed';
}

/** What dist/main.js exports. */
export interface ExtensionMain {
  activate(context: vscode.ExtensionContext, boot?: BootInfo): Promise<unknown>;
  deactivate(): void;
}
