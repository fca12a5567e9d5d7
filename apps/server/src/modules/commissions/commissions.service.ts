import type { Kysely, Transaction } from 'kysely';
import {
  COMMISSION_LIMITS,
  type CommissionAction,
  type CommissionActor,
  type Language,
  type TCommission,
  type TCommissionCreate,
  type TCommissionPay,
  type TCommissionProposal,
  type TPaymentOutcome,
  type TProductCustomisation,
  toLanguage,
} from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError, NotFound, RefusedWithData } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { pickText } from '../catalog/index.js';
import type { EventsService } from '../events/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { PaymentRecord, PaymentsService } from '../payments/index.js';
import type { UploadsService } from '../uploads/index.js';
import type { WalletService } from '../wallet/index.js';
import { commissionTemplate, type CommissionNews } from './commission-emails.js';
import { balanceDue, checkStep, refundOf } from './commission-rules.js';
import { CommissionReads } from './commission-read.js';
import type { CommissionsTable } from './commissions.tables.js';

type Row = CommissionsTable;
type Stage = 'deposit' | 'balance';
interface Caller {
  userId: string;
  language: Language;
}
interface Image {
  data: Buffer;
  filename?: string | undefined;
}
const STAGE_ACTION: Record<Stage, CommissionAction> = { deposit: 'accept', balance: 'pay_balance' };

/**
 * Commissions: customised and fully custom pieces (issue #13 §2, docs/commissions.md). Every step
 * is one transaction: a guarded UPDATE from the state it was read in (a step raced by another finds
 * nothing and is refused), its history row (who, when, what), and its side effects as rows — a
 * wallet ledger entry, a card refund with its outbox event (payments.requestRefund). The deposit and
 * the balance are payments of purpose 'commission' whose capture moves the commission in the
 * transaction that records it, however it arrives (the request, a 3-D Secure confirmation, a webhook).
 */
