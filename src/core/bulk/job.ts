// The bulk-create job: sends the materials not yet created in chunks, records each chunk's ids before the next
// is sent, reports progress, and stops on cancel or failure with an exact account of what was and was not
// created. No editor, no files: the caller persists records (the sidecar) through `onRecord`.
//
// Recovery rule (docs/service-decisions.md, "Bulk create job"): a write is never repeated blindly. A chunk whose
// outcome is unknown (connection reset or timeout after sending, a 5xx, an unreadable 2xx) is sent again only as
// a *recovery*: the service identifies a material by originalUUID + originalVersion and answers an existing one
// with 409 and its `existingId`, so the resend creates what is missing and names what exists — never a duplicate.
import type { MaterialRead } from '../api/types';
import { msg, type Msg } from '../l10n';
import type { Material } from '../schemas/types';
import type { SidecarItem } from './sidecar';
import { refOf, type BulkItemRef, type MaterialRef } from './items';
import { classifyFailure, existingIdsOf, FileChangedError, messageOf, type ServiceFailure } from './failure';
import { RequestAbort, wait } from './cancel';

/** The client calls the job needs (LcaClient has them). */
export interface BulkCreateClient {
  bulkCreateMaterials(items: Material[], signal?: AbortSignal, options?: { checked?: boolean }): Promise<MaterialRead[]>;
}

export interface BulkProgress {
  /** Materials recorded in this run (created or found to exist). */
  done: number;
  /** Materials this run set out to send. */
  total: number;
  /** Materials per second since the start. */
  rate: number;
  elapsedMs: number;
}

export interface BulkJobOptions {
  client: BulkCreateClient;
  /** Which thrown values are failures the service (or the way to it) reported; anything else counts as unknown. */
  isServiceFailure: (e: unknown) => e is ServiceFailure;
  /** Every material of the file, in file order: whole materials, or identities when `materials` reads them. */
  items: readonly BulkItemRef[];
  /**
   * Reads the materials of a request's items (in file order) when the items are identities only; a throw stops the job
   * before that request is sent (nothing of it was created).
   */
  materials?: (items: readonly BulkItemRef[]) => Promise<Material[]>;
  /** Keys already created on this service (from the sidecar): not sent. */
  alreadyCreated?: ReadonlySet<string> | ReadonlyMap<string, unknown>;
  /**
   * True when every item has been checked against the materials schema just before the job (planBulkCreate does):
   * the client then does not check each chunk again.
   */
  itemsChecked?: boolean;
  /** Materials per request; default chunkSizeFor(the number to send). A 413 answer halves it. */
  chunkSize?: number;
  signal?: AbortSignal;
  /**
   * After `signal` aborts (the user cancelled), how long the request already in flight may still take to answer
   * (ms) before it is abandoned. Its answer, when it comes, is recorded — so what the job reports as created is what
   * the service holds. Default 0: abandon it at once (then it is reported as in flight, `unconfirmed`).
   */
  cancelGraceMs?: number;
  /** Called once when `signal` aborts while a request is in flight and the job waits for its answer. */
  onCancelWait?: (inFlight: number) => void;
  /** Persists records (awaited before the next request); a throw stops the job. */
  onRecord?: (records: SidecarItem[]) => Promise<void> | void;
  onProgress?: (progress: BulkProgress) => void;
  /**
   * Resends per chunk after an unknown outcome or a refusal with Retry-After (the client has already waited for
   * Retry-After itself). Default 1.
   */
  recoveryAttempts?: number;
  /** Wait before a recovery resend; default 500 ms (a Retry-After, when given, is waited for instead). */
  recoveryDelayMs?: number;
  now?: () => Date;
}

export interface BulkFailure {
  /** What failed, as data (phrased by whoever shows it). */
  message: Msg;
  /** File index of the first material of the chunk that failed. */
  chunkStart: number;
  /** True when the service may have created the chunk (its answer was lost): see `unconfirmed`. */
  outcomeUnknown: boolean;
  status?: number;
}

