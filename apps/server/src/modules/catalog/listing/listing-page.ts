import type { SortKey } from '@tessera/contracts';
import type { ListingIndex } from './listing-index.js';

export type Order = SortKey | 'relevance';
/** After the last item of a page: its sort value and id (keyset), or its rank among the search hits. */
export interface Position {
  s: Order;
  v: number | null;
  i: string;
}

/**
 * One keyset page of the matching products in the sort's precomputed order. The walk stops after the
 * page and one more match; a price sort with a price range (`price`) starts at the range's bound and
 * stops at its other one, and a first page stops once it has all `total` matches, so a narrow listing
 * does not walk the rest of the order.
 */
/** The matching products: a byte per product, or a test of one (computeFacets' isMatch). */
export type Matches = Uint8Array | ((position: number) => boolean);
const testOf = (matches: Matches) => (typeof matches === 'function' ? matches : (position: number) => matches[position] === 1);

export function sortedPage(options: {
  index: ListingIndex;
  matches: Matches;
  order: SortKey;
  after: Position | undefined;
  limit: number;
  price?: { min: number | null; max: number | null } | undefined;
  total?: number;
}): {
  ids: string[];
  next: Position | null;
} {
  const { index, order, after, limit } = options;
  const isMatch = testOf(options.matches);
  const sequence = index.orders[order];
  const key = index.sortValue[order];
  const descending = order !== 'price_asc';
  const idDescending = order === 'price_desc';
  // The first place strictly after the cursor's (value, id), by binary search over the order.
  let start = 0;
  if (after) {
    const v = after.v ?? 0;
    const isAfter = (position: number) => {
      const value = key[position] as number;
      if (value !== v) return descending ? value < v : value > v;
      const id = index.ids[position] as string;
      return idDescending ? id < after.i : id > after.i;
    };
    let low = 0;
    let high = sequence.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (isAfter(sequence[middle] as number)) high = middle;
      else low = middle + 1;
    }
    start = low;
  }
  let end = sequence.length;
  const range = order === 'price_asc' || order === 'price_desc' ? options.price : undefined;
  if (range) {
    // The run of the price order within the range: [first priced >= min, first priced > max) ascending.
    const low = range.min ?? Number.NEGATIVE_INFINITY;
    const high = range.max ?? Number.POSITIVE_INFINITY;
    const ascending = order === 'price_asc';
    const [from, to] = ascending
      ? [firstPlace(sequence, key, (v) => v >= low), firstPlace(sequence, key, (v) => v > high)]
      : [firstPlace(sequence, key, (v) => v <= high), firstPlace(sequence, key, (v) => v < low)];
    if (from > start) start = from;
    end = to;
  }
  const whole = after ? undefined : options.total;
  const positions: number[] = [];
  let more = false;
  for (let place = start; place < end; place++) {
    const position = sequence[place] as number;
    if (!isMatch(position)) continue;
    if (positions.length === limit) {
      more = true;
      break;
    }
    positions.push(position);
    if (whole !== undefined && (positions.length === whole || positions.length === limit)) break;
  }
  if (whole !== undefined && whole > positions.length) more = true;
  const last = positions.at(-1);
  return {
    ids: positions.map((p) => index.ids[p] as string),
    next: more && last !== undefined ? { s: order, v: key[last] as number, i: index.ids[last] as string } : null,
  };
}

/** The first place of `sequence` whose sort value passes `reached` (which holds from some place on). */
function firstPlace(sequence: Int32Array, key: Float64Array, reached: (value: number) => boolean): number {
  let low = 0;
  let high = sequence.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (reached(key[sequence[middle] as number] as number)) high = middle;
    else low = middle + 1;
  }
  return low;
}

// A search's ranked hits are one array per query and catalog version (ListingService keeps them):
// their index positions (-1: no longer listed) are looked up once per array and index, not per page.
const rankedPositions = new WeakMap<readonly string[], { index: ListingIndex; positions: Int32Array }>();

function positionsByRank(index: ListingIndex, ranked: readonly string[]): Int32Array {
  const held = rankedPositions.get(ranked);
  if (held?.index === index) return held.positions;
  const positions = Int32Array.from(ranked, (id) => index.position.get(id) ?? -1);
  rankedPositions.set(ranked, { index, positions });
  return positions;
}

/** With q and no sort: the search's ranking, restricted to the products the filters allow. */
export function relevancePage(options: { index: ListingIndex; matches: Matches; ranked: string[]; after: Position | undefined; limit: number }) {
  const { index, ranked, after, limit } = options;
  const isMatch = testOf(options.matches);
  const start = after ? (after.v ?? -1) + 1 : 0;
  const positions = positionsByRank(index, ranked);
  const ids: string[] = [];
  let lastRank = -1;
  let more = false;
  for (let rank = start; rank < positions.length; rank++) {
    const position = positions[rank] as number;
    if (position < 0 || !isMatch(position)) continue;
    if (ids.length === limit) {
      more = true;
      break;
    }
    ids.push(ranked[rank] as string);
    lastRank = rank;
  }
  return { ids, next: more ? ({ s: 'relevance', v: lastRank, i: ids.at(-1) as string } satisfies Position) : null };
}
