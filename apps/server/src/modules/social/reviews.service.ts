import type { Kysely, Transaction } from 'kysely';
import { REVIEW_PHOTOS_MAX, type Language, type TReviewCreate, type TReviewDetail, type TReviewPatch } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError, Invalid, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { type CatalogVersion, setProductRating } from '../catalog/index.js';
import type { UploadsService } from '../uploads/index.js';
import { DELIVERED_STATUSES, reviewDetails } from './review-read.js';
import type { ReviewsTable } from './social.tables.js';

type Stars = 1 | 2 | 3 | 4 | 5;
const column = (rating: number) => `r${rating as Stars}` as const;

/**
 * Reviews after purchase (issue #13 §4). A buyer reviews a product only through one of his
 * delivered (or picked up) order lines of it, once per line; the seller answers once; the store team
 * hides a review with a reason and shows it again. Every change of what is visible moves the
 * product's count per star (product_review_stats) and its rating and review count in the same
 * transaction, and the catalog version after the commit, so listings, facets and caches follow.
 */
export class ReviewsService {
  constructor(private readonly deps: { db: Kysely<Database>; version: CatalogVersion; reviewsVersion: CatalogVersion; uploads: UploadsService }) {}

  async create(options: { buyerId: string; input: TReviewCreate; language: Language }): Promise<TReviewDetail> {
    const { db } = this.deps;
    const { input } = options;
    const id = await db.transaction().execute(async (trx) => {
      const lines = await trx
        .selectFrom('order_lines as ol')
        .innerJoin('orders as o', 'o.id', 'ol.order_id')
        .innerJoin('store_orders as so', 'so.id', 'ol.store_order_id')
        .leftJoin('reviews as r', 'r.order_line_id', 'ol.id')
        .select(['ol.id', 'ol.status', 'so.store_id', 'so.status as store_order_status', 'r.id as review_id'])
        .where('o.buyer_id', '=', options.buyerId)
        .where('ol.product_id', '=', input.productId)
        .orderBy('ol.created_at')
        .orderBy('ol.id')
        .execute();
      const delivered = lines.filter((line) => line.status === 'active' && DELIVERED_STATUSES.includes(line.store_order_status));
      let line;
      if (input.orderLineId) {
        // A named line: not one of the buyer's lines of this product is a wrong field; one still on its way waits.
        const named = lines.find((candidate) => candidate.id === input.orderLineId);
        if (!named) throw Invalid('orderLineId', 'not one of your purchases of this product');
        if (!delivered.includes(named)) throw new AppError('REVIEW_NOT_DELIVERED');
        if (named.review_id !== null) throw new AppError('REVIEW_EXISTS');
        line = named;
      } else {
        if (delivered.length === 0) throw new AppError('REVIEW_NOT_BOUGHT');
        line = delivered.find((candidate) => candidate.review_id === null);
        if (!line) throw new AppError('REVIEW_EXISTS');
      }
      const now = Date.now();
      const row: ReviewsTable = {
        id: newId(),
        product_id: input.productId,
        store_id: line.store_id,
        order_line_id: line.id,
        buyer_id: options.buyerId,
        rating: input.rating,
        text: input.text,
        status: 'visible',
        hidden_reason: null,
        hidden_by: null,
        hidden_at: null,
        answer_text: null,
        answered_by: null,
        answered_at: null,
        created_at: now,
        updated_at: now,
      };
      // The unique index on order_line_id settles two requests racing for the same line.
      const inserted = await trx
        .insertInto('reviews')
        .values(row)
        .onConflict((oc) => oc.column('order_line_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AppError('REVIEW_EXISTS');
      await this.count(trx, input.productId, { [input.rating]: 1 });
      return row.id;
    });
    await this.bumpBoth();
    return this.detail(id, options.language);
  }

  /** The buyer edits his own review (another's is as missing as none). */
  async update(options: { buyerId: string; id: string; patch: TReviewPatch; language: Language }): Promise<TReviewDetail> {
    const { db } = this.deps;
    const moved = await db.transaction().execute(async (trx) => {
      const review = await trx.selectFrom('reviews').selectAll().where('id', '=', options.id).where('buyer_id', '=', options.buyerId).executeTakeFirst();
      if (!review) throw NotFound();
      const rating = options.patch.rating ?? review.rating;
      await trx
        .updateTable('reviews')
        .set({ rating, text: options.patch.text ?? review.text, updated_at: Date.now() })
        .where('id', '=', review.id)
        .execute();
      if (rating === review.rating || review.status !== 'visible') return false;
      await this.count(trx, review.product_id, { [review.rating]: -1, [rating]: 1 });
      return true;
    });
    // A moved rating changes the product's stars (the catalog too); a new text only its reviews section.
    await (moved ? this.bumpBoth() : this.deps.reviewsVersion.bump());
    return this.detail(options.id, options.language);
  }

  /**
   * Adds checked photos (decoded and written anew by the uploads module) to the buyer's review, at
   * most REVIEW_PHOTOS_MAX in all; a bad file refuses the whole request and keeps nothing.
   */
  async addPhotos(options: {
    buyerId: string;
    id: string;
    files: Array<{ data: Buffer; filename?: string | undefined }>;
    language: Language;
  }): Promise<TReviewDetail> {
    const { db, uploads } = this.deps;
    const review = await db.selectFrom('reviews').select(['id']).where('id', '=', options.id).where('buyer_id', '=', options.buyerId).executeTakeFirst();
    if (!review) throw NotFound();
    const saved: string[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('review_photos').select(['position']).where('review_id', '=', review.id).execute();
        if (existing.length + options.files.length > REVIEW_PHOTOS_MAX) throw new AppError('REVIEW_PHOTOS_LIMIT', 'photos');
        let position = existing.reduce((max, p) => Math.max(max, p.position), -1);
        for (const file of options.files) {
          const upload = await uploads.saveChecked({
            ownerId: options.buyerId,
            purpose: 'review-photo',
            data: file.data,
            originalName: file.filename,
            field: 'photos',
            subject: { kind: 'review', id: review.id },
            trx,
          });
          saved.push(upload.id);
          position += 1;
          await trx.insertInto('review_photos').values({ id: newId(), review_id: review.id, upload_id: upload.id, position, created_at: Date.now() }).execute();
        }
      });
    } catch (error) {
      // The rows rolled back; the bytes of files saved before the refusal go too.
      for (const id of saved) await uploads.delete({ id, requester: { userId: options.buyerId, userType: 'buyer' } }).catch(() => undefined);
      throw error;
    }
    await this.deps.reviewsVersion.bump();
    return this.detail(review.id, options.language);
  }

