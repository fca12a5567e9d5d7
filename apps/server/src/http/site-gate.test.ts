import { describe, expect, it } from 'vitest';
import { createTestApp, guestPayload } from '../test/app.js';

const { app } = await createTestApp({ sitePassword: 'open sesame' });

const unlock = (password: unknown, language = 'en') =>
  app.inject({ method: 'POST', url: '/v1/site/unlock', headers: { language }, payload: { password } });

describe('the site password gate', () => {
  it('refuses the API with 401 SITE_LOCKED until the gate is passed', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/guest/signIn', payload: guestPayload() });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('SITE_LOCKED');
    expect((await app.inject('/docs/openapi.json')).statusCode).toBe(401);
  });

  it('keeps the probes open for the load balancer', async () => {
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });

  it("answers a wrong password with 'Please Enter Valid Password', translated, and sets no cookie", async () => {
    const wrong = await unlock('open sesame!');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'SITE_PASSWORD_INVALID', message: 'Please Enter Valid Password' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect((await unlock('nope', 'es')).json().message).toBe('Introduce una contraseña válida');
    expect((await unlock('nope', 'ar')).json().message).toBe('يرجى إدخال كلمة مرور صحيحة');
    expect((await unlock('nope', 'ms')).json().message).toBe('Sila Masukkan Kata Laluan Yang Sah');
  });

  it('refuses a malformed unlock with 400', async () => {
    expect((await unlock(12345)).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/v1/site/unlock', payload: {} })).statusCode).toBe(400);
  });

  it('sets a strict, HTTP-only cookie for the right password that opens the API', async () => {
    const right = await unlock('open sesame');
    expect(right.statusCode).toBe(200);
    const cookie = right.cookies.find((c) => c.name === 'sitePass');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.value).not.toContain('sesame');
    const signIn = await app.inject({ method: 'POST', url: '/v1/guest/signIn', payload: guestPayload(), cookies: { sitePass: cookie!.value } });
    expect(signIn.statusCode).toBe(200);
  });

  it('does not accept a forged cookie', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/guest/signIn', payload: guestPayload(), cookies: { sitePass: 'open sesame' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('without SITE_PASSWORD', () => {
  it('has no gate', async () => {
    const { app: open } = await createTestApp();
    expect((await open.inject({ method: 'POST', url: '/v1/guest/signIn', payload: guestPayload() })).statusCode).toBe(200);
    expect((await open.inject({ method: 'POST', url: '/v1/site/unlock', payload: { password: 'x' } })).statusCode).toBe(404);
  });
});
