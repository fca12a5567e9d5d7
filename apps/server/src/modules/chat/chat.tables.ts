/** Tables the chat module owns (migration 030_chat). Times are UTC milliseconds; JSON in text. */

export interface ChatUsersTable {
  id: string;
  /** buyer | store | team */
  kind: string;
  /** The account that acts as this chat user (the seller's account for a store). */
  account_id: string;
  store_id: string | null;
  online: number;
  last_seen_at: number | null;
  created_at: number;
}

export interface ChatConversationsTable {
  id: string;
  direct_key: string | null;
  title: string;
  image_url: string;
  custom_type: string;
  conversation_type: number;
  is_group: number;
  meta_data: string;
  searchable_tags: string;
  search_text: string;
  typing_events: number;
  read_events: number;
  push_notifications: number;
  created_by: string;
  last_message_row_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface ChatMembersTable {
  conversation_id: string;
  user_id: string;
  is_admin: number;
  unread_count: number;
  /** The timestamp of the newest message this member has read. */
  read_up_to: number;
  last_activity_at: number;
  joined_at: number;
}

export interface ChatMessagesTable {
  id: string;
  conversation_id: string;
  message_id: string;
  sender_id: string;
  body: string;
  masked_body: string | null;
  message_type: number;
  custom_type: string;
  meta_data: string;
  asset_id: string;
  is_exchange: number;
  client_id: string;
  /** JSON array of upload ids. */
  attachments: string;
  offer_id: string | null;
  /** 0 sent, 1 delivered, 2 read. */
  status: number;
  delivered_at: number;
  read_at: number;
  deleted: number;
  timestamp: number;
}

export interface ChatHiddenMessagesTable {
  user_id: string;
  message_row_id: string;
}

export interface ChatBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: number;
}

export interface ChatItemsTable {
  id: string;
  user_id: string;
  title: string;
  description: string;
  image_url: string;
  price: number;
  currency: string;
  symbol: string;
  sold: number;
  status_code: number;
  status_text: string;
  product_id: string | null;
  variant_id: string | null;
  created_at: number;
}

export interface ChatOffersTable {
  id: string;
  conversation_id: string;
  message_id: string;
  kind: string;
  state: string;
  from_user_id: string;
  to_user_id: string;
  seller_id: string;
  buyer_id: string;
  item_id: string;
  exchange_item_id: string | null;
  quantity: number;
  price: number;
  currency: string;
  valid_until: number;
  previous_offer_id: string | null;
  cart_line_id: string | null;
  /** Why an accepted sale could not become a cart line (state 'failed'). */
  failure_code: string | null;
  created_at: number;
  updated_at: number;
}

export interface ChatFlagsTable {
  id: string;
  conversation_id: string;
  message_row_id: string;
  sender_id: string;
  kinds: string;
  created_at: number;
}

export interface ChatPushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  topic: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

export interface ChatTables {
  chat_users: ChatUsersTable;
  chat_conversations: ChatConversationsTable;
  chat_members: ChatMembersTable;
  chat_messages: ChatMessagesTable;
  chat_hidden_messages: ChatHiddenMessagesTable;
  chat_blocks: ChatBlocksTable;
  chat_items: ChatItemsTable;
  chat_offers: ChatOffersTable;
  chat_flags: ChatFlagsTable;
  chat_push_subscriptions: ChatPushSubscriptionsTable;
}
