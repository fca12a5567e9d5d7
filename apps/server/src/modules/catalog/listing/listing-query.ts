import type { Kysely } from 'kysely';
import { CERTIFICATION_SCHEMES, COLOUR_KEYS, MATERIALS, SIZES, type FacetKey, type TListingQuery } from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import type { Dictionary } from '../model/index.js';

/**
 * The listing's filters: parsed from the query string, checked against the known values (an unknown
 * value is a 400 on its field, never an empty page), resolved to ids for the listing index
 * (listing-index.ts). Values of one filter are OR, filters are AND.
 */
export type FacetFilterKey = 'colour' | 'size' | 'material' | 'origin' | 'certification';
export const FACET_ROW_KEYS: readonly FacetFilterKey[] = ['colour', 'size', 'material', 'origin', 'certification'];

export interface ListingFilters {
  colour?: string[];
  size?: string[];
  material?: string[];
  origin?: string[];
  certification?: string[];
  /** Brand ids, and the values as given (for `selected`). */
  brand?: string[];
  /** Category ids with their subcategories. */
  category?: string[];
  store?: string[];
  rating?: number;
  discount?: number;
  price?: { min: number | null; max: number | null; raw: string };
  inStock?: boolean;
  /** Ids the search matched, best first (only with q). */
  searchIds?: string[];
}

/** The values the caller selected, normalized, per facet (for `selected` and the cache key). */
export type Selected = Partial<Record<FacetKey, Set<string>>>;

const unknownValue = (field: string) => new AppError('VALIDATION', `query.${field}`, undefined, 'FILTER_VALUE_UNKNOWN');

export const splitValues = (raw: string | undefined): string[] => [
  ...new Set(
    (raw ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

function known(field: string, values: string[], allowed: readonly string[], normalize: (v: string) => string = (v) => v): string[] {
  const set = new Set(allowed);
  return values.map((value) => {
    const normal = normalize(value);
    if (!set.has(normal)) throw unknownValue(field);
    return normal;
  });
}

const SIZE_BY_UPPER = new Map(SIZES.map((s) => [s.toUpperCase(), s]));

/** Parses `min-max` (either side may be empty) in minor units. */
export function parsePrice(raw: string): { min: number | null; max: number | null; raw: string } {
  const match = /^\s*(\d{0,12})\s*-\s*(\d{0,12})\s*$/.exec(raw);
  const invalid = () => new AppError('VALIDATION', 'query.price', undefined, 'PRICE_RANGE_INVALID');
  if (!match) throw invalid();
  const min = match[1] ? Number(match[1]) : null;
  const max = match[2] ? Number(match[2]) : null;
  if (min === null && max === null) throw invalid();
  if (min !== null && max !== null && min > max) throw invalid();
  return { min, max, raw: `${min ?? ''}-${max ?? ''}` };
}

/** Checks and resolves every filter of the query; brand, category and store values may be slugs (aliases) or ids. */
export async function resolveFilters(options: { query: TListingQuery; dictionary: Dictionary; db: Kysely<Database> }): Promise<{ filters: ListingFilters; selected: Selected }> {
  const { query, dictionary } = options;
  const filters: ListingFilters = {};
  const selected: Selected = {};
  const take = (key: FacetKey, values: string[]) => {
    if (values.length) selected[key] = new Set(values);
    return values.length ? values : undefined;
  };
  filters.colour = take('colour', known('colour', splitValues(query.colour), COLOUR_KEYS, (v) => v.toLowerCase()));
  filters.size = take('size', known('size', splitValues(query.size), SIZES, (v) => SIZE_BY_UPPER.get(v.toUpperCase()) ?? v));
  filters.material = take('material', known('material', splitValues(query.material), MATERIALS, (v) => v.toLowerCase()));
  filters.certification = take(
    'certification',
    known('certification', splitValues(query.certification), CERTIFICATION_SCHEMES, (v) => v.toUpperCase().replace(/[-\s]/g, '_')),
  );
  const origins = splitValues(query.origin).map((v) => v.toUpperCase());
  if (origins.some((o) => !/^[A-Z]{2}$/.test(o))) throw unknownValue('origin');
  filters.origin = take('origin', origins);

  const brands = splitValues(query.brand).map((value) => {
    const brand = dictionary.brandBySlug.get(value.toLowerCase()) ?? dictionary.brands.get(value);
    if (!brand) throw unknownValue('brand');
    return brand;
  });
  filters.brand = brands.length ? brands.map((b) => b.id) : undefined;
  take('brand', brands.map((b) => b.slug));

  const categories = splitValues(query.category).map((value) => {
    const category = dictionary.categoryBySlug.get(value.toLowerCase()) ?? dictionary.categories.get(value);
    if (!category) throw unknownValue('category');
    return category;
  });
  filters.category = categories.length ? [...new Set(categories.flatMap((c) => c.subtree))] : undefined;
  take('category', categories.map((c) => c.slug));

  const storeValues = splitValues(query.store);
  if (storeValues.length) {
    const stores = await options.db
      .selectFrom('stores')
      .select(['id', 'store_alias_name'])
      .where('status', '=', 'approved')
      .where((eb) => eb.or([eb('store_alias_name', 'in', storeValues.map((v) => v.toLowerCase())), eb('store_alias_name', 'in', storeValues), eb('id', 'in', storeValues)]))
      .execute();
    const found = storeValues.map((value) => stores.find((s) => s.id === value || s.store_alias_name.toLowerCase() === value.toLowerCase()));
    if (found.some((s) => !s)) throw unknownValue('store');
    const resolved = found as Array<{ id: string; store_alias_name: string }>;
    filters.store = [...new Set(resolved.map((s) => s.id))];
    take('store', resolved.map((s) => s.store_alias_name));
  }

  if (query.rating !== undefined) {
    filters.rating = query.rating;
    selected.rating = new Set([String(query.rating)]);
  }
  if (query.discount !== undefined) {
    filters.discount = query.discount;
    selected.discount = new Set([String(query.discount)]);
  }
  if (query.price !== undefined) {
    filters.price = parsePrice(query.price);
    selected.price = new Set([filters.price.raw]);
  }
  if (query.inStock === '1' || query.inStock === 'true') {
    filters.inStock = true;
    selected.inStock = new Set(['1']);
  }
  return { filters, selected };
}

/** A normalized form of the query for the read cache: same filters in any order or case → same key. */
export function normalizedQueryKey(query: TListingQuery): string {
  const parts: string[] = [];
  for (const key of Object.keys(query).sort() as Array<keyof TListingQuery>) {
    const value = query[key];
    if (value === undefined || value === '') continue;
    const text = String(value);
    parts.push(`${key}=${key === 'q' || key === 'cursor' ? text.trim() : splitValues(text).map((v) => v.toLowerCase()).sort().join(',')}`);
  }
  return parts.join('&');
}
