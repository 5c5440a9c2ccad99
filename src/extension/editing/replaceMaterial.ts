// The chosen lower-carbon alternative written into a *.construction.json: the component's epdId and, when the
// candidate converts only by mass, its quantity, in one WorkspaceEdit (one undo restores it), located again first
// since the document may have changed while the QuickPick was open.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { Alternative } from '../../core/alternatives';
import type { JsonPath } from '../../core/document';
import { showWarning } from '../ui';
import type { DocumentAnalyses } from './analyses';

/** Where component `index`'s epdId is in a construction. */
export const epdIdPath = (index: number): JsonPath => ['constructionEpds', index, 'epdId'];

/** Writes the alternative into component `index`: its id and, when it converts only by mass, its quantity — one edit. */
export async function replaceMaterial(analyses: DocumentAnalyses, document: vscode.TextDocument, version: number, index: number, currentId: string, a: Alternative): Promise<string | undefined> {
  // Located again now: the document may have changed while the QuickPick was open.
  const locator = analyses.get(document)?.locator;
  const found = locator?.find(epdIdPath(index));
  const span = found?.exact ? locator?.spanOf(found.located) : undefined;
  const unchanged = document.version === version || (span && locator && readString(locator.text.slice(span.offset, span.offset + span.length)) === currentId);
  if (!locator || !span || !unchanged || !locator.text.startsWith('"', span.offset)) {
    void showWarning(l10n.t('The epdId is no longer where it was; nothing was changed.'));
    return undefined;
  }
  const edit = new vscode.WorkspaceEdit();
  const range = (s: { offset: number; length: number }): vscode.Range => new vscode.Range(document.positionAt(s.offset), document.positionAt(s.offset + s.length));
  edit.replace(document.uri, range(span), JSON.stringify(a.id));
  // Where the id is after the edit: moved by a quantity rewritten before it.
  let idOffset = span.offset;
  if (a.rewritesQuantity) {
    const unit = locator.find(['constructionEpds', index, 'constructionUnit']);
    if (!unit?.exact) {
      void showWarning(l10n.t('The epdId is no longer where it was; nothing was changed.'));
      return undefined;
    }
    const s = locator.spanOf(unit.located);
    const text = quantityText(document, s.offset, a);
    edit.replace(document.uri, range(s), text);
    if (s.offset < span.offset) idOffset += text.length - s.length;
  }
  if (!(await vscode.workspace.applyEdit(edit))) return undefined;
  // Chosen from the impact breakdown, the construction is shown with the change (where Undo takes it back).
  if (vscode.window.activeTextEditor?.document !== document) {
    const shown = vscode.window.visibleTextEditors.find((e) => e.document === document);
    const editor = await vscode.window.showTextDocument(document, shown?.viewColumn ?? vscode.ViewColumn.One);
    const at = new vscode.Range(document.positionAt(idOffset), document.positionAt(idOffset + JSON.stringify(a.id).length));
    editor.selection = new vscode.Selection(at.start, at.end);
    editor.revealRange(at);
  }
  return a.id;
}

function readString(text: string): string | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** `{ "unit": …, "amount": … }` in the candidate's declared unit, indented as the line it starts on and its file. */
function quantityText(document: vscode.TextDocument, offset: number, a: Alternative): string {
  const line = document.lineAt(document.positionAt(offset).line).text;
  const base = /^\s*/.exec(line)?.[0] ?? '';
  const step = /\n([ \t]+)\S/.exec(document.getText())?.[1] ?? '  ';
  const amount = Number(a.amount.toPrecision(6));
  return `{\n${base}${step}"unit": ${a.declaredUnit},\n${base}${step}"amount": ${amount}\n${base}}`;
}
