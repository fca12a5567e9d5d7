import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue #10's hardening of accounts and the outbox.
 *
 * - The outbox keeps the codes and links of a message (a reset link, an invitation, an SMS code)
 *   only encrypted (`sealed`), until it is sent or `sealed_until` passes; `body` and `html` hold the
 *   message with them hidden, which is all the admin console ever shows. Rows written before this
 *   migration had them in clear: their bodies are replaced.
 * - Failed logins are counted per account and client address (`login_failures`; the row whose
 *   address is '*' counts the account's failures from everywhere), and the addresses an account
 *   logged in from are remembered (`login_known_addresses`), so that guesses from elsewhere slow
 *   down without locking the owner out where they usually log in. Addresses are keyed hashes.
 */
export const security: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('notification_outbox').addColumn('sealed', 'text').execute();
    await db.schema.alterTable('notification_outbox').addColumn('sealed_until', 'bigint').execute();
    await db.schema.createIndex('notification_outbox_sealed_until').on('notification_outbox').column('sealed_until').execute();
    await sql`UPDATE notification_outbox SET body = ${HIDDEN}, html = NULL
      WHERE template IN ('password-reset', 'team-invitation', 'mobile-verification-code')`.execute(db);

    await db.schema
      .createTable('login_failures')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('address_key', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
      .addColumn('blocked_until', 'bigint')
      .addPrimaryKeyConstraint('login_failures_pk', ['user_id', 'address_key'])
      .execute();
    await db.schema
      .createTable('login_known_addresses')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('address_key', 'text', (c) => c.notNull())
      .addColumn('last_login_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('login_known_addresses_pk', ['user_id', 'address_key'])
      .execute();
  },
};

const HIDDEN = '(This message held a one-time code or link. It was delivered to its recipient only and is not kept.)';
