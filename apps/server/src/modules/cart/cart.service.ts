import type { Transaction } from 'kysely';
import { CART_MESSAGES, type DeliveryMode, type Language, type TCart, type TCartAddRequest, type TInventoryCartResponse } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { prepared } from '../../db/prepared-query.js';
import type { DeliveryService, Location } from '../delivery/index.js';
import { isStockProblem, priceCart, toCartAnswer, type PricedCart, type PricingInput } from './cart-pricing.js';
import type { ImageRow } from '../catalog/index.js';
import type { CartRepository } from './cart.repository.js';
import type { CartsTable } from './cart.tables.js';
import { type CurrenciesService, pickCurrency, type RateTable } from '../currencies/index.js';
import { CartMemo, fingerprintOf, type MemoEntry } from './cart-memo.js';
import { cartCurrency } from './cart-currency.js';

/**
 * What a promo code is worth on a cart. The promotions module (buy-money) provides it; without one
 * wired, a code is reported as not applied.
 */
export interface CouponEvaluator {
  evaluate(options: { code: string; userId: string; cart: PricedCart; mode: DeliveryMode; language: Language }): Promise<
    { ok: true; discount: { products: number; delivery: number } } | { ok: false; reason: string; message: string; data?: unknown }
  >;
}

/** What a cart read names: the buyer, the request's language, currency and location. */
export interface CartReadOptions {
  userId: string;
  language: Language;
  currency?: string | undefined;
  location?: Partial<Location>;
  cartId?: string;
  promoCode?: string;
}

export interface CartView {
  message: string;
  data: TCart;
}

/** A cart priced from its rows (`CartService.price`): what checkout plans from. */
export interface PricedForOrder {
  cartId: string | null;
  mode: DeliveryMode;
  input: PricingInput;
  priced: PricedCart;
}

interface ProductForCart {
  id: string;
  store_id: string;
  status: string;
  moq: number;
  stock: number;
  restockable: number;
  store_status: string | null;
  variant_id: string | null;
  variant_stock: number | null;
  has_variants: number;
}

/** A cart line at a price agreed in the chat (chat-core calls this when an offer is accepted). */
export interface AgreedLineInput {
  buyerId: string;
  productId: string;
  variantId: string | null;
  quantity: number;
  /** Minor units, in `currency`. */
  unitPrice: number;
  currency: string;
  source: { kind: 'offer' | 'quotation'; id: string };
}

/**
 * One cart per buyer or guest, grouped by seller (issue #11 §1). Every answer is the whole cart,
 * priced by the one calculator; quantities respect the minimum order quantity and the stock; a
 * self-pickup cart holds one seller.
 */
export class CartService {
  private coupons: CouponEvaluator | undefined;

  private readonly memo = new CartMemo();

  /**
   * Without currencies the cart stays in the store's currency (unit tests of the cart alone).
   * `catalogVersion` (the catalog's, bumped after every catalog write) is part of the memo's
   * fingerprint: on one instance a catalog write is seen even within the millisecond of the last.
   */
  constructor(
    private readonly deps: {
      repository: CartRepository;
      delivery: DeliveryService;
      currencies?: CurrenciesService;
      catalogVersion?: () => number;
      /** The database's change token (`Db.changeToken`, SQLite): lets a memo hit skip the fingerprint query. */
      changeToken?: () => string;
    },
  ) {}

  /** Wires the promotions module's evaluator (buy-money). */
  useCoupons(evaluator: CouponEvaluator): void {
    this.coupons = evaluator;
  }

  private get db() {
    return this.deps.repository.db;
  }

  /** Seed 'get cart'. `cartId`, when given, must be the caller's. */
  async getCart(options: CartReadOptions): Promise<CartView> {
    return (await this.answer(options)).view;
  }

