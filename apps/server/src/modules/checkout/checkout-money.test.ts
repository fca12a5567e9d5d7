import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, cartOf, checkout, createShop, createShopProduct, idempotencyKey, stockOf, type Shop } from '../../test/buying.js';
import { cardDetails, ledger, topUp } from '../../test/money.js';
import { createBuyer, createTeamMember, type Actor } from '../../test/roles.js';

/** Checkout paid through the money modules (issue #11 §2–§3): cards, 3-D Secure, wallet, points, promo codes. */

let t: TestApp;
let shop: Shop;
let team: Actor;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shop = await createShop(t.app);
  team = await createTeamMember(t.app, 'owner');
});

const card = (number: string = TEST_CARDS.success, extra: Record<string, unknown> = {}) => {
  const { number: n, expMonth, expYear, cvc } = cardDetails(number);
  return { number: n, expMonth, expYear, cvc, ...extra };
};

/** A buyer with `quantity` of a fresh 10.00 product (stock 10) in his cart, and the cart's total. */
async function buyerWithCart(quantity = 2, price = 1000) {
  const buyer = await createBuyer(t.app);
  const product = await createShopProduct(t.app, shop, { price, stock: 10 });
  const cart = cartClient(t.app, buyer.token);
  expect((await cart.add({ productId: product.id, quantity })).statusCode).toBe(200);
  const total = cartOf(await cart.get()).totals.totalAfterTax.amount;
  return { buyer, product, cart, total };
}

const ordersOf = (buyerId: string) => t.app.db.kysely.selectFrom('orders').selectAll().where('buyer_id', '=', buyerId).execute();
const paymentsOf = (buyerId: string) => t.app.db.kysely.selectFrom('payments').selectAll().where('user_id', '=', buyerId).execute();
const confirm = (token: string, paymentRef: string, result: 'complete' | 'fail') =>
  t.app.inject({ method: 'POST', url: `/v1/payments/${paymentRef}/confirm`, headers: { authorization: token }, payload: { result } });