  async removePhoto(options: { buyerId: string; id: string; photoId: string; language: Language }): Promise<TReviewDetail> {
    const { db, uploads } = this.deps;
    const photo = await db
      .selectFrom('review_photos as p')
      .innerJoin('reviews as r', 'r.id', 'p.review_id')
      .select(['p.id', 'p.upload_id'])
      .where('p.id', '=', options.photoId)
      .where('r.id', '=', options.id)
      .where('r.buyer_id', '=', options.buyerId)
      .executeTakeFirst();
    if (!photo) throw NotFound();
    await db.deleteFrom('review_photos').where('id', '=', photo.id).execute();
    await this.deps.reviewsVersion.bump();
    await uploads.delete({ id: photo.upload_id, requester: { userId: options.buyerId, userType: 'buyer' } }).catch(() => undefined);
    return this.detail(options.id, options.language);
  }

  /** The seller's one answer to a review of one of his store's products. */
  async answer(options: { sellerId: string; id: string; text: string; language: Language }): Promise<TReviewDetail> {
    const { db } = this.deps;
    const store = await db.selectFrom('stores').select('id').where('seller_user_id', '=', options.sellerId).executeTakeFirst();
    if (!store) throw NotFound();
    const review = await db
      .selectFrom('reviews')
      .select(['id', 'answer_text'])
      .where('id', '=', options.id)
      .where('store_id', '=', store.id)
      .executeTakeFirst();
    if (!review) throw NotFound();
    // Guarded: of two answers sent at once, one is kept and the other refused.
    const result = await db
      .updateTable('reviews')
      .set({ answer_text: options.text, answered_by: options.sellerId, answered_at: Date.now() })
      .where('id', '=', review.id)
      .where('answer_text', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('REVIEW_ANSWERED');
    await this.deps.reviewsVersion.bump();
    return this.detail(review.id, options.language);
  }

  /** The store team hides a review (with the reason it keeps) or shows it again. */
  async moderate(options: { teamUserId: string; id: string; hide: boolean; reason?: string; language: Language }): Promise<TReviewDetail> {
    const { db } = this.deps;
    const moved = await db.transaction().execute(async (trx) => {
      const review = await trx.selectFrom('reviews').selectAll().where('id', '=', options.id).executeTakeFirst();
      if (!review) throw NotFound();
      const now = Date.now();
      if (options.hide) {
        await trx
          .updateTable('reviews')
          .set({ status: 'hidden', hidden_reason: options.reason ?? '', hidden_by: options.teamUserId, hidden_at: now })
          .where('id', '=', review.id)
          .execute();
      } else {
        await trx
          .updateTable('reviews')
          .set({ status: 'visible', hidden_reason: null, hidden_by: null, hidden_at: null })
          .where('id', '=', review.id)
          .execute();
      }
      const wasVisible = review.status === 'visible';
      if (wasVisible === !options.hide) return false;
      await this.count(trx, review.product_id, { [review.rating]: options.hide ? -1 : 1 });
      return true;
    });
    if (moved) await this.bumpBoth();
    return this.detail(options.id, options.language);
  }

  /** Whether a review's photos may be shown to anyone (the uploads module's subject 'review'). */
  async isPublic(reviewId: string): Promise<boolean> {
    const row = await this.deps.db.selectFrom('reviews').select('id').where('id', '=', reviewId).where('status', '=', 'visible').executeTakeFirst();
    return row !== undefined;
  }

  /**
   * After a change of the product's stars: the catalog (listing, cards, product page) and the reviews
   * section, whose cache follows the reviews version alone.
   */
  private async bumpBoth(): Promise<void> {
    await Promise.all([this.deps.version.bump(), this.deps.reviewsVersion.bump()]);
  }

  private async detail(id: string, language: Language): Promise<TReviewDetail> {
    const row = await this.deps.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const [detail] = await reviewDetails(this.deps.db, [row], language);
    return detail as TReviewDetail;
  }

  /**
   * Moves the product's visible count per star by `delta` (rating → +1 or −1), then sets its rating
   * and review count from the counts. Increments under the row's lock, never a recount: two reviews
   * committed at once both count, on PostgreSQL too.
   */
  private async count(trx: Transaction<Database>, productId: string, delta: Partial<Record<number, number>>): Promise<void> {
    const now = Date.now();
    await trx
      .insertInto('product_review_stats')
      .values({ product_id: productId, r1: 0, r2: 0, r3: 0, r4: 0, r5: 0, updated_at: now })
      .onConflict((oc) => oc.column('product_id').doNothing())
      .execute();
    let update = trx.updateTable('product_review_stats').set({ updated_at: now });
    for (const [rating, by] of Object.entries(delta)) {
      if (!by) continue;
      const name = column(Number(rating));
      update = update.set((eb) => ({ [name]: eb(name, '+', by) }));
    }
    await update.where('product_id', '=', productId).execute();
    const stats = await trx.selectFrom('product_review_stats').selectAll().where('product_id', '=', productId).executeTakeFirstOrThrow();
    const counts = [stats.r1, stats.r2, stats.r3, stats.r4, stats.r5].map(Number);
    const reviewCount = counts.reduce((sum, n) => sum + n, 0);
    const stars = counts.reduce((sum, n, i) => sum + n * (i + 1), 0);
    await setProductRating(trx, { productId, ratingHundredths: reviewCount ? Math.round((stars * 100) / reviewCount) : 0, reviewCount });
  }
}
