import { z } from "zod";
import { zLocalizedText } from "./sellers.js";
import { zId, zSiteLink } from "./text.js";
import {
  PRODUCT_IMAGE_UPLOAD_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  SORT_KEYS,
  FACET_KEYS,
  COLOUR_KEYS,
  SIZES,
  CERTIFICATION_SCHEMES,
  MATERIALS,
  MAKER_TYPES,
  PRODUCTION_METHODS,
  STOCK_STATES,
  PRODUCT_STATUSES,
  LISTING_PAGE_SIZE_MAX,
  SEARCH_QUERY_MAX,
  type Colour,
} from "./catalog-constants.js";

/**
 * The catalog: stores' products with provenance, categories, brands, menus and banners (issue #4).
 * Money is an integer in minor units with an ISO currency code; times are UTC milliseconds.
 */

// The constants (no zod) live in ./catalog-constants.ts: pages that need only them do not download zod.
export * from "./catalog-constants.js";

// ---------------------------------------------------------------------------------------------
// Read model (buyers)
// ---------------------------------------------------------------------------------------------

export const ZMoneySchema = z.object({
  amount: z.number().int(),
  currency: z.string(),
});
export type TMoney = z.infer<typeof ZMoneySchema>;

/** One processed image: WebP (or AVIF) in the three sizes the client uses, and a JPEG fallback. */
export const ZImageSchema = z.object({
  id: z.string(),
  /** Longest side ≤ 1920 px, ≤ 0.6 MB, WebP. */
  url: z.string(),
  avifUrl: z.string().nullable(),
  /** JPEG of the same size, for clients without WebP. */
  fallbackUrl: z.string(),
  /** 100 × 100 px square. */
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type TImage = z.infer<typeof ZImageSchema>;

export const ZStoreSummarySchema = z.object({
  id: z.string(),
  storeAliasName: z.string(),
  /** In the request's language, falling back to English. */
  storeName: z.string(),
  logoImages: z.object({
    logoImageweb: z.string().nullable(),
    logoImageThumb: z.string().nullable(),
    logoImageMobile: z.string().nullable(),
  }),
  country: z.string(),
  city: z.string(),
  isomatricChatUserId: z.string().nullable(),
});
export type TStoreSummary = z.infer<typeof ZStoreSummarySchema>;

/** A product in a listing, a menu or a related-products strip. */
export const ZProductCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  price: ZMoneySchema,
  /** Maximum retail price; equal to the price when there is no discount. */
  mrp: ZMoneySchema,
  /** Whole percent, derived from price and MRP (never stored). */
  discountPercent: z.number().int(),
  moq: z.number().int(),
  stockState: z.enum(STOCK_STATES),
  rating: z.number(),
  reviewCount: z.number().int(),
  image: ZImageSchema.nullable(),
  colours: z.array(z.string()),
  store: z.object({
    id: z.string(),
    storeAliasName: z.string(),
    storeName: z.string(),
  }),
  brand: z.object({ id: z.string(), name: z.string() }).nullable(),
  originCountry: z.string(),
  /** Schemes of the certificates that have not expired. */
  certifications: z.array(z.enum(CERTIFICATION_SCHEMES)),
  leadTimeDays: z.number().int(),
});
export type TProductCard = z.infer<typeof ZProductCardSchema>;

export const ZVariantSchema = z.object({
  id: z.string(),
  colour: z.string().nullable(),
  size: z.string().nullable(),
  sku: z.string().nullable(),
  price: ZMoneySchema,
  mrp: ZMoneySchema,
  stock: z.number().int(),
  stockState: z.enum(STOCK_STATES),
});
export type TVariant = z.infer<typeof ZVariantSchema>;

export const ZCertificationSchema = z.object({
  id: z.string(),
  scheme: z.enum(CERTIFICATION_SCHEMES),
  issuer: z.string(),
  number: z.string(),
  /** UTC milliseconds of the expiry date. */
  expiresAt: z.number(),
  expired: z.boolean(),
  /** Public URL of the evidence file (certificate scan), when one was uploaded. */
  evidenceUrl: z.string().nullable(),
});
export type TCertification = z.infer<typeof ZCertificationSchema>;

