// The one analysis (core/rules `analyze`) of each open LCA document, per URI and version: diagnostics, quick fixes,
// completion, hovers, the impact preview, Pick Material and the Library catalog all read it, so a document is parsed
// and checked once per version. A bulk file (*.materials.json) is analysed incrementally: the change events' edits are
// queued and applied when the next version is asked for, re-checking only the materials they touched.
// Constructions are analysed again (their text not parsed again) when the catalog learns about epdIds; every document
// when the environment's code table changes.
import * as vscode from 'vscode';
import { Disposable } from '../disposable';
import type { Analysis, AnalyzeOptions } from '../../core/rules';
import { loadRules } from '../bundles';
import { validateAgainst } from '../../core/schemas';
import { documentKindOf, materialAround, type DocumentKind, type TextChange } from '../../core/document';
import type { Catalog } from '../library/catalog';
import type { LcaSession } from '../session';
import { lcaKindOf } from './documents';

interface Entry {
  version: number;
  /** Date.now of the last edit queued, and of the last completion, hover or cursor move in the document. */
  editedAt: number;
  askedAt: number;
  /** Which state of the catalog and the code table the analysis saw. */
  generation: number;
  analysis: Analysis;
  /** A bulk file's edits not applied yet, and the version they lead to. */
  queued: TextChange[];
  queuedVersion: number;
}

export interface DocumentAnalysesDeps {
  catalog: Catalog;
  log: vscode.LogOutputChannel;
  session: Pick<LcaSession, 'codes' | 'onDidChange'>;
}

export class DocumentAnalyses extends Disposable {
  private readonly entries = new Map<string, Entry>();
  /** Raised when what constructions (catalog) or all documents (code table) are checked against changes. */
  private constructionGeneration = 0;
  private generation = 0;
  private readonly invalidated = new vscode.EventEmitter<DocumentKind | undefined>();
  /** Fires when open documents of a kind (undefined: of every kind) must be analysed again though their text did not change. */
  readonly onDidInvalidate = this.invalidated.event;

  private readonly catalog: Catalog;
  private readonly log: vscode.LogOutputChannel;
  /** The environment, whose code table documents are checked with. */
  private readonly session: Pick<LcaSession, 'codes' | 'onDidChange'>;

  constructor(deps: DocumentAnalysesDeps) {
    super();
    ({ catalog: this.catalog, log: this.log, session: this.session } = deps);
    const { catalog, session } = deps;
    for (const d of [
      this.invalidated,
      vscode.workspace.onDidChangeTextDocument((e) => this.queue(e)),
      vscode.workspace.onDidCloseTextDocument((d) => this.entries.delete(d.uri.toString())),
      vscode.window.onDidChangeTextEditorSelection((e) => this.asked(e.textEditor.document)),
      // Only constructions depend on what the catalog knows (their epdIds); material rules do not.
      catalog.onDidChange(() => {
        this.constructionGeneration++;
        this.invalidated.fire('construction');
      }),
      // Another environment's code table (issue #11): every LCA document is analysed again.
      session.onDidChange((change) => {
        if (change !== 'codes') return;
        this.generation++;
        this.invalidated.fire(undefined);
      }),
    ]) this.register(d);
  }

  /**
   * The analysis of this version when it was made already — none is made here, so a caller that must answer at once
   * (hover, completion) never waits for the check of a big file that was just opened or changed on disk.
   */
  current(document: vscode.TextDocument): Analysis | undefined {
    const entry = this.entries.get(document.uri.toString());
    return entry && entry.version === document.version ? entry.analysis : undefined;
  }

