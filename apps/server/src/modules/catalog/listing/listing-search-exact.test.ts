import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { COLOUR_KEYS, SIZES, ZListingResponseSchema, type TListingQuery, type TListingResponse } from '@tessera/contracts';
import type { Insertable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { insertRows } from '../../../seed/catalog/bulk.js';
import { newId } from '../../../lib/ids.js';
import { createTestApp } from '../../../test/app.js';
import { createApprovedStore, createBrand, createCategory } from '../../../test/catalog.js';
import { createDictionary, deriveFacetRows } from '../model/index.js';
import { computeFacets } from './listing-facets.js';
import { createListingIndexSource } from './listing-index.js';
import { resolveFilters } from './listing-query.js';

/**
 * A search that matches more than a thousand products answers its total, its facet counts and every
 * page over ALL its matches, on either database: each answer is held against a full pass over the
 * catalog (computeFacets' scan of every product) with the products known to contain the word, as
 * generated here, never as the search found them.
 */

/** A small deterministic pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const some = <T>(items: readonly T[], most: number): T[] => [...new Set(Array.from({ length: 1 + Math.floor(next() * most) }, () => pick(items)))];
  return { next, pick, some };
}

const PRODUCTS = 1500;
const COLOURS = COLOUR_KEYS.slice(0, 5);
const SIZE_VALUES = SIZES.slice(0, 4);
const MATERIAL_VALUES = ['organic-cotton', 'linen', 'jute', 'wool'] as const;
const ORIGINS = ['MY', 'ES', 'MA', 'PE'];

let app: FastifyInstance;
/** Products whose title says cotton; those that say it in their materials (organic cotton) but not the title; and in the description only (weaker matches). */
const inTitle = new Set<string>();
const inMaterials = new Set<string>();
const inDescription = new Set<string>();
const slugs = { categories: [] as string[], brands: [] as string[], stores: [] as string[] };

beforeAll(async () => {
  ({ app } = await createTestApp());
  const stores = await Promise.all([1, 2, 3].map(() => createApprovedStore(app)));
  const categories = await Promise.all(['a', 'b', 'c'].map(() => createCategory(app)));
  const brands = await Promise.all(['a', 'b'].map(() => createBrand(app)));
  slugs.stores = stores.map((s) => s.alias);
  slugs.categories = categories.map((c) => c.slug);
  slugs.brands = brands.map((b) => b.slug);

  const r = random(16);
  const now = Date.now();
  const products: Array<Insertable<Database['products']>> = [];
  const variants: Array<Insertable<Database['product_variants']>> = [];
  const materials: Array<Insertable<Database['product_materials']>> = [];
  const facets: Array<Insertable<Database['product_facets']>> = [];
  for (let n = 0; n < PRODUCTS; n++) {
    const id = newId();
    const kind = r.next();
    // Most say cotton in the title, some only in the description, some not at all.
    const title = kind < 0.75 ? `Cotton tote ${n}` : `Linen napkin ${n}`;
    const description = kind < 0.75 ? 'Sewn by hand.' : kind < 0.85 ? 'Lined with soft cotton.' : 'Sewn by hand.';
    const price = 500 + Math.floor(r.next() * 20_000);
    const origin = r.pick(ORIGINS);
    const productVariants = r.some(COLOURS, 2).map((colour, sort) => ({
      id: newId(),
      product_id: id,
      colour,
      size: r.pick(SIZE_VALUES),
      sku: null,
      price: null,
      mrp: null,
      stock: r.next() < 0.3 ? 0 : 1 + Math.floor(r.next() * 20),
      sort,
    }));
    const productMaterials = r
      .some(MATERIAL_VALUES, 2)
      .map((material, i, all) => ({ product_id: id, material, share: i === 0 ? 100 - 10 * (all.length - 1) : 10 }));
    if (kind < 0.75) inTitle.add(id);
    else if (productMaterials.some((m) => m.material === 'organic-cotton')) inMaterials.add(id);
    else if (kind < 0.85) inDescription.add(id);
    const stock = productVariants.reduce((sum, v) => sum + v.stock, 0);
    products.push({
      id,
      store_id: r.pick(stores).storeId,
      category_id: r.pick(categories).id,
      brand_id: r.next() < 0.2 ? null : r.pick(brands).id,
      slug: `exact-${n}-${id.slice(-6).toLowerCase()}`,
      title: JSON.stringify({ en: title }),
      description: JSON.stringify({ en: description }),
      highlights: '{}',
      specs: '[]',
      size_chart: null,
      manufacturer: 'Test Makers',
      currency: 'EUR',
      price,
      mrp: r.next() < 0.5 ? price : price + Math.floor(r.next() * price),
      moq: 1,
      stock,
      restockable: 1,
      origin_country: origin,
      origin_region: 'Somewhere',
      maker_name: 'Test Cooperative',
      maker_type: 'cooperative',
      production_method: 'handmade',
      lead_time_days: 14,
      tags: '[]',
      rating: Math.floor(r.next() * 500),
      review_count: 1,
      popularity: Math.floor(r.next() * 1000),
      status: 'published' as const,
      published_at: now - Math.floor(r.next() * 1e9),
      created_at: now,
      updated_at: now,
    });
    variants.push(...productVariants);
    materials.push(...productMaterials);
    facets.push(...deriveFacetRows({ productId: id, originCountry: origin, variants: productVariants, materials: productMaterials, certifications: [] }));
  }
  const db = app.db.kysely;
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'products', products);
    await insertRows(trx, 'product_variants', variants);
    await insertRows(trx, 'product_materials', materials);
    await insertRows(trx, 'product_facets', facets);
  });
  await app.services.catalog.search.reindexAll();
  await app.services.catalog.version.bump();
}, 120_000);

