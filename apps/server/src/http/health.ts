import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const ZHealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Liveness (the process answers) and readiness (the database answers too). */
export function registerHealth(app: FastifyInstance, ping: () => Promise<void>) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/healthz',
    { schema: { tags: ['operations'], summary: 'Liveness probe', response: { 200: ZHealthSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  typed.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness probe: the database is reachable',
        response: { 200: ZHealthSchema, 503: ZHealthSchema },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