async function createPromo(input: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/admin/promotions',
    headers: { authorization: team.token },
    payload: {
      code: `T${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
      title: { en: 'Test code' },
      discountType: 'percentage',
      value: 10,
      currency: 'MYR',
      ...input,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string; code: string };
}

describe('checkout paid by card', () => {
  it('captures the card once and places the order; a retry answers the same order', async () => {
    const { buyer, product, total } = await buyerWithCart();
    const key = idempotencyKey();
    const body = { idempotencyKey: key, paymentType: 'Card', card: card() };
    const placed = await checkout(t.app, buyer.token, body);
    expect(placed.statusCode, placed.body).toBe(200);
    const data = placed.json().data;
    expect(data.orderId).toEqual(expect.any(String));
    expect(data.payment).toEqual({ status: 'captured', paymentRef: expect.any(String) });
    expect(await stockOf(t.app, product.id)).toBe(8);
    const [payment] = await paymentsOf(buyer.userId);
    expect(payment).toMatchObject({ id: data.payment.paymentRef, status: 'captured', amount: total, order_ref: data.orderId, card_last4: '4242' });
    const [order] = await ordersOf(buyer.userId);
    expect(order).toMatchObject({ id: data.orderId, payment_type: 'Card', payment_status: 'captured', payment_ref: payment!.id });

    const retry = await checkout(t.app, buyer.token, body);
    expect(retry.json().data).toEqual(data);
    expect(await paymentsOf(buyer.userId)).toHaveLength(1);
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
    expect(await stockOf(t.app, product.id)).toBe(8);
  });

  it('a declined card leaves no order, no stock taken, the cart as it was; answered in the buyer’s language', async () => {
    const { buyer, product, cart } = await buyerWithCart();
    const declined = await checkout(t.app, buyer.token, { paymentType: 'Card', card: card(TEST_CARDS.declined) }, 'es');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'PAYMENT_DECLINED', field: 'card' });
    expect(declined.json().message).not.toBe('The payment was declined. Try another card or payment type.');
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
    expect(await stockOf(t.app, product.id)).toBe(10);
    expect(cartOf(await cart.get()).itemCount).toBe(2);
    expect((await paymentsOf(buyer.userId)).map((p) => p.status)).toEqual(['declined']);
  });

  it('3-D Secure: answers requires_action with no order; confirming through /v1/payments/:ref/confirm places it', async () => {
    const { buyer, product } = await buyerWithCart();
    const body = { idempotencyKey: idempotencyKey(), paymentType: 'Card', card: card(TEST_CARDS.requiresAction) };
    const first = await checkout(t.app, buyer.token, body);
    expect(first.statusCode, first.body).toBe(200);
    const pending = first.json().data;
    expect(pending).toMatchObject({
      orderId: null,
      storeOrderIds: [],
      payment: { status: 'requires_action', paymentRef: expect.any(String), action: { type: 'three_d_secure' } },
    });
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
    // The stock is held while the buyer answers his bank.
    expect(await stockOf(t.app, product.id)).toBe(8);

    const confirmed = await confirm(buyer.token, pending.payment.paymentRef, 'complete');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.status).toBe('captured');
    const [order] = await ordersOf(buyer.userId);
    expect(order).toMatchObject({ payment_ref: pending.payment.paymentRef, payment_status: 'captured' });

    // The client sends the checkout again (same key): the order it completed.
    const again = await checkout(t.app, buyer.token, body);
    expect(again.json().data).toMatchObject({
      checkoutId: pending.checkoutId,
      orderId: order!.id,
      payment: { status: 'captured', paymentRef: pending.payment.paymentRef },
    });
    expect(await stockOf(t.app, product.id)).toBe(8);
  });

  it('3-D Secure failed or abandoned: no order, the stock back', async () => {
    const failed = await buyerWithCart();
    const body = { idempotencyKey: idempotencyKey(), paymentType: 'Card', card: card(TEST_CARDS.requiresAction) };
    const pending = (await checkout(t.app, failed.buyer.token, body)).json().data;
    const refused = await confirm(failed.buyer.token, pending.payment.paymentRef, 'fail');
    expect(refused.json().data.status).toBe('declined');
    expect(await ordersOf(failed.buyer.userId)).toHaveLength(0);
    expect(await stockOf(t.app, failed.product.id)).toBe(10);
    expect((await checkout(t.app, failed.buyer.token, body)).json().code).toBe('PAYMENT_DECLINED');

    const abandoned = await buyerWithCart();
    const waiting = (await checkout(t.app, abandoned.buyer.token, { paymentType: 'Card', card: card(TEST_CARDS.requiresAction) })).json().data;
    expect(await stockOf(t.app, abandoned.product.id)).toBe(8);
    // Past the second step's time limit (15 minutes) the recovery gives everything back.
    await t.app.services.buying.checkout.recoverRuns(Date.now() + 16 * 60_000);
    expect(await stockOf(t.app, abandoned.product.id)).toBe(10);
    expect(await ordersOf(abandoned.buyer.userId)).toHaveLength(0);
    const [payment] = await paymentsOf(abandoned.buyer.userId);
    expect(payment).toMatchObject({ id: waiting.payment.paymentRef, status: 'cancelled' });
    // A late confirmation cannot make an order any more.
    await confirm(abandoned.buyer.token, waiting.payment.paymentRef, 'complete');
    expect(await ordersOf(abandoned.buyer.userId)).toHaveLength(0);
  });

  it('takes a saved card at checkout (the provider’s token, never the number)', async () => {
    const { buyer } = await buyerWithCart(1);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/cards',
      headers: { authorization: buyer.token },
      payload: { details: cardDetails() },
    });
    expect(saved.statusCode).toBe(200);
    const placed = await checkout(t.app, buyer.token, { paymentType: 'Card', card: { savedCardId: saved.json().data.id } });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.orderId).toEqual(expect.any(String));
  });
});

describe('checkout paid from the wallet', () => {
  it('refuses a short balance, translated, with nothing changed', async () => {
    const { buyer, product, total } = await buyerWithCart();
    await topUp(t.app, buyer.token, { amount: total - 1 });
    const refused = await checkout(t.app, buyer.token, { paymentType: 'Wallet' }, 'ar');
    expect(refused.json()).toMatchObject({ code: 'WALLET_INSUFFICIENT' });
    expect(refused.json().message).toMatch(/[\u0600-\u06FF]/);
    expect(await stockOf(t.app, product.id)).toBe(10);
    expect(await ledger(t.app, buyer.userId)).toEqual({ balance: total - 1, sum: total - 1, entries: 1 });
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
  });

  it('pays all of it from the wallet (a SHOPPING entry)', async () => {
    const { buyer, total } = await buyerWithCart();
    await topUp(t.app, buyer.token, { amount: total + 500 });
    const placed = await checkout(t.app, buyer.token, { paymentType: 'Wallet' });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await ledger(t.app, buyer.userId)).toEqual({ balance: 500, sum: 500, entries: 2 });
    const entry = await t.app.db.kysely
      .selectFrom('wallet_entries')
      .selectAll()
      .where('user_id', '=', buyer.userId)
      .where('amount', '<', 0)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ amount: -total, label: 'SHOPPING', order_id: placed.json().data.orderId });
  });

  it('wallet plus card: the wallet first, the card for the rest; a declined card gives the wallet back', async () => {
    const { buyer, total } = await buyerWithCart();
    await topUp(t.app, buyer.token, { amount: 700 });
    const declined = await checkout(t.app, buyer.token, { paymentType: 'Card', walletAmount: 700, card: card(TEST_CARDS.declined) });
    expect(declined.json().code).toBe('PAYMENT_DECLINED');
    expect((await ledger(t.app, buyer.userId)).balance).toBe(700);

    const placed = await checkout(t.app, buyer.token, { paymentType: 'Card', walletAmount: 700, card: card() });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await ledger(t.app, buyer.userId)).balance).toBe(0);
    const captured = (await paymentsOf(buyer.userId)).find((p) => p.status === 'captured' && p.purpose === 'order');
    expect(captured).toMatchObject({ amount: total - 700, order_ref: placed.json().data.orderId });
    const [order] = await ordersOf(buyer.userId);
    expect(order).toMatchObject({ wallet_amount: 700, total });
  });
});

describe('checkout with a promo code', () => {
  it('is checked by the cart first: the coupon line when it applies, the translated reason and the seed data when not', async () => {
    const promo = await createPromo({ value: 10 });
    const { buyer } = await buyerWithCart(2, 1000);
    const applied = cartOf(await t.app.inject({ method: 'GET', url: `/v1/cart?promoCode=${promo.code}`, headers: { authorization: buyer.token } }));
    expect(applied.promo).toMatchObject({ code: promo.code, applied: true, reason: null });
    expect(applied.totals.coupon.amount).toBe(200);
    const refused = cartOf(await t.app.inject({ method: 'GET', url: '/v1/cart?promoCode=NOSUCHCODE', headers: { authorization: buyer.token, language: 'es' } }));
    expect(refused.promo).toMatchObject({ code: 'NOSUCHCODE', applied: false, reason: 'PROMO_NOT_FOUND', data: { reason: 'PROMO_NOT_FOUND', promo_code: 'NOSUCHCODE' } });
    expect(refused.promo?.message).toMatch(/\S/);
    expect(refused.promo?.message).not.toBe(applied.promo?.message);
    expect(refused.totals.coupon.amount).toBe(0);
  });

  it('takes the discount off and counts the use with the order', async () => {
    const promo = await createPromo({ value: 10 });
    const { buyer } = await buyerWithCart(2, 1000);
    const placed = await checkout(t.app, buyer.token, { promoCode: promo.code.toLowerCase() });
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = await ordersOf(buyer.userId);
    expect(order).toMatchObject({ promo_code: promo.code.toLowerCase(), coupon: 200 });
    const row = await t.app.db.kysely.selectFrom('promotions').select('uses_count').where('id', '=', promo.id).executeTakeFirstOrThrow();
    expect(Number(row.uses_count)).toBe(1);
  });
});

const cancelByBuyer = (token: string, orderId: string, storeOrderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/orders/${orderId}/store-orders/${storeOrderId}/cancel`,
    headers: { authorization: token },
    payload: { reason: 'Changed my mind' },
  });
