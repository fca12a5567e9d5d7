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
import { type Dictionary, countryName, pickText } from '../model/index.js';
import type { Tallies } from './listing-facets-tallies.js';
import type { ListingIndex } from './listing-index.js';
import { FACET_ROW_KEYS, type FacetFilterKey, type Selected } from './listing-query.js';

/**
 * The facets' answer: the counts (Tallies, however they were counted) as the API's facets, with
 * translated labels, each facet's values in its order, and `selected`.
 */
export const RATING_BUCKETS = [4, 3, 2, 1] as const;
export const DISCOUNT_BUCKETS = [10, 20, 30, 40, 50] as const;
const STORES_SHOWN = 30;

export interface PriceBucket {
  value: string;
  min: number | null;
  max: number | null;
  count: number;
}

interface Counts {
  rows: Map<FacetFilterKey, Map<string, number>>;
  brand: Map<string, number>;
  category: Map<string, number>;
  store: Map<string, number>;
  rating: Map<number, number>;
  discount: Map<number, number>;
  inStock: number;
  price: PriceBucket[];
  total: number;
}

const andUp = (histogram: Int32Array, from: number) => histogram.subarray(from).reduce((sum, n) => sum + n, 0);

/** The facets of these tallies; `priceFacet` when the price buckets were counted another way than from `t.prices`. */
export function facetsAnswer(
  index: ListingIndex,
  t: Tallies,
  priceFacet: PriceBucket[] | undefined,
  options: { selected: Selected; dictionary: Dictionary; language: Language },
): TFacet[] {
  const { valueFacet } = index;
  const valueTally = t.values;
  const [total, inStock, priced] = t.scalars as unknown as [number, number, number];
  const [minPrice, maxPrice] = t.priceRange as unknown as [number, number];
  const { ratingStars, discountTens, prices } = t;
  const rows = new Map<FacetFilterKey, Map<string, number>>(FACET_ROW_KEYS.map((key) => [key, new Map<string, number>()]));
  for (let code = 0; code < valueTally.length; code++) {
    const n = valueTally[code] as number;
    if (n) rows.get(FACET_ROW_KEYS[valueFacet[code] as number] as FacetFilterKey)?.set(index.values[code] as string, n);
  }
  const byColumn = (tally: Int32Array, ids: string[], limit?: number) => {
    let entries: Array<[string, number]> = [];
    for (let code = 0; code < ids.length; code++) if (tally[code]) entries.push([ids[code] as string, tally[code] as number]);
    if (limit) entries = entries.sort((a, b) => b[1] - a[1]).slice(0, limit);
    return new Map(entries);
  };
  const counts: Counts = {
    rows,
    brand: byColumn(t.brand, index.brandIds),
    category: byColumn(t.category, index.categoryIds),
    store: byColumn(t.store, index.storeIds, STORES_SHOWN),
    rating: new Map(RATING_BUCKETS.map((n) => [n, andUp(ratingStars, n)])),
    discount: new Map(DISCOUNT_BUCKETS.map((n) => [n, andUp(discountTens, n / 10)])),
    inStock,
    price: priceFacet ?? (priced > 0 ? priceBuckets(minPrice, maxPrice, (bounds) => scanBuckets(prices, priced, bounds)) : []),
    total,
  };
  return FACET_KEYS.map((key) => renderFacet(key, counts, options));
}

/** The counted prices per bucket (below each bound, at or above the one before), by a pass over them. */
function scanBuckets(prices: Float64Array, count: number, bounds: number[]): number[] {
  const bucketCounts = new Array<number>(bounds.length).fill(0);
  for (let i = 0; i < count; i++) {
    const p = prices[i] as number;
    let b = 0;
    while (p >= (bounds[b] as number)) b += 1;
    bucketCounts[b] = (bucketCounts[b] as number) + 1;
  }
  return bucketCounts;
}

