import { sql, type Kysely } from 'kysely';
import type { Language, TPublicStore, TSpeciality, TStoreSummary } from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import { NotFound } from '../../../lib/errors.js';
import { type Dictionary, mediaUrl, pickText } from '../model/index.js';

export const SPECIALITY_SORTS = ['name', 'stores', 'newest'] as const;
export type SpecialitySort = (typeof SPECIALITY_SORTS)[number];

interface StoreRow {
  id: string;
  store_alias_name: string;
  store_name: string;
  description: string;
  story: string;
  logo_web_upload_id: string | null;
  logo_thumb_upload_id: string | null;
  logo_mobile_upload_id: string | null;
  country: string;
  city: string;
  chat_user_id: string | null;
  created_at: number;
}

/** Approved stores as buyers see them (seed §7: `GET /v1/store?storeId=`), and the makers' specialities. */
export class StoresPublicService {
  private readonly db: Kysely<Database>;
  private readonly dictionary: () => Promise<Dictionary>;

  constructor(deps: { db: Kysely<Database>; dictionary: () => Promise<Dictionary> }) {
    this.db = deps.db;
    this.dictionary = deps.dictionary;
  }

  private storeColumns() {
    return this.db
      .selectFrom('stores as s')
      .select([
        's.id', 's.store_alias_name', 's.store_name', 's.description', 's.story', 's.logo_web_upload_id', 's.logo_thumb_upload_id', 's.logo_mobile_upload_id',
        's.country', 's.city', 's.chat_user_id', 's.created_at',
      ])
      .where('s.status', '=', 'approved');
  }

  /** One approved store by id or alias; a pending, rejected or unknown store is 404 alike. */
  async getStore(options: { storeId: string; language: Language }): Promise<TPublicStore> {
    const row = await this.storeColumns()
      .where((eb) => eb.or([eb('s.id', '=', options.storeId), eb('s.store_alias_name', '=', options.storeId.toLowerCase()), eb('s.store_alias_name', '=', options.storeId)]))
      .executeTakeFirst();
    if (!row) throw NotFound();
    const [store] = await this.toPublic([row], options.language);
    return store as TPublicStore;
  }

  /** Approved stores for the store menu and the makers pages: featured ones, or those with a speciality. */
  async listStores(options: { featured?: boolean; speciality?: string; language: Language; limit: number }): Promise<TPublicStore[]> {
    let query = this.storeColumns();
    if (options.featured) query = query.where('s.featured', '=', 1);
    if (options.speciality) {
      const slug = options.speciality;
      query = query.where('s.id', 'in', (eb) =>
        eb
          .selectFrom('store_specialities as ss')
          .innerJoin('specialities as sp', 'sp.id', 'ss.speciality_id')
          .select('ss.store_id')
          .where((w) => w.or([w('sp.slug', '=', slug), w('sp.id', '=', slug)]))
          .where('sp.status', '=', 1),
      );
    }
    const rows = await query.orderBy('s.featured', 'desc').orderBy('s.created_at').orderBy('s.id').limit(options.limit).execute();
    return this.toPublic(rows, options.language);
  }

