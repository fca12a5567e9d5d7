import { FACET_KEYS, type FacetKey } from '@tessera/contracts';
import { bitsOf, filterBits, popcount, valueBits, type ActiveFilter, type IndexBits } from './listing-bits.js';
import { countOnly } from './listing-facets-only.js';
import type { Tallies } from './listing-facets-tallies.js';
import type { ListingIndex } from './listing-index.js';
import { FACET_ROW_KEYS, type ListingFilters } from './listing-query.js';

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
export function countWithBits(index: ListingIndex, filters: ListingFilters, now: number, t: Tallies): void {
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
  t.scalars[0] = total;
  t.scalars[1] = inStock;
  t.scalars[2] = priced;
  t.priceRange[0] = minPrice;
  t.priceRange[1] = maxPrice;
  countOnly(index, words, onlyOf, visitRows, now, t);
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
