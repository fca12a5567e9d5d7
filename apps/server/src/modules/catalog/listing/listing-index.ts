import { sql, type Kysely, type SqlBool } from 'kysely';
import type { FacetKey, SortKey } from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import type { CatalogVersion } from '../cache/index.js';
import { FACET_ROW_KEYS, type FacetFilterKey, type ListingFilters } from './listing-query.js';

/**
 * The listing's working set, held in memory per catalog version: every published product's sort and
 * filter columns in typed arrays, the facet values as posting lists (product positions), and each
 * sort's order precomputed. A listing then costs a few passes over arrays (about a millisecond at
 * 100,000 products) instead of scanning wide product rows for every facet: filters, facet counts,
 * totals and keyset pages are computed here, and only the page's cards are read from the database.
 *
 * It is rebuilt on the first listing after a bump (two queries: the products' narrow columns and the
 * facet rows); concurrent listings share the one build. Certificates keep their expiry so that one
 * that expires stops counting without a rebuild.
 */
export interface ListingIndex {
  size: number;
  ids: string[];
  position: Map<string, number>;
  category: Int32Array;
  brand: Int32Array;
  store: Int32Array;
  /** The distinct category, brand and store ids the columns above point into (-1: none). */
  categoryIds: string[];
  brandIds: string[];
  storeIds: string[];
  price: Float64Array;
  mrp: Float64Array;
  rating: Int32Array;
  stock: Int32Array;
  /** Facet rows per facet and value: the positions of the products that have it. */
  postings: Map<FacetFilterKey, Map<string, Int32Array>>;
  /** Certification postings' expiry, parallel to their positions. */
  expiries: Map<string, Float64Array>;
  /**
   * The same facet rows per product (compressed rows): product i has the value codes
   * rowValue[rowStart[i] .. rowStart[i + 1]), with their expiry (+Infinity unless a certificate's).
   * A code names a facet (valueFacet: its place in FACET_ROW_KEYS) and a value (values). Facet counts
   * then cost a visit of the matching products' own rows instead of a scan of every posting list.
   */
  rowStart: Int32Array;
  rowValue: Int32Array;
  rowExpiry: Float64Array;
  valueFacet: Uint8Array;
  values: string[];
  /** Products per value code, expiry ignored (certifications are counted live from their postings). */
  valueCount: Int32Array;
  orders: Record<SortKey, Int32Array>;
  sortValue: Record<SortKey, Float64Array>;
  /** Per category code: its products' positions (ascending), and their prices (ascending, for counting a price range). */
  categoryMembers: Int32Array[];
  categoryPrices: Float64Array[];
}

const FACET_ROW_SET = new Set<string>(FACET_ROW_KEYS);
const CHUNK = 20_000;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Published products per category id (not rolled up to parents). */
export function countByCategory(index: ListingIndex): Map<string, number> {
  const tally = new Array<number>(index.categoryIds.length).fill(0);
  for (let i = 0; i < index.size; i++) tally[index.category[i] as number] = (tally[index.category[i] as number] as number) + 1;
  return new Map(index.categoryIds.map((id, code) => [id, tally[code] as number]));
}

/** The listing index of the current catalog version, and whether the one it gives is that version's. */
export interface ListingIndexSource {
  (): Promise<ListingIndex>;
  /** False while listings are answered from an index older than the current catalog version. */
  settled(): boolean;
}

/**
 * From this many products on, a reload takes long enough (seconds at 100,000) that listings keep
 * answering from the previous index while it runs; smaller catalogs reload in milliseconds and
 * every listing waits for the fresh one. Product pages and the cards of a listing are read from the
 * database either way, so only membership and counts lag, for the length of one reload.
 */
export const STALE_SERVE_MIN_SIZE = 20_000;

export function createListingIndexSource(db: Kysely<Database>, version: CatalogVersion, options: { staleServeMinSize?: number } = {}): ListingIndexSource {
  const staleServeMinSize = options.staleServeMinSize ?? STALE_SERVE_MIN_SIZE;
  let ready: { version: number; sequence: number; index: ListingIndex } | null = null;
  let building: { version: number; value: Promise<ListingIndex> } | null = null;
  let sequence = 0;
  const start = (current: number) => {
    const started = ++sequence;
    const value = loadIndex(db);
    building = { version: current, value };
    value
      .then(
        (index) => {
          // Builds may finish out of order; the later-started one wins.
          if (!ready || ready.sequence < started) ready = { version: current, sequence: started, index };
        },
        () => undefined,
      )
      .finally(() => {
        if (building?.value === value) building = null;
      });
    return value;
  };
  const source = (() => {
    const current = version.current();
    if (ready?.version === current) return Promise.resolve(ready.index);
    const pending = building?.version === current ? building.value : start(current);
    if (ready && ready.index.size >= staleServeMinSize) return Promise.resolve(ready.index);
    return pending;
  }) as ListingIndexSource;
  // Only an old index served while the fresh one loads makes answers stale: before the first build,
  // and for small catalogs (whose listings wait for the fresh index), every answer is current.
  source.settled = () => !ready || ready.version === version.current() || ready.index.size < staleServeMinSize;
  return source;
}

