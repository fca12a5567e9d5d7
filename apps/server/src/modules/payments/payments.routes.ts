import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAddCardRequestSchema, ZConfirmPaymentRequestSchema, ZMessageResponseSchema, ZPaymentOutcomeResponseSchema, ZSavedCardResponseSchema, ZSavedCardsResponseSchema } from '@tessera/contracts';
import { ZIdParamsSchema, ZRefParamsSchema } from '../../http/money-headers.js';
import type { PaymentsService } from './payments.service.js';

const tags = ['payments'];

/** Saved cards, a payment's second step, and the provider's webhook. */
export function paymentsRoutes(payments: PaymentsService): FastifyPluginAsync {
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const buyer = { access: ['buyer'] } as const;

    typed.get(
      '/v1/profile/cards',
      { config: buyer, schema: { tags, summary: 'The buyer’s saved cards (brand, last four, expiry) and which provider keeps them', response: { 200: ZSavedCardsResponseSchema } } },
      async (request) => ({ message: 'ok', data: { cards: await payments.cards.list({ userId: request.auth.userId }), provider: payments.gateway.name } }),
    );

    typed.post(
      '/v1/profile/cards',
      {
        config: buyer,
        schema: {
          tags,
          summary: 'Save a card: the test gateway’s typed details, or a Stripe.js PaymentMethod id',
          description: 'Only the provider’s token, the brand, the last four digits and the expiry are kept; never the number or the CVC.',
          body: ZAddCardRequestSchema,
          response: { 200: ZSavedCardResponseSchema },
        },
      },
      async (request) => ({ message: 'Card saved', data: await payments.cards.add({ userId: request.auth.userId, input: request.body }) }),
    );

    typed.delete(
      '/v1/profile/cards/:id',
      { config: buyer, schema: { tags, summary: 'Remove a saved card', params: ZIdParamsSchema, response: { 200: ZMessageResponseSchema } } },
      async (request) => {
        await payments.cards.remove({ userId: request.auth.userId, id: request.params.id });
        return { message: 'Card removed' };
      },
    );

    typed.get(
      '/v1/payments/:paymentRef',
      { config: buyer, schema: { tags, summary: 'One of the buyer’s payments: its status, amount and card', params: ZRefParamsSchema, response: { 200: ZPaymentOutcomeResponseSchema } } },
      async (request) => ({ message: 'ok', data: payments.outcome(await payments.own(request.auth.userId, request.params.paymentRef)) }),
    );

    typed.post(
      '/v1/payments/:paymentRef/confirm',
      {
        config: buyer,
        schema: {
          tags,
          summary: 'Finish a payment’s second step (3-D Secure)',
          description: 'Test gateway: `result` is what the buyer chose on the test challenge (complete or fail). Stripe: send nothing; the PaymentIntent is read after Stripe.js handled the step.',
          params: ZRefParamsSchema,
          body: ZConfirmPaymentRequestSchema,
          response: { 200: ZPaymentOutcomeResponseSchema },
        },
      },
      async (request) => ({ message: 'ok', data: await payments.confirmAction({ userId: request.auth.userId, paymentRef: request.params.paymentRef, result: request.body.result }) }),
    );

    // The provider signs the exact bytes it sends: this route alone reads the body unparsed.
    await app.register(async (raw) => {
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      raw.withTypeProvider<ZodTypeProvider>().post(
        '/v1/payments/webhooks/stripe',
        {
          config: { access: 'public' },
          schema: { tags, summary: 'Stripe’s webhook: payment intents’ changes (signature checked with STRIPE_WEBHOOK_SECRET)', response: { 200: ZMessageResponseSchema } },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          await payments.handleWebhook({ rawBody: request.body as Buffer, signature: typeof signature === 'string' ? signature : undefined });
          return { message: 'ok' };
        },
      );
    });
  };
}
