import { describe, expect, it } from 'vitest';
import { CERTIFICATION_SCHEMES, COLOUR_KEYS, SIZES, SORT_KEYS, type SortKey } from '@tessera/contracts';
import type { Dictionary } from '../model/index.js';
import { computeFacets } from './listing-facets.js';
import { sortedPage, type Matches, type Position } from './listing-page.js';
import { buildIndex, type IndexFacetRow, type IndexProductRow, type ListingIndex } from './listing-index.js';
import type { ListingFilters, Selected } from './listing-query.js';

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

const NOW = Date.UTC(2026, 10, 24);
const CATEGORIES = ['home', 'textiles', 'kitchen', 'decor', 'baskets'];
const BRANDS = ['b-1', 'b-2', 'b-3', 'b-4'];
const STORES = ['s-1', 's-2', 's-3', 's-4', 's-5', 's-6'];
const MATERIALS = ['organic-cotton', 'linen', 'jute', 'wool', 'clay'];
const ORIGINS = ['MY', 'ES', 'MA', 'PE'];

function catalog(seed: number, size = 800) {
  const r = random(seed);
  const products: IndexProductRow[] = [];
  const facets: IndexFacetRow[] = [];
  for (let n = 0; n < size; n++) {
    const id = `p-${String(n).padStart(4, '0')}`;
    const price = 500 + Math.floor(r.next() * 20_000);
    products.push({
      id,
      category_id: r.pick(CATEGORIES),
      brand_id: r.next() < 0.2 ? null : r.pick(BRANDS),
      store_id: r.pick(STORES),
      price,
      mrp: r.next() < 0.5 ? price : price + Math.floor(r.next() * price),
      rating: Math.floor(r.next() * 500),
      stock: r.next() < 0.3 ? 0 : Math.floor(r.next() * 50),
      popularity: r.next(),
      published_at: NOW - Math.floor(r.next() * 1e9),
    });
    const row = (facet: string, value: string, expires_at: number | null = null) => facets.push({ facet, value, product_id: id, expires_at });
    for (const colour of r.some(COLOUR_KEYS.slice(0, 6), 3)) row('colour', colour);
    for (const size of r.some(SIZES.slice(0, 5), 3)) row('size', size);
    for (const material of r.some(MATERIALS, 2)) row('material', material);
    row('origin', r.pick(ORIGINS));
    // Some certificates have expired: they must count nowhere, on both paths.
    for (const scheme of r.some(CERTIFICATION_SCHEMES.slice(0, 4), 2)) row('certification', scheme, r.next() < 0.3 ? NOW - 1000 : NOW + 1e9);
  }
  return { index: buildIndex(products, facets), r };
}

const dictionary: Dictionary = {
  categories: new Map(
    CATEGORIES.map((id, sort) => [id, { id, parentId: id === 'textiles' ? 'home' : null, slug: id, name: id, imageUploadId: null, sort, subtree: [id] }]),
  ),
  categoryBySlug: new Map(),
  brands: new Map(BRANDS.map((id, sort) => [id, { id, slug: id, name: id, logoUploadId: null, sort }])),
  brandBySlug: new Map(),
};

function randomFilters(r: ReturnType<typeof random>, ids: string[], search = true, hitShare = 0.15): ListingFilters {
  const filters: ListingFilters = {};
  const maybe = (share: number) => r.next() < share;
  if (maybe(0.4)) filters.colour = r.some(COLOUR_KEYS.slice(0, 6), 2);
  if (maybe(0.3)) filters.size = r.some(SIZES.slice(0, 5), 2);
  if (maybe(0.3)) filters.material = r.some(MATERIALS, 2);
  if (maybe(0.2)) filters.origin = r.some(ORIGINS, 2);
  if (maybe(0.4)) filters.certification = r.some(CERTIFICATION_SCHEMES.slice(0, 4), 2);
  if (maybe(0.3)) filters.brand = r.some(BRANDS, 2);
  if (maybe(0.4)) filters.category = r.some(CATEGORIES, 2);
  if (maybe(0.2)) filters.store = r.some(STORES, 3);
  if (maybe(0.2)) filters.rating = 1 + Math.floor(r.next() * 4);
  if (maybe(0.2)) filters.discount = 10 * (1 + Math.floor(r.next() * 5));
  if (maybe(0.5)) {
    const min = Math.floor(r.next() * 10_000);
    filters.price = { min, max: min + Math.floor(r.next() * 12_000), raw: '' };
  }
  if (maybe(0.3)) filters.inStock = true;
  if (!search) return filters;
  // The search's hits, best first: a share of the catalog, some ids no longer listed, a repeat.
  const hits = ids.filter(() => maybe(hitShare));
  filters.searchIds = [...hits, 'p-gone', hits[0] ?? 'p-0000'];
  return filters;
}

