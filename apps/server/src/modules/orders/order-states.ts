import { STORE_ORDER_TRANSITIONS, type DeliveryMode, type OrderActor, type StoreOrderStatus } from '@tessera/contracts';

/**
 * Whether a store order may move from one state to another, and why not (Vendure's
 * finite-state machine: the transitions are data, STORE_ORDER_TRANSITIONS in the contracts). The
 * answer is a reason, not a throw, so that callers and tests can read it.
 */
export type TransitionRefusal = 'unknown_state' | 'not_allowed' | 'not_your_role' | 'wrong_delivery_mode';

export function checkTransition(options: { from: string; to: string; actor: OrderActor; mode: DeliveryMode }): { ok: true } | { ok: false; reason: TransitionRefusal } {
  const from = options.from as StoreOrderStatus;
  const allowed = STORE_ORDER_TRANSITIONS[from];
  if (!allowed) return { ok: false, reason: 'unknown_state' };
  const actors = allowed[options.to as StoreOrderStatus];
  if (!actors) return { ok: false, reason: 'not_allowed' };
  if (!actors.includes(options.actor)) return { ok: false, reason: 'not_your_role' };
  // Delivery orders go out for delivery and are delivered; self-pickup orders wait and are picked up.
  const deliveryOnly: readonly string[] = ['out_for_delivery', 'delivered'];
  const pickupOnly: readonly string[] = ['ready_for_pickup', 'picked_up'];
  if (options.mode === 'DELIVERY' && pickupOnly.includes(options.to)) return { ok: false, reason: 'wrong_delivery_mode' };
  if (options.mode === 'SELF_PICKUP' && deliveryOnly.includes(options.to)) return { ok: false, reason: 'wrong_delivery_mode' };
  return { ok: true };
}

/** The buyer cancels a whole store order himself only before it is packed. */
export const buyerMayCancel = (status: string): boolean => checkTransition({ from: status, to: 'cancelled', actor: 'buyer', mode: 'DELIVERY' }).ok;

/** States where the order is finished (past orders). */
export const FINISHED_STATUSES: readonly StoreOrderStatus[] = ['delivered', 'picked_up', 'cancelled', 'refunded'];
