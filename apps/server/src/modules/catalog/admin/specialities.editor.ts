import type { TAdminSpeciality, TAdminStoreOption, TSpecialityInput, TSpecialityPatch } from '@tessera/contracts';
import { AppError, NotFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { committed, compact, englishOf, guardSlug, parseTexts, uniqueSlug, type AdminCatalogDeps } from './admin-shared.js';

/** The makers' specialities and which stores have them, edited from either side (a speciality's stores, a store's specialities). */
export class SpecialitiesEditor {
  constructor(private readonly deps: AdminCatalogDeps) {}

  async list(): Promise<TAdminSpeciality[]> {
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

  async get(options: { id: string }): Promise<TAdminSpeciality> {
    const found = (await this.list()).find((speciality) => speciality.id === options.id);
    if (!found) throw NotFound();
    return found;
  }

  async create(options: { input: TSpecialityInput }): Promise<TAdminSpeciality> {
    const { input } = options;
    const id = newId();
    await uniqueSlug(this.deps.db, { table: 'specialities', slug: input.slug });
    const now = Date.now();
    const last = await this.deps.db
      .selectFrom('specialities')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .executeTakeFirst();
    await guardSlug(this.deps.db, 'specialities', input.slug, () =>
      committed(this.deps, (trx) =>
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
    return this.get({ id });
  }

  async update(options: { id: string; patch: TSpecialityPatch }): Promise<TAdminSpeciality> {
    const { id, patch } = options;
    await this.get({ id });
    if (patch.slug !== undefined) await uniqueSlug(this.deps.db, { table: 'specialities', slug: patch.slug, except: id });
    await guardSlug(this.deps.db, 'specialities', patch.slug, () =>
      committed(this.deps, (trx) =>
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
    return this.get({ id });
  }

  async delete(options: { id: string }): Promise<void> {
    await this.get(options);
    await committed(this.deps, async (trx) => {
      await trx.deleteFrom('store_specialities').where('speciality_id', '=', options.id).execute();
      await trx.deleteFrom('specialities').where('id', '=', options.id).execute();
    });
  }

  /** Replaces the set of stores that have a speciality. Unknown store ids: 400 on `storeIds`. */
  async setStores(options: { id: string; storeIds: string[] }): Promise<TAdminSpeciality> {
    await this.get(options);
    const storeIds = [...new Set(options.storeIds)];
    if (storeIds.length > 0) {
      const found = await this.deps.db.selectFrom('stores').select('id').where('id', 'in', storeIds).execute();
      if (found.length !== storeIds.length) throw new AppError('LINK_TARGET_NOT_FOUND', 'storeIds');
    }
    await committed(this.deps, async (trx) => {
      await trx.deleteFrom('store_specialities').where('speciality_id', '=', options.id).execute();
      if (storeIds.length > 0)
        await trx
          .insertInto('store_specialities')
          .values(storeIds.map((store_id) => ({ store_id, speciality_id: options.id })))
          .execute();
    });
    return this.get(options);
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
    await committed(this.deps, async (trx) => {
      await trx.deleteFrom('store_specialities').where('store_id', '=', options.storeId).execute();
      if (specialityIds.length > 0) {
        await trx
          .insertInto('store_specialities')
          .values(specialityIds.map((speciality_id) => ({ store_id: options.storeId, speciality_id })))
          .execute();
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
}
