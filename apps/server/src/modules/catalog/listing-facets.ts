import {
  CERTIFICATION_SCHEMES,
  COLOUR_KEYS,
  DEFAULT_CURRENCY_CODE,
  FACET_KEYS,
  INTL_LOCALES,
  SIZES,
  catalogLabel,
  type FacetKey,
  type Language,
  type TFacet,
  type TFacetValue,
} from '@tessera/contracts';
import type { Dictionary } from './catalog-dictionary.js';
import { countryName, pickText } from './catalog-read.js';
import { matchFilters, type ListingIndex } from './listing-index.js';
import { FACET_ROW_KEYS, type FacetFilterKey, type ListingFilters, type Selected } from './listing-query.js';

/**
 * Facet counts, the standard (disjunctive) way: each facet is counted over the products that match
 * every OTHER filter, so that picking a second colour widens the list and the counts say by how much.
 * Facets whose own filter is not in use share one base (all filters), so two active filters cost
 * three bases, each counted in a few passes over the in-memory listing index.
 */
export const RATING_BUCKETS = [4, 3, 2, 1] as const;
export const DISCOUNT_BUCKETS = [10, 20, 30, 40, 50] as const;
const STORES_SHOWN = 30;

interface Counts {
  rows: Map<FacetFilterKey, Map<string, number>>;
  brand: Map<string, number>;
  category: Map<string, number>;
  store: Map<string, number>;
  rating: Map<number, number>;
  discount: Map<number, number>;
  inStock: number;
  price: Array<{ value: string; min: number | null; max: number | null; count: number }>;
  total: number;
}

export function computeFacets(options: {
  index: ListingIndex;
  filters: ListingFilters;
  selected: Selected;
  dictionary: Dictionary;
  language: Language;
  now: number;
}): { facets: TFacet[]; total: number; matches: Uint8Array } {
  const { index, filters, now } = options;
  // Group the facets by the filter they are counted without.
  const groups = new Map<FacetKey | null, FacetKey[]>();
  for (const key of FACET_KEYS) {
    const own = filters[key as keyof ListingFilters] === undefined ? null : key;
    groups.set(own, [...(groups.get(own) ?? []), key]);
  }
  if (!groups.has(null)) groups.set(null, []);
  const counts = new Map<FacetKey, Partial<Counts>>();
  let total = 0;
  let matches: Uint8Array = new Uint8Array(0);
  for (const [except, keys] of groups) {
    const base = matchFilters(index, filters, except, now);
    const result = countGroup(index, base, keys, now);
    if (except === null) {
      total = result.total ?? 0;
      matches = base;
    }
    for (const key of keys) counts.set(key, result);
  }
  const facets = FACET_KEYS.map((key) => renderFacet(key, counts.get(key) ?? {}, options));
  return { facets, total, matches };
}

