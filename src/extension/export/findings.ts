// Where the findings of Check Before Submission are in the workspace: the files the catalog knows for the lines'
// materials and constructions (read as the editor has them), handed to the core's check, which finds each finding's
// line; the findings with a place are then shown in the Problems view (a click opens the file at the line).
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { Dashboard } from '../../core/api/types';
import type { Finding, WorkspaceItems } from '../../core/export/br18';
import type { Catalog } from '../library/catalog';
import { loadBr18Export } from '../bundles';
import { textOf } from './submission';

/** The workspace files of the lines' materials and constructions, as the catalog links them to service ids. */
export function workspaceItems(catalog: Catalog, dashboard: Dashboard): Promise<WorkspaceItems> {
  // A bulk file holds many lines' materials: read once, however many of them it has.
  const texts = new Map<string, Promise<string | undefined>>();
  const read = (uri: vscode.Uri): Promise<string | undefined> => {
    const key = uri.toString();
    const text = texts.get(key) ?? textOf(uri);
    texts.set(key, text);
    return text;
  };
  return loadBr18Export().workspaceItemsFrom(dashboard, async (kind, id) => {
    const known: { uri?: vscode.Uri; record: unknown; index?: number } | undefined = kind === 'material' ? catalog.material(id) : catalog.construction(id);
    const text = known?.uri?.scheme === 'file' ? await read(known.uri) : undefined;
    return text === undefined ? undefined : { path: known!.uri!.fsPath, text, record: known!.record, index: known!.index };
  });
}

/** Shows the findings that have a place in the Problems view, each at its file and line (replacing the last check's). */
export function showFindings(collection: vscode.DiagnosticCollection, findings: readonly Finding[], projectName: string): void {
  collection.clear();
  const core = loadBr18Export();
  // Numbers and days as the report writes them in the chosen language.
  const say = core.phraseWith(l10n.phrasing());
  for (const [file, list] of core.findingsByFile(findings, (f) => say(f.message))) {
    collection.set(
      vscode.Uri.file(file),
      list.map((f) => {
        const d = new vscode.Diagnostic(new vscode.Range(f.line, 0, f.line, Number.MAX_SAFE_INTEGER), `${projectName}: ${f.message}`, vscode.DiagnosticSeverity.Warning);
        d.source = l10n.t('Check Before Submission');
        d.code = f.check;
        return d;
      }),
    );
  }
}
