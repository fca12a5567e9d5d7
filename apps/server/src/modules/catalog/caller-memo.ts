/**
 * Who is behind an access token, remembered for a few seconds. Only for bookkeeping that may lag a
 * revocation by that long without harm (noting a search in the searcher's recent searches), never
 * for access decisions: those check the session on every request. It saves a signature check and a
 * session read on every search a client types.
 */
export function createCallerMemo(resolve: (token: string) => Promise<string | null>, options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const known = new Map<string, { userId: string | null; until: number }>();
  return async (token: string): Promise<string | null> => {
    const hit = known.get(token);
    if (hit && hit.until > now()) return hit.userId;
    const userId = await resolve(token);
    known.delete(token);
    known.set(token, { userId, until: now() + ttlMs });
    // Insertion order: the first key is the one resolved longest ago.
    if (known.size > maxEntries) known.delete(known.keys().next().value as string);
    return userId;
  };
}
