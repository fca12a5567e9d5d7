/** Floor 2 — the read model: card and text helpers, the per-version dictionary of names, the facet rows derived from a product. */
export { categoryPath, createDictionary, type Dictionary } from './catalog-dictionary.js';
export {
  countryName,
  discountPercent,
  type ImageRow,
  loadCards,
  loadTimedCards,
  mediaUrl,
  parseJson,
  pickList,
  pickSpecs,
  pickText,
  stockState,
  type TimedCard,
  toImage,
} from './catalog-read.js';
export { deriveFacetRows } from './product-facets.js';
export { setProductRating } from './product-ratings.js';
