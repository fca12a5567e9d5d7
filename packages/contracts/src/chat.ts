import { z } from 'zod';
import { UPLOAD_RULES } from './uploads.js';

/**
 * The chat service's contract (issue #12; seed §3, §4, §7, §8, §9). We are the chat provider the
 * seed used: every path, header, payload field, topic and constant the seed names is kept exactly;
 * what the seed left open (history paging, read marks, block, delete, offers, attachments, presence,
 * list items) is defined here once and shared by the server and the web.
 *
 * Chat REST answers follow the provider's style: `{ msg, ...fields }` at the top level (no `data`).
 * The /v1/isometrics routes follow the product API's style: `{ message, data: { data: … } }`.
 * Errors are the house's `{ code, message, field? }` everywhere.
 */

// ───────────────────────────── constants (seed §4, §9) ─────────────────────────────

/** Message status: 0 sent (stored), 1 delivered (reached the receiver's device), 2 read. */
export const MESSAGE_STATUS = { sent: 0, delivered: 1, read: 2 } as const;
export type MessageStatus = (typeof MESSAGE_STATUS)[keyof typeof MESSAGE_STATUS];
/** Presence: status 1 online (with lastSeenEnabled true), 0 away (with lastSeen). */
export const ONLINE_STATUS = { offline: 0, online: 1 } as const;
export const CHAT_MESSAGE_TYPE = 0;
export const CHAT_CONVERSATION_TYPE = 0;
export const CHAT_QOS = 1;
export const CHAT_ITEM_DEFAULT_STATUS_CODE = 4;
/** A chat item without a unit is priced in rupees (seed §9). */
export const CHAT_DEFAULT_UNITS = { symbol: '₹', currency_code: 'INR' } as const;
export const DIRECT_CHAT_TYPE = 'DIRECT CHAT';
export const DIRECT_CHAT_CUSTOM_TYPE = 'ACTIVE_MESSAGE';
export const NORMAL_MESSAGE_CUSTOM_TYPE = 'NormalMessage';
/** Message custom types the server writes itself (offers are structured messages, not text). */
export const OFFER_MESSAGE_CUSTOM_TYPE = 'OfferMessage';
export const ATTACHMENT_MESSAGE_CUSTOM_TYPE = 'AttachmentMessage';
export const BROADCAST_USER_TYPE = 'BUYER';
/** The push topic a signed-in chat user subscribes to (seed §4). */
export const chatPushTopic = (userId: string): string => `chat-${userId}`;
/** Browser storage keys of the chat session (seed §3). */
export const CHAT_STORAGE_KEYS = { token: 'isometrikToken', userId: 'isometrikUserId', chatData: 'chatData' } as const;
/** Headers of every /chat request (seed §7). */
export const CHAT_HEADERS = { licenseKey: 'licensekey', appSecret: 'appsecret', userToken: 'usertoken' } as const;
/** The embedded application credentials (CHAT_LICENSE_KEY / CHAT_APP_SECRET override them). */
export const CHAT_DEFAULT_LICENSE_KEY = 'tessera-chat-license';
export const CHAT_DEFAULT_APP_SECRET = 'tessera-chat-app-secret';
/** The web's message center (a browser that opens /chat lands there). */
export const MESSAGE_CENTER_PATH = '/profile/message-center';
/** Each side's message center: a push or a link for a chat user opens his own (buyer, store, store team). */
export const MESSAGE_CENTER_PATHS = { buyer: MESSAGE_CENTER_PATH, store: '/seller/messages', team: '/admin/messages' } as const;
/** The message center of a chat user of `kind`, opened on one conversation. */
export const messageCenterLink = (kind: keyof typeof MESSAGE_CENTER_PATHS, conversationId: string): string =>
  `${MESSAGE_CENTER_PATHS[kind]}?c=${encodeURIComponent(conversationId)}`;
export const CHAT_PAGE_LIMIT_MAX = 100;
export const CHAT_BODY_MAX_CHARS = 4000;
export const CHAT_ATTACHMENT_MAX_BYTES = UPLOAD_RULES['chat-attachment'].maxBytes;
/** Seed order-type labels of the sale and exchange lists (seed §4). */
export const OFFER_LIST_TYPES = ['SALES', 'SHOPPING', 'ENTRY', 'SENT'] as const;
export type OfferListType = (typeof OFFER_LIST_TYPES)[number];
/** Where a "message list update" goes (seed §4): type 1 replaces the list, type 2 prepends one. */
export const MESSAGE_LIST_UPDATE = { replace: 1, prepend: 2 } as const;