export const ZMaterialShareSchema = z.object({
  material: z.enum(MATERIALS),
  share: z.number().int().min(1).max(100),
});
export type TMaterialShare = z.infer<typeof ZMaterialShareSchema>;

/** A spec as a buyer reads it: label and value in the reader's language (English where not translated). */
export const ZSpecSchema = z.object({
  label: z.string().trim().min(1).max(80),
  value: z.string().trim().min(1).max(300),
});
export type TSpec = z.infer<typeof ZSpecSchema>;
/** A spec's label and value in one more language; an empty or missing field reads as the English one. */
const ZSpecTranslationSchema = z
  .object({ label: z.string().trim().max(80).optional(), value: z.string().trim().max(300).optional() })
  .strict();
/** A spec as the seller writes it: English label and value, and their translations. */
export const ZSpecInputSchema = ZSpecSchema.extend({
  translations: z
    .object({ es: ZSpecTranslationSchema.optional(), ar: ZSpecTranslationSchema.optional(), ms: ZSpecTranslationSchema.optional() })
    .strict()
    .optional(),
}).strict();
export type TSpecInput = z.infer<typeof ZSpecInputSchema>;
/** The languages a spec may be translated into (English is the spec's own). */
export const SPEC_TRANSLATION_LANGUAGES = ['es', 'ar', 'ms'] as const;

/** A spec with only the translated fields that say something (an empty one reads as the English). */
export function compactSpec(spec: TSpecInput): TSpecInput {
  const translations: NonNullable<TSpecInput['translations']> = {};
  for (const language of SPEC_TRANSLATION_LANGUAGES) {
    const label = spec.translations?.[language]?.label?.trim();
    const value = spec.translations?.[language]?.value?.trim();
    if (label || value) translations[language] = { ...(label ? { label } : {}), ...(value ? { value } : {}) };
  }
  return { label: spec.label, value: spec.value, ...(Object.keys(translations).length ? { translations } : {}) };
}
export const ZSizeChartSchema = z.object({
  columns: z.array(z.string().trim().min(1).max(40)).min(1).max(10),
  rows: z
    .array(z.array(z.string().trim().max(40)).min(1).max(10))
    .min(1)
    .max(30),
});
export type TSizeChart = z.infer<typeof ZSizeChartSchema>;
/** Column headers in one more language, by position; an empty or missing one reads as the English header. */
const ZSizeChartColumnsTranslationSchema = z.array(z.string().trim().max(40)).max(10);
/**
 * A size chart as the seller writes it: English headers, cells (sizes and measures, the same in every
 * language) and, like specs, the headers translated ('Chest' → 'الصدر').
 */
export const ZSizeChartInputSchema = ZSizeChartSchema.extend({
  columnTranslations: z
    .object({ es: ZSizeChartColumnsTranslationSchema.optional(), ar: ZSizeChartColumnsTranslationSchema.optional(), ms: ZSizeChartColumnsTranslationSchema.optional() })
    .strict()
    .optional(),
});
export type TSizeChartInput = z.infer<typeof ZSizeChartInputSchema>;

/** A chart with only the translations that say something, each as long as the columns (as stored and read back). */
export function compactSizeChart(chart: TSizeChartInput): TSizeChartInput {
  const columnTranslations: NonNullable<TSizeChartInput['columnTranslations']> = {};
  for (const language of ['es', 'ar', 'ms'] as const) {
    const headers = chart.columns.map((_, i) => chart.columnTranslations?.[language]?.[i]?.trim() ?? '');
    if (headers.some(Boolean)) columnTranslations[language] = headers;
  }
  return { columns: chart.columns, rows: chart.rows, ...(Object.keys(columnTranslations).length ? { columnTranslations } : {}) };
}

/** The chart a reader sees: the headers in his language where the seller translated them, else in English. */
export function sizeChartIn(chart: TSizeChartInput, language: string): TSizeChart {
  const translated = language === 'es' || language === 'ar' || language === 'ms' ? chart.columnTranslations?.[language] : undefined;
  return { columns: chart.columns.map((column, i) => translated?.[i]?.trim() || column), rows: chart.rows };
}

