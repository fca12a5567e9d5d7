import { sql, type Kysely } from 'kysely';
import {
  QUOTATION_STATES,
  unitPriceFor,
  type Language,
  type QuotationState,
  type TQuotation,
  type TQuotationAttachment,
  type TQuotationProduct,
  type TQuotationRequest,
  type TQuotationRequestDetail,
  type TQuotationTier,
  type TSellerQuotation,
} from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { NotFound } from '../../lib/errors.js';
import { mediaUrl, pickText } from '../catalog/index.js';
import { type DeliveryService, type Location, quoteDelivery } from '../delivery/index.js';
import { visibleQuotationState } from './quotation-states.js';
import { storeCategories } from './quotation-stores.js';
import type { QuotationRequestsTable, QuotationsTable } from './quotations.tables.js';

const parseList = (json: string): string[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

const emptyCounts = (): Record<QuotationState, number> => Object.fromEntries(QUOTATION_STATES.map((state) => [state, 0])) as Record<QuotationState, number>;

/**
 * What buyers, sellers and the team read of quotations: the request with its answers side by side
 * (price for the buyer's quantity, lead time, certificates and provenance of the product, the
 * store's rating, its delivery fee to the buyer's location by the cart's rules). States are the
 * visible ones: expiry is decided here, at read time.
 */
export class QuotationReads {
  constructor(private readonly deps: { db: Kysely<Database>; delivery: DeliveryService }) {}

  async buyerList(options: { buyerId: string; language: Language; limit: number }): Promise<TQuotationRequest[]> {
    const rows = await this.deps.db
      .selectFrom('quotation_requests')
      .selectAll()
      .where('buyer_id', '=', options.buyerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit)
      .execute();
    return this.requests(rows, options.language);
  }

  async buyerDetail(options: { buyerId: string; requestId: string; language: Language; location?: Partial<Location> }): Promise<TQuotationRequestDetail> {
    const row = await this.deps.db
      .selectFrom('quotation_requests')
      .selectAll()
      .where('id', '=', options.requestId)
      .where('buyer_id', '=', options.buyerId)
      .executeTakeFirst();
    if (!row) throw NotFound();
    const [request] = await this.requests([row], options.language);
    const quotations = await this.deps.db.selectFrom('quotations').selectAll().where('request_id', '=', row.id).orderBy('created_at').orderBy('id').execute();
    return { ...(request as TQuotationRequest), quotations: await this.quotations(quotations, row, options.language, options.location) };
  }

  /** The seller's inbox: his store's quotations, newest first. */
  async sellerInbox(options: { storeId: string; language: Language; limit: number; state?: QuotationState | undefined }): Promise<TSellerQuotation[]> {
    const rows = await this.deps.db
      .selectFrom('quotations')
      .selectAll()
      .where('store_id', '=', options.storeId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit)
      .execute();
    const out = await this.pairs(rows, options.language);
    return options.state ? out.filter((pair) => pair.quotation?.state === options.state) : out;
  }

  /** Open RFQs of the store's categories it has no quotation for yet (answering one adds it). */
  async sellerOpen(options: { storeId: string; language: Language; limit: number }): Promise<TSellerQuotation[]> {
    const { db } = this.deps;
    const categories = await storeCategories(db, options.storeId);
    if (categories.length === 0) return [];
    const rows = await db
      .selectFrom('quotation_requests as r')
      .selectAll('r')
      .where('r.status', '=', 'open')
      .where('r.kind', '=', 'rfq')
      .where('r.category_id', 'in', categories)
      .where('r.deadline', '>', Date.now())
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('quotations as q').select('q.id').whereRef('q.request_id', '=', 'r.id').where('q.store_id', '=', options.storeId))),
      )
      .orderBy('r.created_at', 'desc')
      .limit(options.limit)
      .execute();
    return (await this.requests(rows, options.language)).map((request) => ({ request, quotation: null }));
  }

  /** One request as a store sees it: invited (or answered), or an open RFQ of its categories. */
  async sellerDetail(options: { storeId: string; requestId: string; language: Language }): Promise<TSellerQuotation> {
    const { db } = this.deps;
    const row = await db.selectFrom('quotation_requests').selectAll().where('id', '=', options.requestId).executeTakeFirst();
    if (!row) throw NotFound();
    const mine = await db.selectFrom('quotations').selectAll().where('request_id', '=', row.id).where('store_id', '=', options.storeId).executeTakeFirst();
    if (!mine && (row.kind !== 'rfq' || row.status !== 'open' || !(await storeCategories(db, options.storeId)).includes(row.category_id))) throw NotFound();
    const [request] = await this.requests([row], options.language);
    const [quotation] = mine ? await this.quotations([mine], row, options.language) : [];
    return { request: request as TQuotationRequest, quotation: quotation ?? null };
  }

  /** The console's overview: newest requests and how many quotations are in each state. */
  async adminOverview(options: { language: Language; limit: number }) {
    const { db } = this.deps;
    const rows = await db.selectFrom('quotation_requests').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
    const all = await db
      .selectFrom('quotations as q')
      .innerJoin('quotation_requests as r', 'r.id', 'q.request_id')
      .select(['q.state', 'q.valid_until', 'r.deadline'])
      .execute();
    const totals = emptyCounts();
    const now = Date.now();
    for (const row of all) totals[visibleQuotationState(row, row.deadline, now)] += 1;
    return { requests: await this.requests(rows, options.language), totals };
  }

  /** Whether a user may open an attachment: the buyer of its request, a store with a quotation on it, or the team. */
  async mayOpenAttachment(options: { uploadId: string; userId: string; userType: string }): Promise<boolean> {
    const { db } = this.deps;
    const files = await db
      .selectFrom('quotation_attachments as a')
      .innerJoin('quotation_requests as r', 'r.id', 'a.request_id')
      .select(['a.request_id', 'a.quotation_id', 'r.buyer_id', 'r.kind', 'r.category_id'])
      .where('a.upload_id', '=', options.uploadId)
      .execute();
    if (files.length === 0) return false;
    if (options.userType === 'team' || files.some((file) => file.buyer_id === options.userId)) return true;
    if (options.userType !== 'seller') return false;
    const store = await db.selectFrom('stores').select('id').where('seller_user_id', '=', options.userId).executeTakeFirst();
    if (!store) return false;
    for (const file of files) {
      const mine = await db
        .selectFrom('quotations')
        .select(['id'])
        .where('request_id', '=', file.request_id)
        .where('store_id', '=', store.id)
        .executeTakeFirst();
      // A store sees the buyer's files of a request it may answer, and its own quotation's files.
      if (
        file.quotation_id ? mine?.id === file.quotation_id : !!mine || (file.kind === 'rfq' && (await storeCategories(db, store.id)).includes(file.category_id))
      )
        return true;
    }
    return false;
  }

  /** Who a quotation is between: its request's buyer and its store (with the store's chat user). */
  async partiesOf(quotationId: string): Promise<{ requestId: string; buyerId: string; storeId: string; storeChatUserId: string } | undefined> {
    const row = await this.deps.db
      .selectFrom('quotations as q')
      .innerJoin('quotation_requests as r', 'r.id', 'q.request_id')
      .innerJoin('stores as s', 's.id', 'q.store_id')
      .select(['q.request_id', 'r.buyer_id', 'q.store_id', 's.chat_user_id'])
      .where('q.id', '=', quotationId)
      .executeTakeFirst();
    return row ? { requestId: row.request_id, buyerId: row.buyer_id, storeId: row.store_id, storeChatUserId: row.chat_user_id ?? row.store_id } : undefined;
  }

  // -------------------------------------------------------------------------------------------

  private async pairs(rows: QuotationsTable[], language: Language): Promise<TSellerQuotation[]> {
    if (rows.length === 0) return [];
    const requestRows = await this.deps.db
      .selectFrom('quotation_requests')
      .selectAll()
      .where('id', 'in', [...new Set(rows.map((r) => r.request_id))])
      .execute();
    const requests = new Map((await this.requests(requestRows, language)).map((r) => [r.id, r]));
    const byId = new Map(requestRows.map((r) => [r.id, r]));
    const out: TSellerQuotation[] = [];
    for (const row of rows) {
      const request = requests.get(row.request_id);
      const requestRow = byId.get(row.request_id);
      if (!request || !requestRow) continue;
      const [quotation] = await this.quotations([row], requestRow, language);
      out.push({ request, quotation: quotation ?? null });
    }
    return out;
  }

  private async requests(rows: QuotationRequestsTable[], language: Language): Promise<TQuotationRequest[]> {
    if (rows.length === 0) return [];
    const { db } = this.deps;
    const ids = rows.map((r) => r.id);
    const [quotations, categories, buyers, attachments, products] = await Promise.all([
      db.selectFrom('quotations').select(['request_id', 'state', 'valid_until']).where('request_id', 'in', ids).execute(),
      db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where('id', 'in', [...new Set(rows.map((r) => r.category_id))])
        .execute(),
      db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('id', 'in', [...new Set(rows.map((r) => r.buyer_id))])
        .execute(),
      db.selectFrom('quotation_attachments').selectAll().where('request_id', 'in', ids).where('quotation_id', 'is', null).execute(),
      this.products(
        rows.flatMap((r) => (r.product_id ? [r.product_id] : [])),
        language,
      ),
    ]);
    const now = Date.now();
    return rows.map((row) => {
      const counts = emptyCounts();
      for (const q of quotations) if (q.request_id === row.id) counts[visibleQuotationState(q, row.deadline, now)] += 1;
      const buyer = buyers.find((b) => b.id === row.buyer_id);
      const category = categories.find((c) => c.id === row.category_id);
      return {
        id: row.id,
        kind: row.kind as TQuotationRequest['kind'],
        status: row.status as TQuotationRequest['status'],
        // Stores see the buyer's first name and initial, as reviews do.
        buyerName: buyer ? `${buyer.first_name ?? ''} ${(buyer.last_name ?? '').slice(0, 1)}${buyer.last_name ? '.' : ''}`.trim() : '',
        category: { id: row.category_id, name: pickText(category?.name, language) },
        product: row.product_id ? (products.get(row.product_id) ?? null) : null,
        variantId: row.variant_id,
        description: row.description,
        quantity: row.quantity,
        targetPrice: row.target_price === null ? null : Number(row.target_price),
        currency: row.currency,
        wantedBy: row.wanted_by === null ? null : Number(row.wanted_by),
        deadline: row.deadline === null ? null : Number(row.deadline),
        addressId: row.address_id,
        materials: parseList(row.materials),
        certificates: parseList(row.certificates),
        attachments: attachments.filter((a) => a.request_id === row.id).map(attachmentView),
        acceptedQuotationId: row.accepted_quotation_id,
        counts,
        createdAt: Number(row.created_at),
      };
    });
  }

  private async quotations(rows: QuotationsTable[], request: QuotationRequestsTable, language: Language, location?: Partial<Location>): Promise<TQuotation[]> {
    if (rows.length === 0) return [];
    const { db, delivery } = this.deps;
    const storeIds = [...new Set(rows.map((r) => r.store_id))];
    const ids = rows.map((r) => r.id);
    const [stores, ratings, products, history, attachments, settings] = await Promise.all([
      db.selectFrom('stores').select(['id', 'store_name', 'store_alias_name', 'chat_user_id']).where('id', 'in', storeIds).execute(),
      db
        .selectFrom('products')
        .select([
          'store_id',
          sql<number>`sum(case when review_count > 0 then rating else 0 end)`.as('rating_sum'),
          sql<number>`sum(case when review_count > 0 then 1 else 0 end)`.as('rated'),
        ])
        .where('store_id', 'in', storeIds)
        .where('status', '=', 'published')
        .groupBy('store_id')
        .execute(),
      this.products(
        rows.flatMap((r) => (r.product_id ? [r.product_id] : [])),
        language,
      ),
      db.selectFrom('quotation_history').selectAll().where('quotation_id', 'in', ids).orderBy('at').orderBy('id').execute(),
      db.selectFrom('quotation_attachments').selectAll().where('quotation_id', 'in', ids).execute(),
      delivery.settingsFor(storeIds),
    ]);
    const to =
      location?.latitude !== undefined && location.longitude !== undefined
        ? { latitude: location.latitude, longitude: location.longitude }
        : delivery.defaultLocation;
    const now = Date.now();
    return rows.map((row) => {
      const store = stores.find((s) => s.id === row.store_id);
      const stat = ratings.find((r) => r.store_id === row.store_id);
      const rated = Number(stat?.rated ?? 0);
      const tiers = JSON.parse(row.tiers) as TQuotationTier[];
      const unitPrice = row.unit_price === null ? null : Number(row.unit_price);
      const priceForQuantity = unitPrice === null ? null : unitPriceFor(unitPrice, tiers, request.quantity);
      const total = priceForQuantity === null ? null : priceForQuantity * request.quantity;
      const storeSettings = settings.get(row.store_id);
      const quote = storeSettings && total !== null ? quoteDelivery(storeSettings, to, total) : null;
      return {
        id: row.id,
        requestId: row.request_id,
        state: visibleQuotationState(row, request.deadline, now),
        store: {
          id: row.store_id,
          name: pickText(store?.store_name, language),
          alias: store?.store_alias_name ?? '',
          rating: rated ? Math.round(Number(stat?.rating_sum ?? 0) / rated) / 100 : 0,
          chatUserId: store?.chat_user_id ?? row.store_id,
        },
        product: row.product_id ? (products.get(row.product_id) ?? null) : null,
        variantId: row.variant_id,
        currency: row.currency,
        unitPrice,
        tiers,
        priceForQuantity,
        total,
        leadTimeDays: row.lead_time_days,
        validUntil: row.valid_until === null ? null : Number(row.valid_until),
        terms: row.terms,
        attachments: attachments.filter((a) => a.quotation_id === row.id).map(attachmentView),
        deliveryFee: quote?.deliverable ? quote.deliveryFee : null,
        invited: row.invited === 1,
        answeredAt: row.answered_at === null ? null : Number(row.answered_at),
        history: history
          .filter((h) => h.quotation_id === row.id)
          .map((h) => ({
            from: h.from_state as QuotationState | null,
            to: h.to_state as QuotationState,
            actor: h.actor as 'buyer' | 'seller' | 'system',
            note: h.note,
            at: Number(h.at),
          })),
      };
    });
  }

  /** Title, picture, provenance, materials and valid certificates of the products quoted. */
  private async products(ids: string[], language: Language): Promise<Map<string, TQuotationProduct>> {
    const result = new Map<string, TQuotationProduct>();
    const unique = [...new Set(ids)];
    if (unique.length === 0) return result;
    const { db } = this.deps;
    const now = Date.now();
    const [rows, images, certificates, materials] = await Promise.all([
      db
        .selectFrom('products')
        .select(['id', 'slug', 'title', 'moq', 'origin_country', 'origin_region', 'maker_name', 'production_method'])
        .where('id', 'in', unique)
        .execute(),
      db.selectFrom('product_images').select(['product_id', 'thumb_upload_id', 'position']).where('product_id', 'in', unique).orderBy('position').execute(),
      db.selectFrom('certifications').select(['product_id', 'scheme']).where('product_id', 'in', unique).where('expires_at', '>', now).execute(),
      db.selectFrom('product_materials').select(['product_id', 'material']).where('product_id', 'in', unique).orderBy('share', 'desc').execute(),
    ]);
    for (const row of rows) {
      result.set(row.id, {
        id: row.id,
        slug: row.slug,
        title: pickText(row.title, language),
        image: mediaUrl(images.find((i) => i.product_id === row.id)?.thumb_upload_id),
        moq: row.moq,
        originCountry: row.origin_country,
        originRegion: row.origin_region,
        makerName: row.maker_name,
        productionMethod: row.production_method,
        certificates: [...new Set(certificates.filter((c) => c.product_id === row.id).map((c) => c.scheme))],
        materials: materials.filter((m) => m.product_id === row.id).map((m) => m.material),
      });
    }
    return result;
  }
}

const attachmentView = (row: { upload_id: string; name: string; content_type: string; size: number }): TQuotationAttachment => ({
  id: row.upload_id,
  name: row.name,
  contentType: row.content_type,
  size: Number(row.size),
});
