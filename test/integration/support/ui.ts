// What the extension asks and tells the user, from the tests' side: stubs on vscode.window (the extension and the
// tests share one vscode API object) that record every message shown and answer modal confirmations, QuickPicks and
// input boxes with the answers a test queued. `stubUi()` inside a describe installs them for that suite.
import * as vscode from 'vscode';

/** A message the extension showed (or a modal confirmation it asked) while the stubs were installed. */
export interface ShownMessage {
  /** 1 for the first message shown since the stubs were installed, then counting up. */
  seq: number;
  /** 'confirm': a modal warning or information message (a question the user must answer). */
  kind: 'confirm' | 'error' | 'warning' | 'info';
  message: string;
  detail?: string;
  /** The buttons offered (Retry, Sign In, Open Log, the confirmation's action, …). */
  actions: string[];
}

/** An input box the extension showed while the stubs were installed. */
export interface ShownInputBox {
  title: string | undefined;
  prompt: string | undefined;
  /** The value it proposed. */
  value: string | undefined;
}

/** A QuickPick the extension showed while the stubs were installed. */
export interface ShownQuickPick {
  title: string | undefined;
  placeHolder: string | undefined;
  /** The items offered when it was shown. */
  items: vscode.QuickPickItem[];
  /** A QuickPick made with createQuickPick: the live one, for a test that types in it (its items follow). */
  live?: vscode.QuickPick<vscode.QuickPickItem>;
}

type MessageItem = string | vscode.MessageItem;
type Stubbed = 'showInformationMessage' | 'showWarningMessage' | 'showErrorMessage' | 'showQuickPick' | 'showInputBox' | 'createQuickPick';
const STUBBED: Stubbed[] = ['showInformationMessage', 'showWarningMessage', 'showErrorMessage', 'showQuickPick', 'showInputBox', 'createQuickPick'];
/** The answer that leaves a QuickPick made with createQuickPick open, for the test to type in and choose from. */
export const LEAVE_OPEN = '(leave open)';
type Window = Record<Stubbed, unknown>;

const titleOf = (item: MessageItem): string => (typeof item === 'string' ? item : item.title);

export class UiStubs {
  constructor(private readonly showNotifications = false) {}

  private readonly confirmations: boolean[] = [];
  private readonly picks: string[] = [];
  private readonly inputs: string[] = [];
  private readonly shown: ShownMessage[] = [];
  private readonly pickers: ShownQuickPick[] = [];
  private readonly boxes: ShownInputBox[] = [];
  private readonly unanswered: string[] = [];
  private saved: Partial<Window> | undefined;
  /** The QuickPicks made with createQuickPick that are shown and not yet hidden. */
  private readonly open = new Set<vscode.QuickPick<vscode.QuickPickItem>>();

  /** The next modal confirmations are answered with these: true chooses the (first) action, false cancels. */
  answerConfirmations(...answers: boolean[]): void {
    this.installed();
    this.confirmations.push(...answers);
  }

  /**
   * The next QuickPicks choose the item with this label (a label not among the items is an error, so that a test cannot
   * choose what the user could not). With several choices: labels separated by " | ", "(picked)" for the items picked
   * beforehand, "(none)" for none. A QuickPick made with createQuickPick is answered in VS Code itself: the item made
   * active and accepted as Enter does; `LEAVE_OPEN` leaves it open (see `openQuickPick`).
   */
  answerQuickPicks(...labels: string[]): void {
    this.installed();
    this.picks.push(...labels);
  }

  /** The next input boxes are answered with these values ("(default)": the proposed value), checked by the box's validateInput. */
  answerInputs(...values: string[]): void {
    this.installed();
    this.inputs.push(...values);
  }

  /** Refuses an answer queued while the stubs are not in place: `stubUi()` called inside a test registers its hooks too late (they never run), and VS Code's real dialogs would come up instead. */
  private installed(): void {
    if (!this.saved) throw new Error('The UI stubs are not installed: call stubUi() in the describe block, not inside a test or hook.');
  }

  /** How many messages were shown so far (the `seq` of the last one): pass it to `messages` after an action. */
  count(): number {
    return this.shown.length;
  }

