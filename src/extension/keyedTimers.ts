// One pending timer per key (a file's URI): scheduling a key again replaces its timer, so a burst of changes to one
// file runs its work once, after the last.
export class KeyedTimers {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  /** Runs `fn` `ms` after the last call for `key`. */
  schedule(key: string, ms: number, fn: () => void): void {
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        fn();
      }, ms),
    );
  }

  cancel(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  clear(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