/** A published product's listing columns, as loadIndex reads them. */
export interface IndexProductRow {
  id: string;
  category_id: string;
  brand_id: string | null;
  store_id: string;
  price: number;
  mrp: number;
  rating: number;
  stock: number;
  popularity: number;
  published_at: number | null;
}
/** A facet row (product_facets), as loadIndex reads it. */
export interface IndexFacetRow {
  facet: string;
  value: string;
  product_id: string;
  expires_at: number | null;
}

async function loadIndex(db: Kysely<Database>): Promise<ListingIndex> {
  // Read in keyset chunks, yielding between them: on SQLite each query runs synchronously, and other
  // requests (product pages, cached listings) must not wait for a whole rebuild.
  const products: IndexProductRow[] = [];
  for (let after = ''; ;) {
    const chunk = await db
      .selectFrom('products')
      .select(['id', 'category_id', 'brand_id', 'store_id', 'price', 'mrp', 'rating', 'stock', 'popularity', 'published_at'])
      .where('status', '=', 'published')
      .where('id', '>', after)
      .orderBy('status')
      .orderBy('id')
      .limit(CHUNK)
      .execute();
    products.push(...chunk);
    if (chunk.length < CHUNK) break;
    after = chunk[chunk.length - 1]?.id as string;
    await yieldToOthers();
  }
  // The facet table's own (covering) key, in its order; rows of unpublished products are skipped below.
  type FacetRow = IndexFacetRow;
  const facets: FacetRow[] = [];
  for (let after: [string, string, string] | null = null; ;) {
    const from: [string, string, string] | null = after;
    const chunk: FacetRow[] = await db
      .selectFrom('product_facets')
      .select(['facet', 'value', 'product_id', 'expires_at'])
      .$if(from !== null, (qb) => qb.where(sql<SqlBool>`(facet, value, product_id) > (${from?.[0]}, ${from?.[1]}, ${from?.[2]})`))
      .orderBy('facet')
      .orderBy('value')
      .orderBy('product_id')
      .limit(CHUNK)
      .execute();
    facets.push(...chunk);
    const last: FacetRow | undefined = chunk[chunk.length - 1];
    if (chunk.length < CHUNK || !last) break;
    after = [last.facet, last.value, last.product_id];
    await yieldToOthers();
  }
  return buildIndex(products, facets);
}

