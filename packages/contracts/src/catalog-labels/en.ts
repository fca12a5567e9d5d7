import { CERTIFICATION_NAMES, FACET_LABELS, SORT_LABELS, NO_PRODUCTS_MESSAGE, type CertificationScheme, type Colour, type FacetKey, type Material, type SortKey, type StockState } from '../catalog-constants.js';
import type { FilterPhrase, MakerType, ProductionMethod, WordSize } from './kinds.js';

// The catalog's labels in English (see ../catalog-labels.ts): a module per language, so that a web page loads its own only.

export const colour: Record<Colour, string> = {
  black: 'Black', white: 'White', natural: 'Natural', beige: 'Beige', brown: 'Brown', terracotta: 'Terracotta', red: 'Red', pink: 'Pink',
  orange: 'Orange', yellow: 'Yellow', green: 'Green', olive: 'Olive', teal: 'Teal', blue: 'Blue', indigo: 'Indigo', purple: 'Purple',
  grey: 'Grey', gold: 'Gold', silver: 'Silver', multicolour: 'Multicolour',
};

export const material: Record<Material, string> = {
  'organic-cotton': 'Organic cotton', cotton: 'Cotton', 'recycled-cotton': 'Recycled cotton', linen: 'Linen', hemp: 'Hemp', jute: 'Jute',
  wool: 'Wool', 'recycled-wool': 'Recycled wool', alpaca: 'Alpaca', silk: 'Silk', 'peace-silk': 'Peace silk', bamboo: 'Bamboo',
  rattan: 'Rattan', seagrass: 'Seagrass', pandan: 'Pandan', 'banana-fibre': 'Banana fibre', cork: 'Cork', 'reclaimed-wood': 'Reclaimed wood',
  'fsc-wood': 'FSC wood', teak: 'Teak', clay: 'Clay', stoneware: 'Stoneware', 'recycled-glass': 'Recycled glass', brass: 'Brass',
  'recycled-brass': 'Recycled brass', copper: 'Copper', 'recycled-silver': 'Recycled silver', leather: 'Leather',
  'vegetable-tanned-leather': 'Vegetable-tanned leather', 'natural-rubber': 'Natural rubber', 'recycled-polyester': 'Recycled polyester',
  beeswax: 'Beeswax', 'soy-wax': 'Soy wax', 'natural-dye': 'Natural dye', paper: 'Paper', 'recycled-paper': 'Recycled paper',
};

export const makerType: Record<MakerType, string> = { artisan: 'Artisan', cooperative: 'Cooperative', workshop: 'Workshop', 'social-enterprise': 'Social enterprise', 'small-factory': 'Small factory' };

export const productionMethod: Record<ProductionMethod, string> = {
  handmade: 'Handmade', handloom: 'Handloom', 'hand-carved': 'Hand-carved', 'hand-thrown': 'Hand-thrown', 'hand-block-printed': 'Hand block printed',
  'hand-woven': 'Hand-woven', 'hand-knotted': 'Hand-knotted', 'small-batch': 'Small batch', upcycled: 'Upcycled', 'machine-assisted': 'Machine-assisted',
};

export const stockState: Record<StockState, string> = { in_stock: 'In stock', out_of_stock: 'Out of stock', sold_out: 'Sold out' };

export const size: Record<WordSize, string> = { 'ONE SIZE': 'One size', SMALL: 'Small', MEDIUM: 'Medium', LARGE: 'Large' };

export const sort: Record<SortKey, string> = SORT_LABELS;

export const facet: Record<FacetKey, string> = FACET_LABELS;

export const certification: Record<CertificationScheme, string> = CERTIFICATION_NAMES;

export const phrase: Record<FilterPhrase, string> = {
  inStock: 'In stock only', ratingAndUp: '{{n}}★ & up', discountAndMore: '{{n}}% & more', priceUnder: 'Under {{max}}',
  priceOver: '{{min}} & above', priceBetween: '{{min}} – {{max}}', noProducts: NO_PRODUCTS_MESSAGE,
};
