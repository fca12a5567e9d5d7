import type { Transaction } from 'kysely';
import type { OrderActor, StoreOrderStatus } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { returnStock, stockLevels } from '../checkout/index.js';
import type { StockNotificationsService } from '../catalog/index.js';
import type { QueuedMessage } from '../notifications/index.js';
import type { DeliveryService } from '../delivery/index.js';
import { checkTransition } from './order-states.js';
import type { OrderEvents } from './order-events.js';
import type { OrdersRepository } from './orders.repository.js';
import type { StoreOrdersTable } from './orders.tables.js';

export interface TransitionDeps {
  repository: OrdersRepository;
  events: OrderEvents;
  delivery: DeliveryService;
  stockNotifications: StockNotificationsService;
}

export interface TransitionRequest {
  storeOrder: StoreOrdersTable;
  to: StoreOrderStatus;
  actor: OrderActor;
  actorId: string;
  reason?: string | null | undefined;
  comments?: string | null | undefined;
  /** Extra columns written with the change (the driver sent out). */
  set?: Partial<StoreOrdersTable>;
}

/**
 * One state change of a store order, in the caller's transaction (Vendure's transition +
 * history): checked against the table, applied only if nobody moved it meanwhile, recorded in the
 * history with who and when, and published through the outbox. A cancellation gives the stock of
 * its lines back (telling notify-me subscribers) and frees its delivery slot. Answers the
 * back-in-stock messages to deliver after commit.
 */
export async function transition(trx: Transaction<Database>, deps: TransitionDeps, request: TransitionRequest): Promise<QueuedMessage[]> {
  const { storeOrder, to } = request;
  const check = checkTransition({ from: storeOrder.status, to, actor: request.actor, mode: storeOrder.delivery_mode as 'DELIVERY' | 'SELF_PICKUP' });
  if (!check.ok) {
    if (request.actor === 'buyer' && to === 'cancelled' && check.reason === 'not_your_role') throw new AppError('CANCEL_AFTER_PACKING', 'status');
    throw new AppError(check.reason === 'not_your_role' ? 'FORBIDDEN' : 'TRANSITION_NOT_ALLOWED', 'status');
  }
  const cancelling = to === 'cancelled';
  const set: Partial<StoreOrdersTable> = { ...request.set, ...(cancelling ? { cancel_reason: request.reason ?? null, cancel_comments: request.comments ?? null } : {}) };
  const moved = await deps.repository.moveStatus(trx, { storeOrderId: storeOrder.id, from: storeOrder.status, to, set });
  // Someone else changed it first: refuse rather than act on a state that is gone.
  if (!moved) throw new AppError('TRANSITION_NOT_ALLOWED', 'status');
  const at = Date.now();
  await deps.repository.addHistory(trx, {
    order_id: storeOrder.order_id,
    store_order_id: storeOrder.id,
    order_line_id: null,
    from_status: storeOrder.status,
    to_status: to,
    actor_id: request.actorId,
    actor_role: request.actor,
    reason: request.reason ?? null,
    comments: request.comments ?? null,
    created_at: at,
  });
  await deps.events.statusChanged(trx, { orderId: storeOrder.order_id, storeOrderId: storeOrder.id, status: to, at, reason: request.reason ?? null });
  if (!cancelling) return [];

  const lines = await trx.selectFrom('order_lines').selectAll().where('store_order_id', '=', storeOrder.id).where('status', '!=', 'cancelled').execute();
  await trx.updateTable('order_lines').set({ status: 'cancelled', cancel_reason: request.reason ?? null, cancel_comments: request.comments ?? null, updated_at: at }).where('store_order_id', '=', storeOrder.id).where('status', '!=', 'cancelled').execute();
  const queued = await giveStockBack(trx, deps, lines.map((line) => ({ productId: line.product_id, variantId: line.variant_id, quantity: line.quantity })));
  if (storeOrder.slot_start !== null && storeOrder.delivery_mode === 'DELIVERY') await deps.delivery.releaseSlot(trx, { storeId: storeOrder.store_id, start: storeOrder.slot_start });
  return queued;
}

/** Stock back on the catalog rows, notify-me messages queued for what came back. */
export async function giveStockBack(trx: Transaction<Database>, deps: TransitionDeps, moves: Array<{ productId: string; variantId: string | null; quantity: number }>): Promise<QueuedMessage[]> {
  const queued: QueuedMessage[] = [];
  const productIds = [...new Set(moves.map((move) => move.productId))];
  const before = new Map(await Promise.all(productIds.map(async (id) => [id, await stockLevels(trx, id)] as const)));
  await returnStock(trx, moves);
  for (const productId of productIds) {
    const after = await stockLevels(trx, productId);
    queued.push(...(await deps.stockNotifications.onStockChanged({ trx, productId, before: before.get(productId)!, after })));
  }
  await deps.events.stockChanged(trx, productIds);
  return queued;
}
