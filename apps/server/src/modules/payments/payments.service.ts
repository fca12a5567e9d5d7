import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { CardBrand, PaymentStatus, TCardSource, TPaymentOutcome } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { EventsService, OutboxEvent } from '../events/index.js';
import type { Executor } from '../wallet/index.js';
import { CardRejected, GatewayUnavailable, type CardToken, type GatewayOutcome, type PaymentGateway } from './gateways/gateway.js';
import { SavedCardsService } from './saved-cards.service.js';

type PaymentRow = Database['payments'];

/** `commission`: a commission's deposit or balance (modules/commissions; orderRef `<commission id>:<stage>`). */
export type PaymentPurpose = 'order' | 'wallet_topup' | 'commission';

/** Told, inside the transaction that records it, when a payment of a purpose is captured (or authorised). */
export type SettledHandler = (trx: Transaction<Database>, payment: PaymentRecord) => Promise<void>;

export interface PaymentRecord {
  id: string;
  userId: string;
  purpose: PaymentPurpose;
  orderRef: string | null;
  amount: number;
  currency: string;
  status: PaymentStatus;
  capturedAmount: number;
  refundedAmount: number;
}

export interface AuthorizeOptions {
  userId: string;
  purpose?: PaymentPurpose;
  /** The order this pays (checkout makes the order id first), or null (a wallet top-up). */
  orderRef: string | null;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  card: TCardSource;
  /** The client's retry key: the same key answers the same payment, never a second charge. */
  idempotencyKey: string;
  /** true (default): captured at once; false: only authorised, captured later by `capture`. */
  capture?: boolean;
  description?: string;
}

const REFUND_EVENT = 'payments.refund';
interface RefundPayload {
  refundId: string;
}

/**
 * Card payments through the provider port (issue #11 §3). A payment is a row before the provider
 * is called (status pending) and holds the provider's answer after; the provider gets the row's id
 * as its idempotency key, so a retry (same client key) after a crash or a timeout re-asks the
 * provider and can never charge twice. A decline is an outcome, not an error.
 *
 * For buy-core's checkout (a named step with its undo):
 *   step:  `authorize({ userId, orderRef: orderId, amount, currency, card, idempotencyKey })`
 *          → status 'captured' (paid), 'requires_action' (answer the action to the buyer, who then
 *          calls `confirmAction`), or 'declined' (no order; `declineReason`)
 *   undo:  `voidPayment({ paymentRef })` — cancels an authorisation or refunds a capture in full.
 *   in the order's transaction: `attachToOrder(trx, { paymentRef, orderId })`.
 *   refunds (cancellations): `requestRefund(trx, { paymentRef, amount, key })` in the cancelling
 *   transaction; the provider is called after commit from the events outbox.
 */
export class PaymentsService {
  private readonly db: Kysely<Database>;
  readonly gateway: PaymentGateway;
  readonly cards: SavedCardsService;
  private readonly events: EventsService;
  private readonly log: FastifyBaseLogger;
  private readonly now: () => number;
  private readonly settled = new Map<PaymentPurpose, SettledHandler>();
  private readonly actionListeners: Array<(payment: PaymentRecord) => Promise<void>> = [];

  private readonly reconcileAfterMs: number;

  constructor(options: { db: Kysely<Database>; gateway: PaymentGateway; events: EventsService; log: FastifyBaseLogger; now?: () => number; reconcileAfterSeconds?: number }) {
    this.db = options.db;
    this.reconcileAfterMs = (options.reconcileAfterSeconds ?? 300) * 1000;
    this.gateway = options.gateway;
    this.events = options.events;
    this.log = options.log;
    this.now = options.now ?? Date.now;
    this.cards = new SavedCardsService({ db: options.db, gateway: options.gateway, now: this.now });
    this.events.on<RefundPayload>(REFUND_EVENT, (event) => this.deliverRefund(event));
  }

