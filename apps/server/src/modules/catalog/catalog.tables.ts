import type { Generated } from "kysely";

/**
 * Tables owned by the catalog module (migration 005_catalog; search tables in 006_search).
 * Translated texts are JSON objects keyed by language ({"en": "…", "ar": "…"}); money is minor
 * units; times are UTC milliseconds.
 */

export interface CategoriesTable {
  id: string;
  parent_id: string | null;
  slug: string;
  /** JSON: name per language. */
  name: string;
  image_upload_id: string | null;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface BrandsTable {
  id: string;
  slug: string;
  name: string;
  logo_upload_id: string | null;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface SpecialitiesTable {
  id: string;
  slug: string;
  /** JSON per language. */
  name: string;
  /** JSON per language. */
  description: string;
  /** 1 active, 0 hidden (the seed's `status=1`). */
  status: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface StoreSpecialitiesTable {
  store_id: string;
  speciality_id: string;
}

export interface MenuItemsTable {
  id: string;
  /** mega | brand | store */
  menu: string;
  parent_id: string | null;
  /** JSON per language. */
  label: string;
  /** category | brand | store | search | url */
  link_type: string;
  link_value: string;
  image_upload_id: string | null;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface BannersTable {
  id: string;
  /** JSON per language. */
  title: string;
  /** JSON per language. */
  subtitle: string;
  image_upload_id: string | null;
  href: string;
  /** hero | strip */
  placement: string;
  sort: number;
  active: number;
  starts_at: number | null;
  ends_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ProductsTable {
  id: string;
  store_id: string;
  category_id: string;
  brand_id: string | null;
  slug: string;
  /** JSON per language. */
  title: string;
  /** JSON per language. */
  description: string;
  /** JSON: list per language. */
  highlights: string;
  /** JSON: [{label, value}]. */
  specs: string;
  /** JSON {columns, rows} or null. */
  size_chart: string | null;
  manufacturer: string;
  currency: string;
  /** Lowest variant price, or the product's own; minor units. */
  price: number;
  mrp: number;
  moq: number;
  /** Sum of the variants' stock when there are variants. */
  stock: number;
  /** 1: an empty stock is 'out of stock' (notify-me); 0: 'sold out'. */
  restockable: number;
  origin_country: string;
  origin_region: string;
  maker_name: string;
  maker_type: string;
  production_method: string;
  lead_time_days: number;
  /** JSON array of lower-case tags. */
  tags: string;
  /** Average stars × 100 (0–500). */
  rating: Generated<number>;
  review_count: Generated<number>;
  popularity: Generated<number>;
  /** draft | published | unpublished */
  status: string;
  published_at: number | null;
  created_at: number;
  updated_at: number;
  /** JSON array of CUSTOM_OPTIONS the buyer may customise (migration 055, modules/commissions); null: none. */
  custom_options: string | null;
}

export interface ProductVariantsTable {
  id: string;
  product_id: string;
  colour: string | null;
  size: string | null;
  sku: string | null;
  price: number | null;
  mrp: number | null;
  stock: number;
  sort: number;
}

export interface ProductMaterialsTable {
  product_id: string;
  material: string;
  share: number;
}

export interface CertificationsTable {
  id: string;
  product_id: string;
  scheme: string;
  issuer: string;
  number: string;
  expires_at: number;
  evidence_upload_id: string | null;
  created_at: number;
}

export interface ProductImagesTable {
  id: string;
  product_id: string;
  position: number;
  webp_upload_id: string;
  avif_upload_id: string | null;
  fallback_upload_id: string;
  thumb_upload_id: string;
  width: number;
  height: number;
  /** JSON per language. */
  alt: string;
  created_at: number;
}

/** Derived: one row per product and facet value (colour, size, material, origin, certification). */
export interface ProductFacetsTable {
  facet: string;
  value: string;
  product_id: string;
  /** For certification rows: the certificate's expiry; it stops counting after. */
  expires_at: number | null;
}

export interface StockNotificationsTable {
  id: string;
  product_id: string;
  variant_id: string | null;
  user_id: string | null;
  email: string;
  language: string;
  created_at: number;
  notified_at: number | null;
}

export interface RecentSearchesTable {
  user_id: string;
  /** The normalised query, for de-duplication. */
  query_key: string;
  /** The query as the user typed it (trimmed). */
  query: string;
  searched_at: number;
}

export interface CatalogTables {
  categories: CategoriesTable;
  brands: BrandsTable;
  specialities: SpecialitiesTable;
  store_specialities: StoreSpecialitiesTable;
  menu_items: MenuItemsTable;
  banners: BannersTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  product_materials: ProductMaterialsTable;
  certifications: CertificationsTable;
  product_images: ProductImagesTable;
  product_facets: ProductFacetsTable;
  stock_notifications: StockNotificationsTable;
  recent_searches: RecentSearchesTable;
}
