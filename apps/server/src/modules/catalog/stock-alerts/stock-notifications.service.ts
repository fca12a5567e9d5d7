import type { Kysely, Transaction } from 'kysely';
import { toLanguage, type Language, type TNotifyMeRequest } from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import { AppError, InvalidField, NotFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import type { NotificationsService, QueuedMessage } from '../../notifications/index.js';

/** Stock before or after a change: the product's and each variant's. */
export interface StockLevels {
  product: number;
  variants: ReadonlyMap<string, number>;
}

/** A product as a watcher's message names it (title per language as stored, JSON). */
export interface WatchedProduct {
  id: string;
  slug: string;
  title: string;
  currency: string;
}

/**
 * Another module that tells its own people about a product (favourites: modules/social). Called in
 * the change's transaction; returns the messages it queued there. `alreadyTold` holds the addresses
 * this change already wrote to, so nobody gets the same news twice.
 */
export interface ProductWatcher {
  restocked(options: { trx: Transaction<Database>; product: WatchedProduct; link: string; alreadyTold: ReadonlySet<string> }): Promise<QueuedMessage[]>;
  priceDropped(options: { trx: Transaction<Database>; product: WatchedProduct; link: string; before: number; after: number }): Promise<QueuedMessage[]>;
}

/**
 * 'Notify me' sign-ups for products that are out of stock but coming back, and the back-in-stock
 * message when they do. The messages are written to the notification outbox in the same
 * transaction as the stock change, so a sign-up is marked notified exactly when its message exists.
 */
export class StockNotificationsService {
  private readonly watchers: ProductWatcher[] = [];

  /** Adds a watcher told of restocks and price drops of published products. */
  watch(watcher: ProductWatcher): void {
    this.watchers.push(watcher);
  }

  constructor(private readonly deps: { db: Kysely<Database>; notifications: NotificationsService; publicUrl: string }) {}

  /**
   * Signs the caller up. Only a published product (or variant) that is out of stock and restockable
   * takes sign-ups; a second sign-up of the same address is a no-op (`created: false`).
   */
  /** `product` is the product's id or slug, as in its page's URL. */
  async signUp(options: { product: string; userId: string; language: Language; input: TNotifyMeRequest }): Promise<{ created: boolean }> {
    const { db } = this.deps;
    const product = await db
      .selectFrom('products')
      .select(['id', 'stock', 'restockable'])
      .where((eb) => eb.or([eb('id', '=', options.product), eb('slug', '=', options.product)]))
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (!product) throw NotFound();
    let stock = product.stock;
    if (options.input.variantId) {
      const variant = await db
        .selectFrom('product_variants')
        .select('stock')
        .where('id', '=', options.input.variantId)
        .where('product_id', '=', product.id)
        .executeTakeFirst();
      if (!variant) throw NotFound();
      stock = variant.stock;
    }
    if (stock > 0) throw new AppError('PRODUCT_IN_STOCK');
    if (!product.restockable) throw new AppError('PRODUCT_SOLD_OUT');

    const user = await db.selectFrom('users').select(['email']).where('id', '=', options.userId).executeTakeFirst();
    const email = user?.email ?? options.input.email;
    if (!email) throw InvalidField('email', 'ENTER_VALID_EMAIL');
    const result = await db
      .insertInto('stock_notifications')
      .values({
        id: newId(),
        product_id: product.id,
        variant_id: options.input.variantId ?? null,
        user_id: options.userId,
        email: email.toLowerCase(),
        language: options.language,
        created_at: Date.now(),
        notified_at: null,
      })
      // One waiting sign-up per product and address (a partial unique index): the second is a no-op.
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return { created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
  }

  /**
   * After a stock change inside `trx`: queues one back-in-stock message per waiting sign-up whose
   * product or variant went from 0 to more, and marks them notified. Deliver the returned messages
   * (NotificationsService.deliver) once the transaction has committed.
   */
  async onStockChanged(options: { trx: Transaction<Database>; productId: string; before: StockLevels; after: StockLevels }): Promise<QueuedMessage[]> {
    const { trx, productId, before, after } = options;
    const productBack = before.product === 0 && after.product > 0;
    const variantsBack = [...after.variants].filter(([id, stock]) => stock > 0 && (before.variants.get(id) ?? 0) === 0).map(([id]) => id);
    if (!productBack && variantsBack.length === 0) return [];
    const product = await trx.selectFrom('products').select(['id', 'slug', 'title', 'status', 'currency']).where('id', '=', productId).executeTakeFirst();
    // A draft or unpublished product cannot be bought: its sign-ups wait until it is published again.
    if (!product || product.status !== 'published') return [];

    const waiting = await trx
      .selectFrom('stock_notifications')
      .select(['id', 'email', 'language', 'user_id'])
      .where('product_id', '=', productId)
      .where('notified_at', 'is', null)
      .where((eb) => {
        const matches = [];
        if (productBack) matches.push(eb('variant_id', 'is', null));
        if (variantsBack.length) matches.push(eb('variant_id', 'in', variantsBack));
        return eb.or(matches);
      })
      .orderBy('created_at')
      .execute();
    const link = this.productLink(product.slug);
    const queued: QueuedMessage[] = [];
    // The product itself coming back is news for those who keep it as a favourite too.
    if (productBack) {
      const alreadyTold = new Set(waiting.map((w) => w.email.toLowerCase()));
      for (const watcher of this.watchers) queued.push(...(await watcher.restocked({ trx, product, link, alreadyTold })));
    }
    if (waiting.length === 0) return queued;

    const titles = JSON.parse(product.title) as Record<string, string>;
    for (const signUp of waiting) {
      const language = toLanguage(signUp.language);
      queued.push(
        await this.deps.notifications.queue({
          trx,
          channel: 'email',
          to: signUp.email,
          userId: signUp.user_id,
          language,
          template: 'back-in-stock',
          params: { productTitle: titles[language] ?? titles.en ?? product.slug, link },
        }),
      );
    }
    await trx
      .updateTable('stock_notifications')
      .set({ notified_at: Date.now() })
      .where(
        'id',
        'in',
        waiting.map((w) => w.id),
      )
      .execute();
    return queued;
  }

  /**
   * After a price change inside `trx` (the product's own price, in minor units of its currency): a
   * lower price is news for the watchers. Deliver the returned messages once committed.
   */
  async onPriceChanged(options: { trx: Transaction<Database>; productId: string; before: number; after: number }): Promise<QueuedMessage[]> {
    const { trx, productId, before, after } = options;
    if (!(after < before) || this.watchers.length === 0) return [];
    const product = await trx.selectFrom('products').select(['id', 'slug', 'title', 'status', 'currency', 'stock']).where('id', '=', productId).executeTakeFirst();
    if (!product || product.status !== 'published') return [];
    const queued: QueuedMessage[] = [];
    for (const watcher of this.watchers) queued.push(...(await watcher.priceDropped({ trx, product, link: this.productLink(product.slug), before, after })));
    return queued;
  }

  /** The web app's product page (apps/web/app/routes.ts: p/:slug). */
  private productLink(slug: string): string {
    return `${this.deps.publicUrl}/p/${encodeURIComponent(slug)}`;
  }

  /**
   * After the commit that queued them: the events outbox delivers queued messages (with retries,
   * and after a crash); this only tells its dispatcher to look now.
   */
  async deliver(messages: readonly QueuedMessage[]): Promise<void> {
    if (messages.length) this.deps.notifications.nudge();
  }
}