  /** The messages shown, oldest first; with `afterSeq`, only those shown after the one of that number. */
  messages(afterSeq = 0): ShownMessage[] {
    return this.shown.filter((m) => m.seq > afterSeq).map((m) => ({ ...m, actions: [...m.actions] }));
  }

  /** The QuickPicks shown (with their items as offered), oldest first. */
  quickPicks(): ShownQuickPick[] {
    return this.pickers.map((p) => ({ ...p, items: [...p.items] }));
  }

  /** The input boxes shown (with the prompt and the value proposed), oldest first. */
  inputBoxes(): ShownInputBox[] {
    return this.boxes.map((b) => ({ ...b }));
  }

  /** The QuickPick made with createQuickPick that is open now (shown, not yet hidden), once it is; undefined after `timeoutMs`. */
  async openQuickPick(timeoutMs = 30_000): Promise<vscode.QuickPick<vscode.QuickPickItem> | undefined> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const live = this.pickers.at(-1)?.live;
      if (live && this.open.has(live)) return live;
      if (Date.now() > until) return undefined;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Forgets the answers queued but not used (so that they cannot answer a later test's question); what was left, as text. */
  clearAnswers(): string[] {
    const left: string[] = [];
    if (this.confirmations.length) left.push(`${this.confirmations.splice(0).length} confirmation answer(s)`);
    if (this.picks.length) left.push(`QuickPick answer(s) ${JSON.stringify(this.picks.splice(0))}`);
    if (this.inputs.length) left.push(`input answer(s) ${JSON.stringify(this.inputs.splice(0))}`);
    return left;
  }

  /**
   * The questions asked with no answer queued, then forgotten: a modal confirmation is refused (rejects), as VS Code
   * refuses dialogs in extension tests; a QuickPick or input box is cancelled, as the user's Escape would.
   */
  takeUnanswered(): string[] {
    return this.unanswered.splice(0);
  }

  install(): void {
    if (this.saved) return;
    const window = vscode.window as unknown as Window;
    this.saved = Object.fromEntries(STUBBED.map((name) => [name, window[name]]));
    window.showInformationMessage = (message: string, ...rest: unknown[]) => this.message('info', message, rest);
    window.showWarningMessage = (message: string, ...rest: unknown[]) => this.message('warning', message, rest);
    window.showErrorMessage = (message: string, ...rest: unknown[]) => this.message('error', message, rest);
    window.showQuickPick = (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>, options?: vscode.QuickPickOptions) =>
      this.quickPick(items, options);
    window.showInputBox = (options?: vscode.InputBoxOptions) => this.inputBox(options);
    const create = this.saved.createQuickPick as () => vscode.QuickPick<vscode.QuickPickItem>;
    window.createQuickPick = () => this.createdQuickPick(create.call(vscode.window));
  }

  restore(): void {
    if (!this.saved) return;
    Object.assign(vscode.window as unknown as Window, this.saved);
    this.saved = undefined;
  }

  private message(kind: 'error' | 'warning' | 'info', message: string, rest: unknown[]): Thenable<MessageItem | undefined> {
    const args = [...rest];
    const options = rest.length && rest[0] && typeof rest[0] === 'object' && !('title' in rest[0]) ? (rest.shift() as vscode.MessageOptions) : undefined;
    const items = rest as MessageItem[];
    const modal = !!options?.modal;
    this.shown.push({ seq: this.shown.length + 1, kind: modal ? 'confirm' : kind, message, detail: options?.detail, actions: items.map(titleOf) });
    // A notification: shown for real when the suite acts on notifications as a user does, else as if closed.
    if (!modal) {
      const original = this.saved?.[kind === 'error' ? 'showErrorMessage' : kind === 'warning' ? 'showWarningMessage' : 'showInformationMessage'] as
        | ((m: string, ...a: unknown[]) => Thenable<MessageItem | undefined>)
        | undefined;
      return this.showNotifications && original ? original.call(vscode.window, message, ...args) : Promise.resolve(undefined);
    }
    if (!this.confirmations.length) {
      // What VS Code itself does with a modal dialog while extension tests run: it refuses to show it.
      this.unanswered.push(`confirmation "${message}"`);
      return Promise.reject(new Error(`no answer queued for the modal dialog "${message}" (VS Code refuses to show dialogs in extension tests)`));
    }
    return Promise.resolve(this.confirmations.shift() ? items[0] : undefined);
  }

  private async quickPick(
    source: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>,
    options: vscode.QuickPickOptions | undefined,
  ): Promise<vscode.QuickPickItem | vscode.QuickPickItem[] | undefined> {
    const items = await source;
    const title = options?.title ?? options?.placeHolder ?? '';
    this.pickers.push({ title: options?.title, placeHolder: options?.placeHolder, items: [...items] });
    const answer = this.picks.shift();
    if (answer === undefined) {
      this.unanswered.push(`QuickPick "${title}"`);
      return undefined;
    }
    const find = (label: string) => {
      const found = items.find((i) => i.label === label);
      if (!found) throw new Error(`QuickPick answer "${label}" is not among the items of "${title}": ${items.map((i) => i.label).join(', ')}`);
      return found;
    };
    if (!options?.canPickMany) return find(answer);
    if (answer === '(picked)') return items.filter((i) => i.picked);
    if (answer === '(none)') return [];
    return answer.split(' | ').map(find);
  }

  /** A real QuickPick, recorded when shown and answered as the user would: the item made active, then Enter. */
  private createdQuickPick(pick: vscode.QuickPick<vscode.QuickPickItem>): vscode.QuickPick<vscode.QuickPickItem> {
    const show = pick.show.bind(pick);
    pick.onDidHide(() => this.open.delete(pick));
    pick.show = () => {
      show();
      this.open.add(pick);
      this.pickers.push({ title: pick.title, placeHolder: pick.placeholder, items: [...pick.items], live: pick });
      void this.answerCreated(pick);
    };
    return pick;
  }

  private async answerCreated(pick: vscode.QuickPick<vscode.QuickPickItem>): Promise<void> {
    const title = pick.title ?? pick.placeholder ?? '';
    const answer = this.picks.shift();
    if (answer === LEAVE_OPEN) return;
    if (answer === undefined) {
      this.unanswered.push(`QuickPick "${title}"`);
      pick.hide();
      return;
    }
    const item = pick.items.find((i) => i.label === answer);
    if (!item) {
      this.unanswered.push(`QuickPick "${title}" answered "${answer}", which is not among its items: ${pick.items.map((i) => i.label).join(', ')}`);
      pick.hide();
      return;
    }
    pick.activeItems = [item];
    // The active item reaches the workbench on the QuickPick's next update (deferred a tick), then Enter accepts it.
    await new Promise((r) => setTimeout(r, 250));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  }

  private async inputBox(options: vscode.InputBoxOptions | undefined): Promise<string | undefined> {
    const title = options?.title ?? options?.prompt ?? '';
    this.boxes.push({ title: options?.title, prompt: options?.prompt, value: options?.value });
    const raw = this.inputs.shift();
    if (raw === undefined) {
      this.unanswered.push(`input box "${title}"`);
      return undefined;
    }
    const value = raw === '(default)' ? (options?.value ?? '') : raw;
    const invalid = await options?.validateInput?.(value);
    if (invalid) throw new Error(`Input "${value}" for "${title}" is refused: ${typeof invalid === 'string' ? invalid : invalid.message}`);
    return value;
  }
}

/**
 * Installs the stubs for the enclosing describe (before its first test, restored after its last). After each test, the
 * answers it queued but did not use are forgotten and, like questions asked without an answer, reported in the output.
 */
/**
 * Installs the stubs for the suite it is called in. `showNotifications`: notifications (not modal dialogs) are also
 * shown for real, for suites that act on them as a user does (their buttons, the primary action).
 */
export function stubUi(options: { showNotifications?: boolean } = {}): UiStubs {
  const ui = new UiStubs(!!options.showNotifications);
  before(() => ui.install());
  afterEach(function () {
    const title = this.currentTest?.fullTitle() ?? 'a test';
    const left = ui.clearAnswers();
    if (left.length) console.warn(`"${title}" left ${left.join(', ')} unused`);
    const unanswered = ui.takeUnanswered();
    if (unanswered.length) console.warn(`"${title}" was asked ${unanswered.join(', ')} without an answer`);
  });
  after(() => ui.restore());
  return ui;
}
