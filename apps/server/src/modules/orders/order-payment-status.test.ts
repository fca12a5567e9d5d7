import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, type TOrder } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkout, createDriverAccount, createShop, fillTwoProductCart, headers, type Shop } from '../../test/buying.js';
import { cardDetails, newKey, topUp } from '../../test/money.js';
import { createBuyer, createTeamMember, type Actor } from '../../test/roles.js';

/**
 * The order's payment state (`paymentStatus`, shown on the console's and the buyer's order pages)
 * follows the money: paid by card or wallet it says captured, and a refund — whole or of one item,
 * to the card or to the wallet, by the buyer's cancellation, the seller's acceptance or the team —
 * moves it to partially_refunded or refunded in the same transaction. Cash stays due on delivery.
 */

let t: TestApp;
let shop: Shop;
let owner: Actor;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shop = await createShop(t.app);
  owner = await createTeamMember(t.app, 'owner');
});

type Payment = 'COD' | 'Card' | 'Wallet' | 'SecondStepCard';

/** A buyer's order of two products of one shop (2 × 10.00 and 1 × 20.00), paid as asked. */
async function placed(payment: Payment) {
  const buyer = await createBuyer(t.app);
  const { a, total } = await fillTwoProductCart(t.app, shop, buyer.token);
  if (payment === 'Wallet') expect((await topUp(t.app, buyer.token, { amount: total })).statusCode).toBe(200);
  const body =
    payment === 'COD'
      ? { paymentType: 'COD' }
      : payment === 'Wallet'
        ? { paymentType: 'Wallet' }
        : { paymentType: 'Card', idempotencyKey: newKey(), card: cardDetails(payment === 'Card' ? TEST_CARDS.success : TEST_CARDS.requiresAction) };
  let answer = await checkout(t.app, buyer.token, body);
  expect(answer.statusCode, answer.body).toBe(200);
  if (payment === 'SecondStepCard') {
    const { paymentRef } = answer.json().data.payment as { paymentRef: string };
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/v1/payments/${paymentRef}/confirm`,
      headers: headers(buyer.token),
      payload: { result: 'complete' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    answer = await checkout(t.app, buyer.token, body);
  }
  const { orderId, storeOrderIds } = answer.json().data as { orderId: string; storeOrderIds: string[] };
  return { buyer, a, orderId, storeOrderId: storeOrderIds[0]! };
}

/** The order as the console's order page reads it. */
async function adminOrder(orderId: string): Promise<TOrder> {
  const response = await t.app.inject({ method: 'GET', url: `/v1/admin/orders/${orderId}`, headers: headers(owner.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TOrder;
}

async function buyerOrder(buyer: Actor, orderId: string): Promise<TOrder> {
  const response = await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}`, headers: headers(buyer.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TOrder;
}

const cancelByBuyer = (buyer: Actor, orderId: string, storeOrderId: string, refundTo?: 'wallet') =>
  t.app.inject({
    method: 'POST',
    url: `/v1/orders/${orderId}/store-orders/${storeOrderId}/cancel`,
    headers: headers(buyer.token),
    payload: { reason: 'No longer needed', ...(refundTo ? { refundTo } : {}) },
  });
const refundByTeam = (storeOrderId: string, to: 'original' | 'wallet' = 'original') =>
  t.app.inject({
    method: 'POST',
    url: `/v1/admin/store-orders/${storeOrderId}/refund`,
    headers: headers(owner.token),
    payload: { reason: 'Damaged in transit', to },
  });

const sellerMoves = (storeOrderId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/v1/seller/orders/${storeOrderId}/status`, headers: headers(shop.seller.token), payload });

async function pack(storeOrderId: string) {
  for (const status of ['accepted', 'packed']) {
    const moved = await sellerMoves(storeOrderId, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

async function deliver(storeOrderId: string) {
  await pack(storeOrderId);
  const driver = await createDriverAccount(t.app, shop.storeId);
  expect((await sellerMoves(storeOrderId, { status: 'out_for_delivery', driverId: driver.driverId })).statusCode).toBe(200);
  expect((await sellerMoves(storeOrderId, { status: 'delivered' })).statusCode).toBe(200);
}

describe('the order’s payment state follows its money', () => {
  it('a card order is captured at placement, and refunded when the buyer cancels it', async () => {
    const { buyer, orderId, storeOrderId } = await placed('Card');
    expect((await adminOrder(orderId)).paymentStatus).toBe('captured');
    expect((await buyerOrder(buyer, orderId)).paymentStatus).toBe('captured');
    const cancelled = await cancelByBuyer(buyer, orderId, storeOrderId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await adminOrder(orderId)).paymentStatus).toBe('refunded');
    expect((await buyerOrder(buyer, orderId)).paymentStatus).toBe('refunded');
  });

  it('a card captured at its second step (3-D Secure) shows captured; the buyer’s refund to his wallet makes it refunded', async () => {
    const { buyer, orderId, storeOrderId } = await placed('SecondStepCard');
    expect((await adminOrder(orderId)).paymentStatus).toBe('captured');
    expect((await cancelByBuyer(buyer, orderId, storeOrderId, 'wallet')).statusCode).toBe(200);
    expect((await adminOrder(orderId)).paymentStatus).toBe('refunded');
  });

  it('one item refunded to the card: partially refunded; the seller cancels the rest: refunded', async () => {
    const { buyer, a, orderId, storeOrderId } = await placed('Card');
    await pack(storeOrderId);
    const line = (await buyerOrder(buyer, orderId)).storeOrders[0]!.items.find((item) => item.productId === a.id)!;
    const asked = await t.app.inject({
      method: 'POST',
      url: `/v1/orders/${orderId}/lines/${line.productOrderId}/cancel-request`,
      headers: headers(buyer.token),
      payload: { reason: 'Ordered one too many' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/v1/seller/orders/${storeOrderId}/lines/${line.productOrderId}/cancel-request`,
      headers: headers(shop.seller.token),
      payload: { decision: 'accept' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await adminOrder(orderId)).paymentStatus).toBe('partially_refunded');

    // The seller cancels the rest of the packed store order: its money goes back too.
    const cancelled = await sellerMoves(storeOrderId, { status: 'cancelled', reason: 'Out of packaging' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await adminOrder(orderId)).paymentStatus).toBe('refunded');
  });

  it('a wallet order is paid at placement and refunded by the team once delivered', async () => {
    const { orderId, storeOrderId } = await placed('Wallet');
    expect((await adminOrder(orderId)).paymentStatus).toBe('captured');
    await deliver(storeOrderId);
    expect((await adminOrder(orderId)).paymentStatus).toBe('captured');
    const refunded = await refundByTeam(storeOrderId);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await adminOrder(orderId)).paymentStatus).toBe('refunded');
  });

  it('cash stays due on delivery when cancelled before anything was paid; the team’s refund to the wallet after delivery makes it refunded', async () => {
    const first = await placed('COD');
    expect((await adminOrder(first.orderId)).paymentStatus).toBe('not_required');
    expect((await cancelByBuyer(first.buyer, first.orderId, first.storeOrderId)).statusCode).toBe(200);
    expect((await adminOrder(first.orderId)).paymentStatus).toBe('not_required');

    const second = await placed('COD');
    await deliver(second.storeOrderId);
    expect((await refundByTeam(second.storeOrderId, 'wallet')).statusCode).toBe(200);
    expect((await adminOrder(second.orderId)).paymentStatus).toBe('refunded');
  });

  it('a refund refused (nothing left to refund) changes nothing', async () => {
    const { buyer, orderId, storeOrderId } = await placed('Card');
    expect((await cancelByBuyer(buyer, orderId, storeOrderId)).statusCode).toBe(200);
    const again = await refundByTeam(storeOrderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOTHING_TO_REFUND' });
    expect((await adminOrder(orderId)).paymentStatus).toBe('refunded');
  });
});
