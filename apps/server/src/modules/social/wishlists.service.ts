import type { Kysely } from 'kysely';
import { WISHLIST_ITEMS_MAX, WISHLISTS_MAX, type Language, type TSharedWishlist, type TWishlist, type TWishlistSummary } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError, NotFound } from '../../lib/errors.js';
import { newId, newSecret } from '../../lib/ids.js';
import { loadCards } from '../catalog/index.js';
import type { WishlistsTable } from './social.tables.js';

/**
 * A buyer's named wishlists (issue #13 §3): create, rename, delete, add and remove products, and
 * share by link. The link carries a random 256-bit token, made anew each time the list is shared, so
 * unsharing ends every link given out; the shared page shows the name and products only.
 */
export class WishlistsService {
  constructor(private readonly deps: { db: Kysely<Database> }) {}

  async list(options: { ownerId: string }): Promise<TWishlistSummary[]> {
    const { db } = this.deps;
    const lists = await db.selectFrom('wishlists').selectAll().where('owner_id', '=', options.ownerId).orderBy('created_at').orderBy('id').execute();
    if (lists.length === 0) return [];
    const items = await db
      .selectFrom('wishlist_items')
      .select(['wishlist_id', 'product_id'])
      .where(
        'wishlist_id',
        'in',
        lists.map((l) => l.id),
      )
      .orderBy('created_at', 'desc')
      .execute();
    return lists.map((list) => {
      const mine = items.filter((i) => i.wishlist_id === list.id);
      return summary(
        list,
        mine.length,
        mine.slice(0, 4).map((i) => i.product_id),
      );
    });
  }

  async get(options: { ownerId: string; id: string; language: Language }): Promise<TWishlist> {
    const list = await this.own(options.ownerId, options.id);
    const products = await this.products(list.id, options.language);
    const items = await this.itemIds(list.id);
    return { ...summary(list, items.length, items.slice(0, 4)), products };
  }

  async create(options: { ownerId: string; name: string }): Promise<TWishlistSummary> {
    const { db } = this.deps;
    const count = await db
      .selectFrom('wishlists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', options.ownerId)
      .executeTakeFirst();
    if (Number(count?.n ?? 0) >= WISHLISTS_MAX) throw new AppError('WISHLIST_LIMIT');
    const now = Date.now();
    const row: WishlistsTable = { id: newId(), owner_id: options.ownerId, name: options.name, share_token: null, created_at: now, updated_at: now };
    await db.insertInto('wishlists').values(row).execute();
    return summary(row, 0, []);
  }

  async rename(options: { ownerId: string; id: string; name: string }): Promise<TWishlistSummary> {
    await this.own(options.ownerId, options.id);
    await this.deps.db.updateTable('wishlists').set({ name: options.name, updated_at: Date.now() }).where('id', '=', options.id).execute();
    return this.summaryOf(options.ownerId, options.id);
  }

  async remove(options: { ownerId: string; id: string }): Promise<void> {
    await this.own(options.ownerId, options.id);
    await this.deps.db.deleteFrom('wishlists').where('id', '=', options.id).execute();
  }

  /** Adds a published product; adding it twice keeps it once. */
  async addProduct(options: { ownerId: string; id: string; productId: string }): Promise<TWishlistSummary> {
    const { db } = this.deps;
    await this.own(options.ownerId, options.id);
    const product = await db.selectFrom('products').select('id').where('id', '=', options.productId).where('status', '=', 'published').executeTakeFirst();
    if (!product) throw NotFound();
    const items = await this.itemIds(options.id);
    if (!items.includes(product.id)) {
      if (items.length >= WISHLIST_ITEMS_MAX) throw new AppError('WISHLIST_FULL');
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('wishlist_items')
          .values({ wishlist_id: options.id, product_id: product.id, created_at: now })
          .onConflict((oc) => oc.columns(['wishlist_id', 'product_id']).doNothing())
          .execute();
        await trx.updateTable('wishlists').set({ updated_at: now }).where('id', '=', options.id).execute();
      });
    }
    return this.summaryOf(options.ownerId, options.id);
  }

  async removeProduct(options: { ownerId: string; id: string; productId: string }): Promise<TWishlistSummary> {
    const { db } = this.deps;
    await this.own(options.ownerId, options.id);
    await db.deleteFrom('wishlist_items').where('wishlist_id', '=', options.id).where('product_id', '=', options.productId).execute();
    await db.updateTable('wishlists').set({ updated_at: Date.now() }).where('id', '=', options.id).execute();
    return this.summaryOf(options.ownerId, options.id);
  }

  /** Shares the list: a new token (an existing link keeps working until unshared). */
  async share(options: { ownerId: string; id: string }): Promise<TWishlistSummary> {
    const list = await this.own(options.ownerId, options.id);
    if (!list.share_token)
      await this.deps.db.updateTable('wishlists').set({ share_token: newSecret(), updated_at: Date.now() }).where('id', '=', list.id).execute();
    return this.summaryOf(options.ownerId, options.id);
  }

  async unshare(options: { ownerId: string; id: string }): Promise<TWishlistSummary> {
    await this.own(options.ownerId, options.id);
    await this.deps.db.updateTable('wishlists').set({ share_token: null, updated_at: Date.now() }).where('id', '=', options.id).execute();
    return this.summaryOf(options.ownerId, options.id);
  }

  /** The read-only page behind a share link; an unknown or withdrawn token is NotFound. */
  async shared(options: { token: string; language: Language }): Promise<TSharedWishlist> {
    const list = await this.deps.db.selectFrom('wishlists').selectAll().where('share_token', '=', options.token).executeTakeFirst();
    if (!list) throw NotFound();
    return { name: list.name, products: await this.products(list.id, options.language), updatedAt: Number(list.updated_at) };
  }

  private async summaryOf(ownerId: string, id: string): Promise<TWishlistSummary> {
    const list = await this.own(ownerId, id);
    const items = await this.itemIds(id);
    return summary(list, items.length, items.slice(0, 4));
  }

  private async itemIds(id: string): Promise<string[]> {
    const rows = await this.deps.db
      .selectFrom('wishlist_items')
      .select('product_id')
      .where('wishlist_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('product_id')
      .execute();
    return rows.map((r) => r.product_id);
  }

  private async products(id: string, language: Language) {
    const ids = await this.itemIds(id);
    const cards = await loadCards(this.deps.db, ids, language);
    const byId = new Map(cards.map((card) => [card.id, card]));
    return ids.flatMap((productId) => byId.get(productId) ?? []);
  }

  /** Another buyer's list is as missing as one that does not exist. */
  private async own(ownerId: string, id: string): Promise<WishlistsTable> {
    const list = await this.deps.db.selectFrom('wishlists').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
    if (!list) throw NotFound();
    return list;
  }
}

function summary(row: WishlistsTable, itemCount: number, productIds: string[]): TWishlistSummary {
  return {
    id: row.id,
    name: row.name,
    itemCount,
    shareToken: row.share_token,
    productIds,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
