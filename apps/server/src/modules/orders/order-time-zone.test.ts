import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, checkout, createShop, createShopProduct, type Shop } from '../../test/buying.js';
import { createBuyer } from '../../test/roles.js';

/**
 * Delivery times are the store's (issue #11 §3): slots are laid out and checked in the store's time
 * zone, and orders carry that zone so that every page shows the time the store keeps, named.
 */

let t: TestApp;
let shop: Shop;
const NINE_TO_SIX = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '09:00', closes: '18:00' }));

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  // India is UTC+05:30: a store's hour starts at half past in UTC.
  shop = await createShop(t.app, { country: 'IN', timeZone: 'Asia/Kolkata', openingHours: NINE_TO_SIX, pickupHours: NINE_TO_SIX });
});

/** `hour`:`minute` in Kolkata, two days from now, as UTC ms. */
function kolkata(hour: number, minute = 0): number {
  const day = new Date(Date.now() + 2 * 86_400_000);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute) - (5 * 60 + 30) * 60_000;
}

describe('delivery times in the store’s time zone', () => {
  it('offers slots on the store’s hours and names its zone', async () => {
    const buyer = await createBuyer(t.app);
    const answer = await t.app.inject({ method: 'GET', url: `/v1/delivery/slots?storeId=${shop.storeId}&mode=DELIVERY`, headers: { authorization: buyer.token } });
    expect(answer.statusCode, answer.body).toBe(200);
    const { timeZone, slots } = answer.json().data as { timeZone: string; slots: { start: number }[] };
    expect(timeZone).toBe('Asia/Kolkata');
    const local = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      const [hour, minute] = local.format(slot.start).split(':').map(Number);
      expect(minute).toBe(0);
      expect(hour).toBeGreaterThanOrEqual(9);
      expect(hour).toBeLessThan(18);
    }
  });

  it('takes a slot at 10:00 store time (04:30 UTC), refuses 08:00 store time, and the order carries the store’s zone', async () => {
    const buyer = await createBuyer(t.app);
    const product = await createShopProduct(t.app, shop, { price: 1000, stock: 5 });
    expect((await cartClient(t.app, buyer.token).add({ productId: product.id, quantity: 1 })).statusCode).toBe(200);

    const early = await checkout(t.app, buyer.token, { slots: [{ storeId: shop.storeId, start: kolkata(8) }] });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'SLOT_UNAVAILABLE', field: 'slots' });

    const placed = await checkout(t.app, buyer.token, { slots: [{ storeId: shop.storeId, start: kolkata(10) }] });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId, storeOrderIds } = placed.json().data as { orderId: string; storeOrderIds: string[] };
    const order = await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}`, headers: { authorization: buyer.token } });
    expect(order.json().data.storeOrders[0]).toMatchObject({ slotStart: kolkata(10), slotEnd: kolkata(11), timeZone: 'Asia/Kolkata' });
    const seller = await t.app.inject({ method: 'GET', url: `/v1/seller/orders/${storeOrderIds[0]}`, headers: { authorization: shop.seller.token } });
    expect(seller.json().data).toMatchObject({ slotStart: kolkata(10), timeZone: 'Asia/Kolkata' });
  });
});
