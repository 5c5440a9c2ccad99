// Where the findings of Check Before Submission are in the workspace: the files the catalog knows for the lines'
// materials and constructions (read as the editor has them), handed to the core's check, which finds each finding's
// line; then the findings with a place are shown in the Problems view (a click opens the file at the line) and linked
// from the report.
import * as path from 'path';
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { Dashboard } from '../../core/api/types';
import type { Finding, WorkspaceItem, WorkspaceItems } from '../../core/export/br18';
import type { Catalog } from '../library/catalog';
import { br18Export } from './bundle';

async function textOf(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** The construction ids of the breakdown's leaves (the local service names them). */
function constructionIds(dashboard: Dashboard): string[] {
  const ids = new Set<string>();
  const walk = (nodes: Dashboard['projectBreakdown'] | null | undefined): void => {
    for (const n of nodes ?? []) {
      if (typeof n.constructionId === 'string') ids.add(n.constructionId);
      walk(n.children);
    }
  };
  walk(dashboard.projectBreakdown);
  return [...ids];
}

/** The workspace files of the lines' materials and constructions, as the catalog links them to service ids. */
export async function workspaceItems(catalog: Catalog, dashboard: Dashboard): Promise<WorkspaceItems> {
  const texts = new Map<string, Promise<string | undefined>>();
  const read = (uri: vscode.Uri): Promise<string | undefined> => {
    let t = texts.get(uri.toString());
    if (!t) texts.set(uri.toString(), (t = textOf(uri)));
    return t;
  };
  const itemOf = async (uri: vscode.Uri | undefined, record: unknown, index?: number): Promise<WorkspaceItem | undefined> => {
    if (!uri || uri.scheme !== 'file') return undefined;
    const text = await read(uri);
    return text === undefined ? undefined : { path: uri.fsPath, text, record, ...(index !== undefined ? { index } : {}) };
  };
  const materials = new Map<string, WorkspaceItem>();
  for (const id of br18Export().lineMaterialIds(dashboard)) {
    const m = catalog.material(id);
    const item = await itemOf(m?.uri, m?.record, m?.index);
    if (item) materials.set(id, item);
  }
  const constructions = new Map<string, WorkspaceItem>();
  for (const id of constructionIds(dashboard)) {
    const c = catalog.construction(id);
    const item = await itemOf(c?.uri, c?.record);
    if (item) constructions.set(id, item);
  }
  return { materials, constructions };
}

/** A finding's place as a report link: relative to the saved report, or (a report not saved) the file's URI. */
export function linkTo(report: vscode.Uri | undefined): (l: { path: string; line: number }) => { text: string; target: string } {
  return (l) => ({
    text: `${vscode.workspace.asRelativePath(vscode.Uri.file(l.path))}:${l.line}`,
    target: report?.scheme === 'file'
      ? `${path.relative(path.dirname(report.fsPath), l.path).split(path.sep).join('/')}#L${l.line}`
      : vscode.Uri.file(l.path).with({ fragment: `L${l.line}` }).toString(),
  });
}

const whereOf = (f: Finding): string => {
  const w = f.where;
  return w ? [...w.parts, ...('construction' in w ? [w.construction, w.material] : [])].filter((p) => p !== '').join(' › ') : '';
};

/** Shows the findings that have a place in the Problems view, each at its file and line (replacing the last check's). */
export function showFindings(collection: vscode.DiagnosticCollection, findings: readonly Finding[], projectName: string): void {
  collection.clear();
  const byFile = new Map<string, vscode.Diagnostic[]>();
  for (const f of findings) {
    if (!f.location) continue;
    const line = f.location.line - 1;
    const where = whereOf(f);
    const d = new vscode.Diagnostic(new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER), `${projectName}: ${where ? `${where}: ` : ''}${l10n.say(f.message)}`, vscode.DiagnosticSeverity.Warning);
    d.source = l10n.t('Check Before Submission');
    d.code = f.check;
    const list = byFile.get(f.location.path) ?? [];
    list.push(d);
    byFile.set(f.location.path, list);
  }
  for (const [file, list] of byFile) collection.set(vscode.Uri.file(file), list);
}
