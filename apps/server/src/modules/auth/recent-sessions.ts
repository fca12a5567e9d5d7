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
 * Session rows read lately, so that the requests of one session read its row once instead of once
 * per request. Revocation stays prompt:
 * - this process forgets a session the moment it revokes it;
 * - while a revocation feed is live (revocation-feed.ts: every instance hears every revocation), a
 *   row is kept `pushedMaxAgeMs` (60 s): a revocation made anywhere removes it when it is heard;
 * - otherwise (no feed, or its link is down) a row is kept `maxAgeMs` (1 s), so that a revocation
 *   made by another instance is seen within a second — the "refused within a second".
 * A read that a revocation overtook (heard while the row was being read, which may predate it) is
 * kept the short time only. Bounded: past `maxEntries` the oldest read is dropped.
 */
export class RecentSessions {
  private readonly rows: ExpiringMap<string, SessionRow | null>;
  /** Moves with every revocation heard: a read started before one must not be kept long. */
  private generation = 0;

  constructor(
    private readonly maxAgeMs = 1000,
    private readonly pushedMaxAgeMs = 60_000,
    maxEntries = 50_000,
  ) {
    this.rows = new ExpiringMap({ ttlMs: maxAgeMs, maxEntries });
  }

  /** The row read lately (null: read and not found), or undefined: read it again. */
  get(id: string): SessionRow | null | undefined {
    return this.rows.lookup(id)?.value;
  }

  /** Call before reading a row; hand the result to remember(). */
  startRead(): number {
    return this.generation;
  }

  /** `live`: the revocation feed was live for the whole read (checked before and after it). */
  remember(id: string, row: SessionRow | null, read: { generation: number; live: boolean }): void {
    if (this.maxAgeMs <= 0) return;
    const pushed = read.live && read.generation === this.generation;
    this.rows.set(id, row, pushed ? this.pushedMaxAgeMs : this.maxAgeMs);
  }

  forget(id: string): void {
    this.generation++;
    this.rows.delete(id);
  }

  forgetUser(userId: string): void {
    this.generation++;
    this.rows.deleteWhere((row) => row?.user_id === userId);
  }

  forgetAll(): void {
    this.generation++;
    this.rows.clear();
  }
}
