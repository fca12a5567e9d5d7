import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TCart, TOrder } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createShop, createShopProduct, idempotencyKey, linesOf, SAMPLE_ADDRESS, stockOf, type Shop } from '../../test/buying.js';
import { cardDetails, ledger, topUp } from '../../test/money.js';
import { createBuyer, createTeamMember, type Actor } from '../../test/roles.js';

/**
 * The cart and the checkout in the buyer's currency (issue #11 §6): prices kept in euros, shown and
 * charged in the `currencycode` currency at the store team's rate; the order records the rate; the
 * card is charged and refunded in that currency; a wallet in euros pays at the order's rate.
 */

let t: TestApp;
let shop: Shop;
let team: Actor;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shop = await createShop(t.app);
  team = await createTeamMember(t.app, 'owner');
});

const setRate = async (code: string, rate: string) => {
  const response = await t.app.inject({ method: 'PUT', url: `/v1/admin/currencies/${code}`, headers: { authorization: team.token }, payload: { rate } });
  expect(response.statusCode, response.body).toBe(200);
};

beforeEach(async () => {
  await setRate('INR', '90.5');
});

const h = (token: string, currencycode?: string) => ({ authorization: token, language: 'en', ...(currencycode ? { currencycode } : {}) });
const getCart = async (token: string, currencycode?: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/v1/cart', headers: h(token, currencycode) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TCart;
};
const placeOrder = (token: string, body: Record<string, unknown>, currencycode?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/checkout',
    headers: h(token, currencycode),
    payload: { idempotencyKey: idempotencyKey(), paymentType: 'COD', address: SAMPLE_ADDRESS, ...body },
  });
