import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  QUOTATION_LIMITS,
  toLanguage,
  unitPriceFor,
  type QuotationActor,
  type QuotationState,
  type TQuotationTier,
  type ZQuotationAnswerSchema,
  type ZQuotationRequestCreateSchema,
} from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError, Forbidden, Invalid, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { CartService } from '../cart/index.js';
import { pickText } from '../catalog/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UploadsService } from '../uploads/index.js';
import { quotationTemplate, type QuotationNews } from './quotation-emails.js';
import { checkQuotationMove, visibleQuotationState } from './quotation-states.js';
import { eligibleStores, storeCategories } from './quotation-stores.js';
import type { QuotationRequestsTable, QuotationsTable } from './quotations.tables.js';

type CreateInput = z.output<typeof ZQuotationRequestCreateSchema>;
type AnswerInput = z.output<typeof ZQuotationAnswerSchema>;
const DAY = 24 * 3600 * 1000;

/**
 * Quotations and requests for quotation (issue #13 §1; docs/quotations.md). Every state change is
 * one transaction: the guarded move (only from the state it was read in, so two requests cannot
 * both win), its history row, and the e-mails it causes, queued in the same transaction (the
 * outbox sends them after the commit). Create and accept carry the client's idempotency key.
 */
export class QuotationsService {
  constructor(
    private readonly deps: { db: Kysely<Database>; cart: CartService; notifications: NotificationsService; uploads: UploadsService; publicUrl: string },
  ) {}

