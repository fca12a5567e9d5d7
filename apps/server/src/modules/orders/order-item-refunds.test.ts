import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, type TOrder, type TStoreOrder } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, checkout, fillTwoProductCart, createShop, createShopProduct, headers, stockOf, type Shop } from '../../test/buying.js';
import { cardDetails, ledger, topUp } from '../../test/money.js';
import { createBuyer } from '../../test/roles.js';
import { lineRefundAmount } from './order-line-refund.js';

/**
 * Issue #11 §4: after packing the buyer asks the seller to cancel an item. Accepted, that item's
 * money goes back where it came from (the card first, then the wallet's part) and the redeemed
 * points come back once nothing of the order stands; refused, nothing changes. Before packing the
 * buyer may send a paid store order's money to his wallet instead of the card.
 */

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shop = await createShop(t.app);
});

type Payment = 'Card' | 'Wallet';

/** A buyer's packed order of two products of one shop (2 × 10.00 and 1 × 20.00), paid as asked. */
async function packedOrder(payment: Payment, options: { points?: number; prepare?: (buyer: Awaited<ReturnType<typeof createBuyer>>) => Promise<void> } = {}) {
  const buyer = await createBuyer(t.app);
  await options.prepare?.(buyer);
  const { a, b, total } = await fillTwoProductCart(t.app, shop, buyer.token);
  if (payment === 'Wallet') expect((await topUp(t.app, buyer.token, { amount: total })).statusCode).toBe(200);
  const body =
    payment === 'Card'
      ? { paymentType: 'Card', card: cardDetails(TEST_CARDS.success) }
      : { paymentType: 'Wallet', ...(options.points ? { points: options.points } : {}) };
  const placed = await checkout(t.app, buyer.token, body);
  expect(placed.statusCode, placed.body).toBe(200);
  const { orderId, storeOrderIds } = placed.json().data as { orderId: string; storeOrderIds: string[] };
  const storeOrderId = storeOrderIds[0]!;
  for (const status of ['accepted', 'packed']) {
    const moved = await t.app.inject({
      method: 'POST',
      url: `/v1/seller/orders/${storeOrderId}/status`,
      headers: headers(shop.seller.token),
      payload: { status },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const order = (await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}`, headers: headers(buyer.token) })).json().data as TOrder;
  const lineOf = (productId: string) => order.storeOrders[0]!.items.find((line) => line.productId === productId)!;
  return { buyer, a, b, orderId, storeOrderId, order, total, lineOf, paymentRef: (await orderRow(orderId)).payment_ref };
}

const orderRow = (orderId: string) => t.app.db.kysely.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const storeOrderRow = (id: string) => t.app.db.kysely.selectFrom('store_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const ask = (token: string, orderId: string, lineId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/orders/${orderId}/lines/${lineId}/cancel-request`,
    headers: headers(token),
    payload: { reason: 'Ordered one too many' },
  });
const decide = (storeOrderId: string, lineId: string, decision: 'accept' | 'refuse', language?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/seller/orders/${storeOrderId}/lines/${lineId}/cancel-request`,
    headers: headers(shop.seller.token, language),
    payload: { decision },
  });

/** What the item should bring back, from the store order as it stands. */
async function expectedFor(storeOrderId: string, lineTotal: number): Promise<number> {
  const so = await storeOrderRow(storeOrderId);
  return lineRefundAmount({
    lineTotal,
    subtotal: Number(so.subtotal),
    discount: Number(so.discount),
    tax: Number(so.tax),
    total: Number(so.total),
    refunded: Number(so.refunded),
  });
}

describe('an item cancelled at the buyer’s request, after packing', () => {
  it('refused: nothing changes — no refund, no stock back, the item and the store order stand', async () => {
    const { buyer, a, orderId, storeOrderId, lineOf, paymentRef } = await packedOrder('Card');
    const line = lineOf(a.id);
    expect((await ask(buyer.token, orderId, line.productOrderId)).statusCode).toBe(200);
    const refused = await decide(storeOrderId, line.productOrderId, 'refuse');
    expect(refused.statusCode, refused.body).toBe(200);
    const so = refused.json().data as TStoreOrder;
    expect(so.status).toBe('packed');
    expect(so.items.find((l) => l.productOrderId === line.productOrderId)!.status).toBe('active');
    expect(Number((await storeOrderRow(storeOrderId)).refunded)).toBe(0);
    await t.app.services.events.settle();
    expect(await t.app.services.money.payments.refunds(paymentRef!)).toEqual([]);
    expect((await ledger(t.app, buyer.userId)).balance).toBe(0);
    expect(await stockOf(t.app, a.id)).toBe(8);
    // A second decision on a refused request finds nothing to decide.
    expect((await decide(storeOrderId, line.productOrderId, 'accept')).statusCode).toBe(404);
  });

  it('accepted on a card order: that item’s share goes back to the card, the rest of the store order goes on', async () => {
    const { buyer, a, orderId, storeOrderId, lineOf, paymentRef } = await packedOrder('Card');
    const line = lineOf(a.id);
    const expected = await expectedFor(storeOrderId, line.lineTotal.amount);
    expect(expected).toBeGreaterThanOrEqual(line.lineTotal.amount);
    expect((await ask(buyer.token, orderId, line.productOrderId)).statusCode).toBe(200);
    const accepted = await decide(storeOrderId, line.productOrderId, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const so = accepted.json().data as TStoreOrder;
    expect(so.status).toBe('packed');
    expect(so.items.find((l) => l.productOrderId === line.productOrderId)!.status).toBe('cancelled');
    expect(Number((await storeOrderRow(storeOrderId)).refunded)).toBe(expected);
    expect(await stockOf(t.app, a.id)).toBe(10);
    await t.app.services.events.settle();
    expect(await t.app.services.money.payments.refunds(paymentRef!)).toEqual([expect.objectContaining({ amount: expected, status: 'succeeded' })]);
    expect(await t.app.services.money.payments.get(paymentRef!)).toMatchObject({ status: 'partially_refunded', refundedAmount: expected });
    // Nothing went to the wallet.
    expect((await ledger(t.app, buyer.userId)).balance).toBe(0);
  });

  it('accepted on a wallet order with points: the wallet gets the item back; the last item cancelled brings the rest and the points', async () => {
    const points = 5;
    const { buyer, a, b, orderId, storeOrderId, lineOf, total } = await packedOrder('Wallet', {
      points,
      prepare: async (buyer) => {
        await t.app.db.kysely
          .transaction()
          .execute((trx) =>
            t.app.services.money.points.earn(trx, { userId: buyer.userId, orderId: `seed-${buyer.userId}`, total: { amount: 100_000, currency: 'MYR' } }),
          );
      },
    });
    const earned = await t.app.services.money.points.balance(buyer.userId);
    const order = await orderRow(orderId);
    expect(Number(order.points_redeemed)).toBe(points);
    const walletPaid = Number(order.wallet_amount);
    const afterCheckout = await ledger(t.app, buyer.userId);

    const first = lineOf(a.id);
    const expected = await expectedFor(storeOrderId, first.lineTotal.amount);
    expect((await ask(buyer.token, orderId, first.productOrderId)).statusCode).toBe(200);
    expect((await decide(storeOrderId, first.productOrderId, 'accept')).statusCode).toBe(200);
    const afterFirst = await ledger(t.app, buyer.userId);
    expect(afterFirst.balance).toBe(afterCheckout.balance + expected);
    expect(afterFirst.sum).toBe(afterFirst.balance);
    // The order still stands: its points stay spent.
    expect(await t.app.services.money.points.balance(buyer.userId)).toBe(earned);

    // The last item: the store order is cancelled and refunded whole; the wallet's part is back and the points too.
    const second = lineOf(b.id);
    expect((await ask(buyer.token, orderId, second.productOrderId)).statusCode).toBe(200);
    const last = await decide(storeOrderId, second.productOrderId, 'accept');
    expect(last.statusCode, last.body).toBe(200);
    expect((await storeOrderRow(storeOrderId)).status).toBe('refunded');
    const afterAll = await ledger(t.app, buyer.userId);
    expect(afterAll.balance).toBe(afterCheckout.balance + walletPaid);
    expect(afterAll.sum).toBe(afterAll.balance);
    expect(walletPaid).toBeLessThan(total);
    expect(await t.app.services.money.points.balance(buyer.userId)).toBe(earned + points);
    expect(await stockOf(t.app, a.id)).toBe(10);
    expect(await stockOf(t.app, b.id)).toBe(10);
  });
});

describe('the buyer cancels a paid store order before packing', () => {
  it('sends its money to his wallet when he asks: the card is not refunded; a wrong destination is refused and changes nothing', async () => {
    const buyer = await createBuyer(t.app);
    const cart = cartClient(t.app, buyer.token);
    const product = await createShopProduct(t.app, shop, { price: 1500, stock: 10 });
    expect((await cart.add({ productId: product.id, quantity: 2 })).statusCode).toBe(200);
    const placed = await checkout(t.app, buyer.token, { paymentType: 'Card', card: cardDetails(TEST_CARDS.success) });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId, storeOrderIds } = placed.json().data as { orderId: string; storeOrderIds: string[] };
    const url = `/v1/orders/${orderId}/store-orders/${storeOrderIds[0]}/cancel`;

    const wrong = await t.app.inject({ method: 'POST', url, headers: headers(buyer.token, 'es'), payload: { reason: 'No longer needed', refundTo: 'bank' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION' });
    expect((await storeOrderRow(storeOrderIds[0]!)).status).toBe('placed');

    const cancelled = await t.app.inject({ method: 'POST', url, headers: headers(buyer.token), payload: { reason: 'No longer needed', refundTo: 'wallet' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const so = await storeOrderRow(storeOrderIds[0]!);
    expect(so.status).toBe('refunded');
    await t.app.services.events.settle();
    const paymentRef = (await orderRow(orderId)).payment_ref!;
    expect(await t.app.services.money.payments.refunds(paymentRef)).toEqual([]);
    const wallet = await ledger(t.app, buyer.userId);
    expect(wallet.balance).toBe(Number(so.total));
    expect(wallet.sum).toBe(wallet.balance);
    expect(await stockOf(t.app, product.id)).toBe(10);
  });
});
