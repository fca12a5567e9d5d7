import { z } from 'zod';
import { ZMoneySchema } from './catalog.js';
import { zCurrencyCode } from './currencies.js';
import { DELIVERY_MODES, PAYMENT_TYPES } from './cart.js';

/**
 * Promo codes and offers (issue #11 §2). The buyer's request is the seed's promotion object (§3),
 * its keys exactly as the seed names them; a refused code answers a translated message with one
 * error code per reason (PROMO_*) and `data` that the client stores (seed §8).
 */


export const PROMO_DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export const PROMO_TARGETS = ['products', 'delivery'] as const;
export const PROMO_STATUSES = ['active', 'paused'] as const;

/** Why a code was refused: each one is also an error code with its message in four languages. */
export const PROMO_REFUSALS = [
  'PROMO_SIGN_IN',
  'PROMO_NOT_FOUND',
  'PROMO_PAUSED',
  'PROMO_NOT_STARTED',
  'PROMO_EXPIRED',
  'PROMO_USED_UP',
  'PROMO_BUYER_LIMIT',
  'PROMO_FIRST_ORDER_ONLY',
  'PROMO_CURRENCY',
  'PROMO_REGION',
  'PROMO_DELIVERY_MODE',
  'PROMO_PAYMENT_METHOD',
  'PROMO_STORE',
  'PROMO_CATEGORY',
  'PROMO_MIN_PURCHASE',
] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

export const zPromoCode = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/, '3 to 32 letters, digits, - or _');

const money = () => z.number().int().min(0).max(1_000_000_000_00);

/** The seed's promotion object (§3), as the client sends it to check a code against its cart. */
export const ZPromotionObjectSchema = z
  .object({
    promo_code: z.string().trim().min(1).max(64),
    email_id: z.string().trim().max(254).optional().nullable(),
    user_id: z.string().max(64).optional().nullable(),
    cart_id: z.string().max(64).optional().nullable(),
    /** The category ids (or slugs) of the cart's products. */
    Category: z.array(z.string().max(200)).max(500).default([]),
    /** The buyer's country (ISO 3166-1 alpha-2). */
    region_applied_on: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'a country code such as ES').optional().nullable(),
    /** The cart's subtotal before tax, minor units of currency_name. */
    total_purchase_value: money(),
    /** Delivery fees, minor units of currency_name. */
    delivery_fee: money().default(0),
    currency_name: zCurrencyCode().optional(),
    currency_symbol: z.string().max(8).optional().nullable(),
    currency_details: z.object({ code: z.string().max(3).optional(), symbol: z.string().max(8).optional() }).passthrough().optional().nullable(),
    /** True for self pickup (SELF_PICKUP), false for delivery. */
    pickup_state: z.boolean().default(false),
    /** True when the wallet pays (all or part). */
    wallet_state: z.boolean().default(false),
    payment_method_type: z.enum(PAYMENT_TYPES).optional().nullable(),
    /** Not in the seed's object: the stores of the cart's products, for codes limited to stores. */
    store_ids: z.array(z.string().max(200)).max(200).optional(),
  })
  .strict();
export type TPromotionObject = z.infer<typeof ZPromotionObjectSchema>;

export const ZPromoDiscountSchema = z.object({ products: ZMoneySchema, delivery: ZMoneySchema, total: ZMoneySchema });
export type TPromoDiscount = z.infer<typeof ZPromoDiscountSchema>;

/** A localised text: English always, the other languages when given (English is shown where missing). */
export const ZLocalizedTextSchema = z
  .object({ en: z.string().trim().min(1).max(200), es: z.string().trim().max(200).optional(), ar: z.string().trim().max(200).optional(), ms: z.string().trim().max(200).optional() })
  .strict();

/** What a buyer sees of a code: the offers page and an accepted code. */
export const ZOfferSchema = z.object({
  promoId: z.string(),
  promo_code: z.string(),
  title: z.string(),
  discountType: z.enum(PROMO_DISCOUNT_TYPES),
  appliesTo: z.enum(PROMO_TARGETS),
  /** Percentage: whole percent; fixed: minor units of `currency`. */
  value: z.number().int(),
  maxDiscount: ZMoneySchema.nullable(),
  minPurchase: ZMoneySchema,
  currency: z.string(),
  storeIds: z.array(z.string()),
  categoryIds: z.array(z.string()),
  regions: z.array(z.string()),
  paymentMethods: z.array(z.enum(PAYMENT_TYPES)),
  deliveryModes: z.array(z.enum(DELIVERY_MODES)),
  firstOrderOnly: z.boolean(),
  endsAt: z.number().nullable(),
});
export type TOffer = z.infer<typeof ZOfferSchema>;
export const ZOffersResponseSchema = z.object({ message: z.string(), data: z.object({ offers: z.array(ZOfferSchema) }) });

/** POST /v1/promocode: an accepted code and what it takes off. */
export const ZPromoCheckResponseSchema = z.object({ message: z.string(), data: z.object({ promo: ZOfferSchema, discount: ZPromoDiscountSchema }) });
export type TPromoCheckResponse = z.infer<typeof ZPromoCheckResponseSchema>;
/** A refused code: `data` is what the client stores (seed §8). */
export const ZPromoRefusalSchema = z.object({
  code: z.enum(PROMO_REFUSALS),
  message: z.string(),
  data: z.object({ reason: z.enum(PROMO_REFUSALS), promo_code: z.string(), message: z.string() }),
});
export type TPromoRefusal = z.infer<typeof ZPromoRefusalSchema>;

