import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@tessera/contracts';
import { createTestApp } from '../../test/app.js';
import { cardDetails, getWallet, ledger, newKey, race, topUp } from '../../test/money.js';
import { createBuyer } from '../../test/roles.js';
import { AppError } from '../../lib/errors.js';

const { app } = await createTestApp();
const { wallet } = app.services.money;

describe('GET /v1/profile/wallet', () => {
  it('shows a new buyer an empty wallet in euros: balance, current credit, no recent transactions', async () => {
    const buyer = await createBuyer(app);
    const response = await getWallet(app, buyer.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      balance: { amount: 0, currency: 'EUR' },
      currentCredit: { amount: 0, currency: 'EUR' },
      balanceInRequestedCurrency: { amount: 0, currency: 'EUR' },
      recentTransactions: [],
      nextCursor: null,
    });
  });

  it('needs a signed-in buyer: without a token it answers 401', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/profile/wallet' })).statusCode).toBe(401);
  });

  it('shows the balance in the currency of the currencycode header, converted at the store team’s rate', async () => {
    const buyer = await createBuyer(app);
    await topUp(app, buyer.token, { amount: 10_00 });
    const response = await getWallet(app, buyer.token, { currencycode: 'INR', currencysymbol: '₹' });
    expect(response.json().data.balance).toEqual({ amount: 10_00, currency: 'EUR' });
    // 10 EUR at 90.5 INR per euro.
    expect(response.json().data.balanceInRequestedCurrency).toEqual({ amount: 905_00, currency: 'INR' });
  });
});