export const ZProvenanceSchema = z.object({
  materials: z.array(ZMaterialShareSchema),
  certifications: z.array(ZCertificationSchema),
  originCountry: z.string(),
  originRegion: z.string(),
  makerName: z.string(),
  makerType: z.enum(MAKER_TYPES),
  productionMethod: z.enum(PRODUCTION_METHODS),
  leadTimeDays: z.number().int(),
});

/** The product page (`GET /v1/products/{idOrSlug}`), texts in the request's language. */
export const ZProductDetailSchema = ZProductCardSchema.extend({
  description: z.string(),
  highlights: z.array(z.string()),
  specs: z.array(ZSpecSchema),
  sizeChart: ZSizeChartSchema.nullable(),
  sizes: z.array(z.string()),
  manufacturer: z.string(),
  stock: z.number().int(),
  images: z.array(ZImageSchema),
  variants: z.array(ZVariantSchema),
  provenance: ZProvenanceSchema,
  category: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  /** Breadcrumb from the root category down to the product's. */
  categoryPath: z.array(
    z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  ),
  seller: ZStoreSummarySchema,
  tags: z.array(z.string()),
  publishedAt: z.number().nullable(),
  updatedAt: z.number(),
});
export type TProductDetail = z.infer<typeof ZProductDetailSchema>;

export const ZFacetValueSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().int(),
  selected: z.boolean(),
});
export type TFacetValue = z.infer<typeof ZFacetValueSchema>;
export const ZFacetSchema = z.object({
  key: z.enum(FACET_KEYS),
  label: z.string(),
  values: z.array(ZFacetValueSchema),
});
export type TFacet = z.infer<typeof ZFacetSchema>;

/**
 * `GET /v1/products` query. Multi-valued filters are comma separated (`colour=red,blue`);
 * values within one filter are OR, filters are AND. `price` is `min-max` in minor units (either
 * side may be empty); `rating` is the minimum stars (1–4); `discount` the minimum percent.
 */
export const ZListingQuerySchema = z
  .object({
    q: z.string().trim().max(SEARCH_QUERY_MAX).optional(),
    sort: z.enum(SORT_KEYS).optional(),
    colour: z.string().max(400).optional(),
    brand: z.string().max(400).optional(),
    size: z.string().max(400).optional(),
    rating: z.coerce.number().int().min(1).max(4).optional(),
    discount: z.coerce.number().int().min(1).max(90).optional(),
    price: z.string().max(40).optional(),
    category: z.string().max(400).optional(),
    store: z.string().max(400).optional(),
    certification: z.string().max(400).optional(),
    material: z.string().max(400).optional(),
    origin: z.string().max(400).optional(),
    inStock: z.enum(["1", "0", "true", "false"]).optional(),
    cursor: z.string().max(400).optional(),
    limit: z.coerce.number().int().min(1).max(LISTING_PAGE_SIZE_MAX, { error: "PAGE_SIZE_TOO_LARGE" }).optional(),
  })
  .strict();
export type TListingQuery = z.infer<typeof ZListingQuerySchema>;

export const ZListingResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    items: z.array(ZProductCardSchema),
    total: z.number().int(),
    facets: z.array(ZFacetSchema),
    nextCursor: z.string().nullable(),
    /** When the search corrected a typo, the query it ran instead ("orgnic" → "organic"). */
    correctedQuery: z.string().nullable(),
    /** NO_PRODUCTS_MESSAGE in the request's language when there are no items. */
    emptyMessage: z.string().nullable(),
  }),
});
export type TListingResponse = z.infer<typeof ZListingResponseSchema>;

export const ZSuggestionsResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    terms: z.array(z.string()),
    products: z.array(
      z.object({
        id: z.string(),
        slug: z.string(),
        title: z.string(),
        thumbUrl: z.string().nullable(),
      }),
    ),
  }),
});

