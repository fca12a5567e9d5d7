import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { NotificationsService } from './notifications.service.js';
import {
  ZDevMailboxRequestSchema,
  ZDevMailboxResponseSchema,
  ZErrorResponseSchema,
  ZListNotificationsRequestSchema,
  ZListNotificationsResponseSchema,
} from './notifications.schemas.js';

/**
 * The outbox in the admin console: what the server sent, or kept because no transport is set,
 * with codes and links hidden. Owners and support read it (support answers "I got no e-mail");
 * moderators have no need to. With `devMailbox` (DEV_MAILBOX=true, local servers only) a
 * development mail catcher shows a recipient's messages whole.
 */
export function notificationsRoutes(notifications: NotificationsService, options: { devMailbox?: boolean } = {}): FastifyPluginAsync {
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.get(
      '/v1/admin/notifications',
      {
        config: { access: ['team:owner', 'team:support'] },
        schema: {
          tags: ['admin'],
          summary: 'The notification outbox, newest first',
          description:
            'Every e-mail, SMS and push message the server sent or, with no transport configured, kept here ' +
            "(status 'outbox'). Codes and links that grant access (reset and invitation links, verification codes) " +
            'are shown as ••••••: only their recipient ever sees them. Page with `nextCursor`.',
          security: [{ accessToken: [] }],
          querystring: ZListNotificationsRequestSchema,
          response: {
            200: ZListNotificationsResponseSchema,
            400: ZErrorResponseSchema,
            401: ZErrorResponseSchema,
            403: ZErrorResponseSchema,
          },
        },
      },
      async (request) => {
        const page = await notifications.list(request.query);
        return { message: 'Notifications', data: page };
      },
    );

    if (!options.devMailbox) return;
    typed.get(
      '/v1/dev/mailbox',
      {
        config: { access: 'public' },
        schema: {
          tags: ['development'],
          summary: "A recipient's messages, codes and links included (DEV_MAILBOX=true on a local server only)",
          description:
            'A development mail catcher for a server with no mail or SMS provider: what each recipient would have ' +
            'received. It exists only when DEV_MAILBOX=true, which the server refuses unless PUBLIC_URL is local.',
          querystring: ZDevMailboxRequestSchema,
          response: { 200: ZDevMailboxResponseSchema, 400: ZErrorResponseSchema },
        },
      },
      async (request) => ({ message: 'Mailbox', data: { items: await notifications.mailbox(request.query) } }),
    );
  };
}