describe('POST /v1/profile/wallet/topups', () => {
  it('charges the card once and credits the wallet with an ENTRY; the same key again changes nothing', async () => {
    const buyer = await createBuyer(app);
    const key = newKey();
    const first = await topUp(app, buyer.token, { amount: 50_00, key });
    expect(first.statusCode).toBe(200);
    const { payment, wallet: after } = first.json().data;
    expect(payment).toMatchObject({ status: 'captured', amount: { amount: 50_00, currency: 'EUR' }, card: { brand: 'visa', last4: '4242' }, declineReason: null });
    expect(after.balance).toEqual({ amount: 50_00, currency: 'EUR' });
    expect(after.recentTransactions).toEqual([
      expect.objectContaining({ type: 'ENTRY', kind: 'topup', amount: { amount: 50_00, currency: 'EUR' }, balanceAfter: { amount: 50_00, currency: 'EUR' } }),
    ]);

    const again = await topUp(app, buyer.token, { amount: 50_00, key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.payment.paymentRef).toBe(payment.paymentRef);
    expect(again.json().data.wallet.balance.amount).toBe(50_00);
    expect(await ledger(app, buyer.userId)).toEqual({ balance: 50_00, sum: 50_00, entries: 1 });
    const charges = await app.db.kysely.selectFrom('test_gateway_payments').selectAll().where('amount', '=', 50_00).execute();
    const mine = await app.db.kysely.selectFrom('payments').select('provider_ref').where('user_id', '=', buyer.userId).execute();
    expect(mine).toHaveLength(1);
    expect(charges.filter((c) => c.ref === mine[0]?.provider_ref)).toHaveLength(1);
  });

  it('refuses a request without an Idempotency-Key header, naming it, and charges nothing', async () => {
    const buyer = await createBuyer(app);
    const response = await topUp(app, buyer.token, { amount: 20_00, key: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field: 'idempotency-key' });
    expect(await ledger(app, buyer.userId)).toEqual({ balance: 0, sum: 0, entries: 0 });
  });

  it('refuses the same key with a different amount (422, as checkout answers it) instead of answering the first payment', async () => {
    const buyer = await createBuyer(app);
    const key = newKey();
    await topUp(app, buyer.token, { amount: 20_00, key });
    const response = await topUp(app, buyer.token, { amount: 30_00, key, headers: { language: 'es' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'Esta clave de solicitud ya se usó para otra solicitud.' });
    expect((await ledger(app, buyer.userId)).balance).toBe(20_00);
  });

  it('answers a declined card 402 in the buyer’s language with the decline reason, and credits nothing', async () => {
    const buyer = await createBuyer(app);
    const response = await topUp(app, buyer.token, { amount: 20_00, card: { details: cardDetails(TEST_CARDS.declined) }, headers: { language: 'ar' } });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: 'CARD_DECLINED', message: 'تم رفض البطاقة. جرّب بطاقة أخرى أو طريقة دفع أخرى.', data: { payment: { status: 'declined', declineReason: 'card_declined' } } });
    const short = await topUp(app, buyer.token, { amount: 20_00, card: { details: cardDetails(TEST_CARDS.insufficientFunds) } });
    expect(short.json().data.payment.declineReason).toBe('insufficient_funds');
    expect(await ledger(app, buyer.userId)).toEqual({ balance: 0, sum: 0, entries: 0 });
  });

  it('refuses a card number that fails its checksum, and an expired card, with 400 on card', async () => {
    const buyer = await createBuyer(app);
    const bad = await topUp(app, buyer.token, { amount: 20_00, card: { details: cardDetails('4242424242424241') } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'CARD_INVALID', field: 'card' });
    const old = await topUp(app, buyer.token, { amount: 20_00, card: { details: cardDetails(TEST_CARDS.success, { expYear: 2020 }) } });
    expect(old.json()).toMatchObject({ code: 'CARD_EXPIRED', field: 'card' });
    const letters = await topUp(app, buyer.token, { amount: 20_00, card: { details: cardDetails('4242-4242-4242-4242') } });
    expect(letters.statusCode).toBe(400);
    const tooSmall = await topUp(app, buyer.token, { amount: 0 });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().field).toBe('amount');
    expect(await ledger(app, buyer.userId)).toEqual({ balance: 0, sum: 0, entries: 0 });
  });

  it('waits for the second step of a 3-D Secure card, then credits once when it is completed', async () => {
    const buyer = await createBuyer(app);
    const started = await topUp(app, buyer.token, { amount: 25_00, card: { details: cardDetails(TEST_CARDS.requiresAction) } });
    expect(started.statusCode).toBe(200);
    const { payment } = started.json().data;
    expect(payment).toMatchObject({ status: 'requires_action', action: { type: 'three_d_secure' } });
    expect(started.json().data.wallet).toBeNull();
    expect((await ledger(app, buyer.userId)).balance).toBe(0);

    const confirm = () => app.inject({ method: 'POST', url: `/v1/profile/wallet/topups/${payment.paymentRef}/confirm`, headers: { authorization: buyer.token }, payload: { result: 'complete' } });
    const done = await confirm();
    expect(done.statusCode).toBe(200);
    expect(done.json().data.payment.status).toBe('captured');
    expect(done.json().data.wallet.balance.amount).toBe(25_00);
    expect((await confirm()).json().data.wallet.balance.amount).toBe(25_00);
    expect(await ledger(app, buyer.userId)).toEqual({ balance: 25_00, sum: 25_00, entries: 1 });
  });

  it('credits nothing when the second step fails, and another buyer cannot confirm it (404)', async () => {
    const buyer = await createBuyer(app);
    const other = await createBuyer(app);
    const started = await topUp(app, buyer.token, { amount: 25_00, card: { details: cardDetails(TEST_CARDS.requiresAction) } });
    const ref = started.json().data.payment.paymentRef as string;
    const url = `/v1/profile/wallet/topups/${ref}/confirm`;
    expect((await app.inject({ method: 'POST', url, headers: { authorization: other.token }, payload: { result: 'complete' } })).statusCode).toBe(404);
    const failed = await app.inject({ method: 'POST', url, headers: { authorization: buyer.token }, payload: { result: 'fail' } });
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({ code: 'PAYMENT_ACTION_FAILED', data: { payment: { status: 'declined', declineReason: 'authentication_failed' } } });
    expect(await ledger(app, buyer.userId)).toEqual({ balance: 0, sum: 0, entries: 0 });
  });

  it('pays with a saved card by its id, and refuses another buyer’s card id', async () => {
    const buyer = await createBuyer(app);
    const other = await createBuyer(app);
    const saved = await app.inject({ method: 'POST', url: '/v1/profile/cards', headers: { authorization: buyer.token }, payload: { details: cardDetails(TEST_CARDS.successMastercard) } });
    const cardId = saved.json().data.id as string;
    const paid = await topUp(app, buyer.token, { amount: 15_00, card: { savedCardId: cardId } });
    expect(paid.json().data.payment).toMatchObject({ status: 'captured', card: { brand: 'mastercard', last4: '4444' } });
    const stolen = await topUp(app, other.token, { amount: 15_00, card: { savedCardId: cardId } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().field).toBe('card.savedCardId');
  });
});

