// The bulk-create job: sends the materials not yet created in chunks, records each chunk's ids before the next
// is sent, reports progress, and stops on cancel or failure with an exact account of what was and was not
// created. No editor, no files: the caller persists records (the sidecar) through `onRecord`.
//
// Recovery rule (docs/service-decisions.md, "Bulk create job"): a write is never repeated blindly. A chunk whose
// outcome is unknown (connection reset or timeout after sending, a 5xx, an unreadable 2xx) is sent again only as
// a *recovery*: the service identifies a material by originalUUID + originalVersion and answers an existing one
// with 409 and its `existingId`, so the resend creates what is missing and names what exists — never a duplicate.
import type { MaterialRead } from '../api/types';
import { format, msg, type Msg } from '../l10n';
import type { Material } from '../schemas/types';
import { materialKey, type SidecarItem } from './sidecar';

/** The client calls the job needs (LcaClient has them). */
export interface BulkCreateClient {
  bulkCreateMaterials(items: Material[], signal?: AbortSignal, options?: { checked?: boolean }): Promise<MaterialRead[]>;
}

/**
 * What the job reads from a failed request. The caller tells the job which thrown values are such failures
 * (`isServiceFailure`; for LcaClient: `isLcaServiceError`), so that the job depends on no client.
 */
export interface ServiceFailure {
  /** What went wrong, as data (the editor layer phrases it in the user's language). */
  reason: Msg;
  /** 'network', 'timeout', 'invalid-response', 'invalid-request', 'graphql', 'aborted' or 'http'. */
  code: string;
  status?: number;
  /** Seconds the service asked us to wait (429/503 with Retry-After). */
  retryAfterSeconds?: number;
  /** Problem details; on a 409 of bulk create each error names the index (`/3`) and the `existingId`. */
  problem?: { errors?: readonly { pointer: string; existingId?: string }[] };
}

/** One material of the file. */
export interface BulkItem {
  /** Position in the materials file. */
  index: number;
  /** materialKey(originalUUID, originalVersion). */
  key: string;
  material: Material;
}

/**
 * An item known by its identity only: its material is read when its request is made (BulkJobOptions.materials), so
 * that a file too big to hold is sent without being held.
 */
export interface BulkItemRef {
  index: number;
  key: string;
  material: Pick<Material, 'originalUUID' | 'originalVersion' | 'name'>;
}

