import type { Kysely, Transaction } from 'kysely';
import { newId } from '../../lib/ids.js';
import type { Database } from '../../db/schema.js';
import { prepared } from '../../db/prepared-query.js';
import type { ImageRow } from '../catalog/index.js';
import type { CartLinesTable, CartsTable } from './cart.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A cart line with what the catalog says about it now: the product, its variant and its store
 * (read only, in one join: ADR 006). Null columns mean the product or variant no longer exists.
 */
export interface CartLineRow {
  id: string;
  cart_id: string;
  product_id: string;
  variant_id: string | null;
  store_id: string;
  quantity: number;
  agreed_unit_price: number | null;
  agreed_currency: string | null;
  source_kind: string | null;
  source_id: string | null;
  created_at: number;
  slug: string | null;
  title: string | null;
  product_status: string | null;
  product_price: number | null;
  product_mrp: number | null;
  product_stock: number | null;
  moq: number | null;
  restockable: number | null;
  currency: string | null;
  has_variants: number | null;
  variant_exists: string | null;
  variant_price: number | null;
  variant_mrp: number | null;
  variant_stock: number | null;
  colour: string | null;
  size: string | null;
  store_name: string | null;
  store_alias_name: string | null;
  store_status: string | null;
  store_country: string | null;
}

// The queries of every cart read (and of checkout's), built and compiled once (prepared-query.ts).
const cartOfUser = prepared((db, userId: string) => db.selectFrom('carts').selectAll().where('user_id', '=', userId));

const linesOfCart = prepared((db, cartId: string) =>
  db
      .selectFrom('cart_lines as l')
      .leftJoin('products as p', 'p.id', 'l.product_id')
      .leftJoin('product_variants as v', (join) => join.onRef('v.id', '=', 'l.variant_id').onRef('v.product_id', '=', 'l.product_id'))
      .leftJoin('stores as s', 's.id', 'l.store_id')
      .select([
        'l.id',
        'l.cart_id',
        'l.product_id',
        'l.variant_id',
        'l.store_id',
        'l.quantity',
        'l.agreed_unit_price',
        'l.agreed_currency',
        'l.source_kind',
        'l.source_id',
        'l.created_at',
        'p.slug',
        'p.title',
        'p.status as product_status',
        'p.price as product_price',
        'p.mrp as product_mrp',
        'p.stock as product_stock',
        'p.moq',
        'p.restockable',
        'p.currency',
        'v.id as variant_exists',
        'v.price as variant_price',
        'v.mrp as variant_mrp',
        'v.stock as variant_stock',
        'v.colour',
        'v.size',
        's.store_name',
        's.store_alias_name',
        's.status as store_status',
        's.country as store_country',
      ])
      .select((eb) => eb.exists(eb.selectFrom('product_variants as pv').select('pv.id').whereRef('pv.product_id', '=', 'l.product_id')).as('has_variants'))
      .where('l.cart_id', '=', cartId)
      .orderBy('l.created_at')
      .orderBy('l.id'),
);

