import { ExpiringMap } from '../../../lib/expiring-map.js';

/**
 * Who is behind an access token, remembered for a few seconds. Only for bookkeeping that may lag a
 * revocation by that long without harm (noting a search in the searcher's recent searches), never
 * for access decisions: those check the session on every request. It saves a signature check and a
 * session read on every search a client types.
 */
export function createCallerMemo(resolve: (token: string) => Promise<string | null>, options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const known = new ExpiringMap<string, string | null>({ ttlMs: options.ttlMs ?? 10_000, maxEntries: options.maxEntries ?? 10_000, ...(options.now ? { now: options.now } : {}) });
  return async (token: string): Promise<string | null> => {
    const hit = known.lookup(token);
    if (hit) return hit.value;
    const userId = await resolve(token);
    known.set(token, userId);
    return userId;
  };
}