export const ZRecentSearchesResponseSchema = z.object({
  message: z.string(),
  data: z.object({ recentSearches: z.array(z.string()) }),
});

export const ZCategorySchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  slug: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  productCount: z.number().int(),
});
export type TCategory = z.infer<typeof ZCategorySchema>;

export const ZBrandSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
});
export type TBrand = z.infer<typeof ZBrandSchema>;

export const MENU_KINDS = ["mega", "brand", "store"] as const;
export type MenuKind = (typeof MENU_KINDS)[number];
export const MENU_LINK_TYPES = [
  "category",
  "brand",
  "store",
  "search",
  "url",
] as const;

export interface TMenuItem {
  id: string;
  label: string;
  /** Where the item leads in the web app ("/c/textiles", "/store/atelier-nurul", "/search?q=…"). */
  href: string;
  imageUrl: string | null;
  children: TMenuItem[];
}
export const ZMenuItemSchema: z.ZodType<TMenuItem> = z.object({
  id: z.string(),
  label: z.string(),
  href: z.string(),
  imageUrl: z.string().nullable(),
  get children() {
    return z.array(ZMenuItemSchema);
  },
});

export const ZBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  imageUrl: z.string().nullable(),
  href: z.string(),
  placement: z.enum(["hero", "strip"]),
});
export type TBanner = z.infer<typeof ZBannerSchema>;

/** A skill or speciality of the makers (seed: skillsData, `GET /v1/specialities/all`). */
export const ZSpecialitySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  storeCount: z.number().int(),
  status: z.number().int(),
});
export type TSpeciality = z.infer<typeof ZSpecialitySchema>;

/** `GET /v1/store?storeId=` answers `data.data[0]` (seed §7). */
export const ZPublicStoreSchema = ZStoreSummarySchema.extend({
  description: z.string(),
  story: z.string(),
  specialities: z.array(
    z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  ),
  productCount: z.number().int(),
  rating: z.number(),
  memberSince: z.number(),
});
export type TPublicStore = z.infer<typeof ZPublicStoreSchema>;

// ---------------------------------------------------------------------------------------------
// Seller catalog (write model)
// ---------------------------------------------------------------------------------------------

const zMinor = () => z.number().int().min(1).max(100_000_000);

export const ZVariantInputSchema = z
  .object({
    /** Present when editing an existing variant. */
    id: z.string().max(40).optional(),
    colour: z.enum(COLOUR_KEYS as [Colour, ...Colour[]]).nullable(),
    size: z.enum(SIZES).nullable(),
    sku: z.string().trim().max(60).nullable().optional(),
    /** Overrides the product's price and MRP for this variant. */
    price: zMinor().nullable().optional(),
    mrp: zMinor().nullable().optional(),
    stock: z.number().int().min(0).max(10_000_000),
  })
  .strict();
export type TVariantInput = z.infer<typeof ZVariantInputSchema>;

export const ZCertificationInputSchema = z
  .object({
    id: z.string().max(40).optional(),
    scheme: z.enum(CERTIFICATION_SCHEMES),
    issuer: z.string().trim().min(2).max(120),
    number: z.string().trim().min(2).max(80),
    /** YYYY-MM-DD */
    expiresOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "ENTER_VALID_DATE" }),
  })
  .strict();
export type TCertificationInput = z.infer<typeof ZCertificationInputSchema>;

const zLocalizedList = z
  .object({
    en: z.array(z.string().trim().min(1).max(200)).max(10).optional(),
    es: z.array(z.string().trim().min(1).max(200)).max(10).optional(),
    ar: z.array(z.string().trim().min(1).max(200)).max(10).optional(),
    ms: z.array(z.string().trim().min(1).max(200)).max(10).optional(),
  })
  .strict();

