// Small shared UI helpers: modal confirmations (with a queue of scripted answers for tests),
// error messages with actions, and the `lca:` virtual documents.
import * as vscode from 'vscode';

const scriptedAnswers: boolean[] = [];

/** What the extension asked or told the user through the helpers below, kept for the integration tests. */
export interface ShownMessage {
  /** 1 for the first message shown in this session, then counting up (kept when older ones are dropped). */
  seq: number;
  kind: 'confirm' | 'error';
  message: string;
  detail?: string;
}
const shownMessages: ShownMessage[] = [];
let shownCount = 0;

function remember(m: Omit<ShownMessage, 'seq'>): void {
  shownMessages.push({ ...m, seq: ++shownCount });
  if (shownMessages.length > 200) shownMessages.splice(0, shownMessages.length - 200);
}

/**
 * Test hook: the confirmations and errors shown through these helpers, oldest first (the last 200); with `afterSeq`,
 * only those shown after the message of that number (`messageCount()` before an action gives it).
 */
export function recentMessages(afterSeq = 0): ShownMessage[] {
  return shownMessages.filter((m) => m.seq > afterSeq).map((m) => ({ ...m }));
}

/** Test hook: how many messages were shown so far (the `seq` of the last one). */
export function messageCount(): number {
  return shownCount;
}

/** vscode.window.showErrorMessage, remembered for the tests; resolves with the chosen action (callers often `void` it). */
export function showError(message: string, ...actions: string[]): Thenable<string | undefined> {
  remember({ kind: 'error', message });
  return vscode.window.showErrorMessage(message, ...actions);
}

/** Test hook: the next modal confirmations return these answers instead of showing a dialog. */
export function queueConfirmationAnswers(...answers: boolean[]): void {
  scriptedAnswers.push(...answers);
}

/** Test hook: forgets answers a test queued but did not use, so that they cannot answer another test's dialog. */
export function clearConfirmationAnswers(): number {
  return scriptedAnswers.splice(0).length;
}

const scriptedPicks: string[] = [];

/** Test hook: the next QuickPicks shown through showQuickPick choose the item with this label instead of asking. */
export function queueQuickPickAnswers(...labels: string[]): void {
  scriptedPicks.push(...labels);
}

/** Test hook: forgets QuickPick answers a test queued but did not use. */
export function clearQuickPickAnswers(): number {
  return scriptedPicks.splice(0).length;
}

/**
 * vscode.window.showQuickPick, or (in tests) the item with the next queued label; a queued label that is not among
 * the items is an error, so a test cannot pass by choosing something the user would not see.
 */
export async function showQuickPick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
  if (scriptedPicks.length) {
    const label = scriptedPicks.shift()!;
    const found = items.find((i) => i.label === label);
    if (!found) throw new Error(`Scripted QuickPick answer "${label}" is not among the items of "${options.title ?? ''}"`);
    return found;
  }
  return vscode.window.showQuickPick(items, options);
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
      validateInput: (v) => (isUuid(v.trim()) ? undefined : vscode.l10n.t('Enter a UUID such as 3f0c6a5e-8a51-4c1e-9a4c-2b1d7c0e0a11')),
    })
    .then((v) => v?.trim() || undefined);
}

/** A modal warning with one action button; true only if the user chose the action. */
export async function confirmModal(message: string, detail: string, action: string): Promise<boolean> {
  remember({ kind: 'confirm', message, detail });
  if (scriptedAnswers.length) return scriptedAnswers.shift()!;
  const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, action);
  return choice === action;
}

/**
 * Shows an error with what failed and why, plus Retry / Sign In / Open Log actions where they help. Resolves when the
 * user has answered (or dismissed) it: commands call it with `void` so that they finish while the message is shown.
 */
export async function showServiceError(
  what: string,
  error: unknown,
  log: vscode.LogOutputChannel,
  retry?: () => unknown,
): Promise<void> {
  const e = error as { userMessage?: string; message?: string; status?: number };
  const why = e.userMessage ?? e.message ?? String(error);
  log.error(`${what}: ${why}`);
  const actions: string[] = [];
  const retryLabel = vscode.l10n.t('Retry');
  const signIn = vscode.l10n.t('Sign In');
  const openLog = vscode.l10n.t('Open Log');
  if (retry) actions.push(retryLabel);
  if (e.status === 401) actions.push(signIn);
  actions.push(openLog);
  const choice = await showError(`${what}: ${why}`, ...actions);
  if (choice === retryLabel) await retry?.();
  else if (choice === signIn) await vscode.commands.executeCommand('lca.signIn');
  else if (choice === openLog) log.show();
}

/** Read-only documents under the `lca:` scheme (pretty-printed JSON, Markdown reports). */
export class VirtualDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  static readonly scheme = 'lca';
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  set(path: string, content: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: VirtualDocuments.scheme, path });
    this.contents.set(uri.toString(), content);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  async open(path: string, content: string, language?: string): Promise<vscode.TextDocument> {
    const uri = this.set(path, content);
    let doc = await vscode.workspace.openTextDocument(uri);
    if (language && doc.languageId !== language) doc = await vscode.languages.setTextDocumentLanguage(doc, language);
    await vscode.window.showTextDocument(doc, { preview: true });
    return doc;
  }

  dispose(): void {
    this.changed.dispose();
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
  if (uri) {
    let exists = false;
    try {
      await vscode.workspace.fs.stat(uri);
      exists = true;
    } catch {
      // does not exist: write it
    }
    if (exists) {
      const replace = await confirmModal(
        vscode.l10n.t('{0} already exists.', vscode.workspace.asRelativePath(uri)),
        options.replaceDetail,
        vscode.l10n.t('Replace'),
      );
      if (!replace) uri = await vscode.window.showSaveDialog({ defaultUri: uri, filters: options.filters });
    }
  } else {
    uri = await vscode.window.showSaveDialog({ filters: options.filters });
  }
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, Buffer.from(JSON.stringify(body, null, 2) + '\n', 'utf8'));
  await vscode.window.showTextDocument(uri);
  return uri;
}

export function errorMessage(error: unknown): string {
  const e = error as { userMessage?: string; message?: string };
  return e?.userMessage ?? e?.message ?? String(error);
}
