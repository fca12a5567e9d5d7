import { atRate } from '../currencies/index.js';
import type { Kysely, Transaction } from 'kysely';
import { ACTIVE_STORE_ORDER_STATUSES, type Language, type RefundDestination, type StoreOrderStatus, type TOrder, type TOrderSummary, type TReorderResponse, type TStoreOrder } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { createCursorCodec, type CursorCodec } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { pickText } from '../catalog/index.js';
import type { CartService } from '../cart/index.js';
import type { NotificationsService, QueuedMessage } from '../notifications/index.js';
import { FINISHED_STATUSES } from './order-states.js';
import { giveStockBack, transition, type TransitionDeps } from './order-transitions.js';
import { lineRefundAmount } from './order-line-refund.js';
import { toOrder, toStoreOrder } from './order-view.js';
import type { StoreOrdersTable } from './orders.tables.js';

/**
 * Money back for a cancelled or refunded store order (buy-money's payments, wallet and points).
 * Without it wired, a paid order that is cancelled stays 'cancelled' until the team refunds it.
 */
export interface OrderRefunds {
  refund(trx: Transaction<Database>, options: { orderId: string; storeOrderId: string; buyerId: string; amount: number; currency: string; paymentType: string; paymentRef: string | null; to: 'original' | 'wallet' }): Promise<void>;
}

/** Paid before delivery: everything but cash on delivery (a wallet or points order has no card payment but is paid). */
const paid = (order: { payment_type: string }) => order.payment_type !== 'COD';

interface Position {
  at: number;
  id: string;
}

/** Orders for buyers, sellers and the store team (issue #11 §4). */
export class OrdersService {
  private readonly cursors: CursorCodec<Position>;
  refunds: OrderRefunds | undefined;

  constructor(private readonly deps: TransitionDeps & { db: Kysely<Database>; cart: CartService; notifications: NotificationsService; cursorKey: Uint8Array }) {
    this.cursors = createCursorCodec<Position>({ key: deps.cursorKey, purpose: 'orders' });
  }

  private get db() {
    return this.deps.db;
  }

  // Buyer

  async listForBuyer(options: { buyerId: string; state: 'active' | 'past'; cursor?: string | undefined; limit: number; language: Language }): Promise<{ orders: TOrderSummary[]; nextCursor: string | null }> {
    const after = options.cursor ? this.cursors.decode(options.cursor) : null;
    const active = [...ACTIVE_STORE_ORDER_STATUSES];
    let query = this.db
      .selectFrom('orders as o')
      .selectAll('o')
      .where('o.buyer_id', '=', options.buyerId)
      .where((eb) => {
        const moving = eb.exists(eb.selectFrom('store_orders as so').select('so.id').whereRef('so.order_id', '=', 'o.id').where('so.status', 'in', active));
        return options.state === 'active' ? moving : eb.not(moving);
      })
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(options.limit + 1);
    if (after) query = query.where((eb) => eb.or([eb('o.created_at', '<', after.at), eb.and([eb('o.created_at', '=', after.at), eb('o.id', '<', after.id)])]));
    const rows = await query.execute();
    const page = rows.slice(0, options.limit);
    const storeOrders = page.length ? await this.db.selectFrom('store_orders').selectAll().where('order_id', 'in', page.map((o) => o.id)).orderBy('id').execute() : [];
    const counts = page.length
      ? await this.db.selectFrom('order_lines').select(['order_id']).select((eb) => eb.fn.sum<number>('quantity').as('units')).where('order_id', 'in', page.map((o) => o.id)).groupBy('order_id').execute()
      : [];
    const stores = await this.storeNames(storeOrders.map((so) => so.store_id), options.language);
    const last = page[page.length - 1];
    return {
      orders: page.map((order) => ({
        orderId: order.id,
        orderedAt: order.created_at,
        total: { amount: order.total, currency: order.currency },
        itemCount: Number(counts.find((c) => c.order_id === order.id)?.units ?? 0),
        paymentType: order.payment_type as TOrderSummary['paymentType'],
        deliveryMode: order.delivery_mode as TOrderSummary['deliveryMode'],
        storeOrders: storeOrders
          .filter((so) => so.order_id === order.id)
          .map((so) => ({ storeOrderId: so.id, storeName: stores.get(so.store_id) ?? '', status: so.status as StoreOrderStatus, storeTotal: { amount: so.total, currency: so.currency } })),
      })),
      nextCursor: rows.length > options.limit && last ? this.cursors.encode({ at: last.created_at, id: last.id }) : null,
    };
  }

