import type { DeliveryMode, PaymentType, PromoRefusal } from '@tessera/contracts';

/**
 * The promo-code rules as one pure function (issue #11 §2; Vendure's order calculator is the
 * model): the same inputs always give the same answer, with no database and no clock of its own,
 * so every rule and every refusal is unit tested exhaustively (promo-rules.test.ts).
 */

export interface PromoRule {
  id: string;
  code: string;
  discountType: 'percentage' | 'fixed';
  appliesTo: 'products' | 'delivery';
  /** Whole percent, or minor units of `currency`. */
  value: number;
  currency: string;
  /** Minor units of `currency`; a cap on a percentage discount. */
  maxDiscount: number | null;
  /** Minor units of `currency`, over the lines the code applies to. */
  minPurchase: number;
  regions: readonly string[];
  categoryIds: readonly string[];
  storeIds: readonly string[];
  paymentMethods: readonly PaymentType[];
  deliveryModes: readonly DeliveryMode[];
  firstOrderOnly: boolean;
  perBuyerLimit: number | null;
  totalLimit: number | null;
  startsAt: number | null;
  endsAt: number | null;
  status: 'active' | 'paused';
  usesCount: number;
  /** A seller's code applies to his store's lines only. */
  ownerStoreId: string | null;
}

export interface PromoCartLine {
  /** Any id of the line (product or cart line), for the answer's allocation. */
  productId: string;
  storeId: string;
  /** The product's category and every ancestor (a code for "Home" covers "Home › Lamps"). */
  categoryIds: readonly string[];
  /** The line's total before tax, minor units of the cart's currency. */
  amount: number;
}

export interface PromoCart {
  currency: string;
  lines: readonly PromoCartLine[];
  /** Delivery fees per store, minor units of the cart's currency (a store absent: no fee). */
  deliveryFees: Readonly<Record<string, number>>;
}

export interface PromoBuyer {
  /** null: not signed up (a guest), who cannot use a code. */
  id: string | null;
  /** Orders the buyer has placed before. */
  placedOrders: number;
  /** Times this buyer has used this code. */
  usesOfPromo: number;
}

export interface PromoEvaluationInput {
  promo: PromoRule | undefined;
  buyer: PromoBuyer;
  cart: PromoCart;
  /** The payment types the buyer pays with (Wallet and Card together for wallet plus card); empty: not chosen yet. */
  paymentMethods: readonly PaymentType[];
  deliveryMode: DeliveryMode;
  /** The buyer's country (ISO alpha-2); null: not known yet (checked again at checkout). */
  region: string | null;
  now: number;
  /** Minor units of the promo's currency in the cart's currency (the rate of the moment). */
  toCartCurrency: (amount: number) => number;
}

export interface PromoDiscount {
  products: number;
  delivery: number;
  total: number;
  /** Per store: what the code takes off its products and its delivery (the store orders' shares). */
  byStore: Record<string, { products: number; delivery: number }>;
}

export type PromoEvaluation = { ok: true; promo: PromoRule; discount: PromoDiscount } | { ok: false; reason: PromoRefusal };

/** Whether the code may be used at all, before looking at the cart. */
function refusalBeforeCart(input: PromoEvaluationInput): PromoRefusal | null {
  const { promo, buyer, now } = input;
  if (buyer.id === null) return 'PROMO_SIGN_IN';
  if (!promo) return 'PROMO_NOT_FOUND';
  if (promo.status === 'paused') return 'PROMO_PAUSED';
  if (promo.startsAt !== null && now < promo.startsAt) return 'PROMO_NOT_STARTED';
  if (promo.endsAt !== null && now >= promo.endsAt) return 'PROMO_EXPIRED';
  if (promo.totalLimit !== null && promo.usesCount >= promo.totalLimit) return 'PROMO_USED_UP';
  if (promo.perBuyerLimit !== null && buyer.usesOfPromo >= promo.perBuyerLimit) return 'PROMO_BUYER_LIMIT';
  if (promo.firstOrderOnly && buyer.placedOrders > 0) return 'PROMO_FIRST_ORDER_ONLY';
  if (promo.regions.length > 0 && input.region !== null && !promo.regions.includes(input.region)) return 'PROMO_REGION';
  if (promo.deliveryModes.length > 0 && !promo.deliveryModes.includes(input.deliveryMode)) return 'PROMO_DELIVERY_MODE';
  if (promo.paymentMethods.length > 0 && input.paymentMethods.some((method) => !promo.paymentMethods.includes(method))) return 'PROMO_PAYMENT_METHOD';
  return null;
}

