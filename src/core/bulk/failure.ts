// What a failed request of the bulk-create job says: whether the service did the work (the recovery rule,
// docs/service-decisions.md, "Bulk create job"), the ids a 409 names, and the failure's words.
import { format, msg, type Msg } from '../l10n';

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

export function messageOf(e: unknown, s: ServiceFailure | undefined): Msg {
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
