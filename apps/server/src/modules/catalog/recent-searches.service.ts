import { RECENT_SEARCHES_MAX, SEARCH_QUERY_MAX } from '@tessera/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { normaliseQuery } from './search/text-analysis.js';

/**
 * Each user's (guests included) latest searches, most recent first, one entry per normalised
 * query ('Organic  Cotton' and 'organic cotton' are the same search), at most RECENT_SEARCHES_MAX.
 */
export class RecentSearchesService {
  constructor(private readonly db: Kysely<Database>) {}

  async record(options: { userId: string; query: string }): Promise<void> {
    const query = options.query.trim().replace(/\s+/g, ' ').slice(0, SEARCH_QUERY_MAX);
    const key = normaliseQuery(query);
    if (!key) return;
    await this.db.transaction().execute(async (trx) => {
      // Strictly increasing per user, so two searches within one millisecond still keep their order.
      const latest = await trx.selectFrom('recent_searches').select((eb) => eb.fn.max('searched_at').as('at')).where('user_id', '=', options.userId).executeTakeFirst();
      const searchedAt = Math.max(Date.now(), Number(latest?.at ?? 0) + 1);
      await trx
        .insertInto('recent_searches')
        .values({ user_id: options.userId, query_key: key, query, searched_at: searchedAt })
        .onConflict((oc) => oc.columns(['user_id', 'query_key']).doUpdateSet({ query, searched_at: searchedAt }))
        .execute();
      const kept = await trx
        .selectFrom('recent_searches')
        .select('query_key')
        .where('user_id', '=', options.userId)
        .orderBy('searched_at', 'desc')
        .limit(RECENT_SEARCHES_MAX)
        .execute();
      await trx
        .deleteFrom('recent_searches')
        .where('user_id', '=', options.userId)
        .where(
          'query_key',
          'not in',
          kept.map((row) => row.query_key),
        )
        .execute();
    });
  }

  async list(options: { userId: string }): Promise<string[]> {
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
    await this.db.deleteFrom('recent_searches').where('user_id', '=', options.userId).execute();
  }
}
