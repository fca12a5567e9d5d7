import {
  CERTIFICATION_SCHEMES,
  COLOUR_KEYS,
  DEFAULT_CURRENCY_CODE,
  FACET_KEYS,
  INTL_LOCALES,
  SIZES,
  catalogLabel,
  type FacetKey,
  type Language,
  type TFacet,
  type TFacetValue,
} from '@tessera/contracts';
import { type Dictionary, countryName, pickText } from '../model/index.js';
import { browseByBlocks, categoryPriceSpan } from './listing-blocks.js';
import { bitsOf, filterBits, popcount, valueBits, type ActiveFilter, type IndexBits } from './listing-bits.js';
import { categoryCountsInRange, missMask, SEARCH_MISS, type ListingIndex } from './listing-index.js';
import { FACET_ROW_KEYS, type FacetFilterKey, type ListingFilters, type Selected } from './listing-query.js';

/**
 * Facet counts, the standard (disjunctive) way: each facet is counted over the products that match
 * every OTHER filter, so that picking a second colour widens the list and the counts say by how much.
 * A product missing no filter counts in every facet, one missing only facet F's own filter counts in
 * F alone, any other is skipped. A listing works these sets out with bitsets (countWithBits); the full
 * pass (`scan: 'all'`: a miss mask over every product, then one counting pass) is the reference the
 * tests hold it to.
 */
export const RATING_BUCKETS = [4, 3, 2, 1] as const;
export const DISCOUNT_BUCKETS = [10, 20, 30, 40, 50] as const;
const STORES_SHOWN = 30;

interface Counts {
  rows: Map<FacetFilterKey, Map<string, number>>;
  brand: Map<string, number>;
  category: Map<string, number>;
  store: Map<string, number>;
  rating: Map<number, number>;
  discount: Map<number, number>;
  inStock: number;
  price: Array<{ value: string; min: number | null; max: number | null; count: number }>;
  total: number;
}

/** Each facet's bit in a miss mask: its place in FACET_KEYS. */
const BITS = Object.fromEntries(FACET_KEYS.map((key, place) => [key, 1 << place])) as Record<FacetKey, number>;
const PLACE = Object.fromEntries(FACET_KEYS.map((key, place) => [key, place])) as Record<FacetKey, number>;
/** A facet row's facet (its place in FACET_ROW_KEYS) → that facet's place in FACET_KEYS. */
const ROW_PLACE = Int32Array.from(FACET_ROW_KEYS, (key) => PLACE[key]);
const ALL = -1;
const NONE = -2;
/** A facet's place in FACET_KEYS → its bit among the facet rows' facets (0: not a facet-row facet). */
const ROW_BIT = Int32Array.from(FACET_KEYS, (key) => {
  const row = FACET_ROW_KEYS.indexOf(key as FacetFilterKey);
  return row < 0 ? 0 : 1 << row;
});

const andUp = (histogram: Int32Array, from: number) => histogram.subarray(from).reduce((sum, n) => sum + n, 0);

/** Products holding this value now: a certificate past its expiry no longer counts. */
function liveCount(index: ListingIndex, code: number, now: number): number {
  if (FACET_ROW_KEYS[index.valueFacet[code] as number] !== 'certification') return index.valueCount[code] as number;
  const expiry = index.expiries.get(index.values[code] as string);
  if (!expiry) return 0;
  let n = 0;
  for (let j = 0; j < expiry.length; j++) if ((expiry[j] as number) > now) n += 1;
  return n;
}

/** Buffers of an index's size, reused by every listing of that index (computeFacets is synchronous). */
const scratch = new WeakMap<ListingIndex, { mask: Uint16Array; prices: Float64Array; values: Int32Array }>();

/** What one pass over the products counts. */
interface Tallies {
  matches: Uint8Array;
  /** Per facet-row value code: products counted (or, for a facet in `complement`, not counted). */
  values: Int32Array;
  brand: Int32Array;
  category: Int32Array;
  store: Int32Array;
  /** Products per whole star (0-5) and per ten percent off (0-50+): the buckets are their "and up" sums. */
  ratingStars: Int32Array;
  discountTens: Int32Array;
  /** The prices the price facet is counted over, `priced` of them. */
  prices: Float64Array;
  /** [total, in stock, priced]. */
  scalars: Int32Array;
  /** [lowest, highest] counted price. */
  priceRange: Float64Array;
}

