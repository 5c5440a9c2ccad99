// A QuickPick whose items follow what is typed, for lists too long to hand to VS Code whole (the What if…'s candidates
// among thousands of materials): the caller finds the items for each value, VS Code shows them as given.
import * as vscode from 'vscode';

export interface SearchItem extends vscode.QuickPickItem {
  /** Not a choice but a note ("N more — type to narrow"): accepting it keeps the QuickPick open. */
  inert?: boolean;
}

export interface SearchOptions {
  title?: string;
  placeHolder?: string;
  matchOnDescription?: boolean;
  matchOnDetail?: boolean;
}

/**
 * Shows `first` while nothing is typed and `find(value)` after each change of the value (items marked `alwaysShow`
 * stay whatever VS Code's own filter thinks of them). The item chosen (Enter or a click on a choice), undefined when
 * the QuickPick is closed without one.
 */
export function showSearchQuickPick<T extends SearchItem>(first: readonly T[], find: (value: string) => readonly T[], options: SearchOptions): Promise<T | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<T>();
    pick.title = options.title;
    pick.placeholder = options.placeHolder;
    pick.matchOnDescription = options.matchOnDescription ?? false;
    pick.matchOnDetail = options.matchOnDetail ?? false;
    pick.items = first;
    let done = false;
    const finish = (item: T | undefined): void => {
      if (done) return;
      done = true;
      resolve(item);
      pick.dispose();
    };
    pick.onDidChangeValue((value) => {
      pick.items = value.trim() ? find(value) : first;
    });
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0] ?? pick.activeItems[0];
      if (item && !item.inert) finish(item);
    });
    pick.onDidHide(() => finish(undefined));
    pick.show();
  });
}
