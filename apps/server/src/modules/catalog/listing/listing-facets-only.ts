import type { FacetKey } from '@tessera/contracts';
import type { Tallies } from './listing-facets-tallies.js';
import type { ListingIndex } from './listing-index.js';
import { FACET_ROW_KEYS, type FacetFilterKey } from './listing-query.js';

/** Only a certificate's row has an expiry: the other rows' are not read. */
const CERTIFICATION = FACET_ROW_KEYS.indexOf('certification');

/**
 * The `only F` part of a bitset count: each filtered facet F also counts the products that miss F's
 * own filter alone (`extra`, worked out word by word in countWithBits), so that F is counted over the
 * same set as in the full pass. A facet-row facet counted by popcounts already holds them (its
 * `visitRows` bit is clear): only the others are visited here, product by product.
 */
export function countOnly(index: ListingIndex, words: number, onlyOf: Map<FacetKey, Uint32Array>, visitRows: number, now: number, t: Tallies): void {
  const { price, mrp, rating, stock, brand, category, store, rowStart, rowValue, rowExpiry, valueFacet } = index;
  const { values, ratingStars, discountTens, prices } = t;
  let inStock = t.scalars[1] as number;
  let priced = t.scalars[2] as number;
  let minPrice = t.priceRange[0] as number;
  let maxPrice = t.priceRange[1] as number;
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
              if ((valueFacet[code] as number) === rowPlace && (rowPlace !== CERTIFICATION || (rowExpiry[slot] as number) > now))
                values[code] = (values[code] as number) + 1;
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
  t.scalars[1] = inStock;
  t.scalars[2] = priced;
  t.priceRange[0] = minPrice;
  t.priceRange[1] = maxPrice;
}
