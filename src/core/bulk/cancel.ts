// Cancelling a bulk-create job: the requests' own abort signal, which gives a request in flight time to answer after
// the user cancels (so that what it created is recorded), and a wait that a cancel cuts short.

/** Waits `ms`, or less when `signal` aborts. */
export const wait = (ms: number, signal?: AbortSignal): Promise<void> =>
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

/** The requests' own signal: aborted `graceMs` after the user's `cancel`, so that a request in flight may still answer. */
export class RequestAbort {
  /** Undefined when the job has no cancel signal. */
  readonly signal: AbortSignal | undefined;
  /** Materials of the request in flight (0: none). */
  inFlight = 0;
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onCancel = (): void => {
    if (this.graceMs === 0 || this.inFlight === 0) return this.controller.abort();
    this.onWait?.(this.inFlight);
    this.timer = setTimeout(() => this.controller.abort(), this.graceMs);
  };

  constructor(
    private readonly cancel: AbortSignal | undefined,
    private readonly graceMs: number,
    private readonly onWait: ((inFlight: number) => void) | undefined,
  ) {
    if (cancel?.aborted) this.controller.abort();
    else cancel?.addEventListener('abort', this.onCancel, { once: true });
    this.signal = cancel ? this.controller.signal : undefined;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.cancel?.removeEventListener('abort', this.onCancel);
  }
}
