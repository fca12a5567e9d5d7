import { SEARCH_QUERY_MAX, SORT_KEYS, type FacetKey, type SortKey } from '@tessera/contracts';

/**
 * The listing's state as it lives in the page URL (so a filtered page can be shared and reloaded),
 * and the API query made from it. The page URL uses the API's own names and formats: multi-valued
 * filters comma separated (`colour=red,blue`), `price=min-max` in minor units, `rating` and
 * `discount` minimums, `inStock=1`. Plain GET forms (no JavaScript) send repeated names
 * (`colour=red&colour=blue`) and major-unit price fields (`priceMin`, `priceMax`): both are read too.
 */

export const MULTI_KEYS = ['colour', 'brand', 'size', 'category', 'store', 'certification', 'material', 'origin'] as const;
export type MultiKey = (typeof MULTI_KEYS)[number];
export type SingleKey = 'rating' | 'discount' | 'price';

export interface PriceRange {
  min: number | null;
  max: number | null;
}

export interface ListingState {
  q: string;
  sort: SortKey | null;
  multi: Record<MultiKey, string[]>;
  rating: number | null;
  discount: number | null;
  /** Minor units. */
  price: PriceRange | null;
  /**
   * A range given with its lowest price above its highest: not applied (nor silently swapped, which
   * would show what the buyer did not ask for); the form shows it back with the error, as the API
   * refuses it (PRICE_RANGE_INVALID).
   */
  priceInverted: PriceRange | null;
  inStock: boolean;
  cursor: string | null;
}

const MAX_VALUES = 30;

export function emptyListingState(): ListingState {
  return {
    q: '',
    sort: null,
    multi: Object.fromEntries(MULTI_KEYS.map((key) => [key, []])) as unknown as Record<MultiKey, string[]>,
    rating: null,
    discount: null,
    price: null,
    priceInverted: null,
    inStock: false,
    cursor: null,
  };
}

export function isMultiKey(key: string): key is MultiKey {
  return (MULTI_KEYS as readonly string[]).includes(key);
}

function valuesOf(params: URLSearchParams, key: string): string[] {
  const out: string[] = [];
  for (const raw of params.getAll(key)) {
    for (const part of raw.split(',')) {
      const value = part.trim();
      if (value && !out.includes(value) && out.length < MAX_VALUES) out.push(value);
    }
  }
  return out;
}

function wholeNumber(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return value >= min && value <= max ? value : null;
}

/** `min-max` in minor units, either side may be empty; null when neither side is a number. */
export function parsePriceRange(raw: string | null): PriceRange | null {
  if (!raw) return null;
  const match = /^\s*(\d{0,12})\s*-\s*(\d{0,12})\s*$/.exec(raw);
  if (!match) return null;
  const min = match[1] ? Number(match[1]) : null;
  const max = match[2] ? Number(match[2]) : null;
  if (min === null && max === null) return null;
  if (min !== null && max !== null && min > max) return null;
  return { min, max };
}

/** The range of `raw` when its lowest price is above its highest (else null). */
export function invertedPriceRange(raw: string | null): PriceRange | null {
  const match = raw ? /^\s*(\d{1,12})\s*-\s*(\d{1,12})\s*$/.exec(raw) : null;
  if (!match) return null;
  const min = Number(match[1]);
  const max = Number(match[2]);
  return min > max ? { min, max } : null;
}

/** A price typed in major units ("12.50") as minor units; null when empty or not a number. */
export function majorToMinor(raw: string | null, minorDigits: number): number | null {
  if (raw === null) return null;
  const text = raw.trim().replace(',', '.');
  if (!/^\d{1,9}(\.\d{0,4})?$/.test(text)) return null;
  return Math.round(Number(text) * 10 ** minorDigits);
}

export function formatPriceRange(range: PriceRange): string {
  return `${range.min ?? ''}-${range.max ?? ''}`;
}

export function parseListingParams(params: URLSearchParams, options: { minorDigits?: number } = {}): ListingState {
  const state = emptyListingState();
  state.q = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const sort = params.get('sort');
  state.sort = sort && (SORT_KEYS as readonly string[]).includes(sort) ? (sort as SortKey) : null;
  for (const key of MULTI_KEYS) state.multi[key] = valuesOf(params, key);
  state.rating = wholeNumber(params.get('rating'), 1, 4);
  state.discount = wholeNumber(params.get('discount'), 1, 90);
  state.price = parsePriceRange(params.get('price'));
  state.priceInverted = invertedPriceRange(params.get('price'));
  const digits = options.minorDigits ?? 2;
  const typedMin = majorToMinor(params.get('priceMin'), digits);
  const typedMax = majorToMinor(params.get('priceMax'), digits);
  if (typedMin !== null || typedMax !== null) {
    const typed = formatPriceRange({ min: typedMin, max: typedMax });
    state.price = parsePriceRange(typed);
    state.priceInverted = invertedPriceRange(typed);
  }
  const inStock = params.get('inStock');
  state.inStock = inStock === '1' || inStock === 'true';
  const cursor = params.get('cursor');
  state.cursor = cursor && cursor.length <= 400 ? cursor : null;
  return state;
}

