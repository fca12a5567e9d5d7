import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { CatalogVersion } from '../cache/index.js';
import type { SearchPort } from '../search/index.js';

/**
 * A store's public face changed (name, alias, logo or approval): its products' search rows carry
 * the store name, and cached listings and pages show it, so reindex them and bump the version.
 * The handler of the sellers module's STORE_CHANGED event (services.ts registers it with the events
 * outbox); delivered at least once, and running it twice is harmless.
 */
export function reindexStoreOnChange(deps: { db: Kysely<Database>; search: SearchPort; version: CatalogVersion }) {
  return async (storeId: string): Promise<void> => {
    const rows = await deps.db.selectFrom('products').select('id').where('store_id', '=', storeId).execute();
    if (rows.length) await deps.search.reindex({ productIds: rows.map((row) => row.id) });
    await deps.version.bump();
  };
}
