// What this workspace knows about EPD materials and constructions: workspace files (*.material.json,
// *.materials.json with their bulk-create sidecars, *.construction.json), records read from the service (pulled,
// resolved, recently opened) and records created by push or bulk create. The Library tree, the epdId completion and
// hover, the semantic rules' epdId resolver and the impact preview all read this one catalog.
import * as vscode from 'vscode';
import { epdDataOf, gwpA1A3, type EpdData } from '../../core/lca';
import { parseDocument, type EpdResolver, type MaterialInfo } from '../../core/rules';
import { LcaServiceError } from '../../client';
import { materialKey, normaliseEpdUrl, sidecarIdsFor } from '../../core/bulk/sidecar';
import type { ServiceClientProvider } from '../serviceClient';
import * as l10n from '../l10n';
import { isObject } from '../../core/guards';

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
  /** The identity (identityKey) that created or read `id`; undefined when not known (e.g. an id typed into a file). */
  learnedBy?: string;
}

export interface CatalogConstruction {
  id?: string;
  name: string;
  uri?: vscode.Uri;
  source: CatalogSource;
  record: unknown;
  /** The identity (identityKey) that created or read `id`; undefined when not known. */
  learnedBy?: string;
}

interface StoredRecord {
  kind: 'material' | 'construction';
  id: string;
  source: CatalogSource;
  record: unknown;
  at: number;
  /** identityKey of who read or created it (absent in records stored before identities were kept). */
  by?: string;
}

/** Whether the signed-in identity can read an id: yes (confirmed), no (the service refused it), or not known yet. */
export type Readability = 'yes' | 'no' | 'unknown';

/**
 * Who a service id belongs to: the service (its EPD host) and the signed-in login. Ids learnt from sidecars, pulls,
 * pushes and lookups count only for the identity that created or read them; others are checked with the service.
 */
export function identityKey(epdUrl: string, login: string): string {
  return `${normaliseEpdUrl(epdUrl)} ${login.trim().toLowerCase()}`;
}

