import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { createApprovedStore, createCategory, createProduct } from '../../test/catalog.js';
import { createTeamMember, multipartBody, signUpSeller } from '../../test/roles.js';
import { STORE_CHANGED } from './sellers.service.js';

/**
 * Issue #17 §2: a store's public face change (name, alias, logo, approval) writes its STORE_CHANGED
 * event in the change's own transaction; the events outbox delivers it to the catalog, which
 * reindexes the store's products. Nothing is written by a change that rolls back.
 */
const { app } = await createTestApp();
const events = app.services.events;
const moderator = await createTeamMember(app, 'moderator');
const category = await createCategory(app, { name: { en: 'Store change goods' } });

const storeEvents = (storeId: string) =>
  app.db.kysely.selectFrom('event_outbox').select(['key', 'payload', 'status']).where('kind', '=', STORE_CHANGED).where('key', '=', storeId).execute();
const rename = (token: string, name: string) =>
  app.inject({ method: 'PATCH', url: '/v1/seller/store', headers: { authorization: token }, payload: { storeName: { en: name } } });
/** The ids of the products a search finds (the buyers' listing with `q`). */
async function found(query: string): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/v1/products?q=${encodeURIComponent(query)}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.items as Array<{ id: string }>).map((item) => item.id);
}
async function storeWithProduct(storeName: string) {
  const store = await createApprovedStore(app, { storeName });
  const product = await createProduct(app, { storeId: store.storeId, categoryId: category.id, title: { en: 'Woven placemat' } });
  return { ...store, productId: product.id };
}

describe('a store change and its STORE_CHANGED event', () => {
  it('writes exactly one event with a rename, and the new name is found in search once the PATCH answers', async () => {
    const store = await storeWithProduct('Quillmere Weavers');
    expect(await found('quillmere')).toContain(store.productId);
    expect(await found('zephyrloom')).not.toContain(store.productId);

    const renamed = await rename(store.token, 'Zephyrloom Atelier');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found('zephyrloom')).toContain(store.productId);
    expect(await found('quillmere')).not.toContain(store.productId);

    await events.settle();
    const written = await storeEvents(store.storeId);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ key: store.storeId, status: 'done' });
    expect(JSON.parse(String(written[0]!.payload))).toEqual({ storeId: store.storeId });
  });

  it('writes neither the new name nor the event when the transaction fails after the event was written', async () => {
    const store = await storeWithProduct('Brackenholt Looms');
    const enqueue = events.enqueue.bind(events);
    const spy = vi.spyOn(events, 'enqueue').mockImplementationOnce(async (db, event) => {
      await enqueue(db, event);
      throw new Error('the transaction fails after its event was written');
    });
    try {
      const failed = await rename(store.token, 'Vantorell Atelier');
      expect(failed.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const current = await app.inject({ method: 'GET', url: '/v1/seller/store', headers: { authorization: store.token } });
    expect(current.json().data.storeName).toEqual({ en: 'Brackenholt Looms' });
    expect(await storeEvents(store.storeId)).toEqual([]);
    await events.settle();
    expect(await found('vantorell')).not.toContain(store.productId);
  });

  it('writes one event per approval and logo change, none for a review refused as already made', async () => {
    const seller = await signUpSeller(app);
    const store = await app.db.kysely.selectFrom('stores').select('id').where('seller_user_id', '=', seller.userId).executeTakeFirstOrThrow();
    const review = () =>
      app.inject({
        method: 'POST',
        url: `/v1/admin/sellers/${store.id}/review`,
        headers: { authorization: moderator.token },
        payload: { decision: 'approve' },
      });
    expect((await review()).statusCode).toBe(200);
    expect((await review()).statusCode).toBe(409);
    expect(await storeEvents(store.id)).toHaveLength(1);

    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#a52' } })
      .png()
      .toBuffer();
    const body = await multipartBody([{ name: 'logo', data: png, filename: 'logo.png', type: 'image/png' }]);
    const logo = await app.inject({
      method: 'POST',
      url: '/v1/seller/store/logo',
      headers: { authorization: seller.token, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(logo.statusCode, logo.body).toBe(200);
    await events.settle();
    expect((await storeEvents(store.id)).map((event) => event.status)).toEqual(['done', 'done']);
  });

  it('leaves a committed rename in the outbox while no dispatcher runs, and the dispatcher delivers it later', async () => {
    const store = await storeWithProduct('Marrowdene Crafts');
    await events.stop();
    try {
      const renamed = await rename(store.token, 'Ostrevane Studio');
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await storeEvents(store.storeId)).map((event) => event.status)).toEqual(['pending']);
      // Committed, not yet delivered: the search rows still carry the old name.
      expect(await found('marrowdene')).toContain(store.productId);
      expect(await found('ostrevane')).not.toContain(store.productId);
    } finally {
      events.start();
    }
    await events.settle();
    expect((await storeEvents(store.storeId)).map((event) => event.status)).toEqual(['done']);
    expect(await found('ostrevane')).toContain(store.productId);
  });
});
