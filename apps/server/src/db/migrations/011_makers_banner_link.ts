import type { Kysely, Migration } from 'kysely';

/**
 * The demo catalog's third hero slide ('Meet the makers') linked to /specialities, a page that does
 * not exist; the makers' page is /makers. Databases seeded before the fix get the right link. Only
 * the demo's exact wrong link is touched: banners the team wrote are theirs.
 */
export const makersBannerLink: Migration = {
  async up(db: Kysely<unknown>) {
    await (db as Kysely<{ banners: { href: string; placement: string } }>)
      .updateTable('banners')
      .set({ href: '/makers' })
      .where('href', '=', '/specialities')
      .where('placement', '=', 'hero')
      .execute();
  },
};