/** Create (`POST /v1/seller/products`) takes every required field; edit (`PATCH`) any subset. */
export const ZProductInputSchema = z
  .object({
    title: zLocalizedText(140),
    description: zLocalizedText(5000),
    highlights: zLocalizedList,
    specs: z.array(ZSpecInputSchema).max(30),
    sizeChart: ZSizeChartInputSchema.nullable(),
    manufacturer: z.string().trim().min(1).max(120),
    categoryId: zId(),
    brandId: zId().nullable(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    price: zMinor(),
    mrp: zMinor(),
    moq: z.number().int().min(1).max(100_000),
    /** Product-level stock, used when there are no variants. */
    stock: z.number().int().min(0).max(10_000_000),
    /** False: when the stock is gone it is sold out for good (no notify-me). */
    restockable: z.boolean(),
    variants: z.array(ZVariantInputSchema).max(100),
    materials: z.array(ZMaterialShareSchema).min(1).max(8),
    certifications: z.array(ZCertificationInputSchema).max(10),
    originCountry: z.string().regex(/^[A-Z]{2}$/),
    originRegion: z.string().trim().max(80),
    makerName: z.string().trim().min(2).max(120),
    makerType: z.enum(MAKER_TYPES),
    productionMethod: z.enum(PRODUCTION_METHODS),
    leadTimeDays: z.number().int().min(0).max(365),
    tags: z.array(z.string().trim().toLowerCase().min(2).max(40)).max(20),
  })
  .strict();
export type TProductInput = z.infer<typeof ZProductInputSchema>;
export const ZProductPatchSchema = ZProductInputSchema.partial().strict();
export type TProductPatch = z.infer<typeof ZProductPatchSchema>;

/** What the seller portal reads back: every language, the status and the image ids. */
export const ZSellerProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  title: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  highlights: z.record(z.string(), z.array(z.string())),
  specs: z.array(ZSpecInputSchema),
  sizeChart: ZSizeChartInputSchema.nullable(),
  manufacturer: z.string(),
  categoryId: z.string(),
  brandId: z.string().nullable(),
  currency: z.string(),
  price: z.number().int(),
  mrp: z.number().int(),
  moq: z.number().int(),
  stock: z.number().int(),
  restockable: z.boolean(),
  stockState: z.enum(STOCK_STATES),
  variants: z.array(ZVariantSchema),
  materials: z.array(ZMaterialShareSchema),
  certifications: z.array(ZCertificationSchema),
  originCountry: z.string(),
  originRegion: z.string(),
  makerName: z.string(),
  makerType: z.enum(MAKER_TYPES),
  productionMethod: z.enum(PRODUCTION_METHODS),
  leadTimeDays: z.number().int(),
  tags: z.array(z.string()),
  images: z.array(ZImageSchema),
  rating: z.number(),
  reviewCount: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
  publishedAt: z.number().nullable(),
});
export type TSellerProduct = z.infer<typeof ZSellerProductSchema>;

export const ZStockUpdateSchema = z
  .object({
    /** Product-level stock (no variants), or per variant. */
    stock: z.number().int().min(0).max(10_000_000).optional(),
    variants: z
      .array(
        z
          .object({
            id: zId(),
            stock: z.number().int().min(0).max(10_000_000),
          })
          .strict(),
      )
      .max(100)
      .optional(),
  })
  .strict();
export type TStockUpdate = z.infer<typeof ZStockUpdateSchema>;

export const ZNotifyMeRequestSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .email({ error: "ENTER_VALID_EMAIL" })
      .max(254)
      .optional(),
    variantId: zId().optional(),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Admin: categories, brands, menus, banners, specialities
// ---------------------------------------------------------------------------------------------

export const zSlug = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/, { error: "ENTER_VALID_SLUG" });

export const ZCategoryInputSchema = z
  .object({
    name: zLocalizedText(80),
    slug: zSlug(),
    parentId: zId().nullable(),
    sort: z.number().int().min(0).max(10_000),
  })
  .strict();
export const ZBrandInputSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    slug: zSlug(),
    sort: z.number().int().min(0).max(10_000),
  })
  .strict();
export const ZMenuItemInputSchema = z
  .object({
    menu: z.enum(MENU_KINDS),
    parentId: zId().nullable(),
    label: zLocalizedText(80),
    linkType: z.enum(MENU_LINK_TYPES),
    /** Category, brand or store id; the search text; or a path starting with '/'. */
    linkValue: z.string().trim().min(1).max(300),
    sort: z.number().int().min(0).max(10_000),
  })
  .strict();
