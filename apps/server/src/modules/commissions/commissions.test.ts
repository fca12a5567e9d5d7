import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, type TCommission } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { pngBytes, textBytes } from '../../test/accounts.js';
import { createShop, createShopProduct, headers, type Shop } from '../../test/buying.js';
import { cardDetails, ledger, newKey, topUp } from '../../test/money.js';
import { createBuyer, createTeamMember, multipartBody, type Actor } from '../../test/roles.js';

let t: TestApp;
let shop: Shop;
let otherShop: Shop;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shop = await createShop(t.app);
  otherShop = await createShop(t.app);
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...headers(token), ...extra }, ...(payload ? { payload } : {}) });
const ok = async (token: string, method: Method, url: string, payload?: object, extra: Record<string, string> = {}) => {
  const response = await call(token, method, url, payload, extra);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TCommission;
};
const seller = () => shop.seller.token;
const card = (number: string = TEST_CARDS.success) => ({ method: 'card', card: { details: cardDetails(number) } });
const PROPOSAL = { price: 10_000, deposit: 3_000, leadTimeDays: 14, changeRounds: 1, refundSharePercent: 50, note: 'Hand-woven, natural dyes' };

async function fullyCustom(buyer: Actor, key?: string) {
  return ok(
    buyer.token,
    'POST',
    '/v1/commissions',
    {
      kind: 'fullyCustom',
      storeId: shop.storeId,
      quantity: 2,
      newProduct: { title: 'Rattan lamp', description: 'A tall lamp, 1 m', budget: 12_000, wantedBy: '2027-03-01' },
    },
    key ? { 'idempotency-key': key } : {},
  );
}

async function images(token: string, url: string, count = 1, note?: string) {
  const png = await pngBytes();
  const body = await multipartBody([
    ...Array.from({ length: count }, (_, i) => ({ name: 'images', filename: `p${i}.png`, type: 'image/png', data: png })),
    ...(note ? [{ name: 'note', value: note }] : []),
  ]);
  return t.app.inject({ method: 'POST', url, headers: { ...headers(token), 'content-type': body.contentType }, payload: body.payload });
}

/** A commission of a new buyer, proposed and with its deposit paid by card. */
async function paidDeposit(proposal: object = PROPOSAL) {
  const buyer = await createBuyer(t.app);
  const made = await fullyCustom(buyer);
  await ok(seller(), 'POST', `/v1/seller/commissions/${made.id}/proposal`, proposal);
  const paid = await call(buyer.token, 'POST', `/v1/commissions/${made.id}/deposit`, card(), { 'idempotency-key': newKey('dep') });
  expect(paid.statusCode, paid.body).toBe(200);
  return { buyer, id: made.id };
}

const paymentsOf = (id: string) => t.app.db.kysely.selectFrom('payments').selectAll().where('order_ref', 'like', `${id}:%`).execute();
const refundsOf = (paymentId: string) => t.app.db.kysely.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentId).execute();

