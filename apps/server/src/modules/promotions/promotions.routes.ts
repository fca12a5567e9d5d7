import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorMessage,
  ZOffersResponseSchema,
  ZPromoCheckResponseSchema,
  ZPromotionInputSchema,
  ZPromotionObjectSchema,
  ZPromotionPatchSchema,
  ZPromotionReportResponseSchema,
  ZPromotionResponseSchema,
  ZPromotionsQuerySchema,
  ZPromotionsResponseSchema,
} from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import { RefusedWithData } from '../../lib/errors.js';
import { requestCurrency, ZIdParamsSchema } from '../../http/money-headers.js';
import type { SellersService } from '../sellers/index.js';
import type { PromoEditor, PromotionsService } from './promotions.service.js';

const tags = ['promotions'];

/** The buyer's promo-code check, the offers page, and the codes of the store team and of sellers. */
export function promotionsRoutes(deps: { promotions: PromotionsService; sellers: SellersService }): FastifyPluginAsync {
  const { promotions, sellers } = deps;
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.post(
      '/v1/promocode',
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Check a promo code against a cart (body: the seed’s promotion object)',
          description:
            'An accepted code answers what it takes off the products and the delivery. A refused one answers its reason as `code` (PROMO_EXPIRED, PROMO_MIN_PURCHASE, …), ' +
            'a message in the request’s language, and `data` ({reason, promo_code, message}) for the client to store (seed §8). Guests get PROMO_SIGN_IN. ' +
            'Checkout checks the code again against the real cart.',
          body: ZPromotionObjectSchema,
          response: { 200: ZPromoCheckResponseSchema },
        },
      },
      async (request) => {
        const language = requestLanguage(request);
        const buyerId = request.auth.userType === 'buyer' ? request.auth.userId : null;
        const result = await promotions.checkPromotionObject({ input: request.body, buyerId, language });
        if (!result.ok) {
          const message = errorMessage(result.reason, language);
          throw RefusedWithData(result.reason, { reason: result.reason, promo_code: request.body.promo_code, message }, 'promo_code');
        }
        return { message: 'Promo code applied', data: { promo: result.offer, discount: result.discount } };
      },
    );

    typed.get(
      '/v1/offers',
      { config: { access: 'public' }, schema: { tags, summary: 'The offers page: active public promo codes, in the request’s language and currency', response: { 200: ZOffersResponseSchema } } },
      async (request) => ({ message: 'ok', data: { offers: await promotions.offers({ language: requestLanguage(request), currency: requestCurrency(request) }) } }),
    );

    const editorRoutes = (prefix: '/v1/admin/promotions' | '/v1/seller/promotions', read: readonly string[], write: readonly string[], editorOf: (request: FastifyRequest) => Promise<PromoEditor>) => {
      const readAccess = { access: read } as never;
      const writeAccess = { access: write } as never;
      const who = prefix.includes('admin') ? 'the store team’s' : 'the seller’s own store';
      typed.get(
        prefix,
        { config: readAccess, schema: { tags, summary: `Promo codes of ${who}, newest first`, querystring: ZPromotionsQuerySchema, response: { 200: ZPromotionsResponseSchema } } },
        async (request) => ({ message: 'ok', data: await promotions.list({ editor: await editorOf(request), ...request.query }) }),
      );
      typed.post(
        prefix,
        { config: writeAccess, schema: { tags, summary: `Create a promo code (${who})`, body: ZPromotionInputSchema, response: { 200: ZPromotionResponseSchema } } },
        async (request) => ({ message: 'Promo code created', data: await promotions.create({ editor: await editorOf(request), input: request.body }) }),
      );
      typed.get(
        `${prefix}/:id`,
        { config: readAccess, schema: { tags, summary: 'One promo code', params: ZIdParamsSchema, response: { 200: ZPromotionResponseSchema } } },
        async (request) => ({ message: 'ok', data: await promotions.get({ editor: await editorOf(request), id: request.params.id }) }),
      );
      typed.patch(
        `${prefix}/:id`,
        {
          config: writeAccess,
          schema: { tags, summary: 'Edit a promo code; `status: paused` pauses it, `active` resumes it', params: ZIdParamsSchema, body: ZPromotionPatchSchema, response: { 200: ZPromotionResponseSchema } },
        },
        async (request) => ({ message: 'Promo code updated', data: await promotions.update({ editor: await editorOf(request), id: request.params.id, patch: request.body }) }),
      );
      typed.get(
        `${prefix}/:id/report`,
        { config: readAccess, schema: { tags, summary: 'A promo code’s uses and the discount it gave', params: ZIdParamsSchema, response: { 200: ZPromotionReportResponseSchema } } },
        async (request) => ({ message: 'ok', data: await promotions.report({ editor: await editorOf(request), id: request.params.id }) }),
      );
    };

    editorRoutes('/v1/admin/promotions', ['team:owner', 'team:moderator', 'team:support'], ['team:owner', 'team:moderator'], async (request) => ({ kind: 'team', userId: request.auth.userId }));
    editorRoutes('/v1/seller/promotions', ['seller'], ['seller'], async (request) => ({
      kind: 'seller',
      userId: request.auth.userId,
      storeId: (await sellers.getOwnStore({ sellerId: request.auth.userId })).id,
    }));
  };
}
