import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCheckoutRequestSchema, ZCheckoutResponseSchema } from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import { requestCurrency } from '../../http/money-headers.js';
import type { CheckoutService } from './checkout.service.js';

/** Placing an order: one request, retried with the same idempotency key until it has an answer. */
export function checkoutRoutes(deps: { checkout: CheckoutService }): FastifyPluginAsync {
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/v1/checkout',
      {
        config: { access: ['buyer'] },
        schema: {
          tags: ['checkout'],
          summary: 'Place the order of the cart: stock, slots and payment in one run named by its idempotency key (a retry answers the same order)',
          body: ZCheckoutRequestSchema,
          response: { 200: ZCheckoutResponseSchema },
        },
      },
      async (request) => {
        const data = await deps.checkout.placeOrder({ userId: request.auth.userId, language: requestLanguage(request), currency: requestCurrency(request), input: request.body });
        return { message: data.orderId ? 'Order placed' : 'Payment needs your confirmation', data };
      },
    );
  };
}
