import { ACTIVE_STORE_ORDER_STATUSES, type Language, type OrderActor, type StoreOrderStatus, type TOrder, type TStoreOrder } from '@tessera/contracts';
import { pickText } from '../catalog/index.js';
import { buyerMayCancel } from './order-states.js';
import type { OrderHistoryTable, OrderLinesTable, OrdersTable, StoreOrdersTable } from './orders.tables.js';

/** Rows of one order, read together, turned into the answers of the buyer, seller and admin APIs. */
export interface StoreOrderRows {
  storeOrder: StoreOrdersTable;
  lines: OrderLinesTable[];
  history: OrderHistoryTable[];
  store: { store_name: string; store_alias_name: string; latitude: number | null; longitude: number | null; pickup_address: string | null; time_zone: string | null };
  driver: { id: string; name: string; phone: string } | null;
}

const money = (amount: number, currency: string) => ({ amount, currency });

export function toStoreOrder(rows: StoreOrderRows, language: Language): TStoreOrder {
  const so = rows.storeOrder;
  const c = so.currency;
  return {
    storeOrderId: so.id,
    orderId: so.order_id,
    storeId: so.store_id,
    storeName: pickText(rows.store.store_name, language) || rows.store.store_alias_name,
    storeAliasName: rows.store.store_alias_name,
    status: so.status as StoreOrderStatus,
    deliveryMode: so.delivery_mode as TStoreOrder['deliveryMode'],
    slotStart: so.slot_start,
    slotEnd: so.slot_end,
    timeZone: rows.store.time_zone ?? 'UTC',
    items: rows.lines.map((line) => ({
      productOrderId: line.id,
      productId: line.product_id,
      variantId: line.variant_id,
      slug: line.slug,
      title: pickText(line.title, language) || line.slug,
      colour: line.colour,
      size: line.size,
      quantity: line.quantity,
      unitPrice: money(line.unit_price, c),
      lineTotal: money(line.line_total, c),
      status: line.status as TStoreOrder['items'][number]['status'],
      cancellationReason: line.cancel_reason,
      cancellationComments: line.cancel_comments,
    })),
    subtotal: money(so.subtotal, c),
    deliveryFee: money(so.delivery_fee, c),
    driverFee: money(so.driver_fee, c),
    tax: money(so.tax, c),
    discount: money(so.discount, c),
    storeTotal: money(so.total, c),
    cancellationReason: so.cancel_reason,
    cancellationComments: so.cancel_comments,
    driver: rows.driver,
    driverPosition: so.driver_latitude !== null && so.driver_longitude !== null && so.driver_at !== null ? { latitude: so.driver_latitude, longitude: so.driver_longitude, at: so.driver_at } : null,
    store: { latitude: rows.store.latitude ?? 0, longitude: rows.store.longitude ?? 0, address: rows.store.pickup_address ?? '' },
    canCancel: buyerMayCancel(so.status),
    history: rows.history.map((entry) => ({
      from: entry.from_status,
      to: entry.to_status,
      productOrderId: entry.order_line_id,
      actor: entry.actor_role as OrderActor,
      at: entry.created_at,
      reason: entry.reason,
      comments: entry.comments,
    })),
    updatedAt: so.updated_at,
  };
}

export function toOrder(order: OrdersTable, buyer: { id: string; name: string; email: string | null }, storeOrders: TStoreOrder[]): TOrder {
  const c = order.currency;
  return {
    orderId: order.id,
    orderedAt: order.created_at,
    buyer,
    deliveryMode: order.delivery_mode as TOrder['deliveryMode'],
    paymentType: order.payment_type as TOrder['paymentType'],
    paymentStatus: order.payment_status,
    deliveryNote: order.delivery_note,
    address: order.address ? (JSON.parse(order.address) as TOrder['address']) : null,
    destination: order.latitude !== null && order.longitude !== null ? { latitude: order.latitude, longitude: order.longitude } : null,
    offerApplied: order.promo_code,
    pointsRedeemed: order.points_redeemed,
    walletAmount: money(order.wallet_amount, c),
    exchangeRate:
      order.exchange_rate && order.base_currency
        ? { from: order.base_currency, to: c, rate: order.exchange_rate, rateSetAt: Number(order.rate_set_at ?? 0), readAt: Number(order.rate_read_at ?? 0) }
        : null,
    totals: {
      subtotalBeforeTax: money(order.subtotal, c),
      deliveryFees: money(order.delivery_fees, c),
      estimatedTax: money(order.tax, c),
      totalAfterTax: money(order.total, c),
      savings: money(order.savings, c),
      coupon: money(order.coupon, c),
    },
    storeOrders,
    // Seed order-type label: what the buyer's history calls his purchases.
    orderType: 'SHOPPING',
  };
}

export const isActive = (status: string): boolean => (ACTIVE_STORE_ORDER_STATUSES as readonly string[]).includes(status);