/** The price facet's buckets between the lowest and highest counted price; `countIn` counts them per bound. */
export function priceBuckets(minPrice: number, maxPrice: number, countIn: (bounds: number[]) => number[]): PriceBucket[] {
  const edges = priceEdges(minPrice, maxPrice);
  const bounds = [...edges, Number.POSITIVE_INFINITY];
  const bucketCounts = countIn(bounds);
  return bounds.map((_, b) => {
    const min = b === 0 ? (edges.length ? null : minPrice) : (edges[b - 1] as number);
    const max = b === edges.length ? (edges.length ? null : maxPrice) : (edges[b] as number) - 1;
    return { value: `${min ?? ''}-${max ?? ''}`, min, max, count: bucketCounts[b] as number };
  });
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

// A bucket's label per language and bounds: the buckets' round edges repeat from listing to listing,
// and each label is two ICU number formats. Bounded: past the limit the labels are worked out afresh.
const PRICE_LABELS_KEPT = 10_000;
const priceLabels = new Map<string, string>();
function priceLabel(bucket: PriceBucket, language: Language): string {
  const key = `${language}:${bucket.value}`;
  let label = priceLabels.get(key);
  if (label === undefined) {
    label =
      bucket.min === null
        ? catalogLabel('phrase', 'priceUnder', language, { max: formatMoney((bucket.max as number) + 1, language) })
        : bucket.max === null
          ? catalogLabel('phrase', 'priceOver', language, { min: formatMoney(bucket.min, language) })
          : catalogLabel('phrase', 'priceBetween', language, { min: formatMoney(bucket.min, language), max: formatMoney(bucket.max + 1, language) });
    if (priceLabels.size >= PRICE_LABELS_KEPT) priceLabels.clear();
    priceLabels.set(key, label);
  }
  return label;
}

// Category names per dictionary (one per catalog version) and language: parsed once, not per listing.
const namesKept = new WeakMap<Dictionary['categories'], Map<Language, Map<string, string>>>();
function categoryNames(dictionary: Dictionary, language: Language): Map<string, string> {
  let byLanguage = namesKept.get(dictionary.categories);
  if (!byLanguage) namesKept.set(dictionary.categories, (byLanguage = new Map()));
  let names = byLanguage.get(language);
  if (!names) {
    names = new Map([...dictionary.categories.values()].map((category) => [category.id, pickText(category.name, language)]));
    byLanguage.set(language, names);
  }
  return names;
}

/** The labels that depend on the language alone, worked out once per language instead of per listing. */
interface FixedLabels {
  facet: Record<FacetKey, string>;
  colour: string[];
  size: string[];
  certification: string[];
  rating: string[];
  discount: string[];
  inStock: string;
}
const fixedKept = new Map<Language, FixedLabels>();
function fixedLabels(language: Language): FixedLabels {
  let fixed = fixedKept.get(language);
  if (!fixed) {
    fixed = {
      facet: Object.fromEntries(FACET_KEYS.map((key) => [key, catalogLabel('facet', key, language)])) as Record<FacetKey, string>,
      colour: COLOUR_KEYS.map((colour) => catalogLabel('colour', colour, language)),
      size: SIZES.map((size) => catalogLabel('size', size, language)),
      certification: CERTIFICATION_SCHEMES.map((scheme) => catalogLabel('certification', scheme, language)),
      rating: RATING_BUCKETS.map((n) => catalogLabel('phrase', 'ratingAndUp', language, { n })),
      discount: DISCOUNT_BUCKETS.map((n) => catalogLabel('phrase', 'discountAndMore', language, { n })),
      inStock: catalogLabel('phrase', 'inStock', language),
    };
    fixedKept.set(language, fixed);
  }
  return fixed;
}

// Each category's chain up to its root (itself first), per dictionary (one per catalog version):
// walked once, not for every counted category of every listing. A cycle stops at its first repeat.
const chainsKept = new WeakMap<Dictionary['categories'], Map<string, string[]>>();
function ancestorsOf(dictionary: Dictionary): Map<string, string[]> {
  let chains = chainsKept.get(dictionary.categories);
  if (!chains) {
    chains = new Map();
    for (const id of dictionary.categories.keys()) {
      const chain: string[] = [];
      const seen = new Set<string>();
      let current = dictionary.categories.get(id);
      while (current && !seen.has(current.id)) {
        seen.add(current.id);
        chain.push(current.id);
        current = current.parentId ? dictionary.categories.get(current.parentId) : undefined;
      }
      chains.set(id, chain);
    }
    chainsKept.set(dictionary.categories, chains);
  }
  return chains;
}

function renderFacet(key: FacetKey, counts: Partial<Counts>, options: { selected: Selected; dictionary: Dictionary; language: Language }): TFacet {
  const { language, dictionary } = options;
  const fixed = fixedLabels(language);
  const chosen = options.selected[key] ?? new Set<string>();
  const values: TFacetValue[] = [];
  const add = (value: string, label: string, count: number) => {
    const selected = chosen.has(value);
    if (count > 0 || selected) values.push({ value, label, count, selected });
  };
  const rows = counts.rows?.get(key as FacetFilterKey) ?? new Map<string, number>();
  switch (key) {
    case 'colour':
      COLOUR_KEYS.forEach((colour, n) => add(colour, fixed.colour[n] as string, rows.get(colour) ?? 0));
      break;
    case 'size':
      SIZES.forEach((size, n) => add(size, fixed.size[n] as string, rows.get(size) ?? 0));
      break;
    case 'certification':
      CERTIFICATION_SCHEMES.forEach((scheme, n) => add(scheme, fixed.certification[n] as string, rows.get(scheme) ?? 0));
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
      const chains = ancestorsOf(dictionary);
      for (const [id, count] of counts.category ?? []) {
        for (const at of chains.get(id) ?? []) rolled.set(at, (rolled.get(at) ?? 0) + count);
      }
      const names = categoryNames(dictionary, language);
      for (const category of dictionary.categories.values()) {
        add(category.slug, names.get(category.id) ?? '', rolled.get(category.id) ?? 0);
      }
      break;
    }
    case 'store':
      // Labelled by the listing service, which knows the stores' names.
      for (const [id, count] of counts.store ?? []) values.push({ value: id, label: id, count, selected: false });
      break;
    case 'rating':
      RATING_BUCKETS.forEach((n, k) => add(String(n), fixed.rating[k] as string, counts.rating?.get(n) ?? 0));
      break;
    case 'discount':
      DISCOUNT_BUCKETS.forEach((n, k) => add(String(n), fixed.discount[k] as string, counts.discount?.get(n) ?? 0));
      break;
    case 'price': {
      for (const bucket of counts.price ?? []) add(bucket.value, priceLabel(bucket, language), bucket.count);
      for (const raw of chosen) if (!values.some((v) => v.value === raw)) values.push({ value: raw, label: raw, count: 0, selected: true });
      break;
    }
    case 'inStock':
      add('1', fixed.inStock, counts.inStock ?? 0);
      break;
  }
  return { key, label: fixed.facet[key], values };
}

