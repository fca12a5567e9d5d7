import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type TPaymentOutcome, ZConfirmPaymentRequestSchema, ZPointsResponseSchema, ZWalletQuerySchema, ZWalletResponseSchema, ZWalletTopUpRequestSchema, ZWalletTopUpResponseSchema } from '@tessera/contracts';
import { RefusedWithData } from '../../lib/errors.js';
import { idempotencyKey, requestCurrency, ZIdempotencyHeadersSchema, ZRefParamsSchema } from '../../http/money-headers.js';
import type { PointsService } from '../points/index.js';
import type { TopUpsService } from './topups.service.js';
import type { WalletService } from './wallet.service.js';

const tags = ['wallet'];

/** A declined card is answered 402 with its translated message; `data.payment` says why (declineReason). */
function refuseDeclined(payment: TPaymentOutcome, code: 'CARD_DECLINED' | 'PAYMENT_ACTION_FAILED'): void {
  if (payment.status === 'declined' || payment.status === 'cancelled') throw RefusedWithData(code, { payment }, 'card');
}

/** The buyer's wallet (seed §3 Wallet labels), top-ups by card, and bonus points. */
export function walletRoutes(deps: { wallet: WalletService; topUps: TopUpsService; points: PointsService }): FastifyPluginAsync {
  const { wallet, topUps, points } = deps;
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const buyer = { access: ['buyer'] } as const;

    typed.get(
      '/v1/profile/wallet',
      {
        config: buyer,
        schema: {
          tags,
          summary: 'Balance, current credit and recent transactions (SALES, SHOPPING, ENTRY, SENT), newest first',
          querystring: ZWalletQuerySchema,
          response: { 200: ZWalletResponseSchema },
        },
      },
      async (request) => ({
        message: 'ok',
        data: await wallet.view({ userId: request.auth.userId, displayCurrency: requestCurrency(request), cursor: request.query.cursor, limit: request.query.limit }),
      }),
    );

    typed.post(
      '/v1/profile/wallet/topups',
      {
        config: buyer,
        schema: {
          tags,
          summary: 'Add money to the wallet by card (header Idempotency-Key: the same key is one charge)',
          description: 'Answers the payment: `captured` (the wallet is credited and returned) or `requires_action` (confirm it); a declined card answers 402 CARD_DECLINED with `data.payment`.',
          headers: ZIdempotencyHeadersSchema,
          body: ZWalletTopUpRequestSchema,
          response: { 200: ZWalletTopUpResponseSchema },
        },
      },
      async (request) => {
        const result = await topUps.topUp({ userId: request.auth.userId, input: request.body, idempotencyKey: idempotencyKey(request), displayCurrency: requestCurrency(request) });
        refuseDeclined(result.payment, 'CARD_DECLINED');
        return { message: result.payment.status === 'captured' ? 'Wallet topped up' : 'Confirm the payment', data: result };
      },
    );

    typed.post(
      '/v1/profile/wallet/topups/:paymentRef/confirm',
      {
        config: buyer,
        schema: { tags, summary: 'Finish a top-up’s second step (3-D Secure)', params: ZRefParamsSchema, body: ZConfirmPaymentRequestSchema, response: { 200: ZWalletTopUpResponseSchema } },
      },
      async (request) => {
        const result = await topUps.confirm({ userId: request.auth.userId, paymentRef: request.params.paymentRef, result: request.body.result, displayCurrency: requestCurrency(request) });
        refuseDeclined(result.payment, 'PAYMENT_ACTION_FAILED');
        return { message: 'Wallet topped up', data: result };
      },
    );

    typed.get(
      '/v1/profile/points',
      { config: buyer, schema: { tags, summary: 'Bonus points (seed `bonusPoint`): balance, worth, the earning rule and recent entries', response: { 200: ZPointsResponseSchema } } },
      async (request) => ({ message: 'ok', data: await points.view({ userId: request.auth.userId, displayCurrency: requestCurrency(request) }) }),
    );
  };
}
