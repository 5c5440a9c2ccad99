// The catalog's workspace files: *.material.json, *.materials.json (with the ids of their bulk-create sidecars) and
// *.construction.json, read once (scan), then kept current by file watchers and by the editor's unsaved text.
import * as vscode from 'vscode';
import { parseDocument } from '../../core/document';
import { bulkItemIdOf, itemKeyOf, sidecarIdsFor } from '../../core/bulk/sidecar';
import { isObject } from '../../core/guards';
import { identityKey, materialOf, nameOf, str, type CatalogConstruction, type CatalogMaterial } from './catalogTypes';
import type { FileLinks } from './catalogLinks';
import type { LcaSession } from '../session';
import { Disposable } from '../disposable';
import { watchFiles } from '../fileWatch';
import { KeyedTimers } from '../keyedTimers';
import { confineIn, inside, realOf } from '../../core/workspace/confine';

const FILE_GLOB = '**/*.{material,materials,construction}.json';
const SIDECAR_SUFFIX = '.materials.created.json';
/** The sidecar Push Material writes next to a `*.material.json` (the same shape as a materials file's). */
const SINGLE_SIDECAR_SUFFIX = '.material.created.json';
/** How long after the editor's check of a bulk file the catalog takes its items (typing goes on meanwhile). */
const PARSED_DELAY_MS = 300;
/** How long one look for files the watchers missed answers later misses too. */
const RESCAN_REUSE_MS = 2000;

/** A sidecar's ids for the current service, and who (identityKey) created them when the sidecar says. */
interface SidecarIds {
  ids: Map<string, string>;
  by?: string;
}

export interface CatalogFilesDeps {
  links: FileLinks;
  session: Pick<LcaSession, 'epdUrl' | 'codes'>;
  /** Says that what the catalog knows changed. */
  fire: () => void;
}

export class CatalogFiles extends Disposable {
  /** What each file holds, by the file's URI. */
  readonly materials = new Map<string, CatalogMaterial[]>();
  readonly constructions = new Map<string, CatalogConstruction>();
  private readonly sidecarCache = new Map<string, SidecarIds>();
  private readonly parsedTimers = new KeyedTimers();
  private scanned: Promise<void> | undefined;
  /** The workspace folders' real paths (symlinks followed), by folder path: asked once per folder. */
  private readonly realRoots = new Map<string, Promise<string>>();
  /** The last look for files the watchers did not report, and when it ended (a burst of misses shares one). */
  private rescanning: { done: Promise<void>; endedAt?: number } | undefined;
  /** The analysis of an open document, which holds its value (set by the editing features; else the text is parsed). */
  private analysisOf: (document: vscode.TextDocument) => { readonly value: unknown } | undefined = () => undefined;

  private readonly links: FileLinks;
  /** The environment's EPD host (sidecar ids count only when written for it; none count without one) and code table (the materials' indicators are read with it). */
  private readonly session: Pick<LcaSession, 'epdUrl' | 'codes'>;
  private readonly fire: () => void;

