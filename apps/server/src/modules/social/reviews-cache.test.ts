import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder, TProductReviews, TReviewDetail } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app.js';
import { pngBytes } from '../../test/accounts.js';
import { cartClient, checkout, createShop, createShopProduct, headers, type Shop } from '../../test/buying.js';
import { createBuyer, createTeamMember, multipartBody, type Actor } from '../../test/roles.js';

// The reviews section is answered from a cache of finished answers (docs/social.md "The reviews
// cache"): every test reads a page twice first (the second read is the cached answer), writes, and
// expects the very next read to show the write.

const inject = (app: FastifyInstance, token: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: token ? headers(token) : {}, ...(payload ? { payload } : {}) });

/** A buyer's self-pickup order of the product, handed over: he may review it. */
async function bought(app: FastifyInstance, shop: Shop, buyer: Actor, productId: string) {
  await cartClient(app, buyer.token).add({ productId, quantity: 1, deliveryMode: 'SELF_PICKUP' });
  const placed = await checkout(app, buyer.token, { address: undefined });
  expect(placed.statusCode, placed.body).toBe(200);
  const order = (await inject(app, buyer.token, 'GET', `/v1/orders/${placed.json().data.orderId}`)).json().data as TOrder;
  for (const status of ['accepted', 'packed', 'ready_for_pickup', 'picked_up']) {
    const moved = await inject(app, shop.seller.token, 'POST', `/v1/seller/orders/${order.storeOrders[0]!.storeOrderId}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

/** Reads the section twice (the second answer is the cached one) and returns it. */
async function reviewsOf(app: FastifyInstance, idOrSlug: string, query = ''): Promise<TProductReviews> {
  const read = async () => {
    const response = await inject(app, null, 'GET', `/v1/products/${idOrSlug}/reviews${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as TProductReviews;
  };
  const first = await read();
  expect(await read()).toEqual(first);
  return first;
}

describe('the cached reviews section shows every write on the next read', () => {
  let t: TestApp;
  let shop: Shop;
  let product: { id: string; slug: string };
  let buyer: Actor;
  let mine: TReviewDetail;

  beforeAll(async () => {
    t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
    shop = await createShop(t.app);
    product = await createShopProduct(t.app, shop, { stock: 20 });
    buyer = await createBuyer(t.app);
    await bought(t.app, shop, buyer, product.id);
  });

  it('a review written, then its text edited (the rating unchanged)', async () => {
    expect((await reviewsOf(t.app, product.id)).items).toEqual([]);
    expect((await reviewsOf(t.app, product.slug)).summary.count).toBe(0);
    mine = (await inject(t.app, buyer.token, 'POST', '/v1/reviews', { productId: product.id, rating: 4, text: 'Good' })).json().data as TReviewDetail;
    expect((await reviewsOf(t.app, product.id)).items.map((r) => r.text)).toEqual(['Good']);
    expect((await reviewsOf(t.app, product.slug)).summary).toMatchObject({ count: 1, average: 4 });
    expect((await reviewsOf(t.app, product.id, '?rating=4')).items).toHaveLength(1);
    expect((await inject(t.app, buyer.token, 'PATCH', `/v1/reviews/${mine.id}`, { text: 'Very good' })).statusCode).toBe(200);
    expect((await reviewsOf(t.app, product.id)).items[0]!.text).toBe('Very good');
    expect((await reviewsOf(t.app, product.id, '?rating=4')).items[0]!.text).toBe('Very good');
  });

  it('a photo added and removed', async () => {
    const body = await multipartBody([{ name: 'photos', data: await pngBytes(), filename: 'a.png' }]);
    const added = await t.app.inject({
      method: 'POST',
      url: `/v1/reviews/${mine.id}/photos`,
      headers: { ...headers(buyer.token), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    const photo = (added.json().data as TReviewDetail).photos[0]!;
    expect((await reviewsOf(t.app, product.id)).items[0]!.photos).toEqual([photo]);
    expect((await inject(t.app, buyer.token, 'DELETE', `/v1/reviews/${mine.id}/photos/${photo.id}`)).statusCode).toBe(200);
    expect((await reviewsOf(t.app, product.id)).items[0]!.photos).toEqual([]);
  });

  it('the seller’s answer', async () => {
    expect((await reviewsOf(t.app, product.id)).items[0]!.answer).toBeNull();
    expect((await inject(t.app, shop.seller.token, 'POST', `/v1/seller/reviews/${mine.id}/answer`, { text: 'Thanks!' })).statusCode).toBe(200);
    expect((await reviewsOf(t.app, product.id)).items[0]!.answer?.text).toBe('Thanks!');
  });

  it('the team hiding the review and showing it again', async () => {
    const moderator = await createTeamMember(t.app, 'moderator');
    expect((await inject(t.app, moderator.token, 'POST', `/v1/admin/reviews/${mine.id}/hide`, { reason: 'Spam' })).statusCode).toBe(200);
    expect(await reviewsOf(t.app, product.id)).toMatchObject({ items: [], summary: { count: 0 } });
    expect((await inject(t.app, moderator.token, 'POST', `/v1/admin/reviews/${mine.id}/unhide`)).statusCode).toBe(200);
    expect(await reviewsOf(t.app, product.id)).toMatchObject({ items: [{ id: mine.id }], summary: { count: 1 } });
  });

  it('the author changing his name', async () => {
    expect((await reviewsOf(t.app, product.id)).items[0]!.author).toBe('Bea B.');
    const renamed = await inject(t.app, buyer.token, 'PATCH', '/v1/customer/profile', { firstName: 'Beatriz', lastName: 'Zamora' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await reviewsOf(t.app, product.id)).items[0]!.author).toBe('Beatriz Z.');
  });

  it('the product unpublished: its section is gone', async () => {
    const unpublished = await inject(t.app, shop.seller.token, 'POST', `/v1/seller/products/${product.id}/unpublish`);
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect((await inject(t.app, null, 'GET', `/v1/products/${product.id}/reviews`)).statusCode).toBe(404);
    expect((await inject(t.app, null, 'GET', `/v1/products/${product.slug}/reviews`)).statusCode).toBe(404);
  });
});

// Scale mode: each instance keeps its own cache; a write through one bumps the versions the others hear.
const redisServer = process.env.TEST_REDIS_URL;

describe.runIf(redisServer)('the cached reviews section across two instances', async () => {
  const url = new URL(redisServer ?? 'redis://127.0.0.1:6379');
  url.pathname = process.env.TEST_DIALECT === 'postgres' ? '/13' : '/12';
  const first = await createTestApp({ redisUrl: url.toString(), signInRateLimitPerMinute: 10_000 });
  const second = await createTestApp({ redisUrl: url.toString(), signInRateLimitPerMinute: 10_000 }, { shareWith: first });
  afterAll(async () => {
    await second.app.close();
    await first.app.close();
  });

  /** Runs the write through the first instance, then waits until the second has heard of it. */
  const heard = async (write: () => Promise<unknown>) => {
    const { reviewsVersion } = second.app.services.catalog;
    const before = reviewsVersion.current();
    await write();
    expect(await reviewsVersion.changed!(before)).toBe(true);
  };

  it('shows on the second instance a review, its answer and its author’s new name written through the first', async () => {
    const shop = await createShop(first.app);
    const product = await createShopProduct(first.app, shop, { stock: 20 });
    const buyer = await createBuyer(first.app);
    await bought(first.app, shop, buyer, product.id);
    expect((await reviewsOf(second.app, product.id)).items).toEqual([]);
    let mine: TReviewDetail | undefined;
    await heard(async () => {
      mine = (await inject(first.app, buyer.token, 'POST', '/v1/reviews', { productId: product.id, rating: 5, text: 'Great' })).json().data;
    });
    expect((await reviewsOf(second.app, product.id)).items.map((r) => r.text)).toEqual(['Great']);
    await heard(() => inject(first.app, shop.seller.token, 'POST', `/v1/seller/reviews/${mine!.id}/answer`, { text: 'Thank you' }));
    expect((await reviewsOf(second.app, product.id)).items[0]!.answer?.text).toBe('Thank you');
    await heard(() => inject(first.app, buyer.token, 'PATCH', '/v1/customer/profile', { firstName: 'Lola' }));
    expect((await reviewsOf(second.app, product.id)).items[0]!.author).toBe('Lola B.');
  });
});
