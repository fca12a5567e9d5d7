import type { Kysely, Selectable } from 'kysely';
import type { Language, ReviewStatus, TProductReviews, TReview, TReviewable, TReviewDetail, TReviewSummary } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { createCursorCodec, isTimeIdPosition, type CursorCodec, type TimeIdPosition } from '../../lib/cursor.js';
import { NotFound } from '../../lib/errors.js';
import { pickText } from '../catalog/index.js';
import { publicMediaPath } from '../uploads/index.js';
import type { ReviewsTable } from './social.tables.js';

/** A store order in one of these states was handed to the buyer: its lines may be reviewed. */
export const DELIVERED_STATUSES = ['delivered', 'picked_up'];
const PAGE_DEFAULT = 10;

type ReviewRow = Selectable<ReviewsTable>;

/** "Amira H.": a first name and an initial, never the e-mail. */
function authorOf(first: string | null, last: string | null): string {
  const name = (first ?? '').trim();
  const initial = (last ?? '').trim().slice(0, 1);
  return [name, initial ? `${initial}.` : ''].filter(Boolean).join(' ');
}

async function photosOf(db: Kysely<Database>, ids: string[]) {
  if (ids.length === 0) return new Map<string, Array<{ id: string; url: string }>>();
  const rows = await db
    .selectFrom('review_photos')
    .select(['id', 'review_id', 'upload_id'])
    .where('review_id', 'in', ids)
    .orderBy('review_id')
    .orderBy('position')
    .execute();
  const map = new Map<string, Array<{ id: string; url: string }>>();
  for (const row of rows) map.set(row.review_id, [...(map.get(row.review_id) ?? []), { id: row.id, url: publicMediaPath(row.upload_id) }]);
  return map;
}

