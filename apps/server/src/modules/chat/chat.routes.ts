import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  MESSAGE_CENTER_PATH,
  OFFER_ACTIONS,
  ZChatAttachmentResponseSchema,
  ZChatBlockRequestSchema,
  ZChatBlockedResponseSchema,
  ZChatDeleteMessageRequestSchema,
  ZChatItemCreateRequestSchema,
  ZChatItemSchema,
  ZChatMarkRequestSchema,
  ZChatMarkResponseSchema,
  ZChatMessagesQuerySchema,
  ZChatMessagesResponseSchema,
  ZChatOfferActionRequestSchema,
  ZChatOfferCreateRequestSchema,
  ZChatOfferResponseSchema,
  ZChatOffersQuerySchema,
  ZChatOffersResponseSchema,
  ZChatOkResponseSchema,
  ZChatPresenceQuerySchema,
  ZChatPresenceResponseSchema,
  ZChatPushKeyResponseSchema,
  ZChatPushSubscriptionRequestSchema,
  ZChatPushUnsubscribeRequestSchema,
  ZChatSendMessageRequestSchema,
  ZChatSendMessageResponseSchema,
  ZChatUnreadResponseSchema,
  ZConversationAdminRequestSchema,
  ZConversationCreatedResponseSchema,
  ZConversationDetailsQuerySchema,
  ZConversationDetailsResponseSchema,
  ZConversationDetailsUpdateSchema,
  ZConversationsCountQuerySchema,
  ZConversationsCountResponseSchema,
  ZConversationsQuerySchema,
  ZConversationsResponseSchema,
  ZDirectConversationRequestSchema,
} from '@tessera/contracts';
import { Invalid } from '../../lib/errors.js';
import { contentDisposition, readMultipartFiles, registerMultipart } from '../uploads/index.js';
import type { ChatModule } from './chat.module.js';
import type { ChatUser } from './chat-users.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The chat user of a /chat request (licenseKey, appSecret and userToken checked). */
    chatUser: ChatUser;
  }
}

const tags = ['chat'];
const ZChatHeadersSchema = z.object({ licensekey: z.string().optional(), appsecret: z.string().optional(), usertoken: z.string().optional() }).passthrough();
const ZAttachmentParamsSchema = z.object({ attachmentId: z.string().min(1).max(64) });
const ZAttachmentQuerySchema = z.object({ expires: z.coerce.number().int(), signature: z.string().min(1).max(100) }).strict();
const ZOfferActionParamsSchema = z.object({ offerId: z.string().min(1).max(64), action: z.enum(OFFER_ACTIONS) });

/** A browser that opens a chat API address lands on the message center instead of raw JSON. */
const wantsPage = (request: FastifyRequest): boolean => request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');

/**
 * The chat provider's REST API under /chat (seed §7): answers `{ msg, … }`. Access is checked here,
 * not by the access-token hook: every route but the signed attachment link needs the application's
 * licenseKey and appSecret and the caller's chat userToken.
 */
