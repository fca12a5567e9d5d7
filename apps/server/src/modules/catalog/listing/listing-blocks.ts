import { countBelow, type ListingIndex } from './listing-index.js';

/**
 * Block counts per category in price order, for a category browse (a category, perhaps a price range,
 * nothing else: the buyer moving the price slider). Each category's products are kept sorted by price,
 * and after every BLOCK of them the running tallies of everything a browse counts over its matches:
 * each facet value, in stock, whole stars, tens of percent off, each brand. A price range is then a run
 * of each category's price order found by two binary searches, and its counts are the difference of
 * the tallies at the run's two ends: a block boundary's stored tally, corrected by visiting at most
 * BLOCK / 2 products on either side of it. What this costs per browse no longer grows with the range.
 *
 * Exact as the full pass: the tallies count a certificate's row only while it holds, and are rebuilt
 * once the time passes the first expiry after (or is before the last expiry before) the build, so an
 * expired certificate stops counting at once. Derived from one index (one catalog version): a write
 * bumps the version, the next index gets its own blocks, so they are never stale.
 *
 * Memory: (products / BLOCK + categories) rows of (facet values + 13 + brands) 32-bit counts, about
 * 20 bytes a product with 100 facet values and 200 brands (2 MB at 100,000, 20 MB at 1,000,000),
 * plus a 4-byte position, an 8-byte price and a 4-byte store per product for the price orders. A
 * search's blocks (256 hits or more, from its second use) add the categories to a row: 16 bytes a hit
 * and (values + 13 + brands + categories) × 4 / 64 (10–23 bytes), kept while the search's hits are
 * (ListingService keeps at most 1,000,000 ids: at most about 40 MB in all, at any catalog size).
 */
const BLOCK = 64;
const HALF = BLOCK >> 1;

export interface Blocks {
  /** Per run (a category's products, or a search's hits): positions by price (ties by position), their prices, and the tallies. */
  byPrice: Int32Array[];
  prices: Float64Array[];
  /** Their stores' codes in the same order: the one column a browse visits match by match, read in order. */
  stores: Int32Array[];
  /** A search's blocks: its hits' positions, ascending (whether a product is one: a binary search). */
  hits?: Int32Array;
  tallies: Int32Array[];
  /** Slots of a tally row: value codes, then in stock, six whole-star, six ten-percent, brand codes, then perhaps category codes. */
  width: number;
  stockSlot: number;
  starSlot: number;
  discountSlot: number;
  brandSlot: number;
  /** -1: the runs' tallies hold no category counts (a category browse counts them by binary searches). */
  categorySlot: number;
  /** The times between which the rows' certificates count as they did at build time. */
  from: number;
  until: number;
}

const known = new WeakMap<ListingIndex, Blocks>();

function blocksOf(index: ListingIndex, now: number): Blocks {
  const held = known.get(index);
  if (held && now >= held.from && now < held.until) return held;
  const blocks = buildBlocks(index, categoryOrders(index), now, false);
  known.set(index, blocks);
  return blocks;
}

// Each index's distinct certificate expiries, ascending: the window a build's tallies hold for is two
// binary searches, not a pass over every facet row (a search's tallies are built far more often).
const expiriesKept = new WeakMap<ListingIndex, Float64Array>();
function validity(index: ListingIndex, now: number): { from: number; until: number } {
  let expiries = expiriesKept.get(index);
  if (!expiries) {
    const finite = new Set<number>();
    for (let slot = 0; slot < index.rowExpiry.length; slot++) {
      const at = index.rowExpiry[slot] as number;
      if (at !== Number.POSITIVE_INFINITY) finite.add(at);
    }
    expiries = Float64Array.from(finite).sort();
    expiriesKept.set(index, expiries);
  }
  // A row counts while its expiry is after now: the tallies hold until the first expiry after now.
  const past = countBelow(expiries, now, true);
  return {
    from: past > 0 ? (expiries[past - 1] as number) : Number.NEGATIVE_INFINITY,
    until: past < expiries.length ? (expiries[past] as number) : Number.POSITIVE_INFINITY,
  };
}

