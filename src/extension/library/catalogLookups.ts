// The catalog's questions to the service: is this material (epdId) or construction id readable by the signed-in
// identity? Answers are remembered (a 404 as missing); a failure of the moment (offline, 5xx) is not asked again for
// a while, since typing re-checks a document every few hundred milliseconds, and the Library shows it with Retry.
import type * as vscode from 'vscode';
import { isLcaServiceError } from '../../client';
import type { LcaSession } from '../session';
import * as l10n from '../l10n';
import type { CatalogSource } from './catalogTypes';

const LOOKUP_BACKOFF_MS = 30_000;

export interface LookupDeps {
  /** The service client, and whether it can be asked (someone is signed in). */
  session: LcaSession;
  log: vscode.LogOutputChannel;
  currentIdentity: () => string | undefined;
  /** Keeps a record the service answered with, for the identity that asked. */
  remember: (kind: 'material' | 'construction', record: unknown, source: CatalogSource, by: string | undefined) => void;
  /** Says that what the catalog knows changed. */
  fire: () => void;
}

export class ServiceLookups {
  /** Ids the service answered 404 for (resolve nowhere), and ids being looked up now. */
  private readonly missing = new Set<string>();
  private readonly pending = new Map<string, Promise<void>>();
  /** Construction ids the service refused (404) to the current identity, and construction checks under way. */
  private readonly missingConstructions = new Set<string>();
  private readonly pendingConstructions = new Map<string, Promise<void>>();
  /**
   * Lookups that failed for another reason than 404 (offline, 5xx): when, and a short reason to show. Not asked again
   * for a while (typing re-checks often); the Library shows them as failed with Retry (retry).
   */
  private readonly failed = new Map<string, { at: number; reason: string }>();

  constructor(private readonly deps: LookupDeps) {}

  /** Whether the service said 404 for this material or construction id. */
  isMissing(kind: 'material' | 'construction', id: string): boolean {
    return (kind === 'material' ? this.missing : this.missingConstructions).has(id.toLowerCase());
  }

  /** The material lookup of `epdId` under way, if any. */
  running(epdId: string): Promise<void> | undefined {
    return this.pending.get(epdId.toLowerCase());
  }

  /** Why the last lookup of material `epdId` failed (a short phrase), or undefined. */
  failure(epdId: string): string | undefined {
    return this.failed.get(epdId.toLowerCase())?.reason;
  }

  /** The service answered with record `id` (read, created): it is neither missing nor failed any more. */
  answered(id: string): void {
    const key = id.toLowerCase();
    this.missing.delete(key);
    this.missingConstructions.delete(key);
    this.failed.delete(key);
  }

  /** Looks `epdId` up again now, ignoring the back-off of an earlier failure (the Library's Retry). */
  retry(epdId: string): Promise<void> {
    const key = epdId.toLowerCase();
    this.failed.delete(key);
    this.missing.delete(key);
    this.deps.fire();
    return this.lookUp(epdId);
  }

  /** Forgets every answer (e.g. after switching environment or signing in). */
  clear(): void {
    this.missing.clear();
    this.missingConstructions.clear();
    this.failed.clear();
    this.deps.fire();
  }

  lookUp(epdId: string): Promise<void> {
    const key = epdId.toLowerCase();
    const running = this.pending.get(key);
    if (running) return running;
    if (!this.deps.session.signedIn || !/^[0-9a-f-]{8,}$/i.test(epdId)) return Promise.resolve();
    // Typing re-checks a document every few hundred milliseconds: do not ask a failing service on each keystroke.
    if (Date.now() - (this.failed.get(key)?.at ?? 0) < LOOKUP_BACKOFF_MS) return Promise.resolve();
    const lookup = this.fetchMaterial(epdId, key);
    this.pending.set(key, lookup);
    return lookup;
  }

  private async fetchMaterial(epdId: string, key: string): Promise<void> {
    // The answer counts for the identity that asked: dropped when another one signed in meanwhile.
    const who = this.deps.currentIdentity();
    try {
      const client = await this.deps.session.client();
      const record = await client.getMaterial(epdId);
      if (this.deps.currentIdentity() !== who) return;
      this.deps.remember('material', record, 'service', who);
    } catch (e) {
      if (this.deps.currentIdentity() !== who) return;
      if (isLcaServiceError(e) && e.status === 404) {
        this.failed.delete(key);
        this.missing.add(key);
      } else {
        const reason = lookupFailureReason(e);
        this.failed.set(key, { at: Date.now(), reason });
        // The client's messages carry no token or password (it redacts them); the Library shows only `reason`.
        this.deps.log.warn(`Catalog: could not look up material ${epdId} (${reason}): ${(e as Error).message}`);
      }
      this.deps.fire();
    } finally {
      this.pending.delete(key);
    }
  }

  /** Asks the service whether the signed-in identity can read construction `id` (for the Library's Inspect offer). */
  lookUpConstruction(id: string): Promise<void> {
    const key = id.toLowerCase();
    const running = this.pendingConstructions.get(key);
    if (running) return running;
    if (!this.deps.session.signedIn || !/^[0-9a-f-]{8,}$/i.test(id)) return Promise.resolve();
    if (Date.now() - (this.failed.get(`construction:${key}`)?.at ?? 0) < LOOKUP_BACKOFF_MS) return Promise.resolve();
    const who = this.deps.currentIdentity();
    const lookup = (async () => {
      try {
        const record = await (await this.deps.session.client()).getConstruction(id);
        if (this.deps.currentIdentity() === who) this.deps.remember('construction', record, 'service', who);
      } catch (e) {
        if (this.deps.currentIdentity() !== who) return;
        if (isLcaServiceError(e) && e.status === 404) this.missingConstructions.add(key);
        else this.failed.set(`construction:${key}`, { at: Date.now(), reason: lookupFailureReason(e) });
        this.deps.fire();
      } finally {
        this.pendingConstructions.delete(key);
      }
    })();
    this.pendingConstructions.set(key, lookup);
    return lookup;
  }
}

/** A short reason for a failed lookup, built from the error's kind and status only (so no secret can end up in it). */
export function lookupFailureReason(e: unknown): string {
  if (!isLcaServiceError(e)) return l10n.t('could not ask the service');
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
