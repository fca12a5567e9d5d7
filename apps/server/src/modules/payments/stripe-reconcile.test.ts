import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { errorMessage } from '@tessera/contracts';
import { createTestApp, testConfig, type TestApp } from '../../test/app.js';
import { cartClient, cartOf, checkout, createShop, createShopProduct, idempotencyKey, stockOf, type Shop } from '../../test/buying.js';
import { createBuyer } from '../../test/roles.js';
import { startFakeStripe, STRIPE_TEST_METHODS, type FakeStripe } from '../../test/stripe-api.js';

/**
 * A card payment whose answer from Stripe was lost (issue #11 §3, docs/payments.md "Lost answers"):
 * the local Stripe (test/stripe-api.ts) carries the call out and resets the connection before
 * answering, for the first try and the package's two retries. The checkout holds the stock and says
 * PAYMENT_PENDING; the payments' reconciliation finds the PaymentIntent by the metadata the adapter
 * sent and settles the payment, and checkout places the order or gives everything back.
 */

const WEBHOOK_SECRET = 'whsec_tessera_reconcile_secret';
const RECONCILE_AFTER_SECONDS = 300;
// The first try and the stripe package's two retries (maxNetworkRetries 2) all lose their answer.
const EVERY_TRY = 3;

let fake: FakeStripe;
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  fake = await startFakeStripe();
  const base = testConfig();
  t = await createTestApp({
    signInRateLimitPerMinute: 10_000,
    money: {
      ...base.money,
      stripeSecretKey: fake.secretKey,
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiUrl: fake.url,
      reconcileAfterSeconds: RECONCILE_AFTER_SECONDS,
    },
  });
  shop = await createShop(t.app);
});
afterAll(async () => fake?.close());

async function buyerWithCart() {
  const buyer = await createBuyer(t.app);
  const product = await createShopProduct(t.app, shop, { price: 1250, stock: 10 });
  const cart = cartClient(t.app, buyer.token);
  expect((await cart.add({ productId: product.id, quantity: 2 })).statusCode).toBe(200);
  const total = cartOf(await cart.get()).totals.totalAfterTax.amount;
  return { buyer, product, total };
}

const ordersOf = (buyerId: string) => t.app.db.kysely.selectFrom('orders').selectAll().where('buyer_id', '=', buyerId).execute();
const paymentsOf = (buyerId: string) => t.app.db.kysely.selectFrom('payments').selectAll().where('user_id', '=', buyerId).orderBy('created_at').execute();
const intentsOf = (paymentId: string) =>
  [...fake.intents.values()].filter((intent) => (intent.metadata as Record<string, string>).tessera_payment === paymentId);
/** The reconciliation as its timer runs it, once the payment is old enough to be looked up. */
const reconcileLater = () => t.app.services.money.payments.reconcile(Date.now() + (RECONCILE_AFTER_SECONDS + 1) * 1000);

/** A card checkout whose every answer from Stripe is lost; answers the request body (to send again) and the reply. */
async function checkoutLosingAnswers(buyerToken: string, paymentMethod: string, lose: 'answers' | 'requests' = 'answers') {
  const body = { idempotencyKey: idempotencyKey(), paymentType: 'Card', card: { token: paymentMethod } };
  if (lose === 'answers') fake.dropAnswers(EVERY_TRY);
  else fake.dropRequests(EVERY_TRY);
  const reply = await checkout(t.app, buyerToken, body, 'es');
  fake.dropAnswers(0);
  fake.dropRequests(0);
  return { body, reply };
}

