// The few first of many in an order, without sorting all of them: the ranking keeps its `limit` lowest of 10,000
// candidates so, and makes the full entry of those only.

/**
 * The `k` first of the items added, in the order of `compare`, as a stable sort and a slice would give them — without
 * sorting all of them (10,000 candidates, of which a few are listed). A caller compares a candidate with `last` before
 * making its item: one that does not come before it would not be kept.
 */
export class Least<T> {
  readonly items: T[] = [];
  constructor(
    private readonly k: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}
  /** The item a new one must come before to be kept, once there are `k`; undefined while any new one is kept. */
  get last(): T | undefined {
    return this.items.length === this.k ? this.items[this.k - 1] : undefined;
  }
  add(x: T): void {
    const out = this.items;
    if (this.k <= 0) return;
    if (out.length === this.k) out[this.k - 1] = x;
    else out.push(x);
    for (let i = out.length - 1; i > 0 && this.compare(out[i], out[i - 1]) < 0; i--) [out[i], out[i - 1]] = [out[i - 1], out[i]];
  }
}

/** Names in the order of localeCompare (the default locale's collation), with one collator instead of one per call. */
export const byName = new Intl.Collator().compare;
