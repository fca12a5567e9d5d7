import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../modules/accounts/index.js';
import type { SearchPort } from '../../modules/catalog/index.js';
import type { Services } from '../../services.js';
import type { Database } from '../../db/schema.js';
import { seedCatalog, type CatalogSeedOptions, type CatalogSeedResult } from './catalog-seed.js';

/** The demo catalog's size: what `npm start` on a fresh clone shows. */
export const DEMO_PRODUCTS = 1500;

export interface DemoCatalogOptions {
  services: Services;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  password: string;
  products?: number;
  stores?: number;
  chunkSize?: number;
  reviewsPerProduct?: number;
  onProgress?: CatalogSeedOptions['onProgress'];
}

/**
 * Seeds the catalog once: a database that already has categories (a seeded or a real catalog)
 * is left alone. Returns what was written, or null when nothing was.
 */
export async function seedDemoCatalog(options: DemoCatalogOptions): Promise<CatalogSeedResult | null> {
  const existing = await options.db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const started = performance.now();
  // The search adapter joins the catalog services with the search work; without it there is no index to build.
  const search = (options.services.catalog as { search?: SearchPort }).search;
  const result = await seedCatalog({
    db: options.db,
    uploads: options.services.uploads,
    search,
    products: options.products ?? DEMO_PRODUCTS,
    stores: options.stores,
    chunkSize: options.chunkSize,
    reviewsPerProduct: options.reviewsPerProduct,
    // One hash for every seeded maker: scrypt costs tens of milliseconds, forty of them would dominate the seed.
    passwordHash: await hashPassword(options.password),
    onProgress: options.onProgress,
  });
  await options.services.catalog.version.bump();
  options.log.info({ ...result, searchIndexed: !!search, ms: Math.round(performance.now() - started) }, 'seeded the demo catalog');
  return result;
}
