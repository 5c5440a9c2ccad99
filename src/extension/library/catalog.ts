// What this workspace knows about EPD materials and constructions: workspace files (*.material.json,
// *.materials.json with their bulk-create sidecars, *.construction.json), records read from the service (pulled,
// resolved, recently opened) and records created by push or bulk create. The Library tree, the epdId completion and
// hover, the semantic rules' epdId resolver and the impact preview all read this one catalog.
// The parts, one file each: the workspace files and their watchers (catalogFiles.ts), the service lookups with their
// back-off (catalogLookups.ts), the records kept across sessions (catalogStore.ts), the file ↔ id links
// (catalogLinks.ts); this class answers the questions over all of them and decides whose ids count.
import * as vscode from 'vscode';
import type { EpdResolver, MaterialInfo } from '../../core/rules';
import type { LcaSession } from '../session';
import type { CodeTable } from '../../core/codeTable';
import { isObject } from '../../core/guards';
import { identityKey, materialOf, nameOf, str, type CatalogConstruction, type CatalogMaterial, type CatalogSource, type Readability } from './catalogTypes';
import { StoredRecords, type StoredRecord } from './catalogStore';
import { FileLinks } from './catalogLinks';
import { ServiceLookups } from './catalogLookups';
import { CatalogFiles } from './catalogFiles';
import { Disposable } from '../disposable';
import { loginOfIdentity, offeredIds, ownershipOf, type Ownership } from '../../core/identity';
import { byOriginalUUID } from '../../core/materialRefs';

export { identityKey, type CatalogConstruction, type CatalogMaterial, type CatalogSource, type Readability } from './catalogTypes';
export { lookupFailureReason } from './catalogLookups';
export { isCatalogFile } from './catalogFiles';

export interface CatalogDeps {
  /** The workspace state, where records read from the service and the file ↔ id links are kept. */
  state: vscode.Memento;
  session: LcaSession;
  log: vscode.LogOutputChannel;
}

