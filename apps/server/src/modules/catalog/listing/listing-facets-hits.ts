import { BITS } from './listing-facets-tallies.js';
import type { ListingIndex } from './listing-index.js';
import { FACET_ROW_KEYS, type ListingFilters } from './listing-query.js';

/**
 * A search with few hits is counted over its hits alone: each hit's miss mask is worked out from its
 * own columns and facet rows (the same tests as missMask's, product by product), then the full pass's
 * counting (countProducts) visits the hits only. What it costs is the hits', not the catalog's: no
 * bitset of the catalog's size is built or intersected, the price range included.
 */

/** Fewer hits than this share of the catalog are counted this way (about one per 16 products). */
export function fewHits(index: ListingIndex, hits: number): boolean {
  return hits * 16 <= index.size;
}

/** Writes into `mask`, at each of `positions` (a search's hits), the filters that product misses (BITS). */
export function hitMask(index: ListingIndex, filters: ListingFilters, positions: Int32Array, now: number, mask: Uint16Array): void {
  const { values, valueFacet, rowStart, rowValue, rowExpiry, price, mrp, rating, stock } = index;
  // Each facet-row value's filter bit, when the filter wants that value.
  const wanted = new Uint16Array(values.length);
  let rowFilters = 0;
  for (const key of FACET_ROW_KEYS) if (filters[key]) rowFilters |= BITS[key];
  for (let code = 0; code < values.length; code++) {
    const key = FACET_ROW_KEYS[valueFacet[code] as number];
    if (key && filters[key]?.includes(values[code] as string)) wanted[code] = BITS[key];
  }
  const allowed = (ids: string[], chosen: string[] | undefined) => {
    if (!chosen) return undefined;
    const set = new Set(chosen);
    return Uint8Array.from(ids, (id) => (set.has(id) ? 1 : 0));
  };
  const brands = allowed(index.brandIds, filters.brand);
  const categories = allowed(index.categoryIds, filters.category);
  const stores = allowed(index.storeIds, filters.store);
  const minRating = filters.rating === undefined ? undefined : filters.rating * 100;
  const minDiscount = filters.discount;
  const low = filters.price ? (filters.price.min ?? Number.NEGATIVE_INFINITY) : undefined;
  const high = filters.price?.max ?? Number.POSITIVE_INFINITY;
  const inStock = filters.inStock === true;
  const held = (column: Int32Array, allow: Uint8Array, i: number) => {
    const code = column[i] as number;
    return code >= 0 && allow[code] === 1;
  };
  for (let k = 0; k < positions.length; k++) {
    const i = positions[k] as number;
    let miss = rowFilters;
    if (rowFilters !== 0) {
      for (let slot = rowStart[i] as number, end = rowStart[i + 1] as number; slot < end; slot++) {
        const bit = wanted[rowValue[slot] as number] as number;
        if (bit !== 0 && (rowExpiry[slot] as number) > now) miss &= ~bit;
      }
    }
    if (brands && !held(index.brand, brands, i)) miss |= BITS.brand;
    if (categories && !held(index.category, categories, i)) miss |= BITS.category;
    if (stores && !held(index.store, stores, i)) miss |= BITS.store;
    if (minRating !== undefined && (rating[i] as number) < minRating) miss |= BITS.rating;
    if (minDiscount !== undefined) {
      const p = price[i] as number;
      const m = mrp[i] as number;
      if (!(m > 0 && (m - p) * 100 >= minDiscount * m)) miss |= BITS.discount;
    }
    if (low !== undefined) {
      const p = price[i] as number;
      if (p < low || p > high) miss |= BITS.price;
    }
    if (inStock && (stock[i] as number) < 1) miss |= BITS.inStock;
    mask[i] = miss;
  }
}