  /** Registers what happens when a payment of this purpose is captured (the wallet credits a top-up). */
  onSettled(purpose: PaymentPurpose, handler: SettledHandler): void {
    this.settled.set(purpose, handler);
  }

  /**
   * Told after a payment that waited got its answer: its second step (3-D Secure), through
   * `confirmAction` or the provider's webhook, or a lost answer, through the webhook or `reconcile`.
   * Checkout completes (or gives up) the order that waited, before the confirm request is answered.
   * A listener's failure is logged, not answered.
   */
  onActionSettled(listener: (payment: PaymentRecord) => Promise<void>): void {
    this.actionListeners.push(listener);
  }

  private async actionSettled(row: PaymentRow): Promise<PaymentRow> {
    for (const listener of this.actionListeners) {
      await listener(toRecord(row)).catch((error: unknown) => this.log.warn({ paymentId: row.id, err: error }, 'a payment listener failed'));
    }
    return this.actionListeners.length > 0 ? this.find(row.id) : row;
  }

  /** The payment a client's key asked for (a checkout run's), or undefined when it never reached here. */
  async findByKey(userId: string, idempotencyKey: string): Promise<(PaymentRecord & { outcome: TPaymentOutcome }) | undefined> {
    const row = await this.byKey(userId, idempotencyKey);
    return row ? { ...toRecord(row), outcome: this.outcome(row) } : undefined;
  }

  async authorize(options: AuthorizeOptions): Promise<TPaymentOutcome> {
    if (!Number.isSafeInteger(options.amount) || options.amount <= 0) throw new AppError('VALIDATION', 'amount');
    const purpose = options.purpose ?? 'order';
    const requestHash = hashRequest({ purpose, orderRef: options.orderRef, amount: options.amount, currency: options.currency.toUpperCase(), card: cardIdentity(options.card) });
    const existing = await this.byKey(options.userId, options.idempotencyKey);
    if (existing) {
      if (existing.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'idempotencyKey');
      // A pending row is an attempt whose answer was lost (a crash, a timeout): ask the provider again, same key.
      if (existing.status !== 'pending') return this.outcome(existing);
    }
    const wantsSaved = 'save' in options.card && options.card.save === true;
    const card = await this.resolveCard(options.userId, options.card, wantsSaved);
    const row = existing ?? (await this.insertPending({ ...options, purpose, requestHash, card }));
    let answer: GatewayOutcome;
    try {
      answer = await this.gateway.authorize({
        amount: row.amount,
        currency: row.currency,
        token: card.token,
        idempotencyKey: `pay_${row.id}`,
        paymentId: row.id,
        description: options.description ?? (purpose === 'wallet_topup' ? 'Tessera wallet top-up' : `Tessera order ${options.orderRef ?? row.id}`),
        capture: options.capture ?? true,
      });
    } catch (error) {
      if (error instanceof GatewayUnavailable && error.answerLost) {
        // The provider may have charged and only its answer was lost: the row stays pending until
        // the provider's webhook or reconcile() learns what happened. The caller must not give up yet.
        this.log.warn({ paymentId: row.id, err: error.message }, 'payment provider answer lost; the payment stays pending until it is reconciled');
        throw new AppError('PAYMENT_PENDING');
      }
      if (error instanceof GatewayUnavailable) {
        this.log.warn({ paymentId: row.id, err: error.message }, 'payment provider unavailable; the payment stays pending');
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
      }
      throw error;
    }
    const saved = await this.record(row.id, answer);
    if (answer.status !== 'declined' && wantsSaved) {
      await this.cards.keep({ userId: options.userId, card });
    }
    this.log.info({ paymentId: row.id, provider: this.gateway.name, status: saved.status, brand: card.brand, last4: card.last4 }, 'card payment');
    return this.outcome(saved);
  }

