/**
 * A segmented LRU bounded by bytes (decision 034): an entry comes in on
 * probation and moves to the protected segment when it is used again. Room
 * is made by evicting the least recently used entry on probation first, so a
 * run of entries used once (a crawler walking every page) only ever pushes
 * out other entries used once; entries used twice go only when the
 * protected segment outgrows its share, and then back to probation first.
 */
export interface SegmentedLruOptions<V> {
  /** The bytes all entries may take together. */
  maxBytes: number;
  /** The part of `maxBytes` the protected segment may fill (the rest is probation's at least). */
  protectedShare: number;
  /**
   * The part of `maxBytes` entries on probation may fill at most; all of it
   * when unset. Below 1, a run of entries used once (a crawler) holds only
   * that much however empty the protected segment is (decision 103).
   */
  probationShare?: number;
  /**
   * The bytes an entry holds, its key's among them (a cache of small values
   * under long, unique keys is mostly keys); measured on `set` and `resize`.
   */
  sizeOf: (value: V, key: string) => number;
}

interface Entry<V> {
  value: V;
  size: number;
}

export class SegmentedLru<V> {
  // A Map keeps insertion order: its first entry is the least recently used.
  private readonly probation = new Map<string, Entry<V>>();
  private readonly protected = new Map<string, Entry<V>>();
  private probationBytes = 0;
  private protectedBytes = 0;

  constructor(private readonly options: SegmentedLruOptions<V>) {}

  /** The bytes held, as last measured. */
  get bytes(): number {
    return this.probationBytes + this.protectedBytes;
  }

  get size(): number {
    return this.probation.size + this.protected.size;
  }

  /** The value, without counting a use. */
  peek(key: string): V | undefined {
    return (this.protected.get(key) ?? this.probation.get(key))?.value;
  }

  /** Whether `key` has been used since it came in. */
  isProtected(key: string): boolean {
    return this.protected.has(key);
  }

  /** Counts a use of `key`: an entry on probation is promoted, a protected one becomes the most recent. */
  use(key: string): void {
    const kept = this.protected.get(key);
    if (kept) {
      this.protected.delete(key);
      this.protected.set(key, kept);
      return;
    }
    const entry = this.probation.get(key);
    if (!entry) return;
    this.probation.delete(key);
    this.probationBytes -= entry.size;
    this.protect(key, entry);
    this.evict();
  }

  /**
   * Keeps `value` under `key`; false when it is larger than the whole
   * budget. Replacing a kept value counts as a use of it.
   */
  set(key: string, value: V): boolean {
    const size = this.options.sizeOf(value, key);
    const wasKept = this.delete(key);
    if (size > this.options.maxBytes) return false;
    const entry = { value, size };
    if (wasKept) this.protect(key, entry);
    else {
      this.probation.set(key, entry);
      this.probationBytes += size;
    }
    this.evict();
    return true;
  }

  /** Measures the entry of `key` again (its value grew or shrank), without counting a use. */
  resize(key: string): void {
    const segment = this.protected.has(key) ? this.protected : this.probation;
    const entry = segment.get(key);
    if (!entry) return;
    const size = this.options.sizeOf(entry.value, key);
    if (size > this.options.maxBytes) {
      this.delete(key);
      return;
    }
    if (segment === this.protected) this.protectedBytes += size - entry.size;
    else this.probationBytes += size - entry.size;
    entry.size = size;
    this.demote();
    this.evict();
  }

  /** Forgets `key`; true when it was kept. */
  delete(key: string): boolean {
    const kept = this.protected.get(key);
    if (kept) {
      this.protected.delete(key);
      this.protectedBytes -= kept.size;
      return true;
    }
    const entry = this.probation.get(key);
    if (!entry) return false;
    this.probation.delete(key);
    this.probationBytes -= entry.size;
    return true;
  }

  /** Forgets every entry whose value `drop` picks; how many went. */
  /** Every kept key and value, the most protected first; reading them uses none. */
  entries(): [string, V][] {
    return [...this.protected, ...this.probation].map(([key, entry]) => [key, entry.value]);
  }

  deleteWhere(drop: (value: V) => boolean): number {
    let dropped = 0;
    for (const [key, entry] of [...this.protected, ...this.probation]) {
      if (drop(entry.value) && this.delete(key)) dropped += 1;
    }
    return dropped;
  }

  clear(): void {
    this.probation.clear();
    this.protected.clear();
    this.probationBytes = 0;
    this.protectedBytes = 0;
  }

  private protect(key: string, entry: Entry<V>): void {
    this.protected.set(key, entry);
    this.protectedBytes += entry.size;
    this.demote();
  }

  /** The protected segment over its share: its least recent entries go back to probation, as the most recent there. */
  private demote(): void {
    const share = this.options.maxBytes * this.options.protectedShare;
    for (const [key, entry] of this.protected) {
      if (this.protectedBytes <= share) break;
      this.protected.delete(key);
      this.protectedBytes -= entry.size;
      this.probation.set(key, entry);
      this.probationBytes += entry.size;
    }
  }

  /**
   * Over budget: the least recent entries on probation go first, protected
   * ones only when probation is empty; probation over its own share loses
   * its least recent entries whatever the total.
   */
  private evict(): void {
    const probationMax = this.options.maxBytes * (this.options.probationShare ?? 1);
    for (const [key, entry] of this.probation) {
      if (this.probationBytes <= probationMax) break;
      this.probation.delete(key);
      this.probationBytes -= entry.size;
    }
    for (const segment of [this.probation, this.protected]) {
      for (const [key, entry] of segment) {
        if (this.bytes <= this.options.maxBytes) return;
        segment.delete(key);
        if (segment === this.probation) this.probationBytes -= entry.size;
        else this.protectedBytes -= entry.size;
      }
    }
  }
}
