import type { Transaction } from 'kysely';
import { orderTopic, toLanguage, type StoreOrderStatus, type TOrderLiveEvent } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { prepared } from '../../db/prepared-query.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import { pickText } from '../catalog/index.js';
import type { EventsService } from '../events/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { orderTemplate, type OrderEmailStatus } from './order-emails.js';
import type { OrdersRepository } from './orders.repository.js';

/**
 * The side effects of order changes, driven by event rows written in the change's transaction
 * (modules/events): the live update on Order/{orderId} (QoS 1) and the buyer's e-mail. Each kind
 * has its own handler, so a failed publish is retried without sending the e-mail twice.
 */
const ORDER_LIVE = 'order.live';
export const ORDER_EMAIL = 'order.email';
export const STOCK_CHANGED = 'catalog.stock-changed';
/** A store order was delivered or picked up (bonus points are earned: orders/order-refunds.ts). */
export const ORDER_DELIVERED = 'orders.delivered';
export interface OrderDelivered {
  orderId: string;
  storeOrderId: string;
}

interface OrderEmailPayload {
  orderId: string;
  storeOrderId: string;
  status: OrderEmailStatus;
  reason: string;
}

/** Which state changes the buyer is e-mailed about, under which template. */
const EMAILED: Partial<Record<StoreOrderStatus, OrderEmailStatus>> = {
  placed: 'placed',
  accepted: 'accepted',
  out_for_delivery: 'dispatched',
  ready_for_pickup: 'ready_for_pickup',
  delivered: 'delivered',
  picked_up: 'delivered',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

export class OrderEvents {
  constructor(
    private readonly deps: {
      events: EventsService;
      realtime: RealtimePublisher;
      notifications: NotificationsService;
      repository: OrdersRepository;
      publicUrl: string;
      /** Told which products' stock moved (the catalog's read cache). */
      onStockChanged: (productIds: string[]) => Promise<void>;
    },
  ) {}

  /** Registers the handlers; once per app. */
  register(): void {
    const { events } = this.deps;
    events.on<TOrderLiveEvent>(ORDER_LIVE, async (event) => {
      await this.deps.realtime.publish(orderTopic(event.payload.orderId), event.payload, { qos: 1 });
    });
    events.on<OrderEmailPayload>(ORDER_EMAIL, (event) => this.sendEmail(event.payload));
    events.on<{ productIds: string[]; stateChanged?: boolean }>(STOCK_CHANGED, async (event) => {
      // Rows written before `stateChanged` existed count as changed.
      if (event.payload.stateChanged !== false) await this.deps.onStockChanged(event.payload.productIds);
    });
  }

  /** A store order's new state: published live, and e-mailed when the buyer is told of it. */
  /** `newOrder`: the order was written in this transaction (checkout): its id is a new events key. */
  async statusChanged(trx: Transaction<Database>, change: { orderId: string; storeOrderId: string; status: StoreOrderStatus; at: number; reason?: string | null; newOrder?: boolean }): Promise<void> {
    const live: TOrderLiveEvent = { type: 'status', orderId: change.orderId, storeOrderId: change.storeOrderId, status: change.status, at: change.at };
    const newKey = change.newOrder === true;
    await this.deps.events.enqueue(trx, { kind: ORDER_LIVE, key: change.orderId, payload: live, newKey });
    // Delivered: bonus points are earned (order-refunds.ts handles it after commit, once per store order).
    if (change.status === 'delivered' || change.status === 'picked_up') {
      await this.deps.events.enqueue(trx, { kind: ORDER_DELIVERED, key: change.orderId, payload: { orderId: change.orderId, storeOrderId: change.storeOrderId } satisfies OrderDelivered });
    }
    const email = EMAILED[change.status];
    if (email) {
      const payload: OrderEmailPayload = { orderId: change.orderId, storeOrderId: change.storeOrderId, status: email, reason: change.reason ?? '' };
      await this.deps.events.enqueue(trx, { kind: ORDER_EMAIL, key: change.orderId, payload, newKey });
    }
  }

  async positionChanged(trx: Transaction<Database>, position: { orderId: string; storeOrderId: string; latitude: number; longitude: number; at: number }): Promise<void> {
    const live: TOrderLiveEvent = { type: 'position', ...position };
    await this.deps.events.enqueue(trx, { kind: ORDER_LIVE, key: position.orderId, payload: live });
  }

  /**
   * Stock of these products was given back in this transaction: it may have left zero, so their
   * stock state may have changed, and the catalog's read caches are told.
   */
  async stockChanged(trx: Transaction<Database>, productIds: readonly string[]): Promise<void> {
    if (!productIds.length) return;
    await this.deps.events.enqueue(trx, { kind: STOCK_CHANGED, payload: { productIds: [...new Set(productIds)], stateChanged: true } });
  }

  /**
   * Stock of these products was taken in this transaction. The catalog's read caches only need to
   * move when a stock *state* may have changed (in stock ↔ out of stock or sold out, for the product
   * or one of its variants), and taking crosses into a state only by leaving a row at zero, which the
   * guarded updates answered (`reachedZero`). A sale that leaves every line in stock writes no event
   * at all: every cached answer stays, its counts catch up within the cache's freshness window.
   */
  async stockTaken(trx: Transaction<Database>, productIds: readonly string[], reachedZero: boolean): Promise<void> {
    if (!productIds.length || !reachedZero) return;
    await this.deps.events.enqueue(trx, { kind: STOCK_CHANGED, payload: { productIds: [...new Set(productIds)], stateChanged: true } });
  }

  nudge(): void {
    this.deps.events.nudge();
  }

  private async sendEmail(payload: OrderEmailPayload): Promise<void> {
    const { repository, notifications } = this.deps;
    // One read of what the e-mail needs (every order e-mail runs it, each checkout's among them).
    const found = await emailFacts.first(repository.db, payload.orderId, payload.storeOrderId);
    if (!found?.email) return;
    const language = toLanguage(found.language);
    await notifications.send({
      channel: 'email',
      to: found.email,
      userId: found.buyer_id,
      language,
      template: orderTemplate(payload.status),
      params: {
        orderId: found.order_id,
        storeName: (found.store_name !== null && (pickText(found.store_name, language) || found.store_alias_name)) || '',
        link: `${this.deps.publicUrl}/orders/${encodeURIComponent(found.order_id)}`,
        reason: payload.reason,
      },
    });
  }
}

/** The order, its store order, its buyer's address and its store's names, for an order e-mail. */
const emailFacts = prepared((db, orderId: string, storeOrderId: string) =>
  db
    .selectFrom('store_orders as so')
    .innerJoin('orders as o', 'o.id', 'so.order_id')
    .innerJoin('users as u', 'u.id', 'o.buyer_id')
    .leftJoin('stores as s', 's.id', 'so.store_id')
    .select(['o.id as order_id', 'o.buyer_id', 'o.language', 'u.email', 's.store_name', 's.store_alias_name'])
    .where('so.id', '=', storeOrderId)
    .where('o.id', '=', orderId),
);