export function chatRoutes(chat: ChatModule): FastifyPluginAsync {
  return async (app) => {
    await registerMultipart(app);
    app.decorateRequest('chatUser', undefined as unknown as ChatUser);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    // 'public' to the access-token hook; the chat's own credentials are checked below.
    const chatAccess = { access: 'public' } as const;

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.routeOptions.url ?? '';
      if (!url.startsWith('/chat')) return;
      if (url.startsWith('/chat/attachment/')) return;
      if (wantsPage(request)) return reply.redirect(MESSAGE_CENTER_PATH, 302);
      request.chatUser = await chat.authenticate({ licenseKey: request.headers.licensekey, appSecret: request.headers.appsecret, userToken: request.headers.usertoken });
    });

    app.get('/chat', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => reply.redirect(MESSAGE_CENTER_PATH, 302));

    typed.post(
      '/chat/conversation',
      {
        config: chatAccess,
        schema: { tags, summary: 'Create a conversation (the seed direct-chat payload); one per buyer–store pair', headers: ZChatHeadersSchema, body: ZDirectConversationRequestSchema, response: { 200: ZConversationCreatedResponseSchema, 201: ZConversationCreatedResponseSchema } },
      },
      async (request, reply) => {
        const { conversationId, created } = await chat.conversations.create({ me: request.chatUser, input: request.body });
        return reply.status(created ? 201 : 200).send({ msg: created ? 'Conversation created successfully.' : 'Conversation already exists.', conversationId });
      },
    );

    typed.get(
      '/chat/conversations',
      {
        config: chatAccess,
        schema: {
          tags,
          summary: 'The caller’s conversations (paged, searchable), or with membersExactly the direct chat of a pair: 200 when found, 204 when not',
          headers: ZChatHeadersSchema,
          querystring: ZConversationsQuerySchema,
          response: { 200: ZConversationsResponseSchema, 204: z.null().describe('No direct chat between those members') },
        },
      },
      async (request, reply) => {
        const { membersExactly, searchTag, isGroup, skip, limit } = request.query;
        if (membersExactly !== undefined) {
          const found = await chat.conversations.findDirect({ me: request.chatUser, membersExactly });
          if (found.length === 0) return reply.status(204).send(null);
          return { msg: 'Conversations found.', conversations: found };
        }
        const conversations = await chat.conversations.list({ me: request.chatUser, searchTag, isGroup: isGroup === undefined ? undefined : isGroup === 'true', skip, limit });
        return { msg: 'Conversations found.', conversations };
      },
    );

    typed.get(
      '/chat/conversations/count',
      { config: chatAccess, schema: { tags, summary: 'How many conversations the caller has, and unread totals', headers: ZChatHeadersSchema, querystring: ZConversationsCountQuerySchema, response: { 200: ZConversationsCountResponseSchema } } },
      async (request) => ({ msg: 'Conversations count.', ...(await chat.conversations.count({ me: request.chatUser, searchTag: request.query.searchTag })) }),
    );

    typed.get(
      '/chat/conversation/details',
      { config: chatAccess, schema: { tags, summary: 'One conversation with its members, presence and block state', headers: ZChatHeadersSchema, querystring: ZConversationDetailsQuerySchema, response: { 200: ZConversationDetailsResponseSchema } } },
      async (request) => ({ msg: 'Conversation details.', conversation: await chat.conversations.details({ me: request.chatUser, conversationId: request.query.conversationId }) }),
    );

    typed.patch(
      '/chat/conversation/details',
      { config: chatAccess, schema: { tags, summary: 'Change a conversation’s title, picture, tags or switches', headers: ZChatHeadersSchema, body: ZConversationDetailsUpdateSchema, response: { 200: ZChatOkResponseSchema } } },
      async (request) => {
        await chat.conversations.updateDetails({ me: request.chatUser, input: request.body });
        return { msg: 'Conversation details updated successfully.' };
      },
    );

    typed.put(
      '/chat/conversation/admin',
      { config: chatAccess, schema: { tags, summary: 'Make a member admin; a store-team member naming himself joins as admin', headers: ZChatHeadersSchema, body: ZConversationAdminRequestSchema, response: { 200: ZChatOkResponseSchema } } },
      async (request) => {
        await chat.conversations.makeAdmin({ me: request.chatUser, conversationId: request.body.conversationId, memberId: request.body.memberId });
        return { msg: 'Member made admin successfully.' };
      },
    );

    typed.post(
      '/chat/message',
      {
        config: chatAccess,
        schema: { tags, summary: 'Send a message (or the seed broadcast shape); the same messageId twice is stored once', headers: ZChatHeadersSchema, body: ZChatSendMessageRequestSchema, response: { 200: ZChatSendMessageResponseSchema, 201: ZChatSendMessageResponseSchema } },
      },
      async (request, reply) => {
        const { message, duplicate } = await chat.messages.send({ me: request.chatUser, input: request.body });
        return reply.status(duplicate ? 200 : 201).send({ msg: duplicate ? 'Message already sent.' : 'Message sent successfully.', messageId: message.messageId, timestamp: message.timestamp, message });
      },
    );

    typed.delete(
      '/chat/message',
      { config: chatAccess, schema: { tags, summary: 'Delete a message for oneself, or for everyone (its sender)', headers: ZChatHeadersSchema, body: ZChatDeleteMessageRequestSchema, response: { 200: ZChatOkResponseSchema } } },
      async (request) => {
        await chat.messages.delete({ me: request.chatUser, ...request.body });
        return { msg: 'Message deleted successfully.' };
      },
    );

    typed.get(
      '/chat/messages',
      { config: chatAccess, schema: { tags, summary: 'History, newest first, paged backwards by (timestamp, messageId)', headers: ZChatHeadersSchema, querystring: ZChatMessagesQuerySchema, response: { 200: ZChatMessagesResponseSchema } } },
      async (request) => ({ msg: 'Messages found.', ...(await chat.messages.history({ me: request.chatUser, ...request.query })) }),
    );

    for (const [path, status, summary] of [
      ['/chat/messages/read', 2, 'Mark read up to a message; the sender sees the read receipt live'],
      ['/chat/messages/delivered', 1, 'Mark delivered up to a message'],
    ] as const) {
      typed.put(path, { config: chatAccess, schema: { tags, summary, headers: ZChatHeadersSchema, body: ZChatMarkRequestSchema, response: { 200: ZChatMarkResponseSchema } } }, async (request) => ({
        msg: 'Messages updated.',
        ...(await chat.messages.mark({ me: request.chatUser, conversationId: request.body.conversationId, messageId: request.body.messageId, status })),
      }));
    }

    typed.get(
      '/chat/messages/unread',
      { config: chatAccess, schema: { tags, summary: 'Unread messages over all the caller’s conversations', headers: ZChatHeadersSchema, response: { 200: ZChatUnreadResponseSchema } } },
      async (request) => ({ msg: 'Unread count.', totalUnread: await chat.messages.totalUnread(request.chatUser.id) }),
    );

    for (const [path, blocked] of [
      ['/chat/user/block', true],
      ['/chat/user/unblock', false],
    ] as const) {
      typed.post(path, { config: chatAccess, schema: { tags, summary: blocked ? 'Block a user: both sides see it, messages are refused' : 'Unblock a user', headers: ZChatHeadersSchema, body: ZChatBlockRequestSchema, response: { 200: ZChatOkResponseSchema } } }, async (request) => {
        await chat.blocks.set({ me: request.chatUser, opponentId: request.body.opponentId, blocked });
        return { msg: blocked ? 'User blocked successfully.' : 'User unblocked successfully.' };
      });
    }

    typed.get(
      '/chat/user/blocked',
      { config: chatAccess, schema: { tags, summary: 'Users the caller blocked', headers: ZChatHeadersSchema, response: { 200: ZChatBlockedResponseSchema } } },
      async (request) => ({ msg: 'Blocked users.', users: await chat.blocks.list(request.chatUser) }),
    );

    typed.get(
      '/chat/presence',
      { config: chatAccess, schema: { tags, summary: 'Online status and last seen of people the caller shares a conversation with', headers: ZChatHeadersSchema, querystring: ZChatPresenceQuerySchema, response: { 200: ZChatPresenceResponseSchema } } },
      async (request) => ({ msg: 'Presence.', users: await chat.presence({ me: request.chatUser, userIds: request.query.userIds.split(',') }) }),
    );

    typed.post(
      '/chat/attachment',
      { config: chatAccess, schema: { tags, summary: 'Upload an image or PDF (checked by content, at most 10 MB); send its id with the message', headers: ZChatHeadersSchema, response: { 201: ZChatAttachmentResponseSchema } } },
      async (request, reply) => {
        const form = await readMultipartFiles(request, { maxFileBytes: CHAT_ATTACHMENT_MAX_BYTES, maxFiles: 1, fileFields: ['file'], fields: [] });
        const file = form.files[0];
        if (!file) throw Invalid('file', 'attach a file');
        const stored = await chat.attachments.save({ accountId: request.chatUser.accountId, data: file.data, fileName: file.filename });
        return reply.status(201).send({ msg: 'Attachment uploaded.', attachment: chat.attachments.view(stored) });
      },
    );

    typed.get(
      '/chat/attachment/:attachmentId',
      { config: { access: 'public' }, schema: { tags, summary: 'A chat attachment through its signed, expiring link', params: ZAttachmentParamsSchema, querystring: ZAttachmentQuerySchema } },
      async (request, reply) => {
        const file = await chat.attachments.open({ id: request.params.attachmentId, expires: request.query.expires, signature: request.query.signature });
        return reply
          .headers({
            'content-type': file.contentType,
            'content-length': String(file.size),
            'cache-control': 'private, max-age=3600',
            'x-content-type-options': 'nosniff',
            'content-security-policy': "sandbox; default-src 'none'",
            'content-disposition': contentDisposition(file.contentType === 'application/pdf' ? 'attachment' : 'inline', file.name),
          })
          .send(file.stream);
      },
    );

    typed.post(
      '/chat/item',
      { config: chatAccess, schema: { tags, summary: 'Describe an item to offer (seed item fields; ₹ INR when no unit)', headers: ZChatHeadersSchema, body: ZChatItemCreateRequestSchema, response: { 201: z.object({ msg: z.string(), item: ZChatItemSchema }) } } },
      async (request, reply) => reply.status(201).send({ msg: 'Item created.', item: await chat.offers.createItem({ me: request.chatUser, input: request.body }) }),
    );

    typed.post(
      '/chat/offer',
      { config: chatAccess, schema: { tags, summary: 'Send a sale or exchange offer on an item or a product', headers: ZChatHeadersSchema, body: ZChatOfferCreateRequestSchema, response: { 201: ZChatOfferResponseSchema } } },
      async (request, reply) => reply.status(201).send({ msg: 'Offer sent.', offer: (await chat.offers.create({ me: request.chatUser, input: request.body })).offer }),
    );

    typed.post(
      '/chat/offer/:offerId/:action',
      { config: chatAccess, schema: { tags, summary: 'Counter, accept, decline or withdraw an offer', headers: ZChatHeadersSchema, params: ZOfferActionParamsSchema, body: ZChatOfferActionRequestSchema.optional(), response: { 200: ZChatOfferResponseSchema } } },
      async (request) => ({ msg: 'Offer updated.', offer: await chat.offers.act({ me: request.chatUser, offerId: request.params.offerId, action: request.params.action, input: request.body ?? {} }) }),
    );

    typed.get(
      '/chat/offers',
      { config: chatAccess, schema: { tags, summary: 'Sale and exchange lists: SALES, SHOPPING, ENTRY, SENT', headers: ZChatHeadersSchema, querystring: ZChatOffersQuerySchema, response: { 200: ZChatOffersResponseSchema } } },
      async (request) => ({ msg: 'Offers found.', ...(await chat.offers.list({ me: request.chatUser, ...request.query })) }),
    );

    typed.get(
      '/chat/push/key',
      { config: chatAccess, schema: { tags, summary: 'The VAPID public key to subscribe with (empty when push stays in the outbox)', headers: ZChatHeadersSchema, response: { 200: ZChatPushKeyResponseSchema } } },
      async () => ({ msg: 'Push key.', publicKey: chat.push.publicKey }),
    );

    typed.post(
      '/chat/push/subscription',
      { config: chatAccess, schema: { tags, summary: 'Subscribe this browser to the push topic chat-{userId}', headers: ZChatHeadersSchema, body: ZChatPushSubscriptionRequestSchema, response: { 200: ZChatOkResponseSchema } } },
      async (request) => {
        const { topic, subscription } = request.body;
        await chat.push.subscribe({ userId: request.chatUser.id, topic, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
        return { msg: 'Subscribed.' };
      },
    );

    typed.delete(
      '/chat/push/subscription',
      { config: chatAccess, schema: { tags, summary: 'Unsubscribe from the push topic (at logout)', headers: ZChatHeadersSchema, body: ZChatPushUnsubscribeRequestSchema, response: { 200: ZChatOkResponseSchema } } },
      async (request) => {
        await chat.push.unsubscribe({ userId: request.chatUser.id, topic: request.body.topic, endpoint: request.body.endpoint });
        return { msg: 'Unsubscribed.' };
      },
    );
  };
}
