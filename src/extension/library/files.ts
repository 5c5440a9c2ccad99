// What the Library's file-writing commands share: where a new file goes and the save dialog's filters.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { isLcaServiceError } from '../../client';

/** Save-dialog filters, named in the chosen language. */
export const FILTERS = {
  get material(): Record<string, string[]> {
    return { [l10n.t('LCA material')]: ['material.json'] };
  },
  get materials(): Record<string, string[]> {
    return { [l10n.t('LCA materials')]: ['materials.json'] };
  },
  get construction(): Record<string, string[]> {
    return { [l10n.t('LCA construction')]: ['construction.json'] };
  },
};

export function workspaceFolder(): vscode.Uri | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

export function fileIn(folder: vscode.Uri | undefined, stem: string, suffix: string): vscode.Uri | undefined {
  return folder ? vscode.Uri.joinPath(folder, `${stem}${suffix}`) : undefined;
}

export function is404(e: unknown): boolean {
  return isLcaServiceError(e) && e.status === 404;
}
