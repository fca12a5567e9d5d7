import { describe, expect, it } from 'vitest';
import { RECENT_SEARCHES_MAX } from '@tessera/contracts';
import { newId } from '../../../lib/ids.js';
import { createTestApp, signInGuest } from '../../../test/app.js';
import { createApprovedStore, createCategory, createProduct } from '../../../test/catalog.js';
import { createBuyer } from '../../../test/roles.js';

const { app } = await createTestApp();
const recent = app.services.catalog.recentSearches;

const store = await createApprovedStore(app, { storeName: 'Kampung Weavers' });
const category = await createCategory(app);
const tote = await createProduct(app, {
  storeId: store.storeId,
  categoryId: category.id,
  title: { en: 'Organic cotton tote bag', es: 'Bolsa de algodón orgánico' },
  materials: [{ material: 'organic-cotton', share: 100 }],
});
const shirt = await createProduct(app, {
  storeId: store.storeId,
  categoryId: category.id,
  title: { en: 'Organic cotton shirt', es: 'Camisa de algodón orgánico' },
  materials: [{ material: 'organic-cotton', share: 100 }],
});
// A thumbnail row as the seller API writes it (the upload itself does not matter here).
const thumbId = newId();
await app.db.kysely
  .insertInto('product_images')
  .values({ id: newId(), product_id: tote.id, position: 0, webp_upload_id: newId(), avif_upload_id: null, fallback_upload_id: newId(), thumb_upload_id: thumbId, width: 800, height: 600, alt: '{}', created_at: Date.now() })
  .execute();

