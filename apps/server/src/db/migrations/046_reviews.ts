import type { Kysely, Migration } from 'kysely';

/**
 * Reviews after purchase (issue #13 §4): one per delivered order line, with photos, the seller's
 * one answer and the team's moderation. Each product's count per star is kept in
 * product_review_stats, written in the review's transaction, so a product page never reads all its
 * reviews (products.rating and review_count, which the listing reads, are set from it). Owned by
 * modules/social.
 */
export const reviews: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reviews')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('store_id', 'text', (c) => c.notNull())
      // One review per delivered line: the unique index is the rule, whatever two requests race.
      .addColumn('order_line_id', 'text', (c) => c.notNull().unique().references('order_lines.id'))
      .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      // visible | hidden
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('hidden_reason', 'text')
      .addColumn('hidden_by', 'text')
      .addColumn('hidden_at', 'bigint')
      .addColumn('answer_text', 'text')
      .addColumn('answered_by', 'text')
      .addColumn('answered_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The product page's pages: visible reviews, newest first (optionally of one rating).
    await db.schema.createIndex('reviews_product_page').on('reviews').columns(['product_id', 'status', 'created_at', 'id']).execute();
    await db.schema.createIndex('reviews_product_rating').on('reviews').columns(['product_id', 'status', 'rating', 'created_at', 'id']).execute();
    await db.schema.createIndex('reviews_store').on('reviews').columns(['store_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('reviews_buyer').on('reviews').columns(['buyer_id', 'created_at']).execute();
    await db.schema.createIndex('reviews_status').on('reviews').columns(['status', 'created_at', 'id']).execute();
    await db.schema
      .createTable('review_photos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('review_id', 'text', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
      .addColumn('upload_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('review_photos_review').on('review_photos').columns(['review_id', 'position']).execute();
    await db.schema
      .createTable('product_review_stats')
      .addColumn('product_id', 'text', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
      .addColumn('r1', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('r2', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('r3', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('r4', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('r5', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