/**
 * Facet-row facets (colour, size, …: several rows per product) are counted directly over the products
 * they are counted over, or, when those are most of the catalog (few or no filters), as the full count
 * less the products they are NOT counted over: a bit per FACET_ROW_KEYS place in the result.
 */
function complementRows(mask: Uint16Array, size: number): number {
  const singles = new Int32Array(16);
  let base = 0;
  for (let i = 0; i < size; i++) {
    const miss = mask[i] as number;
    if (miss === 0) base += 1;
    else if ((miss & (miss - 1)) === 0) {
      const place = 31 - Math.clz32(miss);
      singles[place] = (singles[place] as number) + 1;
    }
  }
  let complement = 0;
  for (let row = 0; row < ROW_PLACE.length; row++) if ((base + (singles[ROW_PLACE[row] as number] as number)) * 2 > size) complement |= 1 << row;
  return complement;
}

/**
 * The one pass: a product missing no filter counts everywhere, one missing only facet F's counts in F.
 */
function countProducts(index: ListingIndex, mask: Uint16Array, complement: number, now: number, t: Tallies): void {
  const { size, price, mrp, rating, stock, brand, category, store, rowStart, rowValue, rowExpiry, valueFacet } = index;
  const direct = ~complement & ((1 << ROW_PLACE.length) - 1);
  const { matches, values, ratingStars, discountTens, prices } = t;
  const ratingPlace = PLACE.rating;
  const discountPlace = PLACE.discount;
  const pricePlace = PLACE.price;
  const stockPlace = PLACE.inStock;
  const brandPlace = PLACE.brand;
  const categoryPlace = PLACE.category;
  const storePlace = PLACE.store;
  let total = 0;
  let inStock = 0;
  let priced = 0;
  let minPrice = Number.POSITIVE_INFINITY;
  let maxPrice = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < size; i++) {
    const miss = mask[i] as number;
    let only: number;
    let rowWant: number;
    if (miss === 0) {
      only = ALL;
      rowWant = direct;
      matches[i] = 1;
      total += 1;
    } else if ((miss & (miss - 1)) === 0 && miss !== SEARCH_MISS) {
      only = 31 - Math.clz32(miss);
      const own = ROW_BIT[only] as number;
      rowWant = (complement & ~own) | (direct & own);
    } else {
      only = NONE;
      rowWant = complement;
    }
    if (rowWant !== 0) {
      for (let slot = rowStart[i] as number, end = rowStart[i + 1] as number; slot < end; slot++) {
        const code = rowValue[slot] as number;
        if ((rowWant >> (valueFacet[code] as number)) & 1 && (rowExpiry[slot] as number) > now) values[code] = (values[code] as number) + 1;
      }
    }
    if (only === NONE) continue;
    const all = only === ALL;
    const p = price[i] as number;
    if ((all || only === stockPlace) && (stock[i] as number) > 0) inStock += 1;
    if (all || only === pricePlace) {
      prices[priced++] = p;
      if (p < minPrice) minPrice = p;
      if (p > maxPrice) maxPrice = p;
    }
    if (all || only === ratingPlace) {
      const stars = Math.floor((rating[i] as number) / 100);
      const h = stars > 5 ? 5 : stars < 0 ? 0 : stars;
      ratingStars[h] = (ratingStars[h] as number) + 1;
    }
    if (all || only === discountPlace) {
      const m = mrp[i] as number;
      if (m > 0 && m > p) {
        // Whole percent off, in tens: (m - p) * 100 >= n * m exactly when the whole percent reaches n.
        const tens = Math.floor(Math.floor(((m - p) * 100) / m) / 10);
        const h = tens > 5 ? 5 : tens;
        discountTens[h] = (discountTens[h] as number) + 1;
      }
    }
    if (all || only === brandPlace) {
      const code = brand[i] as number;
      if (code >= 0) t.brand[code] = (t.brand[code] as number) + 1;
    }
    if (all || only === categoryPlace) {
      const code = category[i] as number;
      if (code >= 0) t.category[code] = (t.category[code] as number) + 1;
    }
    if (all || only === storePlace) {
      const code = store[i] as number;
      if (code >= 0) t.store[code] = (t.store[code] as number) + 1;
    }
  }
  t.scalars[0] = total;
  t.scalars[1] = inStock;
  t.scalars[2] = priced;
  t.priceRange[0] = minPrice;
  t.priceRange[1] = maxPrice;
}

