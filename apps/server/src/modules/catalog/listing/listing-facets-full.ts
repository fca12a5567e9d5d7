import type { ListingIndex } from './listing-index.js';
import { SEARCH_MISS } from './listing-index.js';
import { ALL, NONE, PLACE, ROW_BIT, ROW_PLACE, type Tallies } from './listing-facets-tallies.js';
import { FACET_ROW_KEYS } from './listing-query.js';

const CERTIFICATION = FACET_ROW_KEYS.indexOf('certification');

/**
 * The full pass, the reference every faster way of counting is tested against (`computeFacets({ scan:
 * 'all' })`): a miss mask over every product (missMask in listing-index.ts), then one counting pass.
 */

/**
 * Facet-row facets (colour, size, …: several rows per product) are counted directly over the products
 * they are counted over, or, when those are most of the catalog (few or no filters), as the full count
 * less the products they are NOT counted over: a bit per FACET_ROW_KEYS place in the result.
 */
export function complementRows(mask: Uint16Array, size: number): number {
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
 * Over every product, or over `positions` alone (a search's hits: whoever the search did not find
 * counts nowhere, so with no complemented facet skipping them changes no count).
 */
export function countProducts(index: ListingIndex, mask: Uint16Array, complement: number, now: number, t: Tallies, positions?: Int32Array): void {
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
  const n = positions ? positions.length : size;
  for (let k = 0; k < n; k++) {
    const i = positions ? (positions[k] as number) : k;
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
        const facet = valueFacet[code] as number;
        // Only a certificate's row has an expiry (the others' are +Infinity): the others are not read.
        if ((rowWant >> facet) & 1 && (facet !== CERTIFICATION || (rowExpiry[slot] as number) > now)) values[code] = (values[code] as number) + 1;
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
