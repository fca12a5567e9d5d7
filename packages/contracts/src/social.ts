import { z } from 'zod';
import { ZProductCardSchema, ZStoreSummarySchema } from './catalog.js';
import { zId, zText } from './text.js';

/**
 * Favourites, wishlists and reviews (issue #13 §3, §4). Error codes are spread into ERROR_CODES and
 * their messages into the four languages' tables (errors.ts); the seed's own refusal
 * ('sorry, not allowed to review this product since not bought') is kept exactly in English.
 */
export const SOCIAL_ERROR_CODES = {
  REVIEW_NOT_BOUGHT: 403,
  REVIEW_EXISTS: 409,
  REVIEW_NOT_DELIVERED: 409,
  REVIEW_ANSWERED: 409,
  WISHLIST_LIMIT: 409,
  WISHLIST_FULL: 409,
  REVIEW_PHOTOS_LIMIT: 400,
} as const;

export type SocialErrorCode = keyof typeof SOCIAL_ERROR_CODES;
type Messages = Record<SocialErrorCode, string>;

export const SOCIAL_ERROR_MESSAGES: { en: Messages; es: Messages; ar: Messages; ms: Messages } = {
  en: {
    REVIEW_NOT_BOUGHT: 'sorry, not allowed to review this product since not bought',
    REVIEW_NOT_DELIVERED: 'This purchase has not been delivered yet: you can review it once it arrives.',
    REVIEW_EXISTS: 'You have already reviewed every delivered purchase of this product. Edit your review instead.',
    REVIEW_ANSWERED: 'This review already has the store’s answer.',
    WISHLIST_LIMIT: 'You have reached the number of wishlists you can keep. Delete one first.',
    WISHLIST_FULL: 'This wishlist is full. Remove a product or start another list.',
    REVIEW_PHOTOS_LIMIT: 'A review can have at most 4 photos.',
  },
  es: {
    REVIEW_NOT_BOUGHT: 'lo sentimos, no puedes valorar este producto porque no lo has comprado',
    REVIEW_NOT_DELIVERED: 'Esta compra aún no se ha entregado: podrás valorarla cuando llegue.',
    REVIEW_EXISTS: 'Ya has valorado cada compra entregada de este producto. Edita tu reseña en su lugar.',
    REVIEW_ANSWERED: 'Esta reseña ya tiene la respuesta de la tienda.',
    WISHLIST_LIMIT: 'Has alcanzado el número de listas de deseos que puedes tener. Borra una primero.',
    WISHLIST_FULL: 'Esta lista de deseos está llena. Quita un producto o empieza otra lista.',
    REVIEW_PHOTOS_LIMIT: 'Una reseña puede tener como máximo 4 fotos.',
  },
  ar: {
    REVIEW_NOT_BOUGHT: 'عذرًا، لا يُسمح لك بتقييم هذا المنتج لأنك لم تشترِه',
    REVIEW_NOT_DELIVERED: 'لم يتم تسليم هذه المشتريات بعد: يمكنك تقييمها عند وصولها.',
    REVIEW_EXISTS: 'لقد قيّمت بالفعل كل عملية شراء مُسلَّمة لهذا المنتج. عدّل تقييمك بدلًا من ذلك.',
    REVIEW_ANSWERED: 'هذا التقييم لديه رد المتجر بالفعل.',
    WISHLIST_LIMIT: 'لقد بلغت الحد الأقصى لعدد قوائم الأمنيات. احذف واحدة أولًا.',
    WISHLIST_FULL: 'قائمة الأمنيات هذه ممتلئة. أزل منتجًا أو ابدأ قائمة أخرى.',
    REVIEW_PHOTOS_LIMIT: 'يمكن أن يحتوي التقييم على 4 صور كحد أقصى.',
  },
  ms: {
    REVIEW_NOT_BOUGHT: 'maaf, anda tidak dibenarkan mengulas produk ini kerana tidak membelinya',
    REVIEW_NOT_DELIVERED: 'Pembelian ini belum dihantar: anda boleh mengulasnya setelah ia tiba.',
    REVIEW_EXISTS: 'Anda telah mengulas setiap pembelian produk ini yang telah dihantar. Sunting ulasan anda.',
    REVIEW_ANSWERED: 'Ulasan ini sudah mempunyai jawapan kedai.',
    WISHLIST_LIMIT: 'Anda telah mencapai bilangan senarai hajat yang boleh disimpan. Padam satu dahulu.',
    WISHLIST_FULL: 'Senarai hajat ini penuh. Buang satu produk atau mulakan senarai lain.',
    REVIEW_PHOTOS_LIMIT: 'Ulasan boleh mempunyai paling banyak 4 foto.',
  },
};

export const WISHLISTS_MAX = 50;
export const WISHLIST_ITEMS_MAX = 500;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 4;
export const REVIEW_REASON_MAX = 500;
export const REVIEWS_PAGE_MAX = 50;

// ---------------------------------------------------------------------------------------------
// Favourites
// ---------------------------------------------------------------------------------------------

export const ZFavouriteIdsSchema = z.object({ productIds: z.array(z.string()), storeIds: z.array(z.string()) });
export type TFavouriteIds = z.infer<typeof ZFavouriteIdsSchema>;
export const ZFavouriteIdsResponseSchema = z.object({ message: z.string(), data: ZFavouriteIdsSchema });

