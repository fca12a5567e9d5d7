import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createTestApp, testConfig, type TestApp } from '../../test/app.js';
import { cartClient, cartOf, checkout, createShop, createShopProduct, idempotencyKey, stockOf, type Shop } from '../../test/buying.js';
import { createBuyer } from '../../test/roles.js';
import { startFakeStripe, STRIPE_TEST_METHODS, type FakeStripe } from '../../test/stripe-api.js';

/**
 * The Stripe adapter (issue #11 §3) through HTTP, against a local server that answers like Stripe's
 * API (test/stripe-api.ts): the official `stripe` package is pointed at it by STRIPE_API_URL.
 */

const WEBHOOK_SECRET = 'whsec_tessera_test_secret';
// A card number and CVC a careless client might send: they must never be kept or logged.
const TYPED_NUMBER = '4242424242424242';
const TYPED_CVC = '7319';

let fake: FakeStripe;
let t: TestApp;
let shop: Shop;
const logLines: string[] = [];

beforeAll(async () => {
  fake = await startFakeStripe();
  const base = testConfig();
  t = await createTestApp(
    {
      signInRateLimitPerMinute: 10_000,
      logLevel: 'trace',
      money: { ...base.money, stripeSecretKey: fake.secretKey, stripeWebhookSecret: WEBHOOK_SECRET, stripeApiUrl: fake.url },
    },
    { logStream: { write: (line: string) => logLines.push(line) } },
  );
  shop = await createShop(t.app);
});
afterAll(async () => fake?.close());

async function buyerWithCart(quantity = 2) {
  const buyer = await createBuyer(t.app);
  const product = await createShopProduct(t.app, shop, { price: 1250, stock: 10 });
  const cart = cartClient(t.app, buyer.token);
  expect((await cart.add({ productId: product.id, quantity })).statusCode).toBe(200);
  const total = cartOf(await cart.get()).totals.totalAfterTax.amount;
  return { buyer, product, cart, total };
}

const ordersOf = (buyerId: string) => t.app.db.kysely.selectFrom('orders').selectAll().where('buyer_id', '=', buyerId).execute();
const paymentsOf = (buyerId: string) => t.app.db.kysely.selectFrom('payments').selectAll().where('user_id', '=', buyerId).orderBy('created_at').execute();
const intentCalls = (intentOrKey: string) =>
  fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST' && r.idempotencyKey === intentOrKey);
const payByToken = (token: string) => ({ paymentType: 'Card', card: { token } });

function signedWebhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
const postWebhook = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
const intentEvent = (type: string, intent: object) => ({
  id: `evt_${Math.random().toString(36).slice(2)}`,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  data: { object: intent },
});