/** Adds product i's contributions to `tally` at `base` (sign +1 or -1), certificates as at `now`. */
function addProduct(index: ListingIndex, b: Blocks, i: number, tally: Int32Array, base: number, sign: number, now: number): void {
  const { rowStart, rowValue, rowExpiry, stock, rating, price, mrp, brand } = index;
  for (let slot = rowStart[i] as number, end = rowStart[i + 1] as number; slot < end; slot++) {
    if ((rowExpiry[slot] as number) > now) {
      const at = base + (rowValue[slot] as number);
      tally[at] = (tally[at] as number) + sign;
    }
  }
  if ((stock[i] as number) > 0) tally[base + b.stockSlot] = (tally[base + b.stockSlot] as number) + sign;
  const stars = Math.floor((rating[i] as number) / 100);
  const star = base + b.starSlot + (stars > 5 ? 5 : stars < 0 ? 0 : stars);
  tally[star] = (tally[star] as number) + sign;
  const m = mrp[i] as number;
  const p = price[i] as number;
  if (m > 0 && m > p) {
    // Whole percent off, in tens, as the full pass counts it.
    const tens = Math.floor(Math.floor(((m - p) * 100) / m) / 10);
    const off = base + b.discountSlot + (tens > 5 ? 5 : tens);
    tally[off] = (tally[off] as number) + sign;
  }
  const code = brand[i] as number;
  if (code >= 0) tally[base + b.brandSlot + code] = (tally[base + b.brandSlot + code] as number) + sign;
  if (b.categorySlot >= 0) {
    const c = index.category[i] as number;
    if (c >= 0) tally[base + b.categorySlot + c] = (tally[base + b.categorySlot + c] as number) + sign;
  }
}

/** Each category's price order, ties by position: the index's price order split by category (no sort). */
function categoryOrders(index: ListingIndex): Int32Array[] {
  const { category } = index;
  const orders = index.categoryMembers.map((members) => new Int32Array(members.length));
  const filled = new Int32Array(orders.length);
  for (const i of index.orders.price_asc) {
    const code = category[i] as number;
    if (code < 0) continue;
    (orders[code] as Int32Array)[filled[code] as number] = i;
    filled[code] = (filled[code] as number) + 1;
  }
  return orders;
}

function buildBlocks(index: ListingIndex, orders: Int32Array[], now: number, withCategory: boolean): Blocks {
  const values = index.values.length;
  const brands = index.brandIds.length;
  const b: Blocks = {
    byPrice: [],
    prices: [],
    stores: [],
    tallies: [],
    width: values + 13 + brands + (withCategory ? index.categoryIds.length : 0),
    stockSlot: values,
    starSlot: values + 1,
    discountSlot: values + 7,
    brandSlot: values + 13,
    categorySlot: withCategory ? values + 13 + brands : -1,
    ...validity(index, now),
  };
  const { price } = index;
  const running = new Int32Array(b.width);
  for (const order of orders) {
    const n = order.length;
    const rows = Math.ceil(n / BLOCK) + 1;
    const tallies = new Int32Array(rows * b.width);
    running.fill(0);
    for (let k = 0; k < n; k++) {
      if (k % BLOCK === 0) tallies.set(running, (k / BLOCK) * b.width);
      addProduct(index, b, order[k] as number, running, 0, 1, now);
    }
    tallies.set(running, (rows - 1) * b.width);
    b.byPrice.push(order);
    b.prices.push(Float64Array.from(order, (i) => price[i] as number));
    b.stores.push(Int32Array.from(order, (i) => index.store[i] as number));
    b.tallies.push(tallies);
  }
  return b;
}

/** Adds sign × the tallies of the first x products of run `code`'s price order to `acc`. */
function addFirst(index: ListingIndex, b: Blocks, code: number, x: number, sign: number, acc: Int32Array, now: number): void {
  const order = b.byPrice[code] as Int32Array;
  const n = order.length;
  const last = Math.ceil(n / BLOCK);
  // The nearest stored boundary, then the few products between it and x.
  let row = Math.floor((x + HALF) / BLOCK);
  if (row > last) row = last;
  const boundary = row === last ? n : row * BLOCK;
  const tallies = b.tallies[code] as Int32Array;
  const base = row * b.width;
  for (let s = 0; s < b.width; s++) acc[s] = (acc[s] as number) + sign * (tallies[base + s] as number);
  if (boundary < x) for (let k = boundary; k < x; k++) addProduct(index, b, order[k] as number, acc, 0, sign, now);
  else for (let k = x; k < boundary; k++) addProduct(index, b, order[k] as number, acc, 0, -sign, now);
}