async function publicReviews(db: Kysely<Database>, rows: ReviewRow[]): Promise<TReview[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [photos, authors] = await Promise.all([
    photosOf(db, ids),
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', [...new Set(rows.map((r) => r.buyer_id))])
      .execute(),
  ]);
  return rows.map((row) => {
    const author = authors.find((a) => a.id === row.buyer_id);
    return {
      id: row.id,
      productId: row.product_id,
      rating: Number(row.rating),
      text: row.text,
      author: authorOf(author?.first_name ?? null, author?.last_name ?? null),
      photos: photos.get(row.id) ?? [],
      answer: row.answer_text === null ? null : { text: row.answer_text, at: Number(row.answered_at) },
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  });
}

/** Reviews with their moderation state, product and store: the buyer's, the seller's and the team's views. */
export async function reviewDetails(db: Kysely<Database>, rows: ReviewRow[], language: Language): Promise<TReviewDetail[]> {
  if (rows.length === 0) return [];
  const [base, products, stores] = await Promise.all([
    publicReviews(db, rows),
    db
      .selectFrom('products')
      .select(['id', 'slug', 'title'])
      .where('id', 'in', [...new Set(rows.map((r) => r.product_id))])
      .execute(),
    db
      .selectFrom('stores')
      .select(['id', 'store_alias_name'])
      .where('id', 'in', [...new Set(rows.map((r) => r.store_id))])
      .execute(),
  ]);
  return rows.map((row, i) => {
    const product = products.find((p) => p.id === row.product_id);
    const store = stores.find((s) => s.id === row.store_id);
    return {
      ...(base[i] as TReview),
      status: row.status as ReviewStatus,
      hiddenReason: row.hidden_reason,
      product: { id: row.product_id, slug: product?.slug ?? '', title: product ? pickText(product.title, language) : '' },
      store: { id: row.store_id, storeAliasName: store?.store_alias_name ?? '' },
    };
  });
}

/** Reads of reviews: the product page's section, the buyer's page, the seller's and the team's lists. */
export class ReviewReads {
  private readonly cursors: CursorCodec<TimeIdPosition>;

  constructor(private readonly deps: { db: Kysely<Database>; cursorKey: Uint8Array }) {
    this.cursors = createCursorCodec<TimeIdPosition>({ key: deps.cursorKey, purpose: 'reviews' });
  }

  /** The id of the published product named by id or slug, or null (the section's 404). */
  async publishedProductId(idOrSlug: string): Promise<string | null> {
    const product = await this.deps.db
      .selectFrom('products')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
      .where('status', '=', 'published')
      .executeTakeFirst();
    return product?.id ?? null;
  }

  /**
   * The product page's reviews: the stored counts per star (never a scan of the reviews) and one page
   * of visible reviews, newest first, optionally of one rating; the index (product, status[, rating],
   * created_at, id) answers the page. Reads nothing of the product itself: the reviews cache keeps
   * this answer across catalog changes (docs/social.md "The reviews cache").
   */
  async forProductId(options: {
    productId: string;
    cursor?: string | undefined;
    limit?: number | undefined;
    rating?: number | undefined;
  }): Promise<TProductReviews> {
    const { db } = this.deps;
    const limit = options.limit ?? PAGE_DEFAULT;
    const after = options.cursor ? this.cursors.decode(options.cursor, isTimeIdPosition) : undefined;
    let page = db.selectFrom('reviews').selectAll().where('product_id', '=', options.productId).where('status', '=', 'visible');
    if (options.rating !== undefined) page = page.where('rating', '=', options.rating);
    // A row-value bound: both SQLite and PostgreSQL seek the index to the cursor (an OR of the two
    // columns is only a filter on PostgreSQL, which would read every newer review again on deep pages).
    if (after) page = page.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
    const [stats, rows] = await Promise.all([
      db.selectFrom('product_review_stats').selectAll().where('product_id', '=', options.productId).executeTakeFirst(),
      page
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute(),
    ]);
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      summary: summaryOf(stats),
      items: await publicReviews(db, shown),
      nextCursor: rows.length > limit && last ? this.cursors.encode({ createdAt: Number(last.created_at), id: last.id }) : null,
    };
  }

  /** The buyer's page: delivered lines still to review, and his reviews (hidden ones with the reason). */
  async mine(options: { buyerId: string; language: Language }): Promise<{ reviewable: TReviewable[]; reviewed: TReviewDetail[] }> {
    const { db } = this.deps;
    const [lines, reviewed] = await Promise.all([
      db
        .selectFrom('order_lines as ol')
        .innerJoin('orders as o', 'o.id', 'ol.order_id')
        .innerJoin('store_orders as so', 'so.id', 'ol.store_order_id')
        .leftJoin('reviews as r', 'r.order_line_id', 'ol.id')
        .select(['ol.id', 'ol.order_id', 'ol.product_id', 'ol.slug', 'ol.title', 'so.updated_at'])
        .where('o.buyer_id', '=', options.buyerId)
        .where('ol.status', '=', 'active')
        .where('so.status', 'in', DELIVERED_STATUSES)
        .where('r.id', 'is', null)
        .orderBy('so.updated_at', 'desc')
        .orderBy('ol.id')
        .limit(200)
        .execute(),
      db.selectFrom('reviews').selectAll().where('buyer_id', '=', options.buyerId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute(),
    ]);
    return {
      reviewable: lines.map((line) => ({
        orderLineId: line.id,
        orderId: line.order_id,
        product: { id: line.product_id, slug: line.slug, title: pickText(line.title, options.language) },
        deliveredAt: Number(line.updated_at),
      })),
      reviewed: await reviewDetails(db, reviewed, options.language),
    };
  }

  /** The seller portal's list (his store's reviews) or the team's (every store's), newest first. */
  async list(options: { sellerId?: string; status?: ReviewStatus | undefined; cursor?: string | undefined; limit?: number | undefined; language: Language }) {
    const { db } = this.deps;
    const limit = options.limit ?? 20;
    let query = db.selectFrom('reviews').selectAll();
    if (options.sellerId !== undefined) {
      const store = await db.selectFrom('stores').select('id').where('seller_user_id', '=', options.sellerId).executeTakeFirst();
      if (!store) throw NotFound();
      query = query.where('store_id', '=', store.id);
    }
    if (options.status) query = query.where('status', '=', options.status);
    const after = options.cursor ? this.cursors.decode(options.cursor, isTimeIdPosition) : undefined;
    if (after)
      query = query.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      items: await reviewDetails(db, shown, options.language),
      nextCursor: rows.length > limit && last ? this.cursors.encode({ createdAt: Number(last.created_at), id: last.id }) : null,
    };
  }
}

function summaryOf(stats: { r1: number; r2: number; r3: number; r4: number; r5: number } | undefined): TReviewSummary {
  const distribution = stats ? [stats.r1, stats.r2, stats.r3, stats.r4, stats.r5].map(Number) : [0, 0, 0, 0, 0];
  const count = distribution.reduce((sum, n) => sum + n, 0);
  const stars = distribution.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return { average: count ? Math.round((stars * 10) / count) / 10 : 0, count, distribution };
}