  /**
   * Settles the payments whose provider's answer was lost (issue #11 §3): every payment still
   * 'pending' `reconcileAfterSeconds` after it was created is looked up at the provider by the
   * payment id `authorize` sent with it. Succeeded: captured (the purpose's settled handler runs)
   * and the listeners are told, so checkout places the order that waited; declined or cancelled
   * there: recorded so, and checkout gives the stock back; never received: declined
   * ('not_received'). Runs from a timer (startReconciling); answers how many were settled.
   */
  async reconcile(now = this.now()): Promise<number> {
    const { find } = this.gateway;
    if (!find) return 0;
    const stale = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('status', '=', 'pending')
      .where('provider', '=', this.gateway.name)
      .where('created_at', '<', now - this.reconcileAfterMs)
      .orderBy('created_at')
      .limit(100)
      .execute();
    let settled = 0;
    for (const row of stale) {
      let answer: GatewayOutcome | null;
      try {
        answer = await find.call(this.gateway, row.id);
      } catch (error) {
        this.log.warn({ paymentId: row.id, err: error instanceof Error ? error.message : String(error) }, 'payment reconciliation: the provider did not answer; tried again later');
        continue;
      }
      const outcome: GatewayOutcome = answer ?? { status: 'declined', providerRef: null, declineReason: 'not_received', action: null, card: null };
      // Guarded on 'pending': a webhook or a client's retry that recorded it meanwhile wins.
      const recorded = await this.record(row.id, outcome, undefined, 'pending');
      if (!recorded) continue;
      this.log.info({ paymentId: row.id, status: recorded.status, providerRef: recorded.provider_ref }, 'payment reconciled');
      await this.actionSettled(recorded);
      settled++;
    }
    return settled;
  }

