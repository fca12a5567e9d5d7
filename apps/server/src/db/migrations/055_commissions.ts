import type { Kysely, Migration } from 'kysely';

/**
 * Customised and fully custom products (issue #13 §2, modules/commissions, docs/commissions.md):
 * which options a product lets buyers customise, the commissions with their history rows, the
 * reference and proof images, and the deposit and balance payments.
 */
export const commissions: Migration = {
  async up(db: Kysely<unknown>) {
    // JSON array of CUSTOM_OPTIONS; null: the product does not allow customisation.
    await db.schema.alterTable('products').addColumn('custom_options', 'text').execute();
    await db.schema
      .createTable('commissions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('buyer_id', 'text', (c) => c.notNull())
      .addColumn('store_id', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text')
      .addColumn('choices', 'text', (c) => c.notNull())
      .addColumn('personalisation', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('budget', 'bigint')
      .addColumn('wanted_by', 'text')
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('notes', 'text')
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('price', 'bigint')
      .addColumn('deposit', 'bigint')
      .addColumn('lead_time_days', 'integer')
      .addColumn('change_rounds', 'integer')
      .addColumn('refund_share', 'integer')
      .addColumn('proposal_note', 'text')
      .addColumn('changes_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('proof_round', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('deposit_paid', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('balance_paid', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('request_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // A retried request (same Idempotency-Key) finds the commission it made.
    await db.schema.createIndex('commissions_request_key').on('commissions').columns(['buyer_id', 'request_key']).unique().execute();
    await db.schema.createIndex('commissions_store').on('commissions').columns(['store_id', 'updated_at']).execute();
    await db.schema.createIndex('commissions_buyer').on('commissions').columns(['buyer_id', 'updated_at']).execute();
    await db.schema
      .createTable('commission_history')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('commission_id', 'text', (c) => c.notNull().references('commissions.id').onDelete('cascade'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text', (c) => c.notNull())
      .addColumn('actor_role', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('round', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('commission_history_commission').on('commission_history').columns(['commission_id', 'id']).execute();
    await db.schema
      .createTable('commission_images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('commission_id', 'text', (c) => c.notNull().references('commissions.id').onDelete('cascade'))
      .addColumn('upload_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('round', 'integer')
      .addColumn('uploaded_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('commission_images_commission').on('commission_images').columns(['commission_id', 'id']).execute();
    await db.schema
      .createTable('commission_payments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('commission_id', 'text', (c) => c.notNull().references('commissions.id').onDelete('cascade'))
      .addColumn('stage', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('payment_ref', 'text')
      .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    // One deposit and one balance per commission, however a card's capture and a retry race.
    await db.schema.createIndex('commission_payments_stage').on('commission_payments').columns(['commission_id', 'stage']).unique().execute();
  },
};