  /**
   * getCart through the priced-cart memo (cart-memo.ts): one query reads the cart's fingerprint;
   * while it, the rates and the catalog version are unchanged, the last answer for the same buyer,
   * language, currency and location is given again (with its bytes, for the GET route) instead of
   * reading and pricing the cart again. On SQLite a read first compares the database's change token
   * (`Db.changeToken`): while no row anywhere changed since the kept answer's fingerprint was read,
   * that fingerprint still holds and the query is skipped. A promo code is evaluated every time (its
   * uses and window move with other buyers and the clock).
   */
  async answer(options: CartReadOptions): Promise<{ view: CartView; entry?: MemoEntry }> {
    const { repository, currencies, changeToken } = this.deps;
    if (options.promoCode?.trim()) {
      const cart = await repository.findCart(options.userId);
      if (options.cartId && cart?.id !== options.cartId) throw new AppError('NOT_FOUND', 'cartId');
      return { view: (await this.viewOf(options, cart ?? null)).view };
    }
    const rates = currencies ? await currencies.rates() : undefined;
    const { key, beside } = this.memoKey(options, rates);
    // Read before the fingerprint: a change made after it moves it, so the answer kept under it can
    // only be older than the token says if nothing changed at all.
    const token = changeToken?.();
    if (token !== undefined) {
      const kept = this.memo.unchanged(key, token, beside);
      if (kept && (!options.cartId || kept.view.data.cartId === options.cartId)) return { view: kept.view, entry: kept };
    }
    const fingerprint = fingerprintOf(await repository.fingerprint(options.userId));
    if (options.cartId && fingerprint?.cart.id !== options.cartId) throw new AppError('NOT_FOUND', 'cartId');
    if (!fingerprint) return { view: (await this.viewOf(options, null, rates)).view };
    const value = `${fingerprint.value}|${beside}`;
    const kept = this.memo.get(key, value, token, beside);
    if (kept) return { view: kept.view, entry: kept };
    const { view, base } = await this.viewOf(options, fingerprint.cart, rates);
    return { view, entry: this.memo.set(key, value, view, token, beside, base) };
  }

  /**
   * The memo's key for a request (buyer, language, chosen currency, location) and what its answer
   * depends on outside the database: the rates and this instance's catalog version.
   */
  private memoKey(options: { userId: string; language: Language; currency?: string | undefined; location?: Partial<Location> }, rates: RateTable | undefined) {
    const target = rates ? pickCurrency(rates, options.currency) : undefined;
    const location = this.location(options.location);
    const key = `${options.userId}|${options.language}|${target?.code ?? ''}|${location.latitude},${location.longitude}`;
    const beside = `${rates ? `${rates.version}|${target?.updatedAt}` : ''}|${this.deps.catalogVersion?.() ?? ''}`;
    return { key, beside };
  }

  /**
   * The priced cart checkout plans from, read inside its transaction. A cart add answers the whole
   * cart, so the memo usually holds this buyer's cart priced a moment ago: it is used when it still
   * is what the database says — on SQLite the change token unchanged since its fingerprint was read
   * (no row anywhere changed), else the fingerprint read now, in this transaction, equal to its own
   * (the same markers the cart read trusts). Otherwise the cart is priced from its rows, without the
   * products' images (an order does not keep them). Nothing in the memo is changed here.
   */
  async priceForCheckout(options: {
    userId: string;
    language: Language;
    currency?: string | undefined;
    location?: Partial<Location>;
    trx: Transaction<Database>;
  }): Promise<PricedForOrder> {
    const { repository, currencies, changeToken } = this.deps;
    const rates = currencies ? await currencies.rates(options.trx) : undefined;
    const { key, beside } = this.memoKey(options, rates);
    const token = changeToken?.();
    const unchanged = token === undefined ? undefined : this.memo.peekUnchanged(key, token, beside);
    if (unchanged?.priced) return unchanged.priced;
    const fingerprint = fingerprintOf(await repository.fingerprint(options.userId, options.trx));
    const kept = fingerprint ? this.memo.peek(key, `${fingerprint.value}|${beside}`) : undefined;
    if (kept?.priced) return kept.priced;
    return this.price({ ...options, cart: fingerprint?.cart ?? null, ...(rates ? { rates } : {}), images: false });
  }

