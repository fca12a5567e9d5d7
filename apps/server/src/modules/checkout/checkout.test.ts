import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, cartOf, checkout, createShop, createShopProduct, idempotencyKey, linesOf, SAMPLE_ADDRESS, stockOf, type Shop } from '../../test/buying.js';
import { createBuyer } from '../../test/roles.js';

let t: TestApp;
let shopA: Shop;
let shopB: Shop;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shopA = await createShop(t.app);
  shopB = await createShop(t.app, { slotCapacity: 1 });
});

const HOUR = 3_600_000;
/** A slot start a day ahead, on the hour (the test stores are open all week, in UTC). */
const slotTomorrow = (hours = 0) => Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR + hours * HOUR;

async function filledCart(quantities: { a?: number; b?: number } = { a: 2, b: 1 }) {
  const buyer = await createBuyer(t.app);
  const cart = cartClient(t.app, buyer.token);
  const a = await createShopProduct(t.app, shopA, { price: 1000, stock: 10 });
  const b = await createShopProduct(t.app, shopB, { price: 2500, stock: 10 });
  if (quantities.a) await cart.add({ productId: a.id, quantity: quantities.a });
  if (quantities.b) await cart.add({ productId: b.id, quantity: quantities.b });
  return { buyer, cart, a, b };
}

