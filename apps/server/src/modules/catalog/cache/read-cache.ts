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
  /** The cache's use count when the entry last moved to the recent end. */
  movedAt: number;
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
  // Entries are keyed without the version: the cache is cleared when it moves, and a build from an
  // older version is never stored.
  const entries = new Map<string, Entry<T>>();
  // Moves to the recent end are counted; a hit on an entry moved less than a quarter of the
  // capacity ago stays where it is (it is far from eviction), which spares the busiest answers a
  // delete and an insert on every request.
  let moves = 0;
  const moveDistance = Math.max(1, Math.floor(maxEntries / 4));
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
  const store = (key: string, value: T) => {
    const previous = entries.get(key);
    if (previous) {
      bytes -= sizeOf(previous.value);
      entries.delete(key);
    }
    entries.set(key, { value, freshUntil: now() + windowMs, movedAt: ++moves });
    bytes += sizeOf(value);
    evict();
  };
  const rebuild = (key: string, version: number, build: () => Promise<T>): Promise<T> => {
    // Builds are shared per version: a request after a change must not get an answer begun before it.
    const buildKey = `${version}\u0000${key}`;
    const pending = building.get(buildKey);
    if (pending) return pending;
    const promise = build()
      .then((value) => {
        // A change committed while building may not be in this answer: serve it once, keep it not.
        if (options.version() === version && (options.settled?.() ?? true)) store(key, value);
        return value;
      })
      .finally(() => building.delete(buildKey));
    building.set(buildKey, promise);
    return promise;
  };

  return {
    get(key, build) {
      const version = options.version();
      if (version !== seenVersion) {
        seenVersion = version;
        clear();
      }
      const hit = entries.get(key);
      if (!hit) return rebuild(key, version, build);
      if (moves - hit.movedAt >= moveDistance) {
        entries.delete(key);
        entries.set(key, hit);
        hit.movedAt = ++moves;
      }
      if (now() >= hit.freshUntil) rebuild(key, version, build).catch(() => undefined);
      return Promise.resolve(hit.value);
    },
    get size() {
      return entries.size;
    },
    clear,
  };
}
