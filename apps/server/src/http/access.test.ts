import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { registerAccessControl, type Authenticator } from './access.js';
import { registerErrorHandling } from './error-handler.js';
import { createTestApp, signInGuest } from '../test/app.js';

describe('access control', () => {
  it('refuses to start when an API route declares no access', () => {
    const app = Fastify();
    registerAccessControl(app, {} as Authenticator);
    expect(() => app.get('/v1/forgotten', async () => 'oops')).toThrow('GET /v1/forgotten declares no access');
  });

  it('answers 403 when the token is valid but of the wrong kind of user', async () => {
    const { app: marketplace } = await createTestApp();
    const app = Fastify();
    registerErrorHandling(app);
    registerAccessControl(app, marketplace.services.auth);
    app.get('/v1/team-only', { config: { access: ['team'] } }, async () => ({ ok: true }));
    app.get('/v1/anyone-signed-in', { config: { access: 'session' } }, async () => ({ ok: true }));
    const guest = await signInGuest(marketplace);
    const headers = { authorization: guest.token.accessToken, language: 'es' };
    const refused = await app.inject({ url: '/v1/team-only', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: 'No tienes permiso para hacer eso.' });
    expect((await app.inject({ url: '/v1/anyone-signed-in', headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/v1/anyone-signed-in' })).statusCode).toBe(401);
    await app.close();
  });

  it('takes the token from the cookie only on routes that opt in', async () => {
    const { app: marketplace } = await createTestApp();
    const app = Fastify();
    await app.register(cookie);
    registerErrorHandling(app);
    registerAccessControl(app, marketplace.services.auth);
    app.get('/v1/picture', { config: { access: 'session', tokenCookie: true } }, async () => ({ ok: true }));
    app.get('/v1/data', { config: { access: 'session' } }, async () => ({ ok: true }));
    const guest = await signInGuest(marketplace);
    const cookies = { token: guest.token.accessToken };
    expect((await app.inject({ url: '/v1/picture', cookies })).statusCode).toBe(200);
    expect((await app.inject({ url: '/v1/data', cookies })).statusCode).toBe(401);
    await app.close();
  });
});