export const ZBannerInputSchema = z
  .object({
    title: zLocalizedText(120),
    subtitle: zLocalizedText(240),
    href: zSiteLink(),
    placement: z.enum(["hero", "strip"]),
    sort: z.number().int().min(0).max(10_000),
    active: z.boolean(),
    startsAt: z.number().int().nullable(),
    endsAt: z.number().int().nullable(),
  })
  .strict();
export const ZSpecialityInputSchema = z
  .object({
    name: zLocalizedText(80),
    description: zLocalizedText(400),
    slug: zSlug(),
    status: z.union([z.literal(0), z.literal(1)]),
  })
  .strict();

/** Edits take any subset of the create fields. */
export const ZCategoryPatchSchema = ZCategoryInputSchema.partial().strict();
export const ZBrandPatchSchema = ZBrandInputSchema.partial().strict();
export const ZMenuItemPatchSchema = ZMenuItemInputSchema.omit({ menu: true }).partial().strict();
export const ZBannerPatchSchema = ZBannerInputSchema.partial().strict();
export const ZSpecialityPatchSchema = ZSpecialityInputSchema.partial().strict();
export type TCategoryInput = z.infer<typeof ZCategoryInputSchema>;
export type TCategoryPatch = z.infer<typeof ZCategoryPatchSchema>;
export type TBrandInput = z.infer<typeof ZBrandInputSchema>;
export type TBrandPatch = z.infer<typeof ZBrandPatchSchema>;
export type TMenuItemInput = z.infer<typeof ZMenuItemInputSchema>;
export type TMenuItemPatch = z.infer<typeof ZMenuItemPatchSchema>;
export type TBannerInput = z.infer<typeof ZBannerInputSchema>;
export type TBannerPatch = z.infer<typeof ZBannerPatchSchema>;
export type TSpecialityInput = z.infer<typeof ZSpecialityInputSchema>;
export type TSpecialityPatch = z.infer<typeof ZSpecialityPatchSchema>;

/** `PUT /v1/admin/specialities/{id}/stores`: the stores that have the speciality, replacing the previous set. */
export const ZSpecialityStoresInputSchema = z.object({ storeIds: z.array(zId()).max(1000) }).strict();
/** `PUT /v1/admin/stores/{id}/specialities`: the store's specialities, replacing the previous set. */
export const ZStoreSpecialitiesInputSchema = z.object({ specialityIds: z.array(zId()).max(200) }).strict();
export const ZAdminMenuQuerySchema = z.object({ menu: z.enum(MENU_KINDS) }).strict();

/** What the admin console reads: every language of each text, and the counts that block a delete. */
const zTexts = () => z.record(z.string(), z.string());

/** Categories come depth first (parents before their children, siblings by sort), with their depth. */
export const ZAdminCategorySchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  slug: z.string(),
  name: zTexts(),
  imageUrl: z.string().nullable(),
  sort: z.number().int(),
  depth: z.number().int(),
  childCount: z.number().int(),
  productCount: z.number().int(),
  updatedAt: z.number(),
});
export type TAdminCategory = z.infer<typeof ZAdminCategorySchema>;

export const ZAdminBrandSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  sort: z.number().int(),
  productCount: z.number().int(),
  updatedAt: z.number(),
});
export type TAdminBrand = z.infer<typeof ZAdminBrandSchema>;

/** A menu's items depth first, like categories; `targetName` names the category, brand or store linked. */
export const ZAdminMenuItemSchema = z.object({
  id: z.string(),
  menu: z.enum(MENU_KINDS),
  parentId: z.string().nullable(),
  label: zTexts(),
  linkType: z.enum(MENU_LINK_TYPES),
  linkValue: z.string(),
  targetName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  sort: z.number().int(),
  depth: z.number().int(),
  updatedAt: z.number(),
});
export type TAdminMenuItem = z.infer<typeof ZAdminMenuItemSchema>;
/** Only the mega menu nests (three levels: column, group, link); the brand and store menus are flat. */
export const MENU_MAX_DEPTH: Record<MenuKind, number> = { mega: 3, brand: 1, store: 1 };

