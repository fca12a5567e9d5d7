import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ZListingResponseSchema, type TListingResponse } from '@tessera/contracts';
import { createTestApp, signInGuest } from '../../../test/app.js';
import { createApprovedStore, createBrand, createCategory, createProduct } from '../../../test/catalog.js';

const DAY = 86_400_000;
let app: FastifyInstance;
const ids: Record<string, string> = {};
const refs: Record<string, { id: string; slug: string }> = {};
let storeB = '';
let storeBToken = '';
let draftId = '';

async function list(query: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: `/v1/products${query ? `?${query}` : ''}`, headers });
  return response;
}
async function listOk(query: string, headers: Record<string, string> = {}): Promise<TListingResponse['data']> {
  const response = await list(query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return ZListingResponseSchema.parse(response.json()).data;
}
const names = (data: TListingResponse['data']) => data.items.map((item) => nameOf(item.id));
const nameOf = (id: string) => Object.keys(ids).find((key) => ids[key] === id) ?? id;
const sorted = (list: string[]) => [...list].sort();
const facet = (data: TListingResponse['data'], key: string) => data.facets.find((f) => f.key === key)?.values ?? [];
const count = (data: TListingResponse['data'], key: string, value: string) => facet(data, key).find((v) => v.value === value)?.count ?? 0;

beforeAll(async () => {
  ({ app } = await createTestApp());
  const storeA = await createApprovedStore(app);
  const b = await createApprovedStore(app);
  storeB = b.alias;
  storeBToken = b.token;
  const textiles = await createCategory(app, { slug: 'textiles-l', name: { en: 'Textiles', es: 'Textiles', ar: 'منسوجات' } });
  const scarves = await createCategory(app, { slug: 'scarves-l', parentId: textiles.id, name: { en: 'Scarves' } });
  const home = await createCategory(app, { slug: 'home-l', name: { en: 'Home' } });
  refs.b1 = await createBrand(app, { slug: 'loom-l', name: 'Loom' });
  refs.b2 = await createBrand(app, { slug: 'kiln-l', name: 'Kiln' });
  const t0 = Date.now() - 100 * DAY;
  const make = async (name: string, options: Parameters<typeof createProduct>[1]) => {
    const product = await createProduct(app, options);
    ids[name] = product.id;
    refs[name] = product;
  };
  await make('P1', {
    storeId: storeA.storeId, categoryId: scarves.id, brandId: refs.b1.id, price: 1000, mrp: 2000, rating: 450, reviewCount: 3, popularity: 100, publishedAt: t0 + 1 * DAY,
    originCountry: 'IN', variants: [{ colour: 'red', size: 'S', stock: 5 }], materials: [{ material: 'organic-cotton', share: 100 }], certifications: [{ scheme: 'GOTS' }],
    title: { en: 'Red silk scarf', es: 'Bufanda roja de seda' },
  });
  await make('P2', {
    storeId: storeA.storeId, categoryId: textiles.id, brandId: refs.b2.id, price: 3000, mrp: 3000, rating: 350, popularity: 90, publishedAt: t0 + 4 * DAY,
    originCountry: 'MY', variants: [{ colour: 'blue', size: 'M', stock: 2 }], materials: [{ material: 'linen', share: 100 }], certifications: [{ scheme: 'FAIR_TRADE', expiresInDays: -3 }],
  });
  await make('P3', {
    storeId: storeA.storeId, categoryId: home.id, brandId: refs.b1.id, price: 5000, mrp: 6250, rating: 250, popularity: 80, publishedAt: t0 + 3 * DAY,
    originCountry: 'MY', variants: [{ colour: 'red', size: 'L', stock: 0 }, { colour: 'blue', size: 'L', stock: 0 }], materials: [{ material: 'wool', share: 100 }],
    certifications: [{ scheme: 'FSC' }],
  });
  await make('P4', {
    storeId: b.storeId, categoryId: home.id, price: 8000, mrp: 8000, popularity: 70, publishedAt: t0 + 2 * DAY, originCountry: 'ES',
    variants: [{ colour: 'green', size: 'ONE SIZE', stock: 1 }], materials: [{ material: 'jute', share: 100 }],
  });
  await make('P6', {
    storeId: b.storeId, categoryId: textiles.id, price: 2000, mrp: 2000, popularity: 60, publishedAt: t0 + 5 * DAY, originCountry: 'ES',
    variants: [{ colour: 'natural', stock: 3 }], title: { en: 'Organic cotton tote bag' }, materials: [{ material: 'organic-cotton', share: 100 }],
  });
  // Same popularity as P6: the id breaks the tie, and pages must not skip or repeat either.
  await make('P7', { storeId: b.storeId, categoryId: home.id, price: 2000, mrp: 2000, popularity: 60, publishedAt: t0 + 5 * DAY, originCountry: 'ES', variants: [{ colour: 'natural' }] });
  draftId = (await createProduct(app, { storeId: storeA.storeId, categoryId: home.id, status: 'draft', popularity: 1000, variants: [{ colour: 'red' }] })).id;
});

describe('GET /v1/products', () => {
  it('lists published products only, by popularity, with totals and no empty message', async () => {
    const data = await listOk('');
    expect(names(data)).toEqual(['P1', 'P2', 'P3', 'P4', ...sorted(['P6', 'P7'])]);
    expect(data.items.map((i) => i.id)).not.toContain(draftId);
    expect(data.total).toBe(6);
    expect(data.emptyMessage).toBeNull();
    const p1 = data.items[0];
    expect(p1?.discountPercent).toBe(50);
    expect(p1?.price).toEqual({ amount: 1000, currency: 'EUR' });
    expect(p1?.certifications).toEqual(['GOTS']);
    expect(data.items[1]?.certifications).toEqual([]);
    expect(data.items[2]?.stockState).toBe('out_of_stock');
  });

  it.each([
    ['colour=red', ['P1', 'P3']],
    ['colour=red,blue', ['P1', 'P2', 'P3']],
    ['colour=RED', ['P1', 'P3']],
    ['size=S', ['P1']],
    ['size=m,l', ['P2', 'P3']],
    ['rating=4', ['P1']],
    ['rating=3', ['P1', 'P2']],
    ['discount=20', ['P1', 'P3']],
    ['discount=50', ['P1']],
    ['price=1000-3000', ['P1', 'P2', 'P6', 'P7']],
    ['price=-2000', ['P1', 'P6', 'P7']],
    ['price=5000-', ['P3', 'P4']],
    ['category=textiles-l', ['P1', 'P2', 'P6']],
    ['category=scarves-l', ['P1']],
    ['certification=GOTS', ['P1']],
    ['certification=gots,fsc', ['P1', 'P3']],
    ['material=linen', ['P2']],
    ['material=organic-cotton,jute', ['P1', 'P4', 'P6', 'P7']],
    ['origin=MY', ['P2', 'P3']],
    ['origin=es,in', ['P1', 'P4', 'P6', 'P7']],
    ['inStock=1', ['P1', 'P2', 'P4', 'P6', 'P7']],
    ['colour=red&brand=loom-l', ['P1', 'P3']],
    ['colour=red&inStock=true', ['P1']],
    ['category=textiles-l&origin=ES', ['P6']],
  ])('filters %s', async (query, expected) => {
    expect(sorted(names(await listOk(query)))).toEqual(sorted(expected));
  });

  it('filters by brand and store by slug (alias) or id, and by category id', async () => {
    expect(sorted(names(await listOk('brand=loom-l')))).toEqual(['P1', 'P3']);
    expect(sorted(names(await listOk(`brand=${refs.b2?.id}`)))).toEqual(['P2']);
    expect(sorted(names(await listOk(`store=${storeB}`)))).toEqual(['P4', 'P6', 'P7']);
  });

  it('does not count an expired certificate: filtering by it finds nothing and says so', async () => {
    const data = await listOk('certification=FAIR_TRADE');
    expect(data.items).toEqual([]);
    expect(data.total).toBe(0);
    expect(data.emptyMessage).toBe('no products match your filters or search');
    const es = await listOk('certification=FAIR_TRADE', { language: 'es' });
    expect(es.emptyMessage).toBe('ningún producto coincide con tus filtros o tu búsqueda');
    const ar = await listOk('certification=FAIR_TRADE', { language: 'ar' });
    expect(ar.emptyMessage).toBe('لا توجد منتجات تطابق عوامل التصفية أو البحث');
  });

  it.each([
    ['price_asc', ['P1', ...sorted(['P6', 'P7']), 'P2', 'P3', 'P4']],
    ['price_desc', ['P4', 'P3', 'P2', ...sorted(['P6', 'P7']).reverse(), 'P1']],
    // P6 and P7 share the newest date (the id breaks the tie), then P2 (day 4), P3, P4, P1.
    ['newest', [...sorted(['P6', 'P7']), 'P2', 'P3', 'P4', 'P1']],
    ['popularity', ['P1', 'P2', 'P3', 'P4', ...sorted(['P6', 'P7'])]],
  ])('sorts by %s', async (sort, expected) => {
    expect(names(await listOk(`sort=${sort}`))).toEqual(expected);
  });

  it.each(['popularity', 'price_asc', 'price_desc', 'newest'])('pages through %s with a cursor, without duplicates or gaps', async (sort) => {
    const all = names(await listOk(`sort=${sort}`));
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const data: TListingResponse['data'] = await listOk(`sort=${sort}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...names(data));
      expect(data.total).toBe(6);
      cursor = data.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
  });

  it('pages through a filtered listing', async () => {
    const first = await listOk('colour=red,blue&limit=2');
    expect(first.nextCursor).not.toBeNull();
    const second = await listOk(`colour=red,blue&limit=2&cursor=${encodeURIComponent(first.nextCursor as string)}`);
    expect([...names(first), ...names(second)]).toEqual(['P1', 'P2', 'P3']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a tampered cursor and a cursor of another sort', async () => {
    const { nextCursor } = await listOk('limit=2');
    const cursor = nextCursor as string;
    const [body, mac] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ s: 'popularity', v: 1_000_000, i: '' })).toString('base64url');
    for (const bad of [`${forged}.${mac}`, `${body}.${mac.slice(0, -2)}AA`, 'garbage', `${body}`]) {
      const response = await list(`limit=2&cursor=${encodeURIComponent(bad)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', field: 'query.cursor' });
    }
    const other = await list(`sort=price_asc&limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(other.statusCode).toBe(400);
  });

  it('counts facets disjunctively: each facet over every other filter', async () => {
    const data = await listOk('colour=red&brand=loom-l');
    // Colours are counted without the colour filter (brand loom: P1 red, P3 red+blue).
    expect(count(data, 'colour', 'red')).toBe(2);
    expect(count(data, 'colour', 'blue')).toBe(1);
    expect(facet(data, 'colour').find((v) => v.value === 'red')?.selected).toBe(true);
    expect(facet(data, 'colour').find((v) => v.value === 'blue')?.selected).toBe(false);
    // Brands are counted without the brand filter (colour red: P1 loom, P3 loom).
    expect(count(data, 'brand', 'loom-l')).toBe(2);
    expect(count(data, 'brand', 'kiln-l')).toBe(0);
    // Other facets take both filters.
    expect(count(data, 'origin', 'MY')).toBe(1);
    expect(count(data, 'certification', 'GOTS')).toBe(1);
    expect(count(data, 'certification', 'FSC')).toBe(1);
    expect(count(data, 'inStock', '1')).toBe(1);
    expect(count(data, 'rating', '4')).toBe(1);
    expect(count(data, 'rating', '2')).toBe(2);
    expect(count(data, 'discount', '20')).toBe(2);
    expect(count(data, 'discount', '50')).toBe(1);
    expect(data.total).toBe(2);
    const wider = await listOk('colour=blue');
    expect(count(wider, 'colour', 'red')).toBe(2);
    expect(count(wider, 'brand', 'kiln-l')).toBe(1);
  });

  it('labels the store facet with the store’s current name, in the reader’s language, at once after a rename', async () => {
    const label = async (language: string) => facet(await listOk('', { language }), 'store').find((v) => v.value === storeB)?.label;
    const before = await label('en');
    expect(before).toBeTruthy();
    const renamed = await app.inject({
      method: 'PATCH',
      url: '/v1/seller/store',
      headers: { authorization: storeBToken },
      payload: { storeName: { en: 'Renamed Looms', es: 'Telares Renombrados' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await label('en')).toBe('Renamed Looms');
    expect(await label('es')).toBe('Telares Renombrados');
  });

  it('leaves expired certificates out of the certification facet', async () => {
    const data = await listOk('');
    expect(count(data, 'certification', 'FAIR_TRADE')).toBe(0);
    expect(count(data, 'certification', 'GOTS')).toBe(1);
    expect(count(data, 'category', 'textiles-l')).toBe(3);
    expect(count(data, 'category', 'scarves-l')).toBe(1);
    expect(count(data, 'store', storeB)).toBe(3);
    const prices = facet(data, 'price');
    expect(prices.length).toBeGreaterThan(1);
    expect(prices.reduce((sum, v) => sum + v.count, 0)).toBe(6);
    // A price bucket's value is a valid filter that finds exactly its count.
    for (const bucket of prices) expect((await listOk(`price=${bucket.value}`)).total).toBe(bucket.count);
  });

  it('labels facets in the request language, falling back to English', async () => {
    const es = await listOk('colour=red', { language: 'es' });
    expect(es.facets.find((f) => f.key === 'colour')?.label).toBe('COLOR');
    expect(facet(es, 'colour').find((v) => v.value === 'red')?.label).toBe('Rojo');
    expect(facet(es, 'rating').find((v) => v.value === '4')?.label).toBe('4★ o más');
    expect(facet(es, 'origin').find((v) => v.value === 'MY')?.label).toBe('Malasia');
    expect(es.items.find((i) => i.id === ids.P1)?.title).toBe('Bufanda roja de seda');
    expect(es.items.find((i) => i.id === ids.P3)?.title).toMatch(/^Handwoven basket/);
    const en = await listOk('');
    expect(en.facets.map((f) => f.label).slice(0, 6)).toEqual(['COLOUR', 'BRAND', 'SIZE', 'CUSTOMER RATINGS', 'DISCOUNT', 'PRICE']);
    const ar = await listOk('', { language: 'ar' });
    expect(ar.facets.find((f) => f.key === 'rating')?.label).toBe('تقييمات العملاء');
    const category = facet(ar, 'category').find((v) => v.value === 'textiles-l');
    expect(category?.label).toBe('منسوجات');
    expect(facet(ar, 'category').find((v) => v.value === 'home-l')?.label).toBe('Home');
    // Word sizes are translated; letter codes read the same everywhere.
    expect(facet(ar, 'size').find((v) => v.value === 'ONE SIZE')?.label).toBe('مقاس واحد');
    expect(facet(ar, 'size').find((v) => v.value === 'M')?.label).toBe('M');
    expect(facet(en, 'size').find((v) => v.value === 'ONE SIZE')?.label).toBe('One size');
    expect(facet(await listOk('', { language: 'es' }), 'size').find((v) => v.value === 'ONE SIZE')).toMatchObject({ label: 'Talla única', count: 1 });
  });

  it.each([
    ['colour=plaid', 'colour', 'This filter has no such value. Choose one of the listed values.'],
    ['certification=XYZ', 'certification', 'This filter has no such value. Choose one of the listed values.'],
    ['size=XXXL', 'size', undefined],
    ['material=plastic', 'material', undefined],
    ['origin=Malaysia', 'origin', undefined],
    ['brand=nope', 'brand', undefined],
    ['category=nope', 'category', undefined],
    ['store=nope', 'store', undefined],
    ['price=5000-1000', 'price', 'Enter a price range as min-max with 0 ≤ min ≤ max.'],
    ['price=-5-10', 'price', undefined],
    ['price=abc', 'price', undefined],
    ['price=-', 'price', undefined],
    ['limit=61', 'limit', 'Ask for at most 60 items per page.'],
    ['limit=-1', 'limit', undefined],
    ['rating=9', 'rating', undefined],
    ['sort=cheapest', 'sort', undefined],
    ['plaid=1', undefined, undefined],
  ])('answers 400 for %s', async (query, field, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION');
    if (field) expect(body.field).toBe(`query.${field}`);
    if (message) expect(body.message).toBe(message);
  });

  it('translates the 400 message', async () => {
    const response = await list('colour=plaid', { language: 'ms' });
    expect(response.json()).toMatchObject({ field: 'query.colour', message: 'Penapis ini tiada nilai tersebut. Pilih salah satu nilai yang disenaraikan.' });
  });

  it('refuses a search text over 120 characters with a translated 400 naming q (issue #10: a 1,200-character search)', async () => {
    const response = await list(`q=${'organic '.repeat(150)}`, { language: 'es' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field: 'query.q' });
    expect(response.json().message).toMatch(/120/);
    expect((await list(`q=${'a'.repeat(120)}`)).statusCode).toBe(200);
  });

  it('searches with a typo, keeps relevance, intersects with filters and records the guest’s recent search', async () => {
    const data = await listOk('q=orgnic%20cotton%20tote');
    expect(names(data)[0]).toBe('P6');
    expect(data.correctedQuery).toMatch(/organic/);
    const filtered = await listOk('q=organic%20cotton&origin=IN');
    expect(names(filtered)).toEqual(['P1']);
    const none = await listOk('q=organic%20cotton&colour=green');
    expect(none.items).toEqual([]);
    expect(none.emptyMessage).toBe('no products match your filters or search');

    const guest = await signInGuest(app);
    await listOk('q=tote%20bag', { authorization: guest.token.accessToken });
    const recent = await app.inject({ method: 'GET', url: '/v1/search/recent', headers: { authorization: guest.token.accessToken } });
    expect(recent.statusCode).toBe(200);
    expect(recent.json().data.recentSearches[0]).toBe('tote bag');
    // A bad token is nobody: the public listing still answers.
    expect((await list('q=tote', { authorization: 'not-a-token' })).statusCode).toBe(200);
  });

  it('answers compressed in the encoding the client prefers, the same JSON once decoded', async () => {
    const plain = await list('sort=newest');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const decoded = { br: brotliDecompressSync, gzip: gunzipSync };
    // Each encoding once from its first send ('*' then gets gzip's copy, already compressed well).
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const send = async () => {
        const response = await list('sort=newest', { 'accept-encoding': accept });
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(JSON.parse(decoded[encoding](response.rawPayload).toString('utf8'))).toEqual(plain.json());
        return response.rawPayload;
      };
      // The first send compresses fast; the second starts a better compression off the event loop
      // and still carries the fast copy; once that is done, every send carries the better copy.
      const fast = await send();
      expect((await send()).equals(fast)).toBe(true);
      const good = await vi.waitFor(async () => {
        const body = await send();
        expect(body.equals(fast)).toBe(false);
        return body;
      });
      expect(good.length).toBeLessThan(fast.length);
      expect((await send()).equals(good)).toBe(true);
    }
    const any = await list('sort=newest', { 'accept-encoding': '*' });
    expect(any.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(any.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect((await list('sort=newest', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('shows a certificate on a product card until the moment it expires, and a changed card after the catalog moves', async () => {
    const listing = app.services.catalog.read.listing;
    const cardOf = async (now: number) => (await listing.list({ query: { sort: 'price_asc' }, language: 'en', now })).data.items.find((item) => item.id === ids.P1);
    expect((await cardOf(Date.now()))?.certifications).toEqual(['GOTS']);
    // The same card again, a year and more later: the certificate has expired meanwhile.
    expect((await cardOf(Date.now() + 400 * DAY))?.certifications).toEqual([]);
    await app.db.kysely.updateTable('products').set({ title: JSON.stringify({ en: 'Crimson silk scarf' }) }).where('id', '=', ids.P1 as string).execute();
    expect((await cardOf(Date.now()))?.title).toBe('Red silk scarf');
    await app.services.catalog.version.bump();
    expect((await cardOf(Date.now()))?.title).toBe('Crimson silk scarf');
    await app.db.kysely.updateTable('products').set({ title: JSON.stringify({ en: 'Red silk scarf', es: 'Bufanda roja de seda' }) }).where('id', '=', ids.P1 as string).execute();
    await app.services.catalog.version.bump();
  });

  it('serves a cached answer until the catalog changes, then the change at once', async () => {
    const before = await listOk('colour=green');
    expect(names(before)).toEqual(['P4']);
    // Changed behind the services' back (no bump): the cached answer stands.
    await app.db.kysely.updateTable('products').set({ status: 'unpublished' }).where('id', '=', ids.P4 as string).execute();
    expect(names(await listOk('colour=green'))).toEqual(['P4']);
    await app.services.catalog.version.bump();
    const after = await listOk('colour=green');
    expect(after.items).toEqual([]);
    await app.db.kysely.updateTable('products').set({ status: 'published' }).where('id', '=', ids.P4 as string).execute();
    await app.services.catalog.version.bump();
    expect(names(await listOk('colour=green'))).toEqual(['P4']);
  });
});