export class CommissionsService {
  readonly reads: CommissionReads;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      uploads: UploadsService;
      payments: PaymentsService;
      wallet: WalletService;
      events: EventsService;
      notifications: NotificationsService;
      publicUrl: string;
    },
  ) {
    this.reads = new CommissionReads(deps.db);
    deps.payments.onSettled('commission', (trx, payment) => this.settle(trx, payment));
  }

  // Customisation settings of a product

  async customisation(productId: string): Promise<TProductCustomisation> {
    const product = await this.deps.db
      .selectFrom('products')
      .select(['custom_options'])
      .where('id', '=', productId)
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (!product) throw NotFound();
    const options = parseOptions(product.custom_options);
    return { allowed: options.length > 0, options };
  }

  /** The seller's own product's settings, whatever its status (a draft may be set up before it is published). */
  async sellerCustomisation(options: { sellerId: string; productId: string }): Promise<TProductCustomisation> {
    const product = await this.deps.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select('p.custom_options')
      .where('p.id', '=', options.productId)
      .where('s.seller_user_id', '=', options.sellerId)
      .executeTakeFirst();
    if (!product) throw NotFound();
    const chosen = parseOptions(product.custom_options);
    return { allowed: chosen.length > 0, options: chosen };
  }

  async setCustomisation(options: { sellerId: string; productId: string; input: TProductCustomisation }): Promise<TProductCustomisation> {
    const product = await this.deps.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select('p.id')
      .where('p.id', '=', options.productId)
      .where('s.seller_user_id', '=', options.sellerId)
      .executeTakeFirst();
    if (!product) throw NotFound();
    const chosen = options.input.allowed ? [...new Set(options.input.options)] : [];
    await this.deps.db
      .updateTable('products')
      .set({ custom_options: chosen.length > 0 ? JSON.stringify(chosen) : null })
      .where('id', '=', product.id)
      .execute();
    return { allowed: chosen.length > 0, options: chosen };
  }

  // The buyer's request

  async request(options: Caller & { input: TCommissionCreate; idempotencyKey: string | undefined }): Promise<TCommission> {
    const { db } = this.deps;
    const { input } = options;
    const key = options.idempotencyKey ?? newId();
    const retried = await db.selectFrom('commissions').select('id').where('buyer_id', '=', options.userId).where('request_key', '=', key).executeTakeFirst();
    if (retried) return this.view(retried.id, options);
    const now = Date.now();
    const base = {
      id: newId(),
      status: 'requested',
      buyer_id: options.userId,
      quantity: input.quantity,
      notes: input.notes ?? null,
      currency: this.deps.wallet.currency,
      request_key: key,
      ...{ price: null, deposit: null, lead_time_days: null, change_rounds: null, refund_share: null, proposal_note: null },
      ...{ changes_used: 0, proof_round: 0, deposit_paid: 0, balance_paid: 0, refunded: 0 },
    };
    let row: Row;
    if (input.kind === 'CustomProduct') {
      const product = await db
        .selectFrom('products as p')
        .innerJoin('stores as s', 's.id', 'p.store_id')
        .select(['p.id', 'p.store_id', 'p.title', 'p.custom_options'])
        .where('p.id', '=', input.productId)
        .where('p.status', '=', 'published')
        .where('s.status', '=', 'approved')
        .executeTakeFirst();
      if (!product) throw new AppError('VALIDATION', 'productId', undefined, 'ID_UNKNOWN');
      const offered = parseOptions(product.custom_options);
      if (offered.length === 0) throw new AppError('COMMISSION_NOT_CUSTOMISABLE', 'productId');
      for (const [name, value] of Object.entries(input.choices)) {
        if (value && !offered.includes(name as never)) throw new AppError('COMMISSION_OPTION_NOT_OFFERED', `choices.${name}`);
      }
      if (input.personalisation && !offered.includes('personalisation')) throw new AppError('COMMISSION_OPTION_NOT_OFFERED', 'personalisation');
      row = {
        ...base,
        kind: 'CustomProduct',
        store_id: product.store_id,
        product_id: product.id,
        choices: JSON.stringify(input.choices),
        personalisation: input.personalisation || null,
        title: pickText(product.title, 'en'),
        description: null,
        budget: null,
        wanted_by: null,
        created_at: now,
        updated_at: now,
      };
    } else {
      const store = await db.selectFrom('stores').select('id').where('id', '=', input.storeId).where('status', '=', 'approved').executeTakeFirst();
      if (!store) throw new AppError('VALIDATION', 'storeId', undefined, 'ID_UNKNOWN');
      const piece = input.newProduct;
      row = {
        ...base,
        kind: 'fullyCustom',
        store_id: store.id,
        product_id: null,
        choices: '{}',
        personalisation: null,
        title: piece.title,
        description: piece.description,
        budget: piece.budget ?? null,
        wanted_by: piece.wantedBy ?? null,
        created_at: now,
        updated_at: now,
      };
    }
    // Committed through the events outbox: the store's e-mail is queued in this transaction.
    await this.deps.events.commit(async (trx) => {
      // The unique (buyer, key) index settles the same request sent twice at once.
      const inserted = await trx
        .insertInto('commissions')
        .values(row)
        .onConflict((oc) => oc.columns(['buyer_id', 'request_key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      await this.history(trx, {
        commissionId: row.id,
        action: 'request',
        from: null,
        to: 'requested',
        actor: 'buyer',
        actorId: options.userId,
        note: input.notes ?? null,
        round: null,
      });
    });
    const made = await db
      .selectFrom('commissions')
      .select('id')
      .where('buyer_id', '=', options.userId)
      .where('request_key', '=', key)
      .executeTakeFirstOrThrow();
    return this.view(made.id, options);
  }

  /** The buyer's reference images, while the seller has not started (requested or proposed). */
  async addReferences(options: Caller & { id: string; files: Image[] }): Promise<TCommission> {
    const { row, actor } = await this.own(options.userId, options.id);
    if (actor !== 'buyer') throw new AppError('COMMISSION_NOT_YOUR_STEP');
    if (!['requested', 'proposed'].includes(row.status)) throw new AppError('COMMISSION_STEP_NOT_ALLOWED');
    await this.saveImages({ row, userId: options.userId, files: options.files, kind: 'reference', round: null });
    return this.view(row.id, options);
  }

  // The seller's proposal and steps

  async propose(options: Caller & { id: string; input: TCommissionProposal }): Promise<TCommission> {
    const { input } = options;
    return this.step(options, 'propose', 'seller', {
      set: {
        price: input.price,
        deposit: input.deposit,
        lead_time_days: input.leadTimeDays,
        change_rounds: input.changeRounds,
        refund_share: input.refundSharePercent,
        proposal_note: input.note ?? null,
      },
      note: input.note ?? null,
    });
  }

  async decline(options: Caller & { id: string; note?: string | undefined }): Promise<TCommission> {
    const { actor } = await this.own(options.userId, options.id);
    return this.step(options, 'decline', actor, { note: options.note ?? null });
  }

  /** A proof: at least one image, with a note; round n+1. */
  async proof(options: Caller & { id: string; note?: string | undefined; files: Image[] }): Promise<TCommission> {
    if (options.files.length === 0) throw new AppError('VALIDATION', 'images', undefined, 'REQUIRED');
    const { row } = await this.own(options.userId, options.id);
    const round = row.proof_round + 1;
    return this.step(options, 'proof', 'seller', {
      set: { proof_round: round },
      note: options.note ?? null,
      round,
      within: (trx, fresh) => this.saveImages({ row: fresh, userId: options.userId, files: options.files, kind: 'proof', round, trx }),
    });
  }

  async approve(options: Caller & { id: string; note?: string | undefined }): Promise<TCommission> {
    const { row } = await this.own(options.userId, options.id);
    return this.step(options, 'approve', 'buyer', { note: options.note ?? null, round: row.proof_round });
  }

  /** A change request answers the latest proof; beyond the agreed rounds the seller may refuse it. */
  async requestChanges(options: Caller & { id: string; note: string }): Promise<TCommission> {
    const { row } = await this.own(options.userId, options.id);
    return this.step(options, 'request_changes', 'buyer', { set: { changes_used: row.changes_used + 1 }, note: options.note, round: row.proof_round });
  }

  async refuseChanges(options: Caller & { id: string; note?: string | undefined }): Promise<TCommission> {
    const { row } = await this.own(options.userId, options.id);
    return this.step(options, 'refuse_changes', 'seller', { note: options.note ?? null, round: row.proof_round });
  }

  async sellerStep(options: Caller & { id: string; action: 'start_production' | 'mark_ready' | 'deliver'; note?: string | undefined }): Promise<TCommission> {
    return this.step(options, options.action, 'seller', { note: options.note ?? null });
  }

  // Payments

  /**
   * The deposit (accepting the proposal) or the balance. A retry with the same Idempotency-Key finds
   * the same card payment (never a second charge) or the same wallet entry. A declined card answers
   * 402 CARD_DECLINED; a card that asks for 3-D Secure answers the payment, confirmed later.
   */
  async pay(
    options: Caller & { id: string; stage: Stage; input: TCommissionPay; idempotencyKey: string },
  ): Promise<{ commission: TCommission; payment: TPaymentOutcome | null }> {
    const { row, actor } = await this.own(options.userId, options.id);
    const paymentKey = `commission:${row.id}:${options.stage}:${options.idempotencyKey}`;
    const done = await this.deps.db
      .selectFrom('commission_payments')
      .select('id')
      .where('commission_id', '=', row.id)
      .where('stage', '=', options.stage)
      .executeTakeFirst();
    if (done) {
      // Paid already (this request's retry, or its twin): the same answer, no second payment.
      const card = await this.deps.payments.findByKey(options.userId, paymentKey);
      return { commission: await this.view(row.id, options), payment: card?.outcome ?? null };
    }
    // Another's saved card is a wrong field, whatever the stage (payments checks it again when charging).
    if (options.input.method === 'card' && 'savedCardId' in options.input.card)
      await this.deps.payments.cards.tokenOf({ userId: options.userId, id: options.input.card.savedCardId });
    this.refuse(checkStep(facts(row), STAGE_ACTION[options.stage], actor));
    const amount = options.stage === 'deposit' ? Number(row.deposit ?? 0) : balanceDue(row);
    if (amount === 0 || options.input.method === 'wallet') {
      await this.deps.events.commit(async (trx) => {
        await this.settleStage(trx, { row, stage: options.stage, amount, method: amount === 0 ? 'none' : 'wallet', paymentRef: null, by: options.userId });
        if (amount > 0) {
          await this.deps.wallet.debit(trx, {
            userId: options.userId,
            amount,
            currency: row.currency,
            orderId: row.id,
            idempotencyKey: paymentKey,
            description: `commission ${options.stage}`,
          });
        }
      });
      return { commission: await this.view(row.id, options), payment: null };
    }
    const payment = await this.deps.payments.authorize({
      userId: options.userId,
      purpose: 'commission',
      orderRef: `${row.id}:${options.stage}`,
      amount,
      currency: row.currency,
      card: options.input.card,
      idempotencyKey: paymentKey,
      description: `Tessera commission ${row.id} ${options.stage}`,
    });
    if (payment.status === 'declined' || payment.status === 'cancelled') throw RefusedWithData('CARD_DECLINED', { payment }, 'card');
    return { commission: await this.view(row.id, options), payment };
  }

  /** The second step (3-D Secure) of a commission's card payment. */
  async confirmPayment(options: Caller & { id: string; paymentRef: string; result?: 'complete' | 'fail' | undefined }) {
    await this.own(options.userId, options.id);
    const payment = await this.deps.payments.confirmAction({ userId: options.userId, paymentRef: options.paymentRef, result: options.result });
    if (payment.status === 'declined' || payment.status === 'cancelled') throw RefusedWithData('PAYMENT_ACTION_FAILED', { payment }, 'card');
    return { commission: await this.view(options.id, options), payment };
  }

  /**
   * A commission's card payment is captured (payments' transaction): the step it pays is taken
   * there. When the commission moved meanwhile (cancelled, or paid by another means), the money
   * goes straight back to the card in the same transaction.
   */
  private async settle(trx: Transaction<Database>, payment: PaymentRecord): Promise<void> {
    const [id, stage] = (payment.orderRef ?? '').split(':') as [string, Stage];
    const row = await trx.selectFrom('commissions').selectAll().where('id', '=', id).executeTakeFirst();
    const paid = row
      ? await trx.selectFrom('commission_payments').select('id').where('commission_id', '=', id).where('stage', '=', stage).executeTakeFirst()
      : undefined;
    const step = row ? checkStep(facts(row), STAGE_ACTION[stage], 'buyer') : { ok: false };
    if (
      row &&
      !paid &&
      step.ok &&
      (await this.settleStage(trx, { row, stage, amount: payment.amount, method: 'card', paymentRef: payment.id, by: payment.userId, guard: false }))
    )
      return;
    // Two requests with the same key may both record the capture (PostgreSQL: the second waits on the
    // first's row lock, then reads its commit): the payment that moved the commission stays.
    const recorded = await trx.selectFrom('commission_payments').select('id').where('payment_ref', '=', payment.id).executeTakeFirst();
    if (recorded) return;
    await this.deps.payments.requestRefund(trx, {
      paymentRef: payment.id,
      amount: payment.amount,
      key: `commission-late:${payment.id}`,
      reason: 'commission moved before the payment arrived',
    });
  }

  /** Records a paid stage and takes its step; false (with `guard: false`) when the state moved. */
  private async settleStage(
    trx: Transaction<Database>,
    options: { row: Row; stage: Stage; amount: number; method: 'card' | 'wallet' | 'none'; paymentRef: string | null; by: string; guard?: boolean },
  ): Promise<boolean> {
    const { row, stage } = options;
    const action = STAGE_ACTION[stage];
    const to = stage === 'deposit' ? 'deposit_paid' : 'paid';
    const paidColumn = stage === 'deposit' ? 'deposit_paid' : 'balance_paid';
    const moved = await trx
      .updateTable('commissions')
      .set({ status: to, [paidColumn]: options.amount, updated_at: Date.now() })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) {
      if (options.guard === false) return false;
      throw new AppError('COMMISSION_STEP_NOT_ALLOWED');
    }
    if (options.method !== 'none') {
      await trx
        .insertInto('commission_payments')
        .values({
          id: newId(),
          commission_id: row.id,
          stage,
          method: options.method,
          amount: options.amount,
          currency: row.currency,
          payment_ref: options.paymentRef,
          refunded: 0,
          created_at: Date.now(),
        })
        .execute();
    }
    await this.history(trx, { commissionId: row.id, action, from: row.status, to, actor: 'buyer', actorId: options.by, note: null, round: null });
    return true;
  }

  /** Cancel by either side; what was paid comes back by the proposal's rule, to the card or the wallet it came from. */
  async cancel(options: Caller & { id: string; note?: string | undefined }): Promise<TCommission> {
    const { actor } = await this.own(options.userId, options.id);
    return this.step(options, 'cancel', actor, {
      note: options.note ?? null,
      within: async (trx, row) => {
        const payments = await trx.selectFrom('commission_payments').selectAll().where('commission_id', '=', row.id).orderBy('id').execute();
        let total = 0;
        for (const payment of payments) {
          const amount = refundOf(
            { stage: payment.stage as Stage, amount: Number(payment.amount), refunded: Number(payment.refunded) },
            { by: actor, refundSharePercent: row.refund_share ?? 0 },
          );
          if (amount === 0) continue;
          const key = `commission-refund:${payment.id}`;
          if (payment.method === 'card' && payment.payment_ref) {
            await this.deps.payments.requestRefund(trx, { paymentRef: payment.payment_ref, amount, key, reason: `commission cancelled by the ${actor}` });
          } else {
            await this.deps.wallet.credit(trx, {
              userId: row.buyer_id,
              amount,
              currency: payment.currency,
              orderId: row.id,
              kind: 'refund',
              idempotencyKey: key,
              description: 'commission cancelled',
            });
          }
          await trx
            .updateTable('commission_payments')
            .set((eb) => ({ refunded: eb('refunded', '+', amount) }))
            .where('id', '=', payment.id)
            .execute();
          total += amount;
        }
        if (total > 0)
          await trx
            .updateTable('commissions')
            .set((eb) => ({ refunded: eb('refunded', '+', total) }))
            .where('id', '=', row.id)
            .execute();
      },
    });
  }

  // Reads

  async view(id: string, caller: Caller): Promise<TCommission> {
    const { row, actor } = await this.own(caller.userId, id);
    return this.reads.detail(row, actor, caller.language);
  }

  /** The team's read-only view: no actions. */
  async viewAsTeam(id: string, language: Language): Promise<TCommission> {
    const row = await this.deps.db.selectFrom('commissions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw NotFound();
    return this.reads.detail(row, null, language);
  }

  /** An image of a commission, for either side (or the team): its upload opened as its uploader's. */
  async openImage(options: { userId: string; userType: string; id: string; imageId: string }) {
    if (options.userType !== 'team') await this.own(options.userId, options.id);
    const image = await this.deps.db
      .selectFrom('commission_images')
      .selectAll()
      .where('id', '=', options.imageId)
      .where('commission_id', '=', options.id)
      .executeTakeFirst();
    if (!image) throw NotFound();
    return this.deps.uploads.open({ id: image.upload_id, requester: { userId: image.uploaded_by, userType: 'buyer' } });
  }

  // Internals

  /** The commission and which side the caller is on; anyone else's is as missing as none. */
  private async own(
    userId: string,
    id: string,
    executor: Kysely<Database> | Transaction<Database> = this.deps.db,
  ): Promise<{ row: Row; actor: CommissionActor }> {
    const row = await executor.selectFrom('commissions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw NotFound();
    if (row.buyer_id === userId) return { row, actor: 'buyer' };
    const store = await executor.selectFrom('stores').select('id').where('id', '=', row.store_id).where('seller_user_id', '=', userId).executeTakeFirst();
    if (store) return { row, actor: 'seller' };
    throw NotFound();
  }

  private refuse(check: ReturnType<typeof checkStep>): asserts check is { ok: true; to: never } {
    if (check.ok) return;
    if (check.reason === 'not_your_role') throw new AppError('COMMISSION_NOT_YOUR_STEP');
    if (check.reason === 'within_rounds') throw new AppError('COMMISSION_CHANGES_WITHIN_ROUNDS');
    throw new AppError('COMMISSION_STEP_NOT_ALLOWED');
  }

  /** One step: checked against the table, guarded by the state it was read in, with its history row, in one transaction. */
  private async step(
    caller: Caller & { id: string },
    action: CommissionAction,
    expected: CommissionActor,
    options: { set?: Partial<Row>; note: string | null; round?: number | null; within?: (trx: Transaction<Database>, row: Row) => Promise<unknown> },
  ): Promise<TCommission> {
    const saved: string[] = [];
    try {
      await this.deps.events.commit(async (trx) => {
        // Read in the transaction: on SQLite another connection would wait for this one.
        const { row, actor } = await this.own(caller.userId, caller.id, trx);
        if (actor !== expected) throw new AppError('COMMISSION_NOT_YOUR_STEP');
        const check = checkStep(facts(row), action, actor);
        this.refuse(check);
        const moved = await trx
          .updateTable('commissions')
          .set({ ...options.set, status: check.to, updated_at: Date.now() })
          .where('id', '=', row.id)
          .where('status', '=', row.status)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) throw new AppError('COMMISSION_STEP_NOT_ALLOWED');
        const result = await options.within?.(trx, row);
        if (Array.isArray(result)) saved.push(...(result as string[]));
        await this.history(trx, {
          commissionId: row.id,
          action,
          from: row.status,
          to: check.to,
          actor,
          actorId: caller.userId,
          note: options.note,
          round: options.round ?? null,
        });
      });
    } catch (error) {
      // The rows rolled back; the bytes of images saved before the refusal go too.
      for (const id of saved) await this.deps.uploads.delete({ id, requester: { userId: caller.userId, userType: 'team' } }).catch(() => undefined);
      throw error;
    }
    return this.view(caller.id, caller);
  }

  private async saveImages(options: {
    row: Row;
    userId: string;
    files: Image[];
    kind: 'reference' | 'proof';
    round: number | null;
    trx?: Transaction<Database>;
  }): Promise<string[]> {
    const { uploads } = this.deps;
    const saved: string[] = [];
    const write = async (trx: Transaction<Database>) => {
      const existing = await trx
        .selectFrom('commission_images')
        .select('id')
        .where('commission_id', '=', options.row.id)
        .where('kind', '=', options.kind)
        .execute();
      const limit = options.kind === 'reference' ? COMMISSION_LIMITS.images : COMMISSION_LIMITS.images * 20;
      if (options.files.length > COMMISSION_LIMITS.images || existing.length + options.files.length > limit)
        throw new AppError('COMMISSION_IMAGES_LIMIT', 'images');
      for (const file of options.files) {
        const upload = await uploads.saveChecked({
          ownerId: options.userId,
          purpose: 'commission-image',
          data: file.data,
          originalName: file.filename,
          field: 'images',
          trx,
        });
        saved.push(upload.id);
        await trx
          .insertInto('commission_images')
          .values({
            id: newId(),
            commission_id: options.row.id,
            upload_id: upload.id,
            kind: options.kind,
            round: options.round,
            uploaded_by: options.userId,
            created_at: Date.now(),
          })
          .execute();
      }
    };
    if (options.trx) {
      await write(options.trx);
      return saved;
    }
    try {
      await this.deps.db.transaction().execute(write);
    } catch (error) {
      for (const id of saved) await uploads.delete({ id, requester: { userId: options.userId, userType: 'buyer' } }).catch(() => undefined);
      throw error;
    }
    return saved;
  }

  private async history(
    trx: Transaction<Database>,
    entry: {
      commissionId: string;
      action: string;
      from: string | null;
      to: string;
      actor: CommissionActor;
      actorId: string;
      note: string | null;
      round: number | null;
    },
  ): Promise<void> {
    await trx
      .insertInto('commission_history')
      .values({
        id: newId(),
        commission_id: entry.commissionId,
        action: entry.action,
        from_status: entry.from,
        to_status: entry.to,
        actor_role: entry.actor,
        actor_id: entry.actorId,
        note: entry.note,
        round: entry.round,
        created_at: Date.now(),
      })
      .execute();
    await this.tellOtherSide(trx, entry.commissionId, entry.action as CommissionNews, entry.actor);
  }

  /**
   * Each step is news for the other side: the buyer's steps e-mail the store's seller, the store's
   * the buyer, in the recipient's language, queued in the step's transaction (the outbox sends it
   * after the commit, and never for a step that rolled back).
   */
  private async tellOtherSide(trx: Transaction<Database>, commissionId: string, news: CommissionNews, actor: CommissionActor): Promise<void> {
    const row = await trx
      .selectFrom('commissions as c')
      .innerJoin('stores as s', 's.id', 'c.store_id')
      .innerJoin('users as u', 'u.id', actor === 'buyer' ? 's.seller_user_id' : 'c.buyer_id')
      .select(['c.id', 'c.title', 'u.id as userId', 'u.email', 'u.language'])
      .where('c.id', '=', commissionId)
      .executeTakeFirst();
    if (!row?.email) return;
    const path = actor === 'buyer' ? `/seller/commissions/${row.id}` : `/profile/commissions/${row.id}`;
    await this.deps.notifications.queue({
      trx,
      channel: 'email',
      to: row.email,
      userId: row.userId,
      language: toLanguage(row.language),
      template: commissionTemplate(news),
      params: { title: row.title, link: `${this.deps.publicUrl}${path}` },
    });
  }
}

const facts = (row: Row) => ({ status: row.status, changeRounds: row.change_rounds, changesUsed: row.changes_used });

function parseOptions(json: string | null): TProductCustomisation['options'] {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as TProductCustomisation['options']) : [];
  } catch {
    return [];
  }
}