/** The facets, total and matches computeFacets gives for these filters equal the full pass's. */
function expectSameAsFullPass(index: ListingIndex, filters: ListingFilters, round: string, now = NOW) {
  const selected: Selected = {};
  const options = { index, filters, selected, dictionary, language: 'en' as const, now };
  const fast = computeFacets(options);
  const everything = computeFacets({ ...options, scan: 'all' });
  expect(fast.total, round).toBe(everything.total);
  expect(fast.facets, round).toEqual(everything.facets);
  expect(Array.from(fast.matches), round).toEqual(Array.from(everything.matches));
  // What the pages walk with (a browse by block tallies answers it without marking the matches).
  expect(Array.from(everything.matches, (_, i) => (fast.isMatch(i) ? 1 : 0)), round).toEqual(Array.from(everything.matches));
}

describe('facet counts over a candidate list', () => {
  it('counts over the search hits alone exactly as a pass over the whole catalog does', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { index, r } = catalog(seed);
      for (let round = 0; round < 40; round++) {
        expectSameAsFullPass(index, randomFilters(r, index.ids), `seed ${seed}, round ${round}`);
      }
    }
  });

  it('counts a search with few hits (over its hits alone) exactly as the full pass does', () => {
    // At most one hit per 16 products is counted over the hits alone; more goes by the bitsets.
    for (const [seed, size, share] of [
      [51, 4000, 0.01],
      [52, 4000, 0.05],
      [53, 797, 0.03],
      [54, 3000, 0.06],
    ] as const) {
      const { index, r } = catalog(seed, size);
      for (let round = 0; round < 40; round++) {
        const now = r.pick([NOW, NOW, NOW + 1e9, NOW - 2000]);
        expectSameAsFullPass(index, randomFilters(r, index.ids, true, share), `seed ${seed}, round ${round}`, now);
      }
    }
  });

  it('counts a category browse (a category, perhaps a price range, nothing else) exactly as the full pass does', () => {
    // Larger catalogs put many blocks of the block tallies in each category; the times cross a
    // certificate expiry (NOW + 1e9) back and forth on the same index.
    for (const [seed, size] of [
      [11, 800],
      [12, 800],
      [13, 800],
      [14, 4000],
      [15, 2999],
    ] as const) {
      const { index, r } = catalog(seed, size);
      for (let round = 0; round < 40; round++) {
        const filters: ListingFilters = { category: r.some(CATEGORIES, 2) };
        if (r.next() < 0.7) {
          const min = r.next() < 0.2 ? null : Math.floor(r.next() * 10_000);
          filters.price = { min, max: r.next() < 0.2 ? null : (min ?? 0) + Math.floor(r.next() * 12_000), raw: '' };
        }
        if (r.next() < 0.1) filters.price = { min: 5000, max: 4000, raw: '' };
        const now = r.pick([NOW, NOW, NOW + 1e9 - 1, NOW + 1e9, NOW - 2000]);
        expectSameAsFullPass(index, filters, `seed ${seed}, round ${round}`, now);
      }
    }
  });

  it('counts a search (256 hits or more) with perhaps a price range (by its hits\' block tallies) exactly as the full pass does', () => {
    // Each search is asked again and again with other ranges and times, as a buyer moving the slider
    // over its results: from its second use it is counted by block tallies over its hits, which must
    // give the full pass's answer, across a certificate expiry (NOW + 1e9) too.
    for (const [seed, size, share] of [
      [61, 800, 0.3],
      [62, 4000, 0.2],
      [63, 2999, 0.5],
      [64, 797, 0.1],
      // Few hits (at most one per 16 products), still enough for the block tallies.
      [65, 9000, 0.05],
    ] as const) {
      const { index, r } = catalog(seed, size);
      const searches = Array.from({ length: 3 }, () => {
        const hits = index.ids.filter(() => r.next() < share);
        return [...hits, 'p-gone', hits[0] ?? 'p-0000'];
      });
      for (let round = 0; round < 40; round++) {
        const filters: ListingFilters = { searchIds: r.pick(searches) };
        if (r.next() < 0.8) {
          const min = r.next() < 0.2 ? null : Math.floor(r.next() * 10_000);
          filters.price = { min, max: r.next() < 0.2 ? null : (min ?? 0) + Math.floor(r.next() * 12_000), raw: '' };
        }
        const now = r.pick([NOW, NOW, NOW + 1e9 - 1, NOW + 1e9, NOW - 2000]);
        expectSameAsFullPass(index, filters, `seed ${seed}, round ${round}`, now);
      }
    }
  });

  it('counts any combination of filters without a search, over catalogs of any size, exactly as the full pass does', () => {
    // Sizes that are not a multiple of 32 leave the bitsets' last word partly empty.
    for (const [seed, size] of [
      [21, 800],
      [22, 797],
      [23, 33],
      [24, 1],
      [25, 2500],
    ] as const) {
      const { index, r } = catalog(seed, size);
      for (let round = 0; round < 60; round++) expectSameAsFullPass(index, randomFilters(r, index.ids, r.next() < 0.3), `seed ${seed}, round ${round}`);
    }
  });

  it('stops counting a certificate the moment it expires, on the same index', () => {
    const { index, r } = catalog(31);
    // The generated certificates expire at NOW - 1000 or NOW + 1e9: counted before the second, not after it.
    for (const now of [NOW - 2000, NOW, NOW + 1e9 - 1, NOW + 1e9, NOW + 2e9, NOW]) {
      for (let round = 0; round < 10; round++) {
        const filters = randomFilters(r, index.ids, r.next() < 0.5);
        if (round % 2 === 0) filters.certification = [CERTIFICATION_SCHEMES[round % 4] as string];
        expectSameAsFullPass(index, filters, `now ${now}, round ${round}`, now);
      }
    }
    const { index: fresh } = catalog(31);
    const count = (now: number) =>
      computeFacets({ index: fresh, filters: {}, selected: {}, dictionary, language: 'en', now }).facets.find((f) => f.key === 'certification');
    const before = count(NOW);
    const after = count(NOW + 1e9);
    expect(before?.values.reduce((sum, v) => sum + v.count, 0)).toBeGreaterThan(0);
    expect(after?.values).toEqual([]);
  });

  it('finds something to count in most rounds (the comparison above is not between empty answers)', () => {
    const { index, r } = catalog(9);
    const totals = Array.from(
      { length: 40 },
      () => computeFacets({ index, filters: randomFilters(r, index.ids), selected: {}, dictionary, language: 'en', now: NOW }).total,
    );
    expect(totals.filter((total) => total > 0).length).toBeGreaterThan(10);
  });
});