/** What a category browse counts over its matches, written into the caller's tallies. */
export interface BrowseTallies {
  values: Int32Array;
  brand: Int32Array;
  category: Int32Array;
  store: Int32Array;
  ratingStars: Int32Array;
  discountTens: Int32Array;
}

/**
 * Counts the products of categories `codes` priced within [low, high] by block tallies: returns the
 * total and those in stock, and fills `t` (each facet value, stars, discounts, brands, and the stores
 * by a visit of the matches' store codes in price order; not the categories). The matches are not
 * marked: a page asks browseMatch whether a product is one, the tests markBrowse.
 */
export function browseByBlocks(
  index: ListingIndex,
  codes: Iterable<number>,
  low: number,
  high: number,
  now: number,
  t: BrowseTallies,
): { total: number; inStock: number } {
  return countRuns(index, blocksOf(index, now), codes, low, high, now, t);
}

/** The runs' products priced within [low, high], counted by their tallies (see browseByBlocks). */
function countRuns(index: ListingIndex, b: Blocks, runs: Iterable<number>, low: number, high: number, now: number, t: BrowseTallies): { total: number; inStock: number } {
  const acc = new Int32Array(b.width);
  const storeTally = t.store;
  let total = 0;
  for (const code of runs) {
    const prices = b.prices[code] as Float64Array;
    const first = countBelow(prices, low, false);
    const end = countBelow(prices, high, true);
    if (end <= first) continue;
    addFirst(index, b, code, end, 1, acc, now);
    addFirst(index, b, code, first, -1, acc, now);
    const stores = b.stores[code] as Int32Array;
    for (let k = first; k < end; k++) {
      const s = stores[k] as number;
      if (s >= 0) storeTally[s] = (storeTally[s] as number) + 1;
    }
    total += end - first;
  }
  t.values.set(acc.subarray(0, b.stockSlot));
  t.ratingStars.set(acc.subarray(b.starSlot, b.starSlot + 6));
  t.discountTens.set(acc.subarray(b.discountSlot, b.discountSlot + 6));
  t.brand.set(acc.subarray(b.brandSlot, b.brandSlot + index.brandIds.length));
  if (b.categorySlot >= 0) t.category.set(acc.subarray(b.categorySlot, b.categorySlot + index.categoryIds.length));
  return { total, inStock: acc[b.stockSlot] as number };
}

/** Marks in `matches` the runs' products priced within [low, high] (what a browse matched). */
function markRuns(b: Blocks, runs: Iterable<number>, low: number, high: number, matches: Uint8Array): Uint8Array {
  for (const code of runs) {
    const prices = b.prices[code] as Float64Array;
    const order = b.byPrice[code] as Int32Array;
    for (let k = countBelow(prices, low, false), end = countBelow(prices, high, true); k < end; k++) matches[order[k] as number] = 1;
  }
  return matches;
}

/** A category browse's matches, marked (for the tests: a page asks categoryMatch). */
export function markBrowse(index: ListingIndex, codes: Iterable<number>, low: number, high: number, now: number): Uint8Array {
  return markRuns(blocksOf(index, now), codes, low, high, new Uint8Array(index.size));
}

/** Whether a product is one of a category browse's matches: in one of the categories (a code set in `wanted`), within the range. */
export function categoryMatch(index: ListingIndex, wanted: Uint8Array, low: number, high: number): (position: number) => boolean {
  const { category, price } = index;
  return (i) => {
    const c = category[i] as number;
    const p = price[i] as number;
    return c >= 0 && wanted[c] === 1 && p >= low && p <= high;
  };
}

/** A search browse's matches, marked (for the tests: a page asks searchMatch). */
export function markSearch(index: ListingIndex, b: Blocks, low: number, high: number): Uint8Array {
  return markRuns(b, [0], low, high, new Uint8Array(index.size));
}

