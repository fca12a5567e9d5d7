import type { Transaction } from 'kysely';
import { errorMessage, type Language, type PaymentType, type TAddress, type TCheckoutRequest } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError, RefusedWithData } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { priceCart, type CartService } from '../cart/index.js';
import type { DeliveryService } from '../delivery/index.js';
import type { OrderEvents } from '../orders/index.js';
import type { CheckoutPlan, DeliveryAddress, PlannedStoreOrder } from './checkout-plan.js';
import type { CheckoutMoney } from './checkout-ports.js';
import { returnStock, takeStock, type StockMove } from './stock.js';

/**
 * The steps of a checkout (DESIGN §5, Medusa's complete-cart): each does one thing in the
 * transaction it is given and has its undo. checkout.service.ts runs them in order.
 */

export interface StepDeps {
  cart: CartService;
  delivery: DeliveryService;
  money: CheckoutMoney;
  events: OrderEvents;
}

const MINUTE = 60_000;

/** Step 1 — validate and plan: reads the cart inside the transaction; writes nothing. */
export async function planCheckout(
  trx: Transaction<Database>,
  deps: StepDeps,
  options: { userId: string; language: Language; currency?: string | undefined; input: TCheckoutRequest; address: TAddress | null },
): Promise<CheckoutPlan> {
  const { input } = options;
  const location = input.latitude !== undefined && input.longitude !== undefined ? { latitude: input.latitude, longitude: input.longitude } : undefined;
  // Priced now, at the rates read inside this transaction: a rate changed since the buyer's last cart
  // answer is the one charged, and the answer's total says so (docs/payments.md).
  const readAt = Date.now();
  // The memo's pricing when the cart's last answer still holds (CartService.priceForCheckout).
  const pricingOptions = { userId: options.userId, language: options.language, currency: options.currency, ...(location ? { location } : {}), trx };
  const base = await deps.cart.priceForCheckout(pricingOptions);
  const mode = base.mode;
  let { priced, input: pricing } = base;
  if (priced.lines.length === 0) throw new AppError('CART_EMPTY');
  if (priced.lines.some((line) => line.problem === 'out_of_stock' || line.problem === 'sold_out')) throw new AppError('ITEM_OUT_OF_STOCK', 'cart');
  if (priced.lines.some((line) => line.problem === 'not_enough_stock')) throw new AppError('NOT_ENOUGH_STOCK', 'cart');
  if (priced.sellers.some((seller) => !seller.deliverable)) throw new AppError('OUT_OF_DELIVERY_AREA', 'cart');
  if (!priced.checkoutable) throw new AppError('CART_NOT_CHECKOUTABLE', 'cart');
  if (mode === 'DELIVERY' && !options.address) throw new AppError('ADDRESS_REQUIRED', 'addressId');

  let promo: CheckoutPlan['promo'] = null;
  if (input.promoCode) {
    const promotions = deps.money.promotions;
    if (!promotions) throw new AppError('VALIDATION', 'promoCode');
    const paymentMethods: PaymentType[] = input.paymentType === 'Card' && input.walletAmount ? ['Wallet', 'Card'] : [input.paymentType];
    const outcome = await promotions.evaluate({ code: input.promoCode, userId: options.userId, cart: priced, mode, paymentMethods, trx });
    if (!outcome.ok) {
      // Translated, with the data the client stores (seed §8), as the promo-code check answers.
      throw RefusedWithData(outcome.reason, { reason: outcome.reason, promo_code: input.promoCode, message: errorMessage(outcome.reason, options.language) }, 'promoCode');
    }
    promo = { promoId: outcome.promoId, code: input.promoCode, discount: outcome.discount };
    // The same rows priced again with the code's discount (read in this transaction already).
    pricing = { ...pricing, coupon: outcome.discount };
    priced = priceCart(pricing);
  }

  const storeIds = new Set(priced.sellers.map((seller) => seller.storeId));
  const slotByStore = new Map<string, number>();
  for (const slot of input.slots) {
    if (!storeIds.has(slot.storeId) || slotByStore.has(slot.storeId)) throw new AppError('SLOT_UNAVAILABLE', 'slots');
    slotByStore.set(slot.storeId, slot.start);
  }

  const total = priced.totals.totalAfterTax;
  const walletAmount = input.paymentType === 'Wallet' ? total : (input.walletAmount ?? 0);
  if (input.paymentType === 'COD' && (input.walletAmount || input.points)) throw new AppError('PAYMENT_TYPE_UNAVAILABLE', 'paymentType');
  if (walletAmount > total) throw new AppError('VALIDATION', 'walletAmount');
  if (walletAmount > 0 && !deps.money.wallet) throw new AppError('PAYMENT_TYPE_UNAVAILABLE', 'paymentType');
  if (input.points && !deps.money.points) throw new AppError('PAYMENT_TYPE_UNAVAILABLE', 'points');
  if (input.paymentType === 'Card') {
    if (!deps.money.payments) throw new AppError('PAYMENT_TYPE_UNAVAILABLE', 'paymentType');
    if (!input.card) throw new AppError('VALIDATION', 'card');
  }

  const storeOrders: PlannedStoreOrder[] = priced.sellers.map((seller) => {
    const start = slotByStore.get(seller.storeId) ?? null;
    return {
      storeOrderId: newId(),
      storeId: seller.storeId,
      slotStart: start,
      slotEnd: start === null ? null : start + seller.settings.slotMinutes * MINUTE,
      totals: seller.totals,
      lines: seller.lines.map((line) => ({
        cartLineId: line.row.id,
        productId: line.row.product_id,
        variantId: line.row.variant_id,
        slug: line.row.slug ?? '',
        title: line.row.title ?? '{}',
        colour: line.row.colour,
        size: line.row.size,
        quantity: line.row.quantity,
        unitPrice: line.unitPrice,
        mrp: line.mrp,
      })),
    };
  });
  return {
    orderId: newId(),
    buyerId: options.userId,
    language: options.language,
    mode,
    paymentType: input.paymentType,
    currency: priced.currency,
    exchange: priced.exchange ? { ...priced.exchange, readAt } : null,
    address: options.address ? toDeliveryAddress(options.address) : null,
    location: pricing.location,
    deliveryNote: input.deliveryNote ?? null,
    promo,
    points: input.points ?? 0,
    walletAmount,
    cardAmount: input.paymentType === 'Card' ? total - walletAmount : 0,
    totals: priced.totals,
    storeOrders,
  };
}

