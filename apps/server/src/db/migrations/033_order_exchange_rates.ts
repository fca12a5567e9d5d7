import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Orders in the buyer's currency (issue #11 §6): an order records the currency it was charged in
 * (`currency`, as before), the store's currency its prices are kept in (`base_currency`), the rate
 * used (`exchange_rate`, units of the charged currency per unit of the store's, an exact decimal
 * string), when the store team set that rate (`rate_set_at`) and when the checkout read it
 * (`rate_read_at`). Null on orders charged in the store's own currency.
 *
 * `wallet_refunded`: what went back to the wallet, in the order's currency (the wallet keeps its
 * own currency, so its ledger entries cannot be summed against `wallet_amount`); filled for the
 * orders placed so far, all in the wallet's currency, from their refund entries.
 */
export const orderExchangeRates: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('base_currency', 'text').execute();
    await db.schema.alterTable('orders').addColumn('exchange_rate', 'text').execute();
    await db.schema.alterTable('orders').addColumn('rate_set_at', 'bigint').execute();
    await db.schema.alterTable('orders').addColumn('rate_read_at', 'bigint').execute();
    await db.schema
      .alterTable('orders')
      .addColumn('wallet_refunded', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update orders set wallet_refunded = coalesce((select sum(e.amount) from wallet_entries e where e.order_id = orders.id and e.kind = 'refund'), 0)`.execute(
      db,
    );
  },
};
