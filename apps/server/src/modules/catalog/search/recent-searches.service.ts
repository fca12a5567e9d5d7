import { RECENT_SEARCHES_MAX, SEARCH_QUERY_MAX } from '@tessera/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { normaliseQuery } from './text-analysis.js';

interface PendingSearch {
  userId: string;
  key: string;
  query: string;
  at: number;
}

/** How long searches wait in memory before they are written together. */
const FLUSH_DELAY_MS = 25;
/** Rows per INSERT: far below both databases' limits on bound parameters. */
const WRITE_CHUNK = 500;

/**
 * Each user's (guests included) latest searches, most recent first, one entry per normalised
 * query ('Organic  Cotton' and 'organic cotton' are the same search), at most RECENT_SEARCHES_MAX.
 *
 * A search must not wait for its own bookkeeping: the listing answers first and the search is
 * noted in memory, then written with the others of the same few milliseconds in one transaction
 * (one writer at a time per process, rows in key order, so concurrent writers cannot deadlock).
 * Reading or clearing a user's list first waits for the notes still on their way, so a client
 * always sees its own searches. Closing the app writes what is still pending.
 */
export class RecentSearchesService {
  /** Latest note per user and query key: a burst of the same search is one write. */
  private readonly pending = new Map<string, PendingSearch>();
  /** Notes whose caller is still being identified (the token check runs after the answer). */
  private readonly arriving = new Set<Promise<void>>();
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  /** Strictly increasing, so two searches within one millisecond keep their order. */
  private lastAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Notes a search and waits until it is stored. */
  async record(options: { userId: string; query: string }): Promise<void> {
    this.note(options.userId, options.query);
    await this.flush();
  }

  /**
   * Notes a search once `caller` says whose it is (null: nobody's), without making the caller
   * wait: for the listing, which answers before the token behind the search is even checked.
   */
  recordLater(caller: () => Promise<string | null>, query: string): void {
    const arriving: Promise<void> = caller()
      .then((userId) => {
        if (userId) this.note(userId, query);
      })
      .catch(this.onError)
      .finally(() => this.arriving.delete(arriving));
    this.arriving.add(arriving);
  }

  async list(options: { userId: string }): Promise<string[]> {
    await this.settle();
    const rows = await this.db
      .selectFrom('recent_searches')
      .select('query')
      .where('user_id', '=', options.userId)
      .orderBy('searched_at', 'desc')
      .limit(RECENT_SEARCHES_MAX)
      .execute();
    return rows.map((row) => row.query);
  }

  async clear(options: { userId: string }): Promise<void> {
    await this.settle();
    await this.db.deleteFrom('recent_searches').where('user_id', '=', options.userId).execute();
  }

  /** Writes everything noted so far (and waits for the notes still being identified). */
  async settle(): Promise<void> {
    if (this.arriving.size) await Promise.allSettled([...this.arriving]);
    await this.flush();
  }

  private note(userId: string, rawQuery: string): void {
    const query = rawQuery.trim().replace(/\s+/g, ' ').slice(0, SEARCH_QUERY_MAX);
    const key = normaliseQuery(query);
    if (!key) return;
    this.lastAt = Math.max(Date.now(), this.lastAt + 1);
    const id = `${userId}\u0000${key}`;
    // Re-inserted, so the map keeps notes in the order they were made.
    this.pending.delete(id);
    this.pending.set(id, { userId, key, query, at: this.lastAt });
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flush().catch(this.onError);
    }, FLUSH_DELAY_MS).unref();
  }

  /** One write at a time: each takes every note made before it starts. */
  private flush(): Promise<void> {
    const next = this.writing.then(() => this.write());
    // A failed write is reported to its waiters; the next one starts anyway.
    this.writing = next.catch(() => undefined);
    return next;
  }

  private async write(): Promise<void> {
    if (!this.pending.size) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const batch = [...this.pending.values()].sort((a, b) => (a.userId === b.userId ? cmp(a.key, b.key) : cmp(a.userId, b.userId)));
    this.pending.clear();
    try {
      await this.store(batch);
    } catch {
      // One bad note (a user deleted meanwhile, say) must not cost everybody else theirs.
      for (const userId of new Set(batch.map((entry) => entry.userId))) {
        await this.store(batch.filter((entry) => entry.userId === userId)).catch(this.onError);
      }
    }
  }

  private async store(batch: PendingSearch[]): Promise<void> {
    const users = [...new Set(batch.map((entry) => entry.userId))];
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < batch.length; start += WRITE_CHUNK) {
        await trx
          .insertInto('recent_searches')
          .values(batch.slice(start, start + WRITE_CHUNK).map((entry) => ({ user_id: entry.userId, query_key: entry.key, query: entry.query, searched_at: entry.at })))
          .onConflict((oc) => oc.columns(['user_id', 'query_key']).doUpdateSet((eb) => ({ query: eb.ref('excluded.query'), searched_at: eb.ref('excluded.searched_at') })))
          .execute();
      }
      for (const userId of users) {
        // Everything older than the user's RECENT_SEARCHES_MAX-th latest search goes.
        const cutoff = await trx
          .selectFrom('recent_searches')
          .select('searched_at')
          .where('user_id', '=', userId)
          .orderBy('searched_at', 'desc')
          .offset(RECENT_SEARCHES_MAX - 1)
          .limit(1)
          .executeTakeFirst();
        if (cutoff) await trx.deleteFrom('recent_searches').where('user_id', '=', userId).where('searched_at', '<', cutoff.searched_at).execute();
      }
    });
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
