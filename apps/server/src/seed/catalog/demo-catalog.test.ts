import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { makersBannerLink } from '../../db/migrations/011_makers_banner_link.js';
import { seedDemoData } from '../demo.js';
import { DEMO_PRODUCTS } from './demo-catalog.js';
import { DEMO_STORE_ALIAS, STORES } from './stores.js';
import { CATEGORIES } from './vocabulary.js';

const ARABIC = /[\u0600-\u06FF]/;

describe('the demo catalog seed', () => {
  let test: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-demo-catalog-'));
  beforeAll(async () => {
    test = await createTestApp({ seedDemo: true, dataDir });
  }, 120_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const db = () => test.app.db.kysely;

  it('lists every seeded product through the listing API, in twelve top-level categories', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/v1/products?limit=1', headers: { language: 'en' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.total).toBe(DEMO_PRODUCTS);
    const top = await db().selectFrom('categories').select('slug').where('parent_id', 'is', null).orderBy('sort').execute();
    expect(top.map((c) => c.slug)).toEqual(CATEGORIES.map((c) => c.slug));
    const perCategory = await db()
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['c.parent_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('c.parent_id')
      .execute();
    expect(perCategory).toHaveLength(12);
    for (const row of perCategory) expect(Number(row.n)).toBe(DEMO_PRODUCTS / 12);
  });

  it('has forty approved stores, the demo seller’s among them with products, stories in four languages', async () => {
    const stores = await db().selectFrom('stores').select(['id', 'store_alias_name', 'status', 'story', 'country', 'logo_web_upload_id']).execute();
    expect(stores).toHaveLength(STORES.length);
    expect(stores.every((s) => s.status === 'approved' && s.logo_web_upload_id)).toBe(true);
    expect(new Set(stores.map((s) => s.country)).size).toBeGreaterThanOrEqual(12);
    const demo = stores.find((s) => s.store_alias_name === DEMO_STORE_ALIAS);
    expect(demo).toBeDefined();
    const story = JSON.parse(demo?.story ?? '{}') as Record<string, string>;
    expect(Object.keys(story).sort()).toEqual(['ar', 'en', 'es', 'ms']);
    expect(story.ar).toMatch(ARABIC);
    const own = await db().selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('store_id', '=', demo?.id ?? '').executeTakeFirstOrThrow();
    expect(Number(own.n)).toBeGreaterThan(0);
    const sellers = await db().selectFrom('users').innerJoin('stores', 'stores.seller_user_id', 'users.id').select('users.type').execute();
    expect(sellers.every((u) => u.type === 'seller')).toBe(true);
  });

  it('translates titles into Spanish, Arabic (in Arabic script) and Malay, and answers them by language', async () => {
    const product = await db().selectFrom('products').select(['slug', 'title']).orderBy('slug').limit(1).executeTakeFirstOrThrow();
    const title = JSON.parse(product.title) as Record<string, string>;
    expect(title.ar).toMatch(ARABIC);
    expect(new Set([title.en, title.es, title.ms]).size).toBe(3);
    const response = await test.app.inject({ method: 'GET', url: `/v1/products/${product.slug}`, headers: { language: 'ar' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.title).toBe(title.ar);
  });

  it('keeps the derived columns true: price and MRP the lowest of the variants, stock their sum, material shares 100', async () => {
    const wrongPrice = await sql<{ n: number }>`
      select count(*) as n from products p
      where p.price <> (select min(coalesce(v.price, p.price)) from product_variants v where v.product_id = p.id)
         or p.stock <> (select sum(v.stock) from product_variants v where v.product_id = p.id)`.execute(db());
    expect(Number(wrongPrice.rows[0]?.n)).toBe(0);
    const shares = await sql<{ n: number }>`select count(*) as n from (select product_id from product_materials group by product_id having sum(share) <> 100) x`.execute(db());
    expect(Number(shares.rows[0]?.n)).toBe(0);
    const overrides = await db().selectFrom('product_variants').select((eb) => eb.fn.countAll<number>().as('n')).where('price', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(overrides.n)).toBeGreaterThan(0);
  });

  it('mixes stock states, discounts, expired and valid certificates, and writes their facet rows', async () => {
    const now = Date.now();
    const count = async (where: ReturnType<typeof sql>) => Number((await sql<{ n: number }>`select count(*) as n from products where ${where}`.execute(db())).rows[0]?.n);
    expect(await count(sql`stock = 0 and restockable = 1`)).toBeGreaterThan(0);
    expect(await count(sql`stock = 0 and restockable = 0`)).toBeGreaterThan(0);
    expect(await count(sql`stock > 0`)).toBeGreaterThan(DEMO_PRODUCTS * 0.8);
    expect(await count(sql`mrp > price`)).toBeGreaterThan(0);
    const expired = await db().selectFrom('certifications').select((eb) => eb.fn.countAll<number>().as('n')).where('expires_at', '<', now).executeTakeFirstOrThrow();
    const valid = await db().selectFrom('certifications').select((eb) => eb.fn.countAll<number>().as('n')).where('expires_at', '>', now).executeTakeFirstOrThrow();
    expect(Number(expired.n)).toBeGreaterThan(0);
    expect(Number(valid.n)).toBeGreaterThan(Number(expired.n));
    const facets = await db().selectFrom('product_facets').select('facet').distinct().execute();
    expect(facets.map((f) => f.facet).sort()).toEqual(['certification', 'colour', 'material', 'origin', 'size']);
    const gots = await test.app.inject({ method: 'GET', url: '/v1/products?certification=GOTS&limit=1' });
    expect(gots.statusCode).toBe(200);
    expect(gots.json().data.total).toBeGreaterThan(0);
  });

  it('serves the generated pictures publicly, within the product image limits', async () => {
    const image = await db().selectFrom('product_images').select(['webp_upload_id', 'thumb_upload_id', 'width', 'height']).limit(1).executeTakeFirstOrThrow();
    expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(1920);
    const uploads = await db().selectFrom('uploads').select(['id', 'public', 'size_bytes', 'content_type']).where('id', 'in', [image.webp_upload_id, image.thumb_upload_id]).execute();
    expect(uploads).toHaveLength(2);
    for (const upload of uploads) {
      expect(upload.public).toBe(1);
      expect(upload.content_type).toBe('image/webp');
      expect(Number(upload.size_bytes)).toBeLessThanOrEqual(Math.round(0.6 * 1024 * 1024));
    }
  });

  it('builds the menus and banners of the home page', async () => {
    const menus = await db().selectFrom('menu_items').select(['menu', 'parent_id']).execute();
    expect(menus.filter((m) => m.menu === 'mega' && m.parent_id === null)).toHaveLength(12);
    expect(menus.some((m) => m.menu === 'mega' && m.parent_id !== null)).toBe(true);
    expect(menus.filter((m) => m.menu === 'brand').length).toBeGreaterThanOrEqual(15);
    expect(menus.filter((m) => m.menu === 'store').length).toBeGreaterThan(0);
    const banners = await db().selectFrom('banners').select('placement').execute();
    expect(banners.filter((b) => b.placement === 'hero')).toHaveLength(3);
  });

  it("links the 'Meet the makers' slide to the makers' page, and mends databases seeded with the old link", async () => {
    const hero = await db().selectFrom('banners').select(['id', 'title', 'href']).where('placement', '=', 'hero').execute();
    const makers = hero.find((b) => (JSON.parse(b.title) as { en: string }).en === 'Meet the makers');
    expect(makers?.href).toBe('/makers');
    // A database seeded before the fix: the migration gives it the right link, and leaves others alone.
    await db().updateTable('banners').set({ href: '/specialities' }).where('id', '=', makers!.id).execute();
    await makersBannerLink.up(db());
    const after = await db().selectFrom('banners').select(['id', 'href']).where('placement', '=', 'hero').execute();
    expect(after.map((b) => b.href).sort()).toEqual(hero.map((b) => b.href).sort());
  });

  it('changes nothing when it runs again', async () => {
    await seedDemoData({ services: test.app.services, db: db(), log: test.app.log });
    const products = await db().selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(products.n)).toBe(DEMO_PRODUCTS);
    const stores = await db().selectFrom('stores').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(stores.n)).toBe(STORES.length);
  });
});
