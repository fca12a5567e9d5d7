import { afterAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { createTestApp, guestPayload, signInGuest } from './test/app.js';

// Scale mode: several instances share PostgreSQL or SQLite and Redis. CI sets TEST_REDIS_URL.
const redisServer = process.env.TEST_REDIS_URL;

describe.runIf(redisServer)('scale mode with Redis', async () => {
  // Each dialect's run gets its own Redis database, emptied first, so the two runs never share counters.
  const url = new URL(redisServer ?? 'redis://127.0.0.1:6379');
  url.pathname = process.env.TEST_DIALECT === 'postgres' ? '/12' : '/11';
  const redisUrl = url.toString();
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  afterAll(async () => {
    await redis.quit();
  });

  const first = await createTestApp({ redisUrl, guestSignInRateLimitPerMinute: 4 });
  const second = await createTestApp({ redisUrl, guestSignInRateLimitPerMinute: 4 }, { shareWith: first });

  const listen = async (app: FastifyInstance) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;
  };
  const urls = [await listen(first.app), await listen(second.app)] as const;

  it('counts the sign-in rate limit across instances', async () => {
    const statuses = [];
    for (const app of [first.app, second.app, first.app, second.app, first.app, second.app]) {
      statuses.push((await app.inject({ method: 'POST', url: '/v1/guest/signIn', payload: guestPayload() })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('delivers a message published on one instance to a subscriber on the other', async () => {
    await redis.flushdb();
    const session = await signInGuest(first.app);
    const options = { username: session.userId, password: session.token.accessToken, reconnectPeriod: 0 };
    const onSecond = await mqtt.connectAsync(urls[1], options);
    const onFirst = await mqtt.connectAsync(urls[0], options);
    try {
      const topic = `OnlineStatus/${session.userId}`;
      const received = new Promise<string>((resolve) => onSecond.on('message', (_t, payload) => resolve(payload.toString())));
      await onSecond.subscribeAsync(topic, { qos: 1 });
      await onFirst.publishAsync(topic, JSON.stringify({ status: 1, lastSeenEnabled: true }), { qos: 1 });
      expect(JSON.parse(await received)).toEqual({ status: 1, lastSeenEnabled: true });
    } finally {
      await Promise.all([onFirst.endAsync(true), onSecond.endAsync(true)]);
    }
  });
});
