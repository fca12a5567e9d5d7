import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Wallet and bonus points (modules/wallet, modules/points): a balance row per account, moved only
 * by a guarded UPDATE in the same transaction as the ledger entry it sums, so the balance is
 * always the sum of the entries and never below zero.
 */
export const walletPoints: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('wallet_accounts')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('wallet_accounts_pk', ['user_id', 'currency'])
      .addCheckConstraint('wallet_accounts_not_negative', sql`balance >= 0`)
      .execute();
    await db.schema
      .createTable('wallet_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('balance_after', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('payment_id', 'text')
      .addColumn('idempotency_key', 'text')
      .addColumn('description', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('wallet_entries_user').on('wallet_entries').columns(['user_id', 'currency', 'id']).execute();
    // The same credit or debit twice (a retried top-up, a refund driven again) is written once.
    await db.schema.createIndex('wallet_entries_idempotency').on('wallet_entries').column('idempotency_key').unique().where(sql.ref('idempotency_key'), 'is not', null).execute();

    await db.schema
      .createTable('points_accounts')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('points_accounts_not_negative', sql`balance >= 0`)
      .execute();
    await db.schema
      .createTable('points_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('points', 'bigint', (c) => c.notNull())
      .addColumn('balance_after', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('idempotency_key', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('points_entries_user').on('points_entries').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('points_entries_idempotency').on('points_entries').column('idempotency_key').unique().where(sql.ref('idempotency_key'), 'is not', null).execute();
  },
};
