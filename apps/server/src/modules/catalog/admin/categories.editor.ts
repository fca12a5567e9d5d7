import type { TAdminCategory, TCategoryInput, TCategoryPatch } from '@tessera/contracts';
import { AppError, Invalid, InvalidField, NotFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import type { UploadRequester } from '../../uploads/index.js';
import { mediaUrl } from '../model/index.js';
import { processImage } from './admin-images.js';
import {
  committed,
  compact,
  depthFirst,
  dropUpload,
  guardSlug,
  isConstraintError,
  parseTexts,
  uniqueSlug,
  type AdminCatalogDeps,
  type Db,
  type Trx,
} from './admin-shared.js';

/** The categories editor: a tree (a parent never below itself), unique slugs, an image, names that are searchable words of their products. */
export class CategoriesEditor {
  constructor(private readonly deps: AdminCatalogDeps) {}

  async list(): Promise<TAdminCategory[]> {
    const { db } = this.deps;
    const [rows, products] = await Promise.all([
      db.selectFrom('categories').selectAll().execute(),
      db
        .selectFrom('products')
        .select(['category_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('category_id')
        .execute(),
    ]);
    const productCount = new Map(products.map((row) => [row.category_id, Number(row.n)]));
    const childCount = new Map<string, number>();
    for (const row of rows) if (row.parent_id) childCount.set(row.parent_id, (childCount.get(row.parent_id) ?? 0) + 1);
    return depthFirst(rows).map((row) => ({
      id: row.id,
      parentId: row.parent_id,
      slug: row.slug,
      name: parseTexts(row.name),
      imageUrl: mediaUrl(row.image_upload_id),
      sort: Number(row.sort),
      depth: row.depth,
      childCount: childCount.get(row.id) ?? 0,
      productCount: productCount.get(row.id) ?? 0,
      updatedAt: Number(row.updated_at),
    }));
  }

  async get(options: { id: string }): Promise<TAdminCategory> {
    const found = (await this.list()).find((category) => category.id === options.id);
    if (!found) throw NotFound();
    return found;
  }

  async create(options: { input: TCategoryInput }): Promise<TAdminCategory> {
    const { input } = options;
    const id = newId();
    await uniqueSlug(this.deps.db, { table: 'categories', slug: input.slug });
    if (input.parentId !== null) await this.assertParent({ id, parentId: input.parentId });
    const now = Date.now();
    await guardSlug(this.deps.db, 'categories', input.slug, () =>
      committed(this.deps, (trx) =>
        trx
          .insertInto('categories')
          .values({
            id,
            parent_id: input.parentId,
            slug: input.slug,
            name: compact(input.name),
            image_upload_id: null,
            sort: input.sort,
            created_at: now,
            updated_at: now,
          })
          .execute(),
      ),
    );
    return this.get({ id });
  }

  async update(options: { id: string; patch: TCategoryPatch }): Promise<TAdminCategory> {
    const { id, patch } = options;
    await this.row(id);
    if (patch.slug !== undefined) await uniqueSlug(this.deps.db, { table: 'categories', slug: patch.slug, except: id });
    if (patch.parentId) await this.assertParent({ id, parentId: patch.parentId });
    await guardSlug(this.deps.db, 'categories', patch.slug, () =>
      committed(this.deps, async (trx) => {
        await trx
          .updateTable('categories')
          .set({
            ...(patch.name ? { name: compact(patch.name) } : {}),
            ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
            ...(patch.parentId !== undefined ? { parent_id: patch.parentId } : {}),
            ...(patch.sort !== undefined ? { sort: patch.sort } : {}),
            updated_at: Date.now(),
          })
          .where('id', '=', id)
          .execute();
        // Category names are searchable words of their products (search-documents.ts).
        if (patch.name) {
          const products = await trx.selectFrom('products').select('id').where('category_id', '=', id).execute();
          if (products.length) await this.deps.search.reindex({ productIds: products.map((p) => p.id), trx });
        }
      }),
    );
    return this.get({ id });
  }

  /** Refused (409 CATEGORY_IN_USE) while it has subcategories, products or menu items linking to it. */
  async delete(options: { id: string; requester: UploadRequester }): Promise<void> {
    const row = await this.row(options.id);
    const inUse = async (db: Db | Trx) => {
      const [child, product, link] = await Promise.all([
        db.selectFrom('categories').select('id').where('parent_id', '=', options.id).executeTakeFirst(),
        db.selectFrom('products').select('id').where('category_id', '=', options.id).executeTakeFirst(),
        db.selectFrom('menu_items').select('id').where('link_type', '=', 'category').where('link_value', '=', options.id).executeTakeFirst(),
      ]);
      return Boolean(child || product || link);
    };
    if (await inUse(this.deps.db)) throw new AppError('CATEGORY_IN_USE');
    try {
      await committed(this.deps, async (trx) => {
        await trx.deleteFrom('categories').where('id', '=', options.id).execute();
      });
    } catch (error) {
      // A product or subcategory arrived between the check and the delete: the foreign key refused it.
      if (isConstraintError(error)) throw new AppError('CATEGORY_IN_USE');
      throw error;
    }
    await dropUpload(this.deps.uploads, row.image_upload_id, options.requester);
  }

  async setImage(options: { id: string; data: Buffer; filename: string; requester: UploadRequester }): Promise<TAdminCategory> {
    const row = await this.row(options.id);
    const uploadId = await processImage(this.deps.uploads, { ...options, field: 'image', purpose: 'category-image' });
    await committed(this.deps, (trx) =>
      trx.updateTable('categories').set({ image_upload_id: uploadId, updated_at: Date.now() }).where('id', '=', options.id).execute(),
    );
    await dropUpload(this.deps.uploads, row.image_upload_id, options.requester);
    return this.get(options);
  }

  async removeImage(options: { id: string; requester: UploadRequester }): Promise<TAdminCategory> {
    const row = await this.row(options.id);
    await committed(this.deps, (trx) =>
      trx.updateTable('categories').set({ image_upload_id: null, updated_at: Date.now() }).where('id', '=', options.id).execute(),
    );
    await dropUpload(this.deps.uploads, row.image_upload_id, options.requester);
    return this.get(options);
  }

  private async row(id: string) {
    const row = await this.deps.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw NotFound();
    return row;
  }

  /** The parent must exist and must not be the category itself or one of its descendants. */
  private async assertParent(options: { id: string; parentId: string }): Promise<void> {
    const rows = await this.deps.db.selectFrom('categories').select(['id', 'parent_id']).execute();
    const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
    if (!parentOf.has(options.parentId)) throw InvalidField('parentId', 'ID_UNKNOWN');
    for (let at: string | null | undefined = options.parentId, steps = 0; at && steps <= rows.length; at = parentOf.get(at), steps++) {
      if (at === options.id) throw Invalid('parentId');
    }
  }
}
