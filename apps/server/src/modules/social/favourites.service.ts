import type { Kysely, Transaction } from 'kysely';
import { toLanguage, type Language, type TFavouriteIds, type TFavourites, type TFavouriteStore } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { Conflict, NotFound } from '../../lib/errors.js';
import { loadCards, pickText, type ProductWatcher, type WatchedProduct, storeSummary } from '../catalog/index.js';
import type { NotificationsService, QueuedMessage } from '../notifications/index.js';
import { formatMoney } from './social-emails.js';

/** More favourites than anyone keeps by hand; a bound so one owner cannot grow a table without end. */
export const FAVOURITES_MAX = 1000;

/**
 * Favourite products and stores of a buyer or a guest (issue #13 §3). A guest's favourites live on
 * the guest user and move to the account at signup or login (mergeGuest, in the same transaction as
 * the cart's). Only published products and approved stores can be made favourites; one that stops
 * being public stays in the list but is no longer shown.
 */
export class FavouritesService {
  constructor(private readonly deps: { db: Kysely<Database>; notifications: NotificationsService }) {}

  async ids(options: { ownerId: string }): Promise<TFavouriteIds> {
    const { db } = this.deps;
    const [products, stores] = await Promise.all([
      db.selectFrom('favourite_products').select('product_id').where('owner_id', '=', options.ownerId).orderBy('created_at', 'desc').execute(),
      db.selectFrom('favourite_stores').select('store_id').where('owner_id', '=', options.ownerId).orderBy('created_at', 'desc').execute(),
    ]);
    return { productIds: products.map((p) => p.product_id), storeIds: stores.map((s) => s.store_id) };
  }

