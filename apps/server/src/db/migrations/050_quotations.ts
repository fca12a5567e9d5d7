import type { Kysely, Migration } from 'kysely';

/** Quotations and requests for quotation (modules/quotations, docs/quotations.md). */
export const quotations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('quotation_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('buyer_id', 'text', (c) => c.notNull())
      // product: one store asked about one product; rfq: every store making such things invited.
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('category_id', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text')
      .addColumn('variant_id', 'text')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('target_price', 'bigint')
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('wanted_by', 'bigint')
      .addColumn('deadline', 'bigint')
      .addColumn('address_id', 'text')
      // JSON arrays of lower-case filter values.
      .addColumn('materials', 'text', (c) => c.notNull())
      .addColumn('certificates', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('accepted_quotation_id', 'text')
      .addColumn('accept_key', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // A retried create answers the first request.
    await db.schema.createIndex('quotation_requests_key').on('quotation_requests').columns(['buyer_id', 'idempotency_key']).unique().execute();
    await db.schema.createIndex('quotation_requests_buyer').on('quotation_requests').columns(['buyer_id', 'created_at']).execute();
    // Sellers browse open requests of their categories.
    await db.schema.createIndex('quotation_requests_open').on('quotation_requests').columns(['status', 'kind', 'category_id', 'created_at']).execute();

    await db.schema
      .createTable('quotations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('request_id', 'text', (c) => c.notNull().references('quotation_requests.id'))
      .addColumn('store_id', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      // 1: invited when the request was made; 0: the store answered an open request it browsed.
      .addColumn('invited', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'text')
      .addColumn('variant_id', 'text')
      .addColumn('unit_price', 'bigint')
      .addColumn('currency', 'text', (c) => c.notNull())
      // JSON [{ minQuantity, unitPrice }].
      .addColumn('tiers', 'text', (c) => c.notNull())
      .addColumn('lead_time_days', 'integer')
      .addColumn('valid_until', 'bigint')
      .addColumn('terms', 'text', (c) => c.notNull())
      .addColumn('cart_line_id', 'text')
      .addColumn('answered_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // One quotation per store and request; the seller's inbox; the sweep's due answers.
    await db.schema.createIndex('quotations_request_store').on('quotations').columns(['request_id', 'store_id']).unique().execute();
    await db.schema.createIndex('quotations_store').on('quotations').columns(['store_id', 'created_at']).execute();
    await db.schema.createIndex('quotations_due').on('quotations').columns(['state', 'valid_until']).execute();

    await db.schema
      .createTable('quotation_history')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('quotation_id', 'text', (c) => c.notNull().references('quotations.id'))
      .addColumn('from_state', 'text')
      .addColumn('to_state', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('quotation_history_quotation').on('quotation_history').columns(['quotation_id', 'at']).execute();

    await db.schema
      .createTable('quotation_attachments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('upload_id', 'text', (c) => c.notNull())
      .addColumn('request_id', 'text', (c) => c.notNull().references('quotation_requests.id'))
      // Null: the buyer's, on the request; else the store's, on its quotation.
      .addColumn('quotation_id', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('quotation_attachments_request').on('quotation_attachments').column('request_id').execute();
    await db.schema.createIndex('quotation_attachments_upload').on('quotation_attachments').column('upload_id').execute();
  },
};
