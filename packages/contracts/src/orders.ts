import { z } from 'zod';
import { ZMoneySchema } from './catalog.js';
import { DELIVERY_MODES, PAYMENT_TYPES } from './cart.js';
import { ZExchangeRateSchema } from './currencies.js';

/**
 * Orders, their states and live tracking (issue #11 §4, §5). An order is split into one store order
 * per seller, each with its product order lines (seed §3 Order labels: order id, store order id,
 * product order id). The states move only along STORE_ORDER_TRANSITIONS.
 */

export const STORE_ORDER_STATUSES = [
  'placed',
  'accepted',
  'packed',
  'out_for_delivery',
  'ready_for_pickup',
  'delivered',
  'picked_up',
  'cancelled',
  'refunded',
] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

/** Who may ask for a change: the buyer, the store's seller (or the store team), the assigned driver. */
export const ORDER_ACTORS = ['buyer', 'seller', 'driver', 'team', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * The allowed changes, as data (Vendure's default-order-process): from → to → who may make it.
 * Delivery orders go out for delivery; self-pickup orders become ready for pickup.
 */
export const STORE_ORDER_TRANSITIONS: Readonly<Record<StoreOrderStatus, Partial<Record<StoreOrderStatus, readonly OrderActor[]>>>> = {
  placed: { accepted: ['seller', 'team'], cancelled: ['buyer', 'seller', 'team'] },
  accepted: { packed: ['seller', 'team'], cancelled: ['buyer', 'seller', 'team'] },
  packed: { out_for_delivery: ['seller', 'team'], ready_for_pickup: ['seller', 'team'], cancelled: ['seller', 'team'] },
  out_for_delivery: { delivered: ['seller', 'driver', 'team'], cancelled: ['seller', 'team'] },
  ready_for_pickup: { picked_up: ['seller', 'team'], cancelled: ['seller', 'team'] },
  delivered: { refunded: ['team'] },
  picked_up: { refunded: ['team'] },
  cancelled: { refunded: ['team', 'system'] },
  refunded: {},
};

/** States still moving: the buyer's "active orders". */
export const ACTIVE_STORE_ORDER_STATUSES: readonly StoreOrderStatus[] = ['placed', 'accepted', 'packed', 'out_for_delivery', 'ready_for_pickup'];

export const ORDER_LINE_STATUSES = ['active', 'cancel_requested', 'cancelled'] as const;
export type OrderLineStatus = (typeof ORDER_LINE_STATUSES)[number];

/** Seed §9 order-type labels (wallet and order histories). */
export const ORDER_TYPE_LABELS = ['SALES', 'SHOPPING', 'ENTRY', 'SENT'] as const;
export type OrderTypeLabel = (typeof ORDER_TYPE_LABELS)[number];

/** Seed §8. */
export const ORDER_DETAILS_FAILED_MESSAGE = 'could not fetch the order details, please try again later';

const zId = () => z.string().trim().min(1).max(64);
const zReason = () => z.string().trim().min(1).max(200);
const zComments = () => z.string().trim().max(1000).optional();

export const ZOrderLineSchema = z.object({
  /** Seed label: product order id. */
  productOrderId: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  slug: z.string(),
  title: z.string(),
  colour: z.string().nullable(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: ZMoneySchema,
  lineTotal: ZMoneySchema,
  status: z.enum(ORDER_LINE_STATUSES),
  cancellationReason: z.string().nullable(),
  cancellationComments: z.string().nullable(),
});
export type TOrderLine = z.infer<typeof ZOrderLineSchema>;

/**
 * One change: a store order's state (from → to), or an item's cancellation request
 * (to 'cancel_requested', 'item_cancelled' or 'item_cancel_refused', with its productOrderId).
 */
export const ZOrderHistoryEntrySchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  productOrderId: z.string().nullable(),
  actor: z.enum(ORDER_ACTORS),
  at: z.number().int(),
  reason: z.string().nullable(),
  comments: z.string().nullable(),
});

export const ZDriverPositionSchema = z.object({ latitude: z.number(), longitude: z.number(), at: z.number().int() });

export const ZStoreOrderSchema = z.object({
  /** Seed label: store order id. */
  storeOrderId: z.string(),
  orderId: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  storeAliasName: z.string(),
  status: z.enum(STORE_ORDER_STATUSES),
  deliveryMode: z.enum(DELIVERY_MODES),
  /** Seed label: delivery date and time (the chosen slot, UTC ms). */
  slotStart: z.number().int().nullable(),
  slotEnd: z.number().int().nullable(),
  /** The store's time zone (IANA, from its delivery settings or its country): slots are shown in it, named. */
  timeZone: z.string(),
  items: z.array(ZOrderLineSchema),
  subtotal: ZMoneySchema,
  deliveryFee: ZMoneySchema,
  driverFee: ZMoneySchema,
  tax: ZMoneySchema,
  discount: ZMoneySchema,
  /** Seed label: store total. */
  storeTotal: ZMoneySchema,
  cancellationReason: z.string().nullable(),
  cancellationComments: z.string().nullable(),
  driver: z.object({ id: z.string(), name: z.string(), phone: z.string() }).nullable(),
  driverPosition: ZDriverPositionSchema.nullable(),
  store: z.object({ latitude: z.number(), longitude: z.number(), address: z.string() }),
  /** What the buyer may do now. */
  canCancel: z.boolean(),
  history: z.array(ZOrderHistoryEntrySchema),
  updatedAt: z.number().int(),
});
export type TStoreOrder = z.infer<typeof ZStoreOrderSchema>;

export const ZOrderSchema = z.object({
  /** Seed label: order id. */
  orderId: z.string(),
  /** Seed label: ordered date (UTC ms). */
  orderedAt: z.number().int(),
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  deliveryMode: z.enum(DELIVERY_MODES),
  paymentType: z.enum(PAYMENT_TYPES),
  paymentStatus: z.string(),
  /** Seed state key. */
  deliveryNote: z.string().nullable(),
  address: z
    .object({ name: z.string(), mobile: z.string(), countryCode: z.string(), addressLine1: z.string(), flatNumber: z.string(), locality: z.string(), city: z.string(), state: z.string(), pincode: z.string(), landmark: z.string().nullable() })
    .nullable(),
  destination: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  /** Seed label: offer applied (the promo code). */
  offerApplied: z.string().nullable(),
  pointsRedeemed: z.number().int(),
  walletAmount: ZMoneySchema,
  /** The rate the order was charged at (store currency → the order's), null when it was charged in the store's. */
  exchangeRate: ZExchangeRateSchema.nullable().optional(),
  totals: z.object({ subtotalBeforeTax: ZMoneySchema, deliveryFees: ZMoneySchema, estimatedTax: ZMoneySchema, totalAfterTax: ZMoneySchema, savings: ZMoneySchema, coupon: ZMoneySchema }),
  storeOrders: z.array(ZStoreOrderSchema),
  /** Seed order-type label of this order seen by its buyer. */
  orderType: z.enum(ORDER_TYPE_LABELS),
});
export type TOrder = z.infer<typeof ZOrderSchema>;

export const ZOrderResponseSchema = z.object({ message: z.string(), data: ZOrderSchema });
export type TOrderResponse = z.infer<typeof ZOrderResponseSchema>;

export const ZOrderSummarySchema = z.object({
  orderId: z.string(),
  orderedAt: z.number().int(),
  total: ZMoneySchema,
  itemCount: z.number().int(),
  paymentType: z.enum(PAYMENT_TYPES),
  deliveryMode: z.enum(DELIVERY_MODES),
  storeOrders: z.array(z.object({ storeOrderId: z.string(), storeName: z.string(), status: z.enum(STORE_ORDER_STATUSES), storeTotal: ZMoneySchema })),
});
export type TOrderSummary = z.infer<typeof ZOrderSummarySchema>;

export const ZOrdersQuerySchema = z
  .object({
    /** active: some store order still moving; past: all of them done. */
    state: z.enum(['active', 'past']).default('active'),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
export const ZOrdersResponseSchema = z.object({ message: z.string(), data: z.object({ orders: z.array(ZOrderSummarySchema), nextCursor: z.string().nullable() }) });
export type TOrdersResponse = z.infer<typeof ZOrdersResponseSchema>;

/** Where a paid order's money goes back: 'original' (the card first, then the wallet's part) or all of it to the wallet. */
export const REFUND_DESTINATIONS = ['original', 'wallet'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];
export const ZCancelStoreOrderRequestSchema = z
  .object({
    reason: zReason(),
    comments: zComments(),
    /** A paid order's money: back where it came from (default) or at once to the buyer's wallet. */
    refundTo: z.enum(REFUND_DESTINATIONS).optional(),
  })
  .strict();
export type TCancelStoreOrderRequest = z.infer<typeof ZCancelStoreOrderRequestSchema>;
/** After packing: the buyer asks the seller to cancel an item. */
export const ZCancelRequestRequestSchema = z.object({ reason: zReason(), comments: zComments() }).strict();

export const ZReorderResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    added: z.array(z.object({ productId: z.string(), variantId: z.string().nullable(), quantity: z.number().int() })),
    /** Lines not added, with why (sold out, out of stock, no longer sold). */
    unavailable: z.array(z.object({ productId: z.string(), variantId: z.string().nullable(), title: z.string(), reason: z.string() })),
  }),
});
export type TReorderResponse = z.infer<typeof ZReorderResponseSchema>;

