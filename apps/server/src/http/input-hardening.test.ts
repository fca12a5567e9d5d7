import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@tessera/contracts';
import { newId } from '../lib/ids.js';
import { createProduct, createSeller, insertCategory, productInput } from '../test/seller-catalog.js';
import { createTestApp, signInGuest } from '../test/app.js';
import { createBuyer, createTeamMember, multipartBody } from '../test/roles.js';

/**
 * Issue #10, points 2, 3 and 11: what a client sends is refused cleanly (a translated 400 naming the
 * field, the same on SQLite and PostgreSQL), never a 500; and the smaller hardening of headers,
 * /metrics and the seed client's long page-data path.
 */

const METRICS_TOKEN = 'scrape-me-with-this-long-token';
const { app } = await createTestApp({ signInRateLimitPerMinute: 1_000_000, metricsToken: METRICS_TOKEN });
const seller = await createSeller(app);
const categoryId = await insertCategory(app);
const owner = await createTeamMember(app, 'owner');
const buyer = await createBuyer(app);

const CONTROL = VALIDATION_MESSAGES.en.TEXT_HAS_CONTROL_CHARACTERS;

describe('control characters in any text (point 2)', () => {
  it.each([
    ['/v1/search/suggest?q=%00', 'query.q'],
    ['/v1/products?store=%00', 'query.store'],
    ['/v1/products?q=wool%00rug', 'query.q'],
    ['/v1/products/%00', 'params.idOrSlug'],
    ['/v1/products/%00/related', 'params.idOrSlug'],
    ['/v1/stores?speciality=%00', 'query.speciality'],
    ['/v1/specialities/all?search=%1B%5B31m', 'query.search'],
  ])('GET %s answers 400 naming %s, before the database sees it', async (url, field) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION', field, message: CONTROL });
  });

  it('answers a path that is not UTF-8 in the API’s own error shape', async () => {
    const response = await app.inject({ url: '/v1/products/%E0%A4%A', headers: { language: 'es' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field: 'url' });
    expect(response.json().message).toMatch(/^[^A-Z]*[A-Z¡¿]/);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'field', 'message']);
  });

  it('refuses a NUL in a body field, names it and says so in the caller’s language; nothing is saved', async () => {
    const payload = { name: 'Amira Haddad', countryCode: '+971', mobile: '501234567', pincode: '00000', locality: 'Al Barsha', city: 'Du\u0000bai', state: 'Dubai', flatNumber: 'Flat 1', addressLine1: 'Street 12', addressType: 'home' };
    for (const language of ['en', 'es', 'ar', 'ms'] as const) {
      const response = await app.inject({ method: 'POST', url: '/v1/customer/addresses', headers: { authorization: buyer.token, language }, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION', field: 'city', message: VALIDATION_MESSAGES[language].TEXT_HAS_CONTROL_CHARACTERS });
    }
    const list = await app.inject({ url: '/v1/customer/addresses', headers: { authorization: buyer.token } });
    expect(list.json().data).toEqual([]);
    // Tab, line feed and carriage return are text: a textarea sends CR LF.
    const fine = await app.inject({ method: 'POST', url: '/v1/customer/addresses', headers: { authorization: buyer.token }, payload: { ...payload, city: 'Dubai', addressLine1: 'Street 12\r\nBlock\tB' } });
    expect(fine.statusCode).toBe(200);
  });

  it('names the nested field, array items and keys included', async () => {
    const input = productInput(categoryId, { title: { en: 'Throw', es: 'Manta\u0007' } });
    const response = await app.inject({ method: 'POST', url: '/v1/seller/products', headers: { authorization: seller.token }, payload: input });
    expect(response.json()).toEqual({ code: 'VALIDATION', field: 'title.es', message: CONTROL });
    const inArray = await app.inject({ method: 'POST', url: '/v1/seller/products', headers: { authorization: seller.token }, payload: productInput(categoryId, { tags: ['ok', 'bad\u009b'] }) });
    expect(inArray.json().field).toBe('tags.1');
    const inKey = await app.inject({ method: 'POST', url: '/v1/seller/products', headers: { authorization: seller.token }, payload: { ...productInput(categoryId), ['x\u0000y']: 1 } });
    expect(inKey.json()).toMatchObject({ code: 'VALIDATION', field: 'x?y' });
    const halfSurrogate = await app.inject({ method: 'POST', url: '/v1/seller/products', headers: { authorization: seller.token }, payload: productInput(categoryId, { manufacturer: 'Loom \ud800' }) });
    expect(halfSurrogate.json().field).toBe('manufacturer');
    // Emoji (a whole surrogate pair), right-to-left text and combining marks are text.
    const product = await createProduct(app, seller, productInput(categoryId, { manufacturer: 'نسّاجو الصوف 🧶 e\u0301' }));
    expect(product.manufacturer).toBe('نسّاجو الصوف 🧶 e\u0301');
  });

  it('a seller’s own product search with a NUL answers 400, not 500', async () => {
    const response = await app.inject({ url: '/v1/seller/products?q=throw%00', headers: { authorization: seller.token } });
    expect(response.json()).toEqual({ code: 'VALIDATION', field: 'query.q', message: CONTROL });
  });

  it('refuses a control character in a multipart text field too', async () => {
    const body = await multipartBody([
      { name: 'companyName', value: 'Loom\u0000 & Leaf' },
      { name: 'role', value: 'retailer' },
    ]);
    const response = await app.inject({ method: 'POST', url: '/v1/customer/company', headers: { authorization: buyer.token, 'content-type': body.contentType }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION', field: 'companyName', message: CONTROL });
  });
});

describe('ids are validated as ids (point 3)', () => {
  it('an empty brandId on product create and update is a 400 naming it', async () => {
    const created = await app.inject({ method: 'POST', url: '/v1/seller/products', headers: { authorization: seller.token }, payload: productInput(categoryId, { brandId: '' }) });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: 'VALIDATION', field: 'brandId' });
    const product = await createProduct(app, seller, productInput(categoryId));
    const updated = await app.inject({ method: 'PATCH', url: `/v1/seller/products/${product.id}`, headers: { authorization: seller.token }, payload: { brandId: '' } });
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toMatchObject({ code: 'VALIDATION', field: 'brandId' });
  });

  it('an unknown, well-formed id is a 400 naming the field, in the caller’s language', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/seller/products', headers: { authorization: seller.token, language: 'es' }, payload: productInput(categoryId, { brandId: newId() }) });
    expect(response.json()).toEqual({ code: 'VALIDATION', field: 'brandId', message: VALIDATION_MESSAGES.es.ID_UNKNOWN });
    const category = await app.inject({ method: 'POST', url: '/v1/seller/products', headers: { authorization: seller.token }, payload: productInput(newId()) });
    expect(category.json()).toEqual({ code: 'VALIDATION', field: 'categoryId', message: VALIDATION_MESSAGES.en.ID_UNKNOWN });
  });

  it('a malformed id is refused as one', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/seller/products', headers: { authorization: seller.token }, payload: productInput(categoryId, { brandId: 'x; DROP TABLE brands' }) });
    expect(response.json()).toEqual({ code: 'VALIDATION', field: 'brandId', message: VALIDATION_MESSAGES.en.ID_INVALID });
    const path = await app.inject({ url: '/v1/seller/products/not-an-id', headers: { authorization: seller.token } });
    expect(path.json()).toEqual({ code: 'VALIDATION', field: 'params.id', message: VALIDATION_MESSAGES.en.ID_INVALID });
  });

  it('an empty or unknown parentId on a category is a 400 naming it, on create and update', async () => {
    const headers = { authorization: owner.token };
    const base = { name: { en: 'Rugs' }, slug: 'rugs', sort: 0 };
    for (const parentId of ['', newId()]) {
      const created = await app.inject({ method: 'POST', url: '/v1/admin/categories', headers, payload: { ...base, parentId } });
      expect(created.statusCode, parentId).toBe(400);
      expect(created.json().field).toBe('parentId');
    }
    const category = (await app.inject({ method: 'POST', url: '/v1/admin/categories', headers, payload: { ...base, parentId: null } })).json().data;
    for (const parentId of ['', newId()]) {
      const updated = await app.inject({ method: 'PATCH', url: `/v1/admin/categories/${category.id}`, headers, payload: { parentId } });
      expect(updated.statusCode, parentId).toBe(400);
      expect(updated.json().field).toBe('parentId');
    }
    const menu = await app.inject({ method: 'POST', url: '/v1/admin/menu-items', headers, payload: { menu: 'mega', parentId: '', label: { en: 'X' }, linkType: 'url', linkValue: '/x', sort: 0 } });
    expect(menu.json()).toMatchObject({ code: 'VALIDATION', field: 'parentId' });
  });
});

describe('smaller hardening (point 11)', () => {
  it('answers the seed client’s page data at a path that carries a whole access token', async () => {
    const { token } = await signInGuest(app);
    expect(token.accessToken.length).toBeGreaterThan(100);
    const response = await app.inject({ url: `/v1/fetch/common/data/${token.accessToken}/1` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.isMobile).toBe(true);
  });

  it('pages may open a WebSocket to the site’s own host only', async () => {
    const policy = (await app.inject('/healthz')).headers['content-security-policy'] as string;
    const connect = policy.split('; ').find((directive) => directive.startsWith('connect-src '));
    expect(connect).toBe("connect-src 'self' ws://localhost:3000");
    const { app: secure } = await createTestApp({ publicUrl: 'https://market.example', secureCookies: true });
    expect((await secure.inject('/healthz')).headers['content-security-policy']).toContain("connect-src 'self' wss://market.example;");
  });

  it('/metrics needs the bearer token when METRICS_TOKEN is set', async () => {
    const none = await app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).not.toContain('http_requests_total');
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_requests_total');
  });
});
