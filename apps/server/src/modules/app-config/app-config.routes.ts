import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAppConfigResponseSchema, type TAppConfig } from '@tessera/contracts';

/** GET /v1/config: the seed's "get config data", for guests and users alike. */
export function appConfigRoutes(appConfig: TAppConfig): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/v1/config',
      {
        config: { access: 'session' },
        schema: {
          tags: ['config'],
          summary: 'Languages, currencies, defaults and feature switches',
          security: [{ accessToken: [] }],
          response: { 200: ZAppConfigResponseSchema },
        },
      },
      async (_request, reply) => {
        // Same for every caller, but behind a token: private, so shared caches keep out of it.
        reply.header('cache-control', 'private, max-age=60');
        return { message: 'ok', data: appConfig };
      },
    );
  };
}