const STATE_KEY = 'lca.catalog.records';
const PULLED_KEY = 'lca.catalog.pulledFiles';
/** How each linked file came to be linked ('pulled' when absent, as before this key existed). */
const LINK_SOURCE_KEY = 'lca.catalog.linkSources';
/** Who (identityKey) pulled or pushed each linked file. */
const LINK_BY_KEY = 'lca.catalog.linkIdentities';
const MAX_STORED = 500;
const LOOKUP_BACKOFF_MS = 30_000;
const FILE_GLOB = '**/*.{material,materials,construction}.json';
const SIDECAR_SUFFIX = '.materials.created.json';
/** The sidecar Push Material writes next to a `*.material.json` (the same shape as a materials file's). */
const SINGLE_SIDECAR_SUFFIX = '.material.created.json';
/** How long after the editor's check of a bulk file the catalog takes its items (typing goes on meanwhile). */
const PARSED_DELAY_MS = 300;

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
  /** Construction ids the service refused (404) to the current identity, and construction checks under way. */
  private readonly missingConstructions = new Set<string>();
  private readonly pendingConstructions = new Map<string, Promise<void>>();
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
    /** The signed-in login (undefined when signed out): ids count only for the identity that created or read them. */
    private readonly currentLogin: () => string | undefined = () => undefined,
  ) {
    this.stored = this.readStored();
    this.disposables.push(this.changed);
    const watcher = vscode.workspace.createFileSystemWatcher(FILE_GLOB);
    const sidecars = vscode.workspace.createFileSystemWatcher(`**/*{${SIDECAR_SUFFIX},${SINGLE_SIDECAR_SUFFIX}}`);
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
        // An open bulk file is read from the editor's incremental check (acceptParsed), not parsed again per keystroke.
        if (isCatalogFile(e.document.uri) && !isBulkEditorFile(e.document.uri)) this.readText(e.document.uri, e.document.getText());
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
    for (const r of this.visibleStored()) {
      if (r.kind !== 'material' || seen.has(r.id)) continue;
      seen.add(r.id);
      out.push(this.materialOf(r.record, r.source, r.id, undefined, undefined, r.by));
    }
    return out;
  }

  /**
   * The stored service records to show: signed in, those of the current identity first and none another identity
   * read or created (another tenant's records are not shown to this one); signed out, all of them.
   */
  private visibleStored(): StoredRecord[] {
    const who = this.currentIdentity();
    if (!who) return this.stored;
    return [...this.stored.filter((r) => r.by === who), ...this.stored.filter((r) => r.by === undefined)];
  }

  constructions(): CatalogConstruction[] {
    const out: CatalogConstruction[] = [...this.fileConstructions.values()];
    const seen = new Set(out.map((c) => c.id).filter(Boolean));
    for (const r of this.visibleStored()) {
      if (r.kind !== 'construction' || seen.has(r.id)) continue;
      seen.add(r.id);
      out.push({ id: r.id, name: nameOf(r.record, r.id), source: r.source, record: r.record, ...(r.by ? { learnedBy: r.by } : {}) });
    }
    return out;
  }

  material(id: string): CatalogMaterial | undefined {
    const key = id.toLowerCase();
    for (const list of this.fileMaterials.values()) for (const m of list) if (m.id?.toLowerCase() === key) return m;
    const r = this.visibleStored().find((s) => s.kind === 'material' && s.id.toLowerCase() === key);
    return r ? this.materialOf(r.record, r.source, r.id, undefined, undefined, r.by) : undefined;
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
    const trusted = m && this.confirmed('material', epdId, m.learnedBy);
    if (m && trusted) return { id: epdId, name: m.name, declaredUnit: m.epd.declaredUnit };
    if (this.missing.has(epdId.toLowerCase())) return undefined;
    void this.lookUp(epdId);
    // Known, but not (yet) confirmed for this identity: undecided until the service answers, unless it cannot be asked.
    if (m && !this.canAskService()) return { id: epdId, name: m.name, declaredUnit: m.epd.declaredUnit };
    return 'unknown';
  };

  /** The signed-in identity (identityKey), or undefined when signed out or the environment has no valid EPD host. */
  currentIdentity(): string | undefined {
    const login = this.currentLogin();
    const epdUrl = this.currentEpdUrl();
    return login && epdUrl ? identityKey(epdUrl, login) : undefined;
  }

  /**
   * Whether `id` counts for the signed-in identity: signed out, nothing can be checked and every id counts; signed in,
   * only an id that this identity created or read (its sidecar, pull, push or a lookup answered for it).
   */
  private confirmed(kind: 'material' | 'construction', id: string, learnedBy: string | undefined): boolean {
    const who = this.currentIdentity();
    if (!who) return true;
    if (learnedBy === who) return true;
    const key = id.toLowerCase();
    return this.stored.some((r) => r.kind === kind && r.by === who && r.id.toLowerCase() === key);
  }

  /**
   * Whether the signed-in identity can read the material or construction `id` (what the Library offers Inspect and
   * Pull on): 'unknown' while the service is being asked (the catalog fires onDidChange when it answers). With
   * `ask: false` an unconfirmed id is not looked up (a Library of thousands of materials must not send thousands of
   * requests when a group is expanded; the ids constructions use are looked up anyway).
   */
  readable(kind: 'material' | 'construction', id: string, ask = true): Readability {
    const known = kind === 'material' ? this.material(id) : this.construction(id);
    if (this.confirmed(kind, id, known?.learnedBy)) return 'yes';
    const key = id.toLowerCase();
    if ((kind === 'material' ? this.missing : this.missingConstructions).has(key)) return 'no';
    if (!ask) return 'unknown';
    if (kind === 'material') void this.lookUp(id);
    else void this.lookUpConstruction(id);
    return 'unknown';
  }

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
   * Known materials to offer in place of an unknown epdId: simply the first five with a service id confirmed for the
   * signed-in identity, in no particular
   * order (an unknown id says nothing about which material was meant). So they are offered as choices, never as the
   * preferred fix; "Pick a known material…" offers the whole catalog.
   */
  suggestEpds = (): MaterialInfo[] =>
    this.materials()
      // Only ids the signed-in identity is known to be able to use (any, when signed out).
      .filter((m): m is CatalogMaterial & { id: string } => !!m.id && this.confirmed('material', m.id, m.learnedBy))
      .slice(0, 5)
      .map((m) => ({ id: m.id, name: m.name, declaredUnit: m.epd.declaredUnit }));

  // ---- changes ----

  /** Keeps a record read from or written to the service (persisted in the workspace state). */
  remember(kind: 'material' | 'construction', record: unknown, source: CatalogSource, by: string | undefined = this.currentIdentity()): void {
    const id = isObject(record) ? str(record.id) : undefined;
    if (!id) return;
    this.missing.delete(id.toLowerCase());
    this.missingConstructions.delete(id.toLowerCase());
    this.failed.delete(id.toLowerCase());
    const entry: StoredRecord = { kind, id, source, record, at: Date.now(), ...(by ? { by } : {}) };
    // One record per id and identity: what another identity read stays its own.
    this.stored = [entry, ...this.stored.filter((r) => !(r.kind === kind && r.id === id && r.by === entry.by))].slice(0, MAX_STORED);
    void this.state.update(STATE_KEY, this.stored);
    this.fire();
  }

  /** Links a workspace file to the service id it was pulled from or pushed as. */
  async linkFile(uri: vscode.Uri, id: string, how: 'pulled' | 'pushed' = 'pulled'): Promise<void> {
    const links = { ...this.state.get<Record<string, string>>(PULLED_KEY, {}), [uri.toString()]: id };
    const sources = { ...this.state.get<Record<string, CatalogSource>>(LINK_SOURCE_KEY, {}), [uri.toString()]: how };
    const by = { ...this.state.get<Record<string, string>>(LINK_BY_KEY, {}) };
    const who = this.currentIdentity();
    if (who) by[uri.toString()] = who;
    else delete by[uri.toString()];
    await this.state.update(PULLED_KEY, links);
    await this.state.update(LINK_SOURCE_KEY, sources);
    await this.state.update(LINK_BY_KEY, by);
    await this.readFile(uri);
  }

  /** Who (identityKey) pulled or pushed a linked file; undefined for links made before identities were kept. */
  private linkIdentity(uri: vscode.Uri): string | undefined {
    return this.state.get<Record<string, string>>(LINK_BY_KEY, {})[uri.toString()];
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
    return this.resolveEpd(epdId);
  }

  /** Reads these workspace files again now (e.g. right after a push recorded their ids), without waiting for the watchers. */
  async reread(uris: readonly vscode.Uri[]): Promise<void> {
    await Promise.all(uris.map((u) => this.readFile(u)));
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
    const materialsFiles = [...this.sidecarCache.keys()].filter((key) => /\.materials?\.json$/i.test(key));
    await Promise.all(materialsFiles.map((key) => this.readFile(vscode.Uri.parse(key))));
  }

  /** Forgets what the service answered (e.g. after switching environment or signing in). */
  forgetLookups(): void {
    this.missing.clear();
    this.missingConstructions.clear();
    this.failed.clear();
    this.fire();
  }

  dispose(): void {
    if (this.fireTimer) clearTimeout(this.fireTimer);
    for (const t of this.parsedTimers.values()) clearTimeout(t);
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
    // The answer counts for the identity that asked: dropped when another one signed in meanwhile.
    const who = this.currentIdentity();
    try {
      const client = await this.clients.get();
      const record = await client.getMaterial(epdId);
      if (this.currentIdentity() !== who) return;
      this.remember('material', record, 'service', who);
    } catch (e) {
      if (this.currentIdentity() !== who) return;
      if (e instanceof LcaServiceError && e.status === 404) {
        this.failed.delete(key);
        this.missing.add(key);
      } else {
        const reason = lookupFailureReason(e);
        this.failed.set(key, { at: Date.now(), reason });
        // The client's messages carry no token or password (it redacts them); the Library shows only `reason`.
        this.log.warn(`Catalog: could not look up material ${epdId} (${reason}): ${(e as Error).message}`);
      }
      this.fire();
    } finally {
      this.pending.delete(key);
    }
  }

  /** Asks the service whether the signed-in identity can read construction `id` (for the Library's Inspect offer). */
  private lookUpConstruction(id: string): Promise<void> {
    const key = id.toLowerCase();
    const running = this.pendingConstructions.get(key);
    if (running) return running;
    if (!this.canAskService() || !/^[0-9a-f-]{8,}$/i.test(id)) return Promise.resolve();
    if (Date.now() - (this.failed.get(`construction:${key}`)?.at ?? 0) < LOOKUP_BACKOFF_MS) return Promise.resolve();
    const who = this.currentIdentity();
    const lookup = (async () => {
      try {
        const record = await (await this.clients.get()).getConstruction(id);
        if (this.currentIdentity() === who) this.remember('construction', record, 'service', who);
      } catch (e) {
        if (this.currentIdentity() !== who) return;
        if (e instanceof LcaServiceError && e.status === 404) this.missingConstructions.add(key);
        else this.failed.set(`construction:${key}`, { at: Date.now(), reason: lookupFailureReason(e) });
        this.fire();
      } finally {
        this.pendingConstructions.delete(key);
      }
    })();
    this.pendingConstructions.set(key, lookup);
    return lookup;
  }

  private materialOf(record: unknown, source: CatalogSource, id?: string, uri?: vscode.Uri, index?: number, learnedBy?: string): CatalogMaterial {
    const epd = epdDataOf(record, id);
    return { id, name: nameOf(record, id), epd, gwpA1A3: gwpA1A3(epd), uri, index, source, record, ...(learnedBy ? { learnedBy } : {}) };
  }

  private async readFile(uri: vscode.Uri): Promise<void> {
    if (uri.path.endsWith(SIDECAR_SUFFIX)) {
      const materials = uri.with({ path: uri.path.slice(0, -SIDECAR_SUFFIX.length) + '.materials.json' });
      return this.readFile(materials);
    }
    if (uri.path.endsWith(SINGLE_SIDECAR_SUFFIX)) {
      return this.readFile(uri.with({ path: uri.path.slice(0, -SINGLE_SIDECAR_SUFFIX.length) + '.material.json' }));
    }
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    try {
      const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      let ids: SidecarIds = { ids: new Map<string, string>() };
      const single = uri.path.endsWith('.material.json');
      if (uri.path.endsWith('.materials.json') || single) {
        const sidecar = single
          ? uri.with({ path: uri.path.slice(0, -'.material.json'.length) + SINGLE_SIDECAR_SUFFIX })
          : uri.with({ path: uri.path.slice(0, -'.materials.json'.length) + SIDECAR_SUFFIX });
        try {
          const epdUrl = this.currentEpdUrl();
          const read = sidecarIdsFor(new TextDecoder().decode(await vscode.workspace.fs.readFile(sidecar)), epdUrl);
          ids = { ids: read.ids, ...(read.createdBy && epdUrl ? { by: identityKey(epdUrl, read.createdBy) } : {}) };
        } catch {
          // No sidecar: nothing of this file was created yet.
        }
      }
      this.readText(uri, text, ids);
    } catch {
      this.forgetFile(uri);
    }
  }

  private sidecarCache = new Map<string, SidecarIds>();

  /** An open bulk file as the editor's check parsed it (after edits), so that typing costs no parse of the whole file. */
  acceptParsed(uri: vscode.Uri, value: () => unknown): void {
    // Later, not in the check's turn: the diagnostics just handed to VS Code go out before this work starts.
    const key = uri.toString();
    clearTimeout(this.parsedTimers.get(key));
    this.parsedTimers.set(
      key,
      setTimeout(() => {
        this.parsedTimers.delete(key);
        this.readValue(uri, value());
      }, PARSED_DELAY_MS),
    );
  }

  private readonly parsedTimers = new Map<string, ReturnType<typeof setTimeout>>();

  private readText(uri: vscode.Uri, text: string, ids?: SidecarIds): void {
    this.readValue(uri, parseDocument(text), ids);
  }

  private readValue(uri: vscode.Uri, value: unknown, ids?: SidecarIds): void {
    const key = uri.toString();
    if (ids) this.sidecarCache.set(key, ids);
    const sidecar = ids ?? this.sidecarCache.get(key);
    const known = sidecar?.ids ?? new Map<string, string>();
    const linked = this.linkedId(uri);
    const linkedBy = linked ? this.linkIdentity(uri) : undefined;
    const path = uri.path.toLowerCase();
    if (path.endsWith('.construction.json')) {
      this.fileConstructions.set(key, {
        id: linked,
        name: nameOf(value, uri.path.split('/').pop()),
        uri,
        source: linked ? this.linkSource(uri) : 'file',
        record: value,
        ...(linkedBy ? { learnedBy: linkedBy } : {}),
      });
    } else if (path.endsWith('.materials.json')) {
      const items = Array.isArray(value) ? value : [];
      // The editor's incremental check keeps the parsed object of every material an edit did not touch: reuse those.
      const before = this.fileMaterials.get(key);
      this.fileMaterials.set(
        key,
        items.map((item, index) => {
          const key = itemKey(item);
          const id = key ? known.get(key) : undefined;
          const same = before?.[index];
          const by = id ? sidecar?.by : undefined;
          if (same && same.record === item && same.id === id && same.learnedBy === by) return same;
          return this.materialOf(item, id ? 'created' : 'file', id, uri, index, by);
        }),
      );
    } else if (path.endsWith('.material.json')) {
      const own = isObject(value) ? str(value.id) : undefined;
      // Pushed with Push Material: its sidecar records the id for this service (and, when it says so, whose it is).
      const k = itemKey(value);
      const pushed = k ? known.get(k) : undefined;
      const id = linked ?? own ?? pushed;
      const by = linked ? linkedBy : pushed ? sidecar?.by : undefined;
      this.fileMaterials.set(key, [this.materialOf(value, linked ? this.linkSource(uri) : own ? 'pulled' : pushed ? 'pushed' : 'file', id, uri, undefined, by)]);
    }
    this.fire();
  }

  private forgetFile(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.parsedTimers.get(key));
    this.parsedTimers.delete(key);
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
  if (!(e instanceof LcaServiceError)) return l10n.t('could not ask the service');
  switch (e.code) {
    case 'network':
      return l10n.t('service not reachable');
    case 'timeout':
      return l10n.t('timed out');
    case 'http':
      if (e.status === 401 || e.status === 403) return l10n.t('not allowed ({0})', e.status);
      return e.status !== undefined ? l10n.t('service error {0}', e.status) : l10n.t('service error');
    case 'invalid-response':
      return l10n.t('unexpected answer from the service');
    default:
      return l10n.t('failed');
  }
}

/** A sidecar's ids for the current service, and who (identityKey) created them when the sidecar says. */
interface SidecarIds {
  ids: Map<string, string>;
  by?: string;
}

function nameOf(record: unknown, fallback: string | undefined): string {
  return (isObject(record) ? str(record.name) : undefined) ?? fallback ?? '(unnamed)';
}

/** A bulk file open in an editor: the semantic check hands its parsed items to the catalog (see acceptParsed). */
function isBulkEditorFile(uri: vscode.Uri): boolean {
  return /\.materials\.json$/i.test(uri.path) && !['git', 'gitfs', 'output', 'vscode-scm', 'review', 'pr'].includes(uri.scheme);
}

export function isCatalogFile(uri: vscode.Uri): boolean {
  return /\.(material|materials|construction)\.json$/i.test(uri.path);
}
