import { z } from 'zod';
import { ZAddressInputSchema } from './accounts.js';
import { ZImageSchema, ZMoneySchema } from './catalog.js';
import { STOCK_STATES } from './catalog-constants.js';
import { ZExchangeRateSchema } from './currencies.js';

/**
 * Cart and checkout contracts (issue #11 §1, §3). Money is integer minor units with its currency;
 * every total is computed once, on the server (apps/server/src/modules/cart/cart-calculator.ts).
 */

/** Seed §4/§9: the two delivery modes. */
export const DELIVERY_MODES = ['DELIVERY', 'SELF_PICKUP'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** Seed §9: payment types. */
export const PAYMENT_TYPES = ['COD', 'Card', 'Wallet'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Seed §4 snackbar texts, kept exactly as written (spelling included). */
export const CART_MESSAGES = {
  added: 'Product Added Sucessfully',
  removed: 'Product Removed Sucessfully',
  empty: 'cart is empty',
  outOfStock: 'item currently out of stock',
} as const;

/** Why a cart line cannot be checked out as it is (null when it can). */
export const CART_LINE_PROBLEMS = ['out_of_stock', 'sold_out', 'not_enough_stock', 'below_moq', 'unavailable'] as const;
export type CartLineProblem = (typeof CART_LINE_PROBLEMS)[number];

const zId = () => z.string().trim().min(1).max(64);
const zLatitude = () => z.coerce.number().min(-90).max(90);
const zLongitude = () => z.coerce.number().min(-180).max(180);
/** Whole units; the ceiling keeps a typo from reserving a warehouse. */
export const CART_QUANTITY_MAX = 10_000;
const zQuantity = () => z.coerce.number().int().min(1).max(CART_QUANTITY_MAX);

/** Seed 'add to cart' (payload without cartStatus). */
export const ZCartAddRequestSchema = z
  .object({
    productId: zId(),
    variantId: zId().nullish(),
    quantity: zQuantity(),
    /** Sets the cart's mode when it is empty; a self-pickup cart holds one seller. */
    deliveryMode: z.enum(DELIVERY_MODES).optional(),
    /** Answer to CART_OTHER_SELLER: empty the cart, then add. */
    replaceCart: z.boolean().optional(),
  })
  .strict();
export type TCartAddRequest = z.infer<typeof ZCartAddRequestSchema>;

export const ZCartLineUpdateRequestSchema = z.object({ quantity: zQuantity() }).strict();
export type TCartLineUpdateRequest = z.infer<typeof ZCartLineUpdateRequestSchema>;

export const ZCartDeliveryModeRequestSchema = z.object({ deliveryMode: z.enum(DELIVERY_MODES) }).strict();

/** Seed 'get cart' (latitude, longitude, optional cartId). Without coordinates: the configured default. */
export const ZCartQuerySchema = z
  .object({
    latitude: zLatitude().optional(),
    longitude: zLongitude().optional(),
    cartId: zId().optional(),
    /** The stored promo code (seed storage key appliedPromocode): the coupon in the totals. */
    promoCode: z.string().trim().min(1).max(40).optional(),
  })
  .strict();
export type TCartQuery = z.infer<typeof ZCartQuerySchema>;

export const ZCartLineSchema = z.object({
  /** Use it to change the quantity or remove the line. */
  lineId: z.string(),
  variantId: z.string().nullable(),
  colour: z.string().nullable(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: ZMoneySchema,
  /** Maximum retail price of one unit. */
  mrp: ZMoneySchema,
  /** unitPrice × quantity. */
  lineTotal: ZMoneySchema,
  /** Units that can be bought now. */
  availableStock: z.number().int(),
  stockState: z.enum(STOCK_STATES),
  /** Seed state key: the line cannot be checked out for lack of stock. */
  outOfstock: z.boolean(),
  problem: z.enum(CART_LINE_PROBLEMS).nullable(),
  /** A price agreed in the chat (an offer): the buyer can remove the line, not change it. */
  agreed: z.object({ kind: z.string(), id: z.string() }).nullable(),
});
export type TCartLine = z.infer<typeof ZCartLineSchema>;

export const ZCartProductSchema = z.object({
  productId: z.string(),
  slug: z.string(),
  title: z.string(),
  image: ZImageSchema.nullable(),
  moq: z.number().int(),
  variants: z.array(ZCartLineSchema),
});
export type TCartProduct = z.infer<typeof ZCartProductSchema>;

/** Seed §3 cart totals labels. */
export const ZCartTotalsSchema = z.object({
  subtotalBeforeTax: ZMoneySchema,
  deliveryFees: ZMoneySchema,
  estimatedTax: ZMoneySchema,
  totalAfterTax: ZMoneySchema,
  /** MRP minus price over every line, plus the coupon. */
  savings: ZMoneySchema,
  /** The promo code's discount (0 without one). */
  coupon: ZMoneySchema,
});
export type TCartTotals = z.infer<typeof ZCartTotalsSchema>;

export const ZOpeningHoursSchema = z.array(
  z.object({
    /** 0 Sunday … 6 Saturday, in the store's time zone. */
    weekday: z.number().int().min(0).max(6),
    /** "09:00" */
    opens: z.string(),
    closes: z.string(),
  }),
);

export const ZCartSellerSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  storeAliasName: z.string(),
  products: z.array(ZCartProductSchema),
  /** Store → buyer's location, kilometres (one decimal); null for self pickup. */
  distanceKm: z.number().nullable(),
  /** False when the location is beyond the store's delivery radius. */
  deliverable: z.boolean(),
  deliveryFee: ZMoneySchema,
  driverFee: ZMoneySchema,
  /** The pickup point, for self pickup. */
  pickup: z.object({ address: z.string(), latitude: z.number(), longitude: z.number(), hours: ZOpeningHoursSchema, timeZone: z.string() }),
  taxRatePercent: z.number(),
  totals: ZCartTotalsSchema,
});
export type TCartSeller = z.infer<typeof ZCartSellerSchema>;

export const ZCartSchema = z.object({
  cartId: z.string().nullable(),
  deliveryMode: z.enum(DELIVERY_MODES),
  /** The buyer's currency (`currencycode` header, an enabled one, else the store's): every amount is in it. */
  currency: z.string(),
  /** The rate the store's prices were converted at (null: no conversion). Checkout charges at the rate of its own moment. */
  exchangeRate: ZExchangeRateSchema.nullable().optional(),
  /** Units over every line (the header's badge). */
  itemCount: z.number().int(),
  sellers: z.array(ZCartSellerSchema),
  totals: ZCartTotalsSchema,
  /** Some line lacks stock (seed state key). */
  outOfstock: z.boolean(),
  /** Every line can be bought as it is and every seller delivers to the location. */
  checkoutable: z.boolean(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  /** The promo code asked for: applied, or refused with why (its data, stored as the seed says). */
  promo: z
    .object({ code: z.string(), applied: z.boolean(), message: z.string().nullable(), reason: z.string().nullable(), data: z.unknown().optional() })
    .nullable(),
});
export type TCart = z.infer<typeof ZCartSchema>;

/** Every cart answer: the seed's message ('Product Added Sucessfully', 'cart is empty', …) and the cart. */
export const ZCartResponseSchema = z.object({ message: z.string(), data: ZCartSchema });
export type TCartResponse = z.infer<typeof ZCartResponseSchema>;

/** Seed 'get inventory cart': the stock check of every line before checkout. */
export const ZInventoryCartResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    checkoutable: z.boolean(),
    lines: z.array(
      z.object({
        lineId: z.string(),
        productId: z.string(),
        variantId: z.string().nullable(),
        requested: z.number().int(),
        availableStock: z.number().int(),
        outOfstock: z.boolean(),
        problem: z.enum(CART_LINE_PROBLEMS).nullable(),
      }),
    ),
  }),
});
export type TInventoryCartResponse = z.infer<typeof ZInventoryCartResponseSchema>;

