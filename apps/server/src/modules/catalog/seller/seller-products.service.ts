import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  LANGUAGES,
  PRODUCT_IMAGES_MAX,
  UPLOAD_RULES,
  ZProductInputSchema,
  type TCertification,
  type TProductInput,
  type TProductPatch,
  type TSellerProduct,
  type TSellerProductListItem,
  type TSellerProductListQuery,
  type TStockUpdate,
} from '@tessera/contracts';
import type { DialectName } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { createCursorCodec, isTimeIdPosition, type CursorCodec, type TimeIdPosition } from '../../../lib/cursor.js';
import { AppError, Invalid, InvalidField, NotFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import type { QueuedMessage } from '../../notifications/index.js';
import { isAccepted, publicMediaPath, sniffContentType, UploadRejected, type UploadsService } from '../../uploads/index.js';
import type { CatalogVersion } from '../cache/index.js';
import { stockState, toImage } from '../model/index.js';
import type { ProductImagesTable, ProductsTable } from '../catalog.tables.js';
import { deleteUploads, storeProductImage, type StoredImage } from './product-images.js';
import { dayOf, writeProduct } from './product-writer.js';
import type { SearchPort } from '../search/index.js';
import type { StockLevels, StockNotificationsService } from '../stock-alerts/index.js';

type ProductRow = Selectable<ProductsTable>;
type ImageRow = Selectable<ProductImagesTable>;

/** Largest certificate evidence file (a scan or a PDF); kept as it is, public. */
export const EVIDENCE_MAX_BYTES = UPLOAD_RULES['certificate-evidence'].maxBytes;
const LIST_LIMIT_DEFAULT = 20;

interface Seller {
  sellerId: string;
}

/**
 * A seller's own catalog: products with variants, provenance, certificates and images; publishing;
 * stock. A seller reaches only its own store's products: another store's product is as missing as
 * one that does not exist. Every committed change bumps the catalog version, so buyers see it at once.
 */
export class SellerProductsService {
  /** The position is the last product's updated_at (in `createdAt`) and id. */
  private readonly cursors: CursorCodec<TimeIdPosition>;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      dialect: DialectName;
      uploads: UploadsService;
      search: SearchPort;
      version: CatalogVersion;
      stockNotifications: StockNotificationsService;
      cursorKey: Uint8Array;
    },
  ) {
    this.cursors = createCursorCodec<TimeIdPosition>({ key: deps.cursorKey, purpose: 'seller-products', field: 'query.cursor' });
  }

  async list(options: Seller & { query: TSellerProductListQuery }): Promise<{ items: TSellerProductListItem[]; nextCursor: string | null }> {
    const { db } = this.deps;
    const { query } = options;
    const store = await this.storeOf(options.sellerId);
    const limit = query.limit ?? LIST_LIMIT_DEFAULT;
    const before = query.cursor ? this.cursors.decode(query.cursor, isTimeIdPosition) : undefined;
    let select = db.selectFrom('products').selectAll().where('store_id', '=', store.id);
    if (query.status) select = select.where('status', '=', query.status);
    if (query.categoryId) {
      const categoryId = query.categoryId;
      select = select.where((eb) =>
        eb.or([
          eb('category_id', '=', categoryId),
          eb('category_id', 'in', eb.selectFrom('categories').select('categories.id').where('categories.parent_id', '=', categoryId)),
        ]),
      );
    }
    if (query.q) {
      // The title in any language (not the JSON around it, or "en" would match every product);
      // lower() on both sides makes it case-blind on both databases.
      const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const titleIn = (language: string) =>
        this.deps.dialect === 'postgres' ? sql<string>`(title::jsonb ->> ${sql.lit(language)})` : sql<string>`json_extract(title, ${sql.lit(`$.${language}`)})`;
      select = select.where((eb) => eb.or(LANGUAGES.map((language) => eb(sql<string>`lower(${titleIn(language)})`, 'like', sql<string>`${pattern} escape '\\'`))));
    }
    if (before) {
      select = select.where((eb) =>
        eb.or([eb('updated_at', '<', before.createdAt), eb.and([eb('updated_at', '=', before.createdAt), eb('id', '<', before.id)])]),
      );
    }
    const rows = await select.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
    const page = rows.slice(0, limit);
    const ids = page.map((row) => row.id);
    const images = ids.length
      ? await db.selectFrom('product_images').selectAll().where('product_id', 'in', ids).where('position', '=', 0).execute()
      : [];
    const counts = ids.length
      ? await db
          .selectFrom('product_variants')
          .select(['product_id', (eb) => eb.fn.countAll<number>().as('count')])
          .where('product_id', 'in', ids)
          .groupBy('product_id')
          .execute()
      : [];
    const last = page.at(-1);
    return {
      items: page.map((row) => {
        const image = images.find((i) => i.product_id === row.id);
        return {
          id: row.id,
          slug: row.slug,
          status: row.status as TSellerProductListItem['status'],
          title: JSON.parse(row.title) as Record<string, string>,
          currency: row.currency,
          price: Number(row.price),
          mrp: Number(row.mrp),
          stock: row.stock,
          stockState: stockState(row.stock, row.restockable),
          variantCount: Number(counts.find((c) => c.product_id === row.id)?.count ?? 0),
          image: image ? toImage(image, 'en', '') : null,
          updatedAt: Number(row.updated_at),
          publishedAt: row.published_at === null ? null : Number(row.published_at),
        };
      }),
      nextCursor: rows.length > limit && last ? this.cursors.encode({ createdAt: Number(last.updated_at), id: last.id }) : null,
    };
  }

  async get(options: Seller & { productId: string }): Promise<TSellerProduct> {
    const store = await this.storeOf(options.sellerId);
    await this.ownProduct(this.deps.db, store.id, options.productId);
    return readSellerProduct(this.deps.db, options.productId);
  }

  async create(options: Seller & { input: TProductInput }): Promise<TSellerProduct> {
    const store = await this.storeOf(options.sellerId);
    const written = await this.deps.db.transaction().execute((trx) => writeProduct({ trx, search: this.deps.search, storeId: store.id, input: options.input }));
    await this.deps.version.bump();
    return readSellerProduct(this.deps.db, written.productId);
  }

  async update(options: Seller & { productId: string; patch: TProductPatch }): Promise<TSellerProduct> {
    const store = await this.storeOf(options.sellerId);
    const { written, queued } = await this.deps.db.transaction().execute(async (trx) => {
      await this.lockOwnProduct(trx, store.id, options.productId);
      const current = await loadProductInput(trx, options.productId);
      const merged = ZProductInputSchema.safeParse({ ...current, ...options.patch });
      // The patch was checked on its own; merged with the stored product it can only fail on data
      // written before a rule tightened, which the seller must fix in the named field.
      if (!merged.success) throw Invalid(merged.error.issues[0]?.path.join('.') || 'body', merged.error.issues[0]?.message);
      const before = await stockLevels(trx, options.productId);
      const priceBefore = Number(current.price);
      const written = await writeProduct({ trx, search: this.deps.search, storeId: store.id, productId: options.productId, input: merged.data });
      const after = await stockLevels(trx, options.productId);
      const queued = await this.deps.stockNotifications.onStockChanged({ trx, productId: options.productId, before, after });
      // A lower price is news for those who keep the product as a favourite (modules/social).
      queued.push(...(await this.deps.stockNotifications.onPriceChanged({ trx, productId: options.productId, before: priceBefore, after: merged.data.price })));
      return { written, queued };
    });
    await this.afterCommit({ sellerId: options.sellerId, queued, orphanedUploadIds: written.orphanedUploadIds });
    return readSellerProduct(this.deps.db, options.productId);
  }

  async remove(options: Seller & { productId: string }): Promise<void> {
    const store = await this.storeOf(options.sellerId);
    const uploads = await this.deps.db.transaction().execute(async (trx) => {
      await this.ownProduct(trx, store.id, options.productId);
      const images = await trx.selectFrom('product_images').selectAll().where('product_id', '=', options.productId).execute();
      const evidence = await trx.selectFrom('certifications').select('evidence_upload_id').where('product_id', '=', options.productId).execute();
      // Variants, materials, certificates, images, facet rows and sign-ups go with it (ON DELETE CASCADE).
      await trx.deleteFrom('products').where('id', '=', options.productId).execute();
      await this.deps.search.reindex({ productIds: [options.productId], trx });
      return [...images.flatMap(imageUploadIds), ...evidence.map((e) => e.evidence_upload_id)];
    });
    await this.afterCommit({ sellerId: options.sellerId, orphanedUploadIds: uploads });
  }

  async publish(options: Seller & { productId: string }): Promise<TSellerProduct> {
    const store = await this.storeOf(options.sellerId);
    // Ownership first: a product that is not the seller's is missing whatever the store's status.
    await this.ownProduct(this.deps.db, store.id, options.productId);
    if (store.status !== 'approved') throw new AppError('STORE_NOT_APPROVED');
    const queued = await this.deps.db.transaction().execute(async (trx) => {
      const product = await this.ownProduct(trx, store.id, options.productId);
      const title = JSON.parse(product.title) as Record<string, string>;
      const description = JSON.parse(product.description) as Record<string, string>;
      const image = await trx.selectFrom('product_images').select('id').where('product_id', '=', product.id).executeTakeFirst();
      if (!image) throw new AppError('PRODUCT_INCOMPLETE', 'images');
      if (!title.en?.trim()) throw new AppError('PRODUCT_INCOMPLETE', 'title.en');
      if (!description.en?.trim()) throw new AppError('PRODUCT_INCOMPLETE', 'description.en');
      const now = Date.now();
      await trx
        .updateTable('products')
        .set({ status: 'published', published_at: product.published_at ?? now, updated_at: now })
        .where('id', '=', product.id)
        .execute();
      await this.deps.search.reindex({ productIds: [product.id], trx });
      // Stock that came back while the product was hidden: its waiting sign-ups hear of it now.
      const levels = await stockLevels(trx, product.id);
      const empty: StockLevels = { product: 0, variants: new Map([...levels.variants.keys()].map((id) => [id, 0])) };
      return this.deps.stockNotifications.onStockChanged({ trx, productId: product.id, before: empty, after: levels });
    });
    await this.afterCommit({ sellerId: options.sellerId, queued });
    return readSellerProduct(this.deps.db, options.productId);
  }

  async unpublish(options: Seller & { productId: string }): Promise<TSellerProduct> {
    const store = await this.storeOf(options.sellerId);
    await this.deps.db.transaction().execute(async (trx) => {
      const product = await this.ownProduct(trx, store.id, options.productId);
      if (product.status === 'draft') return;
      await trx.updateTable('products').set({ status: 'unpublished', updated_at: Date.now() }).where('id', '=', product.id).execute();
      await this.deps.search.reindex({ productIds: [product.id], trx });
    });
    await this.afterCommit({ sellerId: options.sellerId });
    return readSellerProduct(this.deps.db, options.productId);
  }

  /** Sets the product's stock or its variants'; a 0 → more change tells the waiting sign-ups. */
  async updateStock(options: Seller & { productId: string; update: TStockUpdate }): Promise<TSellerProduct> {
    const store = await this.storeOf(options.sellerId);
    const { update } = options;
    if (update.stock === undefined && !update.variants?.length) throw Invalid('stock', 'give the stock or the variants’ stock');
    const queued = await this.deps.db.transaction().execute(async (trx) => {
      await this.lockOwnProduct(trx, store.id, options.productId);
      const before = await stockLevels(trx, options.productId);
      const hasVariants = before.variants.size > 0;
      if (hasVariants && update.stock !== undefined) throw Invalid('stock', 'the product has variants: set each variant’s stock');
      if (!hasVariants && update.variants?.length) throw Invalid('variants.0.id', 'not a variant of this product');
      for (const [i, v] of (update.variants ?? []).entries()) {
        if (!before.variants.has(v.id)) throw Invalid(`variants.${i}.id`, 'not a variant of this product');
        await trx.updateTable('product_variants').set({ stock: v.stock }).where('id', '=', v.id).execute();
      }
      const total = hasVariants
        ? (await trx.selectFrom('product_variants').select('stock').where('product_id', '=', options.productId).execute()).reduce((sum, v) => sum + v.stock, 0)
        : (update.stock as number);
      await trx.updateTable('products').set({ stock: total, updated_at: Date.now() }).where('id', '=', options.productId).execute();
      await this.deps.search.reindex({ productIds: [options.productId], trx });
      const after = await stockLevels(trx, options.productId);
      return this.deps.stockNotifications.onStockChanged({ trx, productId: options.productId, before, after });
    });
    await this.afterCommit({ sellerId: options.sellerId, queued });
    return readSellerProduct(this.deps.db, options.productId);
  }

  /**
   * Adds pictures (processed to the catalog's formats and limits) after the existing ones. All or
   * nothing: a bad file refuses the whole request and stores nothing.
   */
  async addImages(options: Seller & { productId: string; files: ReadonlyArray<{ data: Buffer }> }): Promise<TSellerProduct> {
    const { db, uploads } = this.deps;
    const store = await this.storeOf(options.sellerId);
    if (options.files.length === 0) throw InvalidField('images', 'IMAGE_FORMAT_INVALID');
    const product = await this.ownProduct(db, store.id, options.productId);
    const count = async (q: Kysely<Database> | Transaction<Database>) =>
      Number((await q.selectFrom('product_images').select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', '=', product.id).executeTakeFirstOrThrow()).n);
    if ((await count(db)) + options.files.length > PRODUCT_IMAGES_MAX) throw new AppError('TOO_MANY_IMAGES', 'images');

    // Processed and stored before the transaction: encoding takes long, and on SQLite nothing else
    // could write meanwhile. Rows that never commit leave no files behind (removed below).
    const stored: StoredImage[] = [];
    try {
      for (const file of options.files) stored.push(await storeProductImage({ uploads, ownerId: options.sellerId, productId: product.id, data: file.data }));
      await db.transaction().execute(async (trx) => {
        await this.lockOwnProduct(trx, store.id, product.id);
        const existing = await count(trx);
        if (existing + stored.length > PRODUCT_IMAGES_MAX) throw new AppError('TOO_MANY_IMAGES', 'images');
        const last = await trx.selectFrom('product_images').select((eb) => eb.fn.max('position').as('p')).where('product_id', '=', product.id).executeTakeFirst();
        let position = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
        const now = Date.now();
        for (const image of stored) {
          await trx
            .insertInto('product_images')
            .values({
              id: newId(),
              product_id: product.id,
              position: position++,
              webp_upload_id: image.webpUploadId,
              avif_upload_id: image.avifUploadId,
              fallback_upload_id: image.fallbackUploadId,
              thumb_upload_id: image.thumbUploadId,
              width: image.width,
              height: image.height,
              alt: product.title,
              created_at: now,
            })
            .execute();
        }
        await this.deps.search.reindex({ productIds: [product.id], trx });
      });
    } catch (error) {
      await deleteUploads({ uploads, ownerId: options.sellerId, ids: stored.flatMap((s) => [s.webpUploadId, s.avifUploadId, s.fallbackUploadId, s.thumbUploadId]) });
      throw error;
    }
    await this.afterCommit({ sellerId: options.sellerId });
    return readSellerProduct(db, product.id);
  }

  async deleteImage(options: Seller & { productId: string; imageId: string }): Promise<TSellerProduct> {
    const store = await this.storeOf(options.sellerId);
    const removed = await this.deps.db.transaction().execute(async (trx) => {
      await this.lockOwnProduct(trx, store.id, options.productId);
      const image = await trx.selectFrom('product_images').selectAll().where('id', '=', options.imageId).where('product_id', '=', options.productId).executeTakeFirst();
      if (!image) throw NotFound();
      await trx.deleteFrom('product_images').where('id', '=', image.id).execute();
      await renumberImages(trx, options.productId);
      await this.deps.search.reindex({ productIds: [options.productId], trx });
      return imageUploadIds(image);
    });
    await this.afterCommit({ sellerId: options.sellerId, orphanedUploadIds: removed });
    return readSellerProduct(this.deps.db, options.productId);
  }

  /** Puts the images in the given order; the list must name every image of the product once. */
  async reorderImages(options: Seller & { productId: string; imageIds: readonly string[] }): Promise<TSellerProduct> {
    const store = await this.storeOf(options.sellerId);
    await this.deps.db.transaction().execute(async (trx) => {
      await this.lockOwnProduct(trx, store.id, options.productId);
      const current = (await trx.selectFrom('product_images').select('id').where('product_id', '=', options.productId).execute()).map((r) => r.id);
      const wanted = options.imageIds;
      if (new Set(wanted).size !== wanted.length || wanted.length !== current.length || !wanted.every((id) => current.includes(id))) {
        throw Invalid('imageIds', 'must list every image of the product once');
      }
      for (const [position, id] of wanted.entries()) await trx.updateTable('product_images').set({ position }).where('id', '=', id).execute();
      await this.deps.search.reindex({ productIds: [options.productId], trx });
    });
    await this.afterCommit({ sellerId: options.sellerId });
    return readSellerProduct(this.deps.db, options.productId);
  }

  /** Stores a certificate's evidence (an image or a PDF, public) and replaces the previous file. */
  async setEvidence(options: Seller & { productId: string; certificationId: string; file: { data: Buffer; filename: string } }): Promise<TSellerProduct> {
    const { db, uploads } = this.deps;
    const store = await this.storeOf(options.sellerId);
    await this.ownProduct(db, store.id, options.productId);
    const certificate = await db
      .selectFrom('certifications')
      .select(['id'])
      .where('id', '=', options.certificationId)
      .where('product_id', '=', options.productId)
      .executeTakeFirst();
    if (!certificate) throw NotFound();
    const { data } = options.file;
    if (data.length > EVIDENCE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'evidence');
    if (data.length === 0 || !isAccepted(sniffContentType(data), ['image', 'pdf']) || sniffContentType(data) === 'image/gif') {
      throw new AppError('EVIDENCE_FILE_INVALID', 'evidence');
    }
    let saved;
    try {
      // A picture is re-encoded, a PDF checked by structure; public only while the product is.
      saved = await uploads.saveChecked({
        ownerId: options.sellerId,
        purpose: 'certificate-evidence',
        data,
        originalName: options.file.filename,
        field: 'evidence',
        subject: { kind: 'product', id: options.productId },
      });
    } catch (error) {
      if (error instanceof UploadRejected && error.reason === 'format') throw new AppError('EVIDENCE_FILE_INVALID', 'evidence');
      throw error;
    }
    let previous: string | null = null;
    try {
      await db.transaction().execute(async (trx) => {
        await this.lockOwnProduct(trx, store.id, options.productId);
        const row = await trx.selectFrom('certifications').select('evidence_upload_id').where('id', '=', certificate.id).executeTakeFirst();
        if (!row) throw NotFound();
        previous = row.evidence_upload_id;
        await trx.updateTable('certifications').set({ evidence_upload_id: saved.id }).where('id', '=', certificate.id).execute();
      });
    } catch (error) {
      await deleteUploads({ uploads, ownerId: options.sellerId, ids: [saved.id] });
      throw error;
    }
    await this.afterCommit({ sellerId: options.sellerId, orphanedUploadIds: [previous] });
    return readSellerProduct(db, options.productId);
  }

  /** After a commit: caches drop, back-in-stock messages go out, files nothing points at any more go. */
  private async afterCommit(options: { sellerId: string; queued?: readonly QueuedMessage[]; orphanedUploadIds?: ReadonlyArray<string | null> }) {
    await this.deps.version.bump();
    if (options.queued?.length) await this.deps.stockNotifications.deliver(options.queued);
    if (options.orphanedUploadIds?.length) await deleteUploads({ uploads: this.deps.uploads, ownerId: options.sellerId, ids: options.orphanedUploadIds });
  }

  private async storeOf(sellerId: string) {
    const store = await this.deps.db.selectFrom('stores').select(['id', 'status']).where('seller_user_id', '=', sellerId).executeTakeFirst();
    if (!store) throw NotFound();
    return store;
  }

  /** The product when it belongs to the store; NotFound otherwise (another store's product is as missing as none). */
  private async ownProduct(db: Kysely<Database> | Transaction<Database>, storeId: string, productId: string): Promise<ProductRow> {
    const product = await db.selectFrom('products').selectAll().where('id', '=', productId).where('store_id', '=', storeId).executeTakeFirst();
    if (!product) throw NotFound();
    return product;
  }

  /**
   * ownProduct that also takes the product's row lock (an update is the one lock both databases
   * share), so that concurrent image uploads or stock changes of one product run one after another.
   */
  private async lockOwnProduct(trx: Transaction<Database>, storeId: string, productId: string): Promise<void> {
    const result = await trx.updateTable('products').set({ updated_at: Date.now() }).where('id', '=', productId).where('store_id', '=', storeId).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw NotFound();
  }
}

const imageUploadIds = (image: ImageRow): Array<string | null> => [image.webp_upload_id, image.avif_upload_id, image.fallback_upload_id, image.thumb_upload_id];

async function renumberImages(trx: Transaction<Database>, productId: string): Promise<void> {
  const rows = await trx.selectFrom('product_images').select('id').where('product_id', '=', productId).orderBy('position').orderBy('id').execute();
  for (const [position, row] of rows.entries()) await trx.updateTable('product_images').set({ position }).where('id', '=', row.id).execute();
}

async function stockLevels(db: Kysely<Database> | Transaction<Database>, productId: string): Promise<StockLevels> {
  const product = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
  const variants = await db.selectFrom('product_variants').select(['id', 'stock']).where('product_id', '=', productId).execute();
  return { product: product.stock, variants: new Map(variants.map((v) => [v.id, v.stock])) };
}

/** The stored product as the input that would write it again (an edit merges its patch into this). */
async function loadProductInput(db: Kysely<Database> | Transaction<Database>, productId: string): Promise<TProductInput> {
  const p = await db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
  const variants = await db.selectFrom('product_variants').selectAll().where('product_id', '=', productId).orderBy('sort').execute();
  const materials = await db.selectFrom('product_materials').selectAll().where('product_id', '=', productId).orderBy('share', 'desc').orderBy('material').execute();
  const certificates = await db.selectFrom('certifications').selectAll().where('product_id', '=', productId).orderBy('created_at').orderBy('id').execute();
  return {
    title: JSON.parse(p.title) as TProductInput['title'],
    description: JSON.parse(p.description) as TProductInput['description'],
    highlights: JSON.parse(p.highlights) as TProductInput['highlights'],
    specs: JSON.parse(p.specs) as TProductInput['specs'],
    sizeChart: p.size_chart ? (JSON.parse(p.size_chart) as TProductInput['sizeChart']) : null,
    manufacturer: p.manufacturer,
    categoryId: p.category_id,
    brandId: p.brand_id,
    currency: p.currency,
    price: Number(p.price),
    mrp: Number(p.mrp),
    moq: p.moq,
    stock: p.stock,
    restockable: !!p.restockable,
    variants: variants.map((v) => ({
      id: v.id,
      colour: v.colour as TProductInput['variants'][number]['colour'],
      size: v.size as TProductInput['variants'][number]['size'],
      sku: v.sku,
      price: v.price === null ? null : Number(v.price),
      mrp: v.mrp === null ? null : Number(v.mrp),
      stock: v.stock,
    })),
    materials: materials.map((m) => ({ material: m.material as TProductInput['materials'][number]['material'], share: m.share })),
    certifications: certificates.map((c) => ({
      id: c.id,
      scheme: c.scheme as TProductInput['certifications'][number]['scheme'],
      issuer: c.issuer,
      number: c.number,
      expiresOn: dayOf(Number(c.expires_at)),
    })),
    originCountry: p.origin_country,
    originRegion: p.origin_region,
    makerName: p.maker_name,
    makerType: p.maker_type as TProductInput['makerType'],
    productionMethod: p.production_method as TProductInput['productionMethod'],
    leadTimeDays: p.lead_time_days,
    tags: JSON.parse(p.tags) as string[],
  };
}

/** The seller portal's view of one product: every language, status, variants, provenance and images. */
export async function readSellerProduct(db: Kysely<Database> | Transaction<Database>, productId: string): Promise<TSellerProduct> {
  const p = await db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();
  if (!p) throw NotFound();
  const input = await loadProductInput(db, productId);
  const certificates = await db.selectFrom('certifications').selectAll().where('product_id', '=', productId).orderBy('created_at').orderBy('id').execute();
  const images = await db.selectFrom('product_images').selectAll().where('product_id', '=', productId).orderBy('position').execute();
  const now = Date.now();
  const restockable = !!p.restockable;
  return {
    id: p.id,
    slug: p.slug,
    status: p.status as TSellerProduct['status'],
    title: input.title as Record<string, string>,
    description: input.description as Record<string, string>,
    highlights: input.highlights as Record<string, string[]>,
    specs: input.specs,
    sizeChart: input.sizeChart,
    manufacturer: p.manufacturer,
    categoryId: p.category_id,
    brandId: p.brand_id,
    currency: p.currency,
    price: Number(p.price),
    mrp: Number(p.mrp),
    moq: p.moq,
    stock: p.stock,
    restockable,
    stockState: stockState(p.stock, restockable),
    variants: input.variants.map((v) => {
      const price = v.price ?? Number(p.price);
      return {
        id: v.id as string,
        colour: v.colour,
        size: v.size,
        sku: v.sku ?? null,
        price: { amount: price, currency: p.currency },
        mrp: { amount: v.mrp ?? Math.max(Number(p.mrp), price), currency: p.currency },
        stock: v.stock,
        stockState: stockState(v.stock, restockable),
      };
    }),
    materials: input.materials,
    certifications: certificates.map(
      (c): TCertification => ({
        id: c.id,
        scheme: c.scheme as TCertification['scheme'],
        issuer: c.issuer,
        number: c.number,
        expiresAt: Number(c.expires_at),
        expired: Number(c.expires_at) < now,
        evidenceUrl: c.evidence_upload_id ? publicMediaPath(c.evidence_upload_id) : null,
      }),
    ),
    originCountry: p.origin_country,
    originRegion: p.origin_region,
    makerName: p.maker_name,
    makerType: input.makerType,
    productionMethod: input.productionMethod,
    leadTimeDays: p.lead_time_days,
    tags: input.tags,
    images: images.map((image) => toImage(image, 'en', '')),
    rating: Number(p.rating) / 100,
    reviewCount: Number(p.review_count),
    createdAt: Number(p.created_at),
    updatedAt: Number(p.updated_at),
    publishedAt: p.published_at === null ? null : Number(p.published_at),
  };
}