  /**
   * How long (ms from now) the check of a large bulk file's latest edits should still wait, 0 when it may run now. A
   * check that would be full — an edit leaves a material incomplete (`"declaredUnit": ,` before a value is typed or
   * chosen), or crosses materials — takes seconds at 10,000 materials and holds up the extension host, so completion
   * (Ctrl+Space there) waited for it: such a check waits for a pause of FULL_CHECK_PAUSE_MS in typing, cursor moves and
   * completion and hover requests. Edits that complete the material before then are checked incrementally, together
   * with the ones before (the incomplete state is never checked).
   */
  fullCheckWait(document: vscode.TextDocument, now = Date.now()): number {
    const entry = this.entries.get(document.uri.toString());
    if (!entry || entry.queued.length === 0 || entry.queuedVersion !== document.version || entry.analysis.length < NEAR_ONLY_CHARS) return 0;
    // The cheap test first: once the pause is over nothing waits, whatever the edits are.
    const left = Math.max(entry.editedAt, entry.askedAt) + FULL_CHECK_PAUSE_MS - now;
    if (left <= 0) return 0;
    return loadRules().checksInFull({ previous: entry.analysis, changes: entry.queued }) ? left : 0;
  }

  /** A completion or hover was asked for in the document, or its cursor moved: a pending full check of it waits longer. */
  asked(document: vscode.TextDocument): void {
    const entry = this.entries.get(document.uri.toString());
    if (entry) entry.askedAt = Date.now();
  }

  /** The analysis of the document as it is now (made when this version was not analysed yet); undefined for other documents. */
  get(document: vscode.TextDocument): Analysis | undefined {
    const kind = lcaKindOf(document);
    if (!kind) return undefined;
    const key = document.uri.toString();
    const generation = this.generation + (kind === 'construction' ? this.constructionGeneration : 0);
    const entry = this.entries.get(key);
    if (entry && entry.version === document.version && entry.generation === generation) return entry.analysis;
    const options: AnalyzeOptions = {
      codes: this.session.codes,
      validate: validateAgainst,
      kind,
      fileName: document.uri.path,
      resolveEpd: this.catalog.resolveEpd,
      suggestEpds: this.catalog.suggestEpds,
      ownerOfUnreadable: this.catalog.ownerOfUnreadable,
      ...(kind === 'materials' ? { incremental: true } : {}),
    };
    let analysis: Analysis | undefined;
    try {
      if (entry && kind === 'materials' && entry.generation === generation && entry.queuedVersion === document.version && entry.queued.length > 0) {
        analysis = loadRules().analyze({ previous: entry.analysis, changes: entry.queued }, options);
        // The copy must be the document: its length is cheap to compare (a missed event would show there).
        if (analysis.length !== documentLength(document)) {
          this.log.warn(`LCA check of ${document.uri.toString(true)} lost track of the edits; checking the whole file again`);
          analysis = undefined;
        }
      } else if (entry && entry.version === document.version && entry.analysis.strict && kind !== 'materials') {
        // The same text checked against another catalog or code table: its value is read again, not parsed again.
        analysis = loadRules().analyze(entry.analysis.text, { ...options, value: entry.analysis.value });
      }
      analysis ??= loadRules().analyze(document.getText(), options);
    } catch (e) {
      // A rule that throws must not take the other features (or the editor) down with it.
      this.entries.delete(key);
      this.log.error(`LCA checks failed for ${document.uri.toString(true)}: ${(e as Error).stack ?? String(e)}`);
      return undefined;
    }
    this.entries.set(key, { version: document.version, generation, analysis, queued: [], queuedVersion: document.version, editedAt: 0, askedAt: entry?.askedAt ?? 0 });
    if (kind === 'materials' && analysis.stats.itemsChecked > 0) {
      // The catalog (completion, hovers, the Library view) sees what is typed without parsing the file again.
      const value = analysis;
      this.catalog.acceptParsed(document.uri, () => value.value);
    }
    return analysis;
  }

