import type { DeliveryMode, PaymentType } from '@tessera/contracts';
import type { SellerTotals, Totals } from '../cart/index.js';

/**
 * What a checkout will write, decided by its first step from the cart as it is inside the
 * transaction, and kept as JSON in its run row: the later steps write it, their undos reverse it,
 * and a run resumed after a crash reads it back.
 */
export interface PlannedLine {
  cartLineId: string;
  productId: string;
  variantId: string | null;
  slug: string;
  /** JSON per language. */
  title: string;
  colour: string | null;
  size: string | null;
  quantity: number;
  unitPrice: number;
  mrp: number;
}

export interface PlannedStoreOrder {
  storeOrderId: string;
  storeId: string;
  slotStart: number | null;
  slotEnd: number | null;
  totals: SellerTotals;
  lines: PlannedLine[];
}

export interface DeliveryAddress {
  name: string;
  mobile: string;
  countryCode: string;
  addressLine1: string;
  flatNumber: string;
  locality: string;
  city: string;
  state: string;
  pincode: string;
  landmark: string | null;
}

export interface CheckoutPlan {
  orderId: string;
  buyerId: string;
  language: string;
  mode: DeliveryMode;
  paymentType: PaymentType;
  /** The one currency everything of the order is charged in: the buyer's (the `currencycode` header). */
  currency: string;
  /**
   * The rate from the store's currency to `currency` the cart was priced at, read when the order was
   * placed; null when they are one (and on runs planned before it existed).
   */
  exchange?: { from: string; to: string; rate: string; rateSetAt: number; readAt: number } | null;
  address: DeliveryAddress | null;
  location: { latitude: number; longitude: number };
  deliveryNote: string | null;
  promo: { promoId: string; code: string; discount: { products: number; delivery: number } } | null;
  points: number;
  walletAmount: number;
  /** What the card pays: the total less the wallet part and the points' value. */
  cardAmount: number;
  totals: Totals;
  storeOrders: PlannedStoreOrder[];
}