/** percent of amount, rounded half up (amounts are never negative). */
const percentOf = (amount: number, percent: number) => Math.floor((amount * percent + 50) / 100);

/**
 * Splits `total` over `weights` in proportion, rounding by largest remainder so the shares add up
 * to the total exactly.
 */
export function allocate(total: number, weights: Readonly<Record<string, number>>): Record<string, number> {
  const keys = Object.keys(weights).sort();
  const sum = keys.reduce((s, k) => s + (weights[k] ?? 0), 0);
  const shares: Record<string, number> = {};
  if (sum <= 0 || total <= 0) {
    for (const key of keys) shares[key] = 0;
    return shares;
  }
  let given = 0;
  const remainders: Array<[string, number]> = [];
  for (const key of keys) {
    const exact = (total * (weights[key] ?? 0)) / sum;
    const floor = Math.floor(exact);
    shares[key] = floor;
    given += floor;
    remainders.push([key, exact - floor]);
  }
  remainders.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (let i = 0; given < total; i++, given++) {
    const key = (remainders[i % remainders.length] as [string, number])[0];
    shares[key] = (shares[key] ?? 0) + 1;
  }
  return shares;
}

/** The rules: whether the code applies to this cart, and what it takes off. */
export function evaluatePromo(input: PromoEvaluationInput): PromoEvaluation {
  const refusal = refusalBeforeCart(input);
  if (refusal) return { ok: false, reason: refusal };
  const promo = input.promo as PromoRule;
  const stores = promo.ownerStoreId ? [promo.ownerStoreId] : promo.storeIds;
  const inStores = input.cart.lines.filter((line) => stores.length === 0 || stores.includes(line.storeId));
  if (inStores.length === 0) return { ok: false, reason: 'PROMO_STORE' };
  const eligible = inStores.filter((line) => promo.categoryIds.length === 0 || line.categoryIds.some((c) => promo.categoryIds.includes(c)));
  if (eligible.length === 0) return { ok: false, reason: 'PROMO_CATEGORY' };

  const subtotalByStore: Record<string, number> = {};
  for (const line of eligible) subtotalByStore[line.storeId] = (subtotalByStore[line.storeId] ?? 0) + line.amount;
  const subtotal = Object.values(subtotalByStore).reduce((s, v) => s + v, 0);
  if (subtotal < input.toCartCurrency(promo.minPurchase)) return { ok: false, reason: 'PROMO_MIN_PURCHASE' };

  const cap = (amount: number) => (promo.maxDiscount === null ? amount : Math.min(amount, input.toCartCurrency(promo.maxDiscount)));
  const byStore: PromoDiscount['byStore'] = {};
  for (const store of Object.keys(subtotalByStore)) byStore[store] = { products: 0, delivery: 0 };
  let products = 0;
  let delivery = 0;
  if (promo.appliesTo === 'products') {
    products = promo.discountType === 'percentage' ? cap(percentOf(subtotal, promo.value)) : Math.min(input.toCartCurrency(promo.value), subtotal);
    for (const [store, share] of Object.entries(allocate(products, subtotalByStore))) (byStore[store] as { products: number }).products = share;
  } else {
    const fees: Record<string, number> = {};
    for (const store of Object.keys(subtotalByStore)) fees[store] = input.cart.deliveryFees[store] ?? 0;
    const fee = Object.values(fees).reduce((s, v) => s + v, 0);
    delivery = promo.discountType === 'percentage' ? cap(percentOf(fee, promo.value)) : Math.min(input.toCartCurrency(promo.value), fee);
    for (const [store, share] of Object.entries(allocate(delivery, fees))) (byStore[store] as { delivery: number }).delivery = share;
  }
  return { ok: true, promo, discount: { products, delivery, total: products + delivery, byStore } };
}
