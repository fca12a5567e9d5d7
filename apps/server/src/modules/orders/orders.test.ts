import { beforeAll, describe, expect, it } from 'vitest';
import type { TOrder, TStoreOrder } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, cartOf, checkout, createShop, createShopProduct, headers, linesOf, stockOf, type Shop } from '../../test/buying.js';
import { createBuyer, createTeamMember } from '../../test/roles.js';

let t: TestApp;
let shopA: Shop;
let shopB: Shop;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shopA = await createShop(t.app);
  shopB = await createShop(t.app);
});

/** A buyer with a placed COD order of one product from each shop (2 units of A's, 1 of B's). */
async function placed(mode: 'DELIVERY' | 'SELF_PICKUP' = 'DELIVERY') {
  const buyer = await createBuyer(t.app);
  const cart = cartClient(t.app, buyer.token);
  const a = await createShopProduct(t.app, shopA, { price: 1000, stock: 10 });
  await cart.add({ productId: a.id, quantity: 2, deliveryMode: mode });
  let b: Awaited<ReturnType<typeof createShopProduct>> | undefined;
  if (mode === 'DELIVERY') {
    b = await createShopProduct(t.app, shopB, { price: 2000, stock: 10 });
    await cart.add({ productId: b.id, quantity: 1 });
  }
  const response = await checkout(t.app, buyer.token, mode === 'SELF_PICKUP' ? { address: undefined } : {});
  expect(response.statusCode).toBe(200);
  const { orderId } = response.json().data as { orderId: string };
  const order = await get(buyer.token, orderId);
  const storeOrderOf = (shop: Shop) => order.storeOrders.find((so) => so.storeId === shop.storeId)!;
  return { buyer, a, b, orderId, order, storeOrderOf };
}

const get = async (token: string, orderId: string, language?: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}`, headers: headers(token, language) });
  expect(response.statusCode).toBe(200);
  return response.json().data as TOrder;
};

const sellerSets = (shop: Shop, storeOrderId: string, body: Record<string, unknown>, language?: string) =>
  t.app.inject({ method: 'POST', url: `/v1/seller/orders/${storeOrderId}/status`, headers: headers(shop.seller.token, language), payload: body });

describe('orders: the buyer sees his orders with the seed labels', () => {
  it('lists active orders and shows the details; another buyer gets the seed message', async () => {
    const { buyer, orderId, order } = await placed();
    expect(order).toMatchObject({ orderId, paymentType: 'COD', deliveryMode: 'DELIVERY', orderType: 'SHOPPING', offerApplied: null });
    expect(order.storeOrders).toHaveLength(2);
    for (const so of order.storeOrders) {
      expect(so.status).toBe('placed');
      expect(so.canCancel).toBe(true);
      expect(so.items[0]!.productOrderId).toEqual(expect.any(String));
      expect(so.history).toEqual([expect.objectContaining({ from: null, to: 'placed', actor: 'buyer' })]);
    }
    expect(order.totals.totalAfterTax.amount).toBe(order.storeOrders.reduce((sum, so) => sum + so.storeTotal.amount, 0));

    const active = await t.app.inject({ method: 'GET', url: '/v1/orders?state=active', headers: headers(buyer.token) });
    expect(active.json().data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([orderId]);
    expect(active.json().data.orders[0].itemCount).toBe(3);
    const past = await t.app.inject({ method: 'GET', url: '/v1/orders?state=past', headers: headers(buyer.token) });
    expect(past.json().data.orders).toEqual([]);

    const stranger = await createBuyer(t.app);
    const refused = await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}`, headers: headers(stranger.token) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'ORDER_DETAILS_FAILED', message: 'could not fetch the order details, please try again later' });
  });
});