export class Catalog extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires (debounced) when anything the catalog knows changes. */
  readonly onDidChange = this.changed.event;

  private readonly stored: StoredRecords;
  private readonly links: FileLinks;
  private readonly lookups: ServiceLookups;
  private readonly files: CatalogFiles;
  private fireTimer: ReturnType<typeof setTimeout> | undefined;
  /** `suggestEpds`' list, with the identity and code table it was derived for; dropped at every change (`fire`). */
  private suggestions: { identity: string | undefined; codes: CodeTable; list: readonly MaterialInfo[] } | undefined;

  /**
   * The session gives what decides what counts: the code table the materials' indicators are read with, whether the
   * service can be asked (signed in), the EPD host sidecar ids count for and the login ids count for.
   */
  private readonly session: LcaSession;

  constructor({ state, session, log }: CatalogDeps) {
    super();
    this.session = session;
    this.stored = new StoredRecords(state);
    this.links = new FileLinks(state);
    this.lookups = new ServiceLookups({
      session,
      log,
      currentIdentity: () => this.currentIdentity(),
      remember: (kind, record, source, by) => this.remember(kind, record, source, by),
      fire: () => this.fire(),
    });
    this.files = this.register(new CatalogFiles({ links: this.links, session, fire: () => this.fire() }));
    this.register(
      session.onDidChange((change) => {
        // Another identity: what the service answered the previous one is not this one's.
        if (change === 'signIn') this.forgetLookups();
        // Another service: the bulk-created ids recorded for the previous one no longer count.
        else if (change === 'environment') void this.reloadSidecars();
      }),
    );
  }

  /** Reads every catalog file of the workspace once (later changes arrive through the watchers). */
  ready(): Promise<void> {
    return this.files.ready();
  }

  // ---- queries ----

  /** The code table the catalog reads its materials with: the active environment's. */
  get codes(): CodeTable {
    return this.session.codes;
  }

  materials(): CatalogMaterial[] {
    const out: CatalogMaterial[] = [];
    const seen = new Set<string>();
    for (const list of this.files.materials.values()) {
      for (const m of list) {
        out.push(m);
        if (m.id) seen.add(m.id);
      }
    }
    for (const r of this.visibleStored()) {
      if (r.kind !== 'material' || seen.has(r.id)) continue;
      seen.add(r.id);
      out.push(materialOf(r.record, this.codes, r.source, r.id, undefined, undefined, r.by));
    }
    return out;
  }

  /** The stored service records the signed-in identity may see (see StoredRecords.visible). */
  private visibleStored(): StoredRecord[] {
    return this.stored.visible(this.currentIdentity());
  }

  constructions(): CatalogConstruction[] {
    const out: CatalogConstruction[] = [...this.files.constructions.values()];
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
    for (const list of this.files.materials.values()) for (const m of list) if (m.id?.toLowerCase() === key) return m;
    const r = this.visibleStored().find((s) => s.kind === 'material' && s.id.toLowerCase() === key);
    return r ? materialOf(r.record, this.codes, r.source, r.id, undefined, undefined, r.by) : undefined;
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
    if (!m) {
      const byOriginal = this.resolveOriginal(epdId);
      if (byOriginal) return byOriginal;
    }
    const trusted = m && this.confirmed('material', epdId, m.learnedBy);
    if (m && trusted) return { id: epdId, name: m.name, declaredUnit: m.epd.declaredUnit };
    if (this.lookups.isMissing('material', epdId)) return undefined;
    void this.lookups.lookUp(epdId);
    // Known, but not (yet) confirmed for this identity: undecided until the service answers, unless it cannot be asked.
    if (m && !this.session.signedIn) return { id: epdId, name: m.name, declaredUnit: m.epd.declaredUnit };
    return 'unknown';
  };

  /**
   * The material an epdId names: by service id, else the workspace material whose originalUUID it is (what a
   * construction written by an LCAx import refers to; core/materialRefs.ts), with its file's figures.
   */
  materialFor(epdId: string): CatalogMaterial | undefined {
    return this.material(epdId) ?? byOriginalUUID(this.files.materials.values(), epdId);
  }

  /**
   * An epdId that is a workspace material's originalUUID: the material through its service id once pushed or
   * bulk-created (its sidecar or link) and readable; waiting for its push while it has none or the service refused it;
   * 'unknown' while the service is asked. Undefined when no workspace material has this originalUUID.
   */
  private resolveOriginal(epdId: string): MaterialInfo | 'unknown' | undefined {
    const w = byOriginalUUID(this.files.materials.values(), epdId);
    if (!w) return undefined;
    const onService = w.id ? this.resolveEpd(w.id) : undefined;
    if (onService) return onService === 'unknown' ? onService : { ...onService, id: w.id! };
    return { id: epdId, name: w.name, declaredUnit: w.epd.declaredUnit, waitsForPush: true };
  }

  /**
   * For an epdId the service answered 404 for, that a workspace file or the cache knows as created by another sign-in:
   * that sign-in's login (the id belongs to another tenant or user, rather than to nobody).
   */
  readonly ownerOfUnreadable = (epdId: string): string | undefined => {
    if (!this.lookups.isMissing('material', epdId)) return undefined;
    const by = this.material(epdId)?.learnedBy;
    return by && by !== this.currentIdentity() ? loginOfIdentity(by) : undefined;
  };

  /** The signed-in identity (identityKey), or undefined when signed out or the environment has no valid EPD host. */
  currentIdentity(): string | undefined {
    const login = this.session.login;
    const epdUrl = this.session.epdUrl;
    return login && epdUrl ? identityKey(epdUrl, login) : undefined;
  }

  /**
   * Whether `id` counts for the signed-in identity: signed out, nothing can be checked and every id counts; signed in,
   * only an id that this identity created or read (its sidecar, pull, push or a lookup answered for it).
   */
  private confirmed(kind: 'material' | 'construction', id: string, learnedBy: string | undefined): boolean {
    return this.ownership(kind, id, learnedBy) === 'own';
  }

  /** How `id`, learnt by `learnedBy`, stands for the signed-in identity (core/identity.ts). */
  private ownership(kind: 'material' | 'construction', id: string, learnedBy: string | undefined): Ownership {
    const who = this.currentIdentity();
    return ownershipOf(learnedBy, who, !!who && learnedBy !== who && this.stored.readBy(kind, id, who));
  }

  /**
   * Whether the signed-in identity can read the material or construction `id` (what the Library offers Inspect and
   * Pull on): 'other' when another identity created or read it and this one has not, 'unknown' when nobody is known
   * to have, or while the service is being asked (the catalog fires onDidChange when it answers). With `ask: false`
   * an unconfirmed id is not looked up (a Library of thousands of materials must not send thousands of requests when
   * a group is expanded; the ids constructions use are looked up anyway). `known` is the entry the caller shows (its
   * `learnedBy`), else the catalog's first entry with this id.
   */
  readable(kind: 'material' | 'construction', id: string, ask = true, known?: { learnedBy?: string }): Readability {
    const entry = known ?? (kind === 'material' ? this.material(id) : this.construction(id));
    const owner = this.ownership(kind, id, entry?.learnedBy);
    if (owner === 'own') return 'yes';
    if (this.lookups.isMissing(kind, id)) return 'no';
    if (ask) {
      if (kind === 'material') void this.lookups.lookUp(id);
      else void this.lookups.lookUpConstruction(id);
    }
    return owner === 'other' ? 'other' : 'unknown';
  }

  /**
   * The materials with a service id to offer the signed-in identity (epdId completion, Pick Material): one per id,
   * none that only another identity created or read; `owner: 'unknown'` for ids nobody is known to have created or
   * read (offered, but marked). Signed out, every id is offered.
   */
  offeredMaterials(): { material: CatalogMaterial & { id: string }; owner: 'own' | 'unknown' }[] {
    const who = this.currentIdentity();
    const read = who ? this.stored.idsReadBy('material', who) : new Set<string>();
    return offeredIds(this.materials(), who, read).map(({ entry, owner }) => ({ material: entry, owner }));
  }

  /**
   * Why the last service lookup of `epdId` failed (a short phrase such as "service error 503" or "service not
   * reachable", never a message text), or undefined when it did not fail or was answered since.
   */
  lookupFailure(epdId: string): string | undefined {
    return this.lookups.failure(epdId);
  }

  /** Looks `epdId` up on the service again now, ignoring the back-off of an earlier failure (the Library's Retry). */
  retryLookup(epdId: string): Promise<void> {
    return this.lookups.retry(epdId);
  }

  /**
   * Known materials that may be offered in place of an unknown epdId: those with a service id confirmed for the
   * signed-in identity. The rules rank them (same unit first, then words shared with the construction's name) and
   * offer the nearest few as choices, never as the preferred fix; "Pick a known material…" offers the whole catalog.
   */
  suggestEpds = (_epdId?: string): readonly MaterialInfo[] => {
    // Asked once per unknown epdId of a check: the list is derived once and kept until the catalog changes, the
    // signed-in identity or the code table does.
    const identity = this.currentIdentity();
    const codes = this.codes;
    const kept = this.suggestions;
    if (kept && kept.identity === identity && kept.codes === codes) return kept.list;
    const list = Object.freeze(
      this.materials()
        // Only ids the signed-in identity is known to be able to use (any, when signed out).
        .filter((m): m is CatalogMaterial & { id: string } => !!m.id && this.confirmed('material', m.id, m.learnedBy))
        .map((m) => Object.freeze({ id: m.id, name: m.name, declaredUnit: m.epd.declaredUnit })),
    );
    this.suggestions = { identity, codes, list };
    return list;
  };

  // ---- changes ----

  /** Keeps a record read from or written to the service (persisted in the workspace state). */
  remember(kind: 'material' | 'construction', record: unknown, source: CatalogSource, by: string | undefined = this.currentIdentity()): void {
    const id = isObject(record) ? str(record.id) : undefined;
    if (!id) return;
    this.lookups.answered(id);
    this.stored.add({ kind, id, source, record, at: Date.now(), ...(by ? { by } : {}) });
    this.fire();
  }

  /** Links a workspace file to the service id it was pulled from or pushed as. */
  async linkFile(uri: vscode.Uri, id: string, how: 'pulled' | 'pushed' = 'pulled'): Promise<void> {
    await this.links.link(uri, id, how, this.currentIdentity());
    await this.files.read(uri);
  }

  /**
   * Like resolveEpd, but waits for the service's answer when the material is not known yet (e.g. right before a
   * push): the material, undefined when the service said 404, 'unknown' when it cannot be asked or did not answer.
   */
  async resolveEpdNow(epdId: string): Promise<MaterialInfo | undefined | 'unknown'> {
    // A workspace file the watchers did not report (created under load) is looked for before the id counts as unknown.
    if (!this.materialFor(epdId)) await this.files.rescan();
    const first = this.resolveEpd(epdId);
    if (first !== 'unknown') return first;
    // An originalUUID waits for the lookup of its workspace material's service id.
    await this.lookups.running(this.materialFor(epdId)?.id ?? epdId);
    return this.resolveEpd(epdId);
  }

  /** Reads the workspace's catalog files the file watchers did not report (Refresh in the Library). */
  rescan(): Promise<void> {
    return this.files.rescan();
  }

  /** Reads these workspace files again now (e.g. right after a push recorded their ids), without waiting for the watchers. */
  async reread(uris: readonly vscode.Uri[]): Promise<void> {
    await Promise.all(uris.map((u) => this.files.read(u)));
  }

  /** The service id a workspace file was pulled from or pushed as. */
  linkedId(uri: vscode.Uri): string | undefined {
    return this.links.id(uri);
  }

  /**
   * After switching environment: sidecar ids count only for the service they were created on, so every materials
   * file's sidecar is read again against the new epdUrl.
   */
  async reloadSidecars(): Promise<void> {
    await this.files.reloadSidecars();
  }

  /** Forgets what the service answered (e.g. after switching environment or signing in). */
  forgetLookups(): void {
    this.lookups.clear();
  }

  override dispose(): void {
    if (this.fireTimer) clearTimeout(this.fireTimer);
    super.dispose();
  }

  /** Open documents are read from their analysis (the editing features' one parse per version). */
  readOpenDocumentsFrom(analysisOf: (document: vscode.TextDocument) => { readonly value: unknown } | undefined): void {
    this.files.readOpenDocumentsFrom(analysisOf);
  }

  /** An open bulk file as the editor's check parsed it (after edits), so that typing costs no parse of the whole file. */
  acceptParsed(uri: vscode.Uri, value: () => unknown): void {
    this.files.acceptParsed(uri, value);
  }

  private fire(): void {
    this.suggestions = undefined;
    if (this.fireTimer) return;
    this.fireTimer = setTimeout(() => {
      this.fireTimer = undefined;
      this.changed.fire();
    }, 50);
  }
}