  private async viewOf(options: CartReadOptions, cart: CartsTable | null, rates?: RateTable): Promise<{ view: CartView; base?: PricedForOrder }> {
    const mode = (cart?.delivery_mode as DeliveryMode | undefined) ?? 'DELIVERY';
    const { data, base } = await this.view({ ...options, cart, cartId: cart?.id ?? null, mode, ...(rates ? { rates } : {}) });
    return { view: { message: data.itemCount === 0 ? CART_MESSAGES.empty : 'OK', data }, ...(base ? { base } : {}) };
  }

  /** The priced cart, for checkout (inside its transaction when given). */
  async price(options: {
    userId: string;
    language: Language;
    currency?: string | undefined;
    location?: Partial<Location>;
    trx?: Transaction<Database>;
    coupon?: { products: number; delivery: number };
    /** The caller's cart row when it has just read it (null: he has none), saving a read. */
    cart?: CartsTable | null;
    /** The rates the caller has just read (the memo's key names them). */
    rates?: RateTable;
    /** False: the products' first images are not read (checkout: an order does not show them). */
    images?: boolean;
  }): Promise<PricedForOrder> {
    const db = options.trx ?? this.db;
    const cart = options.cart !== undefined ? options.cart : await this.deps.repository.findCart(options.userId, db);
    const mode = (cart?.delivery_mode as DeliveryMode | undefined) ?? 'DELIVERY';
    const rows = cart ? await this.deps.repository.loadLines(cart.id, db) : [];
    const storeIds = [...new Set(rows.map((row) => row.store_id))];
    const [images, settings] = await Promise.all([
      options.images === false ? new Map<string, ImageRow>() : this.deps.repository.firstImages(rows.map((row) => row.product_id), db),
      this.deps.delivery.settingsFor(storeIds, db),
    ]);
    const taxRates = await this.deps.delivery.taxRates([...settings.values()].map((s) => s.country), db);
    // One read of the rates for the whole cart (inside checkout's transaction when given).
    const currency = this.deps.currencies ? cartCurrency(options.rates ?? (await this.deps.currencies.rates(options.trx)), options.currency) : undefined;
    const input: PricingInput = {
      cartId: cart?.id ?? null,
      mode,
      rows,
      images,
      settings,
      taxRates,
      location: this.location(options.location),
      language: options.language,
      ...(options.coupon ? { coupon: options.coupon } : {}),
      ...(currency ? { currency } : {}),
    };
    return { cartId: cart?.id ?? null, mode, input, priced: priceCart(input) };
  }

  private location(given: Partial<Location> | undefined): Location {
    const fallback = this.deps.delivery.defaultLocation;
    return given?.latitude !== undefined && given.longitude !== undefined ? { latitude: given.latitude, longitude: given.longitude } : fallback;
  }

  private async view(given: {
    userId: string;
    language: Language;
    currency?: string | undefined;
    location?: Partial<Location>;
    /** The cart row getCart has just read: priced without reading it again. */
    cart: CartsTable | null;
    cartId: string | null;
    mode: DeliveryMode;
    promoCode?: string;
    rates?: RateTable;
  }): Promise<{ data: TCart; base?: PricedForOrder }> {
    // Codes are kept in capitals: ' welcome10 ' is WELCOME10, and the cart (then the order) names it so.
    const code = given.promoCode?.trim().toUpperCase();
    const options = { ...given, ...(code ? { promoCode: code } : { promoCode: undefined }) };
    const base = await this.price(options);
    // Without a code the answer is the base pricing's: the memo keeps it for checkout.
    if (!options.promoCode) return { data: toCartAnswer(base.input, base.priced), base };
    if (!this.coupons) return { data: toCartAnswer(base.input, base.priced, { code: options.promoCode, applied: false, message: null, reason: 'unavailable' }) };
    const outcome = await this.coupons.evaluate({ code: options.promoCode, userId: options.userId, cart: base.priced, mode: base.mode, language: options.language });
    if (!outcome.ok) {
      return { data: toCartAnswer(base.input, base.priced, { code: options.promoCode, applied: false, message: outcome.message, reason: outcome.reason, data: outcome.data }) };
    }
    const input = { ...base.input, coupon: outcome.discount };
    return { data: toCartAnswer(input, priceCart(input), { code: options.promoCode, applied: true, message: null, reason: null }) };
  }