/** The index of these products and facet rows (rows of products not among them are skipped). */
export function buildIndex(products: IndexProductRow[], facets: readonly IndexFacetRow[]): ListingIndex {
  // Positions follow the ids' code-unit order, the order the cursor compares ids in.
  products.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const size = products.length;
  const ids = products.map((p) => p.id);
  const position = new Map(ids.map((id, i) => [id, i]));
  const interner = () => {
    const list: string[] = [];
    const index = new Map<string, number>();
    return {
      list,
      of(value: string | null): number {
        if (value === null) return -1;
        let i = index.get(value);
        if (i === undefined) {
          i = list.length;
          list.push(value);
          index.set(value, i);
        }
        return i;
      },
    };
  };
  const categories = interner();
  const brands = interner();
  const stores = interner();
  const category = new Int32Array(size);
  const brand = new Int32Array(size);
  const store = new Int32Array(size);
  const price = new Float64Array(size);
  const mrp = new Float64Array(size);
  const rating = new Int32Array(size);
  const stock = new Int32Array(size);
  const popularity = new Float64Array(size);
  const publishedAt = new Float64Array(size);
  products.forEach((p, i) => {
    category[i] = categories.of(p.category_id);
    brand[i] = brands.of(p.brand_id);
    store[i] = stores.of(p.store_id);
    price[i] = Number(p.price);
    mrp[i] = Number(p.mrp);
    rating[i] = p.rating;
    stock[i] = p.stock;
    popularity[i] = p.popularity;
    publishedAt[i] = Number(p.published_at ?? 0);
  });

  const lists = new Map<string, { facet: FacetFilterKey; value: string; positions: number[]; expiries: number[] }>();
  for (const row of facets) {
    const at = position.get(row.product_id);
    if (at === undefined || !FACET_ROW_SET.has(row.facet)) continue;
    const key = `${row.facet}\u0000${row.value}`;
    let list = lists.get(key);
    if (!list) {
      list = { facet: row.facet as FacetFilterKey, value: row.value, positions: [], expiries: [] };
      lists.set(key, list);
    }
    list.positions.push(at);
    list.expiries.push(row.expires_at === null ? Number.POSITIVE_INFINITY : Number(row.expires_at));
  }
  const postings = new Map<FacetFilterKey, Map<string, Int32Array>>(FACET_ROW_KEYS.map((k) => [k, new Map()]));
  const expiries = new Map<string, Float64Array>();
  const rowStart = new Int32Array(size + 1);
  const valueFacet = new Uint8Array(lists.size);
  const values: string[] = [];
  for (const list of lists.values()) {
    postings.get(list.facet)?.set(list.value, Int32Array.from(list.positions));
    if (list.facet === 'certification') expiries.set(list.value, Float64Array.from(list.expiries));
    valueFacet[values.length] = FACET_ROW_KEYS.indexOf(list.facet);
    values.push(list.value);
    for (const at of list.positions) rowStart[at + 1] = (rowStart[at + 1] as number) + 1;
  }
  for (let i = 0; i < size; i++) rowStart[i + 1] = (rowStart[i + 1] as number) + (rowStart[i] as number);
  const valueCount = Int32Array.from(lists.values(), (list) => list.positions.length);
  const rowValue = new Int32Array(rowStart[size] as number);
  const rowExpiry = new Float64Array(rowStart[size] as number);
  const fill = rowStart.slice(0, size);
  let code = 0;
  for (const list of lists.values()) {
    const certification = list.facet === 'certification';
    list.positions.forEach((at, j) => {
      const slot = fill[at] as number;
      fill[at] = slot + 1;
      rowValue[slot] = code;
      rowExpiry[slot] = certification ? (list.expiries[j] as number) : Number.POSITIVE_INFINITY;
    });
    code += 1;
  }

  const categoryMembers = categories.list.map(() => [] as number[]);
  for (let i = 0; i < size; i++) if ((category[i] as number) >= 0) categoryMembers[category[i] as number]?.push(i);

  // Each sort's order, with the id (ascending position, since rows came ordered by id) breaking ties
  // exactly as the keyset cursor expects; price_desc breaks them by descending id.
  const order = (key: Float64Array, descending: boolean, idDescending = false) => {
    const positions = Int32Array.from({ length: size }, (_, i) => i);
    return positions.sort((a, b) => {
      const diff = descending ? (key[b] as number) - (key[a] as number) : (key[a] as number) - (key[b] as number);
      return diff !== 0 ? diff : idDescending ? b - a : a - b;
    });
  };
  return {
    size,
    ids,
    position,
    category,
    brand,
    store,
    categoryIds: categories.list,
    brandIds: brands.list,
    storeIds: stores.list,
    price,
    mrp,
    rating,
    stock,
    postings,
    expiries,
    rowStart,
    rowValue,
    rowExpiry,
    valueFacet,
    values,
    valueCount,
    orders: { popularity: order(popularity, true), price_asc: order(price, false), price_desc: order(price, true, true), newest: order(publishedAt, true) },
    sortValue: { popularity, price_asc: price, price_desc: price, newest: publishedAt },
    categoryMembers: categoryMembers.map((members) => Int32Array.from(members)),
    categoryPrices: categoryMembers.map((members) => Float64Array.from(members, (i) => price[i] as number).sort()),
  };
}