  /** Runs reconcile() every `everyMs` until the returned stop is called. */
  startReconciling(everyMs = 60_000): () => void {
    if (!this.gateway.find) return () => undefined;
    const run = () => void this.reconcile().catch((error: unknown) => this.log.warn({ err: error }, 'payment reconciliation failed'));
    const timer = setInterval(run, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The buyer's second step (3-D Secure) is done: read its result and record it. */
  async confirmAction(options: { userId: string; paymentRef: string; result?: 'complete' | 'fail' | undefined }): Promise<TPaymentOutcome> {
    const row = await this.own(options.userId, options.paymentRef);
    if (row.status !== 'requires_action' || !row.provider_ref) {
      if (['captured', 'authorised', 'declined'].includes(row.status)) return this.outcome(row);
      throw new AppError('PAYMENT_NOT_PENDING');
    }
    const answer = await this.withProvider(() => this.gateway.confirm(row.provider_ref as string, options.result));
    const recorded = await this.record(row.id, answer);
    return this.outcome(recorded.status === 'requires_action' ? recorded : await this.actionSettled(recorded));
  }

  /** Captures an authorised payment (when it was authorised with capture: false). */
  async capture(options: { paymentRef: string; amount?: number }): Promise<TPaymentOutcome> {
    const row = await this.find(options.paymentRef);
    if (row.status === 'captured') return this.outcome(row);
    if (row.status !== 'authorised' || !row.provider_ref) throw new AppError('PAYMENT_NOT_PENDING');
    const amount = options.amount ?? row.amount;
    await this.withProvider(() => this.gateway.capture(row.provider_ref as string, amount, `capture_${row.id}`));
    return this.outcome(await this.record(row.id, { status: 'captured', providerRef: row.provider_ref, declineReason: null, action: null, card: null }, amount));
  }

  /**
   * Checkout's undo: a payment whose order was not created is cancelled (authorised) or refunded in
   * full (captured). Idempotent.
   */
  async voidPayment(options: { paymentRef: string }): Promise<void> {
    const row = await this.find(options.paymentRef);
    if (row.status === 'authorised' || row.status === 'requires_action') {
      if (row.provider_ref) await this.withProvider(() => this.gateway.cancel(row.provider_ref as string, `cancel_${row.id}`));
      await this.db.updateTable('payments').set({ status: 'cancelled', updated_at: this.now() }).where('id', '=', row.id).execute();
      return;
    }
    if (row.status === 'captured' || row.status === 'partially_refunded') {
      const rest = Number(row.captured_amount) - Number(row.refunded_amount);
      if (rest > 0) await this.events.commit((trx) => this.requestRefund(trx, { paymentRef: row.id, amount: rest, key: `void:${row.id}`, reason: 'order not created' }));
    }
  }

  /** Marks, in the order's transaction, that the payment belongs to the order. */
  async attachToOrder(trx: Executor, options: { paymentRef: string; orderId: string }): Promise<void> {
    await trx.updateTable('payments').set({ order_ref: options.orderId, updated_at: this.now() }).where('id', '=', options.paymentRef).execute();
  }

  /**
   * A refund to the card, asked in the caller's transaction (a cancellation, a manual refund): the
   * refund row and its event commit with the change; the provider is called after commit from the
   * events outbox, with the refund's id as idempotency key. The same `key` twice is one refund.
   * Refunds above what is left on the payment are refused (VALIDATION amount).
   */
  async requestRefund(trx: Transaction<Database>, options: { paymentRef: string; amount: number; key: string; reason?: string }): Promise<{ refundId: string }> {
    const done = await trx.selectFrom('payment_refunds').select('id').where('idempotency_key', '=', options.key).executeTakeFirst();
    if (done) return { refundId: done.id };
    if (!Number.isSafeInteger(options.amount) || options.amount <= 0) throw new AppError('VALIDATION', 'amount');
    // Guarded: the refunded total never passes what was captured.
    const updated = await trx
      .updateTable('payments')
      .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', options.amount), updated_at: this.now() }))
      .where('id', '=', options.paymentRef)
      .where('status', 'in', ['captured', 'partially_refunded'])
      .where((eb) => eb(eb('refunded_amount', '+', options.amount), '<=', eb.ref('captured_amount')))
      .returning(['refunded_amount', 'captured_amount', 'currency'])
      .executeTakeFirst();
    if (!updated) throw new AppError('VALIDATION', 'amount', 'more than is left to refund');
    await trx
      .updateTable('payments')
      .set({ status: Number(updated.refunded_amount) >= Number(updated.captured_amount) ? 'refunded' : 'partially_refunded' })
      .where('id', '=', options.paymentRef)
      .execute();
    const refundId = newId();
    const now = this.now();
    await trx
      .insertInto('payment_refunds')
      .values({ id: refundId, payment_id: options.paymentRef, amount: options.amount, currency: updated.currency, status: 'pending', reason: options.reason ?? null, idempotency_key: options.key, provider_ref: null, failure: null, created_at: now, updated_at: now })
      .execute();
    await this.events.enqueue(trx, { kind: REFUND_EVENT, key: options.paymentRef, payload: { refundId } satisfies RefundPayload });
    return { refundId };
  }

  /** The refund's provider call, from the outbox (retried with backoff until the provider answers). */
  private async deliverRefund(event: OutboxEvent<RefundPayload>): Promise<void> {
    const refund = await this.db.selectFrom('payment_refunds').selectAll().where('id', '=', event.payload.refundId).executeTakeFirst();
    if (!refund || refund.status === 'succeeded') return;
    const payment = await this.find(refund.payment_id);
    if (!payment.provider_ref) return;
    const answer = await this.gateway.refund(payment.provider_ref, Number(refund.amount), `refund_${refund.id}`);
    await this.db.updateTable('payment_refunds').set({ status: 'succeeded', provider_ref: answer.providerRef, updated_at: this.now() }).where('id', '=', refund.id).execute();
  }

  /** The refunds of a payment, for order details and tests. */
  async refunds(paymentRef: string) {
    const rows = await this.db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentRef).orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, amount: Number(r.amount), currency: r.currency, status: r.status as 'pending' | 'succeeded' | 'failed', createdAt: Number(r.created_at) }));
  }

  async get(paymentRef: string): Promise<PaymentRecord & { outcome: TPaymentOutcome }> {
    const row = await this.find(paymentRef);
    return { ...toRecord(row), outcome: this.outcome(row) };
  }

  /** The payments of an order (one per checkout attempt that reached the provider). */
  async forOrder(orderRef: string): Promise<PaymentRecord[]> {
    const rows = await this.db.selectFrom('payments').selectAll().where('order_ref', '=', orderRef).orderBy('id').execute();
    return rows.map(toRecord);
  }

  /** A provider's webhook (Stripe): signature checked, each event handled once. */
  async handleWebhook(options: { rawBody: Buffer; signature: string | undefined }): Promise<void> {
    const event = this.gateway.webhook(options.rawBody, options.signature);
    if (!event) throw NotFound();
    const fresh = await this.db
      .insertInto('payment_webhook_events')
      .values({ id: event.id, provider: this.gateway.name, type: event.type, received_at: this.now() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(fresh.numInsertedOrUpdatedRows ?? 0n) === 0 || !event.providerRef || !event.outcome) return;
    try {
      const byRef = await this.db.selectFrom('payments').selectAll().where('provider', '=', this.gateway.name).where('provider_ref', '=', event.providerRef).executeTakeFirst();
      // A payment whose answer was lost does not know its provider reference yet: found by the id it sent.
      const row =
        byRef ??
        (event.paymentId
          ? await this.db.selectFrom('payments').selectAll().where('provider', '=', this.gateway.name).where('id', '=', event.paymentId).where('provider_ref', 'is', null).executeTakeFirst()
          : undefined);
      if (!row) return;
      // Only forward moves: a late 'requires_action' never undoes a capture already recorded.
      if (['pending', 'requires_action', 'authorised'].includes(row.status)) {
        const recorded = await this.record(row.id, event.outcome);
        // A second step done, or a lost answer learnt: the checkout that waited goes on.
        if (['requires_action', 'pending'].includes(row.status) && !['requires_action', 'pending'].includes(recorded.status)) await this.actionSettled(recorded);
      }
    } catch (error) {
      // Not handled after all: forget the event so that Stripe's next delivery of it is handled.
      await this.db.deleteFrom('payment_webhook_events').where('id', '=', event.id).execute();
      throw error;
    }
  }

  // Internals

  private async withProvider<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof GatewayUnavailable) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
      throw error;
    }
  }

  /** The card to charge; one to be saved is first made reusable with the provider (before its first use). */
  private async resolveCard(userId: string, source: TCardSource, forReuse = false): Promise<CardToken> {
    try {
      if ('savedCardId' in source) return await this.cards.tokenOf({ userId, id: source.savedCardId });
      const card = 'token' in source ? await this.gateway.describe(source.token) : await this.gateway.tokenize(source.details);
      return forReuse && this.gateway.prepareForReuse ? await this.gateway.prepareForReuse(card, userId) : card;
    } catch (error) {
      if (error instanceof CardRejected) throw new AppError(error.code, 'card');
      if (error instanceof GatewayUnavailable) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
      throw error;
    }
  }

  private async byKey(userId: string, key: string): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
  }

  private async insertPending(options: AuthorizeOptions & { purpose: PaymentPurpose; requestHash: string; card: CardToken }): Promise<PaymentRow> {
    const now = this.now();
    const row: PaymentRow = {
      id: newId(),
      user_id: options.userId,
      purpose: options.purpose,
      order_ref: options.orderRef,
      provider: this.gateway.name,
      provider_ref: null,
      idempotency_key: options.idempotencyKey,
      request_hash: options.requestHash,
      amount: options.amount,
      currency: options.currency.toUpperCase(),
      status: 'pending',
      captured_amount: 0,
      refunded_amount: 0,
      card_brand: options.card.brand,
      card_last4: options.card.last4,
      saved_card_id: 'savedCardId' in options.card ? (options.card as { savedCardId: string }).savedCardId : null,
      decline_reason: null,
      action_client_secret: null,
      action_redirect_url: null,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.db.insertInto('payments').values(row).execute();
      return row;
    } catch (error) {
      // The same key sent twice at once: the unique index lets one in; the other uses its row.
      const winner = await this.byKey(options.userId, options.idempotencyKey);
      if (winner) {
        if (winner.request_hash !== options.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'idempotencyKey');
        return winner;
      }
      throw error;
    }
  }

  /**
   * Records the provider's answer; a capture also runs the purpose's settled handler in the same
   * transaction. With `expected`, only a row still in that status is changed (undefined otherwise).
   */
  private async record(id: string, answer: GatewayOutcome, capturedAmount?: number): Promise<PaymentRow>;
  private async record(id: string, answer: GatewayOutcome, capturedAmount: number | undefined, expected: PaymentStatus): Promise<PaymentRow | undefined>;
  private async record(id: string, answer: GatewayOutcome, capturedAmount?: number, expected?: PaymentStatus): Promise<PaymentRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (expected !== undefined && before.status !== expected) return undefined;
      const captured = answer.status === 'captured' ? (capturedAmount ?? Number(before.amount)) : Number(before.captured_amount);
      const changes = {
        status: answer.status,
        provider_ref: answer.providerRef ?? before.provider_ref,
        decline_reason: answer.declineReason,
        action_client_secret: answer.action?.clientSecret ?? null,
        action_redirect_url: answer.action?.redirectUrl ?? null,
        captured_amount: captured,
        ...(answer.card ? { card_brand: answer.card.brand, card_last4: answer.card.last4 } : {}),
        updated_at: this.now(),
      };
      // Compare-and-set on the status read: two recorders at once (PostgreSQL) change it once.
      const moved = await trx.updateTable('payments').set(changes).where('id', '=', id).where('status', '=', before.status).executeTakeFirst();
      if (expected !== undefined && Number(moved.numUpdatedRows) !== 1) return undefined;
      const after = { ...before, ...changes };
      if (answer.status === 'captured' && before.status !== 'captured' && Number(moved.numUpdatedRows) === 1) {
        await this.settled.get(before.purpose as PaymentPurpose)?.(trx, toRecord(after));
      }
      return after;
    });
  }

  private async find(paymentRef: string): Promise<PaymentRow> {
    const row = await this.db.selectFrom('payments').selectAll().where('id', '=', paymentRef).executeTakeFirst();
    if (!row) throw NotFound();
    return row;
  }

  /** A buyer's own payment; anyone else's answers 404 as if it did not exist. */
  async own(userId: string, paymentRef: string): Promise<PaymentRow> {
    const row = await this.find(paymentRef);
    if (row.user_id !== userId) throw NotFound();
    return row;
  }

  outcome(row: PaymentRow): TPaymentOutcome {
    return {
      paymentRef: row.id,
      status: row.status as PaymentStatus,
      amount: { amount: Number(row.amount), currency: row.currency },
      declineReason: row.decline_reason,
      action: row.status === 'requires_action' ? { type: 'three_d_secure', clientSecret: row.action_client_secret, redirectUrl: row.action_redirect_url } : null,
      card: row.card_last4 ? { brand: (row.card_brand ?? 'unknown') as CardBrand, last4: row.card_last4 } : null,
    };
  }
}

function toRecord(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    userId: row.user_id,
    purpose: row.purpose as PaymentPurpose,
    orderRef: row.order_ref,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status as PaymentStatus,
    capturedAmount: Number(row.captured_amount),
    refundedAmount: Number(row.refunded_amount),
  };
}

/** What identifies the card of a request without its number: a saved card, a token, or last four and expiry. */
function cardIdentity(card: TCardSource): string {
  if ('savedCardId' in card) return `saved:${card.savedCardId}`;
  if ('token' in card) return `token:${card.token}`;
  const digits = card.details.number.replace(/\s+/g, '');
  return `typed:${digits.slice(-4)}:${card.details.expMonth}/${card.details.expYear}`;
}

function hashRequest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}
