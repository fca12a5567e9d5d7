import type { Kysely, Migration } from 'kysely';

/**
 * The notification outbox: every message the server sends (e-mail, SMS, web push) is a row, whether
 * a real transport delivered it or — in the embedded mode — the row itself is the delivery that the
 * admin console shows. Owned by modules/notifications.
 */
export const notifications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notification_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('html', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .execute();
    // The console lists newest first with keyset pagination on (created_at, id).
    await db.schema.createIndex('notification_outbox_created_at').on('notification_outbox').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('notification_outbox_user_id').on('notification_outbox').column('user_id').execute();
    // Filtering by recipient, and the latest message of a template for one recipient.
    await db.schema
      .createIndex('notification_outbox_recipient')
      .on('notification_outbox')
      .columns(['recipient', 'created_at'])
      .execute();
  },
};
