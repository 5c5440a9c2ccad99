// The row a tree shows where it has nothing to list ("No materials yet", "No projects match the filter").
import * as vscode from 'vscode';

export function emptyItem(id: string, message: string): vscode.TreeItem {
  const item = new vscode.TreeItem(message, vscode.TreeItemCollapsibleState.None);
  item.id = id;
  item.iconPath = new vscode.ThemeIcon('info');
  item.contextValue = 'lca.empty';
  return item;
}
