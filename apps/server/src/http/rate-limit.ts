import type { FastifyInstance } from 'fastify';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route option for endpoints that hand out or check credentials (sign-in, refresh, unlock). */
    signInRateLimit: RateLimitOptions;
    /**
     * Route option for guest sign-in and token refresh: what every new visitor and every open tab
     * does, many of them behind one office address. Creating a guest is one cheap row that grants
     * nothing; the limit only keeps one address from filling the table.
     */
    guestSignInRateLimit: RateLimitOptions;
  }
}

/**
 * Rate limits apply per route, only where a route asks for one. Counters live in Redis when it is
 * configured, so every instance behind the load balancer counts against the same limit.
 */
export async function registerRateLimits(app: FastifyInstance, options: { signInPerMinute: number; guestSignInPerMinute: number; redis: Redis | undefined }) {
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'tessera-rl:' } : {}),
  });
  app.decorate('signInRateLimit', { max: options.signInPerMinute, timeWindow: '1 minute' });
  app.decorate('guestSignInRateLimit', { max: options.guestSignInPerMinute, timeWindow: '1 minute' });
}
