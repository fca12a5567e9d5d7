import type { Language } from './locale.js';
import type { CertificationScheme, Colour, FacetKey, Material, SortKey, StockState } from './catalog-constants.js';
import * as ar from './catalog-labels/ar.js';
import * as en from './catalog-labels/en.js';
import * as es from './catalog-labels/es.js';
import * as ms from './catalog-labels/ms.js';
import type { FilterPhrase, MakerType, ProductionMethod, WordSize } from './catalog-labels/kinds.js';

export type { FilterPhrase } from './catalog-labels/kinds.js';

/**
 * Translated labels of the catalog's fixed vocabularies (issue #4), shared by the server (facet labels,
 * the empty-result message) and the web app (pickers, the provenance panel). English is the seed's
 * exact text where the seed has one; every other language is a real translation. Brand-like names
 * (GOTS, FSC, OEKO-TEX) stay as they are.
 * Each language is a module of its own (./catalog-labels/<language>.ts, exported as
 * '@tessera/contracts/catalog-labels/<language>'): the web app's pages load their language's only
 * (docs/decisions/010-public-pages-load-on-demand.md); the tables below put the four together.
 */
type Labels<K extends string> = Record<Language, Record<K, string>>;

export const COLOUR_LABELS: Labels<Colour> = { en: en.colour, es: es.colour, ar: ar.colour, ms: ms.colour };
export const MATERIAL_LABELS: Labels<Material> = { en: en.material, es: es.material, ar: ar.material, ms: ms.material };
export const MAKER_TYPE_LABELS: Labels<MakerType> = { en: en.makerType, es: es.makerType, ar: ar.makerType, ms: ms.makerType };
export const PRODUCTION_METHOD_LABELS: Labels<ProductionMethod> = {
  en: en.productionMethod,
  es: es.productionMethod,
  ar: ar.productionMethod,
  ms: ms.productionMethod,
};
export const STOCK_STATE_LABELS: Labels<StockState> = { en: en.stockState, es: es.stockState, ar: ar.stockState, ms: ms.stockState };
export const SIZE_LABELS: Labels<WordSize> = { en: en.size, es: es.size, ar: ar.size, ms: ms.size };
export const SORT_LABELS_I18N: Labels<SortKey> = { en: en.sort, es: es.sort, ar: ar.sort, ms: ms.sort };
export const FACET_LABELS_I18N: Labels<FacetKey> = { en: en.facet, es: es.facet, ar: ar.facet, ms: ms.facet };
export const CERTIFICATION_LABELS: Labels<CertificationScheme> = { en: en.certification, es: es.certification, ar: ar.certification, ms: ms.certification };
export const FILTER_PHRASES: Labels<FilterPhrase> = { en: en.phrase, es: es.phrase, ar: ar.phrase, ms: ms.phrase };

const TABLES = {
  colour: COLOUR_LABELS,
  size: SIZE_LABELS,
  material: MATERIAL_LABELS,
  makerType: MAKER_TYPE_LABELS,
  productionMethod: PRODUCTION_METHOD_LABELS,
  stockState: STOCK_STATE_LABELS,
  sort: SORT_LABELS_I18N,
  facet: FACET_LABELS_I18N,
  certification: CERTIFICATION_LABELS,
  phrase: FILTER_PHRASES,
} as const;
export type CatalogLabelKind = keyof typeof TABLES;
export type CatalogLabelKey<K extends CatalogLabelKind> = keyof (typeof TABLES)[K]['en'];

/**
 * The label of one value in the given language, falling back to English, then to the key itself
 * (so an unknown value never renders as an empty string). `{{name}}` placeholders take `values`.
 */
export function catalogLabel<K extends CatalogLabelKind>(
  kind: K,
  key: CatalogLabelKey<K> | (string & {}),
  language: Language | string = 'en',
  values?: Record<string, string | number>,
): string {
  const table = TABLES[kind] as Record<string, Record<string, string>>;
  const k = String(key);
  const text = table[language]?.[k] ?? table.en?.[k] ?? k;
  if (!values) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
