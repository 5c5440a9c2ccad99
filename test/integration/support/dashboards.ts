// What the extension posts to its dashboard webviews, from the tests' side: a wrapper on
// `vscode.window.createWebviewPanel` (the extension and the tests share one vscode API object) that records, per
// dashboard panel, every message posted to its webview. `recordDashboards()` inside a describe installs it for that
// suite; it first closes the dashboards an earlier suite left open, so that each dashboard the suite opens is created
// (and recorded) anew rather than revealed. Panels restored by the serializer after a window reload are not seen (no
// suite reloads the window).
import * as vscode from 'vscode';
import { DASHBOARD_VIEW_TYPE, parsePayload, type DashboardData, type ExtensionToWebview, type WebviewToExtension } from '../../../src/core/dashboard/messages';
import type { DashboardResponse } from '../../../src/client';

/** The parts of the extension's DashboardPanel the tests use (the object `lca.openDashboard` resolves to). */
export interface PanelHandle {
  readonly key: string;
  readonly data?: { response: DashboardResponse };
  readonly panel: vscode.WebviewPanel;
  receive(message: WebviewToExtension): Promise<void>;
}

/** Opens a project's dashboard as the Projects view does (by id and name); the panel, which must be there. */
export async function openProjectDashboard(id: string, name: string): Promise<PanelHandle> {
  const panel = await vscode.commands.executeCommand<PanelHandle>('lca.openDashboard', { kind: 'project', project: { id, name } });
  if (!panel) throw new Error('lca.openDashboard returned no panel');
  return panel;
}

/** A dashboard panel: its webview panel, or the object `lca.openDashboard` resolves to (which holds it as `panel`). */
export type PanelRef = vscode.WebviewPanel | { readonly panel: vscode.WebviewPanel };

type MessageType = ExtensionToWebview['type'];
type MessageOf<T extends MessageType> = Extract<ExtensionToWebview, { type: T }>;
type CreateWebviewPanel = typeof vscode.window.createWebviewPanel;
type PostMessage = (message: unknown) => Thenable<boolean>;

const webviewPanelOf = (ref: PanelRef): vscode.WebviewPanel => ('webview' in ref ? ref : ref.panel);

export class DashboardRecorder {
  private readonly sent = new Map<vscode.WebviewPanel, ExtensionToWebview[]>();
  private readonly wrapped: vscode.Webview[] = [];
  private readonly posted = new vscode.EventEmitter<{ panel: vscode.WebviewPanel; message: ExtensionToWebview }>();
  private original: CreateWebviewPanel | undefined;

  /** Closes the dashboards left open, then records every dashboard panel created until `restore`. */
  async install(): Promise<void> {
    if (this.original) return;
    const left = dashboardTabs();
    if (left.length) await vscode.window.tabGroups.close(left);
    const window = vscode.window as { createWebviewPanel: CreateWebviewPanel };
    const original = window.createWebviewPanel;
    this.original = original;
    window.createWebviewPanel = (...args: Parameters<CreateWebviewPanel>) => {
      const panel = original.apply(vscode.window, args);
      if (args[0] === DASHBOARD_VIEW_TYPE) this.watch(panel);
      return panel;
    };
  }

  restore(): void {
    if (!this.original) return;
    (vscode.window as { createWebviewPanel: CreateWebviewPanel }).createWebviewPanel = this.original;
    this.original = undefined;
    // The webviews still open post through their own method again.
    for (const webview of this.wrapped.splice(0)) delete (webview as { postMessage?: PostMessage }).postMessage;
  }

  private watch(panel: vscode.WebviewPanel): void {
    const webview = panel.webview;
    const post = webview.postMessage.bind(webview) as PostMessage;
    const sent: ExtensionToWebview[] = [];
    this.sent.set(panel, sent);
    this.wrapped.push(webview);
    (webview as { postMessage: PostMessage }).postMessage = (message: unknown) => {
      sent.push(message as ExtensionToWebview);
      this.posted.fire({ panel, message: message as ExtensionToWebview });
      return post(message);
    };
  }

  /** Every message posted to the panel's webview since it was created, oldest first. */
  messages(ref: PanelRef): ExtensionToWebview[] {
    const sent = this.sent.get(webviewPanelOf(ref));
    if (!sent) throw new Error('this dashboard panel was not created while the recorder was installed (was it open before?)');
    return [...sent];
  }

  /** How many messages were posted to the panel so far: pass it as `after` to wait for a message yet to come. */
  count(ref: PanelRef): number {
    return this.messages(ref).length;
  }

  /**
   * The first message of one of these types posted to the panel (after the first `after` messages), waiting for it
   * if it has not been posted yet; fails after `timeoutMs` naming what was posted.
   */
  message<T extends MessageType>(ref: PanelRef, types: T | T[], options: { after?: number; timeoutMs?: number } = {}): Promise<MessageOf<T>> {
    const panel = webviewPanelOf(ref);
    const wanted: MessageType[] = Array.isArray(types) ? types : [types];
    const matches = (m: ExtensionToWebview): m is MessageOf<T> => wanted.includes(m.type);
    const found = this.messages(panel).slice(options.after ?? 0).find(matches);
    if (found) return Promise.resolve(found);
    const timeoutMs = options.timeoutMs ?? 20_000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        sub.dispose();
        const seen = this.messages(panel).map((m) => m.type).join(', ');
        reject(new Error(`no ${wanted.join(' or ')} message within ${timeoutMs} ms; posted: ${seen || 'nothing'}`));
      }, timeoutMs);
      const sub = this.posted.event((e) => {
        if (e.panel !== panel || !matches(e.message)) return;
        clearTimeout(timer);
        sub.dispose();
        resolve(e.message);
      });
    });
  }
}

/**
 * The payload of the first data message posted to the panel after the first `after` messages (waiting for it); an
 * error message posted instead fails, with the dashboard's own words.
 */
export async function dashboardData(recorder: DashboardRecorder, ref: PanelRef, options: { after?: number; timeoutMs?: number } = {}): Promise<DashboardData> {
  const m = await recorder.message(ref, ['data', 'error'], options);
  if (m.type === 'error') throw new Error(`the dashboard reported an error: ${m.message}`);
  return parsePayload(m.payload);
}

/** Records the dashboards' messages for the suite it is called in (installed before its first test, restored after its last). */
export function recordDashboards(): DashboardRecorder {
  const recorder = new DashboardRecorder();
  before(() => recorder.install());
  after(() => recorder.restore());
  return recorder;
}

/** The dashboard tabs open in the editor area (what the user sees of the open dashboards). */
export function dashboardTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(DASHBOARD_VIEW_TYPE));
}