describe('checkout paid by card through Stripe', () => {
  it('confirms one PaymentIntent in the order’s currency, with the payment row’s id as idempotency key, and places the order', async () => {
    const { buyer, product, total } = await buyerWithCart();
    const body = { idempotencyKey: idempotencyKey(), ...payByToken(STRIPE_TEST_METHODS.visa) };
    const placed = await checkout(t.app, buyer.token, body);
    expect(placed.statusCode, placed.body).toBe(200);
    const data = placed.json().data;
    expect(data).toMatchObject({ orderId: expect.any(String), payment: { status: 'captured' } });
    expect(await stockOf(t.app, product.id)).toBe(8);

    const [payment] = await paymentsOf(buyer.userId);
    expect(payment).toMatchObject({
      provider: 'stripe',
      status: 'captured',
      amount: total,
      currency: 'EUR',
      card_brand: 'visa',
      card_last4: '4242',
      order_ref: data.orderId,
    });
    expect(payment!.provider_ref).toMatch(/^pi_/);
    const calls = intentCalls(`pay_${payment!.id}`);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toMatchObject({ amount: String(total), currency: 'eur', confirm: 'true', capture_method: 'automatic' });
    expect(calls[0]!.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(fake.intents.get(payment!.provider_ref!)).toMatchObject({ status: 'succeeded', amount_received: total });

    // The client retries the same request: the same order, Stripe is not asked again.
    const retry = await checkout(t.app, buyer.token, body);
    expect(retry.json().data).toEqual(data);
    expect(fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.params.description?.includes(data.orderId))).toHaveLength(1);
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
  });

  it('a declined card: 402 in the buyer’s language, no order, no stock taken, the decline recorded', async () => {
    const { buyer, product, cart } = await buyerWithCart();
    const declined = await checkout(t.app, buyer.token, payByToken(STRIPE_TEST_METHODS.declined), 'es');
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'PAYMENT_DECLINED', field: 'card' });
    expect(declined.json().message).not.toMatch(/declined/i);
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
    expect(await stockOf(t.app, product.id)).toBe(10);
    expect(cartOf(await cart.get()).itemCount).toBe(2);
    const [payment] = await paymentsOf(buyer.userId);
    expect(payment).toMatchObject({ status: 'declined', decline_reason: 'generic_decline' });
    expect(payment!.provider_ref).toMatch(/^pi_/);
    // The order id it was asked for never became an order.
    expect(
      await t.app.db.kysely
        .selectFrom('orders')
        .select('id')
        .where('id', '=', payment!.order_ref ?? '')
        .execute(),
    ).toEqual([]);
  });

  it('an unknown PaymentMethod is the buyer’s bad card (400 naming the field), not an outage', async () => {
    const { buyer, product } = await buyerWithCart();
    const refused = await checkout(t.app, buyer.token, payByToken('pm_does_not_exist'));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'CARD_INVALID', field: 'card' });
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
    expect(await stockOf(t.app, product.id)).toBe(10);
  });

  it('3-D Secure: requires_action with the intent’s client secret; after Stripe.js finished it, confirm places the order', async () => {
    const { buyer, product } = await buyerWithCart();
    const body = { idempotencyKey: idempotencyKey(), ...payByToken(STRIPE_TEST_METHODS.threeDSecure) };
    const first = await checkout(t.app, buyer.token, body);
    expect(first.statusCode, first.body).toBe(200);
    const pending = first.json().data;
    const [payment] = await paymentsOf(buyer.userId);
    const intent = fake.intents.get(payment!.provider_ref!)!;
    expect(intent.status).toBe('requires_action');
    expect(pending).toMatchObject({
      orderId: null,
      payment: { status: 'requires_action', action: { type: 'three_d_secure', clientSecret: intent.client_secret } },
    });
    expect(await stockOf(t.app, product.id)).toBe(8);
    expect(await ordersOf(buyer.userId)).toHaveLength(0);

    fake.finishAction(intent.id as string, 'complete');
    const confirmed = await t.app.inject({ method: 'POST', url: `/v1/payments/${payment!.id}/confirm`, headers: { authorization: buyer.token }, payload: {} });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.status).toBe('captured');
    const [order] = await ordersOf(buyer.userId);
    expect(order).toMatchObject({ payment_ref: payment!.id });
    expect((await checkout(t.app, buyer.token, body)).json().data.orderId).toBe(order!.id);
  });

  it('3-D Secure failed at the bank: confirm answers declined, no order, the stock back', async () => {
    const { buyer, product } = await buyerWithCart();
    await checkout(t.app, buyer.token, payByToken(STRIPE_TEST_METHODS.threeDSecure));
    const [payment] = await paymentsOf(buyer.userId);
    fake.finishAction(payment!.provider_ref!, 'fail');
    const confirmed = await t.app.inject({ method: 'POST', url: `/v1/payments/${payment!.id}/confirm`, headers: { authorization: buyer.token }, payload: {} });
    expect(confirmed.json().data).toMatchObject({ status: 'declined', declineReason: 'payment_intent_authentication_failure' });
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
    expect(await stockOf(t.app, product.id)).toBe(10);
  });

  it('a refund after the buyer cancels: one Stripe refund of the store order’s amount, keyed by the refund row', async () => {
    const { buyer, product, total } = await buyerWithCart();
    const placed = (await checkout(t.app, buyer.token, payByToken(STRIPE_TEST_METHODS.mastercard))).json().data;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/v1/orders/${placed.orderId}/store-orders/${placed.storeOrderIds[0]}/cancel`,
      headers: { authorization: buyer.token },
      payload: { reason: 'Changed my mind' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(t.app, product.id)).toBe(10);
    await t.app.services.events.settle();
    const [payment] = await paymentsOf(buyer.userId);
    expect(payment).toMatchObject({ status: 'refunded', refunded_amount: total });
    const refunds = await t.app.db.kysely.selectFrom('payment_refunds').selectAll().where('payment_id', '=', payment!.id).execute();
    expect(refunds).toEqual([expect.objectContaining({ amount: total, status: 'succeeded', provider_ref: expect.stringMatching(/^re_/) })]);
    const stripeRefunds = [...fake.refunds.values()].filter((r) => r.payment_intent === payment!.provider_ref);
    expect(stripeRefunds).toEqual([expect.objectContaining({ id: refunds[0]!.provider_ref, amount: total })]);
    expect(fake.requests.find((r) => r.path === '/v1/refunds' && r.params.payment_intent === payment!.provider_ref)?.idempotencyKey).toBe(
      `refund_${refunds[0]!.id}`,
    );
  });

  it('Stripe not answering: 503, nothing charged, no order; the next attempt pays once', async () => {
    const { buyer, product } = await buyerWithCart();
    const body = { idempotencyKey: idempotencyKey(), ...payByToken(STRIPE_TEST_METHODS.visa) };
    // The package tries three times (maxNetworkRetries 2) before giving up.
    fake.failNext(3);
    const down = await checkout(t.app, buyer.token, body);
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
    expect(await stockOf(t.app, product.id)).toBe(10);
    // The same key answers what it answered (the web client takes a new key for a new attempt).
    expect((await checkout(t.app, buyer.token, body)).statusCode).toBe(503);

    const again = await checkout(t.app, buyer.token, { ...body, idempotencyKey: idempotencyKey() });
    expect(again.statusCode, again.body).toBe(200);
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
    const payments = await paymentsOf(buyer.userId);
    const charged = payments.filter((p) => p.status === 'captured');
    expect(charged).toHaveLength(1);
    const succeeded = [...fake.intents.values()].filter((i) => i.status === 'succeeded' && String(i.description).includes(again.json().data.orderId));
    expect(succeeded).toHaveLength(1);
  });
});

describe('saved cards with Stripe', () => {
  it('a card saved from a PaymentMethod pays twice (attached to the buyer’s Stripe customer); only the token, brand, last four and expiry are kept', async () => {
    const { buyer } = await buyerWithCart(1);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/cards',
      headers: { authorization: buyer.token },
      payload: { token: STRIPE_TEST_METHODS.visa },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    const listed = await t.app.inject({ method: 'GET', url: '/v1/profile/cards', headers: { authorization: buyer.token } });
    expect(listed.json().data).toMatchObject({ provider: 'stripe', cards: [{ id: saved.json().data.id, last4: '4242' }] });

    for (let round = 0; round < 2; round++) {
      if (round > 0)
        expect(
          (await cartClient(t.app, buyer.token).add({ productId: (await createShopProduct(t.app, shop, { price: 900, stock: 5 })).id, quantity: 1 }))
            .statusCode,
        ).toBe(200);
      const placed = await checkout(t.app, buyer.token, { paymentType: 'Card', card: { savedCardId: saved.json().data.id } });
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json().data.orderId).toEqual(expect.any(String));
    }
    const intents = (await paymentsOf(buyer.userId)).map((p) => fake.intents.get(p.provider_ref!)!);
    expect(intents.map((i) => i.status)).toEqual(['succeeded', 'succeeded']);
    expect(new Set(intents.map((i) => i.customer)).size).toBe(1);
    expect(intents[0]!.customer).toMatch(/^cus_/);
  });
});

describe('Stripe webhooks', () => {
  async function waitingFor3ds() {
    const { buyer, product } = await buyerWithCart();
    const pending = (await checkout(t.app, buyer.token, payByToken(STRIPE_TEST_METHODS.threeDSecure))).json().data;
    const [payment] = await paymentsOf(buyer.userId);
    return { buyer, product, pending, payment: payment!, intentId: payment!.provider_ref! };
  }
  const webhookRows = (eventId: string) => t.app.db.kysely.selectFrom('payment_webhook_events').selectAll().where('id', '=', eventId).execute();

  it('payment_intent.succeeded with a valid signature completes the payment and its order; the same event twice is handled once', async () => {
    const { buyer, product, payment, intentId } = await waitingFor3ds();
    const event = intentEvent('payment_intent.succeeded', fake.finishAction(intentId, 'complete'));
    const { payload, signature } = signedWebhook(event);
    const answered = await postWebhook(payload, signature);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await paymentsOf(buyer.userId)).toEqual([expect.objectContaining({ id: payment.id, status: 'captured' })]);
    const orders = await ordersOf(buyer.userId);
    expect(orders).toHaveLength(1);
    expect(await stockOf(t.app, product.id)).toBe(8);

    // Stripe delivers at least once: the same event again changes nothing.
    const again = await postWebhook(payload, signedWebhook(event).signature);
    expect(again.statusCode).toBe(200);
    expect(await ordersOf(buyer.userId)).toEqual(orders);
    expect(await webhookRows(event.id)).toHaveLength(1);
    expect(await stockOf(t.app, product.id)).toBe(8);
  });

  it('payment_intent.payment_failed gives the reserved stock back and places no order', async () => {
    const { buyer, product, intentId } = await waitingFor3ds();
    const { payload, signature } = signedWebhook(intentEvent('payment_intent.payment_failed', fake.finishAction(intentId, 'fail')));
    expect((await postWebhook(payload, signature)).statusCode).toBe(200);
    expect((await paymentsOf(buyer.userId))[0]).toMatchObject({ status: 'declined' });
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
    expect(await stockOf(t.app, product.id)).toBe(10);
  });

  it('a forged, tampered or missing signature is refused with 400 and changes nothing', async () => {
    const { buyer, product, payment, intentId } = await waitingFor3ds();
    const event = intentEvent('payment_intent.succeeded', { ...fake.intents.get(intentId)!, status: 'succeeded', next_action: null });
    const forged = signedWebhook(event, 'whsec_someone_else');
    const genuine = signedWebhook(event);
    const tampered = JSON.stringify({ ...event, id: 'evt_tampered' });
    for (const [payload, signature] of [
      [forged.payload, forged.signature],
      [tampered, genuine.signature],
      [genuine.payload, undefined],
      [genuine.payload, 't=1,v1=deadbeef'],
    ] as const) {
      const refused = await postWebhook(payload, signature);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    expect(await paymentsOf(buyer.userId)).toEqual([expect.objectContaining({ id: payment.id, status: 'requires_action' })]);
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
    expect(await stockOf(t.app, product.id)).toBe(8);
    expect(await webhookRows(event.id)).toHaveLength(0);
  });
});

describe('card numbers with Stripe', () => {
  it('typed card details are refused (Stripe.js makes the PaymentMethod), and no number or CVC is in any row, log line or Stripe call', async () => {
    const { buyer, product } = await buyerWithCart();
    const typed = { number: TYPED_NUMBER, expMonth: 12, expYear: 2034, cvc: TYPED_CVC };
    const refused = await checkout(t.app, buyer.token, { paymentType: 'Card', card: typed });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'card' });
    expect(await stockOf(t.app, product.id)).toBe(10);
    const cardRefused = await t.app.inject({ method: 'POST', url: '/v1/profile/cards', headers: { authorization: buyer.token }, payload: { details: typed } });
    expect(cardRefused.statusCode).toBe(400);
    const topUp = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/wallet/topups',
      headers: { authorization: buyer.token, 'idempotency-key': idempotencyKey() },
      payload: { amount: 1000, card: { details: typed } },
    });
    expect(topUp.statusCode).toBe(400);

    const db = t.app.db.kysely;
    const leaks: string[] = [];
    for (const table of await db.introspection.getTables()) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, read as text
      const rows = await (db as any).selectFrom(table.name).selectAll().execute();
      const text = JSON.stringify(rows);
      if (text.includes(TYPED_NUMBER) || /"cvc"/i.test(text)) leaks.push(table.name);
    }
    expect(leaks).toEqual([]);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(TYPED_NUMBER) || line.includes(`"${TYPED_CVC}"`) || /"cvc"/i.test(line))).toEqual([]);
    expect(fake.requests.filter((r) => r.body.includes(TYPED_NUMBER) || r.body.includes(TYPED_CVC))).toEqual([]);
  });
});
