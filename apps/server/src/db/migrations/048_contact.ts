import type { Kysely, Migration } from 'kysely';

/** The contact form's messages and the team's replies (modules/contact, docs/blog.md). */
export const contact: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('contact_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('address_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('handled_at', 'bigint')
      .addColumn('handled_by', 'text')
      .execute();
    await db.schema.createIndex('contact_messages_status').on('contact_messages').columns(['status', 'created_at']).execute();
    // The rate limits count the last hour's messages by sender and by network address.
    await db.schema.createIndex('contact_messages_email').on('contact_messages').columns(['email', 'created_at']).execute();
    await db.schema.createIndex('contact_messages_address').on('contact_messages').columns(['address_hash', 'created_at']).execute();
    await db.schema
      .createTable('contact_replies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('message_id', 'text', (c) => c.notNull().references('contact_messages.id').onDelete('cascade'))
      .addColumn('author_id', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