const sellerSets = (storeOrderId: string, status: string) =>
  t.app.inject({ method: 'POST', url: `/v1/seller/orders/${storeOrderId}/status`, headers: { authorization: shop.seller.token }, payload: { status } });
const pointsOf = async (userId: string) => t.app.services.money.points.balance(userId);

describe('refunds and bonus points', () => {
  it('a card order cancelled by the buyer before packing: the card is refunded through the outbox, the stock back', async () => {
    const { buyer, product, total } = await buyerWithCart();
    const placed = (await checkout(t.app, buyer.token, { paymentType: 'Card', card: card() })).json().data;
    const cancelled = await cancelByBuyer(buyer.token, placed.orderId, placed.storeOrderIds[0]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(t.app, product.id)).toBe(10);
    const storeOrder = await t.app.db.kysely.selectFrom('store_orders').selectAll().where('id', '=', placed.storeOrderIds[0]).executeTakeFirstOrThrow();
    expect(storeOrder).toMatchObject({ status: 'refunded', refunded: total });
    await t.app.services.events.settle();
    const payment = await t.app.services.money.payments.get(placed.payment.paymentRef);
    expect(payment).toMatchObject({ status: 'refunded', refundedAmount: total });
    expect(await t.app.services.money.payments.refunds(placed.payment.paymentRef)).toEqual([expect.objectContaining({ amount: total, status: 'succeeded' })]);
    // Nothing of it went to the wallet.
    expect((await ledger(t.app, buyer.userId)).balance).toBe(0);
  });

  it('points are earned on delivery, redeemed at checkout, and both reversed by a refund; the wallet gets its part back', async () => {
    // A pickup order delivered earns points by the rule (1 point per unit of the default currency).
    const first = await buyerWithCart(5, 2000);
    await first.cart.mode('SELF_PICKUP');
    const placed = (await checkout(t.app, first.buyer.token, { address: undefined })).json().data;
    for (const status of ['accepted', 'packed', 'ready_for_pickup', 'picked_up'])
      expect((await sellerSets(placed.storeOrderIds[0], status)).statusCode).toBe(200);
    await t.app.services.events.settle();
    const earned = await pointsOf(first.buyer.userId);
    const [delivered] = await ordersOf(first.buyer.userId);
    expect(earned).toBe(await t.app.services.money.points.pointsFor({ amount: delivered!.total, currency: delivered!.currency }));
    expect(earned).toBeGreaterThan(0);

    // Redeem them on a wallet order: the wallet pays the total less what the points are worth.
    const product = await createShopProduct(t.app, shop, { price: 1000, stock: 10 });
    expect((await first.cart.mode('DELIVERY')).statusCode).toBe(200);
    expect((await first.cart.add({ productId: product.id, quantity: 1 })).statusCode).toBe(200);
    const total = cartOf(await first.cart.get()).totals.totalAfterTax.amount;
    await topUp(t.app, first.buyer.token, { amount: total });
    const worth = (await t.app.services.money.points.worth(5, delivered!.currency)).amount;
    const second = await checkout(t.app, first.buyer.token, { paymentType: 'Wallet', points: 5 });
    expect(second.statusCode, second.body).toBe(200);
    expect(await pointsOf(first.buyer.userId)).toBe(earned - 5);
    expect((await ledger(t.app, first.buyer.userId)).balance).toBe(worth);

    // The store team refunds the delivered order to the wallet: its earned points are taken back.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/store-orders/${placed.storeOrderIds[0]}/refund`,
      headers: { authorization: team.token },
      payload: { reason: 'Damaged', to: 'wallet' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await ledger(t.app, first.buyer.userId)).balance).toBe(worth + delivered!.total);
    expect(await pointsOf(first.buyer.userId)).toBe(0);

    // The buyer cancels the wallet-and-points order: the wallet's part and the points come back.
    const cancelled = await cancelByBuyer(first.buyer.token, second.json().data.orderId, second.json().data.storeOrderIds[0]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await ledger(t.app, first.buyer.userId);
    expect(after.balance).toBe(worth + delivered!.total + (total - worth));
    expect(after.sum).toBe(after.balance);
    expect(await pointsOf(first.buyer.userId)).toBe(5);
  });
});

