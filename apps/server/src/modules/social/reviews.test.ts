import { beforeAll, describe, expect, it } from 'vitest';
import type { TOrder, TProductDetail, TProductReviews, TReviewDetail } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { pngBytes, textBytes } from '../../test/accounts.js';
import { cartClient, checkout, createShop, createShopProduct, headers, type Shop } from '../../test/buying.js';
import { createBuyer, createTeamMember, multipartBody, type Actor } from '../../test/roles.js';

let t: TestApp;
let shop: Shop;
let moderator: Actor;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shop = await createShop(t.app);
  moderator = await createTeamMember(t.app, 'moderator');
});

const inject = (token: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, language?: string) =>
  t.app.inject({ method, url, headers: { ...(token ? headers(token) : {}), ...(language ? { language } : {}) }, ...(payload ? { payload } : {}) });

/** A buyer's self-pickup order of `quantity` of the product, placed; `deliver` hands it over. */
async function bought(buyer: Actor, productId: string, deliver: boolean) {
  await cartClient(t.app, buyer.token).add({ productId, quantity: 1, deliveryMode: 'SELF_PICKUP' });
  const placed = await checkout(t.app, buyer.token, { address: undefined });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().data.orderId as string;
  const order = (await inject(buyer.token, 'GET', `/v1/orders/${orderId}`)).json().data as TOrder;
  const storeOrderId = order.storeOrders[0]!.storeOrderId;
  if (deliver) {
    for (const status of ['accepted', 'packed', 'ready_for_pickup', 'picked_up']) {
      const moved = await inject(shop.seller.token, 'POST', `/v1/seller/orders/${storeOrderId}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
  }
  return { orderId, storeOrderId };
}

const review = (buyer: Actor, body: object, language?: string) => inject(buyer.token, 'POST', '/v1/reviews', body, language);
const productPage = async (id: string) => (await inject(null, 'GET', `/v1/products/${id}`)).json().data as TProductDetail;
const reviewsOf = async (id: string, query = '') => {
  const response = await inject(null, 'GET', `/v1/products/${id}/reviews${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TProductReviews;
};

describe('reviews after purchase', () => {
  it('refuses a buyer who has not bought the product, or whose order is not delivered yet, with the seed message in his language', async () => {
    const product = await createShopProduct(t.app, shop, { stock: 20 });
    const buyer = await createBuyer(t.app);
    const never = await review(buyer, { productId: product.id, rating: 5, text: 'Lovely' });
    expect(never.statusCode).toBe(403);
    expect(never.json()).toEqual({ code: 'REVIEW_NOT_BOUGHT', message: 'sorry, not allowed to review this product since not bought' });
    await bought(buyer, product.id, false);
    for (const [language, message] of [
      ['es', 'lo sentimos, no puedes valorar este producto porque no lo has comprado'],
      ['ar', 'عذرًا، لا يُسمح لك بتقييم هذا المنتج لأنك لم تشترِه'],
      ['ms', 'maaf, anda tidak dibenarkan mengulas produk ini kerana tidak membelinya'],
    ] as const) {
      const early = await review(buyer, { productId: product.id, rating: 4 }, language);
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual({ code: 'REVIEW_NOT_BOUGHT', message });
    }
    // Naming his own line on its way: it waits; a line that is not his: the field is wrong.
    const line = await t.app.db.kysely
      .selectFrom('order_lines as ol')
      .innerJoin('orders as o', 'o.id', 'ol.order_id')
      .select('ol.id')
      .where('o.buyer_id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    const waiting = await review(buyer, { productId: product.id, orderLineId: line.id, rating: 4 });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().code).toBe('REVIEW_NOT_DELIVERED');
    const stranger = await createBuyer(t.app);
    const notHis = await review(stranger, { productId: product.id, orderLineId: line.id, rating: 4 });
    expect(notHis.statusCode).toBe(400);
    expect(notHis.json().field).toBe('orderLineId');
    expect((await reviewsOf(product.id)).summary).toEqual({ average: 0, count: 0, distribution: [0, 0, 0, 0, 0] });
  });

  it('accepts one review per delivered line; it feeds the product’s rating, count, distribution and the product page', async () => {
    const product = await createShopProduct(t.app, shop, { stock: 20 });
    const buyer = await createBuyer(t.app);
    await bought(buyer, product.id, true);
    const first = await review(buyer, { productId: product.id, rating: 4, text: '  Tightly woven, true colours. ' });
    expect(first.statusCode, first.body).toBe(200);
    const mine = first.json().data as TReviewDetail;
    expect(mine).toMatchObject({ rating: 4, text: 'Tightly woven, true colours.', status: 'visible', author: 'Bea B.', answer: null, photos: [] });

    const again = await review(buyer, { productId: product.id, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REVIEW_EXISTS');

    // A second delivered purchase may be reviewed on its own.
    await bought(buyer, product.id, true);
    expect((await review(buyer, { productId: product.id, rating: 1 })).statusCode).toBe(200);
    const other = await createBuyer(t.app);
    await bought(other, product.id, true);
    expect((await review(other, { productId: product.id, rating: 5 })).statusCode).toBe(200);

    const page = await reviewsOf(product.id);
    expect(page.summary).toEqual({ average: 3.3, count: 3, distribution: [1, 0, 0, 1, 1] });
    expect(page.items.map((r) => r.rating)).toEqual([5, 1, 4]);
    expect(JSON.stringify(page)).not.toContain(buyer.email);
    const detail = await productPage(product.id);
    expect([detail.rating, detail.reviewCount]).toEqual([3.33, 3]);

    // The listing's CUSTOMER RATINGS facet and filter read the stored rating.
    const listing = await inject(null, 'GET', `/v1/products?category=${shop.categoryId}&rating=3`);
    expect(listing.statusCode, listing.body).toBe(200);
    expect(JSON.stringify(listing.json())).toContain(product.id);
    const high = await inject(null, 'GET', `/v1/products?category=${shop.categoryId}&rating=4`);
    expect(JSON.stringify(high.json())).not.toContain(product.id);
  });

  it('pages the reviews with a cursor and filters by star', async () => {
    const product = await createShopProduct(t.app, shop, { stock: 20 });
    for (const rating of [5, 4, 5]) {
      const buyer = await createBuyer(t.app);
      await bought(buyer, product.id, true);
      expect((await review(buyer, { productId: product.id, rating })).statusCode).toBe(200);
    }
    const first = await reviewsOf(product.id, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await reviewsOf(product.id, `?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((r) => r.id)).size).toBe(3);
    expect((await reviewsOf(product.id, '?rating=5')).items.map((r) => r.rating)).toEqual([5, 5]);
    expect((await inject(null, 'GET', `/v1/products/${product.id}/reviews?cursor=forged.cursor`)).statusCode).toBe(400);
  });

  it('refuses bad input with the field, and changes nothing', async () => {
    const product = await createShopProduct(t.app, shop, { stock: 20 });
    const buyer = await createBuyer(t.app);
    await bought(buyer, product.id, true);
    for (const body of [
      { productId: product.id, rating: 0 },
      { productId: product.id, rating: 6 },
      { productId: product.id, rating: 3.5 },
      { productId: product.id, rating: 3, text: 'x'.repeat(2001) },
      { productId: 'nope', rating: 3 },
    ]) {
      const refused = await review(buyer, body, 'es');
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().code).toBe('VALIDATION');
    }
    expect((await reviewsOf(product.id)).summary.count).toBe(0);
  });

  it('lets the buyer edit his own review (the rating moves), and nobody else', async () => {
    const product = await createShopProduct(t.app, shop, { stock: 20 });
    const buyer = await createBuyer(t.app);
    await bought(buyer, product.id, true);
    const mine = (await review(buyer, { productId: product.id, rating: 2, text: 'Meh' })).json().data as TReviewDetail;
    const edited = await inject(buyer.token, 'PATCH', `/v1/reviews/${mine.id}`, { rating: 5, text: 'Better after washing' });
    expect(edited.json().data).toMatchObject({ rating: 5, text: 'Better after washing' });
    expect((await reviewsOf(product.id)).summary.distribution).toEqual([0, 0, 0, 0, 1]);
    expect((await productPage(product.id)).rating).toBe(5);
    const stranger = await createBuyer(t.app);
    expect((await inject(stranger.token, 'PATCH', `/v1/reviews/${mine.id}`, { rating: 1 })).statusCode).toBe(404);
  });

  it('lists what the buyer can still review and what he reviewed', async () => {
    const [a, b] = [await createShopProduct(t.app, shop, { stock: 20 }), await createShopProduct(t.app, shop, { stock: 20 })];
    const buyer = await createBuyer(t.app);
    await bought(buyer, a.id, true);
    await bought(buyer, b.id, true);
    await review(buyer, { productId: a.id, rating: 3 });
    const mine = (await inject(buyer.token, 'GET', '/v1/reviews/mine')).json().data as {
      reviewable: Array<{ product: { id: string } }>;
      reviewed: TReviewDetail[];
    };
    expect(mine.reviewable.map((r) => r.product.id)).toEqual([b.id]);
    expect(mine.reviewed.map((r) => r.product.id)).toEqual([a.id]);
  });

  it('takes checked photos (a non-image is refused and nothing kept), at most four', async () => {
    const product = await createShopProduct(t.app, shop, { stock: 20 });
    const buyer = await createBuyer(t.app);
    await bought(buyer, product.id, true);
    const mine = (await review(buyer, { productId: product.id, rating: 5 })).json().data as TReviewDetail;
    const send = async (files: Array<{ data: Buffer; filename: string }>) => {
      const body = await multipartBody(files.map((f) => ({ name: 'photos', ...f })));
      return t.app.inject({
        method: 'POST',
        url: `/v1/reviews/${mine.id}/photos`,
        headers: { ...headers(buyer.token), 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const bad = await send([
      { data: await pngBytes(), filename: 'a.png' },
      { data: textBytes(), filename: 'b.png' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('photos');
    expect((await reviewsOf(product.id)).items[0]!.photos).toEqual([]);
    const good = await send([{ data: await pngBytes(), filename: 'a.png' }]);
    expect(good.statusCode, good.body).toBe(200);
    const photo = (good.json().data as TReviewDetail).photos[0]!;
    const served = await t.app.inject({ method: 'GET', url: photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const tooMany = await send(await Promise.all([1, 2, 3, 4].map(async (i) => ({ data: await pngBytes(), filename: `${i}.png` }))));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('REVIEW_PHOTOS_LIMIT');
  });

  it('lets the seller answer once, only his store’s reviews', async () => {
    const product = await createShopProduct(t.app, shop, { stock: 20 });
    const buyer = await createBuyer(t.app);
    await bought(buyer, product.id, true);
    const mine = (await review(buyer, { productId: product.id, rating: 4 })).json().data as TReviewDetail;
    const inbox = await inject(shop.seller.token, 'GET', '/v1/seller/reviews');
    expect(inbox.json().data.items.map((r: TReviewDetail) => r.id)).toContain(mine.id);
    const otherShop = await createShop(t.app);
    expect((await inject(otherShop.seller.token, 'POST', `/v1/seller/reviews/${mine.id}/answer`, { text: 'Thanks' })).statusCode).toBe(404);
    const answered = await inject(shop.seller.token, 'POST', `/v1/seller/reviews/${mine.id}/answer`, { text: 'Thank you for buying!' });
    expect(answered.json().data.answer).toMatchObject({ text: 'Thank you for buying!' });
    const twice = await inject(shop.seller.token, 'POST', `/v1/seller/reviews/${mine.id}/answer`, { text: 'Again' }, 'ar');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ code: 'REVIEW_ANSWERED', message: 'هذا التقييم لديه رد المتجر بالفعل.' });
    expect((await reviewsOf(product.id)).items[0]!.answer?.text).toBe('Thank you for buying!');
  });

  it('lets the team hide a review with a reason (it leaves the average and the page) and show it again', async () => {
    const product = await createShopProduct(t.app, shop, { stock: 20 });
    const [kind, rude] = [await createBuyer(t.app), await createBuyer(t.app)];
    await bought(kind, product.id, true);
    await bought(rude, product.id, true);
    await review(kind, { productId: product.id, rating: 5 });
    const bad = (await review(rude, { productId: product.id, rating: 1, text: 'spam spam' })).json().data as TReviewDetail;
    expect((await productPage(product.id)).rating).toBe(3);

    expect((await inject(rude.token, 'POST', `/v1/admin/reviews/${bad.id}/hide`, { reason: 'x' })).statusCode).toBe(403);
    const support = await createTeamMember(t.app, 'support');
    expect((await inject(support.token, 'POST', `/v1/admin/reviews/${bad.id}/hide`, { reason: 'x' })).statusCode).toBe(403);
    expect((await inject(moderator.token, 'POST', `/v1/admin/reviews/${bad.id}/hide`, { reason: '' })).statusCode).toBe(400);
    const hidden = await inject(moderator.token, 'POST', `/v1/admin/reviews/${bad.id}/hide`, { reason: 'Advertising' });
    expect(hidden.json().data).toMatchObject({ status: 'hidden', hiddenReason: 'Advertising' });
    expect((await reviewsOf(product.id)).summary).toMatchObject({ count: 1, average: 5 });
    expect([(await productPage(product.id)).rating, (await productPage(product.id)).reviewCount]).toEqual([5, 1]);
    const own = (await inject(rude.token, 'GET', '/v1/reviews/mine')).json().data.reviewed as TReviewDetail[];
    expect(own[0]).toMatchObject({ status: 'hidden', hiddenReason: 'Advertising' });
    const queue = await inject(support.token, 'GET', '/v1/admin/reviews?status=hidden');
    expect(queue.json().data.items.map((r: TReviewDetail) => r.id)).toContain(bad.id);

    expect((await inject(moderator.token, 'POST', `/v1/admin/reviews/${bad.id}/unhide`)).json().data.status).toBe('visible');
    expect((await reviewsOf(product.id)).summary).toMatchObject({ count: 2, average: 3 });
  });
});