async function listOk(query: Record<string, string>): Promise<TListingResponse['data']> {
  const response = await app.inject({ method: 'GET', url: `/v1/products?${new URLSearchParams(query).toString()}` });
  expect(response.statusCode, response.body).toBe(200);
  return ZListingResponseSchema.parse(response.json()).data;
}

/** The full pass: every product's mask, with the products known to contain the word as the search's hits. */
async function fullPass(query: Record<string, string>, hits: string[]) {
  const db = app.db.kysely;
  const version = app.services.catalog.version;
  const dictionary = await createDictionary(db, version)();
  const index = await createListingIndexSource(db, version)();
  const { filters, selected } = await resolveFilters({ query: query as TListingQuery, dictionary, db });
  filters.searchIds = hits;
  const result = computeFacets({ index, filters, selected, dictionary, language: 'en', now: Date.now(), scan: 'all' });
  // The store facet comes back named by alias (the listing names it and marks the chosen ones).
  const stores = await db.selectFrom('stores').select(['id', 'store_alias_name']).execute();
  const alias = new Map(stores.map((s) => [s.id, s.store_alias_name]));
  const facets = result.facets.map((f) =>
    f.key === 'store'
      ? {
          ...f,
          values: f.values.map((v) => ({ ...v, value: alias.get(v.value) ?? v.value, selected: selected.store?.has(alias.get(v.value) ?? '') ?? false })),
        }
      : f,
  );
  return { total: result.total, facets, matches: new Set(index.ids.filter((_, i) => result.matches[i])) };
}

/** Facets compared value by value, labels aside (the store's label is its name). */
const counts = (facets: TListingResponse['data']['facets']) =>
  Object.fromEntries(facets.map((f) => [f.key, Object.fromEntries(f.values.map((v) => [v.value, [v.count, v.selected]]))]));

function randomFilters(r: ReturnType<typeof random>): Record<string, string> {
  const query: Record<string, string> = {};
  const maybe = (share: number) => r.next() < share;
  if (maybe(0.4)) query.colour = r.some(COLOURS, 2).join(',');
  if (maybe(0.3)) query.size = r.some(SIZE_VALUES, 2).join(',');
  if (maybe(0.3)) query.material = r.some(MATERIAL_VALUES, 2).join(',');
  if (maybe(0.2)) query.origin = r.some(ORIGINS, 2).join(',');
  if (maybe(0.3)) query.brand = r.some(slugs.brands, 1).join(',');
  if (maybe(0.3)) query.category = r.some(slugs.categories, 2).join(',');
  if (maybe(0.2)) query.store = r.some(slugs.stores, 2).join(',');
  if (maybe(0.2)) query.rating = String(1 + Math.floor(r.next() * 4));
  if (maybe(0.2)) query.discount = String(10 * (1 + Math.floor(r.next() * 5)));
  if (maybe(0.5)) {
    const min = Math.floor(r.next() * 10_000);
    query.price = `${min}-${min + Math.floor(r.next() * 12_000)}`;
  }
  if (maybe(0.3)) query.inStock = '1';
  return query;
}

/** Every page of a listing, following the cursor. */
async function allPages(query: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const data = await listOk({ ...query, limit: '60', ...(cursor ? { cursor } : {}) });
    ids.push(...data.items.map((item) => item.id));
    cursor = data.nextCursor;
  } while (cursor);
  return ids;
}

describe('a search with more than a thousand matches', () => {
  const cotton = () => [...inTitle, ...inMaterials, ...inDescription];

  it('answers the total and facets of every match, as the full pass counts them', async () => {
    expect(cotton().length).toBeGreaterThan(1000);
    const plain = await listOk({ q: 'cotton' });
    const reference = await fullPass({}, cotton());
    expect(plain.total).toBe(cotton().length);
    expect(counts(plain.facets)).toEqual(counts(reference.facets));

    const r = random(1016);
    let narrowed = 0;
    for (let round = 0; round < 24; round++) {
      const filters = randomFilters(r);
      // A typo finds the same products through its correction.
      const q = round % 4 === 3 ? 'coton' : 'cotton';
      const data = await listOk({ q, ...filters });
      const expected = await fullPass(filters, cotton());
      expect(data.total, `round ${round}: ${JSON.stringify(filters)}`).toBe(expected.total);
      expect(counts(data.facets), `round ${round}`).toEqual(counts(expected.facets));
      if (expected.total > 0 && expected.total < cotton().length) narrowed += 1;
    }
    // The comparison is not between empty (or unfiltered) answers.
    expect(narrowed).toBeGreaterThan(10);
  });

  it('pages through every match: relevance (title, then materials, then description) and a sort, deep pages included', async () => {
    const ranked = await allPages({ q: 'cotton' });
    expect(ranked).toHaveLength(cotton().length);
    expect(new Set(ranked)).toEqual(new Set(cotton()));
    // A match in the title ranks above one in the materials, and that above one in the description only.
    expect(new Set(ranked.slice(0, inTitle.size))).toEqual(inTitle);
    expect(new Set(ranked.slice(inTitle.size, inTitle.size + inMaterials.size))).toEqual(inMaterials);

    const filters = { price: '2000-15000', inStock: '1' };
    const expected = await fullPass(filters, cotton());
    expect(expected.matches.size).toBeGreaterThan(60 * 3);
    const cheapest = await allPages({ q: 'cotton', sort: 'price_asc', ...filters });
    expect(new Set(cheapest)).toEqual(expected.matches);
    expect(cheapest).toHaveLength(expected.matches.size);
    const byRelevance = await allPages({ q: 'cotton', ...filters });
    expect(new Set(byRelevance)).toEqual(expected.matches);
    expect(byRelevance).toHaveLength(expected.matches.size);
  });
});