describe('orders: the seller moves a store order along its states', () => {
  it('accepts, packs, makes ready and hands over a pickup order; every change is in the history with who and when', async () => {
    const { buyer, orderId, storeOrderOf } = await placed('SELF_PICKUP');
    const id = storeOrderOf(shopA).storeOrderId;
    for (const status of ['accepted', 'packed', 'ready_for_pickup', 'picked_up']) {
      const response = await sellerSets(shopA, id, { status });
      expect(response.statusCode).toBe(200);
      expect((response.json().data as TStoreOrder).status).toBe(status);
    }
    const order = await get(buyer.token, orderId);
    const history = order.storeOrders[0]!.history;
    expect(history.map((h) => [h.from, h.to, h.actor])).toEqual([
      [null, 'placed', 'buyer'],
      ['placed', 'accepted', 'seller'],
      ['accepted', 'packed', 'seller'],
      ['packed', 'ready_for_pickup', 'seller'],
      ['ready_for_pickup', 'picked_up', 'seller'],
    ]);
    expect(history.every((h) => typeof h.at === 'number' && h.at > 0)).toBe(true);
    const past = await t.app.inject({ method: 'GET', url: '/v1/orders?state=past', headers: headers(buyer.token) });
    expect(past.json().data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([orderId]);

    const summary = await t.app.inject({ method: 'GET', url: '/v1/seller/orders/summary', headers: headers(shopA.seller.token) });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().data.byStatus).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'picked_up', count: 1 })]));
    expect(summary.json().data.payout.earned.amount).toBeGreaterThan(0);
  });

  it('refuses a change the table does not allow, with the translated reason, and changes nothing', async () => {
    const { buyer, orderId, storeOrderOf } = await placed();
    const id = storeOrderOf(shopA).storeOrderId;
    const skip = await sellerSets(shopA, id, { status: 'delivered' }, 'es');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({ code: 'TRANSITION_NOT_ALLOWED', message: 'El pedido no puede pasar a ese estado desde el actual.', field: 'status' });
    const pickup = await sellerSets(shopA, id, { status: 'accepted' });
    expect(pickup.statusCode).toBe(200);
    await sellerSets(shopA, id, { status: 'packed' });
    expect((await sellerSets(shopA, id, { status: 'ready_for_pickup' })).json().code).toBe('TRANSITION_NOT_ALLOWED');
    const noDriver = await sellerSets(shopA, id, { status: 'out_for_delivery' });
    expect(noDriver.statusCode).toBe(400);
    expect(noDriver.json()).toMatchObject({ code: 'DRIVER_REQUIRED', field: 'driverId' });
    const noReason = await sellerSets(shopA, id, { status: 'cancelled' });
    expect(noReason.json()).toMatchObject({ code: 'VALIDATION', field: 'reason' });
    const badStatus = await sellerSets(shopA, id, { status: 'teleported' });
    expect(badStatus.json().field).toBe('status');
    // Another store's seller cannot touch it.
    const foreign = await sellerSets(shopB, id, { status: 'accepted' });
    expect(foreign.statusCode).toBe(404);
    const order = await get(buyer.token, orderId);
    expect(storeOrderOfOrder(order, shopA).status).toBe('packed');
    expect(storeOrderOfOrder(order, shopA).history).toHaveLength(3);
  });
});

const storeOrderOfOrder = (order: TOrder, shop: Shop) => order.storeOrders.find((so) => so.storeId === shop.storeId)!;

