import { catalogLabel, INTL_LOCALES, type Language } from '@tessera/contracts';
import type { FastifyRequest } from 'fastify';
import { type CurrenciesService, type CurrencyInfo, pickCurrency, type RateTable } from '../../currencies/index.js';
import { requestCurrency } from '../../../http/money-headers.js';

/**
 * The catalog in the buyer's currency (issue #11 §6). Prices are kept in the store's currency (the
 * catalog's, the default); an answer is converted as a whole by the rates the store team keeps, for
 * the currency the request names (`currencycode`, an enabled one, else the default). The read cache
 * keys each converted answer by the currency and the rates' version, so a rate change is served at
 * once and two currencies never share an entry.
 *
 * The listing's price filter speaks the buyer's currency too: the range a buyer types or picks is
 * converted back to the catalog's currency before filtering, and the price facet's buckets are converted and labelled in the buyer's currency.
 */
export interface DisplayCurrency {
  code: string;
  /** The catalog's currency (the default). */
  base: string;
  /** Part of the read cache's key: the currency and the rates it was converted with. */
  key: string;
  /** The amount in the display currency of `amount` minor units of `from` (unchanged when they are one). */
  convert(amount: number, from: string): number;
  /** The display currency's amount in the catalog's currency. */
  toCatalog(amount: number): number;
  format(minor: number, language: Language): string;
}

/** One DisplayCurrency per rate table and currency: every catalog read asks, the tables change rarely. */
const made = new WeakMap<RateTable, Map<string, DisplayCurrency>>();

export async function displayCurrencyOf(currencies: CurrenciesService, request: FastifyRequest): Promise<DisplayCurrency> {
  const table = currencies.ratesNow() ?? (await currencies.rates());
  const target = pickCurrency(table, requestCurrency(request));
  let byCode = made.get(table);
  if (!byCode) made.set(table, (byCode = new Map()));
  let display = byCode.get(target.code);
  if (!display) byCode.set(target.code, (display = displayCurrency(table, target)));
  return display;
}

export function displayCurrency(table: RateTable, target: CurrencyInfo): DisplayCurrency {
  const base = table.defaultCurrency;
  const formats = new Map<Language, Intl.NumberFormat>();
  const same = target.code === base;
  const back = same ? null : table.quote(target.code, base);
  return {
    code: target.code,
    base,
    key: same ? target.code : `${target.code}@${table.version}`,
    convert: (amount, from) => (from === target.code ? amount : table.quote(from, target.code).convert(amount)),
    toCatalog(amount) {
      // Rounded half away from zero, as the other way: a bucket's bounds come back exactly as they
      // were (a bucket of €10.00–€49.99 shown in rupees filters €10.00–€49.99 again).
      return back ? back.convert(amount) : amount;
    },
    format(minor, language) {
      let format = formats.get(language);
      if (!format) {
        format = new Intl.NumberFormat(INTL_LOCALES[language], { style: 'currency', currency: target.code, maximumFractionDigits: 0 });
        formats.set(language, format);
      }
      return format.format(minor / 10 ** target.minorDigits);
    },
  };
}

/** The `price=min-max` filter, given in the display currency, in the catalog's currency. */
export function priceFilterToCatalog(raw: string | undefined, display: DisplayCurrency): string | undefined {
  if (raw === undefined) return raw;
  const match = /^\s*(\d{0,12})\s*-\s*(\d{0,12})\s*$/.exec(raw);
  // Anything else is left for the listing to refuse with its own translated message.
  if (!match || display.key === display.code) return raw;
  const min = match[1] ? display.toCatalog(Number(match[1])) : '';
  const max = match[2] ? display.toCatalog(Number(match[2])) : '';
  return `${min}-${max}`;
}

type Json = unknown;

const isMoney = (value: Record<string, unknown>): value is { amount: number; currency: string } =>
  typeof value.amount === 'number' && typeof value.currency === 'string' && ownKeyCount(value) === 2;

function ownKeyCount(value: Record<string, unknown>): number {
  let count = 0;
  for (const key in value) if (Object.hasOwn(value, key)) count++;
  return count;
}

