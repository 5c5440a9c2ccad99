// "Pick a known material…", the quick fix of an unknown epdId: a QuickPick over every material the catalog knows,
// then one WorkspaceEdit (one undo step) replacing the epdId's value with the chosen material's id.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { JsonPath } from '../../core/document';
import type { Catalog } from '../library/catalog';
import { pickMaterial } from '../library/pick';
import type { DocumentAnalyses } from './analyses';

export const PICK_EPD_COMMAND = 'lca.pickEpdId';

const isPath = (v: unknown): v is JsonPath => Array.isArray(v) && v.every((p) => typeof p === 'string' || typeof p === 'number');

/** Runs the pick for the epdId at `path` in `uri`; the chosen id, or undefined when cancelled or the value moved away. */
export async function pickEpdId(catalog: Catalog, analyses: DocumentAnalyses, uri: unknown, path: unknown): Promise<string | undefined> {
  if (!(uri instanceof vscode.Uri) || !isPath(path)) return undefined;
  const material = await pickMaterial(catalog, { title: l10n.t('Replace the unknown epdId with a known material') });
  if (!material) return undefined;
  // Located again now: the document may have changed while the QuickPick was open.
  const document = await vscode.workspace.openTextDocument(uri);
  const locator = analyses.get(document)?.locator;
  const found = locator?.find(path);
  const span = found?.exact ? locator?.spanOf(found.located) : undefined;
  if (!span || !locator?.text.startsWith('"', span.offset)) {
    void vscode.window.showWarningMessage(l10n.t('The epdId is no longer where it was; nothing was changed.'));
    return undefined;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(document.positionAt(span.offset), document.positionAt(span.offset + span.length)), JSON.stringify(material.id));
  return (await vscode.workspace.applyEdit(edit)) ? material.id : undefined;
}