// ───────────────────────────── MQTT topics (seed §4, §7) ─────────────────────────────

/** The seed's channels. Every topic is `{Channel}/{userId}`; the last level is the addressee. */
export const CHAT_CHANNELS = ['Message', 'Acknowledgement', 'Calls', 'UserUpdates', 'FetchMessages', 'OnlineStatus', 'Typ', 'blockUser'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
export const chatTopics = {
  message: (receiverId: string) => `Message/${receiverId}`,
  acknowledgement: (sendTo: string) => `Acknowledgement/${sendTo}`,
  onlineStatus: (userId: string) => `OnlineStatus/${userId}`,
  blockUser: (to: string) => `blockUser/${to}`,
  typing: (to: string) => `Typ/${to}`,
  userUpdates: (userId: string) => `UserUpdates/${userId}`,
  fetchMessages: (userId: string) => `FetchMessages/${userId}`,
  calls: (userId: string) => `Calls/${userId}`,
} as const;

// ───────────────────────────── shared pieces ─────────────────────────────

const zId = z.string().trim().min(1).max(64);
/** Client-chosen message ids (the seed stamps the current time) or server UUIDv7s. */
export const zChatMessageId = z.string().trim().min(1).max(64).regex(/^[\w.:-]+$/, 'letters, digits, ".", ":", "_" or "-"');
const zTags = z.array(z.string().trim().min(1).max(120)).max(20);
const zSkip = z.coerce.number().int().min(0).max(1_000_000).default(0);
const zLimit = (fallback: number) => z.coerce.number().int().min(1).max(CHAT_PAGE_LIMIT_MAX).default(fallback);

/** A seed "item in chat" (seed §3): what a sale or exchange offer is about. Price in minor units. */
export const ZChatItemSchema = z.object({
  userId: z.string(),
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  price: z.number().int(),
  sold: z.boolean(),
  statusCode: z.number().int(),
  statusText: z.string(),
  units: z.object({ symbol: z.string(), currency_code: z.string() }),
  /** Set when the item is a catalog product; a product is never "sold" as a whole. */
  productId: z.string().nullable(),
});
export type TChatItem = z.infer<typeof ZChatItemSchema>;

export const ZChatItemCreateRequestSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().max(4000).default(''),
    imageUrl: z.string().trim().max(2000).default(''),
    /** Minor units. */
    price: z.number().int().min(0).max(10_000_000_000),
    units: z.object({ symbol: z.string().trim().min(1).max(8), currency_code: z.string().regex(/^[A-Z]{3}$/) }).optional(),
  })
  .strict();

export const ZChatAttachmentSchema = z.object({
  attachmentId: z.string(),
  /** image | file */
  attachmentType: z.enum(['image', 'file']),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** Signed link, valid until expiresAt; ask the message again (history) for a fresh one. */
  url: z.string(),
  expiresAt: z.number(),
});
export type TChatAttachment = z.infer<typeof ZChatAttachmentSchema>;

// ───────────────────────────── offers ─────────────────────────────

