import type { FacetKey } from '@tessera/contracts';
import { positionsOf, type ListingIndex } from './listing-index.js';
import { FACET_ROW_KEYS, type ListingFilters } from './listing-query.js';

/**
 * Bitsets over an index's positions (bit i of word i >> 5: product i), one per filter: a listing's
 * candidate sets are their intersections, word by word (32 products at a time), instead of one pass
 * per filter over every product. Everything here is derived from one index, which is one catalog
 * version: a write bumps the version, the next index is built afresh and these sets with it, so they
 * are never stale. Kept per index (a WeakMap), built on first use:
 * - each facet value's products (colour "red", material "linen", …); a certification's only while
 *   none of its certificates expires (it is rebuilt past the first expiry, so an expired certificate
 *   stops counting at once, as in the full pass);
 * - each category's products; a brand or store selection's, a rating or discount threshold's, the
 *   products in stock (the last few selections kept);
 * - a search's hits (per hits array, which ListingService keeps per query and version).
 * A price range is cut from the price-sorted order by two binary searches, so it costs the products
 * in the range, a bit each.
 */
export interface IndexBits {
  words: number;
  /** Per facet-row value code; certifications with the time until which they hold. */
  value: Array<Uint32Array | undefined>;
  /** The times between which each value's bitset holds: [the last expiry before it was built, the first after]. */
  valueFrom: Float64Array;
  valueUntil: Float64Array;
  category: Array<Uint32Array | undefined>;
  kept: Map<string, Uint32Array>;
  /** Per brand and store code: its products' positions, members[start[code] .. start[code + 1]). */
  brandMembers?: { start: Int32Array; members: Int32Array };
  storeMembers?: { start: Int32Array; members: Int32Array };
  /** Per facet-row place: its value codes, and its rows per product (for choosing how to count it). */
  codesOf: number[][];
  rowsPerProduct: Float64Array;
}

const KEPT_MAX = 128;
const known = new WeakMap<ListingIndex, IndexBits>();

export function bitsOf(index: ListingIndex): IndexBits {
  let bits = known.get(index);
  if (!bits) {
    const codesOf = FACET_ROW_KEYS.map(() => [] as number[]);
    const rows = new Float64Array(FACET_ROW_KEYS.length);
    for (let code = 0; code < index.values.length; code++) {
      const place = index.valueFacet[code] as number;
      codesOf[place]?.push(code);
      rows[place] = (rows[place] as number) + (index.valueCount[code] as number);
    }
    bits = {
      words: (index.size + 31) >>> 5,
      value: new Array<Uint32Array | undefined>(index.values.length),
      valueFrom: new Float64Array(index.values.length),
      valueUntil: new Float64Array(index.values.length),
      category: new Array<Uint32Array | undefined>(index.categoryIds.length),
      kept: new Map(),
      codesOf,
      rowsPerProduct: rows.map((n) => (index.size ? n / index.size : 0)),
    };
    known.set(index, bits);
  }
  return bits;
}

/** The products holding value `code` now. */
export function valueBits(index: ListingIndex, bits: IndexBits, code: number, now: number): Uint32Array {
  const held = bits.value[code];
  if (held && now >= (bits.valueFrom[code] as number) && now < (bits.valueUntil[code] as number)) return held;
  const words = held ?? new Uint32Array(bits.words);
  words.fill(0);
  const value = index.values[code] as string;
  const facet = FACET_ROW_KEYS[index.valueFacet[code] as number];
  const positions = index.postings.get(facet as never)?.get(value);
  let from = Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  if (positions) {
    const expiry = facet === 'certification' ? index.expiries.get(value) : undefined;
    for (let j = 0; j < positions.length; j++) {
      if (expiry) {
        const at = expiry[j] as number;
        if (at <= now) {
          if (at > from) from = at;
          continue;
        }
        if (at < until) until = at;
      }
      const i = positions[j] as number;
      words[i >>> 5] = (words[i >>> 5] as number) | (1 << (i & 31));
    }
  }
  bits.value[code] = words;
  bits.valueFrom[code] = from;
  bits.valueUntil[code] = until;
  return words;
}

function keep(bits: IndexBits, key: string, make: () => Uint32Array): Uint32Array {
  let words = bits.kept.get(key);
  if (!words) {
    words = make();
    if (bits.kept.size >= KEPT_MAX) bits.kept.delete(bits.kept.keys().next().value as string);
    bits.kept.set(key, words);
  }
  return words;
}

/** Each code's positions in `column`, grouped by code (a counting sort). */
function membersOf(column: Int32Array, codes: number): { start: Int32Array; members: Int32Array } {
  const start = new Int32Array(codes + 1);
  for (let i = 0; i < column.length; i++) {
    const code = column[i] as number;
    if (code >= 0) start[code + 1] = (start[code + 1] as number) + 1;
  }
  for (let code = 0; code < codes; code++) start[code + 1] = (start[code + 1] as number) + (start[code] as number);
  const fill = start.slice(0, codes);
  const members = new Int32Array(start[codes] as number);
  for (let i = 0; i < column.length; i++) {
    const code = column[i] as number;
    if (code >= 0) {
      members[fill[code] as number] = i;
      fill[code] = (fill[code] as number) + 1;
    }
  }
  return { start, members };
}

/** The products whose column code is one of `codes`: a bit per member of each. */
function memberBits(bits: IndexBits, grouped: { start: Int32Array; members: Int32Array }, codes: Set<number>): Uint32Array {
  const words = new Uint32Array(bits.words);
  const { start, members } = grouped;
  for (const code of codes) {
    for (let k = start[code] as number, end = start[code + 1] as number; k < end; k++) {
      const i = members[k] as number;
      words[i >>> 5] = (words[i >>> 5] as number) | (1 << (i & 31));
    }
  }
  return words;
}

