// Small shared UI helpers: modal confirmations, error messages with actions, and the `lca:` virtual documents.
import * as vscode from 'vscode';
import * as l10n from './l10n';
import { isMsg } from '../core/l10n';
import { isLcaServiceError } from '../client';
import { Disposable } from './disposable';
import { isLink } from '../core/workspace/confine';

/** vscode.window.showErrorMessage; resolves with the chosen action (callers often `void` it). */
export function showError(message: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showErrorMessage(message, ...actions);
}

/** vscode.window.showWarningMessage (not modal); resolves with the chosen action. */
export function showWarning(message: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(message, ...actions);
}

/** vscode.window.showInformationMessage; resolves with the chosen action. */
export function showInfo(message: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showInformationMessage(message, ...actions);
}

/** vscode.window.showQuickPick with one choice. */
export async function showQuickPick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
  return vscode.window.showQuickPick(items, options);
}

/** vscode.window.showQuickPick with several choices. */
export async function showQuickPickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Promise<T[] | undefined> {
  return vscode.window.showQuickPick(items, { ...options, canPickMany: true });
}

/** vscode.window.showInputBox. */
export async function showInputBox(options: vscode.InputBoxOptions): Promise<string | undefined> {
  return vscode.window.showInputBox(options);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID such as 3f0c6a5e-8a51-4c1e-9a4c-2b1d7c0e0a11 (the form of every service id). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** An input box for a service id, checked as typed; the trimmed UUID, or undefined when cancelled. */
export function askUuid(title: string, prompt: string): Thenable<string | undefined> {
  return vscode.window
    .showInputBox({
      title,
      prompt,
      validateInput: (v) => (isUuid(v.trim()) ? undefined : l10n.t('Enter a UUID such as 3f0c6a5e-8a51-4c1e-9a4c-2b1d7c0e0a11')),
    })
    .then((v) => v?.trim() || undefined);
}

/** A modal warning with one action button; true only if the user chose the action. */
export async function confirmModal(message: string, detail: string, action: string): Promise<boolean> {
  const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, action);
  return choice === action;
}

/**
 * Whether sending the same request again can succeed: not for a refusal the service will repeat (a 4xx such as 404,
 * 409 or 422, or a request the client refused to send), only for failures of the moment (network, timeout, 5xx) and
 * the 4xx that mean "later" (408 Request Timeout, 425 Too Early, 429 Too Many Requests). A 401 gets Sign In instead.
 */
export function retryCanHelp(error: unknown): boolean {
  if (!isLcaServiceError(error)) return true;
  if (error.code === 'invalid-request') return false;
  const status = error.status;
  if (status === undefined || status >= 500) return true;
  return status === 408 || status === 425 || status === 429;
}

/** Whether the service refused who is signed in (or nobody is): a 401, which Sign In answers. */
export function needsSignIn(error: unknown): boolean {
  return isLcaServiceError(error) && error.status === 401;
}

/**
 * Shows an error with what failed and why, plus Retry (only when retryCanHelp) / Sign In / Open Log actions where they help. Resolves when the
 * user has answered (or dismissed) it: commands call it with `void` so that they finish while the message is shown.
 * `signingIn`: what failed was the sign-in itself, so Retry (asking again) is offered whatever the failure, and no Sign In.
 */
export async function showServiceError(
  what: string,
  error: unknown,
  log: vscode.LogOutputChannel,
  retry?: () => unknown,
  signingIn = false,
): Promise<void> {
  const why = errorMessage(error);
  log.error(`${what}: ${why}`);
  const actions: string[] = [];
  const retryLabel = l10n.t('Retry');
  const signIn = l10n.t('Sign In');
  const openLog = l10n.t('Open Log');
  if (retry && (signingIn || retryCanHelp(error))) actions.push(retryLabel);
  if (needsSignIn(error) && !signingIn) actions.push(signIn);
  actions.push(openLog);
  const choice = await showError(`${what}: ${why}`, ...actions);
  if (choice === retryLabel) await retry?.();
  else if (choice === signIn) await vscode.commands.executeCommand('lca.signIn');
  else if (choice === openLog) log.show();
}

