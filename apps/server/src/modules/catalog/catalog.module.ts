import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { TAppConfig } from '@tessera/contracts';
import type { AuthService } from '../auth/index.js';
import type { CurrenciesService } from '../currencies/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UploadsService } from '../uploads/index.js';
import { adminCatalogRoutes, AdminCatalogService } from './admin/index.js';
import { createCatalogVersion, REVIEWS_CHANNEL, type CatalogVersion } from './cache/index.js';
import { createSearch, RecentSearchesService, searchRoutes, SuggestionsService, type SearchPort } from './search/index.js';
import { sellerProductsRoutes, SellerProductsService } from './seller/index.js';
import { notifyMeRoutes, StockNotificationsService } from './stock-alerts/index.js';
import { catalogReadRoutes, createCatalogRead, type CatalogRead } from './storefront/index.js';

/** The catalog module's services, built once per app after the shared ones. */
export interface CatalogServices {
  /** Bumped after every committed catalog write; read caches key on it. */
  version: CatalogVersion;
  /**
   * Bumped after a change of what a product's reviews section shows that leaves the catalog alone (a
   * review's text, photos or answer, an author's name): the reviews cache keys on both versions.
   */
  reviewsVersion: CatalogVersion;
  /** The buyers' read API (listing, product pages, stores, shell) and its cache. */
  read: CatalogRead;
  adminCatalog: AdminCatalogService;
  search: SearchPort;
  recentSearches: RecentSearchesService;
  suggestions: SuggestionsService;
  sellerProducts: SellerProductsService;
  stockNotifications: StockNotificationsService;
}

/** What the catalog needs of the shared services (services.ts builds them first; wiring runs one way). */
export interface CatalogSharedDeps {
  notifications: NotificationsService;
  uploads: UploadsService;
  appConfig: TAppConfig;
  /** Signs the listing's and the seller list's keyset cursors. */
  signingKey: Uint8Array;
}

export async function createCatalogServices(options: { config: Config; db: Db; log: FastifyBaseLogger; shared: CatalogSharedDeps }): Promise<CatalogServices> {
  const { config, db, log, shared } = options;
  const kysely = db.kysely;
  const version = await createCatalogVersion({ dialect: db.dialect, databaseUrl: config.databaseUrl, redisUrl: config.redisUrl, db: kysely, log });
  const reviewsVersion = await createCatalogVersion({
    dialect: db.dialect,
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    db: kysely,
    log,
    channel: REVIEWS_CHANNEL,
  });
  const search = createSearch(db);
  const stockNotifications = new StockNotificationsService({ db: kysely, notifications: shared.notifications, publicUrl: config.publicUrl });
  // A product's pictures and certificate evidence are public while an approved store publishes it.
  shared.uploads.registerSubject('product', async (productId) => {
    const row = await kysely
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select('p.id')
      .where('p.id', '=', productId)
      .where('p.status', '=', 'published')
      .where('s.status', '=', 'approved')
      .executeTakeFirst();
    return row !== undefined;
  });
  return {
    version,
    reviewsVersion,
    read: createCatalogRead({ db: kysely, version, search: () => search, appConfig: shared.appConfig, cursorKey: shared.signingKey }),
    adminCatalog: new AdminCatalogService({ db: kysely, uploads: shared.uploads, version, search }),
    search,
    recentSearches: new RecentSearchesService(kysely, (error) => log.warn({ err: error }, 'recent searches not recorded')),
    suggestions: new SuggestionsService({ db: kysely, search }),
    sellerProducts: new SellerProductsService({
      db: kysely,
      dialect: db.dialect,
      uploads: shared.uploads,
      search,
      version,
      stockNotifications,
      cursorKey: shared.signingKey,
    }),
    stockNotifications,
  };
}

/** Every catalog route plugin, registered by app.ts after the access-control hook. */
export function catalogRoutes(services: { catalog: CatalogServices; auth: AuthService; money: { currencies: CurrenciesService } }): FastifyPluginAsync {
  const { catalog } = services;
  return async (app) => {
    await app.register(
      catalogReadRoutes({ ...catalog.read, auth: services.auth, currencies: services.money.currencies, recentSearches: () => catalog.recentSearches }),
    );
    await app.register(searchRoutes({ recentSearches: catalog.recentSearches, suggestions: catalog.suggestions, cache: catalog.read.cache }));
    await app.register(sellerProductsRoutes(catalog.sellerProducts));
    await app.register(notifyMeRoutes(catalog.stockNotifications));
    await app.register(adminCatalogRoutes({ adminCatalog: catalog.adminCatalog }));
  };
}