export const ZFavouriteStoreSchema = ZStoreSummarySchema.extend({ rating: z.number(), productCount: z.number().int() });
export type TFavouriteStore = z.infer<typeof ZFavouriteStoreSchema>;
export const ZFavouritesSchema = z.object({ products: z.array(ZProductCardSchema), stores: z.array(ZFavouriteStoreSchema) });
export type TFavourites = z.infer<typeof ZFavouritesSchema>;
export const ZFavouritesResponseSchema = z.object({ message: z.string(), data: ZFavouritesSchema });

export const ZFavouriteToggleSchema = z.object({ favourite: z.boolean() });
export const ZFavouriteToggleResponseSchema = z.object({ message: z.string(), data: ZFavouriteToggleSchema });

// ---------------------------------------------------------------------------------------------
// Wishlists
// ---------------------------------------------------------------------------------------------

const zListName = () => zText().trim().min(1, { error: 'REQUIRED' }).max(80);

export const ZWishlistInputSchema = z.object({ name: zListName() });
export type TWishlistInput = z.infer<typeof ZWishlistInputSchema>;

export const ZWishlistSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
  /** The public link's token; null while the list is private. */
  shareToken: z.string().nullable(),
  /** Up to 4 product ids of the list, newest first (the list's thumbnails). */
  productIds: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TWishlistSummary = z.infer<typeof ZWishlistSummarySchema>;
export const ZWishlistsResponseSchema = z.object({ message: z.string(), data: z.object({ wishlists: z.array(ZWishlistSummarySchema) }) });

export const ZWishlistSchema = ZWishlistSummarySchema.extend({ products: z.array(ZProductCardSchema) });
export type TWishlist = z.infer<typeof ZWishlistSchema>;
export const ZWishlistResponseSchema = z.object({ message: z.string(), data: ZWishlistSchema });

/** What anyone with the link sees: the name and the products, never the owner. */
export const ZSharedWishlistSchema = z.object({ name: z.string(), products: z.array(ZProductCardSchema), updatedAt: z.number() });
export type TSharedWishlist = z.infer<typeof ZSharedWishlistSchema>;
export const ZSharedWishlistResponseSchema = z.object({ message: z.string(), data: ZSharedWishlistSchema });

export const ZWishlistItemInputSchema = z.object({ productId: zId() });

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

export const REVIEW_STATUSES = ['visible', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const zRating = () => z.number().int().min(1).max(5);
const zReviewText = () => zText().trim().max(REVIEW_TEXT_MAX);

export const ZReviewCreateSchema = z.object({
  productId: zId(),
  /** Which delivered line is reviewed; the oldest one not yet reviewed when absent. */
  orderLineId: zId().optional(),
  rating: zRating(),
  text: zReviewText().default(''),
});
export type TReviewCreate = z.infer<typeof ZReviewCreateSchema>;

export const ZReviewPatchSchema = z
  .object({ rating: zRating().optional(), text: zReviewText().optional() })
  .refine((patch) => patch.rating !== undefined || patch.text !== undefined, { error: 'REQUIRED', path: ['rating'] });
export type TReviewPatch = z.infer<typeof ZReviewPatchSchema>;

export const ZReviewAnswerSchema = z.object({ text: zText().trim().min(1, { error: 'REQUIRED' }).max(REVIEW_TEXT_MAX) });
export const ZReviewHideSchema = z.object({ reason: zText().trim().min(1, { error: 'REQUIRED' }).max(REVIEW_REASON_MAX) });

export const ZReviewPhotoSchema = z.object({ id: z.string(), url: z.string() });
export const ZReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  rating: z.number().int(),
  text: z.string(),
  /** The reviewer's first name and the initial of the last: never the e-mail. */
  author: z.string(),
  photos: z.array(ZReviewPhotoSchema),
  answer: z.object({ text: z.string(), at: z.number() }).nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TReview = z.infer<typeof ZReviewSchema>;

/** The buyer's own, the seller's and the team's view: with the moderation state. */
export const ZReviewDetailSchema = ZReviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  hiddenReason: z.string().nullable(),
  product: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
  store: z.object({ id: z.string(), storeAliasName: z.string() }),
});
export type TReviewDetail = z.infer<typeof ZReviewDetailSchema>;
export const ZReviewDetailResponseSchema = z.object({ message: z.string(), data: ZReviewDetailSchema });

export const ZReviewSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
  /** Reviews per star, index 0 = one star … 4 = five stars. */
  distribution: z.array(z.number().int()).length(5),
});
export type TReviewSummary = z.infer<typeof ZReviewSummarySchema>;

export const ZProductReviewsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(REVIEWS_PAGE_MAX).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
});
export const ZProductReviewsSchema = z.object({ summary: ZReviewSummarySchema, items: z.array(ZReviewSchema), nextCursor: z.string().nullable() });
export type TProductReviews = z.infer<typeof ZProductReviewsSchema>;
export const ZProductReviewsResponseSchema = z.object({ message: z.string(), data: ZProductReviewsSchema });

/** A delivered line the buyer may still review. */
export const ZReviewableSchema = z.object({
  orderLineId: z.string(),
  orderId: z.string(),
  product: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
  deliveredAt: z.number(),
});
export type TReviewable = z.infer<typeof ZReviewableSchema>;
export const ZMyReviewsResponseSchema = z.object({
  message: z.string(),
  data: z.object({ reviewable: z.array(ZReviewableSchema), reviewed: z.array(ZReviewDetailSchema) }),
});

export const ZReviewListQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(REVIEWS_PAGE_MAX).optional(),
});
export const ZReviewListResponseSchema = z.object({
  message: z.string(),
  data: z.object({ items: z.array(ZReviewDetailSchema), nextCursor: z.string().nullable() }),
});
