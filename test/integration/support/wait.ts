// Polling for what the extension does asynchronously (diagnostics, tree refreshes, messages, a preview opening).
import * as vscode from 'vscode';

type Probe<T> = () => T | undefined | false | null | Promise<T | undefined | false | null>;

/** Polls `probe` until it returns something truthy, or fails naming `what` and the last thing seen. */
export async function waitFor<T>(what: string, probe: Probe<T>, ms = 20_000, everyMs = 100): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The active tab when it is VS Code's Markdown preview (waits for it a little: the preview opens asynchronously). */
export async function activePreview(): Promise<vscode.Tab | undefined> {
  for (let i = 0; i < 50; i++) {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    if (tab?.input instanceof vscode.TabInputWebview && /markdown\.preview/.test(tab.input.viewType)) return tab;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}