describe('a card payment whose answer from Stripe was lost', () => {
  it('charged at Stripe: 503 PAYMENT_PENDING with the stock held; reconciliation finds the PaymentIntent and places the order, once', async () => {
    const { buyer, product, total } = await buyerWithCart();
    const { body, reply } = await checkoutLosingAnswers(buyer.token, STRIPE_TEST_METHODS.visa);
    expect(reply.statusCode, reply.body).toBe(503);
    expect(reply.json()).toMatchObject({ code: 'PAYMENT_PENDING', message: errorMessage('PAYMENT_PENDING', 'es') });

    const [payment] = await paymentsOf(buyer.userId);
    expect(payment).toMatchObject({ status: 'pending', provider_ref: null, amount: total });
    // Stripe charged once: the retries were replays of the same idempotency key.
    const [intent, ...others] = intentsOf(payment!.id);
    expect(others).toEqual([]);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: total });
    // Held, not given back: the buyer was charged and the order may still be placed.
    expect(await stockOf(t.app, product.id)).toBe(8);
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
    const again = await checkout(t.app, buyer.token, body, 'es');
    expect(again.statusCode).toBe(503);
    expect(again.json().code).toBe('PAYMENT_PENDING');

    // A payment younger than the reconciliation's delay is left alone (its checkout may still be asking).
    expect(await t.app.services.money.payments.reconcile()).toBe(0);
    expect(await reconcileLater()).toBe(1);

    const [settled] = await paymentsOf(buyer.userId);
    expect(settled).toMatchObject({ status: 'captured', captured_amount: total, provider_ref: intent!.id });
    const orders = await ordersOf(buyer.userId);
    expect(orders).toEqual([expect.objectContaining({ payment_ref: payment!.id, payment_status: 'captured' })]);
    expect(await stockOf(t.app, product.id)).toBe(8);
    const answered = await checkout(t.app, buyer.token, body);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ orderId: orders[0]!.id, payment: { status: 'captured', paymentRef: payment!.id } });
    const view = await t.app.inject({ method: 'GET', url: `/v1/orders/${orders[0]!.id}`, headers: { authorization: buyer.token } });
    expect(view.statusCode, view.body).toBe(200);

    // Nothing is left to settle, and Stripe was asked for no second charge.
    expect(await reconcileLater()).toBe(0);
    expect(intentsOf(payment!.id)).toHaveLength(1);
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
  });

  it('declined at Stripe: reconciliation records the decline, gives the stock back and places no order; the key answers 402', async () => {
    const { buyer, product } = await buyerWithCart();
    const { body, reply } = await checkoutLosingAnswers(buyer.token, STRIPE_TEST_METHODS.declined);
    expect(reply.json().code).toBe('PAYMENT_PENDING');
    expect(await stockOf(t.app, product.id)).toBe(8);

    expect(await reconcileLater()).toBeGreaterThanOrEqual(1);
    expect((await paymentsOf(buyer.userId))[0]).toMatchObject({ status: 'declined', decline_reason: 'generic_decline' });
    expect(await stockOf(t.app, product.id)).toBe(10);
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
    const again = await checkout(t.app, buyer.token, body);
    expect(again.statusCode).toBe(402);
    expect(again.json().code).toBe('PAYMENT_DECLINED');
  });

  it('cancelled at Stripe meanwhile: the payment is cancelled and the stock given back', async () => {
    const { buyer, product } = await buyerWithCart();
    await checkoutLosingAnswers(buyer.token, STRIPE_TEST_METHODS.threeDSecure);
    const [payment] = await paymentsOf(buyer.userId);
    const [intent] = intentsOf(payment!.id);
    expect(intent).toMatchObject({ status: 'requires_action' });
    // The intent was cancelled at Stripe (from its dashboard, or by Stripe after the step expired).
    Object.assign(intent!, { status: 'canceled', next_action: null });

    expect(await reconcileLater()).toBeGreaterThanOrEqual(1);
    expect((await paymentsOf(buyer.userId))[0]).toMatchObject({ status: 'cancelled', provider_ref: intent!.id });
    expect(await stockOf(t.app, product.id)).toBe(10);
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
  });

  it('never reached Stripe: nothing is found, the payment is declined as not received and the stock given back', async () => {
    const { buyer, product } = await buyerWithCart();
    const { reply } = await checkoutLosingAnswers(buyer.token, STRIPE_TEST_METHODS.visa, 'requests');
    expect(reply.json().code).toBe('PAYMENT_PENDING');
    const [payment] = await paymentsOf(buyer.userId);
    expect(intentsOf(payment!.id)).toEqual([]);

    expect(await reconcileLater()).toBeGreaterThanOrEqual(1);
    expect((await paymentsOf(buyer.userId))[0]).toMatchObject({ status: 'declined', decline_reason: 'not_received' });
    expect(await stockOf(t.app, product.id)).toBe(10);
    expect(await ordersOf(buyer.userId)).toHaveLength(0);
  });

  it('Stripe’s webhook of the charge settles it before the reconciliation does', async () => {
    const { buyer, product } = await buyerWithCart();
    const { body } = await checkoutLosingAnswers(buyer.token, STRIPE_TEST_METHODS.mastercard);
    const [payment] = await paymentsOf(buyer.userId);
    const [intent] = intentsOf(payment!.id);
    // The webhook names the PaymentIntent, which the lost answer never told: it is found by its metadata.
    const event = {
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: intent },
    };
    const payload = JSON.stringify(event);
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      payload,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await paymentsOf(buyer.userId))[0]).toMatchObject({ status: 'captured', provider_ref: intent!.id });
    const orders = await ordersOf(buyer.userId);
    expect(orders).toHaveLength(1);
    expect((await checkout(t.app, buyer.token, body)).json().data.orderId).toBe(orders[0]!.id);
    expect(await stockOf(t.app, product.id)).toBe(8);
  });

  it('a wallet top-up: credited once when reconciled', async () => {
    const buyer = await createBuyer(t.app);
    const wallet = async () =>
      (await t.app.inject({ method: 'GET', url: '/v1/profile/wallet', headers: { authorization: buyer.token } })).json().data.balance.amount;
    fake.dropAnswers(EVERY_TRY);
    const topUp = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/wallet/topups',
      headers: { authorization: buyer.token, 'idempotency-key': idempotencyKey() },
      payload: { amount: 5000, card: { token: STRIPE_TEST_METHODS.visa } },
    });
    fake.dropAnswers(0);
    expect(topUp.statusCode, topUp.body).toBe(503);
    expect(topUp.json().code).toBe('PAYMENT_PENDING');
    expect(await wallet()).toBe(0);

    expect(await reconcileLater()).toBeGreaterThanOrEqual(1);
    expect(await wallet()).toBe(5000);
    await reconcileLater();
    expect(await wallet()).toBe(5000);
  });
});
