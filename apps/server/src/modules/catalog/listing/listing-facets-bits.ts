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
const CERTIFICATION = FACET_ROW_KEYS.indexOf('certification');

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
  const reuse = scratchOf(index, k);
  const { all, set, busyAll, busySet } = reuse;
  const only = active.map((filter, j) => (filter.key === 'search' ? null : (reuse.only[j] as Uint32Array)));
  const tail = size & 31 ? ((1 << (size & 31)) - 1) | 0 : -1;
  const prefix = new Int32Array(k + 1);
  let popAll = 0;
  let nAll = 0;
  for (let w = 0; w < words; w++) {
    const full = w === words - 1 ? tail : -1;
    prefix[0] = full;
    for (let j = 0; j < k; j++) prefix[j + 1] = (prefix[j] as number) & ((active[j] as ActiveFilter).words[w] as number);
    const every = prefix[k] as number;
    all[w] = every;
    if (every !== 0) {
      busyAll[nAll++] = w;
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

  // How each facet-row facet is counted: popcounts (its values' bitsets against the non-empty words of
  // the set it is counted over) or row visits, whichever is less work.
  const onlyOf = new Map<FacetKey, Uint32Array>();
  active.forEach((filter, j) => {
    const out = only[j];
    if (out && filter.key !== 'search') onlyOf.set(filter.key, out);
  });
  let visitRows = 0;
  FACET_ROW_KEYS.forEach((key, place) => {
    const extra = onlyOf.get(key);
    let members = popAll;
    let busy = nAll;
    if (extra) {
      members = 0;
      busy = 0;
      for (let w = 0; w < words; w++) {
        const word = (all[w] as number) | (extra[w] as number);
        set[w] = word;
        if (word !== 0) {
          busySet[busy++] = w;
          members += popcount(word);
        }
      }
    }
    const codes = bits.codesOf[place] ?? [];
    if (busy * codes.length < members * (bits.rowsPerProduct[place] as number) * ROW_VISIT_COST) {
      countByPopcount(index, bits, codes, extra ? set : all, extra ? busySet : busyAll, busy, now, t.values);
    } else visitRows |= 1 << place;
  });

  const { matches, values, ratingStars, discountTens, prices } = t;
  let total = 0;
  let inStock = 0;
  let priced = 0;
  let minPrice = Number.POSITIVE_INFINITY;
  let maxPrice = Number.NEGATIVE_INFINITY;
  for (let b = 0; b < nAll; b++) {
    const w = busyAll[b] as number;
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
          const facet = valueFacet[code] as number;
          // Only a certificate's row has an expiry: the others' are not read.
          if ((visitRows >> facet) & 1 && (facet !== CERTIFICATION || (rowExpiry[slot] as number) > now)) values[code] = (values[code] as number) + 1;
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

/** Each of `codes` counted over `set` by popcounts of its non-empty words (the first `n` of `busy`). */
function countByPopcount(
  index: ListingIndex,
  bits: IndexBits,
  codes: number[],
  set: Uint32Array,
  busy: Int32Array,
  n: number,
  now: number,
  values: Int32Array,
) {
  for (const code of codes) {
    const held = valueBits(index, bits, code, now);
    let count = 0;
    for (let b = 0; b < n; b++) {
      const w = busy[b] as number;
      count += popcount((set[w] as number) & (held[w] as number));
    }
    values[code] = count;
  }
}

/**
 * Word buffers of the index's size, reused by every listing of that index (computeFacets is
 * synchronous): `all`, each filter's `only F`, a facet's set, and the lists of their non-empty words.
 * Every word of them is written before it is read, so they are never cleared.
 */
interface Scratch {
  all: Uint32Array;
  only: Uint32Array[];
  set: Uint32Array;
  busyAll: Int32Array;
  busySet: Int32Array;
}
const scratch = new WeakMap<ListingIndex, Scratch>();

function scratchOf(index: ListingIndex, filters: number): Scratch {
  const words = bitsOf(index).words;
  let held = scratch.get(index);
  if (!held) {
    held = { all: new Uint32Array(words), only: [], set: new Uint32Array(words), busyAll: new Int32Array(words), busySet: new Int32Array(words) };
    scratch.set(index, held);
  }
  while (held.only.length < filters) held.only.push(new Uint32Array(words));
  return held;
}
