import type { Language, TFacet } from '@tessera/contracts';
import type { Dictionary } from '../model/index.js';
import {
  browseByBlocks,
  categoryMatch,
  categoryPriceSpan,
  markBrowse,
  markSearch,
  searchBlocks,
  searchByBlocks,
  searchMatch,
  searchPriceSpan,
  type PriceSpan,
} from './listing-blocks.js';
import { facetsAnswer, priceBuckets, type PriceBucket } from './listing-facets-answer.js';
import { countWithBits } from './listing-facets-bits.js';
import { complementRows, countProducts } from './listing-facets-full.js';
import { fewHits, hitMask } from './listing-facets-hits.js';
import { BITS, liveCount, type Tallies } from './listing-facets-tallies.js';
import { categoryCountsInRange, missMask, positionsOf, type ListingIndex } from './listing-index.js';
import type { ListingFilters, Selected } from './listing-query.js';

export { DISCOUNT_BUCKETS, RATING_BUCKETS, priceEdges } from './listing-facets-answer.js';

/**
 * Facet counts, the standard (disjunctive) way: each facet is counted over the products that match
 * every OTHER filter, so that picking a second colour widens the list and the counts say by how much.
 * A product missing no filter counts in every facet, one missing only facet F's own filter counts in
 * F alone, any other is skipped. How they are counted:
 * - a category browse (a category, perhaps a price range): block tallies (listing-blocks.ts);
 * - a search with few hits: the full pass's counting over its hits alone (listing-facets-hits.ts);
 * - anything else: bitsets (listing-facets-bits.ts, with listing-facets-only.ts);
 * - the full pass (`scan: 'all'`, listing-facets-full.ts), the reference the tests hold both to.
 * The answer's facets (labels, ordering) are built from the counts by listing-facets-answer.ts.
 */

/** What computeFacets answers. */
export interface FacetResult {
  facets: TFacet[];
  total: number;
  /** Whether the product at a position matches every filter and the search: what a page walks with. */
  isMatch: (position: number) => boolean;
  /** The same, a byte per product (marked on first read when the counting did not mark them). */
  readonly matches: Uint8Array;
}

const EMPTY = new Uint8Array(0);

/** Buffers of an index's size, reused by every listing of that index (computeFacets is synchronous). */
const scratch = new WeakMap<ListingIndex, { mask: Uint16Array; prices: Float64Array; values: Int32Array }>();

/**
 * Hits from which a search browse is counted by block tallies: a tally row (about 400 counts) costs
 * about as much as visiting a few dozen hits' rows, and the two ends' corrections visit up to 64 hits.
 */
const SEARCH_BLOCKS_FROM = 256;

/** Only the `alone` filter (a category, or a search), and perhaps a price range. */
function isBrowse(filters: ListingFilters, alone: 'category' | 'searchIds'): boolean {
  if (!filters[alone]) return false;
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && key !== alone && key !== 'price') return false;
  return true;
}

/** The price facet's buckets from sorted prices (a browse's: counted whatever the range). */
const spanBuckets = (span: PriceSpan): PriceBucket[] =>
  span.count > 0 ? priceBuckets(span.min, span.max, (bounds) => bounds.map((bound, b) => span.below(bound) - (b ? span.below(bounds[b - 1] as number) : 0))) : [];

export function computeFacets(options: {
  index: ListingIndex;
  filters: ListingFilters;
  selected: Selected;
  dictionary: Dictionary;
  language: Language;
  now: number;
  /** 'all': pass over every product even with a search (tests compare both ways). */
  scan?: 'all';
}): FacetResult {
  const { index, filters, now } = options;
  const { size, valueFacet } = index;
  let buffers = scratch.get(index);
  if (!buffers) {
    buffers = { mask: new Uint16Array(size), prices: new Float64Array(size), values: new Int32Array(index.values.length) };
    scratch.set(index, buffers);
  }
  const t: Tallies = {
    // A browse by block tallies marks no matches (a page asks isMatch): only the other ways fill them.
    matches: EMPTY,
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
  let priceFacet: PriceBucket[] | undefined;
  let lazy: { isMatch: (position: number) => boolean; mark: () => Uint8Array } | undefined;
  if (options.scan === 'all') {
    t.matches = new Uint8Array(size);
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
    const categoryBrowse = !filters.searchIds && isBrowse(filters, 'category');
    const hits = filters.searchIds ? positionsOf(index, filters.searchIds) : undefined;
    // A search with perhaps a price range (the slider over a search's results): block tallies of its
    // hits, unless they are so few that visiting them costs less than the tallies' rows.
    const searchBrowse = hits && hits.length >= SEARCH_BLOCKS_FROM && isBrowse(filters, 'searchIds') ? searchBlocks(index, hits, now) : undefined;
    const low = filters.price?.min ?? Number.NEGATIVE_INFINITY;
    const high = filters.price?.max ?? Number.POSITIVE_INFINITY;
    if (searchBrowse) {
      const { total, inStock } = searchByBlocks(index, searchBrowse, low, high, now, t);
      t.scalars[0] = total;
      t.scalars[1] = inStock;
      priceFacet = spanBuckets(searchPriceSpan(searchBrowse));
      lazy = { isMatch: searchMatch(index, searchBrowse, low, high), mark: () => markSearch(index, searchBrowse, low, high) };
    } else if (hits && fewHits(index, hits.length)) {
      t.matches = new Uint8Array(size);
      hitMask(index, filters, hits, now, buffers.mask);
      countProducts(index, buffers.mask, 0, now, t, hits);
    } else if (categoryBrowse) {
      const wanted = new Set(filters.category);
      const codes = index.categoryIds.flatMap((id, code) => (wanted.has(id) ? [code] : []));
      const { total, inStock } = browseByBlocks(index, codes, low, high, now, t);
      t.scalars[0] = total;
      t.scalars[1] = inStock;
      t.category = categoryCountsInRange(index, low, high);
      priceFacet = spanBuckets(categoryPriceSpan(index, codes));
      const chosen = new Uint8Array(index.categoryIds.length);
      for (const code of codes) chosen[code] = 1;
      lazy = { isMatch: categoryMatch(index, chosen, low, high), mark: () => markBrowse(index, codes, low, high, now) };
    } else {
      t.matches = new Uint8Array(size);
      countWithBits(index, filters, now, t);
    }
  }
  const valueTally = t.values;
  for (let code = 0; code < valueTally.length; code++) {
    if ((complement >> (valueFacet[code] as number)) & 1) valueTally[code] = liveCount(index, code, now) - (valueTally[code] as number);
  }
  const facets = facetsAnswer(index, t, priceFacet, options);
  const total = t.scalars[0] as number;
  if (lazy) {
    const { isMatch, mark } = lazy;
    let marked: Uint8Array | undefined;
    return {
      facets,
      total,
      isMatch,
      get matches() {
        return (marked ??= mark());
      },
    };
  }
  const { matches } = t;
  return { facets, total, matches, isMatch: (position) => matches[position] === 1 };
}