const suggest = (query: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/v1/search/suggest?${query}`, headers });
const recentOf = (token: string) => app.inject({ method: 'GET', url: '/v1/search/recent', headers: { authorization: token } });

describe('GET /v1/search/suggest', () => {
  it('answers completions and the best products in the request language, without a token', async () => {
    const response = await suggest('q=organic%20cot&limit=5', { language: 'es' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.terms).toEqual(['organic cotton']);
    expect(data.products).toHaveLength(2);
    expect(data.products).toEqual(
      expect.arrayContaining([
        { id: tote.id, slug: tote.slug, title: 'Bolsa de algodón orgánico', thumbUrl: `/media/${thumbId}` },
        { id: shirt.id, slug: shirt.slug, title: 'Camisa de algodón orgánico', thumbUrl: null },
      ]),
    );
  });

  it('corrects a misspelt last word', async () => {
    const { data } = (await suggest('q=orgnic')).json();
    expect(data.terms).toEqual(['organic']);
    expect(data.products).toHaveLength(2);
  });

  it('corrects every misspelt word, not only the last (issue #10)', async () => {
    const { data } = (await suggest('q=orgnic%20coton')).json();
    expect(data.terms).toEqual(['organic cotton']);
    const typing = (await suggest('q=orgnic%20cot')).json().data;
    expect(typing.terms).toEqual(['organic cotton']);
  });

  it('refuses an empty or too long query and a limit out of range with 400', async () => {
    const cases: Array<[string, string]> = [
      ['', 'query.q'],
      ['q=', 'query.q'],
      ['q=%20%20', 'query.q'],
      [`q=${'a'.repeat(121)}`, 'query.q'],
      ['q=cot&limit=0', 'query.limit'],
      ['q=cot&limit=11', 'query.limit'],
      ['q=cot&limit=abc', 'query.limit'],
    ];
    for (const [query, field] of cases) {
      const response = await suggest(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'VALIDATION', field });
      expect(response.json().message, query).toBeTruthy();
    }
    expect((await suggest('q=cot&extra=1')).statusCode).toBe(400);
    expect((await suggest(`q=${'a'.repeat(120)}`)).statusCode).toBe(200);
  });
});

describe('recent searches', () => {
  it('lists a user’s searches most recent first, one per normalised query', async () => {
    const buyer = await createBuyer(app);
    for (const query of ['organic cotton', 'baskets', '  Organic   COTTON ', 'Algodón']) await recent.record({ userId: buyer.userId, query });
    const response = await recentOf(buyer.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.recentSearches).toEqual(['Algodón', 'Organic COTTON', 'baskets']);
    await recent.record({ userId: buyer.userId, query: 'algodon' });
    expect((await recentOf(buyer.token)).json().data.recentSearches).toEqual(['algodon', 'Organic COTTON', 'baskets']);
  });

  it(`keeps the latest ${RECENT_SEARCHES_MAX}`, async () => {
    const buyer = await createBuyer(app);
    for (let i = 1; i <= RECENT_SEARCHES_MAX + 3; i++) await recent.record({ userId: buyer.userId, query: `query ${i}` });
    const list = (await recentOf(buyer.token)).json().data.recentSearches;
    expect(list).toHaveLength(RECENT_SEARCHES_MAX);
    expect(list[0]).toBe(`query ${RECENT_SEARCHES_MAX + 3}`);
    expect(list.at(-1)).toBe('query 4');
    expect(await app.db.kysely.selectFrom('recent_searches').select('query').where('user_id', '=', buyer.userId).execute()).toHaveLength(RECENT_SEARCHES_MAX);
  });

  it('ignores a query with nothing to search for', async () => {
    const buyer = await createBuyer(app);
    await recent.record({ userId: buyer.userId, query: ' ?! ' });
    expect((await recentOf(buyer.token)).json().data.recentSearches).toEqual([]);
  });

  it('keeps users apart, guests included, and clears only the caller’s', async () => {
    const buyer = await createBuyer(app);
    const guest = await signInGuest(app);
    await recent.record({ userId: buyer.userId, query: 'linen' });
    await recent.record({ userId: guest.userId, query: 'rattan' });
    expect((await recentOf(guest.token.accessToken)).json().data.recentSearches).toEqual(['rattan']);
    expect((await recentOf(buyer.token)).json().data.recentSearches).toEqual(['linen']);

    const cleared = await app.inject({ method: 'DELETE', url: '/v1/search/recent', headers: { authorization: guest.token.accessToken } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.recentSearches).toEqual([]);
    expect((await recentOf(guest.token.accessToken)).json().data.recentSearches).toEqual([]);
    expect((await recentOf(buyer.token)).json().data.recentSearches).toEqual(['linen']);
  });

  it('records many searches of one caller at once, none lost and none refused, and the next list shows them', async () => {
    const guest = await signInGuest(app);
    const headers = { authorization: guest.token.accessToken };
    const queries = Array.from({ length: 40 }, (_, i) => `organic ${['tote', 'shirt', 'bag', 'cotton', 'weave'][i % 5]} ${i % 8}`);
    const answers = await Promise.all(queries.map((q) => app.inject({ method: 'GET', url: `/v1/products?q=${encodeURIComponent(q)}`, headers })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(queries.map(() => 200));
    const list = (await recentOf(guest.token.accessToken)).json().data.recentSearches as string[];
    // 40 searches, 40 distinct queries: the latest RECENT_SEARCHES_MAX, each once.
    expect(list).toHaveLength(RECENT_SEARCHES_MAX);
    expect(new Set(list).size).toBe(RECENT_SEARCHES_MAX);
    expect(list.every((query) => queries.includes(query))).toBe(true);
    expect(await app.db.kysely.selectFrom('recent_searches').select('query').where('user_id', '=', guest.userId).execute()).toHaveLength(RECENT_SEARCHES_MAX);
  });

  it('clears a search answered just before, even while it is still being written', async () => {
    const guest = await signInGuest(app);
    const headers = { authorization: guest.token.accessToken };
    expect((await app.inject({ method: 'GET', url: '/v1/products?q=linen', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/v1/search/recent', headers })).statusCode).toBe(200);
    expect((await recentOf(guest.token.accessToken)).json().data.recentSearches).toEqual([]);
    await recent.settle();
    expect((await recentOf(guest.token.accessToken)).json().data.recentSearches).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/search/recent' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/v1/search/recent' })).statusCode).toBe(401);
  });
});

describe('search in the listing', () => {
  it('finds a product published after the same words were searched (no stale hits)', async () => {
    const search = async () => (await app.inject({ method: 'GET', url: '/v1/products?q=pomegranate%20shawl' })).json().data.items.map((item: { title: string }) => item.title);
    expect(await search()).toEqual([]);
    await createProduct(app, { storeId: store.storeId, categoryId: category.id, title: { en: 'Pomegranate dyed shawl' } });
    expect(await search()).toEqual(['Pomegranate dyed shawl']);
  });
});
