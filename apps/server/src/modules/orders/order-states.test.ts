import { describe, expect, it } from 'vitest';
import { ORDER_ACTORS, STORE_ORDER_STATUSES, STORE_ORDER_TRANSITIONS } from '@tessera/contracts';
import { buyerMayCancel, checkTransition } from './order-states.js';

describe('store order transitions (the table, on its own)', () => {
  it('walks the delivery path for the seller', () => {
    const path = ['placed', 'accepted', 'packed', 'out_for_delivery', 'delivered'];
    for (let i = 1; i < path.length; i++) expect(checkTransition({ from: path[i - 1]!, to: path[i]!, actor: 'seller', mode: 'DELIVERY' })).toEqual({ ok: true });
  });

  it('walks the pickup path, and keeps each mode on its own path', () => {
    const path = ['placed', 'accepted', 'packed', 'ready_for_pickup', 'picked_up'];
    for (let i = 1; i < path.length; i++) expect(checkTransition({ from: path[i - 1]!, to: path[i]!, actor: 'seller', mode: 'SELF_PICKUP' }).ok).toBe(true);
    expect(checkTransition({ from: 'packed', to: 'ready_for_pickup', actor: 'seller', mode: 'DELIVERY' })).toEqual({ ok: false, reason: 'wrong_delivery_mode' });
    expect(checkTransition({ from: 'packed', to: 'out_for_delivery', actor: 'seller', mode: 'SELF_PICKUP' })).toEqual({ ok: false, reason: 'wrong_delivery_mode' });
  });

  it('lets the buyer cancel before packing only, and the driver only deliver', () => {
    expect(buyerMayCancel('placed')).toBe(true);
    expect(buyerMayCancel('accepted')).toBe(true);
    expect(buyerMayCancel('packed')).toBe(false);
    expect(buyerMayCancel('out_for_delivery')).toBe(false);
    expect(checkTransition({ from: 'placed', to: 'accepted', actor: 'buyer', mode: 'DELIVERY' })).toEqual({ ok: false, reason: 'not_your_role' });
    expect(checkTransition({ from: 'out_for_delivery', to: 'delivered', actor: 'driver', mode: 'DELIVERY' }).ok).toBe(true);
    expect(checkTransition({ from: 'packed', to: 'out_for_delivery', actor: 'driver', mode: 'DELIVERY' }).ok).toBe(false);
  });

  it('refuses every change that is not in the table, with a reason', () => {
    let refused = 0;
    for (const from of STORE_ORDER_STATUSES) {
      for (const to of STORE_ORDER_STATUSES) {
        for (const actor of ORDER_ACTORS) {
          const listed = STORE_ORDER_TRANSITIONS[from][to]?.includes(actor) ?? false;
          const answer = checkTransition({ from, to, actor, mode: 'DELIVERY' });
          const modeOk = !['ready_for_pickup', 'picked_up'].includes(to);
          expect(answer.ok).toBe(listed && modeOk);
          if (!answer.ok) refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(350);
    expect(checkTransition({ from: 'delivered', to: 'placed', actor: 'team', mode: 'DELIVERY' })).toEqual({ ok: false, reason: 'not_allowed' });
    expect(checkTransition({ from: 'lost', to: 'placed', actor: 'team', mode: 'DELIVERY' })).toEqual({ ok: false, reason: 'unknown_state' });
  });

  it('has no way out of refunded, and only the team refunds', () => {
    expect(STORE_ORDER_TRANSITIONS.refunded).toEqual({});
    for (const from of STORE_ORDER_STATUSES) {
      const who = STORE_ORDER_TRANSITIONS[from].refunded;
      if (who) expect(who.every((actor) => actor === 'team' || actor === 'system')).toBe(true);
    }
  });
});