/**
 * How much dearer a visit of one facet row is than a word's popcount: the rows of scattered products
 * are cache misses, the bitsets are read in order (set on bench/listing-cpu.ts at 100,000 products).
 */
const ROW_VISIT_COST = 20;

/**
 * Counts every facet with bitsets (listing-bits.ts): `all` (the products matching every filter and the
 * search) and, per filter F, `only F` (those missing F's filter alone) are worked out a word (32
 * products) at a time; facet F is counted over `all` and `only F` together, exactly the set the full
 * pass counts it over. A facet-row facet (colour, size, …) is counted by popcounts of that set's words
 * against each value's bitset when that is less work than visiting the set's products' rows (large
 * sets), else by the visit; columns (price, rating, brand, …) by visiting the set bits.
 */
function countWithBits(index: ListingIndex, filters: ListingFilters, now: number, t: Tallies): void {
  const { size, price, mrp, rating, stock, brand, category, store, rowStart, rowValue, rowExpiry, valueFacet } = index;
  const bits = bitsOf(index);
  const words = bits.words;
  const active = filterBits(index, filters, now, FACET_KEYS);
  const k = active.length;
  const all = new Uint32Array(words);
  const only = active.map((filter) => (filter.key === 'search' ? null : new Uint32Array(words)));
  const tail = size & 31 ? ((1 << (size & 31)) - 1) | 0 : -1;
  const prefix = new Int32Array(k + 1);
  let popAll = 0;
  let busyAll = 0;
  for (let w = 0; w < words; w++) {
    const full = w === words - 1 ? tail : -1;
    prefix[0] = full;
    for (let j = 0; j < k; j++) prefix[j + 1] = (prefix[j] as number) & ((active[j] as ActiveFilter).words[w] as number);
    const every = prefix[k] as number;
    all[w] = every;
    if (every !== 0) {
      busyAll += 1;
      popAll += popcount(every);
    }
    let suffix = full;
    for (let j = k - 1; j >= 0; j--) {
      const own = (active[j] as ActiveFilter).words[w] as number;
      const out = only[j];
      if (out) out[w] = (prefix[j] as number) & suffix & ~own;
      suffix &= own;
    }
  }

  // How each facet-row facet is counted: popcounts (its values' bitsets against its set's words) or row visits.
  const onlyOf = new Map<FacetKey, Uint32Array>();
  active.forEach((filter, j) => {
    const out = only[j];
    if (out && filter.key !== 'search') onlyOf.set(filter.key, out);
  });
  let visitRows = 0;
  FACET_ROW_KEYS.forEach((key, place) => {
    const extra = onlyOf.get(key);
    let members = popAll;
    let busy = busyAll;
    if (extra) {
      for (let w = 0; w < words; w++) {
        const word = extra[w] as number;
        if (word !== 0) {
          members += popcount(word);
          if ((all[w] as number) === 0) busy += 1;
        }
      }
    }
    const codes = bits.codesOf[place] ?? [];
    if (busy * codes.length < members * (bits.rowsPerProduct[place] as number) * ROW_VISIT_COST) {
      countByPopcount(index, bits, codes, all, extra, now, t.values);
    } else visitRows |= 1 << place;
  });

  const { matches, values, ratingStars, discountTens, prices } = t;
  let total = 0;
  let inStock = 0;
  let priced = 0;
  let minPrice = Number.POSITIVE_INFINITY;
  let maxPrice = Number.NEGATIVE_INFINITY;
  for (let w = 0; w < words; w++) {
    let word = all[w] as number;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const i = (w << 5) | (31 - Math.clz32(low));
      matches[i] = 1;
      total += 1;
      if (visitRows !== 0) {
        for (let slot = rowStart[i] as number, end = rowStart[i + 1] as number; slot < end; slot++) {
          const code = rowValue[slot] as number;
          if ((visitRows >> (valueFacet[code] as number)) & 1 && (rowExpiry[slot] as number) > now) values[code] = (values[code] as number) + 1;
        }
      }
      const p = price[i] as number;
      if ((stock[i] as number) > 0) inStock += 1;
      prices[priced++] = p;
      if (p < minPrice) minPrice = p;
      if (p > maxPrice) maxPrice = p;
      const stars = Math.floor((rating[i] as number) / 100);
      const h = stars > 5 ? 5 : stars < 0 ? 0 : stars;
      ratingStars[h] = (ratingStars[h] as number) + 1;
      const m = mrp[i] as number;
      if (m > 0 && m > p) {
        // Whole percent off, in tens: (m - p) * 100 >= n * m exactly when the whole percent reaches n.
        const tens = Math.floor(Math.floor(((m - p) * 100) / m) / 10);
        discountTens[tens > 5 ? 5 : tens] = (discountTens[tens > 5 ? 5 : tens] as number) + 1;
      }
      const b = brand[i] as number;
      if (b >= 0) t.brand[b] = (t.brand[b] as number) + 1;
      const c = category[i] as number;
      if (c >= 0) t.category[c] = (t.category[c] as number) + 1;
      const s = store[i] as number;
      if (s >= 0) t.store[s] = (t.store[s] as number) + 1;
    }
  }

  // Each filtered facet also counts the products missing its own filter alone.
  for (const [key, extra] of onlyOf) {
    const rowPlace = FACET_ROW_KEYS.indexOf(key as FacetFilterKey);
    if (rowPlace >= 0 && !((visitRows >> rowPlace) & 1)) continue;
    for (let w = 0; w < words; w++) {
      let word = extra[w] as number;
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const i = (w << 5) | (31 - Math.clz32(low));
        switch (key) {
          case 'colour':
          case 'size':
          case 'material':
          case 'origin':
          case 'certification':
            for (let slot = rowStart[i] as number, end = rowStart[i + 1] as number; slot < end; slot++) {
              const code = rowValue[slot] as number;
              if ((valueFacet[code] as number) === rowPlace && (rowExpiry[slot] as number) > now) values[code] = (values[code] as number) + 1;
            }
            break;
          case 'inStock':
            if ((stock[i] as number) > 0) inStock += 1;
            break;
          case 'price': {
            const p = price[i] as number;
            prices[priced++] = p;
            if (p < minPrice) minPrice = p;
            if (p > maxPrice) maxPrice = p;
            break;
          }
          case 'rating': {
            const stars = Math.floor((rating[i] as number) / 100);
            const h = stars > 5 ? 5 : stars < 0 ? 0 : stars;
            ratingStars[h] = (ratingStars[h] as number) + 1;
            break;
          }
          case 'discount': {
            const p = price[i] as number;
            const m = mrp[i] as number;
            if (m > 0 && m > p) {
              const tens = Math.floor(Math.floor(((m - p) * 100) / m) / 10);
              discountTens[tens > 5 ? 5 : tens] = (discountTens[tens > 5 ? 5 : tens] as number) + 1;
            }
            break;
          }
          case 'brand': {
            const b = brand[i] as number;
            if (b >= 0) t.brand[b] = (t.brand[b] as number) + 1;
            break;
          }
          case 'category': {
            const c = category[i] as number;
            if (c >= 0) t.category[c] = (t.category[c] as number) + 1;
            break;
          }
          case 'store': {
            const s = store[i] as number;
            if (s >= 0) t.store[s] = (t.store[s] as number) + 1;
            break;
          }
        }
      }
    }
  }
  t.scalars[0] = total;
  t.scalars[1] = inStock;
  t.scalars[2] = priced;
  t.priceRange[0] = minPrice;
  t.priceRange[1] = maxPrice;
}

