import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Language, TAddress, TCheckoutRequest, TCheckoutResponse } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { prepared } from '../../db/prepared-query.js';
import type { AccountsService, AddressesService } from '../accounts/index.js';
import type { EventsService } from '../events/index.js';
import { type OrdersRepository, type PlacedPayment, recordPlacedOrder } from '../orders/index.js';
import type { CheckoutPlan } from './checkout-plan.js';
import type { PaymentOutcome } from './checkout-ports.js';
import { clearBoughtLines, planCheckout, reserve, unreserve, type StepDeps } from './checkout-steps.js';
import type { CheckoutRunsTable, CheckoutRunState } from './checkout.tables.js';

export type CheckoutResult = TCheckoutResponse['data'];

/** A run left 'reserved' this long is taken to be orphaned by a crash and is finished or undone. */
const STALE_RUN_MS = 30_000;
/** A payment's second step (3-D Secure) has this long before its reservation is given back. */
const ACTION_TIMEOUT_MS = 15 * 60_000;

/**
 * Placing an order (issue #11 §3; DESIGN §5; Medusa's complete-cart). The idempotency key names a
 * stored run (checkout_runs): a retry finds it and answers its result. The steps:
 *
 *   1. plan      — validate the buyer, the cart, the address, slots and payment; write nothing
 *   2. reserve   — stock and slots with guarded updates, promo use, points, wallet   (undo: unreserve)
 *   3. authorise — the card through the payments port, outside any transaction       (undo: cancel)
 *   4. record    — the order, its store orders and lines, history, events; the bought lines leave the cart
 *
 * Without a card to authorise (COD, wallet, points) steps 1, 2 and 4 are one transaction. With one,
 * step 2 commits with the run in 'reserved' (stock held), step 3 asks the provider with the run's id
 * as idempotency key, and step 4 commits the order — or the undo gives everything back and the run
 * is 'failed'. A run stuck in 'reserved' after a crash is finished or undone by recoverRuns().
 * When the provider's answer is lost (the card may have been charged), the run waits in
 * 'awaiting_payment' with the stock held, the client is told PAYMENT_PENDING, and the payments'
 * reconciliation (or the provider's webhook) later tells paymentSettled, which places the order or
 * gives everything back.
 */
export class CheckoutService {
  private readonly steps: StepDeps;

  constructor(
    private readonly deps: StepDeps & {
      db: Kysely<Database>;
      accounts: AccountsService;
      addresses: AddressesService;
      orders: OrdersRepository;
      outbox: EventsService;
    },
  ) {
    this.steps = deps;
  }

