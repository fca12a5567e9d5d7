/**
 * A bounded in-process LRU of serialized answers (the catalog keeps CachedAnswer bytes), keyed by the
 * catalog version, the normalized request and the language. Holding bytes means a hit is sent as is: no query, no
 * serialisation. Entries of an older version are never read again (the key carries the version);
 * clear() drops them at once when the version moves, so memory is not held by answers that can no
 * longer be served.
 *
 * Some answers also change with time alone (a certificate expires, a banner's window opens), so an
 * entry is fresh for a minute (by default) from when it was built. Past it, the entry is still served
 * while one rebuild runs in the background: no request waits. Each entry's minute runs from its own
 * build, so the cache never turns stale all at once (a shared clock-minute made thousands of
 * product answers rebuild together on the minute).
 */
export interface ReadCache<T = string> {
  /** The cached answer, or the one `build` makes (stored when the version did not move meanwhile). */
  get(key: string, build: () => Promise<T>): Promise<T>;
  readonly size: number;
  clear(): void;
}

interface Entry<T> {
  value: T;
  /** Past this time the entry is served while a rebuild refreshes it. */
  freshUntil: number;
}

export function createReadCache<T = string>(options: {
  version: () => number;
  /** Bytes a value holds (strings: their length). */
  sizeOf?: (value: T) => number;
  /** False while answers may come from data older than the version (a reloading listing index). */
  settled?: () => boolean;
  maxEntries?: number;
  maxBytes?: number;
  windowMs?: number;
  now?: () => number;
}): ReadCache<T> {
  const sizeOf = options.sizeOf ?? ((value: T) => (typeof value === 'string' ? value.length : 0));
  const maxEntries = options.maxEntries ?? 5000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least recent.
  const entries = new Map<string, Entry<T>>();
  // Concurrent misses of one key share the one build (a burst of the same cold listing runs once).
  const building = new Map<string, Promise<T>>();
  let bytes = 0;
  let seenVersion = options.version();

  const evict = () => {
    while (entries.size > maxEntries || bytes > maxBytes) {
      const oldest = entries.keys().next();
      if (oldest.done) return;
      const evicted = entries.get(oldest.value);
      if (evicted) bytes -= sizeOf(evicted.value);
      entries.delete(oldest.value);
    }
  };
  const clear = () => {
    entries.clear();
    bytes = 0;
  };
  const store = (fullKey: string, value: T) => {
    const previous = entries.get(fullKey);
    if (previous) {
      bytes -= sizeOf(previous.value);
      entries.delete(fullKey);
    }
    entries.set(fullKey, { value, freshUntil: now() + windowMs });
    bytes += sizeOf(value);
    evict();
  };
  const rebuild = (fullKey: string, version: number, build: () => Promise<T>): Promise<T> => {
    const pending = building.get(fullKey);
    if (pending) return pending;
    const promise = build()
      .then((value) => {
        // A change committed while building may not be in this answer: serve it once, keep it not.
        if (options.version() === version && (options.settled?.() ?? true)) store(fullKey, value);
        return value;
      })
      .finally(() => building.delete(fullKey));
    building.set(fullKey, promise);
    return promise;
  };

  return {
    get(key, build) {
      const version = options.version();
      if (version !== seenVersion) {
        seenVersion = version;
        clear();
      }
      const fullKey = `${version}\u0000${key}`;
      const hit = entries.get(fullKey);
      if (!hit) return rebuild(fullKey, version, build);
      entries.delete(fullKey);
      entries.set(fullKey, hit);
      if (now() >= hit.freshUntil) rebuild(fullKey, version, build).catch(() => undefined);
      return Promise.resolve(hit.value);
    },
    get size() {
      return entries.size;
    },
    clear,
  };
}
