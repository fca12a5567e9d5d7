import type { TAdminBrand, TBrandInput, TBrandPatch } from '@tessera/contracts';
import { AppError, NotFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import type { UploadRequester } from '../../uploads/index.js';
import { mediaUrl } from '../model/index.js';
import { processImage } from './admin-images.js';
import { committed, dropUpload, guardSlug, uniqueSlug, type AdminCatalogDeps } from './admin-shared.js';

/** The brands editor: unique slugs, a logo, no delete while products or menu items use the brand. */
export class BrandsEditor {
  constructor(private readonly deps: AdminCatalogDeps) {}

  async list(): Promise<TAdminBrand[]> {
    const { db } = this.deps;
    const [rows, products] = await Promise.all([
      db.selectFrom('brands').selectAll().orderBy('sort').orderBy('slug').execute(),
      db
        .selectFrom('products')
        .select(['brand_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('brand_id', 'is not', null)
        .groupBy('brand_id')
        .execute(),
    ]);
    const productCount = new Map(products.map((row) => [row.brand_id, Number(row.n)]));
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      logoUrl: mediaUrl(row.logo_upload_id),
      sort: Number(row.sort),
      productCount: productCount.get(row.id) ?? 0,
      updatedAt: Number(row.updated_at),
    }));
  }

  async get(options: { id: string }): Promise<TAdminBrand> {
    const found = (await this.list()).find((brand) => brand.id === options.id);
    if (!found) throw NotFound();
    return found;
  }

  async create(options: { input: TBrandInput }): Promise<TAdminBrand> {
    const { input } = options;
    const id = newId();
    await uniqueSlug(this.deps.db, { table: 'brands', slug: input.slug });
    const now = Date.now();
    await guardSlug(this.deps.db, 'brands', input.slug, () =>
      committed(this.deps, (trx) =>
        trx
          .insertInto('brands')
          .values({ id, slug: input.slug, name: input.name, logo_upload_id: null, sort: input.sort, created_at: now, updated_at: now })
          .execute(),
      ),
    );
    return this.get({ id });
  }

  async update(options: { id: string; patch: TBrandPatch }): Promise<TAdminBrand> {
    const { id, patch } = options;
    await this.row(id);
    if (patch.slug !== undefined) await uniqueSlug(this.deps.db, { table: 'brands', slug: patch.slug, except: id });
    await guardSlug(this.deps.db, 'brands', patch.slug, () =>
      committed(this.deps, (trx) =>
        trx
          .updateTable('brands')
          .set({
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
            ...(patch.sort !== undefined ? { sort: patch.sort } : {}),
            updated_at: Date.now(),
          })
          .where('id', '=', id)
          .execute(),
      ),
    );
    return this.get({ id });
  }

  /** Refused (409 BRAND_IN_USE) while products or menu items use it: the products would silently lose their brand. */
  async delete(options: { id: string; requester: UploadRequester }): Promise<void> {
    const row = await this.row(options.id);
    await committed(this.deps, async (trx) => {
      const [product, link] = await Promise.all([
        trx.selectFrom('products').select('id').where('brand_id', '=', options.id).executeTakeFirst(),
        trx.selectFrom('menu_items').select('id').where('link_type', '=', 'brand').where('link_value', '=', options.id).executeTakeFirst(),
      ]);
      if (product || link) throw new AppError('BRAND_IN_USE');
      await trx.deleteFrom('brands').where('id', '=', options.id).execute();
    });
    await dropUpload(this.deps.uploads, row.logo_upload_id, options.requester);
  }

  async setLogo(options: { id: string; data: Buffer; filename: string; requester: UploadRequester }): Promise<TAdminBrand> {
    const row = await this.row(options.id);
    const uploadId = await processImage(this.deps.uploads, { ...options, field: 'logo', purpose: 'brand-logo' });
    await committed(this.deps, (trx) =>
      trx.updateTable('brands').set({ logo_upload_id: uploadId, updated_at: Date.now() }).where('id', '=', options.id).execute(),
    );
    await dropUpload(this.deps.uploads, row.logo_upload_id, options.requester);
    return this.get(options);
  }

  async removeLogo(options: { id: string; requester: UploadRequester }): Promise<TAdminBrand> {
    const row = await this.row(options.id);
    await committed(this.deps, (trx) => trx.updateTable('brands').set({ logo_upload_id: null, updated_at: Date.now() }).where('id', '=', options.id).execute());
    await dropUpload(this.deps.uploads, row.logo_upload_id, options.requester);
    return this.get(options);
  }

  private async row(id: string) {
    const row = await this.deps.db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw NotFound();
    return row;
  }
}
