import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { NotificationsService } from './notifications.service.js';
import { ZErrorResponseSchema, ZListNotificationsRequestSchema, ZListNotificationsResponseSchema } from './notifications.schemas.js';

/** The outbox in the admin console: what the server sent, or kept because no transport is set. */
export function notificationsRoutes(notifications: NotificationsService): FastifyPluginAsync {
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.get(
      '/v1/admin/notifications',
      {
        config: { access: ['team'] },
        schema: {
          tags: ['admin'],
          summary: 'The notification outbox, newest first',
          description:
            'Every e-mail, SMS and push message the server sent or, with no transport configured, kept here ' +
            "(status 'outbox'). Page with `nextCursor`.",
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
  };
}