  constructor(deps: CatalogFilesDeps) {
    super();
    ({ links: this.links, session: this.session, fire: this.fire } = deps);
    const on = { onCreate: (u: vscode.Uri) => void this.read(u), onChange: (u: vscode.Uri) => void this.read(u), onDelete: (u: vscode.Uri) => this.forget(u) };
    // In a folder created since: a file read unless already known (a large burst hands over the whole workspace); its
    // sidecar is read with it.
    this.register(watchFiles(FILE_GLOB, { ...on, found: (u) => void (this.known(u) || this.read(u)) }));
    this.register(watchFiles(`**/*{${SIDECAR_SUFFIX},${SINGLE_SIDECAR_SUFFIX}}`, { ...on, found: () => undefined }));
    // A file opened in the editor is read then too, so that a file whose creation the watcher missed (it restarts
    // under load) is known once the user opens it; an open bulk file comes from its check (acceptParsed).
    this.register(
      vscode.workspace.onDidOpenTextDocument((d) => {
        if (d.uri.scheme === 'file' && isCatalogFile(d.uri) && !isBulkEditorFile(d.uri) && !this.known(d.uri)) void this.read(d.uri);
      }),
    );
    // Unsaved edits count too: what the user is typing is what completion and the preview should see.
    this.register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        // An open bulk file is read from the editor's incremental check (acceptParsed), not parsed again per keystroke.
        if (isCatalogFile(e.document.uri) && !isBulkEditorFile(e.document.uri)) this.readValue(e.document.uri, this.openValue(e.document));
      }),
    );
  }

  /**
   * Open documents are read from their analysis (one parse per version, shared with the editing features); for a bulk
   * file `analysisOf` gives only an analysis already made (undefined: its check hands the items over when done).
   */
  readOpenDocumentsFrom(analysisOf: (document: vscode.TextDocument) => { readonly value: unknown } | undefined): void {
    this.analysisOf = analysisOf;
  }

  private openValue(document: vscode.TextDocument): unknown {
    const analysis = this.analysisOf(document);
    return analysis ? analysis.value : parseDocument(document.getText());
  }

  /** Reads every catalog file of the workspace once (later changes arrive through the watchers). */
  ready(): Promise<void> {
    this.scanned ??= this.scan();
    return this.scanned;
  }

  private scan(): Promise<void> {
    return this.readWorkspaceFiles(() => true);
  }

  /** Finds the workspace's catalog files and reads those `which` picks. */
  private async readWorkspaceFiles(which: (uri: vscode.Uri) => boolean): Promise<void> {
    const files = await vscode.workspace.findFiles(FILE_GLOB, '**/node_modules/**', 5000);
    await Promise.all(files.filter(which).map((u) => this.read(u)));
  }

  /**
   * Reads the workspace's catalog files the watchers never reported (a file watcher can miss events under load or
   * right after it starts): a name the catalog does not know looks here before it is called unknown. Files already
   * known are not read again. One look serves the misses of RESCAN_REUSE_MS (an export of 50 unknown ids scans once).
   */
  rescan(): Promise<void> {
    const last = this.rescanning;
    if (last && (last.endedAt === undefined || Date.now() - last.endedAt < RESCAN_REUSE_MS)) return last.done;
    const entry: { done: Promise<void>; endedAt?: number } = { done: Promise.resolve() };
    entry.done = this.ready()
      .then(() => this.readWorkspaceFiles((u) => !this.known(u)))
      .finally(() => {
        entry.endedAt = Date.now();
      });
    this.rescanning = entry;
    return entry.done;
  }

  /** Sidecar ids count only for the service they were created on: every materials file's sidecar is read again. */
  async reloadSidecars(): Promise<void> {
    const materialsFiles = [...this.sidecarCache.keys()].filter((key) => /\.materials?\.json$/i.test(key));
    await Promise.all(materialsFiles.map((key) => this.read(vscode.Uri.parse(key))));
  }

  /** Reads a file (a sidecar: the file it belongs to) from the editor when open, else from disk. */
  async read(uri: vscode.Uri): Promise<void> {
    if (uri.path.endsWith(SIDECAR_SUFFIX)) {
      const materials = uri.with({ path: uri.path.slice(0, -SIDECAR_SUFFIX.length) + '.materials.json' });
      return this.read(materials);
    }
    if (uri.path.endsWith(SINGLE_SIDECAR_SUFFIX)) {
      return this.read(uri.with({ path: uri.path.slice(0, -SINGLE_SIDECAR_SUFFIX.length) + '.material.json' }));
    }
    if (await this.leadsOutside(uri)) {
      // A link in the workspace to a file outside it: not the workspace's material (the tools refuse it too).
      this.forget(uri);
      return;
    }
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open && isBulkEditorFile(uri)) {
      // An open bulk file (a library of 10,000 materials, changed on disk): its items come from the editor's check of
      // this version (acceptParsed) — never a parse or a check of the whole file here, in a watcher's turn.
      const ids = await this.sidecarIds(uri);
      const analysis = this.analysisOf(open);
      if (analysis) this.readValue(uri, analysis.value, ids);
      else this.sidecarCache.set(uri.toString(), ids);
      return;
    }
    try {
      const value = open ? this.openValue(open) : parseDocument(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
      this.readValue(uri, value, await this.sidecarIds(uri));
    } catch {
      this.forget(uri);
    }
  }

  /**
   * Whether a file inside a workspace folder is really (through a symbolic link, of the file or of a folder on its
   * way) outside every folder: the confinement the tools hold every read to. A file the user opened from outside the
   * workspace is not inside a folder by its path, and is theirs to read. The folders' real paths are resolved once.
   */
  private async leadsOutside(uri: vscode.Uri): Promise<boolean> {
    if (uri.scheme !== 'file') return false;
    const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    const holding = roots.filter((r) => inside(r, uri.fsPath));
    if (!holding.length) return false;
    const realRoots = () => Promise.all(holding.map((r) => this.realRoots.get(r) ?? this.realRoots.set(r, realOf(r)).get(r)!));
    return confineIn(uri.fsPath, holding, realRoots, 'read').then(
      () => false,
      () => true,
    );
  }

  /** The ids of a material file's sidecar (bulk create, Push Material) for the current service; none without one. */
  private async sidecarIds(uri: vscode.Uri): Promise<SidecarIds> {
    const single = uri.path.endsWith('.material.json');
    if (!uri.path.endsWith('.materials.json') && !single) return { ids: new Map<string, string>() };
    const sidecar = single
      ? uri.with({ path: uri.path.slice(0, -'.material.json'.length) + SINGLE_SIDECAR_SUFFIX })
      : uri.with({ path: uri.path.slice(0, -'.materials.json'.length) + SIDECAR_SUFFIX });
    try {
      if (await this.leadsOutside(sidecar)) throw new Error('a link to a record outside the workspace');
      const epdUrl = this.session.epdUrl;
      const read = sidecarIdsFor(new TextDecoder().decode(await vscode.workspace.fs.readFile(sidecar)), epdUrl);
      return { ids: read.ids, ...(read.createdBy && epdUrl ? { by: identityKey(epdUrl, read.createdBy) } : {}) };
    } catch {
      // No sidecar: nothing of this file was created yet.
      return { ids: new Map<string, string>() };
    }
  }

  /** An open bulk file as the editor's check parsed it (after edits), so that typing costs no parse of the whole file. */
  acceptParsed(uri: vscode.Uri, value: () => unknown): void {
    // Later, not in the check's turn: the diagnostics just handed to VS Code go out before this work starts.
    this.parsedTimers.schedule(uri.toString(), PARSED_DELAY_MS, () => this.readValue(uri, value()));
  }

  /** Whether the file was read already (its later changes arrive through the watchers and the editor). */
  private known(uri: vscode.Uri): boolean {
    const key = uri.toString();
    return this.materials.has(key) || this.constructions.has(key);
  }

  private readValue(uri: vscode.Uri, value: unknown, ids?: SidecarIds): void {
    const key = uri.toString();
    if (ids) this.sidecarCache.set(key, ids);
    const sidecar = ids ?? this.sidecarCache.get(key);
    const known = sidecar?.ids ?? new Map<string, string>();
    const linked = this.links.id(uri);
    const linkedBy = linked ? this.links.identity(uri) : undefined;
    const path = uri.path.toLowerCase();
    if (path.endsWith('.construction.json')) {
      this.constructions.set(key, {
        id: linked,
        name: nameOf(value, uri.path.split('/').pop()),
        uri,
        source: linked ? this.links.source(uri) : 'file',
        record: value,
        ...(linkedBy ? { learnedBy: linkedBy } : {}),
      });
    } else if (path.endsWith('.materials.json')) {
      const items = Array.isArray(value) ? value : [];
      // The editor's incremental check keeps the parsed object of every material an edit did not touch: reuse those.
      const before = this.materials.get(key);
      this.materials.set(
        key,
        items.map((item, index) => {
          // The sidecar's id for this service, else the item's own (a pulled record's; its owner unknown).
          const found = bulkItemIdOf(item, known);
          const id = found?.id;
          const same = before?.[index];
          const by = found?.from === 'sidecar' ? sidecar?.by : undefined;
          if (same && same.record === item && same.id === id && same.learnedBy === by) return same;
          return materialOf(item, this.session.codes, found ? (found.from === 'sidecar' ? 'created' : 'pulled') : 'file', id, uri, index, by);
        }),
      );
    } else if (path.endsWith('.material.json')) {
      const own = isObject(value) ? str(value.id) : undefined;
      // Pushed with Push Material: its sidecar records the id for this service (and, when it says so, whose it is).
      const k = itemKeyOf(value);
      const pushed = k ? known.get(k) : undefined;
      const id = linked ?? own ?? pushed;
      const by = linked ? linkedBy : pushed ? sidecar?.by : undefined;
      this.materials.set(key, [materialOf(value, this.session.codes, linked ? this.links.source(uri) : own ? 'pulled' : pushed ? 'pushed' : 'file', id, uri, undefined, by)]);
    }
    this.fire();
  }

  forget(uri: vscode.Uri): void {
    const key = uri.toString();
    this.parsedTimers.cancel(key);
    if (this.materials.delete(key) || this.constructions.delete(key)) this.fire();
  }

  override dispose(): void {
    this.parsedTimers.clear();
    super.dispose();
  }
}


/** A bulk file open in an editor: the semantic check hands its parsed items to the catalog (see acceptParsed). */
function isBulkEditorFile(uri: vscode.Uri): boolean {
  return /\.materials\.json$/i.test(uri.path) && !['git', 'gitfs', 'output', 'vscode-scm', 'review', 'pr'].includes(uri.scheme);
}

export function isCatalogFile(uri: vscode.Uri): boolean {
  return /\.(material|materials|construction)\.json$/i.test(uri.path);
}