/** A material named in a report. */
export interface MaterialRef {
  index: number;
  key: string;
  originalUUID: string;
  originalVersion: string;
  name: string;
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

function refOf(item: BulkItemRef): MaterialRef {
  return {
    index: item.index,
    key: item.key,
    originalUUID: String(item.material.originalUUID),
    originalVersion: String(item.material.originalVersion),
    name: String(item.material.name ?? ''),
  };
}

function messageOf(e: unknown, s: ServiceFailure | undefined): Msg {
  // Anything else (a file system error, say) in the platform's own words.
  return s?.reason ?? msg('{0}', e instanceof Error ? e.message : String(e));
}

/** The existing ids of a 409, by index in the request; undefined when the failure is not such a 409. */
export function existingIdsOf(s: ServiceFailure | undefined): Map<number, string> | undefined {
  if (!s || s.status !== 409 || !s.problem?.errors) return undefined;
  const out = new Map<number, string>();
  for (const fp of s.problem.errors) {
    const m = /^\/(\d+)$/.exec(fp.pointer);
    if (m && typeof fp.existingId === 'string' && fp.existingId) out.set(Number(m[1]), fp.existingId);
  }
  return out;
}

type Outcome = 'aborted' | 'unknown' | 'refused-retry' | 'refused';

/** What a failed request (`s`: undefined when it is no service failure) says about whether the service did the work. */
export function classifyFailure(s: ServiceFailure | undefined, signal?: AbortSignal): Outcome {
  if (signal?.aborted || s?.code === 'aborted') return 'aborted';
  if (!s) return 'unknown';
  switch (s.code) {
    case 'network':
    case 'timeout':
    case 'invalid-response':
      return 'unknown';
    case 'invalid-request':
    case 'graphql':
      return 'refused';
    default:
      break;
  }
  const status = s.status ?? 0;
  if ((status === 429 || status === 503) && s.retryAfterSeconds !== undefined) return 'refused-retry';
  if (status >= 500 || status === 408) return 'unknown';
  return 'refused';
}

const wait = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** Duplicate keys among items (the service would refuse the second one): "key" → file indexes. */
export function duplicateKeys(items: readonly BulkItem[]): Map<string, number[]> {
  const at = new Map<string, number[]>();
  for (const it of items) at.set(it.key, [...(at.get(it.key) ?? []), it.index]);
  return new Map([...at].filter(([, v]) => v.length > 1));
}

/** Items from a parsed materials file (which must be an array of objects). */
export function bulkItemsOf(value: unknown): BulkItem[] {
  // A programming error: callers pass only what the bulk-create check found to be an array.
  if (!Array.isArray(value)) throw new TypeError('bulkItemsOf: not an array');
  return value.map((m, index) => {
    const r = (m ?? {}) as Record<string, unknown>;
    return { index, key: materialKey(String(r.originalUUID), String(r.originalVersion)), material: m as Material };
  });
}

export async function runBulkCreate(opts: BulkJobOptions): Promise<BulkJobResult> {
  const started = Date.now();
  const now = opts.now ?? (() => new Date());
  const chunkSize = Math.max(1, opts.chunkSize ?? DEFAULT_CHUNK_SIZE);
  const recoveryAttempts = Math.max(0, opts.recoveryAttempts ?? 1);
  const recoveryDelayMs = opts.recoveryDelayMs ?? 500;
  const { signal } = opts;
  const asServiceFailure = (e: unknown): ServiceFailure | undefined => (opts.isServiceFailure(e) ? e : undefined);
  const already = opts.alreadyCreated ?? new Set<string>();
  // The requests' own signal: aborted `cancelGraceMs` after `signal`, so that a request in flight may still answer.
  const graceMs = Math.max(0, opts.cancelGraceMs ?? 0);
  const requestAbort = new AbortController();
  let inFlight = 0;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const onCancel = () => {
    if (graceMs === 0 || inFlight === 0) return requestAbort.abort();
    opts.onCancelWait?.(inFlight);
    graceTimer = setTimeout(() => requestAbort.abort(), graceMs);
  };
  if (signal?.aborted) requestAbort.abort();
  else signal?.addEventListener('abort', onCancel, { once: true });
  const requestSignal = signal ? requestAbort.signal : undefined;

  const skippedRefs: MaterialRef[] = [];
  const pending: BulkItemRef[] = [];
  for (const it of opts.items) {
    if (already.has(it.key)) skippedRefs.push(refOf(it));
    else pending.push(it);
  }

  const created: SidecarItem[] = [];
  const alreadyThere: SidecarItem[] = [];
  const recordedKeys = new Set<string>();
  let unconfirmed: BulkItemRef[] = [];
  /** The request size after the service answered 413 (too many in one request), if it did. */
  let requestSizeCut: number | undefined;
  let failed: BulkFailure | undefined;
  let cancelled = false;

  const progress = () => {
    const elapsedMs = Date.now() - started;
    const done = created.length + alreadyThere.length;
    opts.onProgress?.({ done, total: pending.length, rate: elapsedMs > 0 ? (done * 1000) / elapsedMs : 0, elapsedMs });
  };

  /** Records (and persists) a batch; false when persisting failed (then `failed` is set). */
  const record = async (batch: SidecarItem[], into: SidecarItem[], chunkStart: number, keys: string[]): Promise<boolean> => {
    into.push(...batch);
    keys.forEach((k) => recordedKeys.add(k));
    progress();
    try {
      await opts.onRecord?.(batch);
      return true;
    } catch (e) {
      failed = {
        message: msg('The ids of the last {0} materials could not be written to the sidecar ({1}); they are listed in this report', batch.length, messageOf(e, asServiceFailure(e))),
        chunkStart,
        outcomeUnknown: false,
      };
      return false;
    }
  };

  progress();
  let size = opts.chunkSize === undefined ? chunkSizeFor(pending.length) : chunkSize;
  let pos = 0;
  /** The next request's materials, read (opts.materials) while the request before it is in flight. */
  let ahead: { from: number; count: number; bodies: Promise<Material[]> } | undefined;
  /** Items put back by a 413 split: they go first in the next request. */
  let carry: BulkItemRef[] = [];
  outer: while (pos < pending.length || carry.length > 0) {
    if (signal?.aborted) {
      cancelled = true;
      break;
    }
    const fresh = pending.slice(pos, pos + Math.max(0, size - carry.length));
    pos += fresh.length;
    let remaining = [...carry, ...fresh];
    carry = [];
    let recoveries = 0;
    while (remaining.length > 0) {
      const chunkStart = remaining[0].index;
      if (signal?.aborted) {
        // Cancelled after an answer (409 found, 413 split): what is left of this request is not sent.
        cancelled = true;
        break outer;
      }
      let bodies: Material[];
      try {
        // Without a reader the items are whole materials (BulkItem).
        const read = ahead && ahead.from === remaining[0].index && ahead.count === remaining.length ? ahead.bodies : undefined;
        ahead = undefined;
        bodies = opts.materials ? await (read ?? opts.materials(remaining)) : remaining.map((r) => r.material as Material);
      } catch (e) {
        failed = { message: e instanceof FileChangedError ? e.reason : messageOf(e, undefined), chunkStart, outcomeUnknown: false };
        break outer;
      }
      if (signal?.aborted) {
        // Cancelled while the materials were read: this request was not sent.
        cancelled = true;
        break outer;
      }
      try {
        inFlight = remaining.length;
        let reads: MaterialRead[];
        try {
          const request = opts.client.bulkCreateMaterials(bodies, requestSignal, { checked: opts.itemsChecked === true });
          if (opts.materials && !ahead && carry.length === 0 && pos < pending.length) {
            // Read the next request's materials while this one is in flight (a failure counts when they are needed).
            const next = pending.slice(pos, pos + size);
            const read = opts.materials(next);
            read.catch(() => undefined);
            ahead = { from: next[0].index, count: next.length, bodies: read };
          }
          reads = await request;
        } finally {
          inFlight = 0;
        }
        const at = now().toISOString();
        const batch = remaining.map((it, i) => ({
          originalUUID: String(it.material.originalUUID),
          originalVersion: String(it.material.originalVersion),
          id: reads[i].id,
          name: String(it.material.name ?? reads[i].name ?? ''),
          createdAt: typeof reads[i].createdAt === 'string' ? String(reads[i].createdAt) : at,
        }));
        const ok = await record(batch, created, chunkStart, remaining.map((r) => r.key));
        remaining = [];
        if (!ok) break outer;
      } catch (e) {
        const s = asServiceFailure(e);
        const existing = existingIdsOf(s);
        if (existing && existing.size > 0) {
          // Nothing of this request was created (bulk create is atomic): record what exists, resend the rest.
          const at = now().toISOString();
          const found = remaining.filter((_, i) => existing.has(i));
          const batch = remaining.flatMap((it, i) => {
            const id = existing.get(i);
            return id
              ? [{ originalUUID: String(it.material.originalUUID), originalVersion: String(it.material.originalVersion), id, name: String(it.material.name ?? ''), createdAt: at, recovered: true }]
              : [];
          });
          remaining = remaining.filter((_, i) => !existing.has(i));
          const ok = await record(batch, alreadyThere, chunkStart, found.map((r) => r.key));
          if (!ok) break outer;
          continue;
        }
        if (s?.status === 413 && remaining.length > 1 && !signal?.aborted) {
          // Too many for one request on this service (nothing was created): halve the requests from here on.
          size = Math.max(1, Math.floor(remaining.length / 2));
          requestSizeCut = size;
          carry = remaining.slice(size);
          remaining = remaining.slice(0, size);
          continue;
        }
        const outcome = classifyFailure(s, requestSignal);
        if (outcome === 'aborted') {
          // The request may have reached the service before the cancel: its outcome is unknown.
          cancelled = true;
          unconfirmed = remaining;
          break outer;
        }
        if ((outcome === 'unknown' || outcome === 'refused-retry') && recoveries < recoveryAttempts) {
          recoveries++;
          const delay = outcome === 'refused-retry' ? Math.min(20_000, (s?.retryAfterSeconds ?? 0) * 1000) : recoveryDelayMs;
          await wait(delay, signal);
          if (signal?.aborted) {
            cancelled = true;
            if (outcome === 'unknown') unconfirmed = remaining;
            break outer;
          }
          continue;
        }
        failed = {
          message: messageOf(e, s),
          chunkStart,
          outcomeUnknown: outcome === 'unknown',
          ...(s?.status !== undefined ? { status: s.status } : {}),
        };
        if (outcome === 'unknown') unconfirmed = remaining;
        break outer;
      }
    }
  }

  if (graceTimer) clearTimeout(graceTimer);
  signal?.removeEventListener('abort', onCancel);
  const notSent = pending.filter((it) => !recordedKeys.has(it.key)).map(refOf);
  return {
    total: opts.items.length,
    skipped: skippedRefs,
    created,
    alreadyThere,
    notSent,
    unconfirmed: unconfirmed.map(refOf),
    ...(failed ? { failed } : {}),
    ...(requestSizeCut !== undefined ? { requestSizeCut } : {}),
    cancelled,
    durationMs: Date.now() - started,
  };
}

/** The file changed on disk after it was checked. */
export class FileChangedError extends Error {
  /** What the user reads (the bulk job reports it as the request's failure). */
  readonly reason: Msg;
  constructor(readonly file: string) {
    const reason = msg('{0} changed on disk after it was checked; what was not sent yet is left for a run again (which checks it anew)', file.split(/[\\/]/).pop() ?? file);
    super(format(reason));
    this.reason = reason;
    this.name = 'FileChangedError';
  }
}
