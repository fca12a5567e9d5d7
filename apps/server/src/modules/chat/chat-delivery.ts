import { MESSAGE_LIST_UPDATE, messageCenterLink, chatPushTopic, chatTopics, type TChatPushPayload, type TMessageListUpdate, type TUserUpdatePayload } from '@tessera/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import { CHAT_EVENTS, type BlockEvent, type ChatContext, type ListUpdateEvent, type MessageEvent, type OfferEvent, type ReceiptEvent } from './chat-context.js';
import type { ChatPush } from './chat-push.js';
import type { ChatUser } from './chat-users.js';
import type { MessagesService } from './messages.service.js';
import type { OffersService } from './offers.service.js';

/** A pause switch for the kill test: delivery fails (and is retried) while it is on. */
export interface DeliveryControl {
  paused: boolean;
}

/**
 * The chat's side effects, driven from committed outbox rows (modules/events): a crash between a
 * message's commit and its delivery loses nothing, and a retry publishes the same messageId again,
 * which clients ignore (seed §4), so nothing is shown twice.
 */
export function registerChatDelivery(options: {
  ctx: ChatContext;
  realtime: RealtimePublisher;
  messages: MessagesService;
  offers: OffersService;
  push: ChatPush;
  control: DeliveryControl;
  log: FastifyBaseLogger;
}): void {
  const { ctx, realtime, messages, offers, push, control } = options;
  const publishUnread = async (userId: string, chatId: string) => {
    const counts = await messages.unreadOf(ctx.db, userId, chatId);
    const update: TUserUpdatePayload = { type: 'unreadCount', chatId, unreadCount: counts.unreadCount, totalUnread: counts.totalUnread };
    await realtime.publish(chatTopics.userUpdates(userId), update);
  };

  ctx.events.on<MessageEvent>(CHAT_EVENTS.message, async ({ payload }) => {
    if (control.paused) throw new Error('chat delivery is paused');
    const loaded = await messages.loadForDelivery(payload.messageRowId);
    if (!loaded) return;
    const { row, memberIds } = loaded;
    // One read for the sender's name and every receiver's presence (whether a push is needed).
    const people = await ctx.users.profiles(memberIds);
    for (const receiverId of memberIds) {
      if (receiverId === row.sender_id) continue;
      const [view] = await messages.viewRows(receiverId, [row], memberIds, people);
      await realtime.publish(chatTopics.message(receiverId), view);
      await publishUnread(receiverId, row.conversation_id);
      if (loaded.pushNotifications && view && !people.get(receiverId)?.online) {
        const pushPayload: TChatPushPayload = {
          topic: chatPushTopic(receiverId),
          title: view.senderName || 'Tessera',
          body: view.deleted ? '' : view.body.slice(0, 140) || (view.attachments.length > 0 ? '📎' : view.offer ? '🏷️' : ''),
          chatId: row.conversation_id,
          messageId: row.message_id,
          // Each side's own message center: a seller's push opens the seller portal, the team's the admin console.
          url: messageCenterLink((await ctx.users.find(receiverId))?.kind ?? 'buyer', row.conversation_id),
        };
        await push.send(receiverId, pushPayload);
      }
    }
  });

  ctx.events.on<ReceiptEvent>(CHAT_EVENTS.receipt, async ({ payload }) => {
    for (const senderId of payload.senders) {
      await realtime.publish(chatTopics.acknowledgement(senderId), {
        chatId: payload.conversationId,
        senderId: payload.readerId,
        client_id: '',
        status: payload.status,
        deliveryTime: payload.upTo,
        assetId: '',
        messageId: payload.lastMessageId,
        sendTo: senderId,
      });
    }
    // The reader's other tabs and devices follow the new count.
    await publishUnread(payload.readerId, payload.conversationId);
  });

  ctx.events.on<BlockEvent>(CHAT_EVENTS.block, async ({ payload }) => {
    const body = { blockedBy: payload.blockerId, blockedUser: payload.blockedId, blocked: payload.blocked, timestamp: payload.timestamp };
    await realtime.publish(chatTopics.blockUser(payload.blockedId), body);
    await realtime.publish(chatTopics.blockUser(payload.blockerId), body);
  });

  ctx.events.on<OfferEvent>(CHAT_EVENTS.offer, async ({ payload }) => {
    const offer = (await offers.load([payload.offerId])).get(payload.offerId);
    if (!offer) return;
    for (const userId of new Set([offer.sellerId, offer.buyerId, offer.fromUserId, offer.toUserId])) {
      const update: TUserUpdatePayload = { type: 'offer', chatId: offer.conversationId, offer };
      await realtime.publish(chatTopics.userUpdates(userId), update);
    }
  });

  // A deleted-for-everyone message or changed details: each member's newest page, replaced (type 1).
  ctx.events.on<ListUpdateEvent>(CHAT_EVENTS.listUpdate, async ({ payload }) => {
    const members = await ctx.db.selectFrom('chat_members as m').innerJoin('chat_users as u', 'u.id', 'm.user_id').select(['u.id', 'u.kind', 'u.account_id', 'u.store_id']).where('m.conversation_id', '=', payload.conversationId).execute();
    for (const member of members) {
      const me: ChatUser = { id: member.id, kind: member.kind as ChatUser['kind'], accountId: member.account_id, storeId: member.store_id };
      const page = await messages.history({ me, conversationId: payload.conversationId, limit: 30 });
      const update: TMessageListUpdate = { type: MESSAGE_LIST_UPDATE.replace, chatId: payload.conversationId, messages: page.messages };
      await realtime.publish(chatTopics.fetchMessages(member.id), update);
      await realtime.publish(chatTopics.userUpdates(member.id), { type: 'conversation', chatId: payload.conversationId } satisfies TUserUpdatePayload);
    }
  });
}
