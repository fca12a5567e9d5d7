import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCurrenciesResponseSchema, ZCurrencyResponseSchema, ZCurrencyUpsertRequestSchema, zCurrencyCode } from '@tessera/contracts';
import type { CurrenciesService } from './currencies.service.js';

const tags = ['currencies'];

/** The currencies buyers can choose, and the store team's rates. */
export function currenciesRoutes(currencies: CurrenciesService): FastifyPluginAsync {
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.get(
      '/v1/currencies',
      { config: { access: 'public' }, schema: { tags, summary: 'The currencies buyers can choose, with the rates prices are converted at', response: { 200: ZCurrenciesResponseSchema } } },
      async () => ({ message: 'ok', data: { defaultCurrency: currencies.defaultCurrency, currencies: await currencies.list() } }),
    );

    typed.get(
      '/v1/admin/currencies',
      { config: { access: ['team'] }, schema: { tags, summary: 'Every currency and rate, hidden ones too', response: { 200: ZCurrenciesResponseSchema } } },
      async () => ({ message: 'ok', data: { defaultCurrency: currencies.defaultCurrency, currencies: await currencies.list({ includeDisabled: true }) } }),
    );

    typed.put(
      '/v1/admin/currencies/:code',
      {
        config: { access: ['team:owner', 'team:moderator'] },
        schema: {
          tags,
          summary: 'Add a currency or change its rate (units per one unit of the default currency), symbol or visibility',
          params: z.object({ code: zCurrencyCode() }),
          body: ZCurrencyUpsertRequestSchema,
          response: { 200: ZCurrencyResponseSchema },
        },
      },
      async (request) => ({
        message: 'Currency saved',
        data: await currencies.upsert({ code: request.params.code, rate: request.body.rate, symbol: request.body.symbol, enabled: request.body.enabled, actorId: request.auth.userId }),
      }),
    );
  };
}
