import { ExpiringMap } from '../../lib/expiring-map.js';

/** What authentication needs of a session row. */
export interface SessionRow {
  id: string;
  user_id: string;
  user_type: string;
  expires_at: number;
  revoked_at: number | null;
}

/**
 * Session rows read in the last `maxAgeMs` (1 s by default), so that a burst of requests on one
 * session reads its row once instead of once per request. Revocation stays prompt: this process
 * forgets a session the moment it revokes it, and a revocation made by another instance (scale
 * mode) is seen once the copy here is older than `maxAgeMs` — the "refused within a
 * second". Bounded: past `maxEntries` the oldest read is dropped.
 */
export class RecentSessions {
  private readonly rows: ExpiringMap<string, SessionRow | null>;

  constructor(maxAgeMs = 1000, maxEntries = 50_000) {
    this.rows = new ExpiringMap({ ttlMs: maxAgeMs, maxEntries });
  }

  /** The row read less than maxAgeMs ago (null: read and not found), or undefined: read it again. */
  get(id: string): SessionRow | null | undefined {
    return this.rows.lookup(id)?.value;
  }

  remember(id: string, row: SessionRow | null): void {
    this.rows.set(id, row);
  }

  forget(id: string): void {
    this.rows.delete(id);
  }

  forgetUser(userId: string): void {
    this.rows.deleteWhere((row) => row?.user_id === userId);
  }
}