  /** Seed 'add to cart': adds to the line of that product and variant, or starts one. */
  async add(options: { userId: string; language: Language; currency?: string | undefined; input: TCartAddRequest; location?: Partial<Location> }): Promise<CartView> {
    const { input } = options;
    const { repository } = this.deps;
    await this.db.transaction().execute(async (trx) => {
      const product = await this.productForCart(trx, input.productId, input.variantId ?? null);
      const cart = await repository.ensureCart(trx, options.userId, input.deliveryMode ?? 'DELIVERY');
      if (input.replaceCart) await repository.clear(trx, cart.id);
      const mode = input.deliveryMode ?? cart.delivery_mode;
      // Only a self-pickup cart cares which sellers it holds (one).
      const stores = input.replaceCart || mode !== 'SELF_PICKUP' ? [] : await repository.storesOf(trx, cart.id);
      if (stores.some((store) => store !== product.store_id)) throw new AppError('CART_OTHER_SELLER', 'productId');
      if (mode !== cart.delivery_mode) await repository.setMode(trx, cart.id, mode);
      const key = { productId: product.id, variantKey: product.variant_id ?? '', sourceKey: '' };
      const existing = await repository.findLine(trx, cart.id, key);
      const quantity = (existing?.quantity ?? 0) + input.quantity;
      assertQuantity(product, quantity);
      if (existing) await repository.setQuantity(trx, existing.id, quantity);
      else {
        const now = Date.now();
        await repository.insertLine(trx, {
          id: newId(),
          cart_id: cart.id,
          product_id: product.id,
          variant_id: product.variant_id,
          variant_key: key.variantKey,
          store_id: product.store_id,
          quantity,
          agreed_unit_price: null,
          agreed_currency: null,
          source_kind: null,
          source_id: null,
          source_key: '',
          created_at: now,
          updated_at: now,
        });
      }
    });
    const view = await this.getCart(options);
    return { message: CART_MESSAGES.added, data: view.data };
  }

  /** Changes a line's quantity (not an agreed line's). */
  async updateLine(options: { userId: string; language: Language; currency?: string | undefined; lineId: string; quantity: number; location?: Partial<Location> }): Promise<CartView> {
    const { repository } = this.deps;
    await this.db.transaction().execute(async (trx) => {
      const cart = await repository.findCart(options.userId, trx);
      const line = cart && (await repository.findLineById(trx, cart.id, options.lineId));
      if (!cart || !line) throw new AppError('NOT_FOUND', 'lineId');
      if (line.agreed_unit_price !== null) throw new AppError('CART_LINE_AGREED', 'quantity');
      const product = await this.productForCart(trx, line.product_id, line.variant_id);
      assertQuantity(product, options.quantity);
      await repository.setQuantity(trx, line.id, options.quantity);
    });
    const view = await this.getCart(options);
    return { message: CART_MESSAGES.added, data: view.data };
  }

  async removeLine(options: { userId: string; language: Language; currency?: string | undefined; lineId: string; location?: Partial<Location> }): Promise<CartView> {
    const { repository } = this.deps;
    const cart = await repository.findCart(options.userId);
    if (!cart || !(await repository.deleteLine(this.db, cart.id, options.lineId))) throw new AppError('NOT_FOUND', 'lineId');
    const view = await this.getCart(options);
    return { message: CART_MESSAGES.removed, data: view.data };
  }

  async clear(options: { userId: string; language: Language; currency?: string | undefined; location?: Partial<Location> }): Promise<CartView> {
    const cart = await this.deps.repository.findCart(options.userId);
    if (cart) await this.deps.repository.clear(this.db, cart.id);
    const view = await this.getCart(options);
    return { message: CART_MESSAGES.removed, data: view.data };
  }