// Checkout

export const ZDeliverySlotsQuerySchema = z.object({ storeId: zId(), days: z.coerce.number().int().min(1).max(14).default(7) }).strict();

export const ZDeliverySlotSchema = z.object({
  /** UTC milliseconds. */
  start: z.number().int(),
  end: z.number().int(),
  remaining: z.number().int(),
});
export const ZDeliverySlotsResponseSchema = z.object({
  message: z.string(),
  data: z.object({ storeId: z.string(), timeZone: z.string(), slotMinutes: z.number().int(), slots: z.array(ZDeliverySlotSchema) }),
});
export type TDeliverySlotsResponse = z.infer<typeof ZDeliverySlotsResponseSchema>;

/** Card details go to the payments port as they are; nothing here is stored. */
export const ZCheckoutCardSchema = z.union([
  z.object({ savedCardId: zId() }).strict(),
  z.object({ token: z.string().min(1).max(200) }).strict(),
  z
    .object({
      number: z.string().regex(/^[\d ]{12,23}$/),
      expMonth: z.coerce.number().int().min(1).max(12),
      expYear: z.coerce.number().int().min(2000).max(2100),
      cvc: z.string().regex(/^\d{3,4}$/),
      saveCard: z.boolean().optional(),
    })
    .strict(),
]);
export type TCheckoutCard = z.infer<typeof ZCheckoutCardSchema>;

