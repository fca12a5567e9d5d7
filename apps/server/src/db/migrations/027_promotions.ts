import type { Kysely, Migration } from 'kysely';

/**
 * Promo codes (modules/promotions). A use is counted inside the order's transaction by a guarded
 * UPDATE of uses_count (total limit) and of the buyer's own count (per-buyer limit): two buyers
 * racing for the last use cannot both win.
 */
export const promotions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('promotions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('discount_type', 'text', (c) => c.notNull())
      .addColumn('applies_to', 'text', (c) => c.notNull())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('max_discount', 'bigint')
      .addColumn('min_purchase', 'bigint', (c) => c.notNull())
      .addColumn('regions', 'text', (c) => c.notNull())
      .addColumn('category_ids', 'text', (c) => c.notNull())
      .addColumn('store_ids', 'text', (c) => c.notNull())
      .addColumn('payment_methods', 'text', (c) => c.notNull())
      .addColumn('delivery_modes', 'text', (c) => c.notNull())
      .addColumn('first_order_only', 'integer', (c) => c.notNull())
      .addColumn('per_buyer_limit', 'integer')
      .addColumn('total_limit', 'integer')
      .addColumn('starts_at', 'bigint')
      .addColumn('ends_at', 'bigint')
      .addColumn('public', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('owner_store_id', 'text')
      .addColumn('uses_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('discount_given', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('promotions_owner').on('promotions').columns(['owner_store_id', 'id']).execute();
    await db.schema.createIndex('promotions_offers').on('promotions').columns(['status', 'public', 'id']).execute();

    await db.schema
      .createTable('promotion_uses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('promotion_id', 'text', (c) => c.notNull().references('promotions.id'))
      .addColumn('buyer_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('discount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('discount_default', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('promotion_uses_order').on('promotion_uses').columns(['promotion_id', 'order_id']).unique().execute();
    await db.schema.createIndex('promotion_uses_recent').on('promotion_uses').columns(['promotion_id', 'id']).execute();

    await db.schema
      .createTable('promotion_buyer_uses')
      .addColumn('promotion_id', 'text', (c) => c.notNull())
      .addColumn('buyer_id', 'text', (c) => c.notNull())
      .addColumn('uses', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('promotion_buyer_uses_pk', ['promotion_id', 'buyer_id'])
      .execute();
  },
};