  /** The favourites page: product cards and store summaries, newest favourite first. */
  async list(options: { ownerId: string; language: Language }): Promise<TFavourites> {
    const { db } = this.deps;
    const ids = await this.ids(options);
    const cards = await loadCards(db, ids.productIds, options.language);
    const byId = new Map(cards.map((card) => [card.id, card]));
    const stores = ids.storeIds.length
      ? await db
          .selectFrom('stores')
          .select([
            'id',
            'store_alias_name',
            'store_name',
            'logo_web_upload_id',
            'logo_thumb_upload_id',
            'logo_mobile_upload_id',
            'country',
            'city',
            'chat_user_id',
          ])
          .where('id', 'in', ids.storeIds)
          .where('status', '=', 'approved')
          .execute()
      : [];
    const stats = stores.length
      ? await db
          .selectFrom('products')
          .select([
            'store_id',
            (eb) => eb.fn.countAll<number>().as('n'),
            (eb) => eb.fn.sum<number>('rating').as('rating_sum'),
            (eb) => eb.fn.sum<number>('review_count').as('reviews'),
          ])
          .where(
            'store_id',
            'in',
            stores.map((s) => s.id),
          )
          .where('status', '=', 'published')
          .where('review_count', '>', 0)
          .groupBy('store_id')
          .execute()
      : [];
    const counts = stores.length
      ? await db
          .selectFrom('products')
          .select(['store_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where(
            'store_id',
            'in',
            stores.map((s) => s.id),
          )
          .where('status', '=', 'published')
          .groupBy('store_id')
          .execute()
      : [];
    const storeById = new Map(
      stores.map((row): [string, TFavouriteStore] => {
        const stat = stats.find((s) => s.store_id === row.id);
        const rated = Number(stat?.n ?? 0);
        return [
          row.id,
          {
            ...storeSummary(row as Parameters<typeof storeSummary>[0], options.language),
            rating: rated ? Math.round(Number(stat?.rating_sum ?? 0) / rated) / 100 : 0,
            productCount: Number(counts.find((c) => c.store_id === row.id)?.n ?? 0),
          },
        ];
      }),
    );
    return {
      products: ids.productIds.flatMap((id) => byId.get(id) ?? []),
      stores: ids.storeIds.flatMap((id) => storeById.get(id) ?? []),
    };
  }

  /** Makes a published product a favourite (true) or not (false); either twice is harmless. */
  async setProduct(options: { ownerId: string; productId: string; favourite: boolean }): Promise<void> {
    const { db } = this.deps;
    if (!options.favourite) {
      await db.deleteFrom('favourite_products').where('owner_id', '=', options.ownerId).where('product_id', '=', options.productId).execute();
      return;
    }
    const product = await db.selectFrom('products').select('id').where('id', '=', options.productId).where('status', '=', 'published').executeTakeFirst();
    if (!product) throw NotFound();
    await this.bounded('favourite_products', options.ownerId);
    await db
      .insertInto('favourite_products')
      .values({ owner_id: options.ownerId, product_id: product.id, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['owner_id', 'product_id']).doNothing())
      .execute();
  }

  async setStore(options: { ownerId: string; storeId: string; favourite: boolean }): Promise<void> {
    const { db } = this.deps;
    if (!options.favourite) {
      await db.deleteFrom('favourite_stores').where('owner_id', '=', options.ownerId).where('store_id', '=', options.storeId).execute();
      return;
    }
    const store = await db.selectFrom('stores').select('id').where('id', '=', options.storeId).where('status', '=', 'approved').executeTakeFirst();
    if (!store) throw NotFound();
    await this.bounded('favourite_stores', options.ownerId);
    await db
      .insertInto('favourite_stores')
      .values({ owner_id: options.ownerId, store_id: store.id, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['owner_id', 'store_id']).doNothing())
      .execute();
  }

  /**
   * A guest signed up or logged in: his favourites become the account's (AccountsService.onGuestMerge,
   * in the sign-in's transaction). Ones the account already has are kept once.
   */
  async mergeGuest(options: { guestId: string; userId: string; trx: Transaction<Database> }): Promise<void> {
    const { trx, guestId, userId } = options;
    const products = await trx.selectFrom('favourite_products').selectAll().where('owner_id', '=', guestId).execute();
    for (const row of products) {
      await trx
        .insertInto('favourite_products')
        .values({ ...row, owner_id: userId })
        .onConflict((oc) => oc.columns(['owner_id', 'product_id']).doNothing())
        .execute();
    }
    const stores = await trx.selectFrom('favourite_stores').selectAll().where('owner_id', '=', guestId).execute();
    for (const row of stores) {
      await trx
        .insertInto('favourite_stores')
        .values({ ...row, owner_id: userId })
        .onConflict((oc) => oc.columns(['owner_id', 'store_id']).doNothing())
        .execute();
    }
    await trx.deleteFrom('favourite_products').where('owner_id', '=', guestId).execute();
    await trx.deleteFrom('favourite_stores').where('owner_id', '=', guestId).execute();
  }

  /** Told by the catalog of restocks and price drops (StockNotificationsService.watch). */
  watcher(): ProductWatcher {
    return {
      restocked: async ({ trx, product, link, alreadyTold }) => this.tell({ trx, product, skip: alreadyTold, news: { kind: 'restocked', link } }),
      priceDropped: async ({ trx, product, link, before, after }) =>
        this.tell({ trx, product, skip: new Set(), news: { kind: 'price-dropped', link, before, after } }),
    };
  }

  /** One e-mail per account (with an address) that keeps the product as a favourite; guests have none. */
  private async tell(options: {
    trx: Transaction<Database>;
    product: WatchedProduct;
    skip: ReadonlySet<string>;
    news: { kind: 'restocked'; link: string } | { kind: 'price-dropped'; link: string; before: number; after: number };
  }): Promise<QueuedMessage[]> {
    const { trx, product } = options;
    const fans = await trx
      .selectFrom('favourite_products as f')
      .innerJoin('users as u', 'u.id', 'f.owner_id')
      .select(['u.id', 'u.email', 'u.language'])
      .where('f.product_id', '=', product.id)
      .where('u.type', '=', 'buyer')
      .where('u.email', 'is not', null)
      .execute();
    const queued: QueuedMessage[] = [];
    for (const fan of fans) {
      const email = (fan.email as string).toLowerCase();
      if (options.skip.has(email)) continue;
      const language = toLanguage(fan.language);
      const title = pickText(product.title, language) || product.slug;
      const base = { trx, channel: 'email' as const, to: email, userId: fan.id, language };
      queued.push(
        options.news.kind === 'restocked'
          ? await this.deps.notifications.queue({ ...base, template: 'back-in-stock', params: { productTitle: title, link: options.news.link } })
          : await this.deps.notifications.queue({
              ...base,
              template: 'price-drop',
              params: {
                productTitle: title,
                link: options.news.link,
                oldPrice: formatMoney(language, product.currency, options.news.before),
                newPrice: formatMoney(language, product.currency, options.news.after),
              },
            }),
      );
    }
    return queued;
  }

  private async bounded(table: 'favourite_products' | 'favourite_stores', ownerId: string): Promise<void> {
    const row = await this.deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    if (Number(row?.n ?? 0) >= FAVOURITES_MAX) throw Conflict();
  }
}
