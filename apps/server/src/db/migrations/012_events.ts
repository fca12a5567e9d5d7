import type { Kysely, Migration } from 'kysely';

/**
 * The events outbox: a side effect of a committed change (an MQTT publish, an e-mail, a push, a
 * payment call) is a row written in the change's own transaction and delivered by the dispatcher
 * after commit. Owned by modules/events.
 */
export const events: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('event_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('available_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_until', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('delivered_at', 'bigint')
      .execute();
    // The dispatcher's question: what is pending and due, oldest first.
    await db.schema.createIndex('event_outbox_due').on('event_outbox').columns(['status', 'available_at', 'id']).execute();
    // Per-key ordering: is an older event of the same key still pending?
    await db.schema.createIndex('event_outbox_key').on('event_outbox').columns(['key', 'status', 'id']).execute();
    // Retention: delivered rows are dropped after a day.
    await db.schema.createIndex('event_outbox_delivered').on('event_outbox').columns(['delivered_at']).execute();
  },
};
