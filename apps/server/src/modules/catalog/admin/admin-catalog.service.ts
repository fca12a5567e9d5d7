import sharp from 'sharp';
import type { Kysely, Transaction } from 'kysely';
import {
  CATALOG_IMAGE_UPLOAD_MAX_BYTES,
  MENU_MAX_DEPTH,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MAX_DIMENSION,
  type MenuKind,
  type TAdminBanner,
  type TAdminBrand,
  type TAdminCategory,
  type TAdminMenuItem,
  type TAdminSpeciality,
  type TAdminStoreOption,
  type TBannerInput,
  type TBannerPatch,
  type TBrandInput,
  type TBrandPatch,
  type TCategoryInput,
  type TCategoryPatch,
  type TMenuItemInput,
  type TMenuItemPatch,
  type TSpecialityInput,
  type TSpecialityPatch,
  isSiteLink,
} from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import { AppError, Invalid, InvalidField, NotFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { decodeGuarded, ImageRefused, isAccepted, sniffContentType, type UploadRequester, type UploadsService } from '../../uploads/index.js';
import type { SearchPort } from '../search/index.js';
import type { CatalogVersion } from '../cache/index.js';

/** Where a public catalog image is served (the catalog's media route). */
export const mediaUrl = (uploadId: string | null): string | null => (uploadId ? `/media/${encodeURIComponent(uploadId)}` : null);

type Texts = Record<string, string>;
type Db = Kysely<Database>;

/** A translated text as stored: only the languages that have text. */
function compact(texts: Partial<Record<string, string | undefined>>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(texts).filter(([, v]) => typeof v === 'string' && v.trim() !== '')));
}

function parseTexts(json: string): Texts {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as Texts) : {};
  } catch {
    return {};
  }
}

const englishOf = (json: string): string => {
  const texts = parseTexts(json);
  return texts.en ?? Object.values(texts)[0] ?? '';
};

interface TreeRow {
  id: string;
  parent_id: string | null;
  sort: number;
  slug?: string;
}

