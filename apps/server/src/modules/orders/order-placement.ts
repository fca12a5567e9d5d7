import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { CheckoutPlan } from '../checkout/index.js';
import type { OrderEvents } from './order-events.js';
import type { OrdersRepository } from './orders.repository.js';
import type { OrderHistoryTable, OrderLinesTable, StoreOrdersTable } from './orders.tables.js';

export interface PlacedPayment {
  status: 'not_required' | 'authorised' | 'captured';
  ref: string | null;
}

/**
 * Writes a planned order in the checkout's transaction: the order, one store order per seller with
 * its product order lines, a 'placed' history row each, and the events that publish and e-mail it.
 * The order exists exactly when its payment record (status and reference on the order row) does.
 */
export async function recordPlacedOrder(
  trx: Transaction<Database>,
  deps: { repository: OrdersRepository; events: OrderEvents },
  options: { plan: CheckoutPlan; runId: string; payment: PlacedPayment },
): Promise<void> {
  const { plan, payment } = options;
  const now = Date.now();
  const storeOrders: StoreOrdersTable[] = plan.storeOrders.map((so) => ({
    id: so.storeOrderId,
    order_id: plan.orderId,
    store_id: so.storeId,
    status: 'placed',
    delivery_mode: plan.mode,
    slot_start: so.slotStart,
    slot_end: so.slotEnd,
    currency: plan.currency,
    subtotal: so.totals.subtotalBeforeTax,
    delivery_fee: so.totals.deliveryFee,
    driver_fee: so.totals.driverFee,
    tax: so.totals.estimatedTax,
    discount: so.totals.coupon,
    total: so.totals.totalAfterTax,
    refunded: 0,
    driver_id: null,
    driver_latitude: null,
    driver_longitude: null,
    driver_at: null,
    cancel_reason: null,
    cancel_comments: null,
    created_at: now,
    updated_at: now,
  }));
  const lines: OrderLinesTable[] = plan.storeOrders.flatMap((so) =>
    so.lines.map((line) => ({
      id: newId(),
      order_id: plan.orderId,
      store_order_id: so.storeOrderId,
      product_id: line.productId,
      variant_id: line.variantId,
      slug: line.slug,
      title: line.title,
      colour: line.colour,
      size: line.size,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      mrp: line.mrp,
      line_total: line.unitPrice * line.quantity,
      status: 'active',
      cancel_reason: null,
      cancel_comments: null,
      created_at: now,
      updated_at: now,
    })),
  );
  const history: OrderHistoryTable[] = storeOrders.map((so) => ({
    id: newId(),
    order_id: plan.orderId,
    store_order_id: so.id,
    order_line_id: null,
    from_status: null,
    to_status: 'placed',
    actor_id: plan.buyerId,
    actor_role: 'buyer',
    reason: null,
    comments: null,
    created_at: now,
  }));
  await deps.repository.insertOrder(
    trx,
    {
      id: plan.orderId,
      buyer_id: plan.buyerId,
      checkout_run_id: options.runId,
      delivery_mode: plan.mode,
      payment_type: plan.paymentType,
      payment_status: placedPaymentStatus(plan, payment),
      payment_ref: payment.ref,
      currency: plan.currency,
      base_currency: plan.exchange?.from ?? null,
      exchange_rate: plan.exchange?.rate ?? null,
      rate_set_at: plan.exchange?.rateSetAt ?? null,
      rate_read_at: plan.exchange?.readAt ?? null,
      subtotal: plan.totals.subtotalBeforeTax,
      delivery_fees: plan.totals.deliveryFees,
      tax: plan.totals.estimatedTax,
      coupon: plan.totals.coupon,
      savings: plan.totals.savings,
      total: plan.totals.totalAfterTax,
      wallet_amount: plan.walletAmount,
      wallet_refunded: 0,
      points_redeemed: plan.points,
      promo_code: plan.promo?.code ?? null,
      delivery_note: plan.deliveryNote,
      address: plan.address ? JSON.stringify(plan.address) : null,
      latitude: plan.location.latitude,
      longitude: plan.location.longitude,
      language: plan.language,
      created_at: now,
      updated_at: now,
    },
    storeOrders,
    lines,
    history,
  );
  for (const so of storeOrders) await deps.events.statusChanged(trx, { orderId: plan.orderId, storeOrderId: so.id, status: 'placed', at: now, newOrder: true });
}

/**
 * The order's payment state as the order pages show it: cash is 'not_required' (due on delivery);
 * the card's own status ('captured': checkout captures at once); an order paid by the wallet or
 * points alone is paid in this very transaction: 'captured'. Later moves (a capture, refunds) are
 * written by `refreshPaymentStatus` in the transaction that makes them.
 */
function placedPaymentStatus(plan: CheckoutPlan, payment: PlacedPayment): string {
  if (plan.paymentType === 'COD') return 'not_required';
  return payment.status === 'not_required' ? 'captured' : payment.status;
}
