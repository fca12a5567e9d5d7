import { describe, expect, it, vi } from 'vitest';
import { unlockSite } from './PasswordGate';

function answer(status: number, body: unknown = {}) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('unlockSite', () => {
  it('posts the password with the language header to /v1/site/unlock', async () => {
    const fetchImpl = answer(200, { message: 'ok' });
    await expect(unlockSite('secret', 'ar', fetchImpl)).resolves.toEqual({ status: 'ok' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/site/unlock');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ password: 'secret' });
    expect(init.headers).toMatchObject({ language: 'ar', 'content-type': 'application/json' });
  });

  it('reads a 400 as a wrong password and other failures as failures', async () => {
    await expect(unlockSite('x', 'en', answer(400, { code: 'SITE_PASSWORD_INVALID', message: 'Please Enter Valid Password' }))).resolves.toEqual({
      status: 'invalid',
      message: 'Please Enter Valid Password',
    });
    await expect(unlockSite('x', 'en', answer(401, {}))).resolves.toEqual({ status: 'invalid' });
    await expect(unlockSite('x', 'en', answer(429, { code: 'RATE_LIMITED', message: 'Too many attempts.' }))).resolves.toEqual({
      status: 'failed',
      message: 'Too many attempts.',
    });
    await expect(unlockSite('x', 'en', answer(500, 'not json'))).resolves.toEqual({ status: 'failed' });
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(unlockSite('x', 'en', offline)).resolves.toEqual({ status: 'failed' });
  });
});
