import type { TProductDetail, TProductReviews } from '@tessera/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedCatalog } from './catalog-seed.js';

const PRODUCTS = 120;

/**
 * The benchmark catalog's reviews (bench/README.md): what a buyer reads through the API must agree
 * with itself — the product page's rating and count, its reviews' summary and pages, the listing's
 * CUSTOMER RATINGS facet and filter — as it does for reviews written through the reviews module.
 */
describe('the benchmark catalog with reviews', () => {
  let t: TestApp;
  let reviews = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const result = await seedCatalog({
      db: t.app.db.kysely,
      uploads: t.app.services.uploads,
      products: PRODUCTS,
      reviewsPerProduct: 8,
      passwordHash: 'not-a-hash',
    });
    reviews = result.reviews;
    await t.app.services.catalog.version.bump();
  }, 120_000);

  const get = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { language: 'en' } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as T;
  };

  it('writes about eight reviews per product, each on a delivered line of its buyer, some hidden, some answered', async () => {
    expect(reviews).toBeGreaterThan(PRODUCTS * 4);
    const db = t.app.db.kysely;
    const rows = await db
      .selectFrom('reviews as r')
      .innerJoin('order_lines as ol', 'ol.id', 'r.order_line_id')
      .innerJoin('orders as o', 'o.id', 'ol.order_id')
      .innerJoin('store_orders as so', 'so.id', 'ol.store_order_id')
      .select([
        'r.status',
        'r.answer_text',
        'r.product_id',
        'ol.product_id as line_product',
        'o.buyer_id',
        'r.buyer_id as author',
        'so.status as delivery',
        'so.store_id',
        'r.store_id as review_store',
      ])
      .execute();
    expect(rows).toHaveLength(reviews);
    for (const row of rows) {
      expect([row.line_product, row.buyer_id, row.delivery, row.store_id]).toEqual([row.product_id, row.author, 'picked_up', row.review_store]);
    }
    expect(rows.some((r) => r.status === 'hidden')).toBe(true);
    expect(rows.some((r) => r.answer_text !== null)).toBe(true);
  });

  it('answers each product page’s rating and count from the visible reviews, as its reviews’ summary and pages do', async () => {
    const page = await get<{ items: Array<{ slug: string }> }>('/v1/products?sort=popularity&limit=30');
    for (const { slug } of page.items) {
      const [detail, first] = await Promise.all([get<TProductDetail>(`/v1/products/${slug}`), get<TProductReviews>(`/v1/products/${slug}/reviews?limit=50`)]);
      expect(first.summary.count).toBe(detail.reviewCount);
      const stars = first.summary.distribution.reduce((sum, n, i) => sum + n * (i + 1), 0);
      expect(detail.rating).toBe(detail.reviewCount ? Math.round((stars * 100) / detail.reviewCount) / 100 : 0);
      if (first.nextCursor === null) expect(first.items).toHaveLength(first.summary.count);
      const fives = await get<TProductReviews>(`/v1/products/${slug}/reviews?rating=5&limit=50`);
      if (fives.nextCursor === null) expect(fives.items).toHaveLength(first.summary.distribution[4] ?? 0);
    }
  });

  it('counts the products of the CUSTOMER RATINGS facet and filter from the same ratings', async () => {
    const all = await get<{ total: number; facets: Array<{ key: string; values: Array<{ value: string; count: number }> }> }>('/v1/products?limit=1');
    const ratings = await t.app.db.kysely.selectFrom('products').select('rating').where('status', '=', 'published').execute();
    const facet = all.facets.find((f) => f.key === 'rating');
    for (const n of [4, 3]) {
      const expected = ratings.filter((r) => Number(r.rating) >= n * 100).length;
      expect(facet?.values.find((v) => v.value === String(n))?.count).toBe(expected);
      expect((await get<{ total: number }>(`/v1/products?rating=${n}&limit=1`)).total).toBe(expected);
    }
  });
});