/**
 * Every `{amount, currency}` of an answer in the display currency. Copy on write: the objects and
 * arrays on the way to a converted amount are new, the rest is the input itself, untouched — an
 * answer already in the display currency (the catalog's, most answers) comes back as it was, with
 * no copy of its hundreds of objects.
 */
export function convertMoney(value: Json, display: DisplayCurrency): Json {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const converted = convertMoney(item, display);
      if (converted !== item) (out ??= value.slice())[i] = converted;
    }
    return out ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (isMoney(record)) {
    const amount = display.convert(record.amount, record.currency);
    return amount === record.amount && record.currency === display.code ? record : { amount, currency: display.code };
  }
  let out: Record<string, unknown> | undefined;
  // for…in over own keys: no array of keys per object (an answer holds hundreds of objects).
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const item = record[key];
    const converted = convertMoney(item, display);
    if (converted !== item) (out ??= { ...record })[key] = converted;
  }
  return out ?? record;
}

/** Cards found to need no conversion into a display currency (by its key): the card cache's objects never change. */
const unconverted = new WeakMap<object, string>();

/**
 * A listing's money is in its cards alone (the facets hold values, labels and counts; the price facet
 * is converted by convertListing), and a page's cards are mostly the card cache's same objects: each
 * is walked once per display currency, not on every listing. Anything but a listing is converted whole.
 */
function convertCards(answer: Json, display: DisplayCurrency): Json {
  const data = (answer as { data?: { items?: unknown } } | null)?.data;
  const items = data?.items;
  if (!Array.isArray(items)) return convertMoney(answer, display);
  let out: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const card: unknown = items[i];
    if (card !== null && typeof card === 'object' && unconverted.get(card) === display.key) continue;
    const converted = convertMoney(card, display);
    if (converted !== card) (out ??= items.slice())[i] = converted;
    else if (card !== null && typeof card === 'object') unconverted.set(card, display.key);
  }
  return out ? { ...(answer as object), data: { ...data, items: out } } : answer;
}

interface PriceFacetValue {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

/**
 * A listing answer in the display currency: its money, and its price facet's buckets (values and
 * labels). `chosen` is the price filter as the buyer sent it (display currency), shown as selected.
 */
export function convertListing(answer: Json, display: DisplayCurrency, language: Language, given: string | undefined): Json {
  const chosen = given?.replace(/\s+/g, '');
  const converted = convertCards(answer, display) as { data?: { facets?: Array<{ key: string; values: PriceFacetValue[] }> } };
  if (display.key === display.code) return converted;
  const facets = converted.data?.facets;
  const price = facets?.find((facet) => facet.key === 'price');
  if (!price || !facets) return converted;
  const base = (amount: number) => display.convert(amount, display.base);
  // The listing marks the range it filtered by (in its currency) as a value of its own when no
  // bucket is exactly that range: that one is the buyer's own range, shown as he sent it.
  const isOwnRange = (bucket: PriceFacetValue) => bucket.selected && bucket.label === bucket.value;
  const buckets = price.values
    .filter((bucket) => !isOwnRange(bucket))
    .map((bucket) => {
      const match = /^(\d*)-(\d*)$/.exec(bucket.value);
      if (!match) return bucket;
      const min = match[1] ? base(Number(match[1])) : null;
      const max = match[2] ? base(Number(match[2])) : null;
      const value = `${min ?? ''}-${max ?? ''}`;
      const label =
        min === null
          ? catalogLabel('phrase', 'priceUnder', language, { max: display.format((max as number) + 1, language) })
          : max === null
            ? catalogLabel('phrase', 'priceOver', language, { min: display.format(min, language) })
            : catalogLabel('phrase', 'priceBetween', language, { min: display.format(min, language), max: display.format(max + 1, language) });
      return { ...bucket, value, label, selected: value === chosen };
    });
  const own = price.values.find(isOwnRange);
  if (own && chosen && !buckets.some((bucket) => bucket.value === chosen)) buckets.push({ ...own, value: chosen, label: chosen });
  // A new facet in a new answer: convertMoney shares what it did not convert with the listing's own answer.
  return { ...converted, data: { ...converted.data, facets: facets.map((facet) => (facet === price ? { ...price, values: buckets } : facet)) } };
}