  private async toPublic(rows: StoreRow[], language: Language): Promise<TPublicStore[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [specialities, stats] = await Promise.all([
      this.db
        .selectFrom('store_specialities as ss')
        .innerJoin('specialities as sp', 'sp.id', 'ss.speciality_id')
        .select(['ss.store_id', 'sp.id', 'sp.slug', 'sp.name'])
        .where('ss.store_id', 'in', ids)
        .where('sp.status', '=', 1)
        .orderBy('sp.sort')
        .orderBy('sp.slug')
        .execute(),
      this.db
        .selectFrom('products')
        .select(['store_id', (eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(case when review_count > 0 then rating else 0 end)`.as('rating_sum'), sql<number>`sum(case when review_count > 0 then 1 else 0 end)`.as('rated')])
        .where('store_id', 'in', ids)
        .where('status', '=', 'published')
        .groupBy('store_id')
        .execute(),
    ]);
    const statsOf = new Map(stats.map((s) => [s.store_id, s]));
    return rows.map((row) => {
      const stat = statsOf.get(row.id);
      const rated = Number(stat?.rated ?? 0);
      return {
        ...storeSummary(row, language),
        description: pickText(row.description, language),
        story: pickText(row.story, language),
        specialities: specialities.filter((s) => s.store_id === row.id).map((s) => ({ id: s.id, slug: s.slug, name: pickText(s.name, language) })),
        productCount: Number(stat?.n ?? 0),
        rating: rated ? Math.round(Number(stat?.rating_sum ?? 0) / rated) / 100 : 0,
        memberSince: Number(row.created_at),
      };
    });
  }

  /**
   * Active specialities with the number of approved stores that have each. `storeCategoryId` (a
   * category id or slug) keeps the specialities of stores that sell published products in that
   * category or its subcategories; `search` matches the name in the language or in English.
   */
  async specialities(options: { sort?: SpecialitySort; search?: string; storeCategoryId?: string; language: Language }): Promise<TSpeciality[]> {
    let storeIds: string[] | undefined;
    if (options.storeCategoryId) {
      const dictionary = await this.dictionary();
      const category = dictionary.categories.get(options.storeCategoryId) ?? dictionary.categoryBySlug.get(options.storeCategoryId.toLowerCase());
      if (!category) return [];
      const rows = await this.db.selectFrom('products').select('store_id').distinct().where('status', '=', 'published').where('category_id', 'in', category.subtree).execute();
      storeIds = rows.map((r) => r.store_id);
      if (storeIds.length === 0) return [];
    }
    const rows = await this.db
      .selectFrom('specialities as sp')
      .leftJoin('store_specialities as ss', 'ss.speciality_id', 'sp.id')
      .leftJoin('stores as s', (join) => join.onRef('s.id', '=', 'ss.store_id').on('s.status', '=', 'approved'))
      .select(['sp.id', 'sp.slug', 'sp.name', 'sp.description', 'sp.status', 'sp.sort', 'sp.created_at', (eb) => eb.fn.count<number>('s.id').distinct().as('stores')])
      .where('sp.status', '=', 1)
      .$if(storeIds !== undefined, (qb) => qb.where('ss.store_id', 'in', storeIds as string[]))
      .groupBy(['sp.id', 'sp.slug', 'sp.name', 'sp.description', 'sp.status', 'sp.sort', 'sp.created_at'])
      .execute();
    const needle = options.search?.trim().toLocaleLowerCase();
    const list = rows
      .map((row) => ({
        row,
        item: {
          id: row.id,
          slug: row.slug,
          name: pickText(row.name, options.language),
          description: pickText(row.description, options.language),
          storeCount: Number(row.stores),
          status: row.status,
        } satisfies TSpeciality,
      }))
      .filter(({ row, item }) => !needle || item.name.toLocaleLowerCase().includes(needle) || pickText(row.name, 'en').toLowerCase().includes(needle) || row.slug.includes(needle));
    const byName = (a: { item: TSpeciality }, b: { item: TSpeciality }) => a.item.name.localeCompare(b.item.name, options.language);
    const sorters: Record<SpecialitySort | 'default', (a: (typeof list)[number], b: (typeof list)[number]) => number> = {
      name: byName,
      stores: (a, b) => b.item.storeCount - a.item.storeCount || byName(a, b),
      newest: (a, b) => Number(b.row.created_at) - Number(a.row.created_at) || byName(a, b),
      default: (a, b) => a.row.sort - b.row.sort || byName(a, b),
    };
    return list.sort(sorters[options.sort ?? 'default']).map(({ item }) => item);
  }
}

export function storeSummary(row: Omit<StoreRow, 'description' | 'story' | 'created_at'>, language: Language): TStoreSummary {
  return {
    id: row.id,
    storeAliasName: row.store_alias_name,
    storeName: pickText(row.store_name, language),
    logoImages: {
      logoImageweb: mediaUrl(row.logo_web_upload_id),
      logoImageThumb: mediaUrl(row.logo_thumb_upload_id),
      logoImageMobile: mediaUrl(row.logo_mobile_upload_id),
    },
    country: row.country,
    city: row.city,
    isomatricChatUserId: row.chat_user_id,
  };
}