/** Depth first: parents before their children, siblings by sort then by key; rows whose parent is missing count as roots. */
function depthFirst<T extends TreeRow>(rows: T[]): Array<T & { depth: number }> {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<string | null, T[]>();
  for (const row of rows) {
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const order = (a: T, b: T) => Number(a.sort) - Number(b.sort) || (a.slug ?? '').localeCompare(b.slug ?? '') || a.id.localeCompare(b.id);
  const out: Array<T & { depth: number }> = [];
  const walk = (parent: string | null, depth: number) => {
    for (const row of (children.get(parent) ?? []).sort(order)) {
      out.push({ ...row, depth });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Whether an error is a unique or foreign-key violation of either database. */
const isConstraintError = (error: unknown): boolean => {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || code === '23505' || code === '23503');
};

/**
 * The store team's side of the catalog: categories, brands, the home page's menus, banners and the
 * makers' specialities. Every committed write bumps the catalog version so that buyers' read caches
 * see it at once. Images arrive as uploads, are checked by content, shrunk to WebP and kept public.
 */
export class AdminCatalogService {
  constructor(private readonly deps: { db: Db; uploads: UploadsService; version: CatalogVersion; search: SearchPort }) {}

  private async committed<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const result = await this.deps.db.transaction().execute(work);
    await this.deps.version.bump();
    return result;
  }

  // ------------------------------------------------------------------------------------------
  // Categories
  // ------------------------------------------------------------------------------------------

  async listCategories(): Promise<TAdminCategory[]> {
    const { db } = this.deps;
    const [rows, products] = await Promise.all([
      db.selectFrom('categories').selectAll().execute(),
      db.selectFrom('products').select(['category_id', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('category_id').execute(),
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

  async getCategory(options: { id: string }): Promise<TAdminCategory> {
    const found = (await this.listCategories()).find((category) => category.id === options.id);
    if (!found) throw NotFound();
    return found;
  }

  async createCategory(options: { input: TCategoryInput }): Promise<TAdminCategory> {
    const { input } = options;
    const id = newId();
    await this.uniqueSlug({ table: 'categories', slug: input.slug });
    if (input.parentId !== null) await this.assertCategoryParent({ id, parentId: input.parentId });
    const now = Date.now();
    await this.guardSlug('categories', input.slug, () =>
      this.committed((trx) =>
        trx
          .insertInto('categories')
          .values({ id, parent_id: input.parentId, slug: input.slug, name: compact(input.name), image_upload_id: null, sort: input.sort, created_at: now, updated_at: now })
          .execute(),
      ),
    );
    return this.getCategory({ id });
  }

  async updateCategory(options: { id: string; patch: TCategoryPatch }): Promise<TAdminCategory> {
    const { id, patch } = options;
    await this.categoryRow(id);
    if (patch.slug !== undefined) await this.uniqueSlug({ table: 'categories', slug: patch.slug, except: id });
    if (patch.parentId) await this.assertCategoryParent({ id, parentId: patch.parentId });
    await this.guardSlug('categories', patch.slug, () =>
      this.committed(async (trx) => {
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
    return this.getCategory({ id });
  }

  /** Refused (409 CATEGORY_IN_USE) while it has subcategories, products or menu items linking to it. */
  async deleteCategory(options: { id: string; requester: UploadRequester }): Promise<void> {
    const row = await this.categoryRow(options.id);
    const inUse = async (db: Db | Transaction<Database>) => {
      const [child, product, link] = await Promise.all([
        db.selectFrom('categories').select('id').where('parent_id', '=', options.id).executeTakeFirst(),
        db.selectFrom('products').select('id').where('category_id', '=', options.id).executeTakeFirst(),
        db.selectFrom('menu_items').select('id').where('link_type', '=', 'category').where('link_value', '=', options.id).executeTakeFirst(),
      ]);
      return Boolean(child || product || link);
    };
    if (await inUse(this.deps.db)) throw new AppError('CATEGORY_IN_USE');
    try {
      await this.committed(async (trx) => {
        await trx.deleteFrom('categories').where('id', '=', options.id).execute();
      });
    } catch (error) {
      // A product or subcategory arrived between the check and the delete: the foreign key refused it.
      if (isConstraintError(error)) throw new AppError('CATEGORY_IN_USE');
      throw error;
    }
    await this.dropUpload(row.image_upload_id, options.requester);
  }

  async setCategoryImage(options: { id: string; data: Buffer; filename: string; requester: UploadRequester }): Promise<TAdminCategory> {
    const row = await this.categoryRow(options.id);
    const uploadId = await this.processImage({ ...options, field: 'image', purpose: 'category-image' });
    await this.committed((trx) => trx.updateTable('categories').set({ image_upload_id: uploadId, updated_at: Date.now() }).where('id', '=', options.id).execute());
    await this.dropUpload(row.image_upload_id, options.requester);
    return this.getCategory(options);
  }

  async removeCategoryImage(options: { id: string; requester: UploadRequester }): Promise<TAdminCategory> {
    const row = await this.categoryRow(options.id);
    await this.committed((trx) => trx.updateTable('categories').set({ image_upload_id: null, updated_at: Date.now() }).where('id', '=', options.id).execute());
    await this.dropUpload(row.image_upload_id, options.requester);
    return this.getCategory(options);
  }

  private async categoryRow(id: string) {
    const row = await this.deps.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw NotFound();
    return row;
  }

  /** The parent must exist and must not be the category itself or one of its descendants. */
  private async assertCategoryParent(options: { id: string; parentId: string }): Promise<void> {
    const rows = await this.deps.db.selectFrom('categories').select(['id', 'parent_id']).execute();
    const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
    if (!parentOf.has(options.parentId)) throw InvalidField('parentId', 'ID_UNKNOWN');
    for (let at: string | null | undefined = options.parentId, steps = 0; at && steps <= rows.length; at = parentOf.get(at), steps++) {
      if (at === options.id) throw Invalid('parentId');
    }
  }

  // ------------------------------------------------------------------------------------------
  // Brands
  // ------------------------------------------------------------------------------------------

  async listBrands(): Promise<TAdminBrand[]> {
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

  async getBrand(options: { id: string }): Promise<TAdminBrand> {
    const found = (await this.listBrands()).find((brand) => brand.id === options.id);
    if (!found) throw NotFound();
    return found;
  }

  async createBrand(options: { input: TBrandInput }): Promise<TAdminBrand> {
    const { input } = options;
    const id = newId();
    await this.uniqueSlug({ table: 'brands', slug: input.slug });
    const now = Date.now();
    await this.guardSlug('brands', input.slug, () =>
      this.committed((trx) =>
        trx.insertInto('brands').values({ id, slug: input.slug, name: input.name, logo_upload_id: null, sort: input.sort, created_at: now, updated_at: now }).execute(),
      ),
    );
    return this.getBrand({ id });
  }

  async updateBrand(options: { id: string; patch: TBrandPatch }): Promise<TAdminBrand> {
    const { id, patch } = options;
    await this.brandRow(id);
    if (patch.slug !== undefined) await this.uniqueSlug({ table: 'brands', slug: patch.slug, except: id });
    await this.guardSlug('brands', patch.slug, () =>
      this.committed((trx) =>
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
    return this.getBrand({ id });
  }

  /** Refused (409 BRAND_IN_USE) while products or menu items use it: the products would silently lose their brand. */
  async deleteBrand(options: { id: string; requester: UploadRequester }): Promise<void> {
    const row = await this.brandRow(options.id);
    await this.committed(async (trx) => {
      const [product, link] = await Promise.all([
        trx.selectFrom('products').select('id').where('brand_id', '=', options.id).executeTakeFirst(),
        trx.selectFrom('menu_items').select('id').where('link_type', '=', 'brand').where('link_value', '=', options.id).executeTakeFirst(),
      ]);
      if (product || link) throw new AppError('BRAND_IN_USE');
      await trx.deleteFrom('brands').where('id', '=', options.id).execute();
    });
    await this.dropUpload(row.logo_upload_id, options.requester);
  }

  async setBrandLogo(options: { id: string; data: Buffer; filename: string; requester: UploadRequester }): Promise<TAdminBrand> {
    const row = await this.brandRow(options.id);
    const uploadId = await this.processImage({ ...options, field: 'logo', purpose: 'brand-logo' });
    await this.committed((trx) => trx.updateTable('brands').set({ logo_upload_id: uploadId, updated_at: Date.now() }).where('id', '=', options.id).execute());
    await this.dropUpload(row.logo_upload_id, options.requester);
    return this.getBrand(options);
  }

  async removeBrandLogo(options: { id: string; requester: UploadRequester }): Promise<TAdminBrand> {
    const row = await this.brandRow(options.id);
    await this.committed((trx) => trx.updateTable('brands').set({ logo_upload_id: null, updated_at: Date.now() }).where('id', '=', options.id).execute());
    await this.dropUpload(row.logo_upload_id, options.requester);
    return this.getBrand(options);
  }

  private async brandRow(id: string) {
    const row = await this.deps.db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw NotFound();
    return row;
  }

  // ------------------------------------------------------------------------------------------
  // Menus
  // ------------------------------------------------------------------------------------------

  async listMenu(options: { menu: MenuKind }): Promise<TAdminMenuItem[]> {
    const { db } = this.deps;
    const rows = await db.selectFrom('menu_items').selectAll().where('menu', '=', options.menu).execute();
    const idsOf = (type: string) => [...new Set(rows.filter((row) => row.link_type === type).map((row) => row.link_value))];
    const [categories, brands, stores] = await Promise.all([
      idsOf('category').length ? db.selectFrom('categories').select(['id', 'name']).where('id', 'in', idsOf('category')).execute() : [],
      idsOf('brand').length ? db.selectFrom('brands').select(['id', 'name']).where('id', 'in', idsOf('brand')).execute() : [],
      idsOf('store').length ? db.selectFrom('stores').select(['id', 'store_alias_name']).where('id', 'in', idsOf('store')).execute() : [],
    ]);
    const names = new Map<string, string>([
      ...categories.map((row) => [`category:${row.id}`, englishOf(row.name)] as const),
      ...brands.map((row) => [`brand:${row.id}`, row.name] as const),
      ...stores.map((row) => [`store:${row.id}`, row.store_alias_name] as const),
    ]);
    return depthFirst(rows).map((row) => ({
      id: row.id,
      menu: row.menu as MenuKind,
      parentId: row.parent_id,
      label: parseTexts(row.label),
      linkType: row.link_type as TAdminMenuItem['linkType'],
      linkValue: row.link_value,
      targetName: names.get(`${row.link_type}:${row.link_value}`) ?? null,
      imageUrl: mediaUrl(row.image_upload_id),
      sort: Number(row.sort),
      depth: row.depth,
      updatedAt: Number(row.updated_at),
    }));
  }

  private async menuItem(id: string): Promise<TAdminMenuItem> {
    const row = await this.deps.db.selectFrom('menu_items').select('menu').where('id', '=', id).executeTakeFirst();
    if (!row) throw NotFound();
    const found = (await this.listMenu({ menu: row.menu as MenuKind })).find((item) => item.id === id);
    if (!found) throw NotFound();
    return found;
  }

  async createMenuItem(options: { input: TMenuItemInput }): Promise<TAdminMenuItem> {
    const { input } = options;
    const id = newId();
    const linkValue = await this.checkLink(input.linkType, input.linkValue);
    await this.assertMenuParent({ menu: input.menu, id, parentId: input.parentId });
    const now = Date.now();
    await this.committed((trx) =>
      trx
        .insertInto('menu_items')
        .values({
          id,
          menu: input.menu,
          parent_id: input.parentId,
          label: compact(input.label),
          link_type: input.linkType,
          link_value: linkValue,
          image_upload_id: null,
          sort: input.sort,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    );
    return this.menuItem(id);
  }

  async updateMenuItem(options: { id: string; patch: TMenuItemPatch }): Promise<TAdminMenuItem> {
    const { id, patch } = options;
    const current = await this.menuItem(id);
    const linkType = patch.linkType ?? current.linkType;
    const linkChanged = patch.linkType !== undefined || patch.linkValue !== undefined;
    const linkValue = linkChanged ? await this.checkLink(linkType, patch.linkValue ?? current.linkValue) : current.linkValue;
    if (patch.parentId !== undefined) await this.assertMenuParent({ menu: current.menu, id, parentId: patch.parentId });
    await this.committed((trx) =>
      trx
        .updateTable('menu_items')
        .set({
          ...(patch.label ? { label: compact(patch.label) } : {}),
          ...(linkChanged ? { link_type: linkType, link_value: linkValue } : {}),
          ...(patch.parentId !== undefined ? { parent_id: patch.parentId } : {}),
          ...(patch.sort !== undefined ? { sort: patch.sort } : {}),
          updated_at: Date.now(),
        })
        .where('id', '=', id)
        .execute(),
    );
    return this.menuItem(id);
  }

  /** Deletes the item and everything nested under it. */
  async deleteMenuItem(options: { id: string }): Promise<void> {
    const current = await this.menuItem(options.id);
    const items = await this.listMenu({ menu: current.menu });
    const doomed = new Set([options.id]);
    for (const item of items) if (item.parentId && doomed.has(item.parentId)) doomed.add(item.id);
    // Children first, so that neither database's foreign key sees an orphan on the way.
    const order = items.filter((item) => doomed.has(item.id)).reverse();
    await this.committed(async (trx) => {
      for (const item of order) await trx.deleteFrom('menu_items').where('id', '=', item.id).execute();
    });
  }

  /** A link must lead somewhere: an existing category, brand or store; a search text; or a site path. */
  private async checkLink(linkType: TMenuItemInput['linkType'], value: string): Promise<string> {
    const { db } = this.deps;
    const linkValue = value.trim();
    const exists = async () => {
      switch (linkType) {
        case 'category':
          return Boolean(await db.selectFrom('categories').select('id').where('id', '=', linkValue).executeTakeFirst());
        case 'brand':
          return Boolean(await db.selectFrom('brands').select('id').where('id', '=', linkValue).executeTakeFirst());
        case 'store':
          return Boolean(await db.selectFrom('stores').select('id').where('id', '=', linkValue).executeTakeFirst());
        default:
          return true;
      }
    };
    // A page of this site or an https address: the same rule as a banner's link.
    if (linkType === 'url' && !isSiteLink(linkValue)) throw InvalidField('linkValue', 'ENTER_VALID_LINK');
    if (!(await exists())) throw new AppError('LINK_TARGET_NOT_FOUND', 'linkValue');
    return linkValue;
  }

  /** The parent must be in the same menu, not the item or below it, and the menu's depth must hold. */
  private async assertMenuParent(options: { menu: MenuKind; id: string; parentId: string | null }): Promise<void> {
    const items = await this.listMenu({ menu: options.menu });
    const byId = new Map(items.map((item) => [item.id, item]));
    // How many levels the item's own subtree takes (1 for a leaf or a new item).
    let height = 1;
    const self = byId.get(options.id);
    if (self) for (const item of items) if (isUnder(item, options.id, byId)) height = Math.max(height, item.depth - self.depth + 1);
    if (options.parentId === null) return;
    const parent = byId.get(options.parentId);
    if (!parent) throw InvalidField('parentId', 'ID_UNKNOWN');
    if (parent.id === options.id || isUnder(parent, options.id, byId)) throw Invalid('parentId');
    if (parent.depth + 1 + height > MENU_MAX_DEPTH[options.menu]) throw Invalid('parentId');
  }

  // ------------------------------------------------------------------------------------------
  // Banners
  // ------------------------------------------------------------------------------------------

  async listBanners(options: { now?: number } = {}): Promise<TAdminBanner[]> {
    const now = options.now ?? Date.now();
    const rows = await this.deps.db.selectFrom('banners').selectAll().orderBy('placement').orderBy('sort').orderBy('created_at').orderBy('id').execute();
    return rows.map((row) => {
      const startsAt = row.starts_at === null ? null : Number(row.starts_at);
      const endsAt = row.ends_at === null ? null : Number(row.ends_at);
      const active = Number(row.active) === 1;
      return {
        id: row.id,
        title: parseTexts(row.title),
        subtitle: parseTexts(row.subtitle),
        imageUrl: mediaUrl(row.image_upload_id),
        href: row.href,
        placement: row.placement as TAdminBanner['placement'],
        sort: Number(row.sort),
        active,
        startsAt,
        endsAt,
        live: active && (startsAt === null || startsAt <= now) && (endsAt === null || endsAt > now),
        updatedAt: Number(row.updated_at),
      };
    });
  }

  async getBanner(options: { id: string }): Promise<TAdminBanner> {
    const found = (await this.listBanners()).find((banner) => banner.id === options.id);
    if (!found) throw NotFound();
    return found;
  }

  async createBanner(options: { input: TBannerInput }): Promise<TAdminBanner> {
    const { input } = options;
    assertWindow(input.startsAt, input.endsAt);
    const id = newId();
    const now = Date.now();
    await this.committed((trx) =>
      trx
        .insertInto('banners')
        .values({
          id,
          title: compact(input.title),
          subtitle: compact(input.subtitle),
          image_upload_id: null,
          href: input.href,
          placement: input.placement,
          sort: input.sort,
          active: input.active ? 1 : 0,
          starts_at: input.startsAt,
          ends_at: input.endsAt,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    );
    return this.getBanner({ id });
  }

  async updateBanner(options: { id: string; patch: TBannerPatch }): Promise<TAdminBanner> {
    const { id, patch } = options;
    const current = await this.getBanner({ id });
    assertWindow(patch.startsAt !== undefined ? patch.startsAt : current.startsAt, patch.endsAt !== undefined ? patch.endsAt : current.endsAt);
    await this.committed((trx) =>
      trx
        .updateTable('banners')
        .set({
          ...(patch.title ? { title: compact(patch.title) } : {}),
          ...(patch.subtitle ? { subtitle: compact(patch.subtitle) } : {}),
          ...(patch.href !== undefined ? { href: patch.href } : {}),
          ...(patch.placement !== undefined ? { placement: patch.placement } : {}),
          ...(patch.sort !== undefined ? { sort: patch.sort } : {}),
          ...(patch.active !== undefined ? { active: patch.active ? 1 : 0 } : {}),
          ...(patch.startsAt !== undefined ? { starts_at: patch.startsAt } : {}),
          ...(patch.endsAt !== undefined ? { ends_at: patch.endsAt } : {}),
          updated_at: Date.now(),
        })
        .where('id', '=', id)
        .execute(),
    );
    return this.getBanner({ id });
  }

  async deleteBanner(options: { id: string; requester: UploadRequester }): Promise<void> {
    const row = await this.bannerRow(options.id);
    await this.committed((trx) => trx.deleteFrom('banners').where('id', '=', options.id).execute());
    await this.dropUpload(row.image_upload_id, options.requester);
  }

  async setBannerImage(options: { id: string; data: Buffer; filename: string; requester: UploadRequester }): Promise<TAdminBanner> {
    const row = await this.bannerRow(options.id);
    const uploadId = await this.processImage({ ...options, field: 'image', purpose: 'banner-image' });
    await this.committed((trx) => trx.updateTable('banners').set({ image_upload_id: uploadId, updated_at: Date.now() }).where('id', '=', options.id).execute());
    await this.dropUpload(row.image_upload_id, options.requester);
    return this.getBanner(options);
  }

  private async bannerRow(id: string) {
    const row = await this.deps.db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw NotFound();
    return row;
  }

  // ------------------------------------------------------------------------------------------
  // Specialities
  // ------------------------------------------------------------------------------------------

  async listSpecialities(): Promise<TAdminSpeciality[]> {
    const { db } = this.deps;
    const [rows, links] = await Promise.all([
      db.selectFrom('specialities').selectAll().orderBy('sort').orderBy('slug').execute(),
      db.selectFrom('store_specialities').select(['speciality_id', 'store_id']).orderBy('store_id').execute(),
    ]);
    const storesOf = new Map<string, string[]>();
    for (const link of links) storesOf.set(link.speciality_id, [...(storesOf.get(link.speciality_id) ?? []), link.store_id]);
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: parseTexts(row.name),
      description: parseTexts(row.description),
      status: Number(row.status),
      storeIds: storesOf.get(row.id) ?? [],
      updatedAt: Number(row.updated_at),
    }));
  }

  async getSpeciality(options: { id: string }): Promise<TAdminSpeciality> {
    const found = (await this.listSpecialities()).find((speciality) => speciality.id === options.id);
    if (!found) throw NotFound();
    return found;
  }

  async createSpeciality(options: { input: TSpecialityInput }): Promise<TAdminSpeciality> {
    const { input } = options;
    const id = newId();
    await this.uniqueSlug({ table: 'specialities', slug: input.slug });
    const now = Date.now();
    const last = await this.deps.db.selectFrom('specialities').select((eb) => eb.fn.max('sort').as('sort')).executeTakeFirst();
    await this.guardSlug('specialities', input.slug, () =>
      this.committed((trx) =>
        trx
          .insertInto('specialities')
          .values({
            id,
            slug: input.slug,
            name: compact(input.name),
            description: compact(input.description),
            status: input.status,
            sort: Number(last?.sort ?? 0) + 1,
            created_at: now,
            updated_at: now,
          })
          .execute(),
      ),
    );
    return this.getSpeciality({ id });
  }

  async updateSpeciality(options: { id: string; patch: TSpecialityPatch }): Promise<TAdminSpeciality> {
    const { id, patch } = options;
    await this.getSpeciality({ id });
    if (patch.slug !== undefined) await this.uniqueSlug({ table: 'specialities', slug: patch.slug, except: id });
    await this.guardSlug('specialities', patch.slug, () =>
      this.committed((trx) =>
        trx
          .updateTable('specialities')
          .set({
            ...(patch.name ? { name: compact(patch.name) } : {}),
            ...(patch.description ? { description: compact(patch.description) } : {}),
            ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
            ...(patch.status !== undefined ? { status: patch.status } : {}),
            updated_at: Date.now(),
          })
          .where('id', '=', id)
          .execute(),
      ),
    );
    return this.getSpeciality({ id });
  }

  async deleteSpeciality(options: { id: string }): Promise<void> {
    await this.getSpeciality(options);
    await this.committed(async (trx) => {
      await trx.deleteFrom('store_specialities').where('speciality_id', '=', options.id).execute();
      await trx.deleteFrom('specialities').where('id', '=', options.id).execute();
    });
  }

  /** Replaces the set of stores that have a speciality. Unknown store ids: 400 on `storeIds`. */
  async setSpecialityStores(options: { id: string; storeIds: string[] }): Promise<TAdminSpeciality> {
    await this.getSpeciality(options);
    const storeIds = [...new Set(options.storeIds)];
    if (storeIds.length > 0) {
      const found = await this.deps.db.selectFrom('stores').select('id').where('id', 'in', storeIds).execute();
      if (found.length !== storeIds.length) throw new AppError('LINK_TARGET_NOT_FOUND', 'storeIds');
    }
    await this.committed(async (trx) => {
      await trx.deleteFrom('store_specialities').where('speciality_id', '=', options.id).execute();
      if (storeIds.length > 0) await trx.insertInto('store_specialities').values(storeIds.map((store_id) => ({ store_id, speciality_id: options.id }))).execute();
    });
    return this.getSpeciality(options);
  }

  /** Replaces a store's specialities (the sellers page's editor). Unknown speciality ids: 400 on `specialityIds`. */
  async setStoreSpecialities(options: { storeId: string; specialityIds: string[] }): Promise<TAdminStoreOption> {
    const { db } = this.deps;
    const store = await db.selectFrom('stores').select('id').where('id', '=', options.storeId).executeTakeFirst();
    if (!store) throw NotFound();
    const specialityIds = [...new Set(options.specialityIds)];
    if (specialityIds.length > 0) {
      const found = await db.selectFrom('specialities').select('id').where('id', 'in', specialityIds).execute();
      if (found.length !== specialityIds.length) throw new AppError('LINK_TARGET_NOT_FOUND', 'specialityIds');
    }
    await this.committed(async (trx) => {
      await trx.deleteFrom('store_specialities').where('store_id', '=', options.storeId).execute();
      if (specialityIds.length > 0) {
        await trx.insertInto('store_specialities').values(specialityIds.map((speciality_id) => ({ store_id: options.storeId, speciality_id }))).execute();
      }
    });
    const found = (await this.listStores()).find((option) => option.id === options.storeId);
    if (!found) throw NotFound();
    return found;
  }

  /** Every store, for the console's pickers, with its specialities. */
  async listStores(): Promise<TAdminStoreOption[]> {
    const { db } = this.deps;
    const [rows, links] = await Promise.all([
      db.selectFrom('stores').select(['id', 'store_alias_name', 'store_name', 'status']).orderBy('store_alias_name').execute(),
      db.selectFrom('store_specialities').select(['speciality_id', 'store_id']).execute(),
    ]);
    const specialitiesOf = new Map<string, string[]>();
    for (const link of links) specialitiesOf.set(link.store_id, [...(specialitiesOf.get(link.store_id) ?? []), link.speciality_id]);
    return rows.map((row) => ({
      id: row.id,
      storeAliasName: row.store_alias_name,
      storeName: englishOf(row.store_name),
      status: row.status,
      specialityIds: (specialitiesOf.get(row.id) ?? []).sort(),
    }));
  }

  // ------------------------------------------------------------------------------------------
  // Shared
  // ------------------------------------------------------------------------------------------

  private async uniqueSlug(options: { table: 'categories' | 'brands' | 'specialities'; slug: string; except?: string }): Promise<void> {
    const row = await this.deps.db.selectFrom(options.table).select('id').where('slug', '=', options.slug).executeTakeFirst();
    if (row && row.id !== options.except) throw new AppError('SLUG_TAKEN', 'slug');
  }

  /** The unique index decides a race between two writes of the same slug: the loser gets SLUG_TAKEN. */
  private async guardSlug<T>(table: 'categories' | 'brands' | 'specialities', slug: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (slug !== undefined && isConstraintError(error)) {
        const row = await this.deps.db.selectFrom(table).select('id').where('slug', '=', slug).executeTakeFirst();
        if (row) throw new AppError('SLUG_TAKEN', 'slug');
      }
      throw error;
    }
  }

  /**
   * Keeps an image: checked by content by the uploads service (a file that is not an image is
   * refused before sharp sees it), then re-encoded as WebP with its longest side at most 1920 px and
   * at most 0.6 MB, stored public. Answers the new upload's id.
   */
  private async processImage(options: { data: Buffer; filename: string; field: string; purpose: string; requester: UploadRequester }): Promise<string> {
    const { uploads } = this.deps;
    const { requester, field } = options;
    // Checked by content first: sharp must never see a file that is not an image we accept.
    if (options.data.length > CATALOG_IMAGE_UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', field);
    if (!isAccepted(sniffContentType(options.data), ['image'])) throw InvalidField(field, 'IMAGE_FORMAT_INVALID');
    let webp: Buffer | undefined;
    try {
      // Decoded once into pixels (in a decode slot, the pixel limit read from the header first),
      // then encoded at falling quality until it fits.
      webp = await decodeGuarded(options.data, async (maxPixels) => {
        const { data, info } = await sharp(options.data, { limitInputPixels: maxPixels, failOn: 'error' })
          .autoOrient()
          .resize(PRODUCT_IMAGE_MAX_DIMENSION, PRODUCT_IMAGE_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
          .toColourspace('srgb')
          .raw()
          .toBuffer({ resolveWithObject: true });
        let encoded: Buffer | undefined;
        for (const quality of [82, 70, 55, 40]) {
          encoded = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).webp({ quality }).toBuffer();
          if (encoded.length <= PRODUCT_IMAGE_MAX_BYTES) break;
        }
        return encoded;
      });
    } catch (error) {
      if (error instanceof ImageRefused) throw InvalidField(field, error.reason === 'pixels' ? 'IMAGE_TOO_MANY_PIXELS' : 'IMAGE_FORMAT_INVALID');
      throw error;
    }
    if (!webp || webp.length > PRODUCT_IMAGE_MAX_BYTES) throw InvalidField(field, 'IMAGE_FORMAT_INVALID');
    // The team's own catalog images (categories, banners, menus) are public from the start.
    const saved = await uploads.save({ ownerId: requester.userId, purpose: options.purpose, data: webp, originalName: `${options.purpose}.webp`, accept: ['image'], maxBytes: PRODUCT_IMAGE_MAX_BYTES, field, public: true });
    return saved.id;
  }

  private async dropUpload(id: string | null, requester: UploadRequester): Promise<void> {
    if (id) await this.deps.uploads.delete({ id, requester }).catch(() => undefined);
  }
}

function isUnder(item: TAdminMenuItem, ancestorId: string, byId: Map<string, TAdminMenuItem>): boolean {
  for (let at = item.parentId ? byId.get(item.parentId) : undefined; at; at = at.parentId ? byId.get(at.parentId) : undefined) {
    if (at.id === ancestorId) return true;
  }
  return false;
}

function assertWindow(startsAt: number | null, endsAt: number | null): void {
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) throw InvalidField('endsAt', 'ENTER_VALID_DATE');
}