describe('the wallet ledger', () => {
  it('never lets parallel debits overdraw: exactly as many succeed as the balance covers, and the balance is the sum of the entries', async () => {
    const buyer = await createBuyer(app);
    await app.db.kysely.transaction().execute((trx) => wallet.credit(trx, { userId: buyer.userId, amount: 100_00, currency: 'EUR', kind: 'adjustment' }));
    const { fulfilled, rejected } = await race(30, (i) =>
      app.db.kysely.transaction().execute((trx) => wallet.debit(trx, { userId: buyer.userId, amount: 7_00, currency: 'EUR', orderId: `order-${i}` })),
    );
    expect(fulfilled).toHaveLength(14);
    expect(rejected).toHaveLength(16);
    for (const error of rejected) expect(error).toMatchObject({ code: 'WALLET_INSUFFICIENT' });
    expect(await ledger(app, buyer.userId)).toEqual({ balance: 2_00, sum: 2_00, entries: 15 });
    const view = await getWallet(app, buyer.token);
    expect(view.json().data.recentTransactions[0]).toMatchObject({ type: 'SHOPPING', kind: 'order_payment', amount: { amount: -7_00, currency: 'EUR' } });
  });

  it('writes a refund once however often it is driven, and a debit rolled back with its order leaves no trace', async () => {
    const buyer = await createBuyer(app);
    const refund = () =>
      app.db.kysely.transaction().execute((trx) => wallet.credit(trx, { userId: buyer.userId, amount: 12_34, currency: 'EUR', kind: 'refund', orderId: 'o-1', idempotencyKey: 'refund:o-1' }));
    await refund();
    await refund();
    expect(await ledger(app, buyer.userId)).toEqual({ balance: 12_34, sum: 12_34, entries: 1 });
    await expect(
      app.db.kysely.transaction().execute(async (trx) => {
        await wallet.debit(trx, { userId: buyer.userId, amount: 10_00, currency: 'EUR', orderId: 'o-2' });
        throw new AppError('CONFLICT');
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await ledger(app, buyer.userId)).toEqual({ balance: 12_34, sum: 12_34, entries: 1 });
  });

  it('converts a move in another currency to the wallet’s euros at the current rate', async () => {
    const buyer = await createBuyer(app);
    const entry = await app.db.kysely.transaction().execute((trx) => wallet.credit(trx, { userId: buyer.userId, amount: 905_00, currency: 'INR', kind: 'refund' }));
    expect(entry).toMatchObject({ amount: 10_00, currency: 'EUR', label: 'ENTRY' });
  });

  it('pages recent transactions newest first with a cursor', async () => {
    const buyer = await createBuyer(app);
    for (let i = 1; i <= 5; i++) await app.db.kysely.transaction().execute((trx) => wallet.credit(trx, { userId: buyer.userId, amount: i * 100, currency: 'EUR', kind: 'adjustment' }));
    const first = await app.inject({ method: 'GET', url: '/v1/profile/wallet?limit=3', headers: { authorization: buyer.token } });
    expect(first.json().data.recentTransactions.map((t: { amount: { amount: number } }) => t.amount.amount)).toEqual([500, 400, 300]);
    const cursor = first.json().data.nextCursor as string;
    const second = await app.inject({ method: 'GET', url: `/v1/profile/wallet?limit=3&cursor=${encodeURIComponent(cursor)}`, headers: { authorization: buyer.token } });
    expect(second.json().data.recentTransactions.map((t: { amount: { amount: number } }) => t.amount.amount)).toEqual([200, 100]);
    expect(second.json().data.nextCursor).toBeNull();
    const forged = await app.inject({ method: 'GET', url: '/v1/profile/wallet?cursor=abc.def', headers: { authorization: buyer.token } });
    expect(forged.statusCode).toBe(400);
  });
});