const movesOf = (plan: CheckoutPlan): StockMove[] => plan.storeOrders.flatMap((so) => so.lines.map((line) => ({ productId: line.productId, variantId: line.variantId, quantity: line.quantity })));

/**
 * Step 2 — reserve: stock (guarded), delivery slots (guarded), the promo code's use, points and the
 * wallet's part, in the caller's transaction. A refusal throws and the transaction rolls back.
 */
export async function reserve(trx: Transaction<Database>, deps: StepDeps, plan: CheckoutPlan): Promise<void> {
  const { reachedZero } = await takeStock(trx, movesOf(plan));
  const now = Date.now();
  // The stores' settings are read only when a slot is asked for (most checkouts name none).
  const slotted = plan.storeOrders.filter((so) => so.slotStart !== null);
  const settings = slotted.length ? await deps.delivery.settingsFor(slotted.map((so) => so.storeId), trx) : new Map<string, never>();
  for (const so of slotted) await deps.delivery.takeSlot(trx, { settings: settings.get(so.storeId)!, start: so.slotStart!, mode: plan.mode, now });
  if (plan.promo && deps.money.promotions) {
    await deps.money.promotions.recordUse(trx, { promoId: plan.promo.promoId, buyerId: plan.buyerId, orderId: plan.orderId, discount: plan.totals.coupon, currency: plan.currency });
  }
  if (plan.points > 0 && deps.money.points) {
    const { value } = await deps.money.points.redeem(trx, { userId: plan.buyerId, points: plan.points, currency: plan.currency, orderId: plan.orderId });
    // Points pay part of the order: the card (or the wallet) pays less.
    if (plan.paymentType === 'Card') plan.cardAmount = Math.max(0, plan.cardAmount - value);
    else plan.walletAmount = Math.max(0, plan.walletAmount - value);
  }
  if (plan.walletAmount > 0 && deps.money.wallet) {
    await deps.money.wallet.debit(trx, { userId: plan.buyerId, amount: plan.walletAmount, currency: plan.currency, orderId: plan.orderId, exchange: plan.exchange ?? null });
  }
  await deps.events.stockTaken(trx, movesOf(plan).map((move) => move.productId), reachedZero);
}

/** Undo of step 2: stock and slots back, and the wallet's part, the points and the promo use (each once, by order id). */
export async function unreserve(trx: Transaction<Database>, deps: StepDeps, plan: CheckoutPlan): Promise<void> {
  const { money } = deps;
  if (plan.walletAmount > 0 && money.wallet) await money.wallet.restore(trx, { userId: plan.buyerId, orderId: plan.orderId });
  if (plan.points > 0 && money.points) await money.points.restore(trx, { userId: plan.buyerId, orderId: plan.orderId });
  if (plan.promo && money.promotions) await money.promotions.releaseUse(trx, { promoId: plan.promo.promoId, buyerId: plan.buyerId, orderId: plan.orderId });
  await returnStock(trx, movesOf(plan));
  for (const so of plan.storeOrders) if (so.slotStart !== null && plan.mode === 'DELIVERY') await deps.delivery.releaseSlot(trx, { storeId: so.storeId, start: so.slotStart });
  await deps.events.stockChanged(trx, movesOf(plan).map((move) => move.productId));
}

/** Step 4's last part: the lines bought leave the cart. */
export async function clearBoughtLines(trx: Transaction<Database>, deps: StepDeps, plan: CheckoutPlan): Promise<void> {
  await deps.cart.removeLines(trx, plan.storeOrders.flatMap((so) => so.lines.map((line) => line.cartLineId)));
}

function toDeliveryAddress(address: TAddress | (Omit<TAddress, 'id' | 'isDefault' | 'createdAt' | 'landmark'> & { landmark?: string | null | undefined })): DeliveryAddress {
  return {
    name: address.name,
    mobile: address.mobile,
    countryCode: address.countryCode,
    addressLine1: address.addressLine1,
    flatNumber: address.flatNumber,
    locality: address.locality,
    city: address.city,
    state: address.state,
    pincode: address.pincode,
    landmark: address.landmark ?? null,
  };
}