export interface BulkJobResult {
  /** Materials in the file. */
  total: number;
  /** Already created per the sidecar; not sent. */
  skipped: MaterialRef[];
  /** Created in this run. */
  created: SidecarItem[];
  /** Found to exist on the service in this run (409 with existingId): recorded, not created again. */
  alreadyThere: SidecarItem[];
  /** Not recorded as created: a run again sends exactly these. Includes `unconfirmed`. */
  notSent: MaterialRef[];
  /** Part of `notSent` that was sent but whose answer was lost: the service may hold them; a run again recovers their ids (409). */
  unconfirmed: MaterialRef[];
  failed?: BulkFailure;
  /** Set when the service refused a request as too large (413): the number of materials per request from then on. */
  requestSizeCut?: number;
  cancelled: boolean;
  durationMs: number;
}

export const DEFAULT_CHUNK_SIZE = 200;
/** The local service's limit per request (docs/service-decisions.md); a smaller limit elsewhere is met by 413 splits. */
export const MAX_CHUNK_SIZE = 1000;

/**
 * Materials per request for a job of `count`: about twenty requests (so progress and cancel stay responsive), at least
 * DEFAULT_CHUNK_SIZE and at most MAX_CHUNK_SIZE, in hundreds. Fewer, larger requests cost less per material.
 */
export function chunkSizeFor(count: number): number {
  return Math.min(MAX_CHUNK_SIZE, Math.max(DEFAULT_CHUNK_SIZE, Math.ceil(count / 20 / 100) * 100));
}

export async function runBulkCreate(opts: BulkJobOptions): Promise<BulkJobResult> {
  const run = new BulkRun(opts);
  await run.sendAll();
  return run.result();
}

/** What a request's failure leaves to send: its items (and the resends so far), or undefined when the job stops. */
type AfterFailure = { remaining: BulkItemRef[]; recoveries: number } | undefined;

/** One run of the job: what it has recorded so far, and where in the file it is. */
class BulkRun {
  private readonly started = Date.now();
  private readonly now: () => Date;
  private readonly recoveryAttempts: number;
  private readonly recoveryDelayMs: number;
  private readonly signal: AbortSignal | undefined;
  private readonly requests: RequestAbort;
  private readonly skipped: MaterialRef[] = [];
  private readonly pending: BulkItemRef[] = [];
  private readonly created: SidecarItem[] = [];
  private readonly alreadyThere: SidecarItem[] = [];
  private readonly recordedKeys = new Set<string>();
  private unconfirmed: BulkItemRef[] = [];
  /** The request size after the service answered 413 (too many in one request), if it did. */
  private requestSizeCut: number | undefined;
  private failed: BulkFailure | undefined;
  private cancelled = false;
  /** Materials per request. */
  private size: number;
  /** The next pending item to send. */
  private pos = 0;
  /** The next request's materials, read (opts.materials) while the request before it is in flight. */
  private ahead: { from: number; count: number; bodies: Promise<Material[]> } | undefined;
  /** Items put back by a 413 split: they go first in the next request. */
  private carry: BulkItemRef[] = [];

  constructor(private readonly opts: BulkJobOptions) {
    this.now = opts.now ?? (() => new Date());
    const chunkSize = Math.max(1, opts.chunkSize ?? DEFAULT_CHUNK_SIZE);
    this.recoveryAttempts = Math.max(0, opts.recoveryAttempts ?? 1);
    this.recoveryDelayMs = opts.recoveryDelayMs ?? 500;
    this.signal = opts.signal;
    this.requests = new RequestAbort(opts.signal, Math.max(0, opts.cancelGraceMs ?? 0), opts.onCancelWait);
    const already = opts.alreadyCreated ?? new Set<string>();
    for (const it of opts.items) {
      if (already.has(it.key)) this.skipped.push(refOf(it));
      else this.pending.push(it);
    }
    this.size = opts.chunkSize === undefined ? chunkSizeFor(this.pending.length) : chunkSize;
  }

  /** Sends request after request until everything is recorded, the user cancels or a request fails. */
  async sendAll(): Promise<void> {
    this.progress();
    while (this.pos < this.pending.length || this.carry.length > 0) {
      if (this.signal?.aborted) {
        this.cancelled = true;
        return;
      }
      const fresh = this.pending.slice(this.pos, this.pos + Math.max(0, this.size - this.carry.length));
      this.pos += fresh.length;
      const items = [...this.carry, ...fresh];
      this.carry = [];
      if (!(await this.sendRequest(items))) return;
    }
  }

