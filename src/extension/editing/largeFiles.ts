// A large LCA file (a bulk library of thousands of materials) gets a language of its own, "LCA JSON (large file)".
// VS Code's JSON language service reads the whole file again after each change and on disk changes, and completion
// and hover wait for every provider of the document's language: at 38 MB that took 19–24 s after a change on disk,
// while the LCA providers answer in milliseconds from the material under the cursor. Under its own language the file
// keeps JSON's colours and brackets (media/lca-json.*), and every LCA feature (checks, schema problems, completion,
// hover, quick fixes, the catalog); it loses only the JSON service's key completion, outline and formatting, which the
// generated libraries of that size do not use. Setting `lca.editing.largeFileThreshold` (MB; 0 = never).
import * as vscode from 'vscode';
import { Disposable } from '../disposable';
import { lcaKindOf } from './documents';

export const LARGE_FILE_LANGUAGE = 'lca-json';
const JSON_LANGUAGES = new Set(['json', 'jsonc']);
const DEFAULT_MB = 2;

/** The size (characters, about bytes) from which an LCA file gets its own language; Infinity when switched off. */
export function largeFileThreshold(scope?: vscode.ConfigurationScope): number {
  const mb = vscode.workspace.getConfiguration('lca', scope).get<number>('editing.largeFileThreshold', DEFAULT_MB);
  if (typeof mb !== 'number' || !Number.isFinite(mb) || mb < 0) return DEFAULT_MB * 1e6;
  return mb === 0 ? Infinity : mb * 1e6;
}

function size(document: vscode.TextDocument): number {
  return document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
}

/** Whether this JSON document is an LCA file large enough to be given its own language. */
function becomesLarge(document: vscode.TextDocument): boolean {
  return JSON_LANGUAGES.has(document.languageId) && lcaKindOf(document) !== undefined && size(document) >= largeFileThreshold(document.uri);
}

export class LargeFiles extends Disposable {
  /** Documents this class moved to the large-file language, and the language they had. */
  private readonly moved = new Map<string, string>();
  /** Documents whose language is changing away from the large-file one (a close and an open of the same document). */
  private readonly leaving = new Set<string>();
  /** Documents this class is moving back to JSON (the threshold was raised). */
  private readonly movingBack = new Set<string>();
  /** Documents the user moved out of the large-file language: left as chosen until closed. */
  private readonly declined = new Set<string>();
  /** Documents being moved to the large-file language: from the decision until VS Code opens them in it again. */
  private readonly moving = new Set<string>();
  private readonly kept = this.register(new vscode.EventEmitter<vscode.TextDocument>());
  /** Fires for a document that was to be moved and stays in its language (VS Code refused, or it closed). */
  readonly onDidKeepLanguage = this.kept.event;

  constructor(private readonly log: vscode.LogOutputChannel) {
    super();
    for (const d of [
      vscode.workspace.onDidOpenTextDocument((d) => {
        const key = d.uri.toString();
        // Opened again in the large-file language: moved.
        if (d.languageId === LARGE_FILE_LANGUAGE && this.moving.delete(key)) return;
        if (this.leaving.delete(key)) {
          // Another language chosen for an open document: by the user unless by this class.
          if (!this.movingBack.delete(key)) this.declined.add(key);
          return;
        }
        void this.update(d);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (d.languageId !== LARGE_FILE_LANGUAGE) return;
        const key = d.uri.toString();
        // A language change closes and opens the same document at once: only a real close forgets it.
        this.leaving.add(key);
        setTimeout(() => {
          this.leaving.delete(key);
          if (!d.isClosed) return;
          this.moved.delete(key);
          this.declined.delete(key);
        }, 0);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('lca.editing.largeFileThreshold')) for (const d of vscode.workspace.textDocuments) void this.update(d);
      }),
    ]) this.register(d);
    for (const d of vscode.workspace.textDocuments) void this.update(d);
  }

  /**
   * Whether the document is about to be opened again in the large-file language: the diagnostics check it then, once,
   * rather than now and again then. (The diagnostics make this class before their own listeners, so it decides first.)
   */
  isMoving(document: vscode.TextDocument): boolean {
    return this.moving.has(document.uri.toString());
  }

  private async update(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    if (this.declined.has(key)) return;
    try {
      if (becomesLarge(document)) {
        this.moved.set(key, document.languageId);
        this.moving.add(key);
        await vscode.languages.setTextDocumentLanguage(document, LARGE_FILE_LANGUAGE);
        this.log.info(
          `${vscode.workspace.asRelativePath(document.uri)} (${(size(document) / 1e6).toFixed(1)} MB) is edited as "LCA JSON (large file)": ` +
            `the LCA checks, completion and hover work on it; VS Code's JSON language service (which reads the whole file after each change) does not. ` +
            `Setting lca.editing.largeFileThreshold.`,
        );
      } else if (document.languageId === LARGE_FILE_LANGUAGE && this.moved.has(key) && size(document) < largeFileThreshold(document.uri)) {
        const back = this.moved.get(key) ?? 'json';
        this.moved.delete(key);
        this.movingBack.add(key);
        await vscode.languages.setTextDocumentLanguage(document, back);
      }
    } catch (e) {
      // Closed meanwhile, or VS Code refused: the file stays in its language, with every LCA feature.
      this.movingBack.delete(key);
      if (this.moving.delete(key)) this.kept.fire(document);
      this.log.warn(`Could not change the language of ${document.uri.toString(true)}: ${(e as Error).message}`);
    }
  }
}
