import { describe, expect, it, vi } from 'vitest';
import { memoryCookies } from '../../lib/cookies';
import { createHttpClient, NotSignedIn } from '../../lib/http';
import { ADMIN_PROFILE_COOKIE, parseAdminProfile, PORTAL_KEYS, readPortalSessionFromHeader, tokenSubject, type Portal } from './clients';
import { aliasFrom } from '../accounts/seller/SellerSignup';
import { joinList, placeName } from '../../ui/countries';
import { GUEST_PAYLOAD } from '../../lib/http-test-fixtures';


function portalClient(portal: Portal, cookies: Record<string, string>, answer: (init: RequestInit) => Response) {
  const jar = memoryCookies(cookies);
  const fetchImpl = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => answer(init ?? {}));
  const client = createHttpClient({
    keys: PORTAL_KEYS[portal],
    fetch: fetchImpl,
    cookies: jar,
    storage: null,
    getLocale: () => ({ language: 'ar', currencyCode: 'EUR', currencySymbol: '€' }),
    getGuestPayload: () => GUEST_PAYLOAD,
  });
  return { client, jar, fetchImpl };
}

describe('portal sessions', () => {
  it('reads each portal’s own cookies; the storefront’s token does not sign anyone in to a portal', () => {
    const header = 'token=guest; sellerToken=s1; sellerauthPass=true';
    expect(readPortalSessionFromHeader('seller', header)).toEqual({ signedIn: true, profile: null });
    expect(readPortalSessionFromHeader('admin', header)).toEqual({ signedIn: false, profile: null });
    const profile = { id: 'u1', name: 'Sam Okafor', email: 'admin@tessera.test', teamRole: 'moderator' };
    const admin = `adminRefreshToken=r1; ${ADMIN_PROFILE_COOKIE}=${encodeURIComponent(JSON.stringify(profile))}`;
    expect(readPortalSessionFromHeader('admin', admin)).toEqual({ signedIn: true, profile });
  });

  it('ignores a profile cookie that is not one', () => {
    expect(parseAdminProfile('{"id":"u1","name":"x","teamRole":"king"}')).toBeNull();
    expect(parseAdminProfile('not json')).toBeNull();
    expect(parseAdminProfile(undefined)).toBeNull();
  });

  it('reads the user id of an access token', () => {
    const payload = Buffer.from(JSON.stringify({ sub: '01J-user', typ: 'team' })).toString('base64url');
    expect(tokenSubject(`header.${payload}.signature`)).toBe('01J-user');
    expect(tokenSubject('garbage')).toBeNull();
    expect(tokenSubject(undefined)).toBeNull();
  });
});

describe('a portal client', () => {
  it('never signs in as a guest: with no token a request fails with NotSignedIn', async () => {
    const { client, fetchImpl } = portalClient('seller', {}, () => new Response('{}'));
    await expect(client.get('/v1/seller/store')).rejects.toBeInstanceOf(NotSignedIn);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('sends its own token, FormData as multipart (no JSON content type), and answers blobs', async () => {
    const { client, fetchImpl } = portalClient('admin', { adminToken: 'a1' }, (init) => {
      const headers = init.headers as Record<string, string>;
      if (init.body instanceof FormData) {
        expect(headers['content-type']).toBeUndefined();
        return new Response(JSON.stringify({ ok: true }), { status: 200 });
      }
      return new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), {
        status: 200,
        headers: { 'content-type': 'image/png' },
      });
    });
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array([1, 2, 3])]), 'logo.png');
    await expect(client.post('/v1/seller/store/logo', form)).resolves.toEqual({ ok: true });
    const blob = await client.get<Blob>('/v1/uploads/x', { responseType: 'blob' });
    expect(blob.size).toBe(4);
    expect(blob.type).toBe('image/png');
    const calls = fetchImpl.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).authorization);
    expect(calls).toEqual(['a1', 'a1']);
  });

  it('clears only its own cookies', () => {
    const { client, jar } = portalClient(
      'seller',
      { sellerToken: 's', sellerRefreshToken: 'r', sellerAccessExpireAt: '1', sellerauthPass: 'true', token: 'guest' },
      () => new Response('{}'),
    );
    client.clearSession();
    expect(jar.all()).toEqual({ token: 'guest' });
  });
});

describe('portal helpers', () => {
  it('suggests a store alias from its name', () => {
    expect(aliasFrom('Atelier Nurul')).toBe('atelier-nurul');
    expect(aliasFrom('  Café & Co. — Sevilla! ')).toBe('cafe-co-sevilla');
    expect(aliasFrom('استوديو')).toBe('');
  });

  it('joins lists with the language’s comma', () => {
    expect(joinList(['Dubai', 'Muscat'], 'en')).toBe('Dubai, Muscat');
    expect(joinList(['دبي', 'مسقط'], 'ar')).toBe('دبي، مسقط');
    expect(placeName('Kuala Lumpur', 'MY', 'en')).toBe('Kuala Lumpur, Malaysia');
  });
});
