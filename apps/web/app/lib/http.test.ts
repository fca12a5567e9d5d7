import { describe, expect, it, vi } from 'vitest';
import { memoryCookies } from './cookies';
import { createHttpClient, HttpError, type HttpClientOptions } from './http';
import { GUEST_PAYLOAD } from './http-test-fixtures';

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** A scripted API: counts calls per path and answers through `routes`. */
function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://test.local');
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    // Let concurrent callers interleave as they would on a network.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const handler = routes[`${call.method} ${call.path}`];
    const answer = handler ? await handler(call) : { status: 404, body: { code: 'NOT_FOUND', message: 'nope' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const count = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).length;
  return { calls, fetchImpl, count };
}


function guestAnswer(n: number) {
  return {
    status: 200,
    body: {
      message: 'ok',
      data: {
        token: { accessToken: `guest-${n}`, refreshToken: `refresh-${n}`, accessExpireAt: 1_000 + n },
        sessionId: `sid-${n}`,
        userId: `user-${n}`,
        userType: 'guest',
      },
    },
  };
}

function setup(routes: Record<string, Handler>, initialCookies: Record<string, string> = {}, extra: Partial<HttpClientOptions> = {}) {
  const api = fakeApi(routes);
  const cookies = memoryCookies(initialCookies);
  const storage = { clear: vi.fn() };
  const onSessionCleared = vi.fn();
  const onSiteLocked = vi.fn();
  const client = createHttpClient({
    fetch: api.fetchImpl,
    cookies,
    storage,
    getLocale: () => ({ language: 'es', currencyCode: 'EUR', currencySymbol: '€' }),
    getGuestPayload: () => GUEST_PAYLOAD,
    onSessionCleared,
    onSiteLocked,
    ...extra,
  });
  return { api, cookies, storage, client, onSessionCleared, onSiteLocked };
}

/** GET /v1/config accepts exactly the tokens in `valid`; `expired` tokens get 406. */
function configRoute(valid: () => Set<string>, expired: Set<string> = new Set()): Handler {
  return ({ headers }) => {
    const token = headers.authorization ?? '';
    if (expired.has(token)) return { status: 406, body: { code: 'TOKEN_EXPIRED', message: 'expired' } };
    if (!valid().has(token)) return { status: 401, body: { code: 'TOKEN_INVALID', message: 'invalid' } };
    return { status: 200, body: { message: 'ok', data: { token } } };
  };
}