// Seller

export const SELLER_STATUS_CHANGES = ['accepted', 'packed', 'out_for_delivery', 'ready_for_pickup', 'delivered', 'picked_up', 'cancelled'] as const;
export const ZSellerStatusChangeRequestSchema = z
  .object({
    status: z.enum(SELLER_STATUS_CHANGES),
    /** Required to go out for delivery: one of the store's drivers. */
    driverId: zId().optional(),
    reason: zReason().optional(),
    comments: zComments(),
  })
  .strict();
export type TSellerStatusChangeRequest = z.infer<typeof ZSellerStatusChangeRequestSchema>;

export const ZCancelDecisionRequestSchema = z.object({ decision: z.enum(['accept', 'refuse']), comments: zComments() }).strict();

export const ZSellerOrdersQuerySchema = z
  .object({
    status: z.enum(STORE_ORDER_STATUSES).optional(),
    /** Only store orders with an open cancellation request. */
    cancelRequests: z.coerce.boolean().optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export const ZStoreOrdersResponseSchema = z.object({ message: z.string(), data: z.object({ storeOrders: z.array(ZStoreOrderSchema), nextCursor: z.string().nullable() }) });
export const ZStoreOrderResponseSchema = z.object({ message: z.string(), data: ZStoreOrderSchema });

export const ZStoreTotalsResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    currency: z.string(),
    byStatus: z.array(z.object({ status: z.enum(STORE_ORDER_STATUSES), count: z.number().int(), total: ZMoneySchema })),
    /** Delivered or picked up, less refunds: what the store has earned (goods, its delivery fee, less discounts). */
    payout: z.object({ earned: ZMoneySchema, pending: ZMoneySchema, refunded: ZMoneySchema }),
  }),
});