/** Read-only documents under the `lca:` scheme (pretty-printed JSON, Markdown reports). */
export class VirtualDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  /** The scheme of the `lca:` documents (project JSON, records read from the service); bulk reports have their own. */
  static readonly scheme = 'lca';
  private readonly contents = new Map<string, string>();
  /** Who was signed in when each document was made (what it shows was read by that identity). */
  private readonly owners = new Map<string, string | undefined>();
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private identity: () => string | undefined = () => undefined;

  constructor(readonly scheme: string = VirtualDocuments.scheme) {
    super();
  }

  /** Tells the documents who is signed in (the composition root wires this once sign-in exists). */
  bindIdentity(identity: () => string | undefined): void {
    this.identity = identity;
  }

  set(path: string, content: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path });
    this.contents.set(uri.toString(), content);
    this.owners.set(uri.toString(), this.identity());
    this.changed.fire(uri);
    return uri;
  }

  /**
   * After the signed-in identity changed: the documents another identity read are emptied (to a line saying whose
   * they were) and their editors, diff editors included, are closed. The number of documents forgotten.
   */
  async closeForeign(): Promise<number> {
    const now = this.identity();
    const foreign = [...this.owners].filter(([, owner]) => owner !== undefined && owner !== now);
    if (!foreign.length) return 0;
    const keys = new Set(foreign.map(([key]) => key));
    for (const [key, owner] of foreign) {
      this.contents.set(key, l10n.t('This document showed what {0} read from the LCA service; it was closed when the sign-in changed.', owner ?? '') + '\n');
      this.owners.delete(key);
      this.changed.fire(vscode.Uri.parse(key));
    }
    const shows = (u: unknown): boolean => u instanceof vscode.Uri && keys.has(u.toString());
    const tabs = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => {
        const input = t.input;
        if (input instanceof vscode.TabInputText) return shows(input.uri);
        if (input instanceof vscode.TabInputTextDiff) return shows(input.original) || shows(input.modified);
        return false;
      });
    if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
    return foreign.length;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  async open(path: string, content: string, language?: string): Promise<vscode.TextDocument> {
    return this.show(this.set(path, content), language);
  }

  /**
   * Shows a document made by `set` (as a preview, in `language` when given). Markdown (a report) is shown rendered,
   * its source one click away (the preview's Open Source).
   */
  async show(uri: vscode.Uri, language?: string): Promise<vscode.TextDocument> {
    let doc = await vscode.workspace.openTextDocument(uri);
    if (language && doc.languageId !== language) doc = await vscode.languages.setTextDocumentLanguage(doc, language);
    if (language === 'markdown') await showRendered(doc);
    else await vscode.window.showTextDocument(doc, { preview: true });
    return doc;
  }
}

/**
 * Shows a Markdown document (a report, also one of a virtual scheme) rendered in VS Code's Markdown preview, whose
 * title bar has Open Source; beside the active editor when `beside`. Where the preview is not available (the
 * built-in Markdown extension disabled), the source is shown.
 */
export async function showRendered(document: vscode.TextDocument, options: { beside?: boolean; preserveFocus?: boolean } = {}): Promise<void> {
  let doc = document;
  if (doc.languageId !== 'markdown') doc = await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
  try {
    await vscode.commands.executeCommand(options.beside ? 'markdown.showPreviewToSide' : 'markdown.showPreview', doc.uri);
  } catch {
    await vscode.window.showTextDocument(doc, {
      preview: true,
      ...(options.beside ? { viewColumn: vscode.ViewColumn.Beside } : {}),
      ...(options.preserveFocus ? { preserveFocus: true } : {}),
    });
  }
}

/**
 * Writes `body` as pretty JSON to `target` and opens it. An existing file is replaced only when the user agrees;
 * declined (or no target), a save dialog picks another place. Undefined when the user cancels.
 */
export async function writeJsonFile(
  target: vscode.Uri | undefined,
  body: unknown,
  options: { replaceDetail: string; filters: Record<string, string[]> },
): Promise<vscode.Uri | undefined> {
  let uri = target;
  if (uri?.scheme === 'file' && (await isLink(uri.fsPath))) {
    // A name made from data (an imported material's) that is a link in the folder: the link would take the file
    // elsewhere, perhaps outside the workspace (a dangling link too). Nothing is written through it; the user chooses.
    void showWarning(l10n.t('{0} is a symbolic link: nothing is written through a link. Choose where to save the file.', vscode.workspace.asRelativePath(uri)));
    uri = await vscode.window.showSaveDialog({ defaultUri: uri, filters: options.filters });
  } else if (uri) {
    let exists = false;
    try {
      await vscode.workspace.fs.stat(uri);
      exists = true;
    } catch {
      // does not exist: write it
    }
    if (exists) {
      const replace = await confirmModal(
        l10n.t('{0} already exists.', vscode.workspace.asRelativePath(uri)),
        options.replaceDetail,
        l10n.t('Replace'),
      );
      if (!replace) uri = await vscode.window.showSaveDialog({ defaultUri: uri, filters: options.filters });
    }
  } else {
    uri = await vscode.window.showSaveDialog({ filters: options.filters });
  }
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, Buffer.from(JSON.stringify(body, null, 2) + '\n', 'utf8'));
  // A new file is there to be filled in: a tab of its own, not a preview the next file opened replaces.
  await vscode.window.showTextDocument(uri, { preview: false });
  return uri;
}


/** What went wrong, in the chosen language: an error's `reason` (a core `Msg`, e.g. LcaServiceError's), else its message. */
export function errorMessage(error: unknown): string {
  const e = error as { reason?: unknown; message?: string } | undefined;
  if (isMsg(e?.reason)) return l10n.say(e.reason);
  return e?.message ?? String(error);
}