/** Each of `codes` counted over `all` ∪ `extra` by popcounts of the words where that set has products. */
function countByPopcount(
  index: ListingIndex,
  bits: IndexBits,
  codes: number[],
  all: Uint32Array,
  extra: Uint32Array | undefined,
  now: number,
  values: Int32Array,
) {
  const busy: number[] = [];
  const set = extra ? new Uint32Array(all.length) : all;
  for (let w = 0; w < all.length; w++) {
    const word = extra ? (all[w] as number) | (extra[w] as number) : (all[w] as number);
    if (extra) set[w] = word;
    if (word !== 0) busy.push(w);
  }
  const places = Int32Array.from(busy);
  for (const code of codes) {
    const held = valueBits(index, bits, code, now);
    let n = 0;
    for (let b = 0; b < places.length; b++) {
      const w = places[b] as number;
      n += popcount((set[w] as number) & (held[w] as number));
    }
    values[code] = n;
  }
}

/** Only a category filter, and perhaps a price range. */
function isCategoryBrowse(filters: ListingFilters): boolean {
  if (!filters.category) return false;
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && key !== 'category' && key !== 'price') return false;
  return true;
}

export function computeFacets(options: {
  index: ListingIndex;
  filters: ListingFilters;
  selected: Selected;
  dictionary: Dictionary;
  language: Language;
  now: number;
  /** 'all': pass over every product even with a search (tests compare both ways). */
  scan?: 'all';
}): { facets: TFacet[]; total: number; matches: Uint8Array } {
  const { index, filters, now } = options;
  const { size, valueFacet } = index;
  let buffers = scratch.get(index);
  if (!buffers) {
    buffers = { mask: new Uint16Array(size), prices: new Float64Array(size), values: new Int32Array(index.values.length) };
    scratch.set(index, buffers);
  }
  const t: Tallies = {
    matches: new Uint8Array(size),
    values: buffers.values.fill(0),
    brand: new Int32Array(index.brandIds.length),
    category: new Int32Array(index.categoryIds.length),
    store: new Int32Array(index.storeIds.length),
    ratingStars: new Int32Array(6),
    discountTens: new Int32Array(6),
    prices: buffers.prices,
    scalars: new Int32Array(3),
    priceRange: new Float64Array(2),
  };
  let complement = 0;
  let priceFacet: Counts['price'] | undefined;
  if (options.scan === 'all') {
    // The reference: a miss mask over every product, and one pass over them all.
    const mask = missMask(index, filters, BITS, now, buffers.mask);
    complement = complementRows(mask, size);
    countProducts(index, mask, complement, now, t);
  } else {
    // Browsing a category, perhaps within a price range, and nothing else (a buyer moving the price
    // slider): the category facet (products in each category within the range) is two binary searches
    // over each category's sorted prices instead of a visit of the range's other products.
    // Everything else such a browse counts comes from block tallies in each category's price order
    // (listing-blocks.ts), the price facet from the categories' sorted prices.
    const categoryBrowse = !filters.searchIds && isCategoryBrowse(filters);
    if (categoryBrowse) {
      const low = filters.price?.min ?? Number.NEGATIVE_INFINITY;
      const high = filters.price?.max ?? Number.POSITIVE_INFINITY;
      const wanted = new Set(filters.category);
      const codes = index.categoryIds.flatMap((id, code) => (wanted.has(id) ? [code] : []));
      const { total, inStock } = browseByBlocks(index, codes, low, high, now, t);
      const span = categoryPriceSpan(index, codes);
      t.scalars[0] = total;
      t.scalars[1] = inStock;
      t.category = categoryCountsInRange(index, low, high);
      priceFacet =
        span.count > 0
          ? priceBuckets(span.min, span.max, (bounds) => bounds.map((bound, b) => span.below(bound) - (b ? span.below(bounds[b - 1] as number) : 0)))
          : [];
    } else countWithBits(index, filters, now, t);
  }
  const valueTally = t.values;
  for (let code = 0; code < valueTally.length; code++) {
    if ((complement >> (valueFacet[code] as number)) & 1) valueTally[code] = liveCount(index, code, now) - (valueTally[code] as number);
  }
  const [total, inStock, priced] = t.scalars as unknown as [number, number, number];
  const [minPrice, maxPrice] = t.priceRange as unknown as [number, number];
  const { matches, ratingStars, discountTens, prices } = t;
  const brandTally = t.brand;
  const categoryTally = t.category;
  const storeTally = t.store;

  const rows = new Map<FacetFilterKey, Map<string, number>>(FACET_ROW_KEYS.map((key) => [key, new Map<string, number>()]));
  for (let code = 0; code < valueTally.length; code++) {
    const n = valueTally[code] as number;
    if (n) rows.get(FACET_ROW_KEYS[valueFacet[code] as number] as FacetFilterKey)?.set(index.values[code] as string, n);
  }
  const byColumn = (tally: Int32Array, ids: string[], limit?: number) => {
    let entries: Array<[string, number]> = [];
    for (let code = 0; code < ids.length; code++) if (tally[code]) entries.push([ids[code] as string, tally[code] as number]);
    if (limit) entries = entries.sort((a, b) => b[1] - a[1]).slice(0, limit);
    return new Map(entries);
  };
  const counts: Counts = {
    rows,
    brand: byColumn(brandTally, index.brandIds),
    category: byColumn(categoryTally, index.categoryIds),
    store: byColumn(storeTally, index.storeIds, STORES_SHOWN),
    rating: new Map(RATING_BUCKETS.map((n) => [n, andUp(ratingStars, n)])),
    discount: new Map(DISCOUNT_BUCKETS.map((n) => [n, andUp(discountTens, n / 10)])),
    inStock,
    price: priceFacet ?? (priced > 0 ? priceBuckets(minPrice, maxPrice, (bounds) => scanBuckets(prices, priced, bounds)) : []),
    total,
  };
  const facets = FACET_KEYS.map((key) => renderFacet(key, counts, options));
  return { facets, total, matches };
}

