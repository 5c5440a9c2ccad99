// What this workspace knows about EPD materials and constructions: workspace files (*.material.json,
// *.materials.json with their bulk-create sidecars, *.construction.json), records read from the service (pulled,
// resolved, recently opened) and records created by push or bulk create. The Library tree, the epdId completion and
// hover, the semantic rules' epdId resolver and the impact preview all read this one catalog.
import * as vscode from 'vscode';
import { epdDataOf, gwpA1A3, type EpdData } from '../../core/lca';
import { parseDocument, type EpdResolver, type MaterialInfo } from '../../core/rules';
import { LcaServiceError } from '../../client';
import { createdIdsFor, materialKey } from '../../core/bulk';
import type { ServiceClientProvider } from '../serviceClient';

export type CatalogSource = 'file' | 'service' | 'pulled' | 'pushed' | 'created' | 'opened';

export interface CatalogMaterial {
  /** Service id, when known (service records, pulled files, bulk-created items per the sidecar). */
  id?: string;
  name: string;
  epd: EpdData;
  /** kg CO2e per declared unit, module A1-A3. */
  gwpA1A3?: number;
  /** Workspace file holding it, and its index in a *.materials.json. */
  uri?: vscode.Uri;
  index?: number;
  source: CatalogSource;
  /** The material as written in the file or as read from the service. */
  record: unknown;
}

export interface CatalogConstruction {
  id?: string;
  name: string;
  uri?: vscode.Uri;
  source: CatalogSource;
  record: unknown;
}

interface StoredRecord {
  kind: 'material' | 'construction';
  id: string;
  source: CatalogSource;
  record: unknown;
  at: number;
}

const STATE_KEY = 'lca.catalog.records';
const PULLED_KEY = 'lca.catalog.pulledFiles';
/** How each linked file came to be linked ('pulled' when absent, as before this key existed). */
const LINK_SOURCE_KEY = 'lca.catalog.linkSources';
const MAX_STORED = 500;
const LOOKUP_BACKOFF_MS = 30_000;
const FILE_GLOB = '**/*.{material,materials,construction}.json';
const SIDECAR_SUFFIX = '.materials.created.json';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The bulk-create key of a materials file's item (`originalUUID@originalVersion`), when it has both. */
function itemKey(item: unknown): string | undefined {
  if (!isObject(item) || typeof item.originalUUID !== 'string' || typeof item.originalVersion !== 'string') return undefined;
  return materialKey(item.originalUUID, item.originalVersion);
}

