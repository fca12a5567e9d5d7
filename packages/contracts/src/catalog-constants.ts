/**
 * The catalog's constants: limits, sorts, facets, colours, sizes, certifications, materials, stock
 * states. Kept apart from the schemas in ./catalog.ts (re-exported from there) because the browser
 * bundle shares a module as a whole: a page that needs a constant would otherwise download zod and
 * every schema a seller or admin form keeps alive.
 */

/** Seed §9: image compression constants. "MB" follows the seed's 1024 steps. */
export const PRODUCT_IMAGE_MAX_DIMENSION = 1920;
export const PRODUCT_IMAGE_MAX_BYTES = Math.round(0.6 * 1024 * 1024);
export const PRODUCT_THUMB_SIZE = 100;
/** What a seller may upload before processing (the server shrinks it to the limits above). */
export const PRODUCT_IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const PRODUCT_IMAGES_MAX = 8;

/** Listing sorts: the seed's three labels plus newest. Keys are what the API takes. */
export const SORT_KEYS = [
  "popularity",
  "price_asc",
  "price_desc",
  "newest",
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** The seed's sort labels (seed §9), kept exactly; the web app translates them. */
export const SORT_LABELS: Record<SortKey, string> = {
  popularity: "Popularity",
  price_asc: "Price-Low to High",
  price_desc: "Price-High to Low",
  newest: "Newest",
};

/** The seed's filter names (seed §9), kept exactly, and the extra filters. */
export const SEED_FILTERS = [
  "COLOUR",
  "BRAND",
  "SIZE",
  "CUSTOMER RATINGS",
  "DISCOUNT",
  "PRICE",
] as const;
/** Facet keys as they appear in the listing's query string and in its `facets` answer. */
export const FACET_KEYS = [
  "colour",
  "brand",
  "size",
  "rating",
  "discount",
  "price",
  "category",
  "store",
  "certification",
  "material",
  "origin",
  "inStock",
] as const;
export type FacetKey = (typeof FACET_KEYS)[number];
export const FACET_LABELS: Record<FacetKey, string> = {
  colour: "COLOUR",
  brand: "BRAND",
  size: "SIZE",
  rating: "CUSTOMER RATINGS",
  discount: "DISCOUNT",
  price: "PRICE",
  category: "CATEGORY",
  store: "STORE",
  certification: "CERTIFICATION",
  material: "MATERIAL",
  origin: "ORIGIN",
  inStock: "IN STOCK",
};

/** Named colours a variant may take (the web app translates and draws them). */
export const COLOURS = {
  black: "#1f1f1f",
  white: "#f7f5f0",
  natural: "#e8dcc4",
  beige: "#d8c3a5",
  brown: "#7a5230",
  terracotta: "#c2603b",
  red: "#b3261e",
  pink: "#e59aa8",
  orange: "#e0812f",
  yellow: "#e8c547",
  green: "#3f7d4e",
  olive: "#6b7240",
  teal: "#2f7f7a",
  blue: "#2f5fa7",
  indigo: "#33366e",
  purple: "#6e4a8e",
  grey: "#8a8a8a",
  gold: "#c9a54a",
  silver: "#b8b8b8",
  multicolour: "linear-gradient(90deg,#c2603b,#e8c547,#3f7d4e,#2f5fa7)",
} as const;
export type Colour = keyof typeof COLOURS;
export const COLOUR_KEYS = Object.keys(COLOURS) as Colour[];

/** Sizes in display order; free text sizes are not allowed so that SIZE can be filtered. */
export const SIZES = [
  "XXS",
  "XS",
  "S",
  "M",
  "L",
  "XL",
  "XXL",
  "3XL",
  "ONE SIZE",
  "SMALL",
  "MEDIUM",
  "LARGE",
  "50x70",
  "70x140",
  "90x190",
  "140x200",
  "160x230",
  "200x300",
] as const;
export type Size = (typeof SIZES)[number];

export const CERTIFICATION_SCHEMES = [
  "GOTS",
  "FAIR_TRADE",
  "FSC",
  "OEKO_TEX",
  "GRS",
  "BCORP",
  "EU_ECOLABEL",
  "RWS",
  "WFTO",
  "CRADLE_TO_CRADLE",
] as const;
export type CertificationScheme = (typeof CERTIFICATION_SCHEMES)[number];
export const CERTIFICATION_NAMES: Record<CertificationScheme, string> = {
  GOTS: "GOTS",
  FAIR_TRADE: "Fair Trade",
  FSC: "FSC",
  OEKO_TEX: "OEKO-TEX",
  GRS: "Global Recycled Standard",
  BCORP: "B Corp",
  EU_ECOLABEL: "EU Ecolabel",
  RWS: "Responsible Wool Standard",
  WFTO: "WFTO Guaranteed Fair Trade",
  CRADLE_TO_CRADLE: "Cradle to Cradle",
};

export const MATERIALS = [
  "organic-cotton",
  "cotton",
  "recycled-cotton",
  "linen",
  "hemp",
  "jute",
  "wool",
  "recycled-wool",
  "alpaca",
  "silk",
  "peace-silk",
  "bamboo",
  "rattan",
  "seagrass",
  "pandan",
  "banana-fibre",
  "cork",
  "reclaimed-wood",
  "fsc-wood",
  "teak",
  "clay",
  "stoneware",
  "recycled-glass",
  "brass",
  "recycled-brass",
  "copper",
  "recycled-silver",
  "leather",
  "vegetable-tanned-leather",
  "natural-rubber",
  "recycled-polyester",
  "beeswax",
  "soy-wax",
  "natural-dye",
  "paper",
  "recycled-paper",
] as const;
export type Material = (typeof MATERIALS)[number];

export const MAKER_TYPES = [
  "artisan",
  "cooperative",
  "workshop",
  "social-enterprise",
  "small-factory",
] as const;
export const PRODUCTION_METHODS = [
  "handmade",
  "handloom",
  "hand-carved",
  "hand-thrown",
  "hand-block-printed",
  "hand-woven",
  "hand-knotted",
  "small-batch",
  "upcycled",
  "machine-assisted",
] as const;

/** In stock; out of stock (coming back: notify-me is offered); sold out (will not come back). */
export const STOCK_STATES = ["in_stock", "out_of_stock", "sold_out"] as const;
export type StockState = (typeof STOCK_STATES)[number];
export const PRODUCT_STATUSES = ["draft", "published", "unpublished"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** The seed's empty-result message (seed §8); the web app shows its translation. */
export const NO_PRODUCTS_MESSAGE = "no products match your filters or search";

export const LISTING_PAGE_SIZE_DEFAULT = 24;
export const LISTING_PAGE_SIZE_MAX = 60;
export const RECENT_SEARCHES_MAX = 10;
export const SEARCH_QUERY_MAX = 120;