describe('checkout: placing an order (COD)', () => {
  it('splits the order per seller, takes the stock, empties the cart and answers a retry with the same order', async () => {
    const { buyer, cart, a, b } = await filledCart();
    const before = cartOf(await cart.get());
    const key = idempotencyKey();
    const body = { idempotencyKey: key, deliveryNote: 'Ring twice', slots: [{ storeId: shopB.storeId, start: slotTomorrow() }] };
    const placed = await checkout(t.app, buyer.token, body);
    expect(placed.statusCode).toBe(200);
    const data = placed.json().data;
    expect(data.orderId).toEqual(expect.any(String));
    expect(data.storeOrderIds).toHaveLength(2);
    expect(data.total).toEqual(before.totals.totalAfterTax);
    expect(data.payment).toEqual({ status: 'not_required', paymentRef: null });

    expect(await stockOf(t.app, a.id)).toBe(8);
    expect(await stockOf(t.app, b.id)).toBe(9);
    expect(cartOf(await cart.get()).itemCount).toBe(0);

    const retry = await checkout(t.app, buyer.token, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toEqual(data);
    expect(await stockOf(t.app, a.id)).toBe(8);
    const orders = await t.app.db.kysely.selectFrom('orders').select('id').where('buyer_id', '=', buyer.userId).execute();
    expect(orders).toHaveLength(1);

    const other = await checkout(t.app, buyer.token, { ...body, deliveryNote: 'Something else' });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');

    const rows = await t.app.db.kysely.selectFrom('store_orders').selectAll().where('order_id', '=', data.orderId).execute();
    expect(rows.map((r) => r.status)).toEqual(['placed', 'placed']);
    const bStoreOrder = rows.find((r) => r.store_id === shopB.storeId)!;
    expect(bStoreOrder.slot_start).toBe(body.slots[0]!.start);
    expect(bStoreOrder.total).toBe(before.sellers.find((s) => s.storeId === shopB.storeId)!.totals.totalAfterTax.amount);
    const order = await t.app.db.kysely.selectFrom('orders').selectAll().where('id', '=', data.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ delivery_note: 'Ring twice', payment_type: 'COD', payment_status: 'not_required', total: before.totals.totalAfterTax.amount });
    expect(JSON.parse(order.address!)).toMatchObject({ city: SAMPLE_ADDRESS.city, addressLine1: SAMPLE_ADDRESS.addressLine1 });

    await t.app.services.events.settle();
    const mail = await t.app.services.notifications.latestFor({ recipient: buyer.email, template: 'order-placed' });
    expect(mail?.subject).toContain('has been placed');
  });

  it('a key sent twice at once, and again once the cart holds something new, places one order: the others roll back whole and answer it', async () => {
    const { buyer, cart, a } = await filledCart({ a: 2 });
    const body = { idempotencyKey: idempotencyKey() };
    const [first, second] = await Promise.all([checkout(t.app, buyer.token, body), checkout(t.app, buyer.token, body)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().data).toEqual(first.json().data);
    expect(await stockOf(t.app, a.id)).toBe(8);

    // The retry now finds a cart it could order (a new line): its key's run answers, nothing of it is kept.
    const c = await createShopProduct(t.app, shopA, { price: 700, stock: 5 });
    expect((await cart.add({ productId: c.id, quantity: 1 })).statusCode).toBe(200);
    const retry = await checkout(t.app, buyer.token, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toEqual(first.json().data);
    expect(await stockOf(t.app, c.id)).toBe(5);
    expect(linesOf(cartOf(await cart.get())).map((line) => line.productId)).toEqual([c.id]);
    const orders = await t.app.db.kysely.selectFrom('orders').select('id').where('buyer_id', '=', buyer.userId).execute();
    expect(orders).toHaveLength(1);
    await t.app.services.events.settle();
    const mails = await t.app.services.notifications.mailbox({ recipient: buyer.email, template: 'order-placed' });
    expect(mails).toHaveLength(1);
  });

  it('uses an address of the address book', async () => {
    const { buyer } = await filledCart({ a: 1 });
    const saved = await t.app.inject({ method: 'POST', url: '/v1/customer/addresses', headers: { authorization: buyer.token }, payload: { ...SAMPLE_ADDRESS, city: 'Shah Alam' } });
    expect(saved.statusCode).toBe(200);
    const addressId = saved.json().data.id as string;
    const placed = await checkout(t.app, buyer.token, { address: undefined, addressId });
    expect(placed.statusCode).toBe(200);
    const order = await t.app.db.kysely.selectFrom('orders').select('address').where('id', '=', placed.json().data.orderId).executeTakeFirstOrThrow();
    expect(JSON.parse(order.address!).city).toBe('Shah Alam');
    const unknown = await checkout(t.app, buyer.token, { address: undefined, addressId: 'nope' });
    expect(unknown.json().field).toBe('addressId');
  });
});

describe('checkout: refusals change nothing', () => {
  it('refuses an empty cart with the seed text', async () => {
    const buyer = await createBuyer(t.app);
    const response = await checkout(t.app, buyer.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'CART_EMPTY', message: 'cart is empty' });
  });

  it('refuses a pending retailer with the seed text', async () => {
    const { buyer, a } = await filledCart({ a: 1 });
    await t.app.db.kysely
      .insertInto('companies')
      .values({
        id: `c-${buyer.userId}`,
        user_id: buyer.userId,
        role: 'retailer',
        name: 'Pending Co',
        registration_number: `R-${buyer.userId.slice(-8)}`,
        registration_expiry: '2030-01-01',
        logo_upload_id: 'x',
        document_upload_id: 'y',
        head_office_number: '+60 3 1234 5678',
        office_number: null,
        headquarters_address: 'Somewhere 1',
        website: null,
        countries: '["MY"]',
        cities: '["Kuala Lumpur"]',
        contact_name: 'Pat',
        contact_mobile: '+60 12 345 6789',
        contact_email: 'pat@example.com',
        status: 'pending',
        rejection_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    const response = await checkout(t.app, buyer.token, {}, 'es');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PROFILE_NOT_APPROVED', message: 'perfil no aprobado (contacta con atención al cliente)' });
    expect(await stockOf(t.app, a.id)).toBe(10);
  });

  it('needs an address for delivery', async () => {
    const { buyer, a } = await filledCart({ a: 1 });
    const response = await checkout(t.app, buyer.token, { address: undefined });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ADDRESS_REQUIRED', field: 'addressId' });
    expect(await stockOf(t.app, a.id)).toBe(10);
  });

  it('refuses a slot outside the hours, too soon, or full, with the seed text', async () => {
    const { buyer, cart, b } = await filledCart({ b: 1 });
    const tooSoon = await checkout(t.app, buyer.token, { slots: [{ storeId: shopB.storeId, start: Math.ceil(Date.now() / HOUR) * HOUR }] });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toEqual({ code: 'SLOT_UNAVAILABLE', message: 'cannot serve at the selected timings, change the delivery time', field: 'slots' });
    const offGrid = await checkout(t.app, buyer.token, { slots: [{ storeId: shopB.storeId, start: slotTomorrow() + 60_000 * 17 }] });
    expect(offGrid.json().code).toBe('SLOT_UNAVAILABLE');
    const foreign = await checkout(t.app, buyer.token, { slots: [{ storeId: shopA.storeId, start: slotTomorrow() }] });
    expect(foreign.json().code).toBe('SLOT_UNAVAILABLE');

    // Store B takes one delivery per slot: a second buyer cannot have the same slot.
    const start = slotTomorrow(5);
    expect((await checkout(t.app, buyer.token, { slots: [{ storeId: shopB.storeId, start }] })).statusCode).toBe(200);
    const second = await filledCart({ b: 1 });
    const full = await checkout(t.app, second.buyer.token, { slots: [{ storeId: shopB.storeId, start }] }, 'ar');
    expect(full.json()).toMatchObject({ code: 'SLOT_UNAVAILABLE', message: 'لا يمكننا التوصيل في الوقت المحدد، غيّر وقت التوصيل' });
    expect(await stockOf(t.app, second.b.id)).toBe(10);
    expect(cartOf(await second.cart.get()).itemCount).toBe(1);
    const slots = await t.app.inject({ method: 'GET', url: `/v1/delivery/slots?storeId=${shopB.storeId}&days=2`, headers: { authorization: buyer.token } });
    expect(slots.json().data.slots.map((s: { start: number }) => s.start)).not.toContain(start);
    expect(cart).toBeDefined();
    expect(b).toBeDefined();
  });

  it('refuses a line that ran out of stock after it was added, and takes nothing of the others', async () => {
    const { buyer, a, b } = await filledCart({ a: 2, b: 1 });
    await t.app.db.kysely.updateTable('products').set({ stock: 0 }).where('id', '=', b.id).execute();
    const response = await checkout(t.app, buyer.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ITEM_OUT_OF_STOCK', message: 'item currently out of stock' });
    expect(await stockOf(t.app, a.id)).toBe(10);
    expect(await t.app.db.kysely.selectFrom('orders').select('id').where('buyer_id', '=', buyer.userId).execute()).toHaveLength(0);
  });

  it('refuses a payment type it cannot take yet, and bad input naming the field', async () => {
    const { buyer, a } = await filledCart({ a: 1 });
    const noKey = await t.app.inject({ method: 'POST', url: '/v1/checkout', headers: { authorization: buyer.token }, payload: { paymentType: 'COD' } });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().field).toBe('idempotencyKey');
    const badType = await checkout(t.app, buyer.token, { paymentType: 'Cheque' });
    expect(badType.json().field).toBe('paymentType');
    const codWithWallet = await checkout(t.app, buyer.token, { walletAmount: 100 });
    expect(codWithWallet.json().code).toBe('PAYMENT_TYPE_UNAVAILABLE');
    expect(await stockOf(t.app, a.id)).toBe(10);
    expect(linesOf(cartOf(await cartClient(t.app, buyer.token).get()))).toHaveLength(1);
  });

  it('is for buyers only (a guest signs up first)', async () => {
    const guest = await t.app.inject({ method: 'POST', url: '/v1/guest/signIn', payload: { deviceId: 'x', ipAddress: '203.0.113.7', appVersion: '1', deviceMake: 'Chrome', deviceModel: '1', deviceOsVersion: 'Linux', deviceType: 3, deviceTime: '2026-11-22 10:15:00 AM' } });
    const token = guest.json().data.token.accessToken as string;
    expect((await checkout(t.app, token)).statusCode).toBe(403);
  });
});
