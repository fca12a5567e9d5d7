import { type Kysely, type Migration } from 'kysely';

/**
 * Payments (modules/payments): one row per payment attempt, its refunds, saved cards (the provider's
 * token, brand, last four and expiry: never a card number or CVC), the webhook events already
 * handled, and the built-in test gateway's own state (it stands in for an outside provider, so it
 * keeps its books apart, as Stripe would).
 */
export const payments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('order_ref', 'text')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_ref', 'text')
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('captured_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('card_brand', 'text')
      .addColumn('card_last4', 'text')
      .addColumn('saved_card_id', 'text')
      .addColumn('decline_reason', 'text')
      .addColumn('action_client_secret', 'text')
      .addColumn('action_redirect_url', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // A retried request (same caller, same key) finds its payment instead of charging again.
    await db.schema.createIndex('payments_idempotency').on('payments').columns(['user_id', 'idempotency_key']).unique().execute();
    await db.schema.createIndex('payments_order_ref').on('payments').column('order_ref').execute();
    await db.schema.createIndex('payments_provider_ref').on('payments').columns(['provider', 'provider_ref']).execute();

    await db.schema
      .createTable('payment_refunds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id'))
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('provider_ref', 'text')
      .addColumn('failure', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payment_refunds_payment').on('payment_refunds').column('payment_id').execute();

    await db.schema
      .createTable('saved_cards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_token', 'text', (c) => c.notNull())
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('exp_month', 'integer', (c) => c.notNull())
      .addColumn('exp_year', 'integer', (c) => c.notNull())
      .addColumn('holder_name', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('saved_cards_user').on('saved_cards').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('payment_webhook_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .execute();

    // The test gateway's books: tokens (a behaviour and the card's public facts, never its number),
    // its payments, and the answers it gave per idempotency key.
    await db.schema
      .createTable('test_gateway_cards')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('behaviour', 'text', (c) => c.notNull())
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('exp_month', 'integer', (c) => c.notNull())
      .addColumn('exp_year', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('test_gateway_payments')
      .addColumn('ref', 'text', (c) => c.primaryKey())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('amount_captured', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('amount_refunded', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('test_gateway_requests')
      .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