  /** The buyer's own order; anyone else's answers the seed's 'could not fetch the order details…'. */
  async getForBuyer(options: { buyerId: string; orderId: string; language: Language }): Promise<TOrder> {
    const order = await this.deps.repository.findOrder(options.orderId);
    if (!order || order.buyer_id !== options.buyerId) throw new AppError('ORDER_DETAILS_FAILED', 'orderId');
    return this.orderView(order.id, options.language);
  }

  async orderView(orderId: string, language: Language): Promise<TOrder> {
    const order = await this.deps.repository.findOrder(orderId);
    if (!order) throw new AppError('ORDER_DETAILS_FAILED', 'orderId');
    const [buyer, storeOrders] = await Promise.all([this.deps.repository.buyerOf(order.buyer_id), this.deps.repository.storeOrdersOf(order.id)]);
    const rows = await this.deps.repository.storeOrderRows(storeOrders);
    const name = [buyer?.first_name, buyer?.last_name].filter(Boolean).join(' ');
    return toOrder(order, { id: order.buyer_id, name, email: buyer?.email ?? null }, rows.map((r) => toStoreOrder(r, language)));
  }

  /** The buyer cancels a store order before it is packed; a paid one's money goes back where he chose (the original payment by default). */
  async cancelByBuyer(options: { buyerId: string; orderId: string; storeOrderId: string; reason: string; comments?: string | undefined; refundTo?: RefundDestination | undefined; language: Language }): Promise<TOrder> {
    const queued = await this.db.transaction().execute(async (trx) => {
      const storeOrder = await this.buyersStoreOrder(trx, options);
      const messages = await transition(trx, this.deps, { storeOrder, to: 'cancelled', actor: 'buyer', actorId: options.buyerId, reason: options.reason, comments: options.comments });
      await this.refundIfPaid(trx, storeOrder, options.refundTo ?? 'original');
      return messages;
    });
    await this.afterCommit(queued);
    return this.orderView(options.orderId, options.language);
  }

  /** After packing: the buyer asks the seller to cancel one item; the seller accepts or refuses. */
  async requestItemCancel(options: { buyerId: string; orderId: string; lineId: string; reason: string; comments?: string | undefined; language: Language }): Promise<TOrder> {
    await this.db.transaction().execute(async (trx) => {
      const line = await trx.selectFrom('order_lines').selectAll().where('id', '=', options.lineId).where('order_id', '=', options.orderId).executeTakeFirst();
      if (!line) throw new AppError('NOT_FOUND', 'lineId');
      const storeOrder = await this.buyersStoreOrder(trx, { ...options, storeOrderId: line.store_order_id });
      if (!(ACTIVE_STORE_ORDER_STATUSES as readonly string[]).includes(storeOrder.status)) throw new AppError('TRANSITION_NOT_ALLOWED', 'status');
      if (line.status === 'cancel_requested') throw new AppError('CANCEL_REQUEST_OPEN', 'lineId');
      if (line.status !== 'active') throw new AppError('TRANSITION_NOT_ALLOWED', 'lineId');
      await trx.updateTable('order_lines').set({ status: 'cancel_requested', cancel_reason: options.reason, cancel_comments: options.comments ?? null, updated_at: Date.now() }).where('id', '=', line.id).where('status', '=', 'active').execute();
      await this.deps.repository.addHistory(trx, { order_id: line.order_id, store_order_id: line.store_order_id, order_line_id: line.id, from_status: storeOrder.status, to_status: 'cancel_requested', actor_id: options.buyerId, actor_role: 'buyer', reason: options.reason, comments: options.comments ?? null });
    });
    return this.orderView(options.orderId, options.language);
  }

  /** Adds what is still available of an order back to the cart; says what was not. */
  async reorder(options: { buyerId: string; orderId: string; language: Language }): Promise<TReorderResponse['data']> {
    const order = await this.deps.repository.findOrder(options.orderId);
    if (!order || order.buyer_id !== options.buyerId) throw new AppError('ORDER_DETAILS_FAILED', 'orderId');
    const lines = await this.db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
    const added: TReorderResponse['data']['added'] = [];
    const unavailable: TReorderResponse['data']['unavailable'] = [];
    for (const line of lines) {
      try {
        await this.deps.cart.add({ userId: options.buyerId, language: options.language, input: { productId: line.product_id, variantId: line.variant_id, quantity: line.quantity } });
        added.push({ productId: line.product_id, variantId: line.variant_id, quantity: line.quantity });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        unavailable.push({ productId: line.product_id, variantId: line.variant_id, title: pickText(line.title, options.language) || line.slug, reason: error.code });
      }
    }
    return { added, unavailable };
  }

