import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZChatFlagsQuerySchema,
  ZChatFlagsResponseSchema,
  ZChatTokenResponseSchema,
  ZDirectConversationRequestSchema,
  ZIsChatUserQuerySchema,
  ZIsChatUserResponseSchema,
  ZIsometricsConversationResponseSchema,
} from '@tessera/contracts';
import type { ChatModule } from './chat.module.js';

const tags = ['chat'];

/**
 * The product API's chat calls (seed §7, `/isometrics/*` under /v1, with the access token): chat
 * sessions for buyers and sellers, the admin session of a store-team member, and conversations made
 * on the user's behalf. Answers are `data.data` like the rest of the product API.
 */
export function isometricsRoutes(chat: ChatModule): FastifyPluginAsync {
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.post(
      '/v1/isometrics/token',
      { config: { access: ['buyer', 'seller'] }, schema: { tags, summary: 'A chat session (userToken, userId) for a buyer, or for a seller as his store', response: { 200: ZChatTokenResponseSchema } } },
      async (request) => ({ message: 'Chat token', data: { data: await chat.sessionFor({ account: request.auth }) } }),
    );

    typed.post(
      '/v1/isometrics/adminTokenByTeamMember',
      { config: { access: ['team'] }, schema: { tags, summary: 'An admin chat session for a store-team member', response: { 200: ZChatTokenResponseSchema } } },
      async (request) => ({ message: 'Chat token', data: { data: await chat.sessionFor({ account: request.auth, asTeam: true }) } }),
    );

    typed.get(
      '/v1/isometrics/isChatUser',
      { config: { access: 'session' }, schema: { tags, summary: 'Whether a chat user exists for this id', querystring: ZIsChatUserQuerySchema, response: { 200: ZIsChatUserResponseSchema } } },
      async (request) => ({ message: 'Chat user', data: { isChatUser: await chat.users.exists(request.query.userId), userId: request.query.userId } }),
    );

    typed.post(
      '/v1/isometrics/conversation',
      {
        config: { access: ['buyer', 'seller', 'team'] },
        schema: { tags, summary: 'Create (or find) a conversation on the caller’s behalf, with the seed direct-chat payload', body: ZDirectConversationRequestSchema, response: { 200: ZIsometricsConversationResponseSchema } },
      },
      async (request) => {
        const me = await chat.users.forAccount(request.auth);
        const { conversationId } = await chat.conversations.create({ me, input: request.body });
        return { message: 'Conversation', data: { conversationId } };
      },
    );

    typed.get(
      '/v1/admin/chat/flags',
      { config: { access: ['team'] }, schema: { tags, summary: 'Messages whose contact details were masked (deals kept on the platform), newest first', querystring: ZChatFlagsQuerySchema, response: { 200: ZChatFlagsResponseSchema } } },
      async (request) => ({ message: 'Flags', data: await chat.flags({ before: request.query.before, limit: request.query.limit }) }),
    );
  };
}