describe('sorted pages', () => {
  /** Every page of a sort, from the first, each page's cursor leading to the next. */
  function allPages(index: ListingIndex, matches: Matches, order: SortKey, hints: { price?: ListingFilters['price']; total?: number }) {
    const pages: string[][] = [];
    let after: Position | undefined;
    for (;;) {
      const page = sortedPage({ index, matches, order, after, limit: 7, ...hints });
      pages.push(page.ids);
      if (!page.next) return pages;
      after = page.next;
    }
  }

  it('gives the same pages when a price sort starts at the range and a first page stops at the total', () => {
    for (const seed of [41, 42]) {
      const { index, r } = catalog(seed, 1200);
      for (let round = 0; round < 40; round++) {
        const filters = randomFilters(r, index.ids, false);
        if (round % 2 === 0) filters.price = { min: Math.floor(r.next() * 15_000), max: r.next() < 0.2 ? null : Math.floor(r.next() * 25_000), raw: '' };
        const { matches, isMatch, total } = computeFacets({ index, filters, selected: {}, dictionary, language: 'en', now: NOW });
        for (const order of SORT_KEYS) {
          const plain = allPages(index, matches, order, {});
          expect(allPages(index, isMatch, order, { price: filters.price, total }), `seed ${seed}, round ${round}, ${order}`).toEqual(plain);
          expect(plain.flat().length).toBe(total);
        }
      }
    }
  });
});
