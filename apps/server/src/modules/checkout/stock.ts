import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { prepared } from '../../db/prepared-query.js';

/**
 * Stock moved by orders, on the catalog's rows (ADR 006): taken with a guarded update that never
 * goes below zero (`… WHERE stock >= quantity`: the database refuses the oversell, not a read made
 * before it), given back on undo and on cancellation. A variant's stock and its product's total move
 * together. Lines are taken in one fixed order (product, variant) so that concurrent checkouts lock
 * rows in the same order and cannot deadlock on PostgreSQL.
 */
export interface StockMove {
  productId: string;
  variantId: string | null;
  quantity: number;
}

export const inLockOrder = <T extends StockMove>(moves: readonly T[]): T[] =>
  [...moves].sort((a, b) => (a.productId === b.productId ? (a.variantId ?? '').localeCompare(b.variantId ?? '') : a.productId.localeCompare(b.productId)));

// Every checkout runs these: built and compiled once (db/prepared-query.ts).
// Each returns the stock left: a sale changes a stock state only by leaving a row at zero.
const takeVariantStock = prepared((db, variantId: string, productId: string, quantity: number) =>
  db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', variantId)
    .where('product_id', '=', productId)
    .where('stock', '>=', quantity)
    .returning('stock'),
);
const takeProductStock = prepared((db, productId: string, quantity: number, now: number) =>
  db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', quantity), updated_at: now }))
    .where('id', '=', productId)
    .where('status', '=', 'published')
    .where('stock', '>=', quantity)
    .returning('stock'),
);

/** Takes the stock of every move (guarded); answers whether a product or variant taken from is left at zero. */
export async function takeStock(trx: Transaction<Database>, moves: readonly StockMove[]): Promise<{ reachedZero: boolean }> {
  const now = Date.now();
  let reachedZero = false;
  for (const move of inLockOrder(moves)) {
    if (move.variantId) {
      const variant = await takeVariantStock.all(trx, move.variantId, move.productId, move.quantity);
      if (variant.length !== 1) throw new AppError('NOT_ENOUGH_STOCK', 'cart');
      if (variant[0]!.stock <= 0) reachedZero = true;
    }
    const product = await takeProductStock.all(trx, move.productId, move.quantity, now);
    if (product.length !== 1) throw new AppError('NOT_ENOUGH_STOCK', 'cart');
    if (product[0]!.stock <= 0) reachedZero = true;
  }
  return { reachedZero };
}

export async function returnStock(trx: Transaction<Database>, moves: readonly StockMove[]): Promise<void> {
  const now = Date.now();
  for (const move of inLockOrder(moves)) {
    if (move.variantId) {
      await trx
        .updateTable('product_variants')
        .set((eb) => ({ stock: eb('stock', '+', move.quantity) }))
        .where('id', '=', move.variantId)
        .execute();
    }
    await trx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '+', move.quantity), updated_at: now }))
      .where('id', '=', move.productId)
      .execute();
  }
}

/** Stock levels of some products and their variants (before and after a change, for notify-me). */
export async function stockLevels(trx: Transaction<Database>, productId: string) {
  const product = await trx.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst();
  const variants = await trx.selectFrom('product_variants').select(['id', 'stock']).where('product_id', '=', productId).execute();
  return { product: product?.stock ?? 0, variants: new Map(variants.map((v) => [v.id, v.stock])) };
}