/** Products per category code priced within [low, high]: two binary searches per category. */
export function categoryCountsInRange(index: ListingIndex, low: number, high: number): Int32Array {
  const counts = new Int32Array(index.categoryIds.length);
  index.categoryPrices.forEach((prices, code) => {
    counts[code] = countBelow(prices, high, true) - countBelow(prices, low, false);
  });
  return counts;
}
/** How many of the ascending `sorted` are below `value` (or equal to it, with `orEqual`), by binary search. */
export function countBelow(sorted: Float64Array, value: number, orEqual: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const at = sorted[middle] as number;
    if (at < value || (orEqual && at === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The bit of the search in a miss mask: a product the search did not find counts nowhere. */
export const SEARCH_MISS = 1 << 15;

/**
 * Which filters each product misses, one bit per filter (`bits` gives the facet keys' bits; the
 * search has SEARCH_MISS): 0 means it matches them all, a single facet's bit means it matches every
 * filter but that facet's own, which is exactly the set that facet is counted over. One pass per
 * filter in use, written into `mask` (a reused buffer of the index's size).
 */
export function missMask(index: ListingIndex, filters: ListingFilters, bits: Partial<Record<FacetKey, number>>, now: number, mask: Uint16Array): Uint16Array {
  const { size } = index;
  mask.fill(0, 0, size);
  for (const key of FACET_ROW_KEYS) {
    const values = filters[key];
    const bit = bits[key];
    if (!values || bit === undefined) continue;
    // Every product misses it, but those holding one of the (live) values.
    markAll(mask, size, bit);
    for (const value of values) {
      const positions = index.postings.get(key)?.get(value);
      if (positions) unmark(mask, positions, key === 'certification' ? index.expiries.get(value) : undefined, now, ~bit);
    }
  }
  const byColumn = (column: Int32Array, ids: string[], wanted: string[] | undefined, bit: number | undefined) => {
    if (!wanted || bit === undefined) return;
    const set = new Set(wanted);
    markColumn(
      mask,
      size,
      column,
      Uint8Array.from(ids, (id) => (set.has(id) ? 1 : 0)),
      bit,
    );
  };
  byColumn(index.brand, index.brandIds, filters.brand, bits.brand);
  byColumn(index.category, index.categoryIds, filters.category, bits.category);
  byColumn(index.store, index.storeIds, filters.store, bits.store);
  if (filters.rating !== undefined && bits.rating !== undefined) markBelow(mask, size, index.rating, filters.rating * 100, bits.rating);
  if (filters.discount !== undefined && bits.discount !== undefined) markDiscount(mask, size, index.price, index.mrp, filters.discount, bits.discount);
  if (filters.price && bits.price !== undefined) {
    markOutside(mask, size, index.price, filters.price.min ?? Number.NEGATIVE_INFINITY, filters.price.max ?? Number.POSITIVE_INFINITY, bits.price);
  }
  if (filters.inStock === true && bits.inStock !== undefined) markBelow(mask, size, index.stock, 1, bits.inStock);
  if (filters.searchIds) {
    markAll(mask, size, SEARCH_MISS);
    for (const id of filters.searchIds) {
      const at = index.position.get(id);
      if (at !== undefined) mask[at] = (mask[at] as number) & ~SEARCH_MISS;
    }
  }
  return mask;
}

// A search's hits are one array per query and catalog version (ListingService keeps them): their
// positions are worked out once per array and index, not for every filter, sort and page.
const hitPositions = new WeakMap<readonly string[], { index: ListingIndex; positions: Int32Array }>();

/** The index positions of the search's hits (ids no longer listed are left out), ascending, without repeats. */
export function positionsOf(index: ListingIndex, ids: readonly string[]): Int32Array {
  const known = hitPositions.get(ids);
  if (known?.index === index) return known.positions;
  const seen = new Uint8Array(index.size);
  const found: number[] = [];
  for (const id of ids) {
    const at = index.position.get(id);
    if (at !== undefined && !seen[at]) {
      seen[at] = 1;
      found.push(at);
    }
  }
  const positions = Int32Array.from(found).sort();
  hitPositions.set(ids, { index, positions });
  return positions;
}

// Small loops of their own, each over typed arrays only, so that each stays fast whatever the others see.
function markAll(mask: Uint16Array, size: number, bit: number) {
  for (let i = 0; i < size; i++) mask[i] = (mask[i] as number) | bit;
}
function unmark(mask: Uint16Array, positions: Int32Array, expiry: Float64Array | undefined, now: number, keep: number) {
  for (let j = 0; j < positions.length; j++) {
    if (!expiry || (expiry[j] as number) > now) mask[positions[j] as number] = (mask[positions[j] as number] as number) & keep;
  }
}
function markColumn(mask: Uint16Array, size: number, column: Int32Array, allowed: Uint8Array, bit: number) {
  for (let i = 0; i < size; i++) {
    const code = column[i] as number;
    if (code < 0 || !allowed[code]) mask[i] = (mask[i] as number) | bit;
  }
}
function markBelow(mask: Uint16Array, size: number, column: Int32Array, min: number, bit: number) {
  for (let i = 0; i < size; i++) if ((column[i] as number) < min) mask[i] = (mask[i] as number) | bit;
}
function markOutside(mask: Uint16Array, size: number, price: Float64Array, low: number, high: number, bit: number) {
  for (let i = 0; i < size; i++) {
    const p = price[i] as number;
    if (p < low || p > high) mask[i] = (mask[i] as number) | bit;
  }
}
function markDiscount(mask: Uint16Array, size: number, price: Float64Array, mrp: Float64Array, minDiscount: number, bit: number) {
  for (let i = 0; i < size; i++) {
    const p = price[i] as number;
    const m = mrp[i] as number;
    if (!(m > 0 && (m - p) * 100 >= minDiscount * m)) mask[i] = (mask[i] as number) | bit;
  }
}