describe('guest token queue', () => {
  it('makes one guest sign-in for many concurrent requests and releases them all with its token', async () => {
    let n = 0;
    const valid = new Set<string>();
    const { api, client, cookies } = setup({
      'POST /v1/guest/signIn': () => {
        n += 1;
        valid.add(`guest-${n}`);
        return guestAnswer(n);
      },
      'GET /v1/config': configRoute(() => valid),
    });

    const results = await Promise.all(Array.from({ length: 8 }, () => client.get<{ data: { token: string } }>('/v1/config')));

    expect(api.count('POST /v1/guest/signIn')).toBe(1);
    expect(api.count('GET /v1/config')).toBe(8);
    expect(results.every((r) => r.data.token === 'guest-1')).toBe(true);
    // Every held request was sent after the token arrived, carrying it.
    const signInIndex = api.calls.findIndex((c) => c.path === '/v1/guest/signIn');
    expect(api.calls.slice(0, signInIndex + 1).some((c) => c.path === '/v1/config')).toBe(false);
    expect(cookies.all()).toMatchObject({
      token: 'guest-1',
      refreshToken: 'refresh-1',
      accessExpireAt: '1001',
      sid: 'sid-1',
      userType: '1',
    });
  });

  it('sends the guest payload and the locale headers on every request', async () => {
    const { api, client } = setup({
      'POST /v1/guest/signIn': () => guestAnswer(1),
      'GET /v1/config': configRoute(() => new Set(['guest-1'])),
    });
    await client.get('/v1/config');
    const [signIn, config] = api.calls;
    expect(signIn?.body).toEqual(GUEST_PAYLOAD);
    expect(signIn?.headers.authorization).toBeUndefined();
    expect(config?.headers).toMatchObject({
      authorization: 'guest-1',
      language: 'es',
      currencycode: 'EUR',
      currencysymbol: encodeURIComponent('€'),
      platform: '3',
    });
  });

  it('uses a stored token without signing in', async () => {
    const { api, client } = setup({ 'GET /v1/config': configRoute(() => new Set(['stored'])) }, { token: 'stored' });
    await client.get('/v1/config');
    expect(api.count('POST /v1/guest/signIn')).toBe(0);
  });

  it('rejects every waiting request when the sign-in fails, and tries again next time', async () => {
    let fail = true;
    const { api, client } = setup({
      'POST /v1/guest/signIn': () => (fail ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : guestAnswer(1)),
      'GET /v1/config': configRoute(() => new Set(['guest-1'])),
    });
    const settled = await Promise.allSettled([client.get('/v1/config'), client.get('/v1/config')]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(api.count('POST /v1/guest/signIn')).toBe(1);
    fail = false;
    await expect(client.get('/v1/config')).resolves.toBeTruthy();
    expect(api.count('POST /v1/guest/signIn')).toBe(2);
  });
});

describe('406: expired access token', () => {
  it('refreshes once for concurrent 406s, stores the rotated tokens and retries every request', async () => {
    const valid = new Set<string>();
    const expired = new Set(['old']);
    const { api, client, cookies } = setup(
      {
        'POST /v1/generateToken': ({ body }) => {
          expect(body).toEqual({ refToken: 'refresh-old', accessToken: 'old' });
          valid.add('new');
          return { status: 200, body: { message: 'ok', data: { accessToken: 'new', accessExpireAt: 99, refreshToken: 'refresh-new' } } };
        },
        'GET /v1/config': configRoute(() => valid, expired),
      },
      { token: 'old', refreshToken: 'refresh-old' },
    );

    const results = await Promise.all(Array.from({ length: 5 }, () => client.get<{ data: { token: string } }>('/v1/config')));

    expect(api.count('POST /v1/generateToken')).toBe(1);
    expect(api.count('POST /v1/guest/signIn')).toBe(0);
    expect(results.map((r) => r.data.token)).toEqual(['new', 'new', 'new', 'new', 'new']);
    expect(cookies.all()).toMatchObject({ token: 'new', refreshToken: 'refresh-new', accessExpireAt: '99' });
  });

  it('holds requests made during a refresh until the new token arrives', async () => {
    const valid = new Set<string>();
    let releaseRefresh: () => void = () => undefined;
    const { api, client } = setup(
      {
        'POST /v1/generateToken': async () => {
          await new Promise<void>((resolve) => (releaseRefresh = resolve));
          valid.add('new');
          return { status: 200, body: { message: 'ok', data: { accessToken: 'new', accessExpireAt: 99, refreshToken: 'r2' } } };
        },
        'GET /v1/config': configRoute(() => valid, new Set(['old'])),
      },
      { token: 'old', refreshToken: 'r1' },
    );
    const first = client.get('/v1/config');
    await vi.waitFor(() => expect(api.count('POST /v1/generateToken')).toBe(1));
    const late = client.get('/v1/config');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The late request has not been sent with the expired token.
    expect(api.calls.filter((c) => c.path === '/v1/config' && c.headers.authorization === 'old')).toHaveLength(1);
    releaseRefresh();
    await Promise.all([first, late]);
    expect(api.calls.filter((c) => c.path === '/v1/config').map((c) => c.headers.authorization)).toEqual(['old', 'new', 'new']);
  });

  it('keeps the old token when the refresh answer contains 407', async () => {
    let attempts = 0;
    const { api, client, cookies } = setup(
      {
        'POST /v1/generateToken': () => ({ status: 200, body: { message: '407: access token has not expired' } }),
        'GET /v1/config': () => {
          attempts += 1;
          // The first answer is a spurious 406; the token is in fact still good.
          return attempts === 1 ? { status: 406, body: { code: 'TOKEN_EXPIRED', message: 'expired' } } : { status: 200, body: { ok: true } };
        },
      },
      { token: 'still-good', refreshToken: 'r1' },
    );
    await expect(client.get('/v1/config')).resolves.toEqual({ ok: true });
    expect(api.count('POST /v1/generateToken')).toBe(1);
    expect(api.count('POST /v1/guest/signIn')).toBe(0);
    expect(cookies.get('token')).toBe('still-good');
    expect(cookies.get('refreshToken')).toBe('r1');
    expect(api.calls.at(-1)?.headers.authorization).toBe('still-good');
  });

  it('signs in as a guest when the refresh answer holds no token', async () => {
    const valid = new Set(['guest-1']);
    const { api, client, cookies } = setup(
      {
        'POST /v1/generateToken': () => ({ status: 401, body: { code: 'REFRESH_TOKEN_INVALID', message: 'used' } }),
        'POST /v1/guest/signIn': () => guestAnswer(1),
        'GET /v1/config': configRoute(() => valid, new Set(['old'])),
      },
      { token: 'old', refreshToken: 'reused' },
    );
    await Promise.all([client.get('/v1/config'), client.get('/v1/config'), client.get('/v1/config')]);
    expect(api.count('POST /v1/generateToken')).toBe(1);
    expect(api.count('POST /v1/guest/signIn')).toBe(1);
    expect(cookies.get('token')).toBe('guest-1');
    expect(cookies.get('refreshToken')).toBe('refresh-1');
  });
});

describe('401', () => {
  it('with a refresh-token cookie: clears the session (cookies and storage, userType 1) and goes home', async () => {
    const { api, client, cookies, storage, onSessionCleared } = setup(
      { 'GET /v1/config': configRoute(() => new Set()) },
      { token: 'revoked', refreshToken: 'r1', accessExpireAt: '5', sid: 's', uid: 'u', authPass: '1', userType: '2', lang: 'ar' },
    );
    const error = await client.get('/v1/config').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(onSessionCleared).toHaveBeenCalledTimes(1);
    expect(storage.clear).toHaveBeenCalledTimes(1);
    expect(cookies.all()).toEqual({ userType: '1', lang: 'ar' });
    expect(api.count('POST /v1/guest/signIn')).toBe(0);
  });

  it('without a refresh-token cookie: fetches a new guest token and retries', async () => {
    const valid = new Set(['guest-1']);
    const { api, client, onSessionCleared } = setup(
      {
        'POST /v1/guest/signIn': () => guestAnswer(1),
        'GET /v1/config': configRoute(() => valid),
      },
      { token: 'stale' },
    );
    const results = await Promise.all([client.get<{ data: { token: string } }>('/v1/config'), client.get<{ data: { token: string } }>('/v1/config')]);
    expect(results.map((r) => r.data.token)).toEqual(['guest-1', 'guest-1']);
    expect(api.count('POST /v1/guest/signIn')).toBe(1);
    expect(onSessionCleared).not.toHaveBeenCalled();
  });

  it('SITE_LOCKED reports the gate instead of clearing the session or looping', async () => {
    const { api, client, cookies, onSiteLocked, onSessionCleared } = setup(
      { 'GET /v1/config': () => ({ status: 401, body: { code: 'SITE_LOCKED', message: 'locked' } }) },
      { token: 't', refreshToken: 'r' },
    );
    await expect(client.get('/v1/config')).rejects.toMatchObject({ status: 401, code: 'SITE_LOCKED' });
    expect(onSiteLocked).toHaveBeenCalledTimes(1);
    expect(onSessionCleared).not.toHaveBeenCalled();
    expect(cookies.get('token')).toBe('t');
    expect(api.calls).toHaveLength(1);
  });
});

describe('errors', () => {
  it('passes other errors to the caller with code, message and field', async () => {
    const { client } = setup(
      { 'POST /v1/things': () => ({ status: 400, body: { code: 'VALIDATION', message: 'Revisa el campo indicado.', field: 'name' } }) },
      { token: 't' },
    );
    await expect(client.post('/v1/things', { name: '' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
      field: 'name',
      message: 'Revisa el campo indicado.',
    });
  });
});