export const BANNER_PLACEMENTS = ["hero", "strip"] as const;
export const ZAdminBannerSchema = z.object({
  id: z.string(),
  title: zTexts(),
  subtitle: zTexts(),
  imageUrl: z.string().nullable(),
  href: z.string(),
  placement: z.enum(BANNER_PLACEMENTS),
  sort: z.number().int(),
  active: z.boolean(),
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
  /** Active and inside its window now: what buyers see. */
  live: z.boolean(),
  updatedAt: z.number(),
});
export type TAdminBanner = z.infer<typeof ZAdminBannerSchema>;

export const ZAdminSpecialitySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: zTexts(),
  description: zTexts(),
  status: z.number().int(),
  storeIds: z.array(z.string()),
  updatedAt: z.number(),
});
export type TAdminSpeciality = z.infer<typeof ZAdminSpecialitySchema>;

/** Stores for the console's pickers (menu links, specialities). */
export const ZAdminStoreOptionSchema = z.object({
  id: z.string(),
  storeAliasName: z.string(),
  storeName: z.string(),
  status: z.string(),
  specialityIds: z.array(z.string()),
});
export type TAdminStoreOption = z.infer<typeof ZAdminStoreOptionSchema>;

/** Largest catalog image a team member may upload; it is shrunk to PRODUCT_IMAGE_MAX_DIMENSION WebP. */
export const CATALOG_IMAGE_UPLOAD_MAX_BYTES = PRODUCT_IMAGE_UPLOAD_MAX_BYTES;

// ---------------------------------------------------------------------------------------------
// Seller catalog: list, responses, notify-me answer
// ---------------------------------------------------------------------------------------------

/** `GET /v1/seller/products`: the seller's own products, most recently changed first. */
export const ZSellerProductListQuerySchema = z
  .object({
    /** Matches the title in any language. */
    q: z.string().trim().max(SEARCH_QUERY_MAX).optional(),
    status: z.enum(PRODUCT_STATUSES).optional(),
    /** Only the products of this category and of its direct subcategories (a request for quotation's, for the answer form). */
    categoryId: z.string().trim().min(1).max(64).optional(),
    cursor: z.string().max(400).optional(),
    limit: z.coerce.number().int().min(1).max(LISTING_PAGE_SIZE_MAX).optional(),
  })
  .strict();
export type TSellerProductListQuery = z.infer<typeof ZSellerProductListQuerySchema>;

export const ZSellerProductListItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  title: z.record(z.string(), z.string()),
  currency: z.string(),
  price: z.number().int(),
  mrp: z.number().int(),
  stock: z.number().int(),
  stockState: z.enum(STOCK_STATES),
  variantCount: z.number().int(),
  image: ZImageSchema.nullable(),
  updatedAt: z.number(),
  publishedAt: z.number().nullable(),
});
export type TSellerProductListItem = z.infer<typeof ZSellerProductListItemSchema>;

export const ZSellerProductListResponseSchema = z.object({
  message: z.string(),
  data: z.object({ items: z.array(ZSellerProductListItemSchema), nextCursor: z.string().nullable() }),
});
export const ZSellerProductResponseSchema = z.object({ message: z.string(), data: ZSellerProductSchema });
/** `PATCH /v1/seller/products/{id}/images/order`: every image id of the product, in the new order. */
export const ZImageOrderSchema = z.object({ imageIds: z.array(zId()).min(1).max(PRODUCT_IMAGES_MAX) }).strict();
/** `POST /v1/products/{id}/notify-me` answers whether a new sign-up was made (false: already waiting). */
export const ZNotifyMeResponseSchema = z.object({ message: z.string(), data: z.object({ subscribed: z.literal(true), created: z.boolean() }) });
export type TNotifyMeRequest = z.infer<typeof ZNotifyMeRequestSchema>;
