import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A category and its direct subcategories: an RFQ for 'Textiles' reaches the makers of 'Rugs'. */
async function categoryFamily(db: Kysely<Database>, categoryId: string): Promise<string[]> {
  const children = await db.selectFrom('categories').select('id').where('parent_id', '=', categoryId).execute();
  return [categoryId, ...children.map((c) => c.id)];
}

/**
 * The stores an RFQ invites: approved stores with a published product in the category (or a
 * subcategory) — of one of the materials, and holding a valid certificate of one of the schemes,
 * when the buyer named some (compared in lower case).
 */
export async function eligibleStores(
  db: Kysely<Database>,
  options: { categoryId: string; materials: string[]; certificates: string[]; now: number },
): Promise<string[]> {
  let query = db
    .selectFrom('products as p')
    .innerJoin('stores as s', 's.id', 'p.store_id')
    .select('p.store_id')
    .distinct()
    .where('s.status', '=', 'approved')
    .where('p.status', '=', 'published')
    .where('p.category_id', 'in', await categoryFamily(db, options.categoryId));
  if (options.materials.length > 0) {
    const materials = options.materials;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_materials as m')
          .select('m.product_id')
          .whereRef('m.product_id', '=', 'p.id')
          .where(sql<string>`lower(m.material)`, 'in', materials),
      ),
    );
  }
  if (options.certificates.length > 0) {
    const schemes = options.certificates;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('certifications as c')
          .select('c.product_id')
          .whereRef('c.product_id', '=', 'p.id')
          .where(sql<string>`lower(c.scheme)`, 'in', schemes)
          .where('c.expires_at', '>', options.now),
      ),
    );
  }
  const rows = await query.orderBy('p.store_id').limit(200).execute();
  return rows.map((row) => row.store_id);
}

/** The categories a store sells in (its published products'), and their parents: what open RFQs it may browse and answer. */
export async function storeCategories(db: Kysely<Database>, storeId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['c.id', 'c.parent_id'])
    .distinct()
    .where('p.store_id', '=', storeId)
    .where('p.status', '=', 'published')
    .execute();
  return [...new Set(rows.flatMap((row) => (row.parent_id ? [row.id, row.parent_id] : [row.id])))];
}
