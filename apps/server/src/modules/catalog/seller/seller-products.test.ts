import { describe, expect, it } from 'vitest';
import type { TSellerProduct } from '@tessera/contracts';
import { newId } from '../../../lib/ids.js';
import { createBuyer, multipartBody, signInGuestWith } from '../../../test/roles.js';
import { writeProduct } from './product-writer.js';
import { readSellerProduct } from './seller-products.service.js';
import { call, createProduct, createSeller, createSellerCatalogApp, insertCategory, pictureBytes, productInput, uploadImages, uploadCount } from '../../../test/seller-catalog.js';

const { app } = await createSellerCatalogApp();
const db = app.db.kysely;
const categoryId = await insertCategory(app);
const sellerA = await createSeller(app);
const sellerB = await createSeller(app);

const facetsOf = async (productId: string) =>
  (await db.selectFrom('product_facets').select(['facet', 'value', 'expires_at']).where('product_id', '=', productId).orderBy('facet').orderBy('value').execute()).map((r) => ({
    ...r,
    expires_at: r.expires_at === null ? null : Number(r.expires_at),
  }));
const productRow = (id: string) => db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
const productCount = async (storeId: string) =>
  Number((await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow()).n);

describe('POST /v1/seller/products', () => {
  it('creates a draft with its materials, certificates and facet rows, and bumps the catalog version', async () => {
    const version = app.services.catalog.version.current();
    const response = await call(app, sellerA.token, 'POST', '/v1/seller/products', productInput(categoryId));
    expect(response.statusCode).toBe(200);
    const product = response.json().data as TSellerProduct;
    expect(product).toMatchObject({
      status: 'draft',
      title: { en: 'Handwoven Pua Kumbu Throw', es: 'Manta Pua Kumbu tejida a mano' },
      price: 12_000,
      mrp: 15_000,
      stock: 10,
      stockState: 'in_stock',
      publishedAt: null,
      materials: [
        { material: 'organic-cotton', share: 80 },
        { material: 'natural-dye', share: 20 },
      ],
      images: [],
    });
    expect(product.slug).toMatch(/^handwoven-pua-kumbu-throw-[a-z0-9]{6}$/);
    // The expiry date counts to its last millisecond, UTC.
    expect(product.certifications).toEqual([
      expect.objectContaining({ scheme: 'GOTS', issuer: 'Control Union', expiresAt: Date.UTC(2030, 5, 30, 23, 59, 59, 999), expired: false, evidenceUrl: null }),
    ]);
    expect(await facetsOf(product.id)).toEqual([
      { facet: 'certification', value: 'GOTS', expires_at: Date.UTC(2030, 5, 30, 23, 59, 59, 999) },
      { facet: 'material', value: 'natural-dye', expires_at: null },
      { facet: 'material', value: 'organic-cotton', expires_at: null },
      { facet: 'origin', value: 'MY', expires_at: null },
    ]);
    expect(app.services.catalog.version.current()).toBeGreaterThan(version);
  });

  it('prices a product with variants at its lowest variant price and MRP, and sums their stock', async () => {
    const product = await createProduct(
      app,
      sellerA,
      productInput(categoryId, {
        price: 9_000,
        mrp: 11_000,
        stock: 999,
        variants: [
          { colour: 'red', size: 'M', price: 10_000, mrp: 14_000, stock: 3 },
          { colour: 'blue', size: 'L', stock: 4 },
          { colour: 'blue', size: 'XL', price: 8_000, mrp: 12_000, stock: 0 },
        ],
      }),
    );
    expect(product).toMatchObject({ price: 8_000, mrp: 11_000, stock: 7 });
    expect(product.variants.map((v) => [v.colour, v.size, v.price.amount, v.mrp.amount, v.stock, v.stockState])).toEqual([
      ['red', 'M', 10_000, 14_000, 3, 'in_stock'],
      // A variant without its own price takes the product's.
      ['blue', 'L', 9_000, 11_000, 4, 'in_stock'],
      ['blue', 'XL', 8_000, 12_000, 0, 'out_of_stock'],
    ]);
    const row = await productRow(product.id);
    expect([Number(row?.price), Number(row?.mrp), row?.stock]).toEqual([8_000, 11_000, 7]);
    const facets = await facetsOf(product.id);
    expect(facets.filter((f) => f.facet === 'colour' || f.facet === 'size').map((f) => `${f.facet}:${f.value}`)).toEqual(['colour:blue', 'colour:red', 'size:L', 'size:M', 'size:XL']);
  });

  it.each([
    ['an unknown colour', { variants: [{ colour: 'chartreuse', size: 'M', stock: 1 }] }, 'variants.0.colour', 'VALIDATION'],
    ['an unknown size', { variants: [{ colour: 'red', size: 'XXXXL', stock: 1 }] }, 'variants.0.size', 'VALIDATION'],
    ['an unknown certification scheme', { certifications: [{ scheme: 'ORGANIC-ISH', issuer: 'Me', number: '123', expiresOn: '2030-01-01' }] }, 'certifications.0.scheme', 'VALIDATION'],
    ['a date that does not exist', { certifications: [{ scheme: 'FSC', issuer: 'FSC', number: 'FSC-C1', expiresOn: '2030-02-30' }] }, 'certifications.0.expiresOn', 'VALIDATION'],
    ['material shares that do not add up to 100', { materials: [{ material: 'linen', share: 60 }, { material: 'hemp', share: 30 }] }, 'materials', 'MATERIAL_SHARES_INVALID'],
    ['a negative stock', { stock: -1 }, 'stock', 'VALIDATION'],
    ['a negative variant stock', { variants: [{ colour: 'red', size: 'M', stock: -5 }] }, 'variants.0.stock', 'VALIDATION'],
    ['an MRP below the price', { price: 5_000, mrp: 4_000 }, 'mrp', 'MRP_BELOW_PRICE'],
    ['a variant MRP below its price', { variants: [{ colour: 'red', size: 'M', price: 5_000, mrp: 4_000, stock: 1 }] }, 'variants.0.mrp', 'MRP_BELOW_PRICE'],
    ['the same colour and size twice', { variants: [{ colour: 'red', size: 'M', stock: 1 }, { colour: 'red', size: 'M', stock: 2 }] }, 'variants.1', 'VALIDATION'],
    ['a category that does not exist', { categoryId: 'no-such-category' }, 'categoryId', 'VALIDATION'],
    ['no English title', { title: { es: 'Solo en español' } }, 'title.en', 'VALIDATION'],
    ['an unknown field', { discountPercent: 20 }, 'discountPercent', 'VALIDATION'],
  ])('refuses %s with 400 naming the field, and creates nothing', async (_name, overrides, field, code) => {
    const before = await productCount(sellerA.storeId);
    const response = await call(app, sellerA.token, 'POST', '/v1/seller/products', productInput(categoryId, overrides), { language: 'es' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, field });
    expect(response.json().message).toEqual(expect.any(String));
    expect(await productCount(sellerA.storeId)).toBe(before);
  });

  it('answers the rule broken in the request’s language', async () => {
    const response = await call(app, sellerA.token, 'POST', '/v1/seller/products', productInput(categoryId, { materials: [{ material: 'linen', share: 50 }] }), { language: 'es' });
    expect(response.json()).toEqual({ code: 'MATERIAL_SHARES_INVALID', message: 'Los porcentajes de los materiales deben sumar 100 %.', field: 'materials' });
    const english = await call(app, sellerA.token, 'POST', '/v1/seller/products', productInput(categoryId, { price: 5_000, mrp: 10 }));
    expect(english.json()).toEqual({ code: 'MRP_BELOW_PRICE', message: 'The maximum retail price cannot be lower than the price.', field: 'mrp' });
  });

  it('is for sellers only', async () => {
    expect((await call(app, null, 'POST', '/v1/seller/products', productInput(categoryId))).statusCode).toBe(401);
  });
});