function predicateBits(index: ListingIndex, bits: IndexBits, holds: (i: number) => boolean): Uint32Array {
  const words = new Uint32Array(bits.words);
  for (let i = 0; i < index.size; i++) if (holds(i)) words[i >>> 5] = (words[i >>> 5] as number) | (1 << (i & 31));
  return words;
}

function codesIn(ids: string[], wanted: readonly string[]): Set<number> {
  const set = new Set(wanted);
  const codes = new Set<number>();
  ids.forEach((id, code) => set.has(id) && codes.add(code));
  return codes;
}

function union(bits: IndexBits, sets: Uint32Array[]): Uint32Array {
  if (sets.length === 1) return sets[0] as Uint32Array;
  const words = new Uint32Array(bits.words);
  for (const set of sets) for (let w = 0; w < words.length; w++) words[w] = (words[w] as number) | (set[w] as number);
  return words;
}

/** The products priced within [low, high]: a run of the price-sorted order. */
function priceBits(index: ListingIndex, bits: IndexBits, low: number, high: number): Uint32Array {
  const order = index.orders.price_asc;
  const { price } = index;
  const first = (value: number, orEqual: boolean) => {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const middle = (lo + hi) >> 1;
      const p = price[order[middle] as number] as number;
      if (p < value || (orEqual && p === value)) lo = middle + 1;
      else hi = middle;
    }
    return lo;
  };
  const words = new Uint32Array(bits.words);
  for (let k = first(low, false), end = first(high, true); k < end; k++) {
    const i = order[k] as number;
    words[i >>> 5] = (words[i >>> 5] as number) | (1 << (i & 31));
  }
  return words;
}

const searchBits = new WeakMap<readonly string[], { index: ListingIndex; words: Uint32Array }>();

/** One filter in play: its bit in the miss masks (facet place, or the search's) and its products. */
export interface ActiveFilter {
  key: FacetKey | 'search';
  words: Uint32Array;
}

/** The products each filter in play lets through, in FACET_KEYS order, the search last. */
export function filterBits(index: ListingIndex, filters: ListingFilters, now: number, order: readonly FacetKey[]): ActiveFilter[] {
  const bits = bitsOf(index);
  const active: ActiveFilter[] = [];
  for (const key of order) {
    let words: Uint32Array | undefined;
    switch (key) {
      case 'colour':
      case 'size':
      case 'material':
      case 'origin':
      case 'certification': {
        const values = filters[key];
        if (!values) break;
        const place = FACET_ROW_KEYS.indexOf(key);
        const wanted = new Set(values);
        const sets = (bits.codesOf[place] ?? []).filter((code) => wanted.has(index.values[code] as string)).map((code) => valueBits(index, bits, code, now));
        words = sets.length ? union(bits, sets) : new Uint32Array(bits.words);
        break;
      }
      case 'category': {
        if (!filters.category) break;
        const sets = [...codesIn(index.categoryIds, filters.category)].map((code) => {
          let set = bits.category[code];
          if (!set) {
            const positions = index.categoryMembers[code] as Int32Array;
            set = new Uint32Array(bits.words);
            for (let k = 0; k < positions.length; k++)
              set[(positions[k] as number) >>> 5] = (set[(positions[k] as number) >>> 5] as number) | (1 << ((positions[k] as number) & 31));
            bits.category[code] = set;
          }
          return set;
        });
        words = sets.length ? union(bits, sets) : new Uint32Array(bits.words);
        break;
      }
      case 'brand':
      case 'store': {
        const chosen = filters[key];
        if (!chosen) break;
        const grouped =
          key === 'brand'
            ? (bits.brandMembers ??= membersOf(index.brand, index.brandIds.length))
            : (bits.storeMembers ??= membersOf(index.store, index.storeIds.length));
        words = memberBits(bits, grouped, codesIn(key === 'brand' ? index.brandIds : index.storeIds, chosen));
        break;
      }
      case 'rating': {
        const min = filters.rating;
        if (min === undefined) break;
        words = keep(bits, `rating:${min}`, () => predicateBits(index, bits, (i) => (index.rating[i] as number) >= min * 100));
        break;
      }
      case 'discount': {
        const least = filters.discount;
        if (least === undefined) break;
        words = keep(bits, `discount:${least}`, () =>
          predicateBits(index, bits, (i) => {
            const m = index.mrp[i] as number;
            return m > 0 && (m - (index.price[i] as number)) * 100 >= least * m;
          }),
        );
        break;
      }
      case 'inStock':
        if (filters.inStock === true) words = keep(bits, 'inStock', () => predicateBits(index, bits, (i) => (index.stock[i] as number) >= 1));
        break;
      case 'price':
        if (filters.price) words = priceBits(index, bits, filters.price.min ?? Number.NEGATIVE_INFINITY, filters.price.max ?? Number.POSITIVE_INFINITY);
        break;
    }
    if (words) active.push({ key, words });
  }
  if (filters.searchIds) {
    const ids = filters.searchIds;
    let held = searchBits.get(ids);
    if (held?.index !== index) {
      const words = new Uint32Array(bits.words);
      for (const i of positionsOf(index, ids)) words[i >>> 5] = (words[i >>> 5] as number) | (1 << (i & 31));
      held = { index, words };
      searchBits.set(ids, held);
    }
    active.push({ key: 'search', words: held.words });
  }
  return active;
}

/** Set bits in a word. */
export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}
