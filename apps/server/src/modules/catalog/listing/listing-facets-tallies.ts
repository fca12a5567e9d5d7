import { FACET_KEYS, type FacetKey } from '@tessera/contracts';
import type { ListingIndex } from './listing-index.js';
import { FACET_ROW_KEYS, type FacetFilterKey } from './listing-query.js';

/**
 * What every way of counting facets (the full pass, the bitsets, the block tallies) writes, and the
 * facets' places they share.
 */

/** Each facet's bit in a miss mask: its place in FACET_KEYS. */
export const BITS = Object.fromEntries(FACET_KEYS.map((key, place) => [key, 1 << place])) as Record<FacetKey, number>;
export const PLACE = Object.fromEntries(FACET_KEYS.map((key, place) => [key, place])) as Record<FacetKey, number>;
/** A facet row's facet (its place in FACET_ROW_KEYS) → that facet's place in FACET_KEYS. */
export const ROW_PLACE = Int32Array.from(FACET_ROW_KEYS, (key) => PLACE[key]);
export const ALL = -1;
export const NONE = -2;
/** A facet's place in FACET_KEYS → its bit among the facet rows' facets (0: not a facet-row facet). */
export const ROW_BIT = Int32Array.from(FACET_KEYS, (key) => {
  const row = FACET_ROW_KEYS.indexOf(key as FacetFilterKey);
  return row < 0 ? 0 : 1 << row;
});

/** Products holding this value now: a certificate past its expiry no longer counts. */
export function liveCount(index: ListingIndex, code: number, now: number): number {
  if (FACET_ROW_KEYS[index.valueFacet[code] as number] !== 'certification') return index.valueCount[code] as number;
  const expiry = index.expiries.get(index.values[code] as string);
  if (!expiry) return 0;
  let n = 0;
  for (let j = 0; j < expiry.length; j++) if ((expiry[j] as number) > now) n += 1;
  return n;
}

/** What one pass over the products counts. */
export interface Tallies {
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
