import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, createShop, createShopProduct, idempotencyKey, SAMPLE_ADDRESS, stockOf } from '../../test/buying.js';
import { sessionFor } from '../../test/roles.js';
import { newId } from '../../lib/ids.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 1_000_000 });
});

const BUYERS = 200;
const UNITS = 50;

/** A buyer account made straight in the table (no password hashing: 200 of them), with a session. */
async function quickBuyer(): Promise<{ userId: string; token: string }> {
  const userId = newId();
  const now = Date.now();
  await t.app.db.kysely
    .insertInto('users')
    .values({ id: userId, type: 'buyer', email: `rush-${userId}@example.com`, first_name: 'Rush', last_name: 'Buyer', buyer_role: null, team_role: null, language: 'en', created_at: now, updated_at: now, country_code: null, phone: null, password_hash: null, phone_verified_at: null, profile_pic_upload_id: null, currency: null, last_login_at: null })
    .execute();
  return { userId, token: await sessionFor(t.app, { userId, userType: 'buyer' }) };
}

/** One buyer's client: sends the checkout twice at once (a double click) and retries while the server says to. */
async function rush(token: string): Promise<Array<{ status: number; code?: string; orderId?: string }>> {
  const key = idempotencyKey();
  const send = async () => {
    for (let attempt = 0; ; attempt++) {
      const response = await t.app.inject({ method: 'POST', url: '/v1/checkout', headers: { authorization: token }, payload: { idempotencyKey: key, paymentType: 'COD', address: SAMPLE_ADDRESS } });
      const body = response.json() as { code?: string; data?: { orderId: string } };
      const retry = response.statusCode >= 500 || body.code === 'CHECKOUT_IN_PROGRESS';
      if (!retry || attempt >= 20) return { status: response.statusCode, ...(body.code ? { code: body.code } : {}), ...(body.data ? { orderId: body.data.orderId } : {}) };
      await new Promise((resolve) => setTimeout(resolve, 10 * (attempt + 1)));
    }
  };
  return Promise.all([send(), send()]);
}

describe('checkout under contention', () => {
  it(`sells exactly ${UNITS} units to ${BUYERS} buyers checking out at once, with no order without payment and no payment without order`, async () => {
    const shop = await createShop(t.app);
    const product = await createShopProduct(t.app, shop, { price: 1500, stock: UNITS });
    const buyers = [];
    for (let i = 0; i < BUYERS; i++) buyers.push(await quickBuyer());
    for (const buyer of buyers) expect((await cartClient(t.app, buyer.token).add({ productId: product.id, quantity: 1 })).statusCode).toBe(200);

    const answers = await Promise.all(buyers.map((buyer) => rush(buyer.token)));

    const db = t.app.db.kysely;
    expect(await stockOf(t.app, product.id)).toBe(0);
    const sold = await db.selectFrom('order_lines').select((eb) => eb.fn.sum<number>('quantity').as('units')).where('product_id', '=', product.id).executeTakeFirstOrThrow();
    expect(Number(sold.units)).toBe(UNITS);
    const orders = await db.selectFrom('orders').innerJoin('order_lines', 'order_lines.order_id', 'orders.id').select(['orders.id', 'orders.buyer_id', 'orders.payment_status', 'orders.checkout_run_id']).where('order_lines.product_id', '=', product.id).execute();
    expect(orders).toHaveLength(UNITS);
    expect(new Set(orders.map((o) => o.buyer_id)).size).toBe(UNITS);
    // Every order has its payment record, and every completed run (the payment side) its order.
    expect(orders.every((o) => o.payment_status === 'not_required')).toBe(true);
    const runs = await db.selectFrom('checkout_runs').select(['id', 'state', 'order_id']).where('user_id', 'in', buyers.map((b) => b.userId)).execute();
    expect(runs.filter((r) => r.state === 'completed')).toHaveLength(UNITS);
    expect(runs.every((r) => r.state === 'completed' && r.order_id !== null)).toBe(true);
    expect(new Set(runs.map((r) => r.order_id))).toEqual(new Set(orders.map((o) => o.id)));

    // Each buyer's two requests got the same answer: both the same order, or both refused for stock.
    let won = 0;
    for (const [first, second] of answers) {
      if (first!.status === 200) {
        won++;
        expect(second).toEqual(first);
      } else {
        expect(first!.code === 'ITEM_OUT_OF_STOCK' || first!.code === 'NOT_ENOUGH_STOCK').toBe(true);
        expect(second!.status).toBe(first!.status);
      }
    }
    expect(won).toBe(UNITS);
    const negative = await db.selectFrom('products').select('id').where('stock', '<', 0).execute();
    expect(negative).toEqual([]);
    await t.app.services.events.settle();
  }, 120_000);
});