function countGroup(index: ListingIndex, base: Uint8Array, keys: FacetKey[], now: number): Partial<Counts> {
  const want = new Set(keys);
  const { size, price, mrp, rating, stock } = index;
  let total = 0;
  let inStock = 0;
  let minPrice = Number.POSITIVE_INFINITY;
  let maxPrice = Number.NEGATIVE_INFINITY;
  const ratings = new Array<number>(RATING_BUCKETS.length).fill(0);
  const discounts = new Array<number>(DISCOUNT_BUCKETS.length).fill(0);
  for (let i = 0; i < size; i++) {
    if (!base[i]) continue;
    total += 1;
    if ((stock[i] as number) > 0) inStock += 1;
    const p = price[i] as number;
    const m = mrp[i] as number;
    if (p < minPrice) minPrice = p;
    if (p > maxPrice) maxPrice = p;
    const r = rating[i] as number;
    RATING_BUCKETS.forEach((n, b) => {
      if (r >= n * 100) ratings[b] = (ratings[b] as number) + 1;
    });
    if (m > 0 && m > p) {
      DISCOUNT_BUCKETS.forEach((n, b) => {
        if ((m - p) * 100 >= n * m) discounts[b] = (discounts[b] as number) + 1;
      });
    }
  }
  const result: Partial<Counts> = {
    total,
    inStock,
    rating: new Map(RATING_BUCKETS.map((n, b) => [n, ratings[b] as number])),
    discount: new Map(DISCOUNT_BUCKETS.map((n, b) => [n, discounts[b] as number])),
    price: [],
  };
  if (want.has('price') && total > 0) {
    const edges = priceEdges(minPrice, maxPrice);
    const bounds = [...edges, Number.POSITIVE_INFINITY];
    const bucketCounts = new Array<number>(bounds.length).fill(0);
    for (let i = 0; i < size; i++) {
      if (!base[i]) continue;
      const p = price[i] as number;
      let b = 0;
      while (p >= (bounds[b] as number)) b += 1;
      bucketCounts[b] = (bucketCounts[b] as number) + 1;
    }
    result.price = bounds.map((_, b) => {
      const min = b === 0 ? (edges.length ? null : minPrice) : (edges[b - 1] as number);
      const max = b === edges.length ? (edges.length ? null : maxPrice) : (edges[b] as number) - 1;
      return { value: `${min ?? ''}-${max ?? ''}`, min, max, count: bucketCounts[b] as number };
    });
  }
  result.rows = new Map();
  for (const key of FACET_ROW_KEYS) {
    if (!want.has(key)) continue;
    const values = new Map<string, number>();
    for (const [value, positions] of index.postings.get(key) ?? []) {
      const expiry = key === 'certification' ? index.expiries.get(value) : undefined;
      let n = 0;
      for (let j = 0; j < positions.length; j++) if (base[positions[j] as number] && (!expiry || (expiry[j] as number) > now)) n += 1;
      if (n) values.set(value, n);
    }
    result.rows.set(key, values);
  }
  const byColumn = (column: Int32Array, ids: string[], limit?: number) => {
    const tally = new Array<number>(ids.length).fill(0);
    for (let i = 0; i < size; i++) {
      const code = column[i] as number;
      if (base[i] && code >= 0) tally[code] = (tally[code] as number) + 1;
    }
    let entries = ids.map((id, code) => [id, tally[code] as number] as [string, number]).filter(([, n]) => n > 0);
    if (limit) entries = entries.sort((a, b) => b[1] - a[1]).slice(0, limit);
    return new Map(entries);
  };
  if (want.has('brand')) result.brand = byColumn(index.brand, index.brandIds);
  if (want.has('category')) result.category = byColumn(index.category, index.categoryIds);
  if (want.has('store')) result.store = byColumn(index.store, index.storeIds, STORES_SHOWN);
  return result;
}

/** Up to three round edges splitting [min, max] into four price buckets ("under 25", "25 – 50", …). */
export function priceEdges(min: number, max: number): number[] {
  if (max <= min) return [];
  const step = niceStep((max - min) / 4);
  const edges: number[] = [];
  let edge = Math.floor(min / step) * step + step;
  while (edge <= max && edges.length < 3) {
    if (edge > min) edges.push(edge);
    edge += step;
  }
  return edges;
}

function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const factor of [1, 2, 2.5, 5, 10]) if (raw <= factor * power) return factor * power;
  return 10 * power;
}

const money = new Map<Language, Intl.NumberFormat>();
function formatMoney(minor: number, language: Language): string {
  let format = money.get(language);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[language], { style: 'currency', currency: DEFAULT_CURRENCY_CODE, maximumFractionDigits: 0 });
    money.set(language, format);
  }
  return format.format(minor / 100);
}