  /** A buyer's request: one store about one product, or an RFQ inviting every store that makes such things. */
  async create(options: { buyerId: string; input: CreateInput }): Promise<string> {
    const { db } = this.deps;
    const { buyerId, input } = options;
    const again = await this.byKey(buyerId, input.idempotencyKey);
    if (again) return again;
    const attachments = await this.ownAttachments(buyerId, input.attachmentIds);
    const now = Date.now();
    if (input.addressId) {
      const address = await db.selectFrom('addresses').select('id').where('id', '=', input.addressId).where('user_id', '=', buyerId).executeTakeFirst();
      if (!address) throw Invalid('addressId', 'not one of your addresses');
    }
    let row: QuotationRequestsTable;
    let storeIds: string[];
    let title: string;
    if (input.kind === 'product') {
      const product = await db
        .selectFrom('products as p')
        .innerJoin('stores as s', 's.id', 'p.store_id')
        .select(['p.id', 'p.store_id', 'p.category_id', 'p.moq', 'p.currency', 'p.title', 'p.status', 's.status as store_status'])
        .where('p.id', '=', input.productId)
        .executeTakeFirst();
      if (!product || product.status !== 'published' || product.store_status !== 'approved') throw Invalid('productId', 'not a product on sale');
      await this.checkVariant(product.id, input.variantId);
      if (input.quantity < product.moq) throw new AppError('QUOTATION_BELOW_MOQ', 'quantity', `at least ${product.moq}`);
      if (input.wantedBy !== undefined && input.wantedBy <= now) throw Invalid('wantedBy', 'a date in the future');
      storeIds = [product.store_id];
      title = pickText(product.title, 'en');
      row = this.requestRow(buyerId, input, now, {
        kind: 'product',
        category_id: product.category_id,
        product_id: product.id,
        variant_id: input.variantId ?? null,
        description: input.notes,
        currency: product.currency,
        wanted_by: input.wantedBy ?? null,
        deadline: null,
      });
    } else {
      const category = await db.selectFrom('categories').select('id').where('id', '=', input.categoryId).executeTakeFirst();
      if (!category) throw Invalid('categoryId', 'no such category');
      if (input.deadline <= now || input.deadline > now + QUOTATION_LIMITS.validityDaysMax * DAY) throw Invalid('deadline', 'a date in the next 180 days');
      const materials = input.materials.map((m) => m.toLowerCase());
      const certificates = input.certificates.map((c) => c.toLowerCase());
      storeIds = await eligibleStores(db, { categoryId: category.id, materials, certificates, now });
      title = input.description.slice(0, 80);
      row = this.requestRow(buyerId, input, now, {
        kind: 'rfq',
        category_id: category.id,
        product_id: null,
        variant_id: null,
        description: input.description,
        currency: input.currency,
        wanted_by: null,
        deadline: input.deadline,
        target_price: input.targetPrice ?? null,
        materials: JSON.stringify(materials),
        certificates: JSON.stringify(certificates),
      });
    }
    const created = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('quotation_requests')
        .values(row)
        .onConflict((oc) => oc.columns(['buyer_id', 'idempotency_key']).doNothing())
        .executeTakeFirst();
      // The same key raced in: the other request won and is the answer.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await this.attach(trx, attachments, row.id, null, now);
      for (const storeId of storeIds) {
        const quotation = this.quotationRow(row, storeId, true, now);
        await trx.insertInto('quotations').values(quotation).execute();
        await this.history(trx, quotation.id, null, 'requested', 'buyer', buyerId, '', now);
        await this.notifyStore(trx, storeId, 'invited', title, `/seller/quotations/${row.id}`);
      }
      return true;
    });
    return created ? row.id : ((await this.byKey(buyerId, input.idempotencyKey)) as string);
  }

  /** The store's answer: price, tiers, lead time, validity, terms. An open RFQ may be answered by a store it did not invite, if it sells in the category. */
  async answer(options: { sellerId: string; requestId: string; input: AnswerInput }): Promise<string> {
    const { db } = this.deps;
    const { input } = options;
    const store = await this.storeOf(options.sellerId);
    const attachments = await this.ownAttachments(options.sellerId, input.attachmentIds);
    const request = await db.selectFrom('quotation_requests').selectAll().where('id', '=', options.requestId).executeTakeFirst();
    if (!request) throw NotFound();
    const existing = await db.selectFrom('quotations').selectAll().where('request_id', '=', request.id).where('store_id', '=', store.id).executeTakeFirst();
    if (!existing) {
      const categories = request.kind === 'rfq' && store.status === 'approved' ? await storeCategories(db, store.id) : [];
      if (!categories.includes(request.category_id)) throw new AppError('QUOTATION_NOT_INVITED');
    }
    if (request.status !== 'open') throw new AppError('QUOTATION_CLOSED');
    const now = Date.now();
    const state = existing
      ? visibleQuotationState(existing, request.deadline, now)
      : request.deadline !== null && Number(request.deadline) <= now
        ? 'expired'
        : 'requested';
    if (state === 'expired') throw new AppError('QUOTATION_EXPIRED');
    const move = checkQuotationMove(state, 'answered', 'seller');
    if (!move.ok) throw new AppError('QUOTATION_NOT_ALLOWED', undefined, move.reason);
    const productId = request.product_id ?? input.productId;
    if (!productId) throw Invalid('productId', 'name the product you quote');
    const variantId = request.product_id ? request.variant_id : (input.variantId ?? null);
    const product = await db.selectFrom('products').select(['id', 'store_id', 'status', 'currency']).where('id', '=', productId).executeTakeFirst();
    if (!product || product.store_id !== store.id || product.status !== 'published') throw Invalid('productId', 'not a published product of your store');
    await this.checkVariant(product.id, variantId ?? undefined);
    if (input.validUntil <= now || input.validUntil > now + QUOTATION_LIMITS.validityDaysMax * DAY) throw Invalid('validUntil', 'a date in the next 180 days');
    const minimums = input.tiers.map((tier) => tier.minQuantity);
    if (new Set(minimums).size !== minimums.length) throw Invalid('tiers', 'one price per minimum quantity');
    const tiers: TQuotationTier[] = [...input.tiers].sort((a, b) => a.minQuantity - b.minQuantity);
    const answer = {
      product_id: product.id,
      variant_id: variantId,
      unit_price: input.unitPrice,
      currency: product.currency,
      tiers: JSON.stringify(tiers),
      lead_time_days: input.leadTimeDays,
      valid_until: input.validUntil,
      terms: input.terms,
      answered_at: now,
      updated_at: now,
    };
    const id = existing?.id ?? newId();
    const title = await this.titleOf(request);
    await db.transaction().execute(async (trx) => {
      if (existing) {
        const moved = await trx
          .updateTable('quotations')
          .set({ ...answer, state: 'answered' })
          .where('id', '=', id)
          .where('state', '=', 'requested')
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new AppError('QUOTATION_NOT_ALLOWED');
      } else {
        const inserted = await trx
          .insertInto('quotations')
          .values({ ...this.quotationRow(request, store.id, false, now), ...answer, id, state: 'answered' })
          .onConflict((oc) => oc.columns(['request_id', 'store_id']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AppError('QUOTATION_NOT_ALLOWED');
      }
      await this.history(trx, id, existing ? 'requested' : null, 'answered', 'seller', options.sellerId, '', now);
      await this.attach(trx, attachments, request.id, id, now);
      await this.notifyBuyer(trx, request, 'answered', title);
    });
    return id;
  }

  /**
   * The buyer accepts an answer: it becomes his cart line at the quoted price for his quantity, the
   * other stores' quotations are declined (and they are told), and the request closes — one
   * transaction. The same key again answers the same line; another accept is refused.
   */
  async accept(options: { buyerId: string; quotationId: string; idempotencyKey: string }): Promise<{ cartLineId: string }> {
    const { db } = this.deps;
    const { row, request } = await this.buyerQuotation(options.buyerId, options.quotationId);
    if (request.accepted_quotation_id === row.id && request.accept_key === options.idempotencyKey && row.cart_line_id) return { cartLineId: row.cart_line_id };
    if (request.status !== 'open') throw new AppError('QUOTATION_CLOSED');
    const now = Date.now();
    const state = visibleQuotationState(row, request.deadline, now);
    if (state === 'expired') throw new AppError('QUOTATION_EXPIRED');
    const move = checkQuotationMove(state, 'accepted', 'buyer');
    if (!move.ok) throw new AppError('QUOTATION_NOT_ALLOWED', undefined, move.reason);
    const title = await this.titleOf(request);
    return db.transaction().execute(async (trx) => {
      const accepted = await trx
        .updateTable('quotations')
        .set({ state: 'accepted', updated_at: now })
        .where('id', '=', row.id)
        .where('state', '=', 'answered')
        .where('valid_until', '>', now)
        .executeTakeFirst();
      if (Number(accepted.numUpdatedRows) !== 1) throw new AppError('QUOTATION_NOT_ALLOWED');
      const closed = await trx
        .updateTable('quotation_requests')
        .set({ status: 'closed', accepted_quotation_id: row.id, accept_key: options.idempotencyKey, updated_at: now })
        .where('id', '=', request.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) throw new AppError('QUOTATION_CLOSED');
      await this.history(trx, row.id, 'answered', 'accepted', 'buyer', options.buyerId, '', now);
      const { lineId } = await this.deps.cart.addAgreedLine(
        {
          buyerId: options.buyerId,
          productId: row.product_id as string,
          variantId: row.variant_id,
          quantity: request.quantity,
          unitPrice: unitPriceFor(Number(row.unit_price), JSON.parse(row.tiers) as TQuotationTier[], request.quantity),
          currency: row.currency,
          source: { kind: 'quotation', id: row.id },
        },
        trx,
      );
      await trx.updateTable('quotations').set({ cart_line_id: lineId }).where('id', '=', row.id).execute();
      await this.notifyStore(trx, row.store_id, 'accepted', title, `/seller/quotations/${request.id}`);
      const others = await trx
        .selectFrom('quotations')
        .select(['id', 'state', 'store_id'])
        .where('request_id', '=', request.id)
        .where('id', '!=', row.id)
        .where('state', 'in', ['requested', 'answered'])
        .execute();
      for (const other of others) {
        await this.move(trx, other.id, other.state as QuotationState, 'declined', 'system', null, 'another quotation was accepted', now);
        await this.notifyStore(trx, other.store_id, 'not_chosen', title, `/seller/quotations/${request.id}`);
      }
      return { cartLineId: lineId };
    });
  }

  /** The buyer declines one answer. */
  async decline(options: { buyerId: string; quotationId: string; note: string }): Promise<void> {
    const { row, request } = await this.buyerQuotation(options.buyerId, options.quotationId);
    await this.act(row, request, 'declined', 'buyer', options.buyerId, options.note);
  }

  /** The buyer withdraws his whole request: every open quotation of it is withdrawn and its store told. */
  async withdraw(options: { buyerId: string; requestId: string }): Promise<void> {
    const { db } = this.deps;
    const request = await db
      .selectFrom('quotation_requests')
      .selectAll()
      .where('id', '=', options.requestId)
      .where('buyer_id', '=', options.buyerId)
      .executeTakeFirst();
    if (!request) throw NotFound();
    if (request.status !== 'open') throw new AppError('QUOTATION_CLOSED');
    const now = Date.now();
    const title = await this.titleOf(request);
    await db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('quotation_requests')
        .set({ status: 'withdrawn', updated_at: now })
        .where('id', '=', request.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new AppError('QUOTATION_CLOSED');
      const open = await trx
        .selectFrom('quotations')
        .select(['id', 'state', 'store_id'])
        .where('request_id', '=', request.id)
        .where('state', 'in', ['requested', 'answered'])
        .execute();
      for (const quotation of open) {
        await this.move(trx, quotation.id, quotation.state as QuotationState, 'withdrawn', 'buyer', options.buyerId, '', now);
        await this.notifyStore(trx, quotation.store_id, 'withdrawn', title, `/seller/quotations/${request.id}`);
      }
    });
  }

  /** The seller declines to answer, or withdraws his answer. */
  async sellerAct(options: { sellerId: string; quotationId: string; to: 'declined' | 'withdrawn'; note: string }): Promise<void> {
    const store = await this.storeOf(options.sellerId);
    const row = await this.deps.db
      .selectFrom('quotations')
      .selectAll()
      .where('id', '=', options.quotationId)
      .where('store_id', '=', store.id)
      .executeTakeFirst();
    if (!row) throw NotFound();
    const request = await this.deps.db.selectFrom('quotation_requests').selectAll().where('id', '=', row.request_id).executeTakeFirstOrThrow();
    await this.act(row, request, options.to, 'seller', options.sellerId, options.note);
  }

  /** Writes `expired` on what is past its date (readers already see it so); returns how many moved. */
  async sweep(now = Date.now()): Promise<number> {
    const { db } = this.deps;
    const answered = await db
      .selectFrom('quotations')
      .select(['id', 'state'])
      .where('state', '=', 'answered')
      .where('valid_until', '<=', now)
      .limit(500)
      .execute();
    const unanswered = await db
      .selectFrom('quotations as q')
      .innerJoin('quotation_requests as r', 'r.id', 'q.request_id')
      .select(['q.id', 'q.state'])
      .where('q.state', '=', 'requested')
      .where('r.deadline', '<=', now)
      .limit(500)
      .execute();
    let moved = 0;
    for (const row of [...answered, ...unanswered]) {
      await db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('quotations')
          .set({ state: 'expired', updated_at: now })
          .where('id', '=', row.id)
          .where('state', '=', row.state)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) return;
        moved += 1;
        await this.history(trx, row.id, row.state as QuotationState, 'expired', 'system', null, '', now);
      });
    }
    return moved;
  }

  // -------------------------------------------------------------------------------------------

  private async act(
    row: QuotationsTable,
    request: QuotationRequestsTable,
    to: QuotationState,
    actor: QuotationActor,
    actorId: string,
    note: string,
  ): Promise<void> {
    if (request.status !== 'open') throw new AppError('QUOTATION_CLOSED');
    const now = Date.now();
    const state = visibleQuotationState(row, request.deadline, now);
    const move = checkQuotationMove(state, to, actor);
    if (!move.ok) throw new AppError(state === 'expired' ? 'QUOTATION_EXPIRED' : 'QUOTATION_NOT_ALLOWED', undefined, move.reason);
    const title = await this.titleOf(request);
    await this.deps.db.transaction().execute(async (trx) => {
      await this.move(trx, row.id, state, to, actor, actorId, note, now);
      if (actor === 'seller' && to === 'withdrawn') await this.notifyBuyer(trx, request, 'withdrawn', title);
    });
  }

  /** A guarded move with its history row: only from the state it was read in. */
  private async move(
    trx: Transaction<Database>,
    id: string,
    from: QuotationState,
    to: QuotationState,
    actor: QuotationActor,
    actorId: string | null,
    note: string,
    now: number,
  ): Promise<void> {
    const done = await trx.updateTable('quotations').set({ state: to, updated_at: now }).where('id', '=', id).where('state', '=', from).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new AppError('QUOTATION_NOT_ALLOWED');
    await this.history(trx, id, from, to, actor, actorId, note, now);
  }

  private async history(
    trx: Transaction<Database>,
    quotationId: string,
    from: QuotationState | null,
    to: QuotationState,
    actor: QuotationActor,
    actorId: string | null,
    note: string,
    at: number,
  ) {
    await trx
      .insertInto('quotation_history')
      .values({ id: newId(), quotation_id: quotationId, from_state: from, to_state: to, actor, actor_id: actorId, note, at })
      .execute();
  }

  private async buyerQuotation(buyerId: string, quotationId: string) {
    const row = await this.deps.db.selectFrom('quotations').selectAll().where('id', '=', quotationId).executeTakeFirst();
    const request = row ? await this.deps.db.selectFrom('quotation_requests').selectAll().where('id', '=', row.request_id).executeTakeFirst() : undefined;
    // Another buyer's quotation is as missing as none.
    if (!row || !request || request.buyer_id !== buyerId) throw NotFound();
    return { row, request };
  }

  /** The seller's store (a store awaiting approval has an empty inbox: it is invited to nothing). */
  async storeOf(sellerId: string): Promise<{ id: string; status: string }> {
    const store = await this.deps.db.selectFrom('stores').select(['id', 'status']).where('seller_user_id', '=', sellerId).executeTakeFirst();
    if (!store) throw Forbidden();
    return store;
  }

  private async byKey(buyerId: string, key: string): Promise<string | undefined> {
    const row = await this.deps.db
      .selectFrom('quotation_requests')
      .select('id')
      .where('buyer_id', '=', buyerId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row?.id;
  }

  private async checkVariant(productId: string, variantId: string | undefined): Promise<void> {
    const variants = await this.deps.db.selectFrom('product_variants').select('id').where('product_id', '=', productId).execute();
    if (variantId === undefined && variants.length > 0) throw Invalid('variantId', 'this product has variants: name one');
    if (variantId !== undefined && !variants.some((v) => v.id === variantId)) throw Invalid('variantId', 'not a variant of this product');
  }

  /** The caller's own quotation attachments (uploaded through the checked path); one file may go with several requests. */
  private async ownAttachments(ownerId: string, ids: readonly string[]) {
    const found = [];
    for (const id of new Set(ids)) {
      const info = await this.deps.uploads.get({ id, requester: { userId: ownerId, userType: 'buyer' } }).catch(() => undefined);
      if (!info || info.ownerId !== ownerId || info.purpose !== 'quotation-attachment') throw Invalid('attachmentIds', 'upload the file first');
      found.push({ id, name: info.originalName, contentType: info.contentType, size: info.sizeBytes });
    }
    return found;
  }

  private async attach(
    trx: Transaction<Database>,
    files: Array<{ id: string; name: string; contentType: string; size: number }>,
    requestId: string,
    quotationId: string | null,
    now: number,
  ) {
    for (const file of files) {
      await trx
        .insertInto('quotation_attachments')
        .values({
          id: newId(),
          upload_id: file.id,
          request_id: requestId,
          quotation_id: quotationId,
          name: file.name,
          content_type: file.contentType,
          size: file.size,
          created_at: now,
        })
        .execute();
    }
  }

  private requestRow(
    buyerId: string,
    input: CreateInput,
    now: number,
    fields: Partial<QuotationRequestsTable> & Pick<QuotationRequestsTable, 'kind' | 'category_id' | 'description' | 'currency'>,
  ): QuotationRequestsTable {
    return {
      id: newId(),
      buyer_id: buyerId,
      status: 'open',
      product_id: null,
      variant_id: null,
      quantity: input.quantity,
      target_price: null,
      wanted_by: null,
      deadline: null,
      address_id: input.addressId ?? null,
      materials: '[]',
      certificates: '[]',
      idempotency_key: input.idempotencyKey,
      accepted_quotation_id: null,
      accept_key: null,
      created_at: now,
      updated_at: now,
      ...fields,
    };
  }

  private quotationRow(request: QuotationRequestsTable, storeId: string, invited: boolean, now: number): QuotationsTable {
    return {
      id: newId(),
      request_id: request.id,
      store_id: storeId,
      state: 'requested',
      invited: invited ? 1 : 0,
      product_id: request.product_id,
      variant_id: request.variant_id,
      unit_price: null,
      currency: request.currency,
      tiers: '[]',
      lead_time_days: null,
      valid_until: null,
      terms: '',
      cart_line_id: null,
      answered_at: null,
      created_at: now,
      updated_at: now,
    };
  }

  private async titleOf(request: QuotationRequestsTable): Promise<string> {
    if (!request.product_id) return request.description.slice(0, 80);
    const product = await this.deps.db.selectFrom('products').select('title').where('id', '=', request.product_id).executeTakeFirst();
    return pickText(product?.title, 'en') || request.description.slice(0, 80);
  }

  private async notifyStore(trx: Transaction<Database>, storeId: string, news: QuotationNews, title: string, path: string) {
    const seller = await trx
      .selectFrom('stores as s')
      .innerJoin('users as u', 'u.id', 's.seller_user_id')
      .select(['u.id', 'u.email', 'u.language'])
      .where('s.id', '=', storeId)
      .executeTakeFirst();
    if (!seller?.email) return;
    await this.deps.notifications.queue({
      trx,
      channel: 'email',
      to: seller.email,
      userId: seller.id,
      language: toLanguage(seller.language),
      template: quotationTemplate(news),
      params: { title, link: `${this.deps.publicUrl}${path}` },
    });
  }

  private async notifyBuyer(trx: Transaction<Database>, request: QuotationRequestsTable, news: QuotationNews, title: string) {
    const buyer = await trx.selectFrom('users').select(['id', 'email', 'language']).where('id', '=', request.buyer_id).executeTakeFirst();
    if (!buyer?.email) return;
    await this.deps.notifications.queue({
      trx,
      channel: 'email',
      to: buyer.email,
      userId: buyer.id,
      language: toLanguage(buyer.language),
      template: quotationTemplate(news),
      params: { title, link: `${this.deps.publicUrl}/profile/quotations/${request.id}` },
    });
  }
}