  /** DELIVERY holds many sellers; SELF_PICKUP one (else CART_OTHER_SELLER). */
  async setDeliveryMode(options: { userId: string; language: Language; currency?: string | undefined; mode: DeliveryMode; location?: Partial<Location> }): Promise<CartView> {
    const { repository } = this.deps;
    await this.db.transaction().execute(async (trx) => {
      const cart = await repository.ensureCart(trx, options.userId, options.mode);
      if (options.mode === 'SELF_PICKUP' && (await repository.storesOf(trx, cart.id)).length > 1) throw new AppError('CART_OTHER_SELLER', 'deliveryMode');
      await repository.setMode(trx, cart.id, options.mode);
    });
    return this.getCart(options);
  }

  /** Seed 'get inventory cart': the stock check of every line before checkout. */
  async inventory(options: { userId: string; language: Language }): Promise<TInventoryCartResponse> {
    const { priced } = await this.price(options);
    if (priced.lines.length === 0) return { message: CART_MESSAGES.empty, data: { checkoutable: false, lines: [] } };
    const lines = priced.lines.map((line) => ({
      lineId: line.row.id,
      productId: line.row.product_id,
      variantId: line.row.variant_id,
      requested: line.row.quantity,
      availableStock: line.available,
      outOfstock: isStockProblem(line.problem),
      problem: line.problem,
    }));
    const message = priced.outOfstock ? CART_MESSAGES.outOfStock : 'OK';
    return { message, data: { checkoutable: priced.checkoutable, lines } };
  }

  /**
   * A line at a price agreed for this buyer alone (a chat offer): not changeable by the buyer,
   * removable; a second call for the same offer is a no-op. Works in the caller's transaction.
   */
  async addAgreedLine(input: AgreedLineInput, trx?: Transaction<Database>): Promise<{ lineId: string }> {
    const run = async (t: Transaction<Database>) => {
      const product = await this.productForCart(t, input.productId, input.variantId);
      if (!Number.isSafeInteger(input.unitPrice) || input.unitPrice < 0) throw new AppError('VALIDATION', 'unitPrice');
      if (!Number.isSafeInteger(input.quantity) || input.quantity < 1) throw new AppError('VALIDATION', 'quantity');
      const { repository } = this.deps;
      const cart = await repository.ensureCart(t, input.buyerId, 'DELIVERY');
      if (cart.delivery_mode === 'SELF_PICKUP' && (await repository.storesOf(t, cart.id)).some((store) => store !== product.store_id)) {
        await repository.setMode(t, cart.id, 'DELIVERY');
      }
      const key = { productId: product.id, variantKey: product.variant_id ?? '', sourceKey: `${input.source.kind}:${input.source.id}` };
      const existing = await repository.findLine(t, cart.id, key);
      if (existing) return { lineId: existing.id };
      const now = Date.now();
      const id = newId();
      await repository.insertLine(t, {
        id,
        cart_id: cart.id,
        product_id: product.id,
        variant_id: product.variant_id,
        variant_key: key.variantKey,
        store_id: product.store_id,
        quantity: input.quantity,
        agreed_unit_price: input.unitPrice,
        agreed_currency: input.currency,
        source_kind: input.source.kind,
        source_id: input.source.id,
        source_key: key.sourceKey,
        created_at: now,
        updated_at: now,
      });
      return { lineId: id };
    };
    return trx ? run(trx) : this.db.transaction().execute(run);
  }