/** Whether a product is one of a search browse's matches: a hit, within the range. */
export function searchMatch(index: ListingIndex, b: Blocks, low: number, high: number): (position: number) => boolean {
  const { price } = index;
  const hits = b.hits as Int32Array;
  return (i) => {
    const p = price[i] as number;
    if (!(p >= low && p <= high)) return false;
    let from = 0;
    let to = hits.length;
    while (from < to) {
      const middle = (from + to) >> 1;
      if ((hits[middle] as number) < i) from = middle + 1;
      else to = middle;
    }
    return from < hits.length && hits[from] === i;
  };
}

/**
 * A search's hits, with perhaps a price range and nothing else (a buyer moving the price slider over
 * a search's results): the same block tallies over the hits in price order, categories included, built
 * per hits array (one per query, language and index: ListingService keeps them) on its second use, so
 * a search asked once pays no build. Undefined while there are none (count another way).
 */
const hitBlocks = new WeakMap<Int32Array, { uses: number; blocks?: Blocks }>();
export function searchBlocks(index: ListingIndex, hits: Int32Array, now: number): Blocks | undefined {
  let held = hitBlocks.get(hits);
  if (!held) hitBlocks.set(hits, (held = { uses: 0 }));
  held.uses += 1;
  if (held.blocks && now >= held.blocks.from && now < held.blocks.until) return held.blocks;
  if (held.uses < 2) return undefined;
  // The hits in price order, ties by position: the index's price order filtered (no sort).
  const hit = new Uint8Array(index.size);
  for (let k = 0; k < hits.length; k++) hit[hits[k] as number] = 1;
  const order = new Int32Array(hits.length);
  let n = 0;
  for (const i of index.orders.price_asc) if (hit[i] === 1) order[n++] = i;
  held.blocks = buildBlocks(index, [order], now, true);
  held.blocks.hits = hits;
  return held.blocks;
}

/** Counts the search's hits priced within [low, high] by its block tallies, categories included (see browseByBlocks). */
export function searchByBlocks(index: ListingIndex, b: Blocks, low: number, high: number, now: number, t: BrowseTallies): { total: number; inStock: number } {
  return countRuns(index, b, [0], low, high, now, t);
}

/** The price facet of a search browse: over every hit whatever the range, from their sorted prices. */
export function searchPriceSpan(b: Blocks): PriceSpan {
  const prices = b.prices[0] as Float64Array;
  const count = prices.length;
  return {
    count,
    min: count ? (prices[0] as number) : Number.POSITIVE_INFINITY,
    max: count ? (prices[count - 1] as number) : Number.NEGATIVE_INFINITY,
    below: (edge) => countBelow(prices, edge, false),
  };
}

export interface PriceSpan {
  count: number;
  min: number;
  max: number;
  below: (edge: number) => number;
}

/**
 * The price facet of a category browse: it is counted over the categories' products whatever the
 * price range (the range is its own filter), so from their sorted prices by binary searches: the
 * lowest and highest price, and how many are below a bucket's edge.
 */
export function categoryPriceSpan(index: ListingIndex, codes: Iterable<number>): PriceSpan {
  const lists: Float64Array[] = [];
  let count = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const code of codes) {
    const prices = index.categoryPrices[code] as Float64Array;
    if (!prices.length) continue;
    lists.push(prices);
    count += prices.length;
    min = Math.min(min, prices[0] as number);
    max = Math.max(max, prices[prices.length - 1] as number);
  }
  return { count, min, max, below: (edge) => lists.reduce((sum, prices) => sum + countBelow(prices, edge, false), 0) };
}

/** Bytes the block tallies and price orders of this index hold (0 before its first browse), for the bench. */
export function blocksBytes(index: ListingIndex): number {
  const b = known.get(index);
  if (!b) return 0;
  const sum = (arrays: Array<{ byteLength: number }>) => arrays.reduce((n, a) => n + a.byteLength, 0);
  return sum(b.byPrice) + sum(b.prices) + sum(b.stores) + sum(b.tallies);
}