const firstImagesOf = prepared((db, productIds: readonly string[]) =>
  db
    .selectFrom('product_images')
    .select(['id', 'product_id', 'position', 'webp_upload_id', 'avif_upload_id', 'fallback_upload_id', 'thumb_upload_id', 'width', 'height', 'alt'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position'),
);

/**
 * The markers of everything a cart answer reads (cart-memo.ts): one indexed query per cart read,
 * far cheaper than the reads and the pricing it saves. One row per line (one row with null line
 * columns for an empty cart); no row when the caller has no cart.
 */
const fingerprintOfUser = prepared((db, userId: string) =>
  db
    .selectFrom('carts as c')
    .leftJoin('cart_lines as l', 'l.cart_id', 'c.id')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('product_variants as v', (join) => join.onRef('v.id', '=', 'l.variant_id').onRef('v.product_id', '=', 'l.product_id'))
    .leftJoin('stores as s', 's.id', 'l.store_id')
    .leftJoin('store_delivery_settings as d', 'd.store_id', 'l.store_id')
    .leftJoin('tax_rates as t', 't.country', 's.country')
    .select([
      'c.id',
      'c.user_id',
      'c.delivery_mode',
      'c.created_at',
      'c.updated_at',
      'l.id as line_id',
      'l.quantity',
      'l.updated_at as line_at',
      'p.updated_at as product_at',
      'p.stock as product_stock',
      'v.id as variant_id',
      'v.stock as variant_stock',
      's.updated_at as store_at',
      'd.updated_at as delivery_at',
      't.rate_bp as tax_bp',
      't.updated_at as tax_at',
    ])
    .where('c.user_id', '=', userId)
    .orderBy('l.id'),
);

export interface CartFingerprintRow {
  id: string;
  user_id: string;
  delivery_mode: string;
  created_at: number;
  updated_at: number;
  line_id: string | null;
  quantity: number | null;
  line_at: number | null;
  product_at: number | null;
  product_stock: number | null;
  variant_id: string | null;
  variant_stock: number | null;
  store_at: number | null;
  delivery_at: number | null;
  tax_bp: number | null;
  tax_at: number | null;
}

// And of every cart add.
const insertCartIfNone = prepared((db, cart: CartsTable) => db.insertInto('carts').values(cart).onConflict((oc) => oc.column('user_id').doNothing()));
const lineOfKey = prepared((db, cartId: string, productId: string, variantKey: string, sourceKey: string) =>
  db.selectFrom('cart_lines').selectAll().where('cart_id', '=', cartId).where('product_id', '=', productId).where('variant_key', '=', variantKey).where('source_key', '=', sourceKey),
);
const insertCartLine = prepared((db, line: CartLinesTable) => db.insertInto('cart_lines').values(line));
const setLineQuantity = prepared((db, lineId: string, quantity: number, now: number) => db.updateTable('cart_lines').set({ quantity, updated_at: now }).where('id', '=', lineId));
const storesOfCart = prepared((db, cartId: string) => db.selectFrom('cart_lines').select('store_id').distinct().where('cart_id', '=', cartId));

/** The cart module's data access; every write takes the caller's transaction. */
export class CartRepository {
  constructor(readonly db: Kysely<Database>) {}

  findCart(userId: string, db: Db = this.db): Promise<CartsTable | undefined> {
    return cartOfUser.first(db, userId);
  }

  /** The caller's cart, created on first use (a concurrent first add makes one cart, not two). */
  async ensureCart(trx: Db, userId: string, mode: string): Promise<CartsTable> {
    const now = Date.now();
    // Most calls find the cart: the insert (a write, even when it does nothing) only for a first one.
    const existing = await this.findCart(userId, trx);
    if (existing) return existing;
    await insertCartIfNone.execute(trx, { id: newId(), user_id: userId, delivery_mode: mode, created_at: now, updated_at: now });
    return (await this.findCart(userId, trx)) as CartsTable;
  }

  /** The caller's cart row with its lines' markers (cart-memo.ts); empty when he has no cart. */
  fingerprint(userId: string, db: Db = this.db): Promise<CartFingerprintRow[]> {
    return fingerprintOfUser.all(db, userId) as Promise<CartFingerprintRow[]>;
  }

  loadLines(cartId: string, db: Db = this.db): Promise<CartLineRow[]> {
    return linesOfCart.all(db, cartId) as Promise<CartLineRow[]>;
  }

  /** The first image of each product. */
  async firstImages(productIds: readonly string[], db: Db = this.db): Promise<Map<string, ImageRow>> {
    const images = new Map<string, ImageRow>();
    if (productIds.length === 0) return images;
    const rows = await firstImagesOf.all(db, [...new Set(productIds)]);
    for (const row of rows) if (!images.has(row.product_id)) images.set(row.product_id, row);
    return images;
  }

  findLine(trx: Db, cartId: string, key: { productId: string; variantKey: string; sourceKey: string }): Promise<CartLinesTable | undefined> {
    return lineOfKey.first(trx, cartId, key.productId, key.variantKey, key.sourceKey);
  }

  findLineById(trx: Db, cartId: string, lineId: string): Promise<CartLinesTable | undefined> {
    return trx.selectFrom('cart_lines').selectAll().where('cart_id', '=', cartId).where('id', '=', lineId).executeTakeFirst();
  }

  async insertLine(trx: Db, line: CartLinesTable): Promise<void> {
    await insertCartLine.execute(trx, line);
  }

  async setQuantity(trx: Db, lineId: string, quantity: number): Promise<void> {
    await setLineQuantity.execute(trx, lineId, quantity, Date.now());
  }

  async deleteLine(trx: Db, cartId: string, lineId: string): Promise<boolean> {
    const result = await trx.deleteFrom('cart_lines').where('cart_id', '=', cartId).where('id', '=', lineId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async clear(trx: Db, cartId: string): Promise<void> {
    await trx.deleteFrom('cart_lines').where('cart_id', '=', cartId).execute();
  }

  async setMode(trx: Db, cartId: string, mode: string): Promise<void> {
    await trx.updateTable('carts').set({ delivery_mode: mode, updated_at: Date.now() }).where('id', '=', cartId).execute();
  }

  async storesOf(trx: Db, cartId: string): Promise<string[]> {
    const rows = await storesOfCart.all(trx, cartId);
    return rows.map((row) => row.store_id);
  }
}
