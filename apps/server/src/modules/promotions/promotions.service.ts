import type { Kysely } from 'kysely';
import {
  PROMO_REFUSALS,
  type DeliveryMode,
  type Language,
  type PaymentType,
  type PromoRefusal,
  type TMoney,
  type TOffer,
  type TPromotion,
  type TPromotionInput,
  type TPromotionObject,
  type TPromotionPatch,
  ZPromotionInputSchema,
} from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { createCursorCodec, isTimeIdPosition, type CursorCodec, type TimeIdPosition } from '../../lib/cursor.js';
import { AppError, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { CurrenciesService } from '../currencies/index.js';
import type { Executor } from '../wallet/index.js';
import { evaluatePromo, type PromoCart, type PromoDiscount, type PromoRule } from './promo-rules.js';

type PromotionRow = Database['promotions'];

/** Who edits: the store team (any code) or a seller (his store's codes only). */
export type PromoEditor = { kind: 'team'; userId: string } | { kind: 'seller'; userId: string; storeId: string };

export type PromoCheck = { ok: true; promo: PromoRule; offer: TOffer; discount: PromoDiscount; currency: string } | { ok: false; reason: PromoRefusal };

/** A cart as checkout (buy-core) sees it: lines with product, category and store, per-store delivery fees. */
export interface PromoCartInput {
  currency: string;
  lines: ReadonlyArray<{ productId: string; storeId: string; categoryId: string; amount: number }>;
  deliveryFees: Readonly<Record<string, number>>;
}

/** Counts a buyer's placed orders (buy-core's orders module provides it; 0 until it does). */
export type PlacedOrdersCounter = (buyerId: string) => Promise<number>;

/**
 * Promo codes (issue #11 §2): evaluation against a cart (the rules are the pure `evaluatePromo`),
 * uses counted in the order's transaction, the store team's and sellers' codes, and the offers page.
 *
 * For buy-core's checkout, in this order:
 *  1. `evaluate({ code, buyerId, cart, paymentMethods, deliveryMode, region })` → `{ ok, discount }`
 *     or `{ ok: false, reason }` (throw `new AppError(reason)` to refuse the order with its message);
 *  2. in the order's transaction, `recordUse(trx, { promoId, buyerId, orderId, discount })`: throws
 *     PROMO_USED_UP / PROMO_BUYER_LIMIT when another order took the last use meanwhile (roll back).
 */
export class PromotionsService {
  private readonly db: Kysely<Database>;
  private readonly currencies: CurrenciesService;
  private readonly cursors: CursorCodec<TimeIdPosition>;
  private readonly now: () => number;
  private placedOrders: PlacedOrdersCounter = async () => 0;

  constructor(options: { db: Kysely<Database>; currencies: CurrenciesService; cursorKey: Uint8Array | string; now?: () => number }) {
    this.db = options.db;
    this.currencies = options.currencies;
    this.cursors = createCursorCodec<TimeIdPosition>({ key: options.cursorKey, purpose: 'promotions' });
    this.now = options.now ?? Date.now;
  }

  /** buy-core: how many orders a buyer has placed (for first-order-only codes). */
  usePlacedOrdersCounter(counter: PlacedOrdersCounter): void {
    this.placedOrders = counter;
  }

  /** Whether a code applies to a cart, and what it takes off (in the cart's currency). */
  async evaluate(options: {
    code: string;
    buyerId: string | null;
    cart: PromoCartInput;
    paymentMethods: readonly PaymentType[];
    deliveryMode: DeliveryMode;
    region: string | null;
    /** Known by checkout; else asked of the counter. */
    placedOrders?: number;
    executor?: Executor;
  }): Promise<PromoCheck> {
    const executor = options.executor ?? this.db;
    const row = await executor.selectFrom('promotions').selectAll().where('code', '=', normalizeCode(options.code)).executeTakeFirst();
    const promo = row ? toRule(row) : undefined;
    const [usesOfPromo, placedOrders, ancestors, rates] = await Promise.all([
      promo && options.buyerId ? this.usesBy(promo.id, options.buyerId, executor) : 0,
      options.buyerId ? (options.placedOrders ?? this.placedOrders(options.buyerId)) : 0,
      this.categoryAncestors(executor),
      this.currencies.rates(options.executor),
    ]);
    const cartCurrency = options.cart.currency.toUpperCase();
    if (promo && !rates.get(cartCurrency)) return { ok: false, reason: 'PROMO_CURRENCY' };
    const quote = promo ? rates.quote(promo.currency, cartCurrency) : undefined;
    const cart: PromoCart = {
      currency: cartCurrency,
      deliveryFees: options.cart.deliveryFees,
      lines: options.cart.lines.map((line) => ({ productId: line.productId, storeId: line.storeId, amount: line.amount, categoryIds: ancestors(line.categoryId) })),
    };
    const result = evaluatePromo({
      promo,
      buyer: { id: options.buyerId, placedOrders, usesOfPromo },
      cart,
      paymentMethods: options.paymentMethods,
      deliveryMode: options.deliveryMode,
      region: options.region,
      now: this.now(),
      toCartCurrency: (amount) => (quote ? quote.convert(amount) : amount),
    });
    if (!result.ok) return result;
    return { ok: true, promo: result.promo, offer: toOffer(row as PromotionRow, 'en', (a) => a), discount: result.discount, currency: cartCurrency };
  }

  /**
   * The seed's promo-code call: the client's promotion object (§3) checked against the cart it
   * describes. Lines come from the object's categories and stores (the cart module re-checks the
   * real cart at checkout).
   */
  async checkPromotionObject(options: { input: TPromotionObject; buyerId: string | null; language: Language }): Promise<{ ok: true; offer: TOffer; discount: { products: TMoney; delivery: TMoney; total: TMoney } } | { ok: false; reason: PromoRefusal }> {
    const { input } = options;
    const currency = (input.currency_name ?? input.currency_details?.code ?? this.currencies.defaultCurrency).toUpperCase();
    const categories = input.Category.length > 0 ? input.Category : [''];
    const stores = input.store_ids && input.store_ids.length > 0 ? input.store_ids : [''];
    // The object carries totals, not lines: one line per (store, category), the value spread evenly.
    const pairs = stores.flatMap((storeId) => categories.map((categoryId) => ({ storeId, categoryId })));
    const shares = Object.values(splitEvenly(input.total_purchase_value, pairs.length));
    const lines = pairs.map((pair, i) => ({ productId: `${pair.storeId}:${pair.categoryId}`, ...pair, categoryId: pair.categoryId, amount: shares[i] ?? 0 }));
    const fees = Object.values(splitEvenly(input.delivery_fee, stores.length));
    const deliveryFees: Record<string, number> = {};
    stores.forEach((store, i) => (deliveryFees[store] = fees[i] ?? 0));
    const paymentMethods: PaymentType[] = [];
    if (input.wallet_state) paymentMethods.push('Wallet');
    if (input.payment_method_type && !paymentMethods.includes(input.payment_method_type)) paymentMethods.push(input.payment_method_type);
    const result = await this.evaluate({
      code: input.promo_code,
      buyerId: options.buyerId,
      cart: { currency, lines, deliveryFees },
      paymentMethods,
      deliveryMode: input.pickup_state ? 'SELF_PICKUP' : 'DELIVERY',
      region: input.region_applied_on ?? null,
    });
    if (!result.ok) return result;
    const money = (amount: number) => ({ amount, currency: result.currency });
    const row = await this.db.selectFrom('promotions').selectAll().where('id', '=', result.promo.id).executeTakeFirstOrThrow();
    const quote = await this.currencies.quote(result.promo.currency, result.currency);
    return {
      ok: true,
      offer: toOffer(row, options.language, quote.convert, result.currency),
      discount: { products: money(result.discount.products), delivery: money(result.discount.delivery), total: money(result.discount.total) },
    };
  }

  /**
   * Counts a use in the order's transaction. Guarded updates: the total limit (`uses_count <
   * total_limit`) and the buyer's own limit; throws PROMO_USED_UP or PROMO_BUYER_LIMIT when the
   * last use went to another order meanwhile. The same order twice counts once.
   */
  async recordUse(trx: Executor, options: { promoId: string; buyerId: string; orderId: string; discount: TMoney }): Promise<void> {
    const already = await trx.selectFrom('promotion_uses').select('id').where('promotion_id', '=', options.promoId).where('order_id', '=', options.orderId).executeTakeFirst();
    if (already) return;
    const discountDefault = await this.currencies.convert(options.discount.amount, options.discount.currency, this.currencies.defaultCurrency, trx);
    const counted = await trx
      .updateTable('promotions')
      .set((eb) => ({ uses_count: eb('uses_count', '+', 1), discount_given: eb('discount_given', '+', discountDefault) }))
      .where('id', '=', options.promoId)
      .where((eb) => eb.or([eb('total_limit', 'is', null), eb('uses_count', '<', eb.ref('total_limit'))]))
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) === 0) throw new AppError('PROMO_USED_UP', 'promo_code');
    const promo = await trx.selectFrom('promotions').select('per_buyer_limit').where('id', '=', options.promoId).executeTakeFirstOrThrow();
    // No limit: no guard (a bound past PostgreSQL's integer range would fail the statement).
    const limit = promo.per_buyer_limit === null ? null : Number(promo.per_buyer_limit);
    const mine = await trx
      .insertInto('promotion_buyer_uses')
      .values({ promotion_id: options.promoId, buyer_id: options.buyerId, uses: 1 })
      .onConflict((oc) => {
        const update = oc.columns(['promotion_id', 'buyer_id']).doUpdateSet((eb) => ({ uses: eb('promotion_buyer_uses.uses', '+', 1) }));
        return limit === null ? update : update.where('promotion_buyer_uses.uses', '<', limit);
      })
      .executeTakeFirst();
    if (Number(mine.numInsertedOrUpdatedRows ?? 1n) === 0) throw new AppError('PROMO_BUYER_LIMIT', 'promo_code');
    await trx
      .insertInto('promotion_uses')
      .values({
        id: newId(),
        promotion_id: options.promoId,
        buyer_id: options.buyerId,
        order_id: options.orderId,
        discount: options.discount.amount,
        currency: options.discount.currency,
        discount_default: discountDefault,
        created_at: this.now(),
      })
      .execute();
  }

  /**
   * The undo of recordUse (a checkout whose card was declined after the use was counted): the
   * order's use row goes, and the code's and the buyer's counters come down by one. Once per order.
   */
  async releaseUse(trx: Executor, options: { promoId: string; buyerId: string; orderId: string }): Promise<void> {
    const use = await trx.selectFrom('promotion_uses').select(['id', 'discount_default']).where('promotion_id', '=', options.promoId).where('order_id', '=', options.orderId).executeTakeFirst();
    if (!use) return;
    const removed = await trx.deleteFrom('promotion_uses').where('id', '=', use.id).executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) return;
    await trx
      .updateTable('promotions')
      .set((eb) => ({ uses_count: eb('uses_count', '-', 1), discount_given: eb('discount_given', '-', Number(use.discount_default)) }))
      .where('id', '=', options.promoId)
      .execute();
    await trx
      .updateTable('promotion_buyer_uses')
      .set((eb) => ({ uses: eb('uses', '-', 1) }))
      .where('promotion_id', '=', options.promoId)
      .where('buyer_id', '=', options.buyerId)
      .where('uses', '>', 0)
      .execute();
  }

  private async usesBy(promoId: string, buyerId: string, executor: Executor): Promise<number> {
    const row = await executor.selectFrom('promotion_buyer_uses').select('uses').where('promotion_id', '=', promoId).where('buyer_id', '=', buyerId).executeTakeFirst();
    return Number(row?.uses ?? 0);
  }

  /** A category and its ancestors, from one read of the category tree. */
  private async categoryAncestors(executor: Executor): Promise<(id: string) => string[]> {
    const rows = await executor.selectFrom('categories').select(['id', 'slug', 'parent_id']).execute();
    const parent = new Map(rows.map((r) => [r.id, r.parent_id]));
    const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
    return (given) => {
      const start = parent.has(given) ? given : bySlug.get(given);
      if (!start) return given ? [given] : [];
      const chain: string[] = [];
      for (let id: string | null | undefined = start; id && chain.length < 32; id = parent.get(id)) chain.push(id);
      return chain;
    };
  }

  // Store team and sellers

  async create(options: { editor: PromoEditor; input: TPromotionInput }): Promise<TPromotion> {
    const input = ZPromotionInputSchema.parse(options.input);
    await this.assertCurrency(input.currency);
    const now = this.now();
    const id = newId();
    const storeIds = options.editor.kind === 'seller' ? [options.editor.storeId] : input.storeIds;
    const exists = await this.db.selectFrom('promotions').select('id').where('code', '=', input.code).executeTakeFirst();
    if (exists) throw new AppError('PROMO_CODE_TAKEN', 'code');
    try {
      await this.db
        .insertInto('promotions')
        .values({
          id,
          code: input.code,
          title: JSON.stringify(input.title),
          discount_type: input.discountType,
          applies_to: input.appliesTo,
          value: input.value,
          currency: input.currency,
          max_discount: input.maxDiscount,
          min_purchase: input.minPurchase,
          regions: JSON.stringify(input.regions),
          category_ids: JSON.stringify(input.categoryIds),
          store_ids: JSON.stringify(storeIds),
          payment_methods: JSON.stringify(input.paymentMethods),
          delivery_modes: JSON.stringify(input.deliveryModes),
          first_order_only: input.firstOrderOnly ? 1 : 0,
          per_buyer_limit: input.perBuyerLimit,
          total_limit: input.totalLimit,
          starts_at: input.startsAt,
          ends_at: input.endsAt,
          public: input.public ? 1 : 0,
          status: input.status,
          owner_store_id: options.editor.kind === 'seller' ? options.editor.storeId : null,
          uses_count: 0,
          discount_given: 0,
          created_by: options.editor.userId,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } catch (error) {
      // Two creations of one code at once: the unique index refuses the second.
      if (await this.db.selectFrom('promotions').select('id').where('code', '=', input.code).executeTakeFirst()) throw new AppError('PROMO_CODE_TAKEN', 'code');
      throw error;
    }
    return this.get({ editor: options.editor, id });
  }

  async update(options: { editor: PromoEditor; id: string; patch: TPromotionPatch }): Promise<TPromotion> {
    const current = await this.get({ editor: options.editor, id: options.id });
    const p = options.patch;
    if (p.currency) await this.assertCurrency(p.currency);
    const discountType = p.discountType ?? current.discountType;
    const value = p.value ?? current.value;
    if (discountType === 'percentage' && value > 100) throw new AppError('VALIDATION', 'value', 'a percentage is at most 100');
    const startsAt = p.startsAt !== undefined ? p.startsAt : current.startsAt;
    const endsAt = p.endsAt !== undefined ? p.endsAt : current.endsAt;
    if (startsAt !== null && endsAt !== null && endsAt <= startsAt) throw new AppError('VALIDATION', 'endsAt', 'must be after startsAt');
    const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));
    const changes = {
      title: json(p.title),
      discount_type: p.discountType,
      applies_to: p.appliesTo,
      value: p.value,
      currency: p.currency,
      max_discount: p.maxDiscount,
      min_purchase: p.minPurchase,
      regions: json(p.regions),
      category_ids: json(p.categoryIds),
      store_ids: options.editor.kind === 'seller' ? undefined : json(p.storeIds),
      payment_methods: json(p.paymentMethods),
      delivery_modes: json(p.deliveryModes),
      first_order_only: p.firstOrderOnly === undefined ? undefined : p.firstOrderOnly ? 1 : 0,
      per_buyer_limit: p.perBuyerLimit,
      total_limit: p.totalLimit,
      starts_at: p.startsAt,
      ends_at: p.endsAt,
      public: p.public === undefined ? undefined : p.public ? 1 : 0,
      status: p.status,
    };
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    await this.db
      .updateTable('promotions')
      .set({ ...defined, updated_at: this.now() })
      .where('id', '=', options.id)
      .execute();
    return this.get({ editor: options.editor, id: options.id });
  }

  async get(options: { editor: PromoEditor | { kind: 'reader' }; id: string }): Promise<TPromotion> {
    const row = await this.db.selectFrom('promotions').selectAll().where('id', '=', options.id).executeTakeFirst();
    if (!row) throw NotFound();
    // Another store's code is, to a seller, a code that does not exist.
    if (options.editor.kind === 'seller' && row.owner_store_id !== options.editor.storeId) throw NotFound();
    return this.toPromotion(row);
  }

  async list(options: { editor: PromoEditor | { kind: 'reader' }; status?: 'active' | 'paused' | undefined; q?: string | undefined; cursor?: string | undefined; limit?: number | undefined }) {
    const limit = options.limit ?? 50;
    let query = this.db.selectFrom('promotions').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1);
    if (options.editor.kind === 'seller') query = query.where('owner_store_id', '=', options.editor.storeId);
    if (options.status) query = query.where('status', '=', options.status);
    if (options.q) query = query.where('code', 'like', `%${options.q.toUpperCase().replace(/[%_\\]/g, '')}%`);
    if (options.cursor) {
      const after = this.cursors.decode(options.cursor, isTimeIdPosition);
      query = query.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
    }
    const rows = await query.execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      promotions: page.map((row) => this.toPromotion(row)),
      nextCursor: rows.length > limit && last ? this.cursors.encode({ createdAt: Number(last.created_at), id: last.id }) : null,
    };
  }

  /** One code's report: the uses (newest first, up to 200), how many buyers, the discount given. */
  async report(options: { editor: PromoEditor | { kind: 'reader' }; id: string }) {
    const promotion = await this.get(options);
    const [uses, buyers] = await Promise.all([
      this.db.selectFrom('promotion_uses').selectAll().where('promotion_id', '=', options.id).orderBy('id', 'desc').limit(200).execute(),
      this.db.selectFrom('promotion_buyer_uses').select((eb) => eb.fn.countAll<number>().as('count')).where('promotion_id', '=', options.id).executeTakeFirst(),
    ]);
    return {
      promotion,
      uniqueBuyers: Number(buyers?.count ?? 0),
      uses: uses.map((u) => ({ id: u.id, buyerId: u.buyer_id, orderId: u.order_id, discount: { amount: Number(u.discount), currency: u.currency }, createdAt: Number(u.created_at) })),
    };
  }

  /** The offers page: active public codes within their window, in the buyer's language and currency. */
  async offers(options: { language: Language; currency?: string | undefined }): Promise<TOffer[]> {
    const now = this.now();
    const [rows, display, rates] = await Promise.all([
      this.db
        .selectFrom('promotions')
        .selectAll()
        .where('status', '=', 'active')
        .where('public', '=', 1)
        .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .where((eb) => eb.or([eb('total_limit', 'is', null), eb('uses_count', '<', eb.ref('total_limit'))]))
        .orderBy('id', 'desc')
        .limit(200)
        .execute(),
      this.currencies.resolve(options.currency),
      this.currencies.rates(),
    ]);
    return rows.map((row) => toOffer(row, options.language, rates.quote(row.currency, display.code).convert, display.code));
  }

  private async assertCurrency(code: string): Promise<void> {
    if (!(await this.currencies.rates()).get(code)) throw new AppError('CURRENCY_UNKNOWN', 'currency');
  }

  private toPromotion(row: PromotionRow): TPromotion {
    const rule = toRule(row);
    return {
      id: row.id,
      code: row.code,
      title: JSON.parse(row.title) as TPromotion['title'],
      discountType: rule.discountType,
      appliesTo: rule.appliesTo,
      value: rule.value,
      currency: rule.currency,
      maxDiscount: rule.maxDiscount,
      minPurchase: rule.minPurchase,
      regions: [...rule.regions],
      categoryIds: [...rule.categoryIds],
      storeIds: [...rule.storeIds],
      paymentMethods: [...rule.paymentMethods],
      deliveryModes: [...rule.deliveryModes],
      firstOrderOnly: rule.firstOrderOnly,
      perBuyerLimit: rule.perBuyerLimit,
      totalLimit: rule.totalLimit,
      startsAt: rule.startsAt,
      endsAt: rule.endsAt,
      public: Number(row.public) === 1,
      status: rule.status,
      ownerStoreId: row.owner_store_id,
      usesCount: rule.usesCount,
      discountGiven: { amount: Number(row.discount_given), currency: this.currencies.defaultCurrency },
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }
}

