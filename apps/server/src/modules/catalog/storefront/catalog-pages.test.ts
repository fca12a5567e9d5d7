import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ZCategoriesResponseSchema,
  ZCommonDataResponseSchema,
  ZHomeResponseSchema,
  ZListingResponseSchema,
  ZProductDetailResponseSchema,
  ZPublicStoreResponseSchema,
  ZRelatedProductsResponseSchema,
  ZSpecialitiesResponseSchema,
  ZStoresResponseSchema,
} from '@tessera/contracts';
import { redactQuery } from '../../../app.js';
import { newId } from '../../../lib/ids.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createApprovedStore, createBrand, createCategory, createProduct } from '../../../test/catalog.js';
import { signUpSeller } from '../../../test/roles.js';

let testApp: TestApp;
let app: FastifyInstance;
let storeA: Awaited<ReturnType<typeof createApprovedStore>>;
let storeB: Awaited<ReturnType<typeof createApprovedStore>>;
let textiles: { id: string; slug: string };
let rugs: { id: string; slug: string };
let pottery: { id: string; slug: string };
let scarf: { id: string; slug: string };
let rug: { id: string; slug: string };
let draft: { id: string; slug: string };
let vase: { id: string; slug: string };
const now = () => Date.now();

async function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

async function addSpeciality(slug: string, name: Record<string, string>, storeIds: string[], status = 1, createdAt = now()) {
  const id = newId();
  await app.db.kysely
    .insertInto('specialities')
    .values({ id, slug, name: JSON.stringify(name), description: JSON.stringify({ en: `About ${slug}` }), status, sort: 0, created_at: createdAt, updated_at: createdAt })
    .execute();
  if (storeIds.length) await app.db.kysely.insertInto('store_specialities').values(storeIds.map((store_id) => ({ store_id, speciality_id: id }))).execute();
  return id;
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  storeA = await createApprovedStore(app);
  storeB = await createApprovedStore(app);
  await app.db.kysely
    .updateTable('stores')
    .set({ featured: 1, store_name: JSON.stringify({ en: 'Atelier Nurul', ar: 'مشغل نور' }), story: JSON.stringify({ en: 'Three generations of weavers.', es: 'Tres generaciones de tejedoras.' }) })
    .where('id', '=', storeA.storeId)
    .execute();
  textiles = await createCategory(app, { slug: 'textiles-p', name: { en: 'Textiles', es: 'Textiles', ms: 'Tekstil' }, sort: 1 });
  rugs = await createCategory(app, { slug: 'rugs-p', parentId: textiles.id, name: { en: 'Rugs', es: 'Alfombras' } });
  pottery = await createCategory(app, { slug: 'pottery-p', name: { en: 'Pottery' }, sort: 2 });
  const brand = await createBrand(app, { slug: 'weft-p', name: 'Weft' });
  scarf = await createProduct(app, {
    storeId: storeA.storeId, categoryId: textiles.id, brandId: brand.id, price: 1500, mrp: 2000, popularity: 50, title: { en: 'Ikat scarf', es: 'Pañuelo ikat' },
    description: { en: 'Hand-dyed ikat.', es: 'Ikat teñido a mano.' }, variants: [{ colour: 'red', size: 'S', stock: 3 }, { colour: 'blue', size: 'M', price: 1800, mrp: 2000, stock: 0 }],
    materials: [{ material: 'silk', share: 80 }, { material: 'cotton', share: 20 }], certifications: [{ scheme: 'GOTS' }, { scheme: 'FAIR_TRADE', expiresInDays: -10 }],
  });
  rug = await createProduct(app, { storeId: storeA.storeId, categoryId: rugs.id, popularity: 40, stock: 0, restockable: false });
  vase = await createProduct(app, { storeId: storeB.storeId, categoryId: pottery.id, popularity: 30 });
  await createProduct(app, { storeId: storeB.storeId, categoryId: textiles.id, popularity: 20 });
  draft = await createProduct(app, { storeId: storeA.storeId, categoryId: textiles.id, status: 'unpublished' });
});

