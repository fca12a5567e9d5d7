import { z } from 'zod';
import { ZAppConfigSchema } from './config.js';
import {
  ZBannerSchema,
  ZBrandSchema,
  ZCategorySchema,
  ZMenuItemSchema,
  ZProductCardSchema,
  ZProductDetailSchema,
  ZPublicStoreSchema,
  ZSpecialitySchema,
} from './catalog.js';

/** Envelopes of the buyers' read API (issue #4) beside the read model in catalog.ts. */

export const ZProductDetailResponseSchema = z.object({ message: z.string(), data: ZProductDetailSchema });
export const ZRelatedProductsResponseSchema = z.object({ message: z.string(), data: z.object({ items: z.array(ZProductCardSchema) }) });
export const ZCategoriesResponseSchema = z.object({ message: z.string(), data: z.object({ categories: z.array(ZCategorySchema) }) });
export const ZBrandsResponseSchema = z.object({ message: z.string(), data: z.object({ brands: z.array(ZBrandSchema) }) });

/** `GET /v1/store?storeId=` (seed §7): the store is `data.data[0]`. */
export const ZPublicStoreResponseSchema = z.object({ message: z.string(), data: z.object({ data: z.array(ZPublicStoreSchema) }) });
export const ZStoresQuerySchema = z
  .object({
    featured: z.enum(['1', '0']).optional(),
    /** A speciality's slug or id. */
    speciality: z.string().max(80).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();
export const ZStoresResponseSchema = z.object({ message: z.string(), data: z.object({ stores: z.array(ZPublicStoreSchema) }) });

/** `GET /v1/specialities/all?status=1` with optional `sort` and `search`. */
export const SPECIALITY_SORT_KEYS = ['name', 'stores', 'newest'] as const;
export const ZSpecialitiesQuerySchema = z
  .object({
    /** Only active specialities are public: 1 (the seed's value) or omitted. */
    status: z.literal('1').optional(),
    sort: z.enum(SPECIALITY_SORT_KEYS).optional(),
    search: z.string().trim().max(80).optional(),
  })
  .strict();
export const ZSpecialitiesResponseSchema = z.object({ message: z.string(), data: z.array(ZSpecialitySchema) });

export const ZFooterDataSchema = z.object({
  columns: z.array(z.object({ title: z.string(), links: z.array(z.object({ label: z.string(), href: z.string() })) })),
});
export type TFooterData = z.infer<typeof ZFooterDataSchema>;

/** `GET /v1/fetch/common/data/{token}/{isMobile}`: the page shell, named as the seed's client state keys. */
export const ZCommonDataSchema = z.object({
  footerData: ZFooterDataSchema,
  megaMenu: z.array(ZMenuItemSchema),
  brandsMenu: z.array(ZMenuItemSchema),
  storesMenu: z.array(ZMenuItemSchema),
  menuCategories: z.array(ZCategorySchema),
  banners: z.array(ZBannerSchema),
  appConfig: ZAppConfigSchema,
  isMobile: z.boolean(),
});
export type TCommonData = z.infer<typeof ZCommonDataSchema>;
export const ZCommonDataResponseSchema = z.object({ message: z.string(), data: ZCommonDataSchema });

/** `GET /v1/home`: what the home page shows below the shell. */
export const ZHomeDataSchema = z.object({
  featuredMakers: z.array(ZPublicStoreSchema),
  featuredProducts: z.array(ZProductCardSchema),
  categories: z.array(ZCategorySchema),
  heroBanners: z.array(ZBannerSchema),
  stripBanners: z.array(ZBannerSchema),
});
export type THomeData = z.infer<typeof ZHomeDataSchema>;
export const ZHomeResponseSchema = z.object({ message: z.string(), data: ZHomeDataSchema });