/** Refusal reasons are error codes too (one translated message each). */
export const isPromoRefusal = (code: string): code is PromoRefusal => (PROMO_REFUSALS as readonly string[]).includes(code);

export const normalizeCode = (code: string) => code.trim().toUpperCase();

function splitEvenly(total: number, parts: number): Record<string, number> {
  const shares: Record<string, number> = {};
  const base = Math.floor(total / parts);
  for (let i = 0; i < parts; i++) shares[String(i).padStart(4, '0')] = base + (i < total - base * parts ? 1 : 0);
  return shares;
}

const list = <T>(json: string): T[] => JSON.parse(json) as T[];

export function toRule(row: PromotionRow): PromoRule {
  return {
    id: row.id,
    code: row.code,
    discountType: row.discount_type as PromoRule['discountType'],
    appliesTo: row.applies_to as PromoRule['appliesTo'],
    value: Number(row.value),
    currency: row.currency,
    maxDiscount: row.max_discount === null ? null : Number(row.max_discount),
    minPurchase: Number(row.min_purchase),
    regions: list(row.regions),
    categoryIds: list(row.category_ids),
    storeIds: list(row.store_ids),
    paymentMethods: list(row.payment_methods),
    deliveryModes: list(row.delivery_modes),
    firstOrderOnly: Number(row.first_order_only) === 1,
    perBuyerLimit: row.per_buyer_limit === null ? null : Number(row.per_buyer_limit),
    totalLimit: row.total_limit === null ? null : Number(row.total_limit),
    startsAt: row.starts_at === null ? null : Number(row.starts_at),
    endsAt: row.ends_at === null ? null : Number(row.ends_at),
    status: row.status as PromoRule['status'],
    usesCount: Number(row.uses_count),
    ownerStoreId: row.owner_store_id,
  };
}

function toOffer(row: PromotionRow, language: Language, convert: (amount: number) => number, currency: string = row.currency): TOffer {
  const rule = toRule(row);
  const title = JSON.parse(row.title) as Record<string, string | undefined>;
  return {
    promoId: row.id,
    promo_code: row.code,
    title: title[language] || title.en || row.code,
    discountType: rule.discountType,
    appliesTo: rule.appliesTo,
    value: rule.discountType === 'fixed' ? convert(rule.value) : rule.value,
    maxDiscount: rule.maxDiscount === null ? null : { amount: convert(rule.maxDiscount), currency },
    minPurchase: { amount: convert(rule.minPurchase), currency },
    currency,
    storeIds: rule.ownerStoreId ? [rule.ownerStoreId] : [...rule.storeIds],
    categoryIds: [...rule.categoryIds],
    regions: [...rule.regions],
    paymentMethods: [...rule.paymentMethods],
    deliveryModes: [...rule.deliveryModes],
    firstOrderOnly: rule.firstOrderOnly,
    endsAt: rule.endsAt,
  };
}
