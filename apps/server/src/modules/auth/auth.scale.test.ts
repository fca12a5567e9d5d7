import { afterAll, describe, expect, it } from 'vitest';
import type { Revocation } from './revocation-feed.js';
import { createTestApp, signInGuest, type TestApp } from '../../test/app.js';

// Scale mode (issue #11 §7): instances keep the session rows they read for up to a minute, and a
// revocation made on one instance reaches the others through Redis, so that a logged-out or revoked
// session is refused everywhere at once, not after the copies expire.
const redisServer = process.env.TEST_REDIS_URL;

describe.runIf(redisServer)('session revocations across two instances', async () => {
  const url = new URL(redisServer ?? 'redis://127.0.0.1:6379');
  url.pathname = process.env.TEST_DIALECT === 'postgres' ? '/15' : '/14';
  const redisUrl = url.toString();
  const first = await createTestApp({ redisUrl });
  const second = await createTestApp({ redisUrl }, { shareWith: first });
  const stops: (() => void)[] = [];
  afterAll(() => stops.forEach((stop) => stop()));

  const check = (instance: TestApp, token: string) => instance.app.inject({ method: 'GET', url: '/v1/config', headers: { authorization: token } });
  /** Resolves when `instance` has heard a revocation matching `matches` (its feed is asynchronous). */
  const hears = (instance: TestApp, matches: (change: Revocation | { all: true }) => boolean) =>
    new Promise<void>((resolve) => {
      const stop = instance.app.services.sessionRevocations!.onChange((change) => {
        if (matches(change)) resolve();
      });
      stops.push(stop);
    });

  it('refuses on the second instance a session logged out on the first, as soon as the revocation arrives', async () => {
    const session = await signInGuest(first.app);
    // The second instance reads the session's row and keeps it.
    expect((await check(second, session.token.accessToken)).statusCode).toBe(200);
    expect((await check(second, session.token.accessToken)).statusCode).toBe(200);
    const heard = hears(second, (change) => 'sessionId' in change && change.sessionId === session.sessionId);
    const logout = await first.app.inject({
      method: 'POST',
      url: '/v1/customer/logout',
      headers: { authorization: session.token.accessToken },
      payload: { refToken: session.token.refreshToken },
    });
    expect(logout.statusCode).toBe(200);
    expect((await check(first, session.token.accessToken)).statusCode).toBe(401);
    await heard;
    const refused = await check(second, session.token.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('SESSION_REVOKED');
  });

  it('refuses on the first instance every session of a user revoked on the second (a password reset)', async () => {
    const session = await signInGuest(first.app);
    expect((await check(first, session.token.accessToken)).statusCode).toBe(200);
    const heard = hears(first, (change) => 'userId' in change && change.userId === session.userId);
    await second.app.services.auth.revokeAllSessions({ userId: session.userId, reason: 'password reset' });
    await heard;
    expect((await check(first, session.token.accessToken)).statusCode).toBe(401);
    expect((await check(second, session.token.accessToken)).statusCode).toBe(401);
  });

  it('keeps serving a session that nobody revoked', async () => {
    const session = await signInGuest(second.app);
    for (const instance of [first, second, first]) expect((await check(instance, session.token.accessToken)).statusCode).toBe(200);
  });
});