/** The counted prices per bucket (below each bound, at or above the one before), by a pass over them. */
function scanBuckets(prices: Float64Array, count: number, bounds: number[]): number[] {
  const bucketCounts = new Array<number>(bounds.length).fill(0);
  for (let i = 0; i < count; i++) {
    const p = prices[i] as number;
    let b = 0;
    while (p >= (bounds[b] as number)) b += 1;
    bucketCounts[b] = (bucketCounts[b] as number) + 1;
  }
  return bucketCounts;
}

/** The price facet's buckets between the lowest and highest counted price; `countIn` counts them per bound. */
function priceBuckets(minPrice: number, maxPrice: number, countIn: (bounds: number[]) => number[]): Counts['price'] {
  const edges = priceEdges(minPrice, maxPrice);
  const bounds = [...edges, Number.POSITIVE_INFINITY];
  const bucketCounts = countIn(bounds);
  return bounds.map((_, b) => {
    const min = b === 0 ? (edges.length ? null : minPrice) : (edges[b - 1] as number);
    const max = b === edges.length ? (edges.length ? null : maxPrice) : (edges[b] as number) - 1;
    return { value: `${min ?? ''}-${max ?? ''}`, min, max, count: bucketCounts[b] as number };
  });
}

/** Up to three round edges splitting [min, max] into four price buckets ("under 25", "25 – 50", …). */
export function priceEdges(min: number, max: number): number[] {
  if (max <= min) return [];
  const step = niceStep((max - min) / 4);
  const edges: number[] = [];
  let edge = Math.floor(min / step) * step + step;
  while (edge <= max && edges.length < 3) {
    if (edge > min) edges.push(edge);
    edge += step;
  }
  return edges;
}