describe('promo codes refused at checkout, and the last use', () => {
  it('answers each refusal translated with the seed’s data, and changes nothing', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['PROMO_NOT_FOUND', {}],
      ['PROMO_PAUSED', { status: 'paused' }],
      ['PROMO_EXPIRED', { startsAt: Date.now() - 3 * 86_400_000, endsAt: Date.now() - 86_400_000 }],
      ['PROMO_NOT_STARTED', { startsAt: Date.now() + 86_400_000 }],
      ['PROMO_MIN_PURCHASE', { minPurchase: 1_000_000 }],
      ['PROMO_REGION', { regions: ['ES'] }],
      ['PROMO_CATEGORY', { categoryIds: [shop.categoryId.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))] }],
      ['PROMO_STORE', { storeIds: [shop.storeId.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))] }],
      ['PROMO_PAYMENT_METHOD', { paymentMethods: ['Card'] }],
      ['PROMO_DELIVERY_MODE', { deliveryModes: ['SELF_PICKUP'] }],
    ];
    for (const [reason, input] of cases) {
      const code = reason === 'PROMO_NOT_FOUND' ? 'NOSUCHCODE1' : (await createPromo(input)).code;
      const { buyer, product } = await buyerWithCart(1);
      const refused = await checkout(t.app, buyer.token, { promoCode: code }, 'es');
      expect(refused.json(), reason).toMatchObject({ code: reason, field: 'promoCode', data: { reason, promo_code: code } });
      expect(refused.json().data.message).toBe(refused.json().message);
      expect(await stockOf(t.app, product.id)).toBe(10);
      expect(await ordersOf(buyer.userId)).toHaveLength(0);
    }
  });

  it('a first-order code refused on a second order; a used-up code refused', async () => {
    const first = await createPromo({ firstOrderOnly: true });
    const { buyer, cart } = await buyerWithCart(1);
    expect((await checkout(t.app, buyer.token, {})).statusCode).toBe(200);
    const product = await createShopProduct(t.app, shop, { price: 1000, stock: 10 });
    await cart.add({ productId: product.id, quantity: 1 });
    expect((await checkout(t.app, buyer.token, { promoCode: first.code })).json().code).toBe('PROMO_FIRST_ORDER_ONLY');
    const once = await createPromo({ perBuyerLimit: 1 });
    expect((await checkout(t.app, buyer.token, { promoCode: once.code })).statusCode).toBe(200);
    await cart.add({ productId: product.id, quantity: 1 });
    expect((await checkout(t.app, buyer.token, { promoCode: once.code })).json().code).toBe('PROMO_BUYER_LIMIT');
  });

  it('two buyers racing for the last use: one order gets it, the other is refused and nothing of it is kept', async () => {
    const promo = await createPromo({ totalLimit: 1 });
    const racers = await Promise.all([buyerWithCart(1), buyerWithCart(1)]);
    const answers = await Promise.all(racers.map((r) => checkout(t.app, r.buyer.token, { promoCode: promo.code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.findIndex((a) => a.statusCode !== 200);
    expect(answers[loser]!.json().code).toBe('PROMO_USED_UP');
    expect(await stockOf(t.app, racers[loser]!.product.id)).toBe(10);
    const row = await t.app.db.kysely.selectFrom('promotions').select('uses_count').where('id', '=', promo.id).executeTakeFirstOrThrow();
    expect(Number(row.uses_count)).toBe(1);
  });
});

describe('card data', () => {
  it('no full card number or CVC is kept in any table after a card checkout', async () => {
    const { buyer } = await buyerWithCart(1);
    const placed = await checkout(t.app, buyer.token, { paymentType: 'Card', card: card(TEST_CARDS.success, { cvc: '8371', saveCard: true }) });
    expect(placed.statusCode, placed.body).toBe(200);
    const tables = [
      'payments',
      'saved_cards',
      'checkout_runs',
      'orders',
      'test_gateway_cards',
      'test_gateway_payments',
      'test_gateway_requests',
      'event_outbox',
    ] as const;
    for (const table of tables) {
      const rows = await t.app.db.kysely
        .selectFrom(table as 'payments')
        .selectAll()
        .execute();
      expect(rows.length, table).toBeGreaterThan(0);
      const text = JSON.stringify(rows);
      expect(text, table).not.toContain(TEST_CARDS.success);
      // The CVC as a value of its own: ids and hashes are random hex and base64url, and may hold the same four digits inside a word.
      expect(text, table).not.toMatch(/(?<![\w-])8371(?![\w-])/);
    }
  });
});
