import { describe, expect, it, vi } from 'vitest';
import { memoryCookies } from './cookies';
import { createHttpClient } from './http';
import { GUEST_PAYLOAD } from './http-test-fixtures';

/** What the account pages rely on: uploads (FormData) through the token queue, and 401s that are not about the token. */

interface Sent {
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

function setup(answer: (sent: Sent, n: number) => { status: number; body?: unknown }, cookies: Record<string, string> = {}) {
  const sent: Sent[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { path: new URL(String(input), 'http://test.local').pathname, headers: { ...(init?.headers as Record<string, string>) }, body: init?.body };
    sent.push(call);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const { status, body } = answer(call, sent.length);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  const jar = memoryCookies(cookies);
  const client = createHttpClient({
    fetch: fetchImpl,
    cookies: jar,
    storage: { clear: vi.fn() },
    getLocale: () => ({ language: 'ar', currencyCode: 'EUR', currencySymbol: '€' }),
    getGuestPayload: () => GUEST_PAYLOAD,
  });
  return { client, sent, jar };
}

function registration(): FormData {
  const form = new FormData();
  form.append('companyName', 'Ceramica Norte');
  form.append('cities', JSON.stringify(['Kuala Lumpur']));
  form.append('logo', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'logo.png');
  return form;
}

describe('multipart requests', () => {
  it('sends a FormData body untouched, without a content-type (the browser adds the boundary), with the token and locale', async () => {
    const { client, sent } = setup(() => ({ status: 200, body: { data: { ok: true } } }), { token: 'buyer-token' });
    const form = registration();
    await expect(client.post('/v1/customer/company', form)).resolves.toEqual({ data: { ok: true } });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBe(form);
    expect(Object.keys(sent[0]!.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
    expect(sent[0]!.headers).toMatchObject({ authorization: 'buyer-token', language: 'ar', platform: '3' });
  });

  it('waits for the guest sign-in like any request, then sends the form with the new token', async () => {
    const { client, sent } = setup((call) =>
      call.path === '/v1/guest/signIn'
        ? { status: 200, body: { data: { token: { accessToken: 'guest-1', refreshToken: 'r1', accessExpireAt: 9 }, sessionId: 's1', userId: 'u1', userType: 'guest' } } }
        : { status: 200, body: { data: { ok: true } } },
    );
    const form = registration();
    await client.post('/v1/customer/profile/picture', form);
    expect(sent.map((s) => s.path)).toEqual(['/v1/guest/signIn', '/v1/customer/profile/picture']);
    expect(sent[1]!.headers.authorization).toBe('guest-1');
    expect(sent[1]!.body).toBe(form);
  });

  it('after a 406 refreshes the token and sends the same form again', async () => {
    const { client, sent, jar } = setup(
      (call, n) => {
        if (call.path === '/v1/generateToken') return { status: 200, body: { data: { accessToken: 'fresh', accessExpireAt: 99, refreshToken: 'r2' } } };
        return n === 1 ? { status: 406, body: { code: 'TOKEN_EXPIRED', message: 'expired' } } : { status: 200, body: { data: { ok: true } } };
      },
      { token: 'old', refreshToken: 'r1' },
    );
    const form = registration();
    await client.post('/v1/customer/company', form);
    const uploads = sent.filter((s) => s.path === '/v1/customer/company');
    expect(uploads.map((s) => s.headers.authorization)).toEqual(['old', 'fresh']);
    expect(uploads.every((s) => s.body === form)).toBe(true);
    expect(jar.get('token')).toBe('fresh');
  });

  it('answers a field error of an upload with its field and translated message', async () => {
    const { client } = setup(() => ({ status: 400, body: { code: 'VALIDATION', field: 'logo', message: 'صورة شعار الشركة غير صالحة' } }), { token: 't' });
    await expect(client.post('/v1/customer/company', registration())).rejects.toMatchObject({ status: 400, field: 'logo', message: 'صورة شعار الشركة غير صالحة' });
  });
});

describe('401 answers that are not about the token', () => {
  it('passes a wrong password (401 WRONG_PASSWORD) to the caller without clearing the session', async () => {
    const { client, sent, jar } = setup(() => ({ status: 401, body: { code: 'WRONG_PASSWORD', message: 'The password is not correct.', field: 'password' } }), {
      token: 'guest-token',
      refreshToken: 'r1',
      userType: '1',
    });
    await expect(client.post('/v1/customer/login', { email: 'a@example.com', password: 'nope' })).rejects.toMatchObject({
      status: 401,
      code: 'WRONG_PASSWORD',
      field: 'password',
    });
    expect(sent.map((s) => s.path)).toEqual(['/v1/customer/login']);
    expect(jar.get('token')).toBe('guest-token');
    expect(jar.get('refreshToken')).toBe('r1');
  });

  it('still treats a refused token (401 TOKEN_INVALID) as the end of the session', async () => {
    const { client, jar } = setup(() => ({ status: 401, body: { code: 'TOKEN_INVALID', message: 'invalid' } }), { token: 'revoked', refreshToken: 'r1' });
    await expect(client.get('/v1/customer/profile')).rejects.toMatchObject({ status: 401, code: 'TOKEN_INVALID' });
    expect(jar.get('token')).toBeUndefined();
    expect(jar.get('userType')).toBe('1');
  });
});
