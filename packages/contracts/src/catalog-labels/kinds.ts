import type { MAKER_TYPES, PRODUCTION_METHODS, Size } from '../catalog-constants.js';

export type MakerType = (typeof MAKER_TYPES)[number];
export type ProductionMethod = (typeof PRODUCTION_METHODS)[number];
/** Sizes that are words (the letter codes and dimensions read the same in every language). */
export type WordSize = Extract<Size, 'ONE SIZE' | 'SMALL' | 'MEDIUM' | 'LARGE'>;
/** The in-stock facet's single value and the rating / discount buckets ("4★ & up", "10% & more"). */
export type FilterPhrase = 'inStock' | 'ratingAndUp' | 'discountAndMore' | 'priceUnder' | 'priceOver' | 'priceBetween' | 'noProducts';