export const OFFER_KINDS = ['sale', 'exchange'] as const;
/** 'failed': an accepted sale that could not become the buyer's cart line (the product was withdrawn, …). */
export const OFFER_STATES = ['open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired', 'failed'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
export const OFFER_ACTIONS = ['counter', 'accept', 'decline', 'withdraw'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

export const ZChatOfferSchema = z.object({
  offerId: z.string(),
  conversationId: z.string(),
  kind: z.enum(OFFER_KINDS),
  state: z.enum(OFFER_STATES),
  /** Who made this offer (or counter) and who must answer it. */
  fromUserId: z.string(),
  toUserId: z.string(),
  /** The seller's and the buyer's chat users (for a sale: who sells, who buys). */
  sellerId: z.string(),
  buyerId: z.string(),
  item: ZChatItemSchema,
  /** For an exchange: what is offered in return. */
  exchangeItem: ZChatItemSchema.nullable(),
  quantity: z.number().int(),
  /** Agreed unit price in minor units of `currency`. */
  price: z.number().int(),
  currency: z.string(),
  validUntil: z.number(),
  /** The offer this one counters. */
  previousOfferId: z.string().nullable(),
  /** After acceptance of a sale: the cart line made for the buyer. */
  cartLineId: z.string().nullable(),
  /** For a failed offer: the error code the cart answered (PRODUCT_UNAVAILABLE, VALIDATION, …). */
  failureCode: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TChatOffer = z.infer<typeof ZChatOfferSchema>;

export const ZChatOfferCreateRequestSchema = z
  .object({
    conversationId: zId,
    kind: z.enum(OFFER_KINDS),
    /** Exactly one of itemId (a chat item) and productId (+ variantId) (a catalog product). */
    itemId: zId.optional(),
    productId: zId.optional(),
    variantId: zId.optional(),
    /** For an exchange: the chat item offered in return. */
    exchangeItemId: zId.optional(),
    quantity: z.number().int().min(1).max(100_000),
    /** Unit price in minor units. */
    price: z.number().int().min(0).max(10_000_000_000),
    currency: z.string().regex(/^[A-Z]{3}$/).optional(),
    /** UTC ms; default 7 days. */
    validUntil: z.number().int().optional(),
    /** Idempotency: the offer's message id (a retry returns the same offer). */
    messageId: zChatMessageId.optional(),
  })
  .strict();
export type TChatOfferCreateRequest = z.infer<typeof ZChatOfferCreateRequestSchema>;

export const ZChatOfferActionRequestSchema = z
  .object({
    /** For a counter: the new terms (any left out stay as they were). */
    quantity: z.number().int().min(1).max(100_000).optional(),
    price: z.number().int().min(0).max(10_000_000_000).optional(),
    validUntil: z.number().int().optional(),
  })
  .strict();

export const ZChatOfferResponseSchema = z.object({ msg: z.string(), offer: ZChatOfferSchema });
export const ZChatOffersQuerySchema = z.object({ orderType: z.enum(OFFER_LIST_TYPES), skip: zSkip, limit: zLimit(20) }).strict();
export const ZChatOffersResponseSchema = z.object({ msg: z.string(), offers: z.array(ZChatOfferSchema), total: z.number().int() });

// ───────────────────────────── messages ─────────────────────────────

/** A stored message as the REST API and the MQTT `Message/{receiverId}` topic carry it (seed §3). */
export const ZChatMessageSchema = z.object({
  messageId: z.string(),
  /** The conversation (seed name). */
  chatId: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  /** The other member of a one-to-one chat; in a group, the addressee of this copy. */
  receiverId: z.string(),
  /** The sender's MQTT client id, when it came over MQTT. */
  client_id: z.string(),
  status: z.number().int(),
  /** When it reached the receiver (0: not yet). */
  deliveryTime: z.number(),
  /** The item a sale/exchange message is about ('' when none). */
  assetId: z.string(),
  timestamp: z.number(),
  isExchange: z.boolean(),
  body: z.string(),
  messageType: z.number().int(),
  customType: z.string(),
  /** Contact details were masked in `body` (before an order exists between the two). */
  masked: z.boolean(),
  deleted: z.boolean(),
  senderName: z.string(),
  metaData: z.record(z.string(), z.unknown()),
  attachments: z.array(ZChatAttachmentSchema),
  offer: ZChatOfferSchema.nullable(),
});
export type TChatMessage = z.infer<typeof ZChatMessageSchema>;

const ZBroadcastMetaDataSchema = z
  .object({
    secretMessage: z.boolean().optional(),
    userType: z.string().max(20).optional(),
    isBroadcastMessage: z.boolean().optional(),
    sellerMessage: z.boolean().optional(),
    buyerMessage: z.boolean().optional(),
    adminMessage: z.boolean().optional(),
  })
  .catchall(z.unknown());

/** `POST /chat/message`: a plain message, or the seed's broadcast shape (seed §3) — both accepted. */
export const ZChatSendMessageRequestSchema = z.object({
  conversationId: zId,
  body: z.string().max(CHAT_BODY_MAX_CHARS).default(''),
  messageId: zChatMessageId.optional(),
  messageType: z.number().int().min(0).max(10).default(CHAT_MESSAGE_TYPE),
  customType: z.string().max(40).default(NORMAL_MESSAGE_CUSTOM_TYPE),
  /** Attachment ids from POST /chat/attachment. */
  attachmentIds: z.array(zId).max(10).default([]),
  assetId: z.string().max(64).optional(),
  isExchange: z.boolean().optional(),
  // The seed's broadcast fields, kept (metaData) or accepted and ignored.
  showInConversation: z.boolean().optional(),
  metaData: ZBroadcastMetaDataSchema.optional(),
  events: z.object({ updateUnreadCount: z.boolean().optional(), sendPushNotification: z.boolean().optional() }).partial().optional(),
  encrypted: z.boolean().optional(),
  deviceId: z.string().max(200).optional(),
  conversationType: z.number().int().optional(),
  isGroup: z.boolean().optional(),
  searchableTags: zTags.optional(),
});
export type TChatSendMessageRequest = z.input<typeof ZChatSendMessageRequestSchema>;
export const ZChatSendMessageResponseSchema = z.object({ msg: z.string(), messageId: z.string(), timestamp: z.number(), message: ZChatMessageSchema });

/** `GET /chat/messages`: history of one conversation, newest first, paged backwards by keyset. */
export const ZChatMessagesQuerySchema = z
  .object({
    conversationId: zId,
    /** Keyset: messages strictly before (timestamp, messageId). Leave out for the newest page. */
    before: z.coerce.number().int().optional(),
    beforeMessageId: z.string().max(64).optional(),
    limit: zLimit(30),
  })
  .strict();
export const ZChatMessagesResponseSchema = z.object({
  msg: z.string(),
  messages: z.array(ZChatMessageSchema),
  /** Pass as before/beforeMessageId for the next (older) page; null at the start of the history. */
  next: z.object({ before: z.number(), beforeMessageId: z.string() }).nullable(),
});

/** `PUT /chat/messages/read` and `/delivered`: everything up to and including messageId. */
export const ZChatMarkRequestSchema = z.object({ conversationId: zId, messageId: zChatMessageId }).strict();
export const ZChatMarkResponseSchema = z.object({ msg: z.string(), unreadCount: z.number().int(), totalUnread: z.number().int() });

/** `DELETE /chat/message`: for oneself, or for everyone (sender only). */
export const ZChatDeleteMessageRequestSchema = z
  .object({ conversationId: zId, messageId: zChatMessageId, forEveryone: z.boolean().default(false) })
  .strict();

// ───────────────────────────── conversations ─────────────────────────────

/** The seed's direct-chat payload (seed §3). */
export const ZDirectConversationRequestSchema = z.object({
  metaData: z
    .object({
      type: z.string().max(40).default(DIRECT_CHAT_TYPE),
      buyerName: z.string().max(200).optional(),
      sellerAliasName: z.string().max(200).optional(),
      sellerName: z.string().max(200).optional(),
      sellerImage: z.string().max(2000).optional(),
      buyerImage: z.string().max(2000).optional(),
    })
    .catchall(z.unknown())
    .default({ type: DIRECT_CHAT_TYPE }),
  /** The caller may be left out (they always join); one other member makes a direct chat. */
  members: z.array(zId).min(1).max(50),
  isGroup: z.boolean().default(true),
  customType: z.string().max(40).default(DIRECT_CHAT_CUSTOM_TYPE),
  conversationType: z.number().int().default(CHAT_CONVERSATION_TYPE),
  conversationTitle: z.string().max(200).default(DIRECT_CHAT_TYPE),
  conversationImageUrl: z.string().max(2000).default(''),
  typingEvents: z.boolean().default(true),
  readEvents: z.boolean().default(true),
  pushNotifications: z.boolean().default(true),
  searchableTags: zTags.default([]),
});
export type TDirectConversationRequest = z.input<typeof ZDirectConversationRequestSchema>;
export const ZConversationCreatedResponseSchema = z.object({ msg: z.string(), conversationId: z.string() });

export const ZChatMemberSchema = z.object({
  userId: z.string(),
  /** buyer | store | team */
  kind: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  isAdmin: z.boolean(),
  online: z.boolean(),
  lastSeen: z.number().nullable(),
});
export type TChatMember = z.infer<typeof ZChatMemberSchema>;

/** One conversation in a list, from the caller's point of view. */
export const ZConversationListItemSchema = z.object({
  conversationId: z.string(),
  conversationTitle: z.string(),
  conversationImageUrl: z.string(),
  customType: z.string(),
  conversationType: z.number().int(),
  isGroup: z.boolean(),
  metaData: z.record(z.string(), z.unknown()),
  searchableTags: z.array(z.string()),
  members: z.array(ZChatMemberSchema),
  /** The other side of a direct chat (null in a group without one). */
  opponent: ZChatMemberSchema.nullable(),
  lastMessage: ZChatMessageSchema.nullable(),
  unreadCount: z.number().int(),
  /** The caller blocked the opponent, or was blocked by them. */
  blockedByMe: z.boolean(),
  blockedMe: z.boolean(),
  typingEvents: z.boolean(),
  readEvents: z.boolean(),
  pushNotifications: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TConversationListItem = z.infer<typeof ZConversationListItemSchema>;

/**
 * `GET /chat/conversations`. With membersExactly, the direct chat between exactly those users:
 * 200 with conversations[] when found, 204 (no body) when not (seed §7: "status 200 means found").
 * Without it: the caller's conversations, most recent activity first, 200 even when empty.
 */
export const ZConversationsQuerySchema = z
  .object({
    membersExactly: z.string().max(200).optional(),
    isGroup: z.enum(['true', 'false']).optional(),
    /** Search in searchable tags and titles. */
    searchTag: z.string().trim().max(120).optional(),
    skip: zSkip,
    limit: zLimit(20),
  })
  .strict();
export const ZConversationsResponseSchema = z.object({ msg: z.string(), conversations: z.array(ZConversationListItemSchema) });
export const ZConversationsCountQuerySchema = z.object({ searchTag: z.string().trim().max(120).optional() }).strict();
export const ZConversationsCountResponseSchema = z.object({ msg: z.string(), count: z.number().int(), unreadConversations: z.number().int(), totalUnread: z.number().int() });

export const ZConversationDetailsQuerySchema = z.object({ conversationId: zId }).strict();
export const ZConversationDetailsResponseSchema = z.object({ msg: z.string(), conversation: ZConversationListItemSchema });
/** `PATCH /chat/conversation/details` (admins and direct-chat members). */
export const ZConversationDetailsUpdateSchema = z
  .object({
    conversationId: zId,
    conversationTitle: z.string().trim().min(1).max(200).optional(),
    conversationImageUrl: z.string().max(2000).optional(),
    metaData: z.record(z.string(), z.unknown()).optional(),
    searchableTags: zTags.optional(),
    customType: z.string().max(40).optional(),
    typingEvents: z.boolean().optional(),
    readEvents: z.boolean().optional(),
    pushNotifications: z.boolean().optional(),
  })
  .strict();
/** `PUT /chat/conversation/admin`: make a member admin; a store-team member may name himself (he joins as admin). */
export const ZConversationAdminRequestSchema = z.object({ conversationId: zId, memberId: zId }).strict();
export const ZChatOkResponseSchema = z.object({ msg: z.string() });

// ───────────────────────────── block, presence, unread ─────────────────────────────

export const ZChatBlockRequestSchema = z.object({ opponentId: zId }).strict();
export const ZChatBlockedResponseSchema = z.object({ msg: z.string(), users: z.array(ZChatMemberSchema) });
export const ZChatPresenceQuerySchema = z.object({ userIds: z.string().min(1).max(2000) }).strict();
export const ZChatPresenceSchema = z.object({ userId: z.string(), status: z.number().int(), lastSeenEnabled: z.boolean(), lastSeen: z.number().nullable() });
export const ZChatPresenceResponseSchema = z.object({ msg: z.string(), users: z.array(ZChatPresenceSchema) });
export const ZChatUnreadResponseSchema = z.object({ msg: z.string(), totalUnread: z.number().int() });

// ───────────────────────────── attachments ─────────────────────────────

/** `POST /chat/attachment` (multipart, field "file") → a stored, content-checked file. */
export const ZChatAttachmentResponseSchema = z.object({ msg: z.string(), attachment: ZChatAttachmentSchema });

// ───────────────────────────── /v1/isometrics (product API style) ─────────────────────────────

export const ZChatSessionSchema = z.object({ userToken: z.string(), userId: z.string() });
export type TChatSession = z.infer<typeof ZChatSessionSchema>;
/** `POST /v1/isometrics/token` (buyer or seller) and `/adminTokenByTeamMember` (store team): `data.data`. */
export const ZChatTokenResponseSchema = z.object({ message: z.string(), data: z.object({ data: ZChatSessionSchema }) });
export const ZIsChatUserQuerySchema = z.object({ userId: zId }).strict();
export const ZIsChatUserResponseSchema = z.object({ message: z.string(), data: z.object({ isChatUser: z.boolean(), userId: z.string() }) });
export const ZIsometricsConversationResponseSchema = z.object({ message: z.string(), data: z.object({ conversationId: z.string() }) });

// ───────────────────────────── MQTT payloads ─────────────────────────────

/** `Message/{receiverId}`: a ZChatMessageSchema. A client may publish one (QoS 1) with at least these. */
export const ZMqttPublishedMessageSchema = z.object({
  chatId: zId,
  senderId: zId,
  receiverId: zId,
  messageId: zChatMessageId,
  body: z.string().max(CHAT_BODY_MAX_CHARS).default(''),
  client_id: z.string().max(200).optional(),
  status: z.number().int().optional(),
  deliveryTime: z.number().optional(),
  assetId: z.string().max(64).optional(),
  timestamp: z.number().optional(),
  isExchange: z.boolean().optional(),
  messageType: z.number().int().min(0).max(10).optional(),
  customType: z.string().max(40).optional(),
  attachmentIds: z.array(zId).max(10).optional(),
});

/**
 * `Acknowledgement/{sendTo}` (seed §3): the receiver tells the sender that his messages in chatId
 * up to deliveryTime (or up to messageId, when given) reached status 1 (delivered) or 2 (read).
 * Clients publish it; the server stores it and forwards it to the sender, stamped.
 */
export const ZChatAcknowledgementSchema = z.object({
  chatId: zId,
  senderId: zId,
  client_id: z.string().max(200).default(''),
  status: z.union([z.literal(1), z.literal(2)]),
  deliveryTime: z.number(),
  assetId: z.string().max(64).default(''),
  messageId: zChatMessageId.optional(),
  sendTo: zId.optional(),
});
export type TChatAcknowledgement = z.infer<typeof ZChatAcknowledgementSchema>;

/** `OnlineStatus/{userId}` (retained): online, or away since lastSeen. */
export const ZOnlineStatusPayloadSchema = z.object({ status: z.number().int(), lastSeenEnabled: z.boolean(), lastSeen: z.number().optional() });
export type TOnlineStatusPayload = z.infer<typeof ZOnlineStatusPayloadSchema>;

/** `Typ/{to}`: the sender is typing (or stopped) in chatId. */
export const ZTypingPayloadSchema = z.object({ chatId: zId, senderId: zId, typing: z.boolean(), timestamp: z.number().optional() });
export type TTypingPayload = z.infer<typeof ZTypingPayloadSchema>;

/** `blockUser/{to}`: sent to both sides on block and unblock. */
export const ZBlockUserPayloadSchema = z.object({ blockedBy: z.string(), blockedUser: z.string(), blocked: z.boolean(), timestamp: z.number() });

/** `UserUpdates/{me}`: unread counts changed (live badges), or an offer changed state. */
export const ZUserUpdatePayloadSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('unreadCount'), chatId: z.string(), unreadCount: z.number().int(), totalUnread: z.number().int() }),
  z.object({ type: z.literal('offer'), chatId: z.string(), offer: ZChatOfferSchema }),
  z.object({ type: z.literal('conversation'), chatId: z.string() }),
  /** A message published over MQTT was refused (blocked, or too many): it was not stored. */
  z.object({ type: z.literal('refused'), code: z.string(), messageId: z.string(), chatId: z.string() }),
]);
export type TUserUpdatePayload = z.infer<typeof ZUserUpdatePayloadSchema>;

/** `FetchMessages/{me}` (seed §4): type 1 replaces the thread's list, type 2 prepends one message. */
export const ZMessageListUpdateSchema = z.object({
  type: z.union([z.literal(1), z.literal(2)]),
  chatId: z.string(),
  messages: z.array(ZChatMessageSchema),
});
export type TMessageListUpdate = z.infer<typeof ZMessageListUpdateSchema>;

// ───────────────────────────── route list ─────────────────────────────

/** Every chat route: [method, path]. /chat routes need licenseKey, appSecret and userToken headers. */
export const CHAT_ROUTES = {
  createConversation: ['POST', '/chat/conversation'],
  conversations: ['GET', '/chat/conversations'],
  conversationsCount: ['GET', '/chat/conversations/count'],
  conversationDetails: ['GET', '/chat/conversation/details'],
  updateConversationDetails: ['PATCH', '/chat/conversation/details'],
  makeAdmin: ['PUT', '/chat/conversation/admin'],
  sendMessage: ['POST', '/chat/message'],
  deleteMessage: ['DELETE', '/chat/message'],
  messages: ['GET', '/chat/messages'],
  markRead: ['PUT', '/chat/messages/read'],
  markDelivered: ['PUT', '/chat/messages/delivered'],
  unread: ['GET', '/chat/messages/unread'],
  block: ['POST', '/chat/user/block'],
  unblock: ['POST', '/chat/user/unblock'],
  blocked: ['GET', '/chat/user/blocked'],
  presence: ['GET', '/chat/presence'],
  uploadAttachment: ['POST', '/chat/attachment'],
  /** Signed link: /chat/attachment/{attachmentId}?expires=…&signature=… (no headers needed). */
  attachment: ['GET', '/chat/attachment/:attachmentId'],
  createItem: ['POST', '/chat/item'],
  createOffer: ['POST', '/chat/offer'],
  /** /chat/offer/{offerId}/{counter|accept|decline|withdraw} */
  offerAction: ['POST', '/chat/offer/:offerId/:action'],
  offers: ['GET', '/chat/offers'],
  pushSubscribe: ['POST', '/chat/push/subscription'],
  pushUnsubscribe: ['DELETE', '/chat/push/subscription'],
  pushKey: ['GET', '/chat/push/key'],
  chatToken: ['POST', '/v1/isometrics/token'],
  adminChatToken: ['POST', '/v1/isometrics/adminTokenByTeamMember'],
  isChatUser: ['GET', '/v1/isometrics/isChatUser'],
  isometricsConversation: ['POST', '/v1/isometrics/conversation'],
  /** Store team: masked contact details, newest first. */
  flags: ['GET', '/v1/admin/chat/flags'],
} as const;

// ───────────────────────────── web push ─────────────────────────────

/** Push subscribe (POST) / unsubscribe (DELETE) for the topic chat-{userId} (seed §7). */
export const ZChatPushSubscriptionRequestSchema = z
  .object({
    topic: z.string().max(100),
    /** The browser's PushSubscription.toJSON(). */
    subscription: z.object({
      endpoint: z.string().url().max(2000),
      keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
    }),
  })
  .strict();
export const ZChatPushUnsubscribeRequestSchema = z.object({ topic: z.string().max(100), endpoint: z.string().url().max(2000).optional() }).strict();
/** The VAPID public key the service worker subscribes with. */
export const ZChatPushKeyResponseSchema = z.object({ msg: z.string(), publicKey: z.string() });

/** What a chat web push carries to the service worker (it shows a notification and opens url). */
export const ZChatPushPayloadSchema = z.object({
  topic: z.string(),
  title: z.string(),
  body: z.string(),
  chatId: z.string(),
  messageId: z.string(),
  /** /profile/message-center?c={chatId} */
  url: z.string(),
});
export type TChatPushPayload = z.infer<typeof ZChatPushPayloadSchema>;

/** `GET /v1/admin/chat/flags`: messages whose contact details were masked, for the store team. */
export const ZChatFlagSchema = z.object({
  flagId: z.string(),
  conversationId: z.string(),
  messageId: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  /** email | phone | link */
  kinds: z.array(z.string()),
  /** What the sender typed (the receiver saw it masked). */
  body: z.string(),
  createdAt: z.number(),
});
export const ZChatFlagsQuerySchema = z.object({ before: z.coerce.number().int().optional(), limit: z.coerce.number().int().min(1).max(CHAT_PAGE_LIMIT_MAX).default(50) }).strict();
export const ZChatFlagsResponseSchema = z.object({ message: z.string(), data: z.object({ flags: z.array(ZChatFlagSchema), next: z.number().nullable() }) });