const getOrder = async (token: string, orderId: string, currencycode?: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}`, headers: h(token, currencycode) })).json().data as TOrder;
const orderRow = (orderId: string) => t.app.db.kysely.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

/** Euro cents at 90.5 rupees a euro, in paise, rounded half away from zero (exact integers). */
const inr = (cents: number, rateTimes10 = 905n) => Number((BigInt(cents) * rateTimes10 * 2n + 10n) / 20n);

/** A buyer with two products (10.01 € × 3 and 7.99 € × 2) of the shop in his cart. */
async function buyerWithCart() {
  const buyer = await createBuyer(t.app);
  const a = await createShopProduct(t.app, shop, { price: 1001, stock: 10 });
  const b = await createShopProduct(t.app, shop, { price: 799, stock: 10 });
  for (const [product, quantity] of [
    [a, 3],
    [b, 2],
  ] as const) {
    const added = await t.app.inject({ method: 'POST', url: '/v1/cart', headers: h(buyer.token, 'INR'), payload: { productId: product.id, quantity } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.currency).toBe('INR');
  }
  return { buyer, a, b };
}

/** Every total is the sum of what the cart shows. */
function expectAddsUp(cart: TCart) {
  for (const seller of cart.sellers) {
    const lines = seller.products.flatMap((p) => p.variants);
    for (const line of lines) expect(line.lineTotal.amount).toBe(line.unitPrice.amount * line.quantity);
    const { totals } = seller;
    expect(totals.subtotalBeforeTax.amount).toBe(lines.reduce((s, l) => s + l.lineTotal.amount, 0));
    expect(totals.deliveryFees.amount).toBe(seller.deliveryFee.amount + seller.driverFee.amount);
    expect(totals.totalAfterTax.amount).toBe(totals.subtotalBeforeTax.amount + totals.deliveryFees.amount - totals.coupon.amount + totals.estimatedTax.amount);
  }
  for (const key of ['subtotalBeforeTax', 'deliveryFees', 'estimatedTax', 'totalAfterTax', 'coupon'] as const) {
    expect(cart.totals[key].amount).toBe(cart.sellers.reduce((s, seller) => s + seller.totals[key].amount, 0));
  }
}

describe('the cart in the buyer’s currency', () => {
  it('shows every price, fee and total in rupees: each unit price converted once, totals the sum of what is shown', async () => {
    const { buyer, a, b } = await buyerWithCart();
    const euros = await getCart(buyer.token);
    const rupees = await getCart(buyer.token, 'INR');
    expect(euros.currency).toBe('EUR');
    expect(euros.exchangeRate).toBeNull();
    expect(rupees.currency).toBe('INR');
    expect(rupees.exchangeRate).toMatchObject({ from: 'EUR', to: 'INR', rate: '90.5', rateSetAt: expect.any(Number) });
    const lineOf = (cart: TCart, productId: string) => linesOf(cart).find((line) => line.productId === productId)!;
    // 10.01 € is 905.905 ₹: shown as 905.91 ₹ a unit, and the line is 3 × that.
    expect(lineOf(rupees, a.id).unitPrice).toEqual({ amount: inr(1001), currency: 'INR' });
    expect(lineOf(rupees, a.id).unitPrice.amount).toBe(90591);
    expect(lineOf(rupees, a.id).lineTotal).toEqual({ amount: 90591 * 3, currency: 'INR' });
    expect(lineOf(rupees, b.id).unitPrice).toEqual({ amount: inr(799), currency: 'INR' });
    const [eurSeller, inrSeller] = [euros.sellers[0]!, rupees.sellers[0]!];
    expect(inrSeller.deliveryFee).toEqual({ amount: inr(eurSeller.deliveryFee.amount), currency: 'INR' });
    expect(inrSeller.driverFee).toEqual({ amount: inr(eurSeller.driverFee.amount), currency: 'INR' });
    for (const money of [rupees.totals.totalAfterTax, rupees.totals.subtotalBeforeTax, inrSeller.totals.estimatedTax]) expect(money.currency).toBe('INR');
    expectAddsUp(rupees);
    expectAddsUp(euros);
  });

  it('answers in euros for a currency the store does not offer, or a header that is not a currency, as the catalog does', async () => {
    const { buyer } = await buyerWithCart();
    const euros = await getCart(buyer.token);
    for (const header of ['XXX', 'JPY', 'not a currency', '']) {
      const cart = await getCart(buyer.token, header);
      expect(cart.currency).toBe('EUR');
      expect(cart.totals).toEqual(euros.totals);
    }
  });
});

describe('checkout in the buyer’s currency', () => {
  it('charges the cart’s rupee total and records the currency, the rate and when it was read', async () => {
    const { buyer } = await buyerWithCart();
    const cart = await getCart(buyer.token, 'INR');
    const before = Date.now();
    const placed = await placeOrder(buyer.token, {}, 'INR');
    expect(placed.statusCode, placed.body).toBe(200);
    const data = placed.json().data;
    expect(data.total).toEqual(cart.totals.totalAfterTax);
    expect(data.exchangeRate).toMatchObject({ from: 'EUR', to: 'INR', rate: '90.5' });
    const row = await orderRow(data.orderId);
    expect(row).toMatchObject({ currency: 'INR', base_currency: 'EUR', exchange_rate: '90.5', total: cart.totals.totalAfterTax.amount });
    expect(Number(row.rate_read_at)).toBeGreaterThanOrEqual(before);
    const order = await getOrder(buyer.token, data.orderId);
    expect(order.totals).toEqual(cart.totals);
    expect(order.exchangeRate).toMatchObject({ from: 'EUR', to: 'INR', rate: '90.5', readAt: Number(row.rate_read_at) });
    expect(order.storeOrders[0]!.items.map((item) => item.unitPrice.currency)).toEqual(['INR', 'INR']);
    // The order stays in the currency it was charged in, whatever the buyer now browses in.
    expect((await getOrder(buyer.token, data.orderId, 'EUR')).totals.totalAfterTax).toEqual(cart.totals.totalAfterTax);
  });

  it('charges at the rate of the moment of the order when the team changed it after the cart was shown, and says the new total', async () => {
    const { buyer } = await buyerWithCart();
    const shown = await getCart(buyer.token, 'INR');
    await setRate('INR', '100');
    const placed = await placeOrder(buyer.token, {}, 'INR');
    expect(placed.statusCode, placed.body).toBe(200);
    const data = placed.json().data;
    expect(data.total.amount).not.toBe(shown.totals.totalAfterTax.amount);
    expect(data.exchangeRate).toMatchObject({ rate: '100' });
    expect(await orderRow(data.orderId)).toMatchObject({ exchange_rate: '100', total: data.total.amount });
    // The total charged is the cart priced at the new rate: 10.01 € is 1001 ₹ a unit now.
    const order = await getOrder(buyer.token, data.orderId);
    expect(order.storeOrders[0]!.items.find((item) => item.quantity === 3)!.unitPrice).toEqual({ amount: 100100, currency: 'INR' });
    expect(order.totals.totalAfterTax).toEqual(data.total);
  });

  it('charges the card in rupees and refunds it in rupees when the buyer cancels', async () => {
    const { buyer, a } = await buyerWithCart();
    const cart = await getCart(buyer.token, 'INR');
    const { number, expMonth, expYear, cvc } = cardDetails();
    const placed = await placeOrder(buyer.token, { paymentType: 'Card', card: { number, expMonth, expYear, cvc } }, 'INR');
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId, storeOrderIds, payment } = placed.json().data;
    const paid = await t.app.db.kysely.selectFrom('payments').selectAll().where('id', '=', payment.paymentRef).executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ amount: cart.totals.totalAfterTax.amount, currency: 'INR', status: 'captured' });

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/orders/${orderId}/store-orders/${storeOrderIds[0]}/cancel`,
      headers: h(buyer.token, 'EUR'),
      payload: { reason: 'Ordered by mistake', comments: '' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(t.app, a.id)).toBe(10);
    const refunds = await t.app.db.kysely.selectFrom('payment_refunds').selectAll().where('payment_id', '=', payment.paymentRef).execute();
    expect(refunds.map((r) => ({ amount: Number(r.amount), currency: r.currency }))).toEqual([{ amount: cart.totals.totalAfterTax.amount, currency: 'INR' }]);
    await t.app.services.events.settle();
    const after = await t.app.db.kysely.selectFrom('payments').selectAll().where('id', '=', payment.paymentRef).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ currency: 'INR', refunded_amount: cart.totals.totalAfterTax.amount });
  });

  it('pays a rupee order from a wallet kept in euros at the order’s rate, and gives back exactly what it took', async () => {
    const { buyer } = await buyerWithCart();
    expect((await topUp(t.app, buyer.token, { amount: 20_000 })).statusCode).toBe(200);
    const placed = await placeOrder(buyer.token, { paymentType: 'Wallet' }, 'INR');
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId, storeOrderIds, total } = placed.json().data;
    expect(total.currency).toBe('INR');
    // The wallet (euros) paid the rupee total at 90.5: total / 90.5, rounded once.
    const paid = Number((BigInt(total.amount) * 10n * 2n + 905n) / (905n * 2n));
    const afterOrder = await ledger(t.app, buyer.userId);
    expect(afterOrder.balance).toBe(20_000 - paid);
    expect(afterOrder.sum).toBe(afterOrder.balance);
    expect(await orderRow(orderId)).toMatchObject({ wallet_amount: total.amount, exchange_rate: '90.5' });

    // A rate changed since does not change what comes back.
    await setRate('INR', '80');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/orders/${orderId}/store-orders/${storeOrderIds[0]}/cancel`,
      headers: h(buyer.token),
      payload: { reason: 'Changed my mind', comments: '' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const afterRefund = await ledger(t.app, buyer.userId);
    expect(afterRefund.balance).toBe(20_000);
    expect(afterRefund.sum).toBe(20_000);
    expect(await orderRow(orderId)).toMatchObject({ wallet_refunded: total.amount });
  });

  it('records no rate for an order in the store’s own currency', async () => {
    const { buyer } = await buyerWithCart();
    const placed = await placeOrder(buyer.token, {});
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.total.currency).toBe('EUR');
    expect(placed.json().data.exchangeRate).toBeNull();
    expect(await orderRow(placed.json().data.orderId)).toMatchObject({ currency: 'EUR', base_currency: null, exchange_rate: null, rate_read_at: null });
  });
});

describe('the store’s totals', () => {
  it('counts orders charged in rupees in euros, at the rate each was charged at', async () => {
    const { buyer } = await buyerWithCart();
    const euroCart = await getCart(buyer.token);
    const before = (await t.app.inject({ method: 'GET', url: '/v1/seller/orders/summary', headers: { authorization: shop.seller.token } })).json().data;
    const placed = await placeOrder(buyer.token, {}, 'INR');
    expect(placed.statusCode, placed.body).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/v1/seller/orders/summary', headers: { authorization: shop.seller.token } })).json().data;
    expect(after.currency).toBe('EUR');
    const placedTotal = (summary: { byStatus: Array<{ status: string; total: { amount: number } }> }) =>
      summary.byStatus.find((s) => s.status === 'placed')?.total.amount ?? 0;
    // Within a cent per converted amount of the euro cart (each price was rounded once to rupees and back).
    expect(Math.abs(placedTotal(after) - placedTotal(before) - euroCart.totals.totalAfterTax.amount)).toBeLessThanOrEqual(2);
  });
});
