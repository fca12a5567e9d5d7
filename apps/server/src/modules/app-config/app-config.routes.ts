import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAppConfigResponseSchema, type TAppConfig } from '@tessera/contracts';
import { CachedAnswer } from '../catalog/index.js';

/** GET /v1/config: the seed's "get config data", for guests and users alike. */
export function appConfigRoutes(appConfig: TAppConfig): FastifyPluginAsync {
  // The same answer for every caller for the life of the process: serialised once through the
  // response schema (as the route's serialiser would, unknown keys dropped) and compressed at most
  // once per encoding. Serialising it per request was a third of an authenticated read's CPU.
  const answer = new CachedAnswer(JSON.stringify(ZAppConfigResponseSchema.parse({ message: 'ok', data: appConfig })));
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
      async (request, reply) => {
        // Same for every caller, but behind a token: private, so shared caches keep out of it.
        reply.header('cache-control', 'private, max-age=60');
        return answer.send(request, reply);
      },
    );
  };
}