  // Seller

  async storeOfSeller(sellerId: string): Promise<{ id: string }> {
    const store = await this.deps.repository.storeOfSeller(sellerId);
    if (!store) throw new AppError('FORBIDDEN');
    return store;
  }

  async listForStore(options: { storeId: string; status?: StoreOrderStatus | undefined; cancelRequests?: boolean | undefined; cursor?: string | undefined; limit: number; language: Language }): Promise<{ storeOrders: TStoreOrder[]; nextCursor: string | null }> {
    const after = options.cursor ? this.cursors.decode(options.cursor) : null;
    let query = this.db.selectFrom('store_orders').selectAll().where('store_id', '=', options.storeId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit + 1);
    if (options.status) query = query.where('status', '=', options.status);
    if (options.cancelRequests) query = query.where((eb) => eb.exists(eb.selectFrom('order_lines as l').select('l.id').whereRef('l.store_order_id', '=', 'store_orders.id').where('l.status', '=', 'cancel_requested')));
    if (after) query = query.where((eb) => eb.or([eb('created_at', '<', after.at), eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)])]));
    const rows = await query.execute();
    const page = rows.slice(0, options.limit);
    const views = (await this.deps.repository.storeOrderRows(page)).map((r) => toStoreOrder(r, options.language));
    const last = page[page.length - 1];
    return { storeOrders: views, nextCursor: rows.length > options.limit && last ? this.cursors.encode({ at: last.created_at, id: last.id }) : null };
  }

  async getForStore(options: { storeId: string; storeOrderId: string; language: Language }): Promise<TStoreOrder> {
    const storeOrder = await this.deps.repository.findStoreOrder(options.storeOrderId);
    if (!storeOrder || storeOrder.store_id !== options.storeId) throw new AppError('ORDER_DETAILS_FAILED', 'storeOrderId');
    const [rows] = await this.deps.repository.storeOrderRows([storeOrder]);
    return toStoreOrder(rows!, options.language);
  }

  /** The seller (or the team) moves a store order: accept, pack, send out with a driver, ready, delivered, cancel. */
  async changeStatus(options: { storeId: string | null; actorId: string; actor: 'seller' | 'team' | 'driver'; storeOrderId: string; to: StoreOrderStatus; driverId?: string | undefined; reason?: string | undefined; comments?: string | undefined; language: Language }): Promise<TStoreOrder> {
    const queued = await this.db.transaction().execute(async (trx) => {
      const storeOrder = await this.deps.repository.findStoreOrder(options.storeOrderId, trx);
      if (!storeOrder || (options.storeId !== null && storeOrder.store_id !== options.storeId)) throw new AppError('ORDER_DETAILS_FAILED', 'storeOrderId');
      if (options.to === 'cancelled' && !options.reason) throw new AppError('VALIDATION', 'reason');
      let set: Partial<StoreOrdersTable> | undefined;
      if (options.to === 'out_for_delivery') {
        if (!options.driverId) throw new AppError('DRIVER_REQUIRED', 'driverId');
        const driver = await trx.selectFrom('drivers').select('id').where('id', '=', options.driverId).where('store_id', '=', storeOrder.store_id).where('active', '=', 1).executeTakeFirst();
        if (!driver) throw new AppError('DRIVER_REQUIRED', 'driverId');
        set = { driver_id: driver.id };
      }
      const messages = await transition(trx, this.deps, { storeOrder, to: options.to, actor: options.actor, actorId: options.actorId, reason: options.reason, comments: options.comments, ...(set ? { set } : {}) });
      if (options.to === 'cancelled') await this.refundIfPaid(trx, storeOrder, 'original');
      return messages;
    });
    await this.afterCommit(queued);
    return this.getForStore({ storeId: (await this.deps.repository.findStoreOrder(options.storeOrderId))!.store_id, storeOrderId: options.storeOrderId, language: options.language });
  }

  /** The seller accepts or refuses a buyer's request to cancel an item. */
  async decideCancelRequest(options: { storeId: string; actorId: string; storeOrderId: string; lineId: string; decision: 'accept' | 'refuse'; comments?: string | undefined; language: Language }): Promise<TStoreOrder> {
    const queued = await this.db.transaction().execute(async (trx) => {
      const storeOrder = await this.deps.repository.findStoreOrder(options.storeOrderId, trx);
      if (!storeOrder || storeOrder.store_id !== options.storeId) throw new AppError('ORDER_DETAILS_FAILED', 'storeOrderId');
      const line = await trx.selectFrom('order_lines').selectAll().where('id', '=', options.lineId).where('store_order_id', '=', storeOrder.id).executeTakeFirst();
      if (!line || line.status !== 'cancel_requested') throw new AppError('NOT_FOUND', 'lineId');
      const accepted = options.decision === 'accept';
      await trx.updateTable('order_lines').set({ status: accepted ? 'cancelled' : 'active', updated_at: Date.now(), ...(accepted ? {} : { cancel_comments: options.comments ?? line.cancel_comments }) }).where('id', '=', line.id).execute();
      await this.deps.repository.addHistory(trx, { order_id: line.order_id, store_order_id: storeOrder.id, order_line_id: line.id, from_status: 'cancel_requested', to_status: accepted ? 'item_cancelled' : 'item_cancel_refused', actor_id: options.actorId, actor_role: 'seller', reason: line.cancel_reason, comments: options.comments ?? null });
      if (!accepted) return [];
      const messages = await giveStockBack(trx, this.deps, [{ productId: line.product_id, variantId: line.variant_id, quantity: line.quantity }]);
      const left = await trx.selectFrom('order_lines').select('id').where('store_order_id', '=', storeOrder.id).where('status', '!=', 'cancelled').execute();
      if (left.length === 0) {
        // Every item cancelled: the store order is.
        messages.push(...(await transition(trx, this.deps, { storeOrder, to: 'cancelled', actor: 'seller', actorId: options.actorId, reason: line.cancel_reason, comments: options.comments })));
        await this.refundIfPaid(trx, storeOrder, 'original');
      } else {
        const current = (await this.deps.repository.findStoreOrder(storeOrder.id, trx))!;
        await this.refundLine(trx, current, lineRefundAmount({
            lineTotal: Number(line.line_total),
            subtotal: Number(current.subtotal),
            discount: Number(current.discount),
            tax: Number(current.tax),
            total: Number(current.total),
            refunded: Number(current.refunded),
          }));
      }
      return messages;
    });
    await this.afterCommit(queued);
    return this.getForStore({ storeId: options.storeId, storeOrderId: options.storeOrderId, language: options.language });
  }

  /**
   * The store's totals per state, and its payout: goods and its delivery fee, less discounts and
   * refunds — in the store's currency: orders charged in a buyer's currency are taken back at the
   * rate each was charged at (rounded once per state and rate).
   */
  async storeTotals(options: { storeId: string }) {
    const rows = await this.db
      .selectFrom('store_orders as so')
      .innerJoin('orders as o', 'o.id', 'so.order_id')
      .select(['so.status', 'so.currency', 'o.base_currency', 'o.exchange_rate'])
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>('so.total').as('total'),
        eb.fn.sum<number>(eb(eb('so.total', '-', eb.ref('so.driver_fee')), '-', eb.ref('so.refunded'))).as('payout'),
        eb.fn.sum<number>('so.refunded').as('refunded'),
      ])
      .where('so.store_id', '=', options.storeId)
      .groupBy(['so.status', 'so.currency', 'o.base_currency', 'o.exchange_rate'])
      .execute();
    const inStore = rows.map((row) => {
      const back = row.exchange_rate && row.base_currency ? atRate(row.exchange_rate, minorDigits(row.base_currency), minorDigits(row.currency)).toA : (amount: number) => amount;
      return { status: row.status, currency: row.base_currency ?? row.currency, count: Number(row.count), total: back(Number(row.total ?? 0)), payout: back(Number(row.payout ?? 0)), refunded: back(Number(row.refunded ?? 0)) };
    });
    const currency = inStore[0]?.currency ?? 'EUR';
    const sum = (statuses: readonly string[], pick: (row: (typeof inStore)[number]) => number) => inStore.filter((r) => statuses.includes(r.status)).reduce((s, r) => s + pick(r), 0);
    const byStatus = new Map<string, { count: number; total: number }>();
    for (const row of inStore) {
      const entry = byStatus.get(row.status) ?? { count: 0, total: 0 };
      byStatus.set(row.status, { count: entry.count + row.count, total: entry.total + row.total });
    }
    return {
      currency,
      byStatus: [...byStatus].map(([status, entry]) => ({ status: status as StoreOrderStatus, count: entry.count, total: { amount: entry.total, currency } })),
      payout: {
        earned: { amount: sum(['delivered', 'picked_up'], (r) => r.payout), currency },
        pending: { amount: sum(ACTIVE_STORE_ORDER_STATUSES, (r) => r.payout), currency },
        refunded: { amount: sum([...FINISHED_STATUSES, ...ACTIVE_STORE_ORDER_STATUSES], (r) => r.refunded), currency },
      },
    };
  }

  // Team

  /** A manual refund by the store team: the store order's money back (to the card or the wallet). */
  async refundByTeam(options: { actorId: string; storeOrderId: string; reason: string; comments?: string | undefined; to: 'original' | 'wallet'; language: Language }): Promise<TStoreOrder> {
    await this.db.transaction().execute(async (trx) => {
      const storeOrder = await this.deps.repository.findStoreOrder(options.storeOrderId, trx);
      if (!storeOrder) throw new AppError('ORDER_DETAILS_FAILED', 'storeOrderId');
      if (storeOrder.refunded >= storeOrder.total) throw new AppError('NOTHING_TO_REFUND');
      await transition(trx, this.deps, { storeOrder, to: 'refunded', actor: 'team', actorId: options.actorId, reason: options.reason, comments: options.comments, set: { refunded: storeOrder.total } });
      await this.moneyBack(trx, storeOrder, storeOrder.total - storeOrder.refunded, options.to);
    });
    return this.getForStore({ storeId: (await this.deps.repository.findStoreOrder(options.storeOrderId))!.store_id, storeOrderId: options.storeOrderId, language: options.language });
  }

  // Helpers

  private async buyersStoreOrder(trx: Transaction<Database>, options: { buyerId: string; orderId: string; storeOrderId: string }): Promise<StoreOrdersTable> {
    const order = await this.deps.repository.findOrder(options.orderId, trx);
    const storeOrder = await this.deps.repository.findStoreOrder(options.storeOrderId, trx);
    if (!order || order.buyer_id !== options.buyerId || !storeOrder || storeOrder.order_id !== order.id) throw new AppError('ORDER_DETAILS_FAILED', 'orderId');
    return storeOrder;
  }

  /** A paid store order that was cancelled: its money goes back and it becomes 'refunded'. */
  private async refundIfPaid(trx: Transaction<Database>, storeOrder: StoreOrdersTable, to: 'original' | 'wallet'): Promise<void> {
    const order = await this.deps.repository.findOrder(storeOrder.order_id, trx);
    if (!order || !paid(order) || !this.refunds) return;
    const current = (await this.deps.repository.findStoreOrder(storeOrder.id, trx))!;
    await transition(trx, this.deps, { storeOrder: current, to: 'refunded', actor: 'system', actorId: order.buyer_id, set: { refunded: current.total } });
    await this.moneyBack(trx, current, current.total - current.refunded, to);
  }

  private async refundLine(trx: Transaction<Database>, storeOrder: StoreOrdersTable, amount: number): Promise<void> {
    const order = await this.deps.repository.findOrder(storeOrder.order_id, trx);
    if (!order || !paid(order) || !this.refunds) return;
    await trx.updateTable('store_orders').set((eb) => ({ refunded: eb('refunded', '+', amount), updated_at: Date.now() })).where('id', '=', storeOrder.id).execute();
    await this.moneyBack(trx, storeOrder, amount, 'original');
  }

  private async moneyBack(trx: Transaction<Database>, storeOrder: StoreOrdersTable, amount: number, to: 'original' | 'wallet'): Promise<void> {
    const order = await this.deps.repository.findOrder(storeOrder.order_id, trx);
    // A cash order refunded by the team to the wallet (cash was paid on delivery) gets its money too.
    if (!order || amount <= 0 || !(paid(order) || to === 'wallet') || !this.refunds) return;
    await this.refunds.refund(trx, { orderId: order.id, storeOrderId: storeOrder.id, buyerId: order.buyer_id, amount, currency: storeOrder.currency, paymentType: order.payment_type, paymentRef: order.payment_ref, to });
  }

  /** The events outbox delivers what the transaction queued (back-in-stock messages too): look now. */
  private async afterCommit(_queued: QueuedMessage[]): Promise<void> {
    this.deps.events.nudge();
  }

  private async storeNames(storeIds: string[], language: Language): Promise<Map<string, string>> {
    if (storeIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('stores').select(['id', 'store_name', 'store_alias_name']).where('id', 'in', [...new Set(storeIds)]).execute();
    return new Map(rows.map((r) => [r.id, pickText(r.store_name, language) || r.store_alias_name]));
  }
}

/** A currency's minor digits (2 for EUR, 0 for JPY), as Intl knows them. */
function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}