/**
 * The page URL's query for a state, in a fixed order (equal states give equal URLs). `fixed` names
 * filters the page's path already sets (the category of /c/:slug, the store of /store/:alias).
 */
export function toSearchParams(state: ListingState, options: { fixed?: readonly MultiKey[]; cursor?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.sort) params.set('sort', state.sort);
  for (const key of MULTI_KEYS) {
    if (options.fixed?.includes(key)) continue;
    if (state.multi[key].length > 0) params.set(key, state.multi[key].join(','));
  }
  if (state.rating !== null) params.set('rating', String(state.rating));
  if (state.discount !== null) params.set('discount', String(state.discount));
  if (state.price) params.set('price', formatPriceRange(state.price));
  if (state.inStock) params.set('inStock', '1');
  if (options.cursor && state.cursor) params.set('cursor', state.cursor);
  return params;
}

/** `?a=1&b=2`, or '' for no parameters. */
export function queryString(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The API's query for a state plus what the page's path fixes, e.g. `{ category: 'textiles' }`. */
export function toApiQuery(state: ListingState, fixed: Partial<Record<MultiKey, string>> = {}, limit?: number): string {
  const merged: ListingState = { ...state, multi: { ...state.multi } };
  for (const [key, value] of Object.entries(fixed) as [MultiKey, string][]) merged.multi[key] = [value];
  const params = toSearchParams(merged, { cursor: true });
  if (limit) params.set('limit', String(limit));
  return queryString(params);
}

/** The state with one facet value switched on or off (single-valued filters replace their value). */
export function toggleFacet(state: ListingState, key: FacetKey, value: string): ListingState {
  const next: ListingState = { ...state, multi: { ...state.multi }, cursor: null };
  if (isMultiKey(key)) {
    const current = state.multi[key];
    next.multi[key] = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  } else if (key === 'rating' || key === 'discount') {
    const number = wholeNumber(value, 1, 90);
    next[key] = state[key] === number ? null : number;
  } else if (key === 'price') {
    const range = parsePriceRange(value);
    next.price = range && state.price && formatPriceRange(state.price) === formatPriceRange(range) ? null : range;
  } else if (key === 'inStock') {
    next.inStock = !state.inStock;
  }
  return next;
}

export function isFacetSelected(state: ListingState, key: FacetKey, value: string): boolean {
  if (isMultiKey(key)) return state.multi[key].includes(value);
  if (key === 'rating') return state.rating !== null && String(state.rating) === value;
  if (key === 'discount') return state.discount !== null && String(state.discount) === value;
  if (key === 'price') return state.price !== null && formatPriceRange(state.price) === formatPriceRange(parsePriceRange(value) ?? { min: null, max: null });
  if (key === 'inStock') return state.inStock;
  return false;
}

/** The state without one filter (every value of it). */
export function clearFacet(state: ListingState, key: FacetKey): ListingState {
  const next: ListingState = { ...state, multi: { ...state.multi }, cursor: null };
  if (isMultiKey(key)) next.multi[key] = [];
  else if (key === 'rating' || key === 'discount') next[key] = null;
  else if (key === 'price') {
    next.price = null;
    next.priceInverted = null;
  }
  else if (key === 'inStock') next.inStock = false;
  return next;
}

/** Keeps the search text and the sort, drops every filter. */
export function clearAllFilters(state: ListingState): ListingState {
  return { ...emptyListingState(), q: state.q, sort: state.sort };
}

export interface ActiveFilter {
  key: FacetKey;
  value: string;
}

/** Every selected filter value, in facet order (the chips above the results). */
export function activeFilters(state: ListingState, fixed: readonly MultiKey[] = []): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  for (const key of MULTI_KEYS) {
    if (fixed.includes(key)) continue;
    for (const value of state.multi[key]) out.push({ key, value });
  }
  if (state.rating !== null) out.push({ key: 'rating', value: String(state.rating) });
  if (state.discount !== null) out.push({ key: 'discount', value: String(state.discount) });
  if (state.price) out.push({ key: 'price', value: formatPriceRange(state.price) });
  if (state.inStock) out.push({ key: 'inStock', value: '1' });
  return out;
}