export type TStoreTotals = z.infer<typeof ZStoreTotalsResponseSchema>['data'];

// Drivers

export const ZDriverCreateRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    email: z.string().trim().toLowerCase().email().max(254),
    countryCode: z.string().trim().regex(/^\+[1-9]\d{0,3}$/),
    phone: z.string().trim().regex(/^\d{6,14}$/),
    password: z.string().min(8).max(128),
  })
  .strict();
export const ZDriverSchema = z.object({ id: z.string(), userId: z.string(), name: z.string(), phone: z.string(), active: z.boolean() });
export type TDriver = z.infer<typeof ZDriverSchema>;
export const ZDriversResponseSchema = z.object({ message: z.string(), data: z.object({ drivers: z.array(ZDriverSchema) }) });
export const ZDriverPositionRequestSchema = z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).strict();
/** A store order as its driver sees it: where to take it (the buyer's address and point) besides the rest. */
export const ZDriverStoreOrderSchema = ZStoreOrderSchema.extend({
  deliverTo: z.object({ name: z.string(), mobile: z.string(), address: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable(), note: z.string().nullable() }),
});
export type TDriverStoreOrder = z.infer<typeof ZDriverStoreOrderSchema>;
export const ZDriverOrdersResponseSchema = z.object({ message: z.string(), data: z.object({ storeOrders: z.array(ZDriverStoreOrderSchema) }) });
export type TDriverOrdersResponse = z.infer<typeof ZDriverOrdersResponseSchema>;

// Admin

export const ZAdminOrdersQuerySchema = z
  .object({
    /** Order id, store order id, buyer e-mail or store alias. */
    search: z.string().trim().max(100).optional(),
    status: z.enum(STORE_ORDER_STATUSES).optional(),
    storeId: zId().optional(),
    paymentType: z.enum(PAYMENT_TYPES).optional(),
    /** Ordered at or after (UTC ms). */
    from: z.coerce.number().int().min(0).optional(),
    /** Ordered before (UTC ms). */
    to: z.coerce.number().int().min(0).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type TAdminOrdersQuery = z.infer<typeof ZAdminOrdersQuerySchema>;
/** A row of the console's order list: the order, its buyer and its store orders' states. */
export const ZAdminOrderSummarySchema = ZOrderSummarySchema.extend({
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  paymentStatus: z.string(),
  storeOrders: z.array(z.object({ storeOrderId: z.string(), storeId: z.string(), storeName: z.string(), status: z.enum(STORE_ORDER_STATUSES), storeTotal: ZMoneySchema })),
});
export type TAdminOrderSummary = z.infer<typeof ZAdminOrderSummarySchema>;
export const ZAdminOrdersResponseSchema = z.object({ message: z.string(), data: z.object({ orders: z.array(ZAdminOrderSummarySchema), nextCursor: z.string().nullable() }) });
export type TAdminOrdersResponse = z.infer<typeof ZAdminOrdersResponseSchema>;
export const ZAdminRefundRequestSchema = z.object({ reason: zReason(), comments: zComments(), to: z.enum(['original', 'wallet']).default('original') }).strict();

// Live tracking (MQTT, QoS 1)

/** The topic of an order's live updates (DESIGN §4). */
export const orderTopic = (orderId: string): string => `Order/${orderId}`;

/** What is published on Order/{orderId}: a state change or a driver's position. */
export const ZOrderLiveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), orderId: z.string(), storeOrderId: z.string(), status: z.enum(STORE_ORDER_STATUSES), at: z.number().int() }),
  z.object({ type: z.literal('position'), orderId: z.string(), storeOrderId: z.string(), latitude: z.number(), longitude: z.number(), at: z.number().int() }),
]);
export type TOrderLiveEvent = z.infer<typeof ZOrderLiveEventSchema>;
