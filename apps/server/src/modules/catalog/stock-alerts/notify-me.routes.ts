import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZNotifyMeRequestSchema, ZNotifyMeResponseSchema } from '@tessera/contracts';
import { requestLanguage } from '../../../http/language.js';
import type { StockNotificationsService } from './stock-notifications.service.js';

const ZIdOrSlugParams = z.object({ idOrSlug: z.string().min(1).max(200) });

/** Buyers' (and guests') 'notify me' sign-up for a product that is out of stock. */
export function notifyMeRoutes(stockNotifications: StockNotificationsService): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      // Named like the product page route's parameter: the router shares one node for these paths.
      '/v1/products/:idOrSlug/notify-me',
      {
        config: { access: 'session' },
        schema: {
          tags: ['catalog'],
          security: [{ accessToken: [] }],
          summary: 'Ask for an e-mail when an out-of-stock product (or variant) is back',
          description:
            'Uses the account’s e-mail, or `email` for a guest (400 "Enter Valid Email" without one). A product in stock or sold out for good ' +
            'answers 409 (PRODUCT_IN_STOCK, PRODUCT_SOLD_OUT). Signing up twice is harmless.',
          params: ZIdOrSlugParams,
          body: ZNotifyMeRequestSchema,
          response: { 200: ZNotifyMeResponseSchema },
        },
      },
      async (request) => {
        const { created } = await stockNotifications.signUp({
          product: request.params.idOrSlug,
          userId: request.auth.userId,
          language: requestLanguage(request),
          input: request.body,
        });
        return { message: 'We will let you know when it is back', data: { subscribed: true as const, created } };
      },
    );
  };
}
