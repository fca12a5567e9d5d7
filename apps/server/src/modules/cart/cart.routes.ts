import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DELIVERY_MODES,
  ZCartAddRequestSchema,
  ZCartDeliveryModeRequestSchema,
  ZCartLineUpdateRequestSchema,
  ZCartQuerySchema,
  ZCartResponseSchema,
  ZDeliverySlotsQuerySchema,
  ZDeliverySlotsResponseSchema,
  ZInventoryCartResponseSchema,
} from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import { requestCurrency } from '../../http/money-headers.js';
import type { DeliveryService } from '../delivery/index.js';
import { CartMemo } from './cart-memo.js';
import type { CartService } from './cart.service.js';

const ZLineParamsSchema = z.object({ lineId: z.string().min(1).max(64) });

/** The cart (guests and buyers) and the delivery slots a checkout offers. */
export function cartRoutes(deps: { cart: CartService; delivery: DeliveryService }): FastifyPluginAsync {
  const { cart, delivery } = deps;
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const shoppers = { access: ['guest', 'buyer'] } as const;
    const answer = { 200: ZCartResponseSchema };

    typed.get(
      '/v1/cart',
      { config: shoppers, schema: { tags: ['cart'], summary: "Seed 'get cart': the caller's cart grouped by seller, priced at the location", querystring: ZCartQuerySchema, response: answer } },
      async (request, reply) => {
        const { view, entry } = await cart.answer({ userId: request.auth.userId, language: requestLanguage(request), currency: requestCurrency(request), location: request.query, ...optional(request.query) });
        // A memo'd answer goes out as the bytes it was serialised to once (cart-memo.ts).
        return entry ? CartMemo.body(entry).send(request, reply) : view;
      },
    );

    typed.post(
      '/v1/cart',
      { config: shoppers, schema: { tags: ['cart'], summary: "Seed 'add to cart' (payload without cartStatus)", querystring: ZCartQuerySchema, body: ZCartAddRequestSchema, response: answer } },
      async (request) => cart.add({ userId: request.auth.userId, language: requestLanguage(request), currency: requestCurrency(request), input: request.body, location: request.query, ...optional(request.query) }),
    );

    typed.patch(
      '/v1/cart/lines/:lineId',
      { config: shoppers, schema: { tags: ['cart'], summary: "Change a line's quantity", params: ZLineParamsSchema, querystring: ZCartQuerySchema, body: ZCartLineUpdateRequestSchema, response: answer } },
      async (request) =>
        cart.updateLine({ userId: request.auth.userId, language: requestLanguage(request), currency: requestCurrency(request), lineId: request.params.lineId, quantity: request.body.quantity, location: request.query, ...optional(request.query) }),
    );

    typed.delete(
      '/v1/cart/lines/:lineId',
      { config: shoppers, schema: { tags: ['cart'], summary: 'Remove a line', params: ZLineParamsSchema, querystring: ZCartQuerySchema, response: answer } },
      async (request) => cart.removeLine({ userId: request.auth.userId, language: requestLanguage(request), currency: requestCurrency(request), lineId: request.params.lineId, location: request.query, ...optional(request.query) }),
    );

    typed.delete(
      '/v1/cart',
      { config: shoppers, schema: { tags: ['cart'], summary: 'Empty the cart', querystring: ZCartQuerySchema, response: answer } },
      async (request) => cart.clear({ userId: request.auth.userId, language: requestLanguage(request), currency: requestCurrency(request), location: request.query, ...optional(request.query) }),
    );

    typed.put(
      '/v1/cart/delivery-mode',
      {
        config: shoppers,
        schema: { tags: ['cart'], summary: 'DELIVERY (many sellers) or SELF_PICKUP (one seller)', querystring: ZCartQuerySchema, body: ZCartDeliveryModeRequestSchema, response: answer },
      },
      async (request) => cart.setDeliveryMode({ userId: request.auth.userId, language: requestLanguage(request), currency: requestCurrency(request), mode: request.body.deliveryMode, location: request.query, ...optional(request.query) }),
    );

    typed.get(
      '/v1/cart/inventory',
      { config: shoppers, schema: { tags: ['cart'], summary: "Seed 'get inventory cart': the stock check of every line before checkout", response: { 200: ZInventoryCartResponseSchema } } },
      async (request) => cart.inventory({ userId: request.auth.userId, language: requestLanguage(request) }),
    );

    typed.get(
      '/v1/delivery/slots',
      {
        config: shoppers,
        schema: {
          tags: ['cart'],
          summary: "A store's delivery (or pickup) slots of the next days with their remaining capacity",
          querystring: ZDeliverySlotsQuerySchema.extend({ mode: z.enum(DELIVERY_MODES).default('DELIVERY') }),
          response: { 200: ZDeliverySlotsResponseSchema },
        },
      },
      async (request) => ({ message: 'OK', data: await delivery.slots({ storeId: request.query.storeId, days: request.query.days, mode: request.query.mode }) }),
    );
  };
}

/** The optional query values, without undefined keys (exactOptionalPropertyTypes). */
function optional(query: { cartId?: string | undefined; promoCode?: string | undefined }): { cartId?: string; promoCode?: string } {
  return { ...(query.cartId ? { cartId: query.cartId } : {}), ...(query.promoCode ? { promoCode: query.promoCode } : {}) };
}
