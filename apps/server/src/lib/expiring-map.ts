/**
 * A bounded map whose entries are good for `ttlMs` from when they were set (`Infinity`: until
 * evicted; 0 or less: nothing is kept). Past `maxEntries` the entry set longest ago goes first (a Map
 * iterates in insertion order; a read does not move an entry). The in-process memos of hot paths use
 * it: verified tokens, session rows, callers of catalog reads.
 */
export class ExpiringMap<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  private readonly now: () => number;

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.now = options.now ?? Date.now;
  }

  /** The entry's value while it is good (wrapped, so that a kept null or undefined is a hit). */
  lookup(key: K): { value: V } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /** `ttlMs` overrides the map's for this entry. */
  set(key: K, value: V, ttlMs = this.options.ttlMs): void {
    if (ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + ttlMs });
    if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }
}
