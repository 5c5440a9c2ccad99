// Which documents the editing features look at: *.material.json, *.materials.json and *.construction.json in a
// real editor (not git's or the output's copies), JSON or JSON with comments, or a large one's own language (largeFiles.ts).
import * as vscode from 'vscode';
import { documentKindOf, type DocumentKind } from '../../core/document';
import { DEFAULT_PERIOD_YEARS } from '../../core/lca/period';

/** A file's text as the user has it: the editor's (unsaved edits too) when it is open, else the disk's. */
export async function currentText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  return open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

export const LCA_FILE_PATTERN = '**/*.{material,materials,construction}.json';

export const LCA_SELECTOR: vscode.DocumentSelector = [
  { language: 'json', pattern: LCA_FILE_PATTERN },
  { language: 'jsonc', pattern: LCA_FILE_PATTERN },
  { language: 'lca-json', pattern: LCA_FILE_PATTERN },
];

const IGNORED_SCHEMES = new Set(['git', 'gitfs', 'output', 'vscode-scm', 'review', 'pr']);

/** The kind of an LCA document, or undefined for every other document. */
export function lcaKindOf(document: vscode.TextDocument): DocumentKind | undefined {
  if (IGNORED_SCHEMES.has(document.uri.scheme)) return undefined;
  return documentKindOf(document.uri.path);
}

/** The preview's reference period in years (setting `lca.preview.referencePeriod`, BR18's 50 by default). */
export function referencePeriod(scope?: vscode.ConfigurationScope): number {
  const value = vscode.workspace.getConfiguration('lca', scope).get<number>('preview.referencePeriod', DEFAULT_PERIOD_YEARS);
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.round(value) : DEFAULT_PERIOD_YEARS;
}