function renderFacet(
  key: FacetKey,
  counts: Partial<Counts>,
  options: { selected: Selected; dictionary: Dictionary; language: Language },
): TFacet {
  const { language, dictionary } = options;
  const chosen = options.selected[key] ?? new Set<string>();
  const values: TFacetValue[] = [];
  const add = (value: string, label: string, count: number) => {
    const selected = chosen.has(value);
    if (count > 0 || selected) values.push({ value, label, count, selected });
  };
  const rows = counts.rows?.get(key as FacetFilterKey) ?? new Map<string, number>();
  switch (key) {
    case 'colour':
      for (const colour of COLOUR_KEYS) add(colour, catalogLabel('colour', colour, language), rows.get(colour) ?? 0);
      break;
    case 'size':
      for (const size of SIZES) add(size, size, rows.get(size) ?? 0);
      break;
    case 'certification':
      for (const scheme of CERTIFICATION_SCHEMES) add(scheme, catalogLabel('certification', scheme, language), rows.get(scheme) ?? 0);
      break;
    case 'material':
      for (const value of unionKeys(rows, chosen)) add(value, catalogLabel('material', value, language), rows.get(value) ?? 0);
      sortByCount(values);
      break;
    case 'origin':
      for (const value of unionKeys(rows, chosen)) add(value, countryName(value, language), rows.get(value) ?? 0);
      sortByCount(values);
      break;
    case 'brand':
      for (const [id, count] of counts.brand ?? []) {
        const brand = dictionary.brands.get(id);
        if (brand) add(brand.slug, brand.name, count);
      }
      for (const slug of chosen) if (!values.some((v) => v.value === slug)) add(slug, dictionary.brandBySlug.get(slug)?.name ?? slug, 0);
      sortByCount(values);
      break;
    case 'category': {
      // A product counts in its category and in every ancestor, so a parent shows its whole subtree.
      const rolled = new Map<string, number>();
      for (const [id, count] of counts.category ?? []) {
        const seen = new Set<string>();
        let current = dictionary.categories.get(id);
        while (current && !seen.has(current.id)) {
          seen.add(current.id);
          rolled.set(current.id, (rolled.get(current.id) ?? 0) + count);
          current = current.parentId ? dictionary.categories.get(current.parentId) : undefined;
        }
      }
      for (const category of dictionary.categories.values()) {
        add(category.slug, pickText(category.name, language), rolled.get(category.id) ?? 0);
      }
      break;
    }
    case 'store':
      // Labelled by the listing service, which knows the stores' names.
      for (const [id, count] of counts.store ?? []) values.push({ value: id, label: id, count, selected: false });
      break;
    case 'rating':
      for (const n of RATING_BUCKETS) add(String(n), catalogLabel('phrase', 'ratingAndUp', language, { n }), counts.rating?.get(n) ?? 0);
      break;
    case 'discount':
      for (const n of DISCOUNT_BUCKETS) add(String(n), catalogLabel('phrase', 'discountAndMore', language, { n }), counts.discount?.get(n) ?? 0);
      break;
    case 'price': {
      for (const bucket of counts.price ?? []) {
        const label =
          bucket.min === null
            ? catalogLabel('phrase', 'priceUnder', language, { max: formatMoney((bucket.max as number) + 1, language) })
            : bucket.max === null
              ? catalogLabel('phrase', 'priceOver', language, { min: formatMoney(bucket.min, language) })
              : catalogLabel('phrase', 'priceBetween', language, { min: formatMoney(bucket.min, language), max: formatMoney(bucket.max + 1, language) });
        add(bucket.value, label, bucket.count);
      }
      for (const raw of chosen) if (!values.some((v) => v.value === raw)) values.push({ value: raw, label: raw, count: 0, selected: true });
      break;
    }
    case 'inStock':
      add('1', catalogLabel('phrase', 'inStock', language), counts.inStock ?? 0);
      break;
  }
  return { key, label: catalogLabel('facet', key, language), values };
}

const unionKeys = (rows: Map<string, number>, chosen: Set<string>) => new Set([...rows.keys(), ...chosen]);
const sortByCount = (values: TFacetValue[]) => values.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
