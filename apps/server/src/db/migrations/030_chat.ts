import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The chat service's tables (issue #12). Messages are read by keyset on (conversation_id,
 * timestamp, message_id); a member's conversations by (user_id, last activity). docs/chat.md
 * says how chat_messages would be partitioned on PostgreSQL at 100 million rows.
 */
export const chat: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('chat_users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // buyer | store | team
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('store_id', 'text')
      .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_seen_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chat_users_account').on('chat_users').column('account_id').execute();

    await db.schema
      .createTable('chat_conversations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // The two members of a direct chat, sorted and joined: one conversation per pair, even when
      // two tabs create it at once.
      .addColumn('direct_key', 'text', (c) => c.unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('custom_type', 'text', (c) => c.notNull())
      .addColumn('conversation_type', 'integer', (c) => c.notNull())
      .addColumn('is_group', 'integer', (c) => c.notNull())
      .addColumn('meta_data', 'text', (c) => c.notNull())
      .addColumn('searchable_tags', 'text', (c) => c.notNull())
      // Lower-cased tags and title, for search.
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('typing_events', 'integer', (c) => c.notNull())
      .addColumn('read_events', 'integer', (c) => c.notNull())
      .addColumn('push_notifications', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('last_message_row_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('chat_members')
      .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('chat_users.id'))
      .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('read_up_to', 'bigint', (c) => c.notNull().defaultTo(0))
      // Copied from the conversation on every message, so a member's list is one index range.
      .addColumn('last_activity_at', 'bigint', (c) => c.notNull())
      .addColumn('joined_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('chat_members_pk', ['conversation_id', 'user_id'])
      .execute();
    await db.schema.createIndex('chat_members_user_activity').on('chat_members').columns(['user_id', 'last_activity_at', 'conversation_id']).execute();

    await db.schema
      .createTable('chat_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id'))
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('sender_id', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      // The body as receivers see it when contact details were masked; null when nothing was.
      .addColumn('masked_body', 'text')
      .addColumn('message_type', 'integer', (c) => c.notNull())
      .addColumn('custom_type', 'text', (c) => c.notNull())
      .addColumn('meta_data', 'text', (c) => c.notNull())
      .addColumn('asset_id', 'text', (c) => c.notNull())
      .addColumn('is_exchange', 'integer', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('attachments', 'text', (c) => c.notNull())
      .addColumn('offer_id', 'text')
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('delivered_at', 'bigint', (c) => c.notNull())
      .addColumn('read_at', 'bigint', (c) => c.notNull())
      .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('timestamp', 'bigint', (c) => c.notNull())
      .execute();
    // Dedupe (the same messageId twice is stored once) and the history keyset in one index.
    await db.schema.createIndex('chat_messages_message_id').on('chat_messages').columns(['conversation_id', 'message_id']).unique().execute();
    await db.schema.createIndex('chat_messages_history').on('chat_messages').columns(['conversation_id', 'timestamp', 'message_id']).execute();

    await db.schema
      .createTable('chat_hidden_messages')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('message_row_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('chat_hidden_messages_pk', ['user_id', 'message_row_id'])
      .execute();

    await db.schema
      .createTable('chat_blocks')
      .addColumn('blocker_id', 'text', (c) => c.notNull())
      .addColumn('blocked_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('chat_blocks_pk', ['blocker_id', 'blocked_id'])
      .execute();
    await db.schema.createIndex('chat_blocks_blocked').on('chat_blocks').column('blocked_id').execute();

    await db.schema
      .createTable('chat_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('symbol', 'text', (c) => c.notNull())
      .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status_code', 'integer', (c) => c.notNull())
      .addColumn('status_text', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text')
      .addColumn('variant_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chat_items_user').on('chat_items').column('user_id').execute();

    await db.schema
      .createTable('chat_offers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id'))
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('from_user_id', 'text', (c) => c.notNull())
      .addColumn('to_user_id', 'text', (c) => c.notNull())
      .addColumn('seller_id', 'text', (c) => c.notNull())
      .addColumn('buyer_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull().references('chat_items.id'))
      .addColumn('exchange_item_id', 'text')
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('valid_until', 'bigint', (c) => c.notNull())
      .addColumn('previous_offer_id', 'text')
      .addColumn('cart_line_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chat_offers_message').on('chat_offers').columns(['conversation_id', 'message_id']).unique().execute();
    // The sale lists (SALES, SHOPPING) read by seller and buyer, the exchange lists (ENTRY, SENT) by receiver and maker.
    await db.schema.createIndex('chat_offers_seller').on('chat_offers').columns(['seller_id', 'kind', 'created_at']).execute();
    await db.schema.createIndex('chat_offers_buyer').on('chat_offers').columns(['buyer_id', 'kind', 'created_at']).execute();
    await db.schema.createIndex('chat_offers_from').on('chat_offers').columns(['from_user_id', 'kind', 'created_at']).execute();
    await db.schema.createIndex('chat_offers_to').on('chat_offers').columns(['to_user_id', 'kind', 'created_at']).execute();

    await db.schema
      .createTable('chat_flags')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('message_row_id', 'text', (c) => c.notNull())
      .addColumn('sender_id', 'text', (c) => c.notNull())
      // JSON array: email | phone | link
      .addColumn('kinds', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chat_flags_created').on('chat_flags').column('created_at').execute();

    await db.schema
      .createTable('chat_push_subscriptions')
      .addColumn('endpoint', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    // Every store is a chat user with the store's id; stores made before the chat get theirs here.
    await sql`UPDATE stores SET chat_user_id = id WHERE chat_user_id IS NULL`.execute(db);
    await db.schema.createIndex('chat_push_subscriptions_user').on('chat_push_subscriptions').column('user_id').execute();
  },
};