describe('PATCH /v1/seller/products/:id', () => {
  it('changes only what the patch names, keeps variant and certificate ids, and rewrites the derived rows', async () => {
    const product = await createProduct(
      app,
      sellerA,
      productInput(categoryId, {
        variants: [
          { colour: 'red', size: 'M', stock: 3 },
          { colour: 'green', size: 'L', stock: 2 },
        ],
      }),
    );
    const [red, green] = product.variants;
    const certificate = product.certifications[0];
    const response = await call(app, sellerA.token, 'PATCH', `/v1/seller/products/${product.id}`, {
      title: { en: 'Pua Kumbu Throw, indigo' },
      variants: [
        { id: red?.id, colour: 'indigo', size: 'M', price: 13_000, mrp: 15_000, stock: 5 },
        { colour: 'olive', size: 'S', stock: 1 },
      ],
      certifications: [{ id: certificate?.id, scheme: 'GOTS', issuer: 'Control Union', number: 'CU-999', expiresOn: '2031-01-31' }],
      materials: [{ material: 'organic-cotton', share: 100 }],
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json().data as TSellerProduct;
    expect(edited.title).toEqual({ en: 'Pua Kumbu Throw, indigo' });
    expect(edited.description).toEqual(product.description);
    expect(edited.slug).toBe(product.slug);
    expect(edited.variants.map((v) => [v.colour, v.size, v.stock])).toEqual([
      ['indigo', 'M', 5],
      ['olive', 'S', 1],
    ]);
    expect(edited.variants[0]?.id).toBe(red?.id);
    expect(edited.variants.map((v) => v.id)).not.toContain(green?.id);
    expect(edited).toMatchObject({ stock: 6, price: 12_000, mrp: 15_000 });
    expect(edited.certifications).toEqual([expect.objectContaining({ id: certificate?.id, number: 'CU-999', expiresAt: Date.UTC(2031, 0, 31, 23, 59, 59, 999) })]);
    const facets = await facetsOf(product.id);
    expect(facets.filter((f) => f.facet !== 'certification').map((f) => `${f.facet}:${f.value}`)).toEqual([
      'colour:indigo',
      'colour:olive',
      'material:organic-cotton',
      'origin:MY',
      'size:M',
      'size:S',
    ]);
  });

  it('refuses a variant id of another product, and bad input, changing nothing', async () => {
    const product = await createProduct(app, sellerA, productInput(categoryId, { variants: [{ colour: 'red', size: 'M', stock: 3 }] }));
    const other = await createProduct(app, sellerA, productInput(categoryId, { variants: [{ colour: 'red', size: 'M', stock: 3 }] }));
    const before = await productRow(product.id);
    const foreign = await call(app, sellerA.token, 'PATCH', `/v1/seller/products/${product.id}`, { variants: [{ id: other.variants[0]?.id, colour: 'red', size: 'M', stock: 9 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'VALIDATION', field: 'variants.0.id' });
    const shares = await call(app, sellerA.token, 'PATCH', `/v1/seller/products/${product.id}`, { title: { en: 'Changed' }, materials: [{ material: 'linen', share: 99 }] });
    expect(shares.statusCode).toBe(400);
    const mrp = await call(app, sellerA.token, 'PATCH', `/v1/seller/products/${product.id}`, { mrp: 100 });
    expect(mrp.json()).toMatchObject({ code: 'MRP_BELOW_PRICE', field: 'mrp' });
    expect(await productRow(product.id)).toEqual(before);
    expect((await call(app, sellerA.token, 'GET', `/v1/seller/products/${other.id}`)).json().data.variants[0].stock).toBe(3);
  });
});

describe('GET /v1/seller/products', () => {
  it('lists the seller’s own products, most recently changed first, with title search, status filter and a cursor', async () => {
    const seller = await createSeller(app);
    const made: TSellerProduct[] = [];
    for (const title of ['Indigo Shibori Scarf', 'Rattan Market Basket', 'Terracotta Water Jug', 'Indigo Table Runner']) {
      made.push(await createProduct(app, seller, productInput(categoryId, { title: { en: title, ar: `${title} (ar)` } })));
    }
    const all = await call(app, seller.token, 'GET', '/v1/seller/products');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.items.map((p: TSellerProduct) => p.title.en)).toEqual(['Indigo Table Runner', 'Terracotta Water Jug', 'Rattan Market Basket', 'Indigo Shibori Scarf']);
    expect(all.json().data.items[0]).toMatchObject({ status: 'draft', price: 12_000, currency: 'EUR', stockState: 'in_stock', variantCount: 0, image: null });

    // An edit moves the product to the top.
    await call(app, seller.token, 'PATCH', `/v1/seller/products/${made[1]?.id}`, { moq: 5 });
    const searched = await call(app, seller.token, 'GET', '/v1/seller/products?q=INDIGO');
    expect(searched.json().data.items.map((p: TSellerProduct) => p.title.en)).toEqual(['Indigo Table Runner', 'Indigo Shibori Scarf']);
    const list = async (q: string) =>
      (await call(app, seller.token, 'GET', `/v1/seller/products?q=${encodeURIComponent(q)}`)).json().data.items.map((p: TSellerProduct) => p.title.en);
    // Any language's title; wildcards and the JSON around the titles match nothing.
    expect(await list('scarf (ar)')).toEqual(['Indigo Shibori Scarf']);
    expect(await list('100%')).toEqual([]);
    expect(await list('_')).toEqual([]);
    expect(await list('"en":')).toEqual([]);

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call(app, seller.token, 'GET', `/v1/seller/products?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode).toBe(200);
      pages.push(...page.json().data.items.map((p: TSellerProduct) => p.title.en));
      cursor = page.json().data.nextCursor;
    } while (cursor);
    expect(pages).toEqual(['Rattan Market Basket', 'Indigo Table Runner', 'Terracotta Water Jug', 'Indigo Shibori Scarf']);

    const published = await call(app, seller.token, 'GET', '/v1/seller/products?status=published');
    expect(published.json().data.items).toEqual([]);
  });

  it('narrows to a category and its direct subcategories (the answer form of a request for quotation)', async () => {
    const seller = await createSeller(app);
    const baskets = await insertCategory(app, 'Baskets');
    const market = await insertCategory(app, 'Market baskets');
    await app.db.kysely.updateTable('categories').set({ parent_id: baskets }).where('id', '=', market).execute();
    const rugs = await insertCategory(app, 'Rugs');
    await createProduct(app, seller, productInput(baskets, { title: { en: 'Seagrass Basket' } }));
    await createProduct(app, seller, productInput(market, { title: { en: 'Market Tote Basket' } }));
    await createProduct(app, seller, productInput(rugs, { title: { en: 'Jute Rug' } }));
    const titles = async (query: string) =>
      (await call(app, seller.token, 'GET', `/v1/seller/products?${query}`)).json().data.items.map((p: TSellerProduct) => p.title.en);
    expect(await titles(`categoryId=${baskets}`)).toEqual(['Market Tote Basket', 'Seagrass Basket']);
    expect(await titles(`categoryId=${baskets}&q=tote`)).toEqual(['Market Tote Basket']);
    expect(await titles(`categoryId=${rugs}`)).toEqual(['Jute Rug']);
  });

  it.each([
    ['limit=1000', 'query.limit'],
    ['limit=-1', 'query.limit'],
    ['status=archived', 'query.status'],
    ['colour=red', 'query.colour'],
    ['cursor=not-a-cursor', 'query.cursor'],
  ])('refuses ?%s with 400', async (query, field) => {
    const response = await call(app, sellerA.token, 'GET', `/v1/seller/products?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field });
  });
});

describe('publishing', () => {
  it('refuses a pending store with 403 STORE_NOT_APPROVED', async () => {
    const pending = await createSeller(app, { pending: true });
    const product = await createProduct(app, pending, productInput(categoryId));
    const response = await call(app, pending.token, 'POST', `/v1/seller/products/${product.id}/publish`, undefined, { language: 'ms' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'STORE_NOT_APPROVED', message: 'Kedai anda sedang menunggu kelulusan. Anda boleh menerbitkan produk setelah ia diluluskan.' });
    expect((await productRow(product.id))?.status).toBe('draft');
  });

  it('needs an image, then publishes (buyers can find it) and unpublishes (they cannot)', async () => {
    const product = await createProduct(app, sellerA, productInput(categoryId, { title: { en: 'Seagrass Storage Basket Zephyrine' } }));
    const bare = await call(app, sellerA.token, 'POST', `/v1/seller/products/${product.id}/publish`);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'PRODUCT_INCOMPLETE', field: 'images' });
    expect((await uploadImages(app, sellerA.token, product.id, [{ data: await pictureBytes({ width: 300, height: 200 }), filename: 'basket.png' }])).statusCode).toBe(200);

    const version = app.services.catalog.version.current();
    const published = await call(app, sellerA.token, 'POST', `/v1/seller/products/${product.id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'published', publishedAt: expect.any(Number) });
    expect(app.services.catalog.version.current()).toBeGreaterThan(version);
    const found = await app.services.catalog.search.match({ query: 'zephyrine', language: 'en', limit: 10 });
    expect(found.productIds).toContain(product.id);

    const unpublished = await call(app, sellerA.token, 'POST', `/v1/seller/products/${product.id}/unpublish`);
    expect(unpublished.json().data).toMatchObject({ status: 'unpublished' });
    expect((await app.services.catalog.search.match({ query: 'zephyrine', language: 'en', limit: 10 })).productIds).not.toContain(product.id);
  });
});

describe('translated specifications', () => {
  it('keeps each spec’s translations, reads them back to the seller, and shows buyers theirs (English where one is missing)', async () => {
    const specs = [
      { label: 'Weight', value: '900 g', translations: { ar: { label: 'الوزن', value: '900 غ' }, es: { label: 'Peso' }, ms: { label: '  ', value: '' } } },
      { label: 'Care', value: 'Hand wash cold' },
    ];
    const product = await createProduct(app, sellerA, productInput(categoryId, { title: { en: 'Specs Throw Quillon' }, specs }));
    // Empty translations are dropped; what says something is kept as written.
    expect(product.specs).toEqual([
      { label: 'Weight', value: '900 g', translations: { es: { label: 'Peso' }, ar: { label: 'الوزن', value: '900 غ' } } },
      { label: 'Care', value: 'Hand wash cold' },
    ]);
    expect((await uploadImages(app, sellerA.token, product.id, [{ data: await pictureBytes({ width: 300, height: 200 }), filename: 'throw.png' }])).statusCode).toBe(200);
    expect((await call(app, sellerA.token, 'POST', `/v1/seller/products/${product.id}/publish`)).statusCode).toBe(200);
    const specsIn = async (language: string) => {
      const page = await app.inject({ method: 'GET', url: `/v1/products/${product.slug}`, headers: { language } });
      expect(page.statusCode).toBe(200);
      return page.json().data.specs;
    };
    expect(await specsIn('ar')).toEqual([
      { label: 'الوزن', value: '900 غ' },
      { label: 'Care', value: 'Hand wash cold' },
    ]);
    expect(await specsIn('es')).toEqual([
      { label: 'Peso', value: '900 g' },
      { label: 'Care', value: 'Hand wash cold' },
    ]);
    expect(await specsIn('en')).toEqual([
      { label: 'Weight', value: '900 g' },
      { label: 'Care', value: 'Hand wash cold' },
    ]);
  });

  it('refuses an unknown language or an over-long translation with the field, changing nothing', async () => {
    const product = await createProduct(app, sellerA, productInput(categoryId));
    for (const [translations, field] of [
      [{ fr: { label: 'Poids' } }, 'specs.0.translations.fr'],
      [{ ar: { value: 'x'.repeat(301) } }, 'specs.0.translations.ar.value'],
    ] as const) {
      const response = await call(app, sellerA.token, 'PATCH', `/v1/seller/products/${product.id}`, { specs: [{ label: 'Weight', value: '1 kg', translations }] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field });
    }
    const read = await call(app, sellerA.token, 'GET', `/v1/seller/products/${product.id}`);
    expect(read.json().data.specs).toEqual([{ label: 'Weight', value: '900 g' }]);
  });
});

describe('translated size charts (issue #10: headers stayed English)', () => {
  it('keeps the headers’ translations, reads them back to the seller, and shows buyers theirs (English where one is missing)', async () => {
    const sizeChart = {
      columns: ['Size', 'Chest (cm)'],
      rows: [
        ['S', '88'],
        ['M', '96'],
      ],
      columnTranslations: { ar: ['المقاس', 'الصدر (سم)'], es: ['Talla', ' '], ms: ['', ''] },
    };
    const product = await createProduct(app, sellerA, productInput(categoryId, { title: { en: 'Chart Shirt Quillon' }, sizeChart }));
    // Empty translations are dropped (a language with none at all too); cells are the same in every language.
    expect(product.sizeChart).toEqual({ ...sizeChart, columnTranslations: { ar: ['المقاس', 'الصدر (سم)'], es: ['Talla', ''] } });
    expect((await uploadImages(app, sellerA.token, product.id, [{ data: await pictureBytes({ width: 300, height: 200 }), filename: 'shirt.png' }])).statusCode).toBe(200);
    expect((await call(app, sellerA.token, 'POST', `/v1/seller/products/${product.id}/publish`)).statusCode).toBe(200);
    const chartIn = async (language: string) => (await app.inject({ method: 'GET', url: `/v1/products/${product.slug}`, headers: { language } })).json().data.sizeChart;
    expect(await chartIn('ar')).toEqual({ columns: ['المقاس', 'الصدر (سم)'], rows: sizeChart.rows });
    expect(await chartIn('es')).toEqual({ columns: ['Talla', 'Chest (cm)'], rows: sizeChart.rows });
    expect(await chartIn('ms')).toEqual({ columns: ['Size', 'Chest (cm)'], rows: sizeChart.rows });
  });

  it('refuses an unknown language or an over-long header with the field, changing nothing', async () => {
    const product = await createProduct(app, sellerA, productInput(categoryId));
    const chart = { columns: ['Size'], rows: [['S']] };
    for (const [columnTranslations, field] of [
      [{ fr: ['Taille'] }, 'sizeChart.columnTranslations.fr'],
      [{ ar: ['x'.repeat(41)] }, 'sizeChart.columnTranslations.ar.0'],
    ] as const) {
      const response = await call(app, sellerA.token, 'PATCH', `/v1/seller/products/${product.id}`, { sizeChart: { ...chart, columnTranslations } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field });
    }
    const read = await call(app, sellerA.token, 'GET', `/v1/seller/products/${product.id}`);
    expect(read.json().data.sizeChart).toBeNull();
  });
});

describe('PATCH /v1/seller/products/:id/stock', () => {
  it('sets the product’s stock, or its variants’ and their sum', async () => {
    const plain = await createProduct(app, sellerA, productInput(categoryId, { restockable: false }));
    const zero = await call(app, sellerA.token, 'PATCH', `/v1/seller/products/${plain.id}/stock`, { stock: 0 });
    expect(zero.json().data).toMatchObject({ stock: 0, stockState: 'sold_out' });

    const product = await createProduct(app, sellerA, productInput(categoryId, { variants: [{ colour: 'red', size: 'M', stock: 3 }, { colour: 'red', size: 'L', stock: 2 }] }));
    const [m, l] = product.variants;
    const response = await call(app, sellerA.token, 'PATCH', `/v1/seller/products/${product.id}/stock`, { variants: [{ id: m?.id, stock: 0 }, { id: l?.id, stock: 9 }] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ stock: 9, stockState: 'in_stock' });
    expect(response.json().data.variants.map((v: { stockState: string }) => v.stockState)).toEqual(['out_of_stock', 'in_stock']);
  });

  it('refuses negative stock, unknown variants and a product-level stock for a product with variants, changing nothing', async () => {
    const product = await createProduct(app, sellerA, productInput(categoryId, { variants: [{ colour: 'red', size: 'M', stock: 3 }] }));
    const before = await productRow(product.id);
    for (const [payload, field] of [
      [{ stock: -1 }, 'stock'],
      [{ variants: [{ id: product.variants[0]?.id, stock: -2 }] }, 'variants.0.stock'],
      [{ variants: [{ id: 'someone-else', stock: 2 }] }, 'variants.0.id'],
      [{ stock: 4 }, 'stock'],
      [{}, 'stock'],
    ] as const) {
      const response = await call(app, sellerA.token, 'PATCH', `/v1/seller/products/${product.id}/stock`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', field });
    }
    expect(await productRow(product.id)).toEqual(before);
  });
});

describe('ownership', () => {
  it('hides one store’s products from another seller: every route answers 404 and nothing changes', async () => {
    const product = await createProduct(app, sellerA, productInput(categoryId, { title: { en: 'Only for A' } }));
    const base = `/v1/seller/products/${product.id}`;
    const listed = await call(app, sellerB.token, 'GET', '/v1/seller/products?q=only%20for%20a');
    expect(listed.json().data.items).toEqual([]);
    const attempts: Array<[('GET' | 'POST' | 'PATCH' | 'DELETE'), string, object?]> = [
      ['GET', base],
      ['PATCH', base, { moq: 99 }],
      ['POST', `${base}/publish`],
      ['POST', `${base}/unpublish`],
      ['PATCH', `${base}/stock`, { stock: 0 }],
      ['PATCH', `${base}/images/order`, { imageIds: [newId()] }],
      ['DELETE', `${base}/images/${newId()}`],
      ['DELETE', base],
    ];
    const before = await productRow(product.id);
    for (const [method, url, payload] of attempts) {
      const response = await call(app, sellerB.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const uploads = await uploadCount(app);
    const upload = await uploadImages(app, sellerB.token, product.id, [{ data: await pictureBytes({ width: 64, height: 64 }), filename: 'x.png' }]);
    expect(upload.statusCode).toBe(404);
    const certificate = product.certifications[0]?.id as string;
    const body = await multipartBody([{ name: 'evidence', data: Buffer.from('%PDF-1.4\n%%EOF\n'), filename: 'cert.pdf', type: 'application/pdf' }]);
    const evidence = await app.inject({
      method: 'POST',
      url: `${base}/certifications/${certificate}/evidence`,
      headers: { authorization: sellerB.token, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(evidence.statusCode).toBe(404);
    expect(await uploadCount(app)).toBe(uploads);
    expect(await productRow(product.id)).toEqual(before);
    expect((await call(app, sellerA.token, 'GET', base)).statusCode).toBe(200);
  });

  it('is closed to buyers and guests', async () => {
    for (const actor of [await createBuyer(app), await signInGuestWith(app)]) {
      expect((await call(app, actor.token, 'GET', '/v1/seller/products')).statusCode).toBe(403);
    }
  });
});

describe('DELETE /v1/seller/products/:id', () => {
  it('deletes the product with its rows and its image files', async () => {
    const product = await createProduct(app, sellerA, productInput(categoryId));
    const uploaded = await uploadImages(app, sellerA.token, product.id, [{ data: await pictureBytes({ width: 200, height: 200 }), filename: 'a.png' }]);
    const uploadIds = Object.values(uploaded.json().data.images[0] as Record<string, unknown>)
      .filter((v): v is string => typeof v === 'string' && v.startsWith('/media/'))
      .map((url) => url.split('/').at(-1) as string);
    expect(uploadIds).toHaveLength(4);
    const version = app.services.catalog.version.current();
    const response = await call(app, sellerA.token, 'DELETE', `/v1/seller/products/${product.id}`);
    expect(response.statusCode).toBe(200);
    expect(app.services.catalog.version.current()).toBeGreaterThan(version);
    expect((await call(app, sellerA.token, 'GET', `/v1/seller/products/${product.id}`)).statusCode).toBe(404);
    expect(await db.selectFrom('product_facets').select('value').where('product_id', '=', product.id).execute()).toEqual([]);
    expect(await db.selectFrom('uploads').select('id').where('id', 'in', uploadIds).execute()).toEqual([]);
    for (const id of uploadIds) expect((await app.inject({ method: 'GET', url: `/media/${id}` })).statusCode).toBe(404);
  });
});

describe('writeProduct without HTTP (the demo seed’s way in)', () => {
  it('writes a published product with a fixed id, slug and times inside the caller’s transaction, or nothing when the transaction fails', async () => {
    const id = newId();
    const slug = `seeded-throw-${id.slice(-6)}`;
    const at = Date.UTC(2026, 0, 15);
    await db.transaction().execute((trx) =>
      writeProduct({ trx, search: app.services.catalog.search, storeId: sellerA.storeId, input: productInput(categoryId, { stock: 3 }), newProductId: id, slug, status: 'published', now: at }),
    );
    expect(await readSellerProduct(db, id)).toMatchObject({ id, slug, status: 'published', publishedAt: at, createdAt: at, stock: 3 });
    expect((await facetsOf(id)).map((f) => f.facet)).toEqual(['certification', 'material', 'material', 'origin']);

    const failed = newId();
    await expect(
      db.transaction().execute(async (trx) => {
        await writeProduct({ trx, search: app.services.catalog.search, storeId: sellerA.storeId, input: productInput(categoryId), newProductId: failed });
        throw new Error('the seed stops here');
      }),
    ).rejects.toThrow('the seed stops here');
    expect(await productRow(failed)).toBeUndefined();
    expect(await facetsOf(failed)).toEqual([]);
  });
});