  /**
   * The analysis of a file's text read from disk (a file no editor holds), with the same checks as an open document's;
   * undefined for a file that is not an LCA file or whose check failed (logged).
   */
  ofText(uri: vscode.Uri, text: string): Analysis | undefined {
    const kind = documentKindOf(uri.path);
    if (!kind) return undefined;
    try {
      return loadRules().analyze(text, {
        codes: this.session.codes,
        validate: validateAgainst,
        kind,
        fileName: uri.path,
        resolveEpd: this.catalog.resolveEpd,
        suggestEpds: this.catalog.suggestEpds,
        ownerOfUnreadable: this.catalog.ownerOfUnreadable,
      });
    } catch (e) {
      this.log.error(`LCA checks failed for ${uri.toString(true)}: ${(e as Error).stack ?? String(e)}`);
      return undefined;
    }
  }

  /** Keeps a bulk file's edits for its incremental analysis (applied, in order, when the next version is asked for). */
  private queue(e: vscode.TextDocumentChangeEvent): void {
    const entry = this.entries.get(e.document.uri.toString());
    // An analysis made after this change (someone asked before this listener ran) already holds it.
    if (!entry || e.contentChanges.length === 0 || e.document.version <= entry.version) return;
    if (lcaKindOf(e.document) !== 'materials') return;
    // VS Code lists an event's changes so that each applies to the text the previous one left.
    for (const c of e.contentChanges) entry.queued.push({ offset: c.rangeOffset, length: c.rangeLength, text: c.text });
    entry.queuedVersion = e.document.version;
    entry.editedAt = Date.now();
  }

  override dispose(): void {
    this.entries.clear();
    super.dispose();
  }
}

/** Characters in the document, from its line index (no copy of the text). */
function documentLength(document: vscode.TextDocument): number {
  return document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
}

/**
 * A document this long is read around the cursor only, never whole, by hover and completion; a full check of its
 * edits waits for a pause (fullCheckWait).
 */
const NEAR_ONLY_CHARS = 1_000_000;
/**
 * The pause in typing, cursor moves and completion or hover requests a full check of a large bulk file's edits waits
 * for: longer than a person takes to press Ctrl+Space after deleting a value, with the second VS Code may spend then
 * (it writes the backup of the changed 50 MB document a second after an edit, which can hold up the key).
 */
const FULL_CHECK_PAUSE_MS = 2500;
/** Lines read on each side of the cursor first, and at most, looking for the material around it. */
const NEAR_LINES = 200;
const NEAR_LINES_MAX = 51_200;

/**
 * The text a language feature reads around `offset`: in a bulk file only the material there — from the analysis of
 * this version when it is made, else read from the lines around the cursor (no check is waited for, no copy of the
 * whole file made) —, so that a hover or completion answers at once in a 50 MB library; else all of the text.
 */
export function textAround(analyses: DocumentAnalyses, document: vscode.TextDocument, offset: number): { start: number; text: string } {
  if (lcaKindOf(document) === 'materials') {
    const item = analyses.current(document)?.itemAt(offset);
    if (item) return item;
    const near = materialNear(document, offset);
    if (near) return near;
  }
  const analysis = lcaKindOf(document) === 'materials' ? analyses.current(document) : analyses.get(document);
  return { start: 0, text: analysis?.text ?? document.getText() };
}

/**
 * The material around `offset` read from windows of lines around it (growing until one holds all of it); in a file
 * too big to read whole, the last window when no material holds the offset (a path then starts inside the file).
 */
function materialNear(document: vscode.TextDocument, offset: number): { start: number; text: string } | undefined {
  const line = document.positionAt(offset).line;
  let last: { start: number; text: string } | undefined;
  for (let lines = NEAR_LINES; lines <= NEAR_LINES_MAX; lines *= 4) {
    const from = Math.max(0, line - lines);
    const to = Math.min(document.lineCount - 1, line + lines);
    const range = new vscode.Range(from, 0, to, document.lineAt(to).text.length);
    const text = document.getText(range);
    const start = document.offsetAt(range.start);
    const found = materialAround(text, offset - start);
    if (found) return { start: start + found.start, text: text.slice(found.start, found.end) };
    last = { start, text };
    if (from === 0 && to === document.lineCount - 1) return undefined;
  }
  return documentLength(document) > NEAR_ONLY_CHARS ? last : undefined;
}
