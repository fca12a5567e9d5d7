import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Redis } from 'ioredis';
import type { z } from 'zod';
import type { ZChatFlagSchema } from '@tessera/contracts';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError, Invalid } from '../../lib/errors.js';
import { safeEqual } from '../../lib/ids.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import type { EventsService } from '../events/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UploadsService } from '../uploads/index.js';
import { BlocksService } from './blocks.service.js';
import { shareConversation } from './chat-access.js';
import { ChatAttachments } from './chat-attachments.js';
import { CHAT_EVENTS, type ChatContext, type OfferEvent, type OrderBetween } from './chat-context.js';
import { registerChatDelivery, type DeliveryControl } from './chat-delivery.js';
import { ChatPush } from './chat-push.js';
import { ChatRateLimiter } from './chat-rate-limit.js';
import { ChatTokens } from './chat-tokens.js';
import { ChatUsers, type ChatAccount, type ChatUser } from './chat-users.js';
import { ConversationsService } from './conversations.service.js';
import { MessagesService } from './messages.service.js';
import { OffersService } from './offers.service.js';

type TChatFlag = z.infer<typeof ZChatFlagSchema>;

/** The chat service, as the rest of the server sees it (services.chat). */
export interface ChatModule {
  users: ChatUsers;
  tokens: ChatTokens;
  conversations: ConversationsService;
  messages: MessagesService;
  offers: OffersService;
  blocks: BlocksService;
  attachments: ChatAttachments;
  push: ChatPush;
  context: ChatContext;
  /** Fault injection for the kill test: while paused, message delivery fails and is retried. */
  delivery: DeliveryControl;
  /** A chat session for an account: a signed userToken and the chat user id. */
  sessionFor(options: { account: ChatAccount; asTeam?: boolean }): Promise<{ userToken: string; userId: string }>;
  /** The chat user of a /chat request: application credentials and userToken checked. */
  authenticate(options: { licenseKey: unknown; appSecret: unknown; userToken: unknown }): Promise<ChatUser>;
  /** Presence of people the caller shares a conversation with (others are left out). */
  presence(options: { me: ChatUser; userIds: string[] }): Promise<Array<{ userId: string; status: number; lastSeenEnabled: boolean; lastSeen: number | null }>>;
  /** Masked messages for the store team, newest first (keyset on created_at). */
  flags(options: { before?: number | undefined; limit: number }): Promise<{ flags: TChatFlag[]; next: number | null }>;
  /** The chat user behind a userToken (the MQTT password), or undefined. */
  userOfToken(token: string): Promise<ChatUser | undefined>;
  close(): Promise<void>;
}

const header = (value: unknown): string | undefined => (typeof value === 'string' ? value : Array.isArray(value) ? (value[0] as string | undefined) : undefined);

export function createChatModule(options: {
  config: Config;
  db: Kysely<Database>;
  events: EventsService;
  realtime: RealtimePublisher;
  uploads: UploadsService;
  notifications: NotificationsService;
  signingKey: Uint8Array;
  log: FastifyBaseLogger;
  hasOrderBetween?: OrderBetween;
}): ChatModule {
  const { config, db, events, log } = options;
  const users = new ChatUsers(db);
  const tokens = new ChatTokens(options.signingKey);
  const attachments = new ChatAttachments(options.uploads, options.signingKey);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const limiter = new ChatRateLimiter({ messagesPerMinute: config.chatMessagesPerMinute, conversationsPerHour: config.chatConversationsPerHour }, redis);
  const ownHost = new URL(config.publicUrl).hostname;
  const context: ChatContext = {
    db,
    events,
    users,
    attachments,
    limiter,
    ownHosts: [ownHost],
    hasOrderBetween: options.hasOrderBetween ?? (async ({ buyerAccountId, storeId }) => ordered(db, buyerAccountId, storeId)),
  };
  const messages = new MessagesService(context);
  const conversations = new ConversationsService(context, messages);
  const offers = new OffersService(context, messages);
  const blocks = new BlocksService(context);
  const push = new ChatPush({ db, vapid: config.vapid, notifications: options.notifications, log });
  const delivery: DeliveryControl = { paused: config.chatDeliveryPaused };
  registerChatDelivery({ ctx: context, realtime: options.realtime, messages, offers, push, control: delivery, log });
  events.on<OfferEvent>(CHAT_EVENTS.offerAccepted, async ({ payload }) => offers.addAcceptedToCart(payload.offerId));

  const userOfToken = async (token: string) => {
    const id = tokens.verify(token);
    return id === undefined ? undefined : users.find(id);
  };

  return {
    users,
    tokens,
    conversations,
    messages,
    offers,
    blocks,
    attachments,
    push,
    context,
    delivery,
    async sessionFor({ account, asTeam }) {
      const user = await users.forAccount(account, asTeam ? { asTeam } : {});
      return { userToken: tokens.sign(user.id), userId: user.id };
    },
    async authenticate({ licenseKey, appSecret, userToken }) {
      const key = header(licenseKey);
      const secret = header(appSecret);
      if (!key || !secret || !safeEqual(key, config.chatLicenseKey) || !safeEqual(secret, config.chatAppSecret)) throw new AppError('CHAT_CREDENTIALS_INVALID');
      const token = header(userToken);
      if (!token) throw new AppError('CHAT_TOKEN_INVALID', 'userToken');
      const user = await userOfToken(token);
      if (!user) throw new AppError('CHAT_TOKEN_INVALID', 'userToken');
      return user;
    },
    async presence({ me, userIds }) {
      const wanted = [...new Set(userIds.map((id) => id.trim()).filter(Boolean))].slice(0, 100);
      const visible: string[] = [];
      for (const id of wanted) if (await shareConversation(db, me.id, id)) visible.push(id);
      const profiles = await users.profiles(visible);
      return visible.flatMap((id) => {
        const profile = profiles.get(id);
        return profile ? [{ userId: id, status: profile.online ? 1 : 0, lastSeenEnabled: true, lastSeen: profile.lastSeen }] : [];
      });
    },
    async flags({ before, limit }) {
      let query = db
        .selectFrom('chat_flags as f')
        .innerJoin('chat_messages as m', 'm.id', 'f.message_row_id')
        .select(['f.id', 'f.conversation_id', 'f.sender_id', 'f.kinds', 'f.created_at', 'm.message_id', 'm.body']);
      if (before !== undefined) query = query.where('f.created_at', '<', before);
      const rows = await query.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(limit + 1).execute();
      const page = rows.slice(0, limit);
      const names = await users.profiles(page.map((row) => row.sender_id));
      return {
        flags: page.map((row) => ({
          flagId: row.id,
          conversationId: row.conversation_id,
          messageId: row.message_id,
          senderId: row.sender_id,
          senderName: names.get(row.sender_id)?.name ?? '',
          kinds: JSON.parse(row.kinds) as string[],
          body: row.body,
          createdAt: Number(row.created_at),
        })),
        next: rows.length > limit ? Number(page.at(-1)?.created_at) : null,
      };
    },
    userOfToken,
    close: () => limiter.close(),
  };
}

export const requireField = (value: string | undefined, field: string): string => {
  if (!value) throw Invalid(field);
  return value;
};

/**
 * Whether the buyer has an order with the store (read from the orders module's tables, read only,
 * until that module offers the question itself).
 */
async function ordered(db: Kysely<Database>, buyerAccountId: string, storeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('store_orders as so')
    .innerJoin('orders as o', 'o.id', 'so.order_id')
    .select('so.id')
    .where('o.buyer_id', '=', buyerAccountId)
    .where('so.store_id', '=', storeId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