describe('product pages', () => {
  it('answers a published product by slug or id, in the language with English fallbacks', async () => {
    const bySlug = await get(`/v1/products/${scarf.slug}`, { language: 'es' });
    expect(bySlug.statusCode).toBe(200);
    const detail = ZProductDetailResponseSchema.parse(bySlug.json()).data;
    expect(detail).toMatchObject({ id: scarf.id, title: 'Pañuelo ikat', description: 'Ikat teñido a mano.', discountPercent: 25, stockState: 'in_stock' });
    expect(detail.highlights).toEqual(['Made by hand']);
    expect(detail.price).toEqual({ amount: 1500, currency: 'EUR' });
    expect(detail.variants.map((v) => [v.colour, v.size, v.price.amount, v.stockState])).toEqual([
      ['red', 'S', 1500, 'in_stock'],
      ['blue', 'M', 1800, 'out_of_stock'],
    ]);
    expect(detail.sizes).toEqual(['S', 'M']);
    expect(detail.provenance.materials).toEqual([{ material: 'silk', share: 80 }, { material: 'cotton', share: 20 }]);
    // The expired certificate shows, marked expired, and does not count among the card's schemes.
    expect(detail.provenance.certifications.map((c) => [c.scheme, c.expired])).toEqual([
      ['GOTS', false],
      ['FAIR_TRADE', true],
    ]);
    expect(detail.certifications).toEqual(['GOTS']);
    expect(detail.categoryPath.map((c) => c.slug)).toEqual(['textiles-p']);
    expect(detail.seller).toMatchObject({ id: storeA.storeId, storeAliasName: storeA.alias, storeName: 'Atelier Nurul' });
    const byId = ZProductDetailResponseSchema.parse((await get(`/v1/products/${scarf.id}`)).json()).data;
    expect(byId.title).toBe('Ikat scarf');
    const ar = ZProductDetailResponseSchema.parse((await get(`/v1/products/${scarf.id}`, { language: 'ar' })).json()).data;
    expect(ar.title).toBe('Ikat scarf');
    expect(ar.seller.storeName).toBe('مشغل نور');
  });

  it('shows a sold-out product and hides unpublished and unknown ones', async () => {
    const sold = ZProductDetailResponseSchema.parse((await get(`/v1/products/${rug.slug}`)).json()).data;
    expect(sold.stockState).toBe('sold_out');
    expect(sold.categoryPath.map((c) => c.slug)).toEqual(['textiles-p', 'rugs-p']);
    for (const url of [`/v1/products/${draft.id}`, `/v1/products/${draft.slug}`, '/v1/products/nope']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('relates products of the same category, then the same store', async () => {
    const response = await get(`/v1/products/${scarf.id}/related`);
    const items = ZRelatedProductsResponseSchema.parse(response.json()).data.items;
    const ids = items.map((i) => i.id);
    expect(ids).not.toContain(scarf.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).toContain(rug.id);
    expect(ids).not.toContain(vase.id);
    expect(ids.length).toBe(2);
    expect((await get(`/v1/products/${draft.id}/related`)).statusCode).toBe(404);
  });

  it('answers the category tree with published counts of each subtree, and the brands', async () => {
    const categories = ZCategoriesResponseSchema.parse((await get('/v1/categories', { language: 'es' })).json()).data.categories;
    const bySlug = new Map(categories.map((c) => [c.slug, c]));
    expect(bySlug.get('textiles-p')).toMatchObject({ name: 'Textiles', productCount: 3, parentId: null });
    expect(bySlug.get('rugs-p')).toMatchObject({ name: 'Alfombras', productCount: 1, parentId: textiles.id });
    expect(bySlug.get('pottery-p')).toMatchObject({ name: 'Pottery', productCount: 1 });
    // Depth first: a parent comes before its children.
    expect(categories.findIndex((c) => c.slug === 'textiles-p')).toBeLessThan(categories.findIndex((c) => c.slug === 'rugs-p'));
    const brands = (await get('/v1/brands')).json().data.brands as Array<{ slug: string; name: string }>;
    expect(brands.find((b) => b.slug === 'weft-p')?.name).toBe('Weft');
  });
});

describe('stores and specialities', () => {
  it('answers an approved store as data.data[0], by id or alias', async () => {
    for (const storeId of [storeA.storeId, storeA.alias]) {
      const response = await get(`/v1/store?storeId=${storeId}`, { language: 'es' });
      expect(response.statusCode).toBe(200);
      const store = ZPublicStoreResponseSchema.parse(response.json()).data.data[0];
      expect(store).toMatchObject({ id: storeA.storeId, storeAliasName: storeA.alias, storeName: 'Atelier Nurul', story: 'Tres generaciones de tejedoras.', productCount: 2 });
    }
  });

  it('hides a store that is not approved, and asks for a storeId', async () => {
    const pending = await signUpSeller(app);
    const row = await app.db.kysely.selectFrom('stores').select('id').where('seller_user_id', '=', pending.userId).executeTakeFirstOrThrow();
    expect((await get(`/v1/store?storeId=${row.id}`)).statusCode).toBe(404);
    expect((await get('/v1/store')).statusCode).toBe(400);
  });

  it('lists featured makers and the makers of a speciality', async () => {
    await addSpeciality('weaving-s', { en: 'Weaving', es: 'Tejido' }, [storeA.storeId]);
    await app.services.catalog.version.bump();
    const featured = ZStoresResponseSchema.parse((await get('/v1/stores?featured=1')).json()).data.stores;
    expect(featured.map((s) => s.id)).toEqual([storeA.storeId]);
    expect(featured[0]?.specialities.map((s) => s.slug)).toEqual(['weaving-s']);
    const weavers = ZStoresResponseSchema.parse((await get('/v1/stores?speciality=weaving-s')).json()).data.stores;
    expect(weavers.map((s) => s.id)).toEqual([storeA.storeId]);
    expect((await get('/v1/stores?featured=yes')).statusCode).toBe(400);
  });

  it('answers active specialities with store counts, sorted, searched and restricted to a category’s stores', async () => {
    await addSpeciality('ceramics-s', { en: 'Ceramics', es: 'Cerámica', ar: 'الخزف' }, [storeB.storeId], 1, now() + 1000);
    await addSpeciality('dyeing-s', { en: 'Natural dyeing' }, [storeA.storeId, storeB.storeId]);
    await addSpeciality('hidden-s', { en: 'Hidden craft' }, [storeA.storeId], 0);
    await app.services.catalog.version.bump();
    const headers = { currencycode: 'EUR', language: 'en', platform: '3' };
    const all = ZSpecialitiesResponseSchema.parse((await get('/v1/specialities/all?status=1&sort=name', headers)).json()).data;
    const ours = all.filter((s) => s.slug.endsWith('-s'));
    expect(ours.map((s) => s.slug)).toEqual(['ceramics-s', 'dyeing-s', 'weaving-s']);
    expect(ours.map((s) => s.storeCount)).toEqual([1, 2, 1]);
    const byStores = ZSpecialitiesResponseSchema.parse((await get('/v1/specialities/all?status=1&sort=stores', headers)).json()).data;
    expect(byStores[0]?.slug).toBe('dyeing-s');
    const newest = ZSpecialitiesResponseSchema.parse((await get('/v1/specialities/all?status=1&sort=newest', headers)).json()).data;
    expect(newest[0]?.slug).toBe('ceramics-s');
    const searched = ZSpecialitiesResponseSchema.parse((await get('/v1/specialities/all?status=1&search=cerám', { ...headers, language: 'es' })).json()).data;
    expect(searched.map((s) => [s.slug, s.name])).toEqual([['ceramics-s', 'Cerámica']]);
    // storeCategoryId: only stores selling in pottery (store B) count.
    const pottering = ZSpecialitiesResponseSchema.parse((await get('/v1/specialities/all?status=1', { ...headers, storecategoryid: pottery.id })).json()).data;
    expect(pottering.map((s) => s.slug).sort()).toEqual(['ceramics-s', 'dyeing-s']);
    expect(pottering.find((s) => s.slug === 'dyeing-s')?.storeCount).toBe(1);
    const ar = ZSpecialitiesResponseSchema.parse((await get('/v1/specialities/all?status=1&search=ceramics', { ...headers, language: 'ar' })).json()).data;
    expect(ar[0]?.name).toBe('الخزف');
    for (const bad of ['/v1/specialities/all?status=0', '/v1/specialities/all?status=1&sort=rating', '/v1/specialities/all?status=1&colour=red']) {
      expect((await get(bad, headers)).statusCode).toBe(400);
    }
  });
});

describe('page shell and home', () => {
  it('answers the shell with menus, live banners and the app configuration, for any token', async () => {
    const brand = await createBrand(app, { slug: 'menu-brand-p', name: 'Menu Brand' });
    const t = now();
    const menu = (values: Record<string, unknown>) => ({
      id: newId(), parent_id: null, image_upload_id: null, sort: 0, created_at: t, updated_at: t, ...values,
    }) as never;
    const column = newId();
    await app.db.kysely
      .insertInto('menu_items')
      .values([
        menu({ id: column, menu: 'mega', label: JSON.stringify({ en: 'Textiles', ms: 'Tekstil' }), link_type: 'category', link_value: textiles.id }),
        menu({ menu: 'mega', parent_id: column, label: JSON.stringify({ en: 'Rugs' }), link_type: 'category', link_value: rugs.id }),
        menu({ menu: 'mega', label: JSON.stringify({ en: 'Gone' }), link_type: 'category', link_value: 'no-such-category' }),
        menu({ menu: 'brand', label: JSON.stringify({ en: 'Menu Brand' }), link_type: 'brand', link_value: brand.id }),
        menu({ menu: 'store', label: JSON.stringify({ en: 'Nurul' }), link_type: 'store', link_value: storeA.storeId }),
      ])
      .execute();
    const banner = (placement: string, startsAt: number | null, endsAt: number | null, active = 1) => ({
      id: newId(), title: JSON.stringify({ en: `${placement} ${startsAt} ${endsAt}`, es: 'Rebajas' }), subtitle: JSON.stringify({ en: 'Sub' }), image_upload_id: null, href: '/search',
      placement, sort: 0, active, starts_at: startsAt, ends_at: endsAt, created_at: t, updated_at: t,
    });
    const live = banner('hero', t - 1000, t + 3_600_000);
    await app.db.kysely
      .insertInto('banners')
      .values([live, banner('strip', null, null), banner('hero', t + 3_600_000, null), banner('hero', null, t - 1000), banner('hero', null, null, 0)])
      .execute();
    await app.services.catalog.version.bump();

    const response = await get('/v1/fetch/common/data/any-token-at-all/1', { language: 'ms' });
    expect(response.statusCode).toBe(200);
    const data = ZCommonDataResponseSchema.parse(response.json()).data;
    expect(data.isMobile).toBe(true);
    expect(data.megaMenu).toHaveLength(1);
    expect(data.megaMenu[0]).toMatchObject({ label: 'Tekstil', href: '/c/textiles-p' });
    expect(data.megaMenu[0]?.children.map((c) => c.href)).toEqual(['/c/rugs-p']);
    expect(data.brandsMenu.map((b) => b.href)).toEqual(['/search?brand=menu-brand-p']);
    expect(data.storesMenu.map((s) => s.href)).toEqual([`/store/${storeA.alias}`]);
    expect(data.menuCategories.map((c) => c.slug)).toEqual(['textiles-p', 'pottery-p']);
    expect(data.banners.map((b) => b.placement).sort()).toEqual(['hero', 'strip']);
    expect(data.banners.find((b) => b.placement === 'hero')?.id).toBe(live.id);
    expect(data.appConfig).toEqual(app.services.appConfig);
    expect(data.footerData.columns[0]?.title).toBe('Beli-belah');
    // Every footer link is a page the web app has (issue #10: '/specialities' and '/pages/about' were 404s).
    for (const link of data.footerData.columns.flatMap((column) => column.links)) {
      expect(link.href, link.label).toMatch(/^\/(?:c\/[\w-]+|store\/[\w-]+|search\?brand=[\w-]+|makers|about|seller\/signup)$/);
    }
    expect((await get('/v1/fetch/common/data/x/0')).json().data.isMobile).toBe(false);
    for (const bad of ['/v1/fetch/common/data/x/2', '/v1/fetch/common/data/x/yes']) expect((await get(bad)).statusCode).toBe(400);
  });

  it('keeps the shell’s token out of the request log', () => {
    expect(redactQuery('/v1/fetch/common/data/eyJhbGciOi.secret/1')).toBe('/v1/fetch/common/data/[redacted]/1');
    expect(redactQuery('/v1/products?q=tote')).toBe('/v1/products?q=tote');
  });

  it('answers the home page: featured makers and products, top categories and banners', async () => {
    const data = ZHomeResponseSchema.parse((await get('/v1/home')).json()).data;
    expect(data.featuredMakers.map((s) => s.id)).toEqual([storeA.storeId]);
    expect(data.featuredProducts[0]?.id).toBe(scarf.id);
    expect(data.featuredProducts.map((p) => p.id)).not.toContain(draft.id);
    expect(data.categories.map((c) => c.slug)).toEqual(['textiles-p', 'pottery-p']);
    expect(data.heroBanners.length).toBe(1);
    expect(data.stripBanners.length).toBe(1);
  });
});

describe('read cache across instances', () => {
  it('shows a change made through one instance in the other’s cached listing at once', async () => {
    // A second instance of the same deployment; on PostgreSQL it listens for the first one's changes.
    const second = (await createTestApp({ databaseUrl: testApp.database.url }, { shareWith: testApp })).app;
    const query = `/v1/products?category=${pottery.slug}`;
    const before = ZListingResponseSchema.parse((await second.inject({ method: 'GET', url: query })).json()).data;
    expect(before.items.map((i) => i.id)).toEqual([vase.id]);
    const seen = second.services.catalog.version.current();
    const added = await createProduct(app, { storeId: storeB.storeId, categoryId: pottery.id, popularity: 99 });
    if (testApp.database.url) {
      // PostgreSQL: the first instance's NOTIFY reaches the second one's listener.
      expect(await second.services.catalog.version.changed?.(seen, 5000)).toBe(true);
    } else {
      // SQLite: one process owns the file; both apps here share it, so tell the second one as the process would.
      await second.services.catalog.version.bump();
    }
    const after = ZListingResponseSchema.parse((await second.inject({ method: 'GET', url: query })).json()).data;
    expect(after.items.map((i) => i.id)).toEqual([added.id, vase.id]);
  });
});