describe('orders: cancelling', () => {
  it('lets the buyer cancel before packing: the stock comes back, the other store order goes on', async () => {
    const { buyer, orderId, a, b, storeOrderOf } = await placed();
    expect(await stockOf(t.app, a.id)).toBe(8);
    await sellerSets(shopA, storeOrderOf(shopA).storeOrderId, { status: 'accepted' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/orders/${orderId}/store-orders/${storeOrderOf(shopA).storeOrderId}/cancel`,
      headers: headers(buyer.token),
      payload: { reason: 'Ordered by mistake', comments: 'Sorry' },
    });
    expect(cancel.statusCode).toBe(200);
    const order = cancel.json().data as TOrder;
    expect(storeOrderOfOrder(order, shopA)).toMatchObject({ status: 'cancelled', cancellationReason: 'Ordered by mistake', cancellationComments: 'Sorry', canCancel: false });
    expect(storeOrderOfOrder(order, shopA).items.every((item) => item.status === 'cancelled')).toBe(true);
    expect(storeOrderOfOrder(order, shopB).status).toBe('placed');
    expect(await stockOf(t.app, a.id)).toBe(10);
    expect(await stockOf(t.app, b!.id)).toBe(9);
    await t.app.services.events.settle();
    expect((await t.app.services.notifications.latestFor({ recipient: buyer.email, template: 'order-cancelled' }))?.body).toContain('Ordered by mistake');
  });

  it('after packing, refuses the buyer’s cancel and lets him ask the seller, who accepts or refuses per item', async () => {
    const { buyer, orderId, a, storeOrderOf } = await placed();
    const id = storeOrderOf(shopA).storeOrderId;
    await sellerSets(shopA, id, { status: 'accepted' });
    await sellerSets(shopA, id, { status: 'packed' });
    const late = await t.app.inject({ method: 'POST', url: `/v1/orders/${orderId}/store-orders/${id}/cancel`, headers: headers(buyer.token, 'ar'), payload: { reason: 'Too late?' } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'CANCEL_AFTER_PACKING', message: 'تم تغليف الطلب: اطلب من البائع إلغاء المنتج بدلًا من ذلك.' });

    const lineId = storeOrderOf(shopA).items[0]!.productOrderId;
    const ask = () => t.app.inject({ method: 'POST', url: `/v1/orders/${orderId}/lines/${lineId}/cancel-request`, headers: headers(buyer.token), payload: { reason: 'Changed my mind' } });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).json().code).toBe('CANCEL_REQUEST_OPEN');
    const waiting = await t.app.inject({ method: 'GET', url: '/v1/seller/orders?cancelRequests=true', headers: headers(shopA.seller.token) });
    expect(waiting.json().data.storeOrders.map((so: TStoreOrder) => so.storeOrderId)).toContain(id);

    const decide = (decision: string) => t.app.inject({ method: 'POST', url: `/v1/seller/orders/${id}/lines/${lineId}/cancel-request`, headers: headers(shopA.seller.token), payload: { decision } });
    const refused = await decide('refuse');
    expect(refused.statusCode).toBe(200);
    expect((refused.json().data as TStoreOrder).items[0]!.status).toBe('active');
    expect(await stockOf(t.app, a.id)).toBe(8);
    expect((await ask()).statusCode).toBe(200);
    const accepted = await decide('accept');
    const storeOrder = accepted.json().data as TStoreOrder;
    // Its only item cancelled: the store order is cancelled, and the stock is back.
    expect(storeOrder.status).toBe('cancelled');
    expect(storeOrder.items[0]!.status).toBe('cancelled');
    expect(storeOrder.history.map((h) => h.to)).toEqual(['placed', 'accepted', 'packed', 'cancel_requested', 'item_cancel_refused', 'cancel_requested', 'item_cancelled', 'cancelled']);
    expect(await stockOf(t.app, a.id)).toBe(10);
  });

  it('tells notify-me subscribers when a cancellation brings stock back', async () => {
    const buyer = await createBuyer(t.app);
    const last = await createShopProduct(t.app, shopA, { stock: 1 });
    await cartClient(t.app, buyer.token).add({ productId: last.id, quantity: 1 });
    const response = await checkout(t.app, buyer.token);
    const { orderId, storeOrderIds } = response.json().data as { orderId: string; storeOrderIds: string[] };
    expect(await stockOf(t.app, last.id)).toBe(0);
    const watcher = await createBuyer(t.app);
    const signUp = await t.app.inject({ method: 'POST', url: `/v1/products/${last.id}/notify-me`, headers: headers(watcher.token), payload: {} });
    expect(signUp.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/v1/orders/${orderId}/store-orders/${storeOrderIds[0]}/cancel`, headers: headers(buyer.token), payload: { reason: 'No longer needed' } });
    expect(await stockOf(t.app, last.id)).toBe(1);
    expect(await t.app.services.notifications.latestFor({ recipient: watcher.email, template: 'back-in-stock' })).toBeTruthy();
  });
});

describe('orders: reorder and the team', () => {
  it('adds what is still available back to the cart and says what was not', async () => {
    const { buyer, orderId, a, b } = await placed();
    await t.app.db.kysely.updateTable('products').set({ stock: 0 }).where('id', '=', b!.id).execute();
    const response = await t.app.inject({ method: 'POST', url: `/v1/orders/${orderId}/reorder`, headers: headers(buyer.token) });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.added).toEqual([{ productId: a.id, variantId: null, quantity: 2 }]);
    expect(data.unavailable).toEqual([expect.objectContaining({ productId: b!.id, reason: 'ITEM_OUT_OF_STOCK' })]);
    expect(linesOf(cartOf(await cartClient(t.app, buyer.token).get())).map((l) => l.productId)).toEqual([a.id]);
  });

  it('lets the team read any order and refund a delivered store order; a second refund is refused', async () => {
    const { orderId, storeOrderOf } = await placed('SELF_PICKUP');
    const id = storeOrderOf(shopA).storeOrderId;
    for (const status of ['accepted', 'packed', 'ready_for_pickup', 'picked_up']) await sellerSets(shopA, id, { status });
    const support = await createTeamMember(t.app, 'support');
    expect((await t.app.inject({ method: 'GET', url: `/v1/admin/orders/${orderId}`, headers: headers(support.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/v1/admin/store-orders/${id}/refund`, headers: headers(support.token), payload: { reason: 'Damaged' } })).statusCode).toBe(403);
    const owner = await createTeamMember(t.app, 'owner');
    const refund = await t.app.inject({ method: 'POST', url: `/v1/admin/store-orders/${id}/refund`, headers: headers(owner.token), payload: { reason: 'Damaged in transit' } });
    expect(refund.statusCode).toBe(200);
    expect((refund.json().data as TStoreOrder).status).toBe('refunded');
    const again = await t.app.inject({ method: 'POST', url: `/v1/admin/store-orders/${id}/refund`, headers: headers(owner.token), payload: { reason: 'Again' } });
    expect(again.statusCode).toBe(409);
  });
});