  result(): BulkJobResult {
    this.requests.dispose();
    const notSent = this.pending.filter((it) => !this.recordedKeys.has(it.key)).map(refOf);
    return {
      total: this.opts.items.length,
      skipped: this.skipped,
      created: this.created,
      alreadyThere: this.alreadyThere,
      notSent,
      unconfirmed: this.unconfirmed.map(refOf),
      ...(this.failed ? { failed: this.failed } : {}),
      ...(this.requestSizeCut !== undefined ? { requestSizeCut: this.requestSizeCut } : {}),
      cancelled: this.cancelled,
      durationMs: Date.now() - this.started,
    };
  }

  /** Sends one request's items until each is recorded (resent after a 409, a 413 or a recovery); false: the job stops. */
  private async sendRequest(items: BulkItemRef[]): Promise<boolean> {
    let remaining = items;
    let recoveries = 0;
    while (remaining.length > 0) {
      const chunkStart = remaining[0].index;
      // Cancelled after an answer (409 found, 413 split): what is left of this request is not sent.
      if (this.stopIfCancelled()) return false;
      const bodies = await this.bodiesOf(remaining, chunkStart);
      if (!bodies) return false;
      // Cancelled while the materials were read: this request was not sent.
      if (this.stopIfCancelled()) return false;
      try {
        const reads = await this.post(remaining, bodies);
        const ok = await this.recordCreated(remaining, reads, chunkStart);
        remaining = [];
        if (!ok) return false;
      } catch (e) {
        const next = await this.afterFailure(e, remaining, chunkStart, recoveries);
        if (!next) return false;
        ({ remaining, recoveries } = next);
      }
    }
    return true;
  }

  /** True (the run cancelled) when the user has cancelled. */
  private stopIfCancelled(): boolean {
    if (!this.signal?.aborted) return false;
    this.cancelled = true;
    return true;
  }

  private serviceFailure(e: unknown): ServiceFailure | undefined {
    return this.opts.isServiceFailure(e) ? e : undefined;
  }

  /** The materials of a request (without a reader the items are whole materials, BulkItem); undefined when reading failed. */
  private async bodiesOf(remaining: BulkItemRef[], chunkStart: number): Promise<Material[] | undefined> {
    try {
      const ahead = this.ahead;
      const read = ahead && ahead.from === remaining[0].index && ahead.count === remaining.length ? ahead.bodies : undefined;
      this.ahead = undefined;
      return this.opts.materials ? await (read ?? this.opts.materials(remaining)) : remaining.map((r) => r.material as Material);
    } catch (e) {
      this.failed = { message: e instanceof FileChangedError ? e.reason : messageOf(e, undefined), chunkStart, outcomeUnknown: false };
      return undefined;
    }
  }

  /** Sends one request and, while it is in flight, reads the next request's materials. */
  private async post(remaining: BulkItemRef[], bodies: Material[]): Promise<MaterialRead[]> {
    this.requests.inFlight = remaining.length;
    try {
      const request = this.opts.client.bulkCreateMaterials(bodies, this.requests.signal, { checked: this.opts.itemsChecked === true });
      this.readAhead();
      return await request;
    } finally {
      this.requests.inFlight = 0;
    }
  }

  /** Reads the next request's materials (a failure counts when they are needed). */
  private readAhead(): void {
    if (!this.opts.materials || this.ahead || this.carry.length > 0 || this.pos >= this.pending.length) return;
    const next = this.pending.slice(this.pos, this.pos + this.size);
    const read = this.opts.materials(next);
    read.catch(() => undefined);
    this.ahead = { from: next[0].index, count: next.length, bodies: read };
  }

