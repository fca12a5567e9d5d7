import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { TEST_CARDS, type CardBrand, type TCardDetails } from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import { brandOf, CardRejected, expired, luhnValid, type AuthorizeRequest, type CardToken, type GatewayOutcome, type PaymentGateway } from './gateway.js';

type Behaviour = 'succeed' | 'decline' | 'insufficient_funds' | 'three_d_secure';

/** What each documented test number does; any other valid number succeeds. */
const BEHAVIOURS: Record<string, Behaviour> = {
  [TEST_CARDS.declined]: 'decline',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [TEST_CARDS.requiresAction]: 'three_d_secure',
};

const DECLINE_REASONS: Partial<Record<Behaviour, string>> = { decline: 'card_declined', insufficient_funds: 'insufficient_funds' };

/**
 * The built-in test gateway of the embedded default: it behaves like a card provider (tokens,
 * authorisations, a second confirmation step, captures, refunds, idempotency keys) and keeps its own
 * books in its test_gateway_* tables, which hold a card's behaviour, brand, last four digits and
 * expiry but never its number or CVC. Test numbers: TEST_CARDS in the contracts, docs/payments.md.
 */
export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  private readonly db: Kysely<Database>;
  private readonly now: () => number;

  constructor(options: { db: Kysely<Database>; now?: () => number }) {
    this.db = options.db;
    this.now = options.now ?? Date.now;
  }

  async tokenize(details: TCardDetails): Promise<CardToken> {
    const digits = details.number.replace(/\s+/g, '');
    if (!luhnValid(digits)) throw new CardRejected('CARD_INVALID');
    if (expired(details.expMonth, details.expYear, this.now())) throw new CardRejected('CARD_EXPIRED');
    const card: CardToken = { token: `tok_test_${randomBytes(12).toString('hex')}`, brand: brandOf(digits), last4: digits.slice(-4), expMonth: details.expMonth, expYear: details.expYear };
    await this.db
      .insertInto('test_gateway_cards')
      .values({ token: card.token, behaviour: BEHAVIOURS[digits] ?? 'succeed', brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear, created_at: this.now() })
      .execute();
    return card;
  }

  async describe(token: string): Promise<CardToken> {
    const row = await this.db.selectFrom('test_gateway_cards').selectAll().where('token', '=', token).executeTakeFirst();
    if (!row) throw new CardRejected('CARD_INVALID');
    return { token, brand: row.brand as CardBrand, last4: row.last4, expMonth: Number(row.exp_month), expYear: Number(row.exp_year) };
  }

  async authorize(request: AuthorizeRequest): Promise<GatewayOutcome> {
    return this.once(`authorize:${request.idempotencyKey}`, async () => {
      const card = await this.db.selectFrom('test_gateway_cards').selectAll().where('token', '=', request.token).executeTakeFirst();
      if (!card) return declined('invalid_token', null);
      const facts = { brand: card.brand as CardBrand, last4: card.last4 };
      const behaviour = card.behaviour as Behaviour;
      if (DECLINE_REASONS[behaviour]) return declined(DECLINE_REASONS[behaviour] as string, facts);
      const ref = `tp_${randomBytes(12).toString('hex')}`;
      const status = behaviour === 'three_d_secure' ? 'requires_action' : request.capture ? 'captured' : 'authorised';
      await this.db
        .insertInto('test_gateway_payments')
        .values({ ref, token: request.token, amount: request.amount, currency: request.currency, status: behaviour === 'three_d_secure' ? `requires_action:${request.capture ? 'capture' : 'hold'}` : status, amount_captured: status === 'captured' ? request.amount : 0, amount_refunded: 0, created_at: this.now() })
        .execute();
      return { status, providerRef: ref, declineReason: null, action: status === 'requires_action' ? { clientSecret: null, redirectUrl: null } : null, card: facts };
    });
  }

  async confirm(providerRef: string, result: 'complete' | 'fail' | undefined): Promise<GatewayOutcome> {
    const payment = await this.payment(providerRef);
    const card = await this.db.selectFrom('test_gateway_cards').select(['brand', 'last4']).where('token', '=', payment.token).executeTakeFirst();
    const facts = card ? { brand: card.brand as CardBrand, last4: card.last4 } : null;
    if (payment.status.startsWith('requires_action')) {
      if (result !== 'complete') {
        await this.db.updateTable('test_gateway_payments').set({ status: 'declined' }).where('ref', '=', providerRef).execute();
        return { ...declined('authentication_failed', facts), providerRef };
      }
      const capture = payment.status.endsWith(':capture');
      await this.db
        .updateTable('test_gateway_payments')
        .set({ status: capture ? 'captured' : 'authorised', amount_captured: capture ? payment.amount : 0 })
        .where('ref', '=', providerRef)
        .where('status', '=', payment.status)
        .execute();
    }
    const now = await this.payment(providerRef);
    return {
      status: now.status === 'declined' ? 'declined' : (now.status as GatewayOutcome['status']),
      providerRef,
      declineReason: now.status === 'declined' ? 'authentication_failed' : null,
      action: null,
      card: facts,
    };
  }

  async capture(providerRef: string, amount: number, idempotencyKey: string): Promise<void> {
    await this.once(`capture:${idempotencyKey}`, async () => {
      await this.db.updateTable('test_gateway_payments').set({ status: 'captured', amount_captured: amount }).where('ref', '=', providerRef).where('status', '=', 'authorised').execute();
      return null;
    });
  }

  async cancel(providerRef: string, idempotencyKey: string): Promise<void> {
    await this.once(`cancel:${idempotencyKey}`, async () => {
      await this.db.updateTable('test_gateway_payments').set({ status: 'cancelled' }).where('ref', '=', providerRef).where('status', 'in', ['authorised', 'requires_action:capture', 'requires_action:hold']).execute();
      return null;
    });
  }

  async refund(providerRef: string, amount: number, idempotencyKey: string): Promise<{ providerRef: string }> {
    return this.once(`refund:${idempotencyKey}`, async () => {
      const updated = await this.db
        .updateTable('test_gateway_payments')
        .set((eb) => ({ amount_refunded: eb('amount_refunded', '+', amount) }))
        .where('ref', '=', providerRef)
        .where('status', '=', 'captured')
        .where((eb) => eb(eb('amount_refunded', '+', amount), '<=', eb.ref('amount_captured')))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new Error(`test gateway: nothing to refund on ${providerRef}`);
      return { providerRef: `tr_${randomBytes(12).toString('hex')}` };
    });
  }

  webhook(): null {
    return null;
  }

  /** The gateway's payment, for tests: what it captured and refunded. */
  async payment(ref: string) {
    const row = await this.db.selectFrom('test_gateway_payments').selectAll().where('ref', '=', ref).executeTakeFirst();
    if (!row) throw new Error(`test gateway: no payment ${ref}`);
    return { ...row, amount: Number(row.amount), amount_captured: Number(row.amount_captured), amount_refunded: Number(row.amount_refunded) };
  }

  /** Answers a key's first result again, as a provider's idempotency keys do. */
  private async once<T>(key: string, run: () => Promise<T>): Promise<T> {
    const done = await this.db.selectFrom('test_gateway_requests').select('result').where('idempotency_key', '=', key).executeTakeFirst();
    if (done) return JSON.parse(done.result) as T;
    const result = await run();
    await this.db
      .insertInto('test_gateway_requests')
      .values({ idempotency_key: key, result: JSON.stringify(result ?? null), created_at: this.now() })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    return result;
  }
}

function declined(reason: string, card: GatewayOutcome['card']): GatewayOutcome {
  return { status: 'declined', providerRef: null, declineReason: reason, action: null, card };
}
