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

/**
 * Whether VS Code's own filter can show `item` for `value`: its filter (prefix, word starts, contiguous substring of
 * the label, description or detail, ignoring case) never shows an item whose fields do not hold the value's characters
 * in order — so when this says no for every item, the list VS Code shows is empty.
 */
function mayMatch(item: vscode.QuickPickItem, value: string, options: Pick<SearchOptions, 'matchOnDescription' | 'matchOnDetail'>): boolean {
  const query = value.trim().toLowerCase();
  if (!query || item.alwaysShow) return true;
  const fields = [item.label, options.matchOnDescription ? item.description : undefined, options.matchOnDetail ? item.detail : undefined];
  return fields.some((f) => f !== undefined && holdsInOrder(f.toLowerCase(), query));
}

function holdsInOrder(text: string, query: string): boolean {
  let at = 0;
  for (const ch of query) {
    if (ch === ' ') continue;
    at = text.indexOf(ch, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/**
 * A QuickPick of a fixed list that says so when what is typed matches none of it (VS Code's own QuickPick then shows
 * an empty list without a word): `noMatch(value)` is shown as a note that cannot be chosen.
 */
export function showQuickPickWithNoMatchNote<T extends SearchItem>(items: readonly T[], noMatch: (value: string) => string, options: SearchOptions): Promise<T | undefined> {
  const choices = items.filter((i) => i.kind !== vscode.QuickPickItemKind.Separator);
  return showSearchQuickPick(items, (value) => (choices.some((i) => mayMatch(i, value, options)) ? items : [{ label: noMatch(value.trim()), alwaysShow: true, inert: true } as T]), options);
}