// Store team and sellers

const ids = () => z.array(z.string().trim().min(1).max(200)).max(200).default([]);

export const ZPromotionInputSchema = z
  .object({
    code: zPromoCode(),
    title: ZLocalizedTextSchema,
    discountType: z.enum(PROMO_DISCOUNT_TYPES),
    appliesTo: z.enum(PROMO_TARGETS).default('products'),
    /** Percentage: 1–100; fixed: minor units of `currency`. */
    value: z.number().int().min(1).max(1_000_000_00),
    currency: zCurrencyCode().default('EUR'),
    /** A cap on a percentage discount, minor units of `currency`. */
    maxDiscount: money().nullable().default(null),
    minPurchase: money().default(0),
    regions: z.array(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/)).max(250).default([]),
    categoryIds: ids(),
    /** Ignored for a seller: his codes are for his own store. */
    storeIds: ids(),
    paymentMethods: z.array(z.enum(PAYMENT_TYPES)).max(3).default([]),
    deliveryModes: z.array(z.enum(DELIVERY_MODES)).max(2).default([]),
    firstOrderOnly: z.boolean().default(false),
    perBuyerLimit: z.number().int().min(1).max(1_000_000).nullable().default(null),
    totalLimit: z.number().int().min(1).max(100_000_000).nullable().default(null),
    startsAt: z.number().int().nullable().default(null),
    endsAt: z.number().int().nullable().default(null),
    /** Listed on the offers page. */
    public: z.boolean().default(true),
    status: z.enum(PROMO_STATUSES).default('active'),
  })
  .strict()
  .refine((p) => p.discountType !== 'percentage' || p.value <= 100, { path: ['value'], message: 'a percentage is at most 100' })
  .refine((p) => p.startsAt === null || p.endsAt === null || p.endsAt > p.startsAt, { path: ['endsAt'], message: 'must be after startsAt' });
export type TPromotionInput = z.input<typeof ZPromotionInputSchema>;

/** PATCH: any field of the input (the code itself is fixed once used). */
export const ZPromotionPatchSchema = z
  .object({
    title: ZLocalizedTextSchema,
    discountType: z.enum(PROMO_DISCOUNT_TYPES),
    appliesTo: z.enum(PROMO_TARGETS),
    value: z.number().int().min(1).max(1_000_000_00),
    currency: zCurrencyCode(),
    maxDiscount: money().nullable(),
    minPurchase: money(),
    regions: z.array(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/)).max(250),
    categoryIds: z.array(z.string().trim().min(1).max(200)).max(200),
    storeIds: z.array(z.string().trim().min(1).max(200)).max(200),
    paymentMethods: z.array(z.enum(PAYMENT_TYPES)).max(3),
    deliveryModes: z.array(z.enum(DELIVERY_MODES)).max(2),
    firstOrderOnly: z.boolean(),
    perBuyerLimit: z.number().int().min(1).max(1_000_000).nullable(),
    totalLimit: z.number().int().min(1).max(100_000_000).nullable(),
    startsAt: z.number().int().nullable(),
    endsAt: z.number().int().nullable(),
    public: z.boolean(),
    status: z.enum(PROMO_STATUSES),
  })
  .partial()
  .strict();
export type TPromotionPatch = z.infer<typeof ZPromotionPatchSchema>;

export const ZPromotionSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: ZLocalizedTextSchema,
  discountType: z.enum(PROMO_DISCOUNT_TYPES),
  appliesTo: z.enum(PROMO_TARGETS),
  value: z.number().int(),
  currency: z.string(),
  maxDiscount: z.number().int().nullable(),
  minPurchase: z.number().int(),
  regions: z.array(z.string()),
  categoryIds: z.array(z.string()),
  storeIds: z.array(z.string()),
  paymentMethods: z.array(z.enum(PAYMENT_TYPES)),
  deliveryModes: z.array(z.enum(DELIVERY_MODES)),
  firstOrderOnly: z.boolean(),
  perBuyerLimit: z.number().int().nullable(),
  totalLimit: z.number().int().nullable(),
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
  public: z.boolean(),
  status: z.enum(PROMO_STATUSES),
  /** The seller's store for a seller's code; null for the store team's. */
  ownerStoreId: z.string().nullable(),
  usesCount: z.number().int(),
  /** The discount given so far, in the default currency. */
  discountGiven: ZMoneySchema,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TPromotion = z.infer<typeof ZPromotionSchema>;
export const ZPromotionResponseSchema = z.object({ message: z.string(), data: ZPromotionSchema });
export const ZPromotionsQuerySchema = z
  .object({ status: z.enum(PROMO_STATUSES).optional(), q: z.string().trim().max(64).optional(), cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).optional() })
  .strict();
export const ZPromotionsResponseSchema = z.object({ message: z.string(), data: z.object({ promotions: z.array(ZPromotionSchema), nextCursor: z.string().nullable() }) });

/** The report of one code: its uses, newest first. */
export const ZPromotionUseSchema = z.object({ id: z.string(), buyerId: z.string(), orderId: z.string(), discount: ZMoneySchema, createdAt: z.number() });
export const ZPromotionReportResponseSchema = z.object({
  message: z.string(),
  data: z.object({ promotion: ZPromotionSchema, uniqueBuyers: z.number().int(), uses: z.array(ZPromotionUseSchema) }),
});