function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const factor of [1, 2, 2.5, 5, 10]) if (raw <= factor * power) return factor * power;
  return 10 * power;
}

const money = new Map<Language, Intl.NumberFormat>();
function formatMoney(minor: number, language: Language): string {
  let format = money.get(language);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[language], { style: 'currency', currency: DEFAULT_CURRENCY_CODE, maximumFractionDigits: 0 });
    money.set(language, format);
  }
  return format.format(minor / 100);
}

// Category names per dictionary (one per catalog version) and language: parsed once, not per listing.
const namesKept = new WeakMap<Dictionary['categories'], Map<Language, Map<string, string>>>();
function categoryNames(dictionary: Dictionary, language: Language): Map<string, string> {
  let byLanguage = namesKept.get(dictionary.categories);
  if (!byLanguage) namesKept.set(dictionary.categories, (byLanguage = new Map()));
  let names = byLanguage.get(language);
  if (!names) {
    names = new Map([...dictionary.categories.values()].map((category) => [category.id, pickText(category.name, language)]));
    byLanguage.set(language, names);
  }
  return names;
}

function renderFacet(key: FacetKey, counts: Partial<Counts>, options: { selected: Selected; dictionary: Dictionary; language: Language }): TFacet {
  const { language, dictionary } = options;
  const chosen = options.selected[key] ?? new Set<string>();
  const values: TFacetValue[] = [];
  const add = (value: string, label: string, count: number) => {
    const selected = chosen.has(value);
    if (count > 0 || selected) values.push({ value, label, count, selected });
  };
  const rows = counts.rows?.get(key as FacetFilterKey) ?? new Map<string, number>();
  switch (key) {
    case 'colour':
      for (const colour of COLOUR_KEYS) add(colour, catalogLabel('colour', colour, language), rows.get(colour) ?? 0);
      break;
    case 'size':
      for (const size of SIZES) add(size, catalogLabel('size', size, language), rows.get(size) ?? 0);
      break;
    case 'certification':
      for (const scheme of CERTIFICATION_SCHEMES) add(scheme, catalogLabel('certification', scheme, language), rows.get(scheme) ?? 0);
      break;
    case 'material':
      for (const value of unionKeys(rows, chosen)) add(value, catalogLabel('material', value, language), rows.get(value) ?? 0);
      sortByCount(values);
      break;
    case 'origin':
      for (const value of unionKeys(rows, chosen)) add(value, countryName(value, language), rows.get(value) ?? 0);
      sortByCount(values);
      break;
    case 'brand':
      for (const [id, count] of counts.brand ?? []) {
        const brand = dictionary.brands.get(id);
        if (brand) add(brand.slug, brand.name, count);
      }
      for (const slug of chosen) if (!values.some((v) => v.value === slug)) add(slug, dictionary.brandBySlug.get(slug)?.name ?? slug, 0);
      sortByCount(values);
      break;
    case 'category': {
      // A product counts in its category and in every ancestor, so a parent shows its whole subtree.
      const rolled = new Map<string, number>();
      for (const [id, count] of counts.category ?? []) {
        const seen = new Set<string>();
        let current = dictionary.categories.get(id);
        while (current && !seen.has(current.id)) {
          seen.add(current.id);
          rolled.set(current.id, (rolled.get(current.id) ?? 0) + count);
          current = current.parentId ? dictionary.categories.get(current.parentId) : undefined;
        }
      }
      const names = categoryNames(dictionary, language);
      for (const category of dictionary.categories.values()) {
        add(category.slug, names.get(category.id) ?? '', rolled.get(category.id) ?? 0);
      }
      break;
    }
    case 'store':
      // Labelled by the listing service, which knows the stores' names.
      for (const [id, count] of counts.store ?? []) values.push({ value: id, label: id, count, selected: false });
      break;
    case 'rating':
      for (const n of RATING_BUCKETS) add(String(n), catalogLabel('phrase', 'ratingAndUp', language, { n }), counts.rating?.get(n) ?? 0);
      break;
    case 'discount':
      for (const n of DISCOUNT_BUCKETS) add(String(n), catalogLabel('phrase', 'discountAndMore', language, { n }), counts.discount?.get(n) ?? 0);
      break;
    case 'price': {
      for (const bucket of counts.price ?? []) {
        const label =
          bucket.min === null
            ? catalogLabel('phrase', 'priceUnder', language, { max: formatMoney((bucket.max as number) + 1, language) })
            : bucket.max === null
              ? catalogLabel('phrase', 'priceOver', language, { min: formatMoney(bucket.min, language) })
              : catalogLabel('phrase', 'priceBetween', language, { min: formatMoney(bucket.min, language), max: formatMoney(bucket.max + 1, language) });
        add(bucket.value, label, bucket.count);
      }
      for (const raw of chosen) if (!values.some((v) => v.value === raw)) values.push({ value: raw, label: raw, count: 0, selected: true });
      break;
    }
    case 'inStock':
      add('1', catalogLabel('phrase', 'inStock', language), counts.inStock ?? 0);
      break;
  }
  return { key, label: catalogLabel('facet', key, language), values };
}

const unionKeys = (rows: Map<string, number>, chosen: Set<string>) => new Set([...rows.keys(), ...chosen]);
const sortByCount = (values: TFacetValue[]) => values.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