describe('product customisation settings', () => {
  it('lets the product’s seller choose the options, and nobody else', async () => {
    const product = await createShopProduct(t.app, shop);
    const url = `/v1/seller/products/${product.id}/customisation`;
    expect((await t.app.inject({ method: 'GET', url: `/v1/commissions/customisation/${product.id}` })).json().data).toEqual({ allowed: false, options: [] });
    const stranger = await call(otherShop.seller.token, 'PUT', url, { allowed: true, options: ['size'] });
    expect(stranger.statusCode).toBe(404);
    const empty = await call(seller(), 'PUT', url, { allowed: true, options: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('options');
    const saved = await call(seller(), 'PUT', url, { allowed: true, options: ['colour', 'personalisation', 'colour'] });
    expect(saved.json().data).toEqual({ allowed: true, options: ['colour', 'personalisation'] });
    expect((await t.app.inject({ method: 'GET', url: `/v1/commissions/customisation/${product.id}` })).json().data).toEqual({
      allowed: true,
      options: ['colour', 'personalisation'],
    });
    // The seller's form reads it back (a draft's too); another store's seller finds nothing.
    expect((await ok(seller(), 'GET', url)) as unknown).toEqual({ allowed: true, options: ['colour', 'personalisation'] });
    expect((await call(otherShop.seller.token, 'GET', url)).statusCode).toBe(404);
  });
});

describe('asking a commission', () => {
  it('customises a product only with the options it offers; bad input is a 400 naming the field and makes nothing', async () => {
    const product = await createShopProduct(t.app, shop);
    const buyer = await createBuyer(t.app);
    const ask = (body: object) => call(buyer.token, 'POST', '/v1/commissions', { kind: 'CustomProduct', productId: product.id, quantity: 1, ...body });
    const closed = await ask({ choices: { colour: 'indigo' } });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('COMMISSION_NOT_CUSTOMISABLE');
    await ok(seller(), 'PUT', `/v1/seller/products/${product.id}/customisation`, { allowed: true, options: ['colour', 'personalisation'] });
    const size = await ask({ choices: { size: 'XL' } });
    expect([size.statusCode, size.json().code, size.json().field]).toEqual([400, 'COMMISSION_OPTION_NOT_OFFERED', 'choices.size']);
    const zero = await ask({ quantity: 0 });
    expect([zero.statusCode, zero.json().field]).toEqual([400, 'quantity']);
    const spanish = await call(
      buyer.token,
      'POST',
      '/v1/commissions',
      { kind: 'CustomProduct', productId: product.id, quantity: 1, choices: { size: 'XL' } },
      { language: 'es' },
    );
    expect(spanish.json().message).toBe('La tienda no ofrece esta opción en este producto.');
    expect((await call(buyer.token, 'GET', '/v1/commissions')).json().data).toEqual([]);

    const made = await ask({ choices: { colour: 'indigo' }, personalisation: 'For Aida', notes: 'Gift' });
    expect(made.statusCode, made.body).toBe(200);
    const commission = made.json().data as TCommission;
    expect(commission).toMatchObject({
      kind: 'CustomProduct',
      status: 'requested',
      choices: { colour: 'indigo' },
      personalisation: 'For Aida',
      product: { id: product.id },
      actions: ['cancel'],
    });
    expect(commission.history).toMatchObject([{ action: 'request', from: null, to: 'requested', by: 'buyer' }]);
    // The seller sees it in his portal with his steps; another store does not see it at all.
    const inbox = (await call(seller(), 'GET', '/v1/seller/commissions')).json().data as Array<{ id: string }>;
    expect(inbox.map((c) => c.id)).toContain(commission.id);
    expect((await ok(seller(), 'GET', `/v1/commissions/${commission.id}`)).actions).toEqual(['propose', 'decline']);
    expect((await call(otherShop.seller.token, 'GET', `/v1/commissions/${commission.id}`)).statusCode).toBe(404);
  });

  it('answers a retried request (same Idempotency-Key) with the same commission', async () => {
    const buyer = await createBuyer(t.app);
    const key = newKey('ask');
    const [a, b] = await Promise.all([fullyCustom(buyer, key), fullyCustom(buyer, key)]);
    expect(a.id).toBe(b.id);
    expect(a.newProduct).toEqual({
      title: 'Rattan lamp',
      description: 'A tall lamp, 1 m',
      budget: { amount: 12_000, currency: 'EUR' },
      wantedBy: '2027-03-01',
    });
    expect((await call(buyer.token, 'GET', '/v1/commissions')).json().data).toHaveLength(1);
  });

  it('takes reference images checked by content, shown to both sides only', async () => {
    const buyer = await createBuyer(t.app);
    const made = await fullyCustom(buyer);
    const text = await multipartBody([{ name: 'images', filename: 'x.png', type: 'image/png', data: textBytes() }]);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/v1/commissions/${made.id}/images`,
      headers: { ...headers(buyer.token), 'content-type': text.contentType },
      payload: text.payload,
    });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'images']);
    const added = await images(buyer.token, `/v1/commissions/${made.id}/images`, 2);
    expect(added.statusCode, added.body).toBe(200);
    const view = added.json().data as TCommission;
    expect(view.images.map((i) => i.kind)).toEqual(['reference', 'reference']);
    const url = view.images[0]!.url;
    for (const token of [buyer.token, seller()]) {
      const image = await call(token, 'GET', url);
      expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/webp']);
    }
    expect((await call(otherShop.seller.token, 'GET', url)).statusCode).toBe(404);
    expect((await call((await createBuyer(t.app)).token, 'GET', url)).statusCode).toBe(404);
  });
});

describe('a commission from proposal to delivery', () => {
  it('goes proposal → deposit by card → proof → changes → second proof → approval → production → ready → balance from the wallet → delivered, with history rows', async () => {
    const buyer = await createBuyer(t.app);
    const made = await fullyCustom(buyer);
    const id = made.id;
    // Steps out of turn or out of order are refused with their reason; nothing moves.
    const notYours = await call(buyer.token, 'POST', `/v1/seller/commissions/${id}/proposal`, PROPOSAL);
    expect(notYours.statusCode).toBe(403);
    const early = await call(buyer.token, 'POST', `/v1/commissions/${id}/deposit`, card(), { 'idempotency-key': newKey() });
    expect([early.statusCode, early.json().code]).toEqual([409, 'COMMISSION_STEP_NOT_ALLOWED']);
    const above = await call(seller(), 'POST', `/v1/seller/commissions/${id}/proposal`, { ...PROPOSAL, deposit: 20_000 });
    expect([above.statusCode, above.json().field]).toEqual([400, 'deposit']);

    const proposed = await ok(seller(), 'POST', `/v1/seller/commissions/${id}/proposal`, PROPOSAL);
    expect(proposed.proposal).toMatchObject({
      price: { amount: 10_000 },
      deposit: { amount: 3_000 },
      balance: { amount: 7_000 },
      changeRounds: 1,
      refundSharePercent: 50,
    });
    expect(proposed.actions).toEqual(['propose', 'cancel']);
    expect((await ok(buyer.token, 'GET', `/v1/commissions/${id}`)).actions).toEqual(['accept', 'decline', 'cancel']);

    // A declined card: 402, nothing paid, the proposal still open.
    const declined = await call(buyer.token, 'POST', `/v1/commissions/${id}/deposit`, card(TEST_CARDS.declined), { 'idempotency-key': newKey() });
    expect([declined.statusCode, declined.json().code]).toEqual([402, 'CARD_DECLINED']);
    expect((await ok(buyer.token, 'GET', `/v1/commissions/${id}`)).status).toBe('proposed');
    // Without an Idempotency-Key: 400 naming it.
    const keyless = await call(buyer.token, 'POST', `/v1/commissions/${id}/deposit`, card());
    expect([keyless.statusCode, keyless.json().field]).toEqual([400, 'idempotency-key']);

    const key = newKey('dep');
    const [first, retry] = await Promise.all([
      call(buyer.token, 'POST', `/v1/commissions/${id}/deposit`, card(), { 'idempotency-key': key }),
      call(buyer.token, 'POST', `/v1/commissions/${id}/deposit`, card(), { 'idempotency-key': key }),
    ]);
    expect([first.statusCode, retry.statusCode], first.body + retry.body).toEqual([200, 200]);
    expect(first.json().data.commission).toMatchObject({ status: 'deposit_paid', paid: { deposit: { amount: 3_000 } } });
    const captured = await paymentsOf(id);
    expect(
      captured.filter((p) => p.status === 'captured').map((p) => Number(p.amount)),
      JSON.stringify(captured),
    ).toEqual([3_000]);

    const noImage = await images(seller(), `/v1/seller/commissions/${id}/proofs`, 0, 'first');
    expect([noImage.statusCode, noImage.json().field]).toEqual([400, 'images']);
    const proof1 = await images(seller(), `/v1/seller/commissions/${id}/proofs`, 2, 'First weave');
    expect(proof1.statusCode, proof1.body).toBe(200);
    expect((proof1.json().data as TCommission).images.filter((i) => i.kind === 'proof').map((i) => i.round)).toEqual([1, 1]);

    const noNote = await call(buyer.token, 'POST', `/v1/commissions/${id}/changes`, { note: '  ' });
    expect([noNote.statusCode, noNote.json().field]).toEqual([400, 'note']);
    const changed = await ok(buyer.token, 'POST', `/v1/commissions/${id}/changes`, { note: 'Darker shade, please' });
    expect([changed.status, changed.changesUsed]).toEqual(['changes_requested', 1]);
    // Within the agreed round the seller cannot refuse; he sends a second proof.
    const refuse = await call(seller(), 'POST', `/v1/seller/commissions/${id}/refuse-changes`, {});
    expect([refuse.statusCode, refuse.json().code]).toEqual([409, 'COMMISSION_CHANGES_WITHIN_ROUNDS']);
    expect((await images(seller(), `/v1/seller/commissions/${id}/proofs`, 1, 'Darker')).statusCode).toBe(200);
    const approved = await ok(buyer.token, 'POST', `/v1/commissions/${id}/approve`, { note: 'Perfect' });
    expect(approved.status).toBe('approved');

    for (const action of ['start_production', 'mark_ready']) await ok(seller(), 'POST', `/v1/seller/commissions/${id}/step`, { action });
    const deliverEarly = await call(seller(), 'POST', `/v1/seller/commissions/${id}/step`, { action: 'deliver' });
    expect(deliverEarly.statusCode).toBe(409);

    // The balance (price − deposit) from the wallet: short first (nothing moves), then topped up.
    const short = await call(buyer.token, 'POST', `/v1/commissions/${id}/balance`, { method: 'wallet' }, { 'idempotency-key': newKey() });
    expect([short.statusCode, short.json().code]).toEqual([409, 'WALLET_INSUFFICIENT']);
    expect((await topUp(t.app, buyer.token, { amount: 10_000 })).statusCode).toBe(200);
    const balanceKey = newKey('bal');
    const paid = await call(buyer.token, 'POST', `/v1/commissions/${id}/balance`, { method: 'wallet' }, { 'idempotency-key': balanceKey });
    expect(paid.statusCode, paid.body).toBe(200);
    const again = await call(buyer.token, 'POST', `/v1/commissions/${id}/balance`, { method: 'wallet' }, { 'idempotency-key': balanceKey });
    expect(again.statusCode).toBe(200);
    expect(await ledger(t.app, buyer.userId)).toMatchObject({ balance: 3_000, sum: 3_000 });
    const delivered = await ok(seller(), 'POST', `/v1/seller/commissions/${id}/step`, { action: 'deliver' });
    expect(delivered).toMatchObject({
      status: 'delivered',
      actions: [],
      paid: { deposit: { amount: 3_000 }, balance: { amount: 7_000 }, refunded: { amount: 0 } },
    });
    expect(delivered.history.map((h) => `${h.by}:${h.action}:${h.to}`)).toEqual([
      'buyer:request:requested',
      'seller:propose:proposed',
      'buyer:accept:deposit_paid',
      'seller:proof:proof_sent',
      'buyer:request_changes:changes_requested',
      'seller:proof:proof_sent',
      'buyer:approve:approved',
      'seller:start_production:in_production',
      'seller:mark_ready:ready',
      'buyer:pay_balance:paid',
      'seller:deliver:delivered',
    ]);
    expect(delivered.history[4]).toMatchObject({ note: 'Darker shade, please', round: 1 });
    // The team sees it, read only.
    const team = await createTeamMember(t.app, 'support');
    const overview = await call(team.token, 'GET', '/v1/admin/commissions?status=delivered');
    expect((overview.json().data as Array<{ id: string }>).map((c) => c.id)).toContain(id);
    expect((await call(buyer.token, 'GET', '/v1/admin/commissions')).statusCode).toBe(403);
  });

  it('lets the seller refuse changes asked beyond the agreed rounds; the proof stands', async () => {
    const { buyer, id } = await paidDeposit({ ...PROPOSAL, changeRounds: 0 });
    expect((await images(seller(), `/v1/seller/commissions/${id}/proofs`, 1)).statusCode).toBe(200);
    await ok(buyer.token, 'POST', `/v1/commissions/${id}/changes`, { note: 'One more thing' });
    expect((await ok(seller(), 'GET', `/v1/commissions/${id}`)).actions).toEqual(['proof', 'refuse_changes', 'cancel']);
    const refused = await ok(seller(), 'POST', `/v1/seller/commissions/${id}/refuse-changes`, { note: 'Beyond what we agreed' });
    expect(refused.status).toBe('proof_sent');
    expect((await ok(buyer.token, 'GET', `/v1/commissions/${id}`)).actions).toEqual(['approve', 'request_changes', 'cancel']);
  });

  it('pays a deposit whose card asks for a second step once it is confirmed', async () => {
    const buyer = await createBuyer(t.app);
    const made = await fullyCustom(buyer);
    await ok(seller(), 'POST', `/v1/seller/commissions/${made.id}/proposal`, PROPOSAL);
    const asked = await call(buyer.token, 'POST', `/v1/commissions/${made.id}/deposit`, card(TEST_CARDS.requiresAction), { 'idempotency-key': newKey() });
    expect(asked.statusCode, asked.body).toBe(200);
    const { payment, commission } = asked.json().data;
    expect([payment.status, commission.status]).toEqual(['requires_action', 'proposed']);
    const confirmed = await call(buyer.token, 'POST', `/v1/commissions/${made.id}/payments/${payment.paymentRef}/confirm`, { result: 'complete' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.commission.status).toBe('deposit_paid');
  });
});

describe('cancelling a commission', () => {
  it('gives the buyer who cancels the agreed share of a card deposit back, through the refund outbox', async () => {
    const { buyer, id } = await paidDeposit();
    const cancelled = await ok(buyer.token, 'POST', `/v1/commissions/${id}/cancel`, { note: 'Changed my mind' });
    expect(cancelled).toMatchObject({ status: 'cancelled', paid: { refunded: { amount: 1_500 } }, actions: [] });
    const [payment] = await paymentsOf(id);
    expect((await refundsOf(payment!.id)).map((r) => Number(r.amount))).toEqual([1_500]);
    const outbox = await t.app.db.kysely.selectFrom('event_outbox').select('kind').where('key', '=', payment!.id).execute();
    expect(outbox.map((e) => e.kind)).toContain('payments.refund');
    const twice = await call(buyer.token, 'POST', `/v1/commissions/${id}/cancel`, {});
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'COMMISSION_STEP_NOT_ALLOWED']);
  });

  it('gives everything back when the seller cancels, to the wallet the deposit came from', async () => {
    const buyer = await createBuyer(t.app);
    const made = await fullyCustom(buyer);
    await ok(seller(), 'POST', `/v1/seller/commissions/${made.id}/proposal`, { ...PROPOSAL, refundSharePercent: 0 });
    expect((await topUp(t.app, buyer.token, { amount: 5_000 })).statusCode).toBe(200);
    await ok(buyer.token, 'POST', `/v1/commissions/${made.id}/deposit`, { method: 'wallet' }, { 'idempotency-key': newKey() });
    expect(await ledger(t.app, buyer.userId)).toMatchObject({ balance: 2_000, sum: 2_000 });
    const cancelled = await ok(seller(), 'POST', `/v1/commissions/${made.id}/cancel`, { note: 'Material unavailable' });
    expect(cancelled.paid.refunded.amount).toBe(3_000);
    expect(await ledger(t.app, buyer.userId)).toMatchObject({ balance: 5_000, sum: 5_000 });
  });

  it('keeps the deposit when the rule says so; a buyer cannot cancel once the piece is ready', async () => {
    const { buyer, id } = await paidDeposit({ ...PROPOSAL, refundSharePercent: 0 });
    expect((await images(seller(), `/v1/seller/commissions/${id}/proofs`, 1)).statusCode).toBe(200);
    await ok(buyer.token, 'POST', `/v1/commissions/${id}/approve`, {});
    for (const action of ['start_production', 'mark_ready']) await ok(seller(), 'POST', `/v1/seller/commissions/${id}/step`, { action });
    const late = await call(buyer.token, 'POST', `/v1/commissions/${id}/cancel`, {});
    expect([late.statusCode, late.json().code]).toEqual([409, 'COMMISSION_NOT_YOUR_STEP']);
    const other = await paidDeposit({ ...PROPOSAL, refundSharePercent: 0 });
    const kept = await ok(other.buyer.token, 'POST', `/v1/commissions/${other.id}/cancel`, {});
    expect(kept.paid.refunded.amount).toBe(0);
    const [payment] = await paymentsOf(other.id);
    expect(await refundsOf(payment!.id)).toEqual([]);
  });
});

describe('a card capture that arrives after a cancel', () => {
  it('is refunded in full in the capture’s transaction: the commission stays cancelled, nothing is kept', async () => {
    const buyer = await createBuyer(t.app);
    const made = await fullyCustom(buyer);
    await ok(seller(), 'POST', `/v1/seller/commissions/${made.id}/proposal`, PROPOSAL);
    const asked = await call(buyer.token, 'POST', `/v1/commissions/${made.id}/deposit`, card(TEST_CARDS.requiresAction), { 'idempotency-key': newKey() });
    expect(asked.statusCode, asked.body).toBe(200);
    const { payment } = asked.json().data;
    // The buyer cancels while his bank still asks him to confirm: nothing was paid, nothing to give back yet.
    const cancelled = await ok(buyer.token, 'POST', `/v1/commissions/${made.id}/cancel`, {});
    expect(cancelled.paid).toMatchObject({ deposit: { amount: 0 }, refunded: { amount: 0 } });
    // He then confirms: the card is captured, and the capture, finding the commission moved, refunds all of it.
    await call(buyer.token, 'POST', `/v1/commissions/${made.id}/payments/${payment.paymentRef}/confirm`, { result: 'complete' });
    // (Its status moves on to 'refunded' once the outbox calls the provider: not waited for here, the refund row is the rule.)
    const [captured] = await paymentsOf(made.id);
    expect((await refundsOf(captured!.id)).map((r) => Number(r.amount))).toEqual([PROPOSAL.deposit]);
    const after = await ok(buyer.token, 'GET', `/v1/commissions/${made.id}`);
    expect(after).toMatchObject({ status: 'cancelled', paid: { deposit: { amount: 0 } }, actions: [] });
    expect(after.history.map((h) => h.action)).toEqual(['request', 'propose', 'cancel']);
  });
});

describe('e-mails of each step', () => {
  const inbox = (recipient: string) => t.app.services.notifications.mailbox({ recipient, limit: 50 });

  it('tells the other side of every step, in the outbox of the step’s transaction, and nothing for a refused step', async () => {
    const { buyer, id } = await paidDeposit();
    const toSeller = async () => (await inbox(shop.seller.email)).filter((m) => m.body.includes(`/seller/commissions/${id}`)).map((m) => m.template);
    const toBuyer = async () => (await inbox(buyer.email)).filter((m) => m.body.includes(`/profile/commissions/${id}`)).map((m) => m.template);
    expect((await toSeller()).sort()).toEqual(['commission-accept', 'commission-request']);
    expect(await toBuyer()).toEqual(['commission-propose']);

    // A refused step (the buyer cannot approve before a proof) rolls back and queues nothing.
    const early = await call(buyer.token, 'POST', `/v1/commissions/${id}/approve`, {});
    expect(early.statusCode).toBe(409);
    expect(await toSeller()).toHaveLength(2);

    expect((await images(seller(), `/v1/seller/commissions/${id}/proofs`, 1)).statusCode).toBe(200);
    await ok(buyer.token, 'POST', `/v1/commissions/${id}/changes`, { note: 'Deeper indigo' });
    expect((await toBuyer()).sort()).toEqual(['commission-proof', 'commission-propose']);
    expect(await toSeller()).toContain('commission-request-changes');
    const [proofMail] = (await inbox(buyer.email)).filter((m) => m.template === 'commission-proof');
    expect(proofMail?.subject).toBe('A new proof is ready for you to look at: Rattan lamp');
  });
});