  /**
   * A guest's cart into the buyer's at login (accounts' guest-merge hook, in its transaction):
   * quantities of the same product and variant are added, capped at the stock; the buyer's mode
   * is kept, and a self-pickup cart that now holds two sellers becomes a delivery cart.
   */
  async mergeGuest(options: { guestId: string; userId: string; trx: Transaction<Database> }): Promise<void> {
    const { repository } = this.deps;
    const { trx } = options;
    const guestCart = await repository.findCart(options.guestId, trx);
    if (!guestCart) return;
    const guestLines = await trx.selectFrom('cart_lines').selectAll().where('cart_id', '=', guestCart.id).execute();
    const cart = await repository.ensureCart(trx, options.userId, guestCart.delivery_mode);
    for (const line of guestLines) {
      const existing = await repository.findLine(trx, cart.id, { productId: line.product_id, variantKey: line.variant_key, sourceKey: line.source_key });
      if (!existing) {
        await trx.updateTable('cart_lines').set({ cart_id: cart.id, updated_at: Date.now() }).where('id', '=', line.id).execute();
        continue;
      }
      const stock = await this.stockOf(trx, line.product_id, line.variant_id);
      const quantity = Math.max(existing.quantity, Math.min(existing.quantity + line.quantity, stock));
      await repository.setQuantity(trx, existing.id, quantity);
    }
    await trx.deleteFrom('carts').where('id', '=', guestCart.id).execute();
    if (cart.delivery_mode === 'SELF_PICKUP' && (await repository.storesOf(trx, cart.id)).length > 1) await repository.setMode(trx, cart.id, 'DELIVERY');
  }

  /** Empties the lines an order bought (checkout, in its transaction). */
  async removeLines(trx: Transaction<Database>, lineIds: readonly string[]): Promise<void> {
    if (lineIds.length) await deleteLines.execute(trx, lineIds);
  }

  private async stockOf(trx: Transaction<Database>, productId: string, variantId: string | null): Promise<number> {
    if (variantId) return (await trx.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirst())?.stock ?? 0;
    return (await trx.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst())?.stock ?? 0;
  }

  /** The product (and variant) as the cart needs it; refuses what cannot be bought at all. */
  private async productForCart(trx: Transaction<Database>, productId: string, variantId: string | null): Promise<ProductForCart> {
    const product = await productByIdOrSlug.first(trx, productId);
    if (!product || product.status !== 'published' || product.store_status !== 'approved') throw new AppError('PRODUCT_UNAVAILABLE', 'productId');
    let variantStock: number | null = null;
    if (variantId) {
      const variant = await variantOfProduct.first(trx, variantId, product.id);
      if (!variant) throw new AppError('VALIDATION', 'variantId');
      variantStock = variant.stock;
    } else if (product.has_variants) {
      throw new AppError('VALIDATION', 'variantId');
    }
    return { ...product, has_variants: Number(product.has_variants), variant_id: variantId, variant_stock: variantStock };
  }
}

// Every cart add reads these: built and compiled once (db/prepared-query.ts).
const productByIdOrSlug = prepared((db, productId: string) =>
  db
    .selectFrom('products as p')
    .leftJoin('stores as s', 's.id', 'p.store_id')
    .select(['p.id', 'p.store_id', 'p.status', 'p.moq', 'p.stock', 'p.restockable', 's.status as store_status'])
    .select((eb) => eb.exists(eb.selectFrom('product_variants as pv').select('pv.id').whereRef('pv.product_id', '=', 'p.id')).as('has_variants'))
    .where((eb) => eb.or([eb('p.id', '=', productId), eb('p.slug', '=', productId)])),
);
const deleteLines = prepared((db, lineIds: readonly string[]) => db.deleteFrom('cart_lines').where('id', 'in', lineIds));
const variantOfProduct = prepared((db, variantId: string, productId: string) => db.selectFrom('product_variants').select(['id', 'stock']).where('id', '=', variantId).where('product_id', '=', productId));

function assertQuantity(product: ProductForCart, quantity: number): void {
  const available = product.variant_id ? (product.variant_stock ?? 0) : product.stock;
  if (available <= 0) throw new AppError('ITEM_OUT_OF_STOCK', 'quantity');
  if (quantity > available) throw new AppError('NOT_ENOUGH_STOCK', 'quantity');
  if (quantity < product.moq) throw new AppError('BELOW_MOQ', 'quantity');
}