const unionKeys = (rows: Map<string, number>, chosen: Set<string>) => new Set([...rows.keys(), ...chosen]);

/**
 * Each label's place among every label seen so far in localeCompare's order (labels comparing equal
 * share a place), so that sorting a facet's values by count, then label, compares two numbers instead
 * of asking ICU: with many values of equal count (a browse's brands, materials, origins) that was
 * hundreds of localeCompare calls a listing. The labels are few (brand names, materials and countries
 * in four languages): a new one re-ranks them all, once.
 */
const LABELS_RANKED_MAX = 20_000;
let labelRank = new Map<string, number>();
function rankLabels(values: TFacetValue[]): Map<string, number> {
  let unseen: string[] | undefined;
  for (const v of values) if (!labelRank.has(v.label)) (unseen ??= []).push(v.label);
  if (unseen) {
    const labels = [...new Set([...(labelRank.size + unseen.length > LABELS_RANKED_MAX ? [] : labelRank.keys()), ...unseen, ...values.map((v) => v.label)])];
    labels.sort((a, b) => a.localeCompare(b));
    const ranks = new Map<string, number>();
    let place = 0;
    labels.forEach((label, n) => {
      if (n > 0 && (labels[n - 1] as string).localeCompare(label) !== 0) place += 1;
      ranks.set(label, place);
    });
    labelRank = ranks;
  }
  return labelRank;
}
/** By count, most first, then by label in localeCompare's order (as `b.count - a.count || a.label.localeCompare(b.label)`). */
export function sortByCount(values: TFacetValue[]): void {
  if (values.length < 2) return;
  const rank = rankLabels(values);
  values.sort((a, b) => b.count - a.count || (rank.get(a.label) as number) - (rank.get(b.label) as number));
}