export class Catalog implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires (debounced) when anything the catalog knows changes. */
  readonly onDidChange = this.changed.event;

  private fileMaterials = new Map<string, CatalogMaterial[]>();
  private fileConstructions = new Map<string, CatalogConstruction>();
  private stored: StoredRecord[];
  /** Ids the service answered 404 for (resolve nowhere), and ids being looked up now. */
  private readonly missing = new Set<string>();
  private readonly pending = new Map<string, Promise<void>>();
  /**
   * Lookups that failed for another reason than 404 (offline, 5xx): when, and a short reason to show. Not asked again
   * for a while (typing re-checks often); the Library shows them as failed with Retry (retryLookup).
   */
  private readonly failed = new Map<string, { at: number; reason: string }>();
  private readonly disposables: vscode.Disposable[] = [];
  private fireTimer: ReturnType<typeof setTimeout> | undefined;
  private scanned: Promise<void> | undefined;

  constructor(
    private readonly state: vscode.Memento,
    private readonly clients: ServiceClientProvider,
    private readonly log: vscode.LogOutputChannel,
    private readonly canAskService: () => boolean,
    /** The current environment's EPD host: sidecar ids count only when written for it (undefined: none count). */
    private readonly currentEpdUrl: () => string | undefined = () => undefined,
  ) {
    this.stored = this.readStored();
    this.disposables.push(this.changed);
    const watcher = vscode.workspace.createFileSystemWatcher(FILE_GLOB);
    const sidecars = vscode.workspace.createFileSystemWatcher(`**/*${SIDECAR_SUFFIX}`);
    for (const w of [watcher, sidecars]) {
      this.disposables.push(
        w,
        w.onDidCreate((u) => void this.readFile(u)),
        w.onDidChange((u) => void this.readFile(u)),
        w.onDidDelete((u) => this.forgetFile(u)),
      );
    }
    // Unsaved edits count too: what the user is typing is what completion and the preview should see.
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (isCatalogFile(e.document.uri)) this.readText(e.document.uri, e.document.getText());
      }),
    );
  }

  /** Reads every catalog file of the workspace once (later changes arrive through the watchers). */
  ready(): Promise<void> {
    this.scanned ??= this.scan();
    return this.scanned;
  }

  private async scan(): Promise<void> {
    const files = await vscode.workspace.findFiles(FILE_GLOB, '**/node_modules/**', 5000);
    await Promise.all(files.map((u) => this.readFile(u)));
  }

  // ---- queries ----

  materials(): CatalogMaterial[] {
    const out: CatalogMaterial[] = [];
    const seen = new Set<string>();
    for (const list of this.fileMaterials.values()) {
      for (const m of list) {
        out.push(m);
        if (m.id) seen.add(m.id);
      }
    }
    for (const r of this.stored) {
      if (r.kind !== 'material' || seen.has(r.id)) continue;
      seen.add(r.id);
      out.push(this.materialOf(r.record, r.source, r.id));
    }
    return out;
  }

  constructions(): CatalogConstruction[] {
    const out: CatalogConstruction[] = [...this.fileConstructions.values()];
    const seen = new Set(out.map((c) => c.id).filter(Boolean));
    for (const r of this.stored) {
      if (r.kind !== 'construction' || seen.has(r.id)) continue;
      seen.add(r.id);
      out.push({ id: r.id, name: nameOf(r.record, r.id), source: r.source, record: r.record });
    }
    return out;
  }

  material(id: string): CatalogMaterial | undefined {
    const key = id.toLowerCase();
    for (const list of this.fileMaterials.values()) for (const m of list) if (m.id?.toLowerCase() === key) return m;
    const r = this.stored.find((s) => s.kind === 'material' && s.id.toLowerCase() === key);
    return r ? this.materialOf(r.record, r.source, r.id) : undefined;
  }

  construction(id: string): CatalogConstruction | undefined {
    return this.constructions().find((c) => c.id?.toLowerCase() === id.toLowerCase());
  }

  /**
   * The semantic rules' resolver: the material when known; undefined when the service said 404; 'unknown' while it is
   * being looked up or cannot be asked (signed out, offline) — the catalog fires onDidChange when the answer arrives.
   */
  readonly resolveEpd: EpdResolver = (epdId: string): MaterialInfo | undefined | 'unknown' => {
    const m = this.material(epdId);
    if (m) return { id: epdId, name: m.name, declaredUnit: m.epd.declaredUnit };
    if (this.missing.has(epdId.toLowerCase())) return undefined;
    void this.lookUp(epdId);
    return 'unknown';
  };

  /**
   * Why the last service lookup of `epdId` failed (a short phrase such as "service error 503" or "service not
   * reachable", never a message text), or undefined when it did not fail or was answered since.
   */
  lookupFailure(epdId: string): string | undefined {
    return this.failed.get(epdId.toLowerCase())?.reason;
  }

  /** Looks `epdId` up on the service again now, ignoring the back-off of an earlier failure (the Library's Retry). */
  retryLookup(epdId: string): Promise<void> {
    const key = epdId.toLowerCase();
    this.failed.delete(key);
    this.missing.delete(key);
    this.fire();
    return this.lookUp(epdId);
  }

  /**
   * Known materials to offer in place of an unknown epdId: simply the first five with a service id, in no particular
   * order (an unknown id says nothing about which material was meant). So they are offered as choices, never as the
   * preferred fix; "Pick a known material…" offers the whole catalog.
   */
  suggestEpds = (): MaterialInfo[] =>
    this.materials()
      .filter((m): m is CatalogMaterial & { id: string } => !!m.id)
      .slice(0, 5)
      .map((m) => ({ id: m.id, name: m.name, declaredUnit: m.epd.declaredUnit }));

  // ---- changes ----

  /** Keeps a record read from or written to the service (persisted in the workspace state). */
  remember(kind: 'material' | 'construction', record: unknown, source: CatalogSource): void {
    const id = isObject(record) ? str(record.id) : undefined;
    if (!id) return;
    this.missing.delete(id.toLowerCase());
    this.failed.delete(id.toLowerCase());
    this.stored = [{ kind, id, source, record, at: Date.now() }, ...this.stored.filter((r) => !(r.kind === kind && r.id === id))].slice(0, MAX_STORED);
    void this.state.update(STATE_KEY, this.stored);
    this.fire();
  }

  /** Links a workspace file to the service id it was pulled from or pushed as. */
  async linkFile(uri: vscode.Uri, id: string, how: 'pulled' | 'pushed' = 'pulled'): Promise<void> {
    const links = { ...this.state.get<Record<string, string>>(PULLED_KEY, {}), [uri.toString()]: id };
    const sources = { ...this.state.get<Record<string, CatalogSource>>(LINK_SOURCE_KEY, {}), [uri.toString()]: how };
    await this.state.update(PULLED_KEY, links);
    await this.state.update(LINK_SOURCE_KEY, sources);
    await this.readFile(uri);
  }

  /** Whether a linked file was pulled or pushed. */
  private linkSource(uri: vscode.Uri): CatalogSource {
    return this.state.get<Record<string, CatalogSource>>(LINK_SOURCE_KEY, {})[uri.toString()] ?? 'pulled';
  }

  /**
   * Like resolveEpd, but waits for the service's answer when the material is not known yet (e.g. right before a
   * push): the material, undefined when the service said 404, 'unknown' when it cannot be asked or did not answer.
   */
  async resolveEpdNow(epdId: string): Promise<MaterialInfo | undefined | 'unknown'> {
    const first = this.resolveEpd(epdId);
    if (first !== 'unknown') return first;
    await this.pending.get(epdId.toLowerCase());
    const m = this.material(epdId);
    if (m) return { id: epdId, name: m.name, declaredUnit: m.epd.declaredUnit };
    return this.missing.has(epdId.toLowerCase()) ? undefined : 'unknown';
  }

  /** The service id a workspace file was pulled from or pushed as. */
  linkedId(uri: vscode.Uri): string | undefined {
    return this.state.get<Record<string, string>>(PULLED_KEY, {})[uri.toString()];
  }

  /**
   * After switching environment: sidecar ids count only for the service they were created on, so every materials
   * file's sidecar is read again against the new epdUrl.
   */
  async reloadSidecars(): Promise<void> {
    const materialsFiles = [...this.sidecarCache.keys()].filter((key) => key.toLowerCase().endsWith('.materials.json'));
    await Promise.all(materialsFiles.map((key) => this.readFile(vscode.Uri.parse(key))));
  }

  /** Forgets what the service answered (e.g. after switching environment or signing in). */
  forgetLookups(): void {
    this.missing.clear();
    this.failed.clear();
    this.fire();
  }

  dispose(): void {
    if (this.fireTimer) clearTimeout(this.fireTimer);
    for (const d of this.disposables) d.dispose();
  }

  // ---- internals ----

  private lookUp(epdId: string): Promise<void> {
    const key = epdId.toLowerCase();
    const running = this.pending.get(key);
    if (running) return running;
    if (!this.canAskService() || !/^[0-9a-f-]{8,}$/i.test(epdId)) return Promise.resolve();
    // Typing re-checks a document every few hundred milliseconds: do not ask a failing service on each keystroke.
    if (Date.now() - (this.failed.get(key)?.at ?? 0) < LOOKUP_BACKOFF_MS) return Promise.resolve();
    const lookup = this.fetchMaterial(epdId, key);
    this.pending.set(key, lookup);
    return lookup;
  }

  private async fetchMaterial(epdId: string, key: string): Promise<void> {
    try {
      const client = await this.clients.get();
      const record = await client.getMaterial(epdId);
      this.remember('material', record, 'service');
    } catch (e) {
      if (e instanceof LcaServiceError && e.status === 404) {
        this.failed.delete(key);
        this.missing.add(key);
      } else {
        const reason = lookupFailureReason(e);
        this.failed.set(key, { at: Date.now(), reason });
        // The client's messages carry no token or password (it redacts them); the Library shows only `reason`.
        this.log.warn(`Catalog: could not look up material ${epdId} (${reason}): ${e instanceof LcaServiceError ? e.userMessage : (e as Error).message}`);
      }
      this.fire();
    } finally {
      this.pending.delete(key);
    }
  }

  private materialOf(record: unknown, source: CatalogSource, id?: string, uri?: vscode.Uri, index?: number): CatalogMaterial {
    const epd = epdDataOf(record, id);
    return { id, name: nameOf(record, id), epd, gwpA1A3: gwpA1A3(epd), uri, index, source, record };
  }

  private async readFile(uri: vscode.Uri): Promise<void> {
    if (uri.path.endsWith(SIDECAR_SUFFIX)) {
      const materials = uri.with({ path: uri.path.slice(0, -SIDECAR_SUFFIX.length) + '.materials.json' });
      return this.readFile(materials);
    }
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    try {
      const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      let ids = new Map<string, string>();
      if (uri.path.endsWith('.materials.json')) {
        const sidecar = uri.with({ path: uri.path.slice(0, -'.materials.json'.length) + SIDECAR_SUFFIX });
        try {
          ids = createdIdsFor(new TextDecoder().decode(await vscode.workspace.fs.readFile(sidecar)), this.currentEpdUrl());
        } catch {
          // No sidecar: nothing of this file was created yet.
        }
      }
      this.readText(uri, text, ids);
    } catch {
      this.forgetFile(uri);
    }
  }

  private sidecarCache = new Map<string, Map<string, string>>();

  private readText(uri: vscode.Uri, text: string, ids?: Map<string, string>): void {
    const key = uri.toString();
    if (ids) this.sidecarCache.set(key, ids);
    const known = ids ?? this.sidecarCache.get(key) ?? new Map<string, string>();
    const linked = this.linkedId(uri);
    const value = parseDocument(text);
    const path = uri.path.toLowerCase();
    if (path.endsWith('.construction.json')) {
      this.fileConstructions.set(key, { id: linked, name: nameOf(value, uri.path.split('/').pop()), uri, source: linked ? this.linkSource(uri) : 'file', record: value });
    } else if (path.endsWith('.materials.json')) {
      const items = Array.isArray(value) ? value : [];
      this.fileMaterials.set(
        key,
        items.map((item, index) => {
          const key = itemKey(item);
          const id = key ? known.get(key) : undefined;
          return this.materialOf(item, id ? 'created' : 'file', id, uri, index);
        }),
      );
    } else if (path.endsWith('.material.json')) {
      const own = isObject(value) ? str(value.id) : undefined;
      const id = linked ?? own;
      this.fileMaterials.set(key, [this.materialOf(value, linked ? this.linkSource(uri) : own ? 'pulled' : 'file', id, uri)]);
    }
    this.fire();
  }

  private forgetFile(uri: vscode.Uri): void {
    const key = uri.toString();
    if (this.fileMaterials.delete(key) || this.fileConstructions.delete(key)) this.fire();
  }

  private readStored(): StoredRecord[] {
    const raw = this.state.get<unknown>(STATE_KEY, []);
    return Array.isArray(raw) ? raw.filter((r): r is StoredRecord => isObject(r) && typeof r.id === 'string' && (r.kind === 'material' || r.kind === 'construction')) : [];
  }

  private fire(): void {
    if (this.fireTimer) return;
    this.fireTimer = setTimeout(() => {
      this.fireTimer = undefined;
      this.changed.fire();
    }, 50);
  }
}

/** A short reason for a failed lookup, built from the error's kind and status only (so no secret can end up in it). */
export function lookupFailureReason(e: unknown): string {
  if (!(e instanceof LcaServiceError)) return 'could not ask the service';
  switch (e.code) {
    case 'network':
      return 'service not reachable';
    case 'timeout':
      return 'timed out';
    case 'http':
      if (e.status === 401 || e.status === 403) return `not allowed (${e.status})`;
      return e.status !== undefined ? `service error ${e.status}` : 'service error';
    case 'invalid-response':
      return 'unexpected answer from the service';
    default:
      return 'failed';
  }
}

function nameOf(record: unknown, fallback: string | undefined): string {
  return (isObject(record) ? str(record.name) : undefined) ?? fallback ?? '(unnamed)';
}

export function isCatalogFile(uri: vscode.Uri): boolean {
  return /\.(material|materials|construction)\.json$/i.test(uri.path);
}
