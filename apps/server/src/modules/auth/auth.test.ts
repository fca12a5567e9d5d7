import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, guestPayload, signInGuest } from '../../test/app.js';

const { app } = await createTestApp();

/** An access token for the same session whose expiry has passed. */
async function expiredTokenFor(session: { userId: string; sessionId: string }) {
  const { token } = await app.services.tokens.sign(
    { userId: session.userId, userType: 'guest', sessionId: session.sessionId },
    Date.now() - 3_600_000,
  );
  return token;
}

const getConfig = (accessToken?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/v1/config', headers: { ...(accessToken ? { authorization: accessToken } : {}), ...headers } });

const refresh = (body: unknown) => app.inject({ method: 'POST', url: '/v1/generateToken', payload: body as object });

describe('POST /v1/guest/signIn', () => {
  it('answers data.token with an access token, a refresh token and its expiry, and the session id', async () => {
    const before = Date.now();
    const response = await app.inject({ method: 'POST', url: '/v1/guest/signIn', payload: guestPayload() });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.token.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.token.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(data.token.accessExpireAt).toBeGreaterThanOrEqual(before + 899_000);
    expect(data.token.accessExpireAt).toBeLessThanOrEqual(Date.now() + 900_000);
    expect(data.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.userType).toBe('guest');
    expect((await getConfig(data.token.accessToken)).statusCode).toBe(200);
  });

  it('gives every sign-in its own session', async () => {
    const a = await signInGuest(app);
    const b = await signInGuest(app);
    expect(a.sessionId).not.toBe(b.sessionId);
    expect(a.token.refreshToken).not.toBe(b.token.refreshToken);
  });

  it.each([
    ['a missing field', guestPayload({ deviceId: undefined }), 'deviceId'],
    ['a wrong-typed field', guestPayload({ deviceMake: 42 }), 'deviceMake'],
    ['a device type other than 3', guestPayload({ deviceType: 2 }), 'deviceType'],
    ['an empty field', guestPayload({ deviceTime: '   ' }), 'deviceTime'],
    ['an unknown field', { ...guestPayload(), admin: true }, 'admin'],
  ])('refuses %s with 400 naming the field', async (_case, payload, field) => {
    const response = await app.inject({ method: 'POST', url: '/v1/guest/signIn', payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'VALIDATION', field });
    expect(body.message).toContain(field);
    expect(body.stack).toBeUndefined();
  });

  it('translates the validation message into the language header', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/guest/signIn',
      headers: { language: 'es' },
      payload: guestPayload({ deviceType: 'web' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Revisa el campo indicado\. deviceType: /);
    const arabic = await app.inject({ method: 'POST', url: '/v1/guest/signIn', headers: { language: 'ar' }, payload: guestPayload({ deviceType: 'web' }) });
    expect(arabic.json().message).toMatch(/^يرجى التحقق من الحقل المحدد\./);
  });

  it.each([
    ['malformed JSON', '{"deviceId": ', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['a JSON array', '[]', 'application/json'],
    ['a body that is not JSON', 'deviceId=1', 'text/plain'],
  ])('answers %s with a clear 4xx, never a 500', async (_case, payload, type) => {
    const response = await app.inject({ method: 'POST', url: '/v1/guest/signIn', headers: { 'content-type': type }, payload });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().code).toEqual(expect.any(String));
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe('access tokens on a protected endpoint', () => {
  it('answers 401 TOKEN_MISSING without a token', async () => {
    const response = await getConfig();
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_MISSING');
  });

  it('answers 401 to a malformed token', async () => {
    const response = await getConfig('not-a-token');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_INVALID');
  });

  it('answers 401 to a token signed with another key', async () => {
    const session = await signInGuest(app);
    const forged = await new SignJWT({ sid: session.sessionId, typ: 'team' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('tessera')
      .setSubject(session.userId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-to-sign'));
    expect((await getConfig(forged)).statusCode).toBe(401);
  });

  it('answers 401 to an unsigned ("alg: none") token', async () => {
    const session = await signInGuest(app);
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: session.userId, sid: session.sessionId, typ: 'team', iss: 'tessera', exp: 9e9 })).toString('base64url');
    expect((await getConfig(`${header}.${payload}.`)).statusCode).toBe(401);
  });

  it('answers 406 to an expired token', async () => {
    const session = await signInGuest(app);
    const response = await getConfig(await expiredTokenFor(session));
    expect(response.statusCode).toBe(406);
    expect(response.json().code).toBe('TOKEN_EXPIRED');
  });

  it('accepts a "Bearer " prefix as well as the bare token', async () => {
    const session = await signInGuest(app);
    expect((await getConfig(`Bearer ${session.token.accessToken}`)).statusCode).toBe(200);
  });

  it('translates error messages by the language header', async () => {
    const response = await getConfig(undefined, { language: 'ms' });
    expect(response.json().message).toBe('Sila log masuk untuk meneruskan.');
  });
});

describe('POST /v1/generateToken', () => {
  it('answers 200 with a message containing 407 and no token while the access token is valid', async () => {
    const session = await signInGuest(app);
    const response = await refresh({ refToken: session.token.refreshToken, accessToken: session.token.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain('407');
    expect(response.json().data).toBeUndefined();
    // The refresh token was not spent: it still works once the access token expires.
    const later = await refresh({ refToken: session.token.refreshToken, accessToken: await expiredTokenFor(session) });
    expect(later.json().data.accessToken).toEqual(expect.any(String));
  });

  it('exchanges an expired access token for a new one and rotates the refresh token', async () => {
    const session = await signInGuest(app);
    const response = await refresh({ refToken: session.token.refreshToken, accessToken: await expiredTokenFor(session) });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.accessExpireAt).toBeGreaterThan(Date.now());
    expect(data.refreshToken).not.toBe(session.token.refreshToken);
    expect((await getConfig(data.accessToken)).statusCode).toBe(200);
    // The rotated token works for the next refresh.
    const next = await refresh({ refToken: data.refreshToken, accessToken: await expiredTokenFor(session) });
    expect(next.statusCode).toBe(200);
    expect(next.json().data.refreshToken).not.toBe(data.refreshToken);
  });

  it('revokes the whole session when a used refresh token comes back', async () => {
    const session = await signInGuest(app);
    const first = await refresh({ refToken: session.token.refreshToken, accessToken: await expiredTokenFor(session) });
    const { accessToken, refreshToken } = first.json().data;
    const replay = await refresh({ refToken: session.token.refreshToken, accessToken: await expiredTokenFor(session) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_TOKEN_INVALID');
    // Everything descended from that sign-in is now refused: the new access token and refresh token.
    expect((await getConfig(accessToken)).statusCode).toBe(401);
    const after = await refresh({ refToken: refreshToken, accessToken: await expiredTokenFor(session) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_REVOKED');
  });

  it('lets only one of two simultaneous refreshes with the same token through', async () => {
    const session = await signInGuest(app);
    const expired = await expiredTokenFor(session);
    const answers = await Promise.all([
      refresh({ refToken: session.token.refreshToken, accessToken: expired }),
      refresh({ refToken: session.token.refreshToken, accessToken: expired }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('answers 401 to an unknown refresh token', async () => {
    const session = await signInGuest(app);
    const response = await refresh({ refToken: 'x'.repeat(43), accessToken: await expiredTokenFor(session) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('REFRESH_TOKEN_INVALID');
  });

  it("answers 401 to another session's refresh token and leaves both sessions working", async () => {
    const mine = await signInGuest(app);
    const theirs = await signInGuest(app);
    const response = await refresh({ refToken: theirs.token.refreshToken, accessToken: await expiredTokenFor(mine) });
    expect(response.statusCode).toBe(401);
    expect((await getConfig(theirs.token.accessToken)).statusCode).toBe(200);
    expect((await getConfig(mine.token.accessToken)).statusCode).toBe(200);
  });

  it('answers 401 to an access token that is not ours', async () => {
    const session = await signInGuest(app);
    const response = await refresh({ refToken: session.token.refreshToken, accessToken: 'a.b.c' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a malformed body with 400 naming the field', async () => {
    const response = await refresh({ refToken: 5 });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('refToken');
  });

  it('answers 401 to an expired refresh token', async () => {
    const { app: shortLived } = await createTestApp({ refreshTokenTtlDays: 1 });
    const session = await signInGuest(shortLived);
    await shortLived.db.kysely.updateTable('refresh_tokens').set({ expires_at: Date.now() - 1 }).execute();
    const { token } = await shortLived.services.tokens.sign({ userId: session.userId, userType: 'guest', sessionId: session.sessionId }, Date.now() - 3_600_000);
    const response = await shortLived.inject({ method: 'POST', url: '/v1/generateToken', payload: { refToken: session.token.refreshToken, accessToken: token } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /v1/customer/logout', () => {
  it('revokes the session: its access and refresh tokens get 401 afterwards', async () => {
    const session = await signInGuest(app);
    const response = await app.inject({
      method: 'POST',
      url: '/v1/customer/logout',
      headers: { authorization: session.token.accessToken },
      payload: { refToken: session.token.refreshToken, deviceMake: 'Chrome', deviceModel: '131', deviceOsVersion: 'Linux', deviceTime: 'now', ipAddress: '::1', deviceId: 'web-1' },
    });
    expect(response.statusCode).toBe(200);
    expect((await getConfig(session.token.accessToken)).statusCode).toBe(401);
    const again = await refresh({ refToken: session.token.refreshToken, accessToken: await expiredTokenFor(session) });
    expect(again.statusCode).toBe(401);
  });

  it('requires a token', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/customer/logout', payload: { refToken: 'x' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('a second instance on the same database', () => {
  it('accepts tokens the first one issued, and sees its revocations', async () => {
    const first = await createTestApp();
    const second = await createTestApp({ jwtSecret: undefined }, { shareWith: first });
    // No JWT_SECRET: both instances must agree on the key kept in the database.
    const third = await createTestApp({ jwtSecret: undefined }, { shareWith: first });
    const session = await signInGuest(second.app);
    const check = (instance: typeof first, token: string) =>
      instance.app.inject({ method: 'GET', url: '/v1/config', headers: { authorization: token } });
    expect((await check(third, session.token.accessToken)).statusCode).toBe(200);
    expect((await check(second, session.token.accessToken)).statusCode).toBe(200);
    await second.app.inject({ method: 'POST', url: '/v1/customer/logout', headers: { authorization: session.token.accessToken }, payload: { refToken: session.token.refreshToken } });
    // The instance that revoked it refuses at once; another, which read the session row for the
    // request above, refuses once its copy is older than SESSION_RECHECK_MS (1 s): "within a second".
    expect((await check(second, session.token.accessToken)).statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await check(third, session.token.accessToken)).statusCode).toBe(401);
  });

  it('with SESSION_RECHECK_MS=0 another instance refuses a revoked session at once', async () => {
    const first = await createTestApp({ sessionRecheckMs: 0 });
    const second = await createTestApp({ sessionRecheckMs: 0 }, { shareWith: first });
    const session = await signInGuest(first.app);
    const check = (instance: typeof first) => instance.app.inject({ method: 'GET', url: '/v1/config', headers: { authorization: session.token.accessToken } });
    expect((await check(second)).statusCode).toBe(200);
    await first.app.inject({ method: 'POST', url: '/v1/customer/logout', headers: { authorization: session.token.accessToken }, payload: { refToken: session.token.refreshToken } });
    expect((await check(second)).statusCode).toBe(401);
  });
});