export const ZCheckoutRequestSchema = z
  .object({
    /** The same key on a retry returns the same order (also accepted as the Idempotency-Key header). */
    idempotencyKey: z.string().trim().min(8).max(100),
    latitude: zLatitude().optional(),
    longitude: zLongitude().optional(),
    /** For DELIVERY: an address of the address book, or a new one. */
    addressId: zId().optional(),
    address: ZAddressInputSchema.optional(),
    /** For DELIVERY: one slot start (UTC ms) per seller; for SELF_PICKUP: the pickup time. */
    slots: z.array(z.object({ storeId: zId(), start: z.number().int().positive() }).strict()).max(50).default([]),
    /** Seed state key. */
    deliveryNote: z.string().trim().max(500).optional(),
    paymentType: z.enum(PAYMENT_TYPES),
    card: ZCheckoutCardSchema.optional(),
    /** Wallet plus card: the part paid from the wallet (minor units); the card pays the rest. */
    walletAmount: z.number().int().min(0).optional(),
    promoCode: z.string().trim().min(1).max(40).optional(),
    /** Bonus points to redeem. */
    points: z.number().int().min(0).optional(),
  })
  .strict();
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequestSchema>;

export const CHECKOUT_PAYMENT_STATUSES = ['not_required', 'authorised', 'captured', 'requires_action'] as const;

export const ZCheckoutResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    /** The stored run of this idempotency key. */
    checkoutId: z.string(),
    /** Null while the payment waits for its second step (requires_action): nothing is ordered yet. */
    orderId: z.string().nullable(),
    /** Store order ids, one per seller. */
    storeOrderIds: z.array(z.string()),
    /** What is charged, in the order's currency at the rate read when it was placed (may differ from the last cart answer's). */
    total: ZMoneySchema,
    exchangeRate: ZExchangeRateSchema.nullable().optional(),
    payment: z.object({
      status: z.enum(CHECKOUT_PAYMENT_STATUSES),
      paymentRef: z.string().nullable(),
      /**
       * For requires_action: what the client does next (e.g. a 3-D Secure page); once done, it sends
       * the same checkout request (same idempotency key) again, which completes the order.
       */
      action: z.unknown().optional(),
    }),
  }),
});
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponseSchema>;
