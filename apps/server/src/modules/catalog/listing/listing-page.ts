import type { SortKey } from '@tessera/contracts';
import type { ListingIndex } from './listing-index.js';

export type Order = SortKey | 'relevance';
/** After the last item of a page: its sort value and id (keyset), or its rank among the search hits. */
export interface Position {
  s: Order;
  v: number | null;
  i: string;
}

/** One keyset page of the matching products in the sort's precomputed order. */
export function sortedPage(options: { index: ListingIndex; matches: Uint8Array; order: SortKey; after: Position | undefined; limit: number }): {
  ids: string[];
  next: Position | null;
} {
  const { index, matches, order, after, limit } = options;
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
  const positions: number[] = [];
  let more = false;
  for (let place = start; place < sequence.length; place++) {
    const position = sequence[place] as number;
    if (!matches[position]) continue;
    if (positions.length === limit) {
      more = true;
      break;
    }
    positions.push(position);
  }
  const last = positions.at(-1);
  return {
    ids: positions.map((p) => index.ids[p] as string),
    next: more && last !== undefined ? { s: order, v: key[last] as number, i: index.ids[last] as string } : null,
  };
}

/** With q and no sort: the search's ranking, restricted to the products the filters allow. */
export function relevancePage(options: { index: ListingIndex; matches: Uint8Array; ranked: string[]; after: Position | undefined; limit: number }) {
  const { index, matches, ranked, after, limit } = options;
  const start = after ? (after.v ?? -1) + 1 : 0;
  const ids: string[] = [];
  let lastRank = -1;
  let more = false;
  for (let rank = start; rank < ranked.length; rank++) {
    const id = ranked[rank] as string;
    const position = index.position.get(id);
    if (position === undefined || !matches[position]) continue;
    if (ids.length === limit) {
      more = true;
      break;
    }
    ids.push(id);
    lastRank = rank;
  }
  return { ids, next: more ? ({ s: 'relevance', v: lastRank, i: ids.at(-1) as string } satisfies Position) : null };
}