  /** `currency`: the buyer's (`currencycode`), an enabled one, else the store's; the order is charged in it. */
  async placeOrder(options: { userId: string; language: Language; currency?: string | undefined; input: TCheckoutRequest }): Promise<CheckoutResult> {
    const { userId, input } = options;
    const hash = requestHash(input);
    // The run of the key is not looked up first: inserting it (startRun) finds it. Only a refusal
    // here asks whether the key already has a run, whose answer a retry must get.
    let address: TAddress | null;
    try {
      await this.deps.accounts.assertMayCheckOut({ userId });
      address = await this.resolveAddress(userId, input);
    } catch (error) {
      const existing = await this.findRun(userId, input.idempotencyKey);
      if (existing) return this.resume(existing, hash);
      throw error;
    }
    const context = { ...options, address };

    if (input.paymentType !== 'Card') {
      // The order's events are written held by this process and delivered from memory after the
      // commit (events.commit with hold): no claim statement per checkout. The run is written once,
      // completed, after the stock is taken: its key's unique index still lets one request in (a
      // second one with the key rolls back whole and answers the first one's run).
      try {
        return await this.deps.outbox.commit(
          async (trx) => {
            const plan = await planCheckout(trx, this.steps, context);
            await reserve(trx, this.steps, plan);
            const payment: PlacedPayment = { status: 'not_required', ref: null };
            const runId = newId();
            const run = { userId, key: input.idempotencyKey, hash, state: 'completed' as const, orderId: plan.orderId, plan: JSON.stringify(plan), payment };
            if (!(await this.startRun(trx, run, runId))) throw new KeyTaken();
            await recordPlacedOrder(trx, { repository: this.deps.orders, events: this.deps.events }, { plan, runId, payment });
            await clearBoughtLines(trx, this.steps, plan);
            return this.completedAnswer(runId, plan, payment);
          },
          { hold: true },
        );
      } catch (error) {
        // The key has a run (this request's twin got there first, or this is a retry whose cart is
        // now empty): its answer. Else the refusal stands.
        const existing = await this.findRun(userId, input.idempotencyKey);
        if (existing) return this.resume(existing, hash);
        throw error;
      }
    }

    const reserved = await this.deps.db.transaction().execute(async (trx) => {
      const runId = await this.startRun(trx, { userId, key: input.idempotencyKey, hash, state: 'reserved' });
      if (!runId) return null;
      const plan = await planCheckout(trx, this.steps, context);
      await reserve(trx, this.steps, plan);
      await trx.updateTable('checkout_runs').set({ plan: JSON.stringify(plan), updated_at: Date.now() }).where('id', '=', runId).execute();
      return { runId, plan };
    });
    this.deps.outbox.nudge();
    if (!reserved) return this.resume((await this.findRun(userId, input.idempotencyKey))!, hash);

    // Points (or the wallet) may have covered all of it: nothing is left for the card to pay.
    if (reserved.plan.cardAmount <= 0) return this.afterPayment(reserved.runId, reserved.plan, null);

    let outcome: PaymentOutcome;
    try {
      outcome = await this.deps.money.payments!.authorize({
        orderRef: reserved.plan.orderId,
        buyerId: userId,
        amount: reserved.plan.cardAmount,
        currency: reserved.plan.currency,
        card: input.card!,
        idempotencyKey: reserved.runId,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'PAYMENT_PENDING') {
        // The answer was lost, not the payment: hold the stock until the provider says what happened.
        const asked = await this.deps.money.payments!.lookup({ buyerId: userId, idempotencyKey: reserved.runId });
        if (asked) return this.afterPayment(reserved.runId, reserved.plan, asked);
      }
      // Refused before any charge (a bad card number) or the provider did not answer: give everything back.
      await this.fail(reserved.runId, reserved.plan, error instanceof AppError ? error.code : 'INTERNAL');
      throw error;
    }
    return this.afterPayment(reserved.runId, reserved.plan, outcome);
  }

  /**
   * A payment that waited got its answer: its second step (POST /v1/payments/:ref/confirm or the
   * provider's webhook), or its lost answer (the payments' reconciliation or the webhook): the run
   * that waited becomes its order, or is undone when it was declined.
   */
  async paymentSettled(paymentRef: string): Promise<void> {
    const run = await this.deps.db.selectFrom('checkout_runs').selectAll().where('payment_ref', '=', paymentRef).where('state', 'in', ['awaiting_action', 'awaiting_payment']).executeTakeFirst();
    if (!run) return;
    const outcome = await this.deps.money.payments!.status({ paymentRef });
    if (outcome.status === 'pending' || (outcome.status === 'requires_action' && run.state === 'awaiting_action')) return;
    await this.afterPayment(run.id, JSON.parse(run.plan) as CheckoutPlan, outcome).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'PAYMENT_DECLINED')) throw error;
    });
  }

  /** Step 3's outcome decides: record the order, wait for the second step, or undo. Null: nothing to pay by card. */
  private async afterPayment(runId: string, plan: CheckoutPlan, outcome: PaymentOutcome | null): Promise<CheckoutResult> {
    if (outcome === null) {
      const payment: PlacedPayment = { status: 'not_required', ref: null };
      await this.deps.db.transaction().execute(async (trx) => {
        const moved = await trx.updateTable('checkout_runs').set({ state: 'completed', updated_at: Date.now() }).where('id', '=', runId).where('state', '=', 'reserved').executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 1) await this.record(trx, runId, plan, payment);
      });
      this.deps.outbox.nudge();
      return this.completedAnswer(runId, plan, payment);
    }
    if (outcome.status === 'declined') {
      await this.fail(runId, plan, 'PAYMENT_DECLINED');
      throw new AppError('PAYMENT_DECLINED', 'card');
    }
    if (outcome.status === 'pending') {
      await this.deps.db
        .updateTable('checkout_runs')
        .set({ state: 'awaiting_payment', payment_ref: outcome.paymentRef, payment_status: 'pending', updated_at: Date.now() })
        .where('id', '=', runId)
        .where('state', 'in', ['reserved', 'awaiting_payment'])
        .execute();
      throw new AppError('PAYMENT_PENDING');
    }
    if (outcome.status === 'requires_action') {
      await this.deps.db
        .updateTable('checkout_runs')
        .set({ state: 'awaiting_action', payment_ref: outcome.paymentRef, payment_status: 'requires_action', payment_action: JSON.stringify(outcome.action ?? null), updated_at: Date.now() })
        .where('id', '=', runId)
        .execute();
      return { checkoutId: runId, orderId: null, storeOrderIds: [], total: { amount: plan.totals.totalAfterTax, currency: plan.currency }, exchangeRate: plan.exchange ?? null, payment: { status: 'requires_action', paymentRef: outcome.paymentRef, action: outcome.action } };
    }
    const payment: PlacedPayment = { status: outcome.status, ref: outcome.paymentRef };
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        // Only a run still waiting may become an order (a concurrent resume could have finished it).
        const moved = await trx.updateTable('checkout_runs').set({ state: 'completed', updated_at: Date.now() }).where('id', '=', runId).where('state', 'in', ['reserved', 'awaiting_action', 'awaiting_payment']).executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return;
        await this.record(trx, runId, plan, payment);
      });
    } catch (error) {
      await this.deps.money.payments!.cancel({ paymentRef: outcome.paymentRef }).catch(() => undefined);
      await this.fail(runId, plan, 'INTERNAL');
      throw error;
    }
    this.deps.outbox.nudge();
    return this.completedAnswer(runId, plan, payment);
  }

  /** Step 4: the order and its parts, the run completed with it, the bought lines out of the cart. */
  private async record(trx: Transaction<Database>, runId: string, plan: CheckoutPlan, payment: PlacedPayment): Promise<void> {
    await recordPlacedOrder(trx, { repository: this.deps.orders, events: this.deps.events }, { plan, runId, payment });
    await clearBoughtLines(trx, this.steps, plan);
    await completeRun.execute(trx, runId, { state: 'completed', order_id: plan.orderId, plan: JSON.stringify(plan), payment_ref: payment.ref, payment_status: payment.status, updated_at: Date.now() });
  }

  /** The undo of step 2, and the run marked failed with why (a retry of the key answers the same). */
  private async fail(runId: string, plan: CheckoutPlan, code: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const moved = await trx.updateTable('checkout_runs').set({ state: 'failed', error_code: code, updated_at: Date.now() }).where('id', '=', runId).where('state', 'in', ['reserved', 'awaiting_action', 'awaiting_payment']).executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) await unreserve(trx, this.steps, plan);
    });
    this.deps.outbox.nudge();
  }

  /** A run found by its key: its answer, or where it stands. */
  private async resume(run: CheckoutRunsTable, hash: string): Promise<CheckoutResult> {
    if (run.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'idempotencyKey');
    const plan = JSON.parse(run.plan) as CheckoutPlan;
    switch (run.state) {
      case 'completed':
        return this.completedAnswer(run.id, plan, { status: (run.payment_status ?? 'not_required') as PlacedPayment['status'], ref: run.payment_ref });
      case 'failed':
        throw new AppError((run.error_code ?? 'INTERNAL') as 'PAYMENT_DECLINED');
      case 'awaiting_action': {
        const outcome = await this.deps.money.payments!.status({ paymentRef: run.payment_ref! });
        if (outcome.status === 'requires_action' && Date.now() - run.updated_at > ACTION_TIMEOUT_MS) {
          await this.fail(run.id, plan, 'PAYMENT_DECLINED');
          throw new AppError('PAYMENT_DECLINED', 'card');
        }
        return this.afterPayment(run.id, plan, outcome);
      }
      case 'awaiting_payment':
        // Still pending: afterPayment answers PAYMENT_PENDING again; settled: the order or the decline.
        return this.afterPayment(run.id, plan, await this.deps.money.payments!.status({ paymentRef: run.payment_ref! }));
      default:
        throw new AppError('CHECKOUT_IN_PROGRESS');
    }
  }

  /**
   * Finishes or undoes runs a crash left behind: 'reserved' ones older than a few seconds read
   * their payment (one still pending, asked but unanswered, waits for the payments' reconciliation
   * in 'awaiting_payment'); second steps never taken expire; an 'awaiting_payment' run whose payment
   * was settled without it being told (a crash in between) is finished or undone.
   */
  async recoverRuns(now = Date.now()): Promise<number> {
    const stale = await this.deps.db
      .selectFrom('checkout_runs')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('state', 'in', ['reserved', 'awaiting_payment']), eb('updated_at', '<', now - STALE_RUN_MS)]),
          eb.and([eb('state', '=', 'awaiting_action'), eb('updated_at', '<', now - ACTION_TIMEOUT_MS)]),
        ]),
      )
      .limit(100)
      .execute();
    for (const run of stale) {
      const plan = JSON.parse(run.plan) as CheckoutPlan;
      if (!plan.storeOrders) {
        await this.deps.db.updateTable('checkout_runs').set({ state: 'failed', error_code: 'INTERNAL', updated_at: now }).where('id', '=', run.id).where('state', '=', run.state).execute();
        continue;
      }
      const payments = this.deps.money.payments;
      // A crash between the provider's answer and the run's update leaves no reference: find it by the run's key.
      const outcome = !payments
        ? null
        : run.payment_ref
          ? await payments.status({ paymentRef: run.payment_ref }).catch(() => null)
          : await payments.lookup({ buyerId: run.user_id, idempotencyKey: run.id }).catch(() => null);
      if (outcome?.status === 'pending') {
        // Asked and unanswered: the card may be charged. The payments' reconciliation will say.
        if (run.state === 'reserved') await this.afterPayment(run.id, plan, outcome).catch(() => undefined);
        // Looked at again in a while, not on every round.
        else await this.deps.db.updateTable('checkout_runs').set({ updated_at: now }).where('id', '=', run.id).where('state', '=', 'awaiting_payment').execute();
        continue;
      }
      const paidFor = outcome?.status === 'authorised' || outcome?.status === 'captured';
      if (outcome && !paidFor && outcome.paymentRef) await payments?.cancel({ paymentRef: outcome.paymentRef }).catch(() => undefined);
      if (paidFor) await this.afterPayment(run.id, plan, outcome).catch(() => undefined);
      else await this.fail(run.id, plan, 'PAYMENT_DECLINED');
    }
    return stale.length;
  }

  private completedAnswer(runId: string, plan: CheckoutPlan, payment: PlacedPayment): CheckoutResult {
    return {
      checkoutId: runId,
      orderId: plan.orderId,
      storeOrderIds: plan.storeOrders.map((so) => so.storeOrderId),
      total: { amount: plan.totals.totalAfterTax, currency: plan.currency },
      exchangeRate: plan.exchange ?? null,
      payment: { status: payment.status, paymentRef: payment.ref },
    };
  }

  private findRun(userId: string, key: string): Promise<CheckoutRunsTable | undefined> {
    return runOfKey.first(this.deps.db, userId, key);
  }

  /**
   * Inserts the run of this key (for a checkout without a card: completed, with its order and plan,
   * written once); null when the key already has one (a concurrent retry).
   */
  private async startRun(
    trx: Transaction<Database>,
    options: { userId: string; key: string; hash: string; state: CheckoutRunState; orderId?: string; plan?: string; payment?: PlacedPayment },
    id = newId(),
  ): Promise<string | null> {
    const now = Date.now();
    const inserted = await insertRunIfNew.affected(trx, {
      id,
      user_id: options.userId,
      idempotency_key: options.key,
      request_hash: options.hash,
      state: options.state,
      plan: options.plan ?? '{}',
      order_id: options.orderId ?? null,
      payment_ref: options.payment?.ref ?? null,
      payment_status: options.payment?.status ?? null,
      payment_action: null,
      error_code: null,
      created_at: now,
      updated_at: now,
    });
    return inserted === 1 ? id : null;
  }

  private async resolveAddress(userId: string, input: TCheckoutRequest): Promise<TAddress | null> {
    if (input.addressId) {
      const address = (await this.deps.addresses.list({ userId })).find((a) => a.id === input.addressId);
      if (!address) throw new AppError('NOT_FOUND', 'addressId');
      return address;
    }
    if (input.address) return { ...input.address, id: '', landmark: input.address.landmark ?? null, isDefault: false, createdAt: 0 };
    return null;
  }
}

// Every checkout runs these: built and compiled once (db/prepared-query.ts).
const runOfKey = prepared((db, userId: string, key: string) => db.selectFrom('checkout_runs').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key));
const insertRunIfNew = prepared((db, run: CheckoutRunsTable) => db.insertInto('checkout_runs').values(run).onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing()));
const completeRun = prepared((db, runId: string, changes: Pick<CheckoutRunsTable, 'state' | 'order_id' | 'plan' | 'payment_ref' | 'payment_status' | 'updated_at'>) =>
  db.updateTable('checkout_runs').set(changes).where('id', '=', runId),
);

/** Thrown inside a checkout's transaction whose key another request has taken: rolls it back whole. */
class KeyTaken extends Error {}

/** The request's fingerprint for its key; card numbers and codes are left out of it. */
function requestHash(input: TCheckoutRequest): string {
  const { idempotencyKey: _key, card, ...rest } = input;
  const cardKind = card ? ('savedCardId' in card ? { savedCardId: card.savedCardId } : 'token' in card ? { token: 'token' } : { number: 'entered' }) : null;
  return createHash('sha256').update(JSON.stringify({ ...rest, card: cardKind })).digest('base64url');
}