  private recordCreated(remaining: BulkItemRef[], reads: MaterialRead[], chunkStart: number): Promise<boolean> {
    const at = this.now().toISOString();
    const batch = remaining.map((it, i) => ({
      originalUUID: String(it.material.originalUUID),
      originalVersion: String(it.material.originalVersion),
      id: reads[i].id,
      name: String(it.material.name ?? reads[i].name ?? ''),
      createdAt: typeof reads[i].createdAt === 'string' ? String(reads[i].createdAt) : at,
    }));
    return this.record(batch, this.created, chunkStart, remaining.map((r) => r.key));
  }

  /** What to do after a request failed: record what a 409 names, split after a 413, resend, or stop. */
  private async afterFailure(e: unknown, remaining: BulkItemRef[], chunkStart: number, recoveries: number): Promise<AfterFailure> {
    const s = this.serviceFailure(e);
    const existing = existingIdsOf(s);
    if (existing && existing.size > 0) {
      // Nothing of this request was created (bulk create is atomic): record what exists, resend the rest.
      const ok = await this.recordExisting(remaining, existing, chunkStart);
      return ok ? { remaining: remaining.filter((_, i) => !existing.has(i)), recoveries } : undefined;
    }
    if (s?.status === 413 && remaining.length > 1 && !this.signal?.aborted) {
      // Too many for one request on this service (nothing was created): halve the requests from here on.
      this.size = Math.max(1, Math.floor(remaining.length / 2));
      this.requestSizeCut = this.size;
      this.carry = remaining.slice(this.size);
      return { remaining: remaining.slice(0, this.size), recoveries };
    }
    const outcome = classifyFailure(s, this.requests.signal);
    if (outcome === 'aborted') {
      // The request may have reached the service before the cancel: its outcome is unknown.
      this.cancelled = true;
      this.unconfirmed = remaining;
      return undefined;
    }
    if ((outcome === 'unknown' || outcome === 'refused-retry') && recoveries < this.recoveryAttempts) {
      const delay = outcome === 'refused-retry' ? Math.min(20_000, (s?.retryAfterSeconds ?? 0) * 1000) : this.recoveryDelayMs;
      await wait(delay, this.signal);
      if (!this.signal?.aborted) return { remaining, recoveries: recoveries + 1 };
      this.cancelled = true;
      if (outcome === 'unknown') this.unconfirmed = remaining;
      return undefined;
    }
    this.failed = { message: messageOf(e, s), chunkStart, outcomeUnknown: outcome === 'unknown', ...(s?.status !== undefined ? { status: s.status } : {}) };
    if (outcome === 'unknown') this.unconfirmed = remaining;
    return undefined;
  }

  /** Records the materials a 409 names as existing (recovered); false when persisting failed. */
  private recordExisting(remaining: BulkItemRef[], existing: Map<number, string>, chunkStart: number): Promise<boolean> {
    const at = this.now().toISOString();
    const found = remaining.filter((_, i) => existing.has(i));
    const batch = remaining.flatMap((it, i) => {
      const id = existing.get(i);
      return id
        ? [{ originalUUID: String(it.material.originalUUID), originalVersion: String(it.material.originalVersion), id, name: String(it.material.name ?? ''), createdAt: at, recovered: true }]
        : [];
    });
    return this.record(batch, this.alreadyThere, chunkStart, found.map((r) => r.key));
  }

  /** Records (and persists) a batch; false when persisting failed (then `failed` is set). */
  private async record(batch: SidecarItem[], into: SidecarItem[], chunkStart: number, keys: string[]): Promise<boolean> {
    into.push(...batch);
    keys.forEach((k) => this.recordedKeys.add(k));
    this.progress();
    try {
      await this.opts.onRecord?.(batch);
      return true;
    } catch (e) {
      this.failed = {
        message: msg('The ids of the last {0} materials could not be written to the sidecar ({1}); they are listed in this report', batch.length, messageOf(e, this.serviceFailure(e))),
        chunkStart,
        outcomeUnknown: false,
      };
      return false;
    }
  }

  private progress(): void {
    const elapsedMs = Date.now() - this.started;
    const done = this.created.length + this.alreadyThere.length;
    this.opts.onProgress?.({ done, total: this.pending.length, rate: elapsedMs > 0 ? (done * 1000) / elapsedMs : 0, elapsedMs });
  }
}
