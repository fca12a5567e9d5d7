import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Services } from '../../services.js';
import { adminCatalogRoutes } from './admin/admin-catalog.routes.js';
import { AdminCatalogService } from './admin/admin-catalog.service.js';
import { createCatalogRead, type CatalogRead } from './storefront/catalog-read.module.js';
import { createCatalogVersion, type CatalogVersion } from './cache/catalog-version.js';
import { catalogReadRoutes } from './storefront/catalog.routes.js';
import { RecentSearchesService } from './search/recent-searches.service.js';
import { searchRoutes } from './search/search.routes.js';
import { createSearch } from './search/create-search.js';
import type { SearchPort } from './search/search.port.js';
import { SuggestionsService } from './search/suggestions.service.js';
import { notifyMeRoutes, sellerProductsRoutes } from './seller/seller-products.routes.js';
import { SellerProductsService } from './seller/seller-products.service.js';
import { StockNotificationsService } from './stock-alerts/stock-notifications.service.js';

/** The catalog module's services, built once per app after the shared ones. */
export interface CatalogServices {
  /** Bumped after every committed catalog write; read caches key on it. */
  version: CatalogVersion;
  /** The buyers' read API (listing, product pages, stores, shell) and its cache. */
  read: CatalogRead;
  adminCatalog: AdminCatalogService;
  search: SearchPort;
  recentSearches: RecentSearchesService;
  suggestions: SuggestionsService;
  sellerProducts: SellerProductsService;
  stockNotifications: StockNotificationsService;
}

export async function createCatalogServices(options: { config: Config; db: Db; log: FastifyBaseLogger; shared: Omit<Services, 'catalog' | 'buying' | 'cart' | 'chat' | 'blog' | 'contact' | 'social' | 'quotations' | 'commissions'> }): Promise<CatalogServices> {
  const { config, db, log, shared } = options;
  const kysely = db.kysely;
  const version = await createCatalogVersion({ dialect: db.dialect, databaseUrl: config.databaseUrl, redisUrl: config.redisUrl, db: kysely, log });
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
    read: createCatalogRead({ db: kysely, version, search: () => search, appConfig: shared.appConfig, cursorKey: shared.signingKey }),
    adminCatalog: new AdminCatalogService({ db: kysely, uploads: shared.uploads, version, search }),
    search,
    recentSearches: new RecentSearchesService(kysely, (error) => log.warn({ err: error }, 'recent searches not recorded')),
    suggestions: new SuggestionsService({ db: kysely, search }),
    sellerProducts: new SellerProductsService({ db: kysely, dialect: db.dialect, uploads: shared.uploads, search, version, stockNotifications, cursorKey: shared.signingKey }),
    stockNotifications,
  };
}

/** Every catalog route plugin, registered by app.ts after the access-control hook. */
export function catalogRoutes(services: Services): FastifyPluginAsync {
  const { catalog } = services;
  return async (app) => {
    await app.register(catalogReadRoutes({ ...catalog.read, auth: services.auth, currencies: services.money.currencies, recentSearches: () => catalog.recentSearches }));
    await app.register(searchRoutes({ recentSearches: catalog.recentSearches, suggestions: catalog.suggestions, cache: catalog.read.cache }));
    await app.register(sellerProductsRoutes(catalog.sellerProducts));
    await app.register(notifyMeRoutes(catalog.stockNotifications));
    await app.register(adminCatalogRoutes({ adminCatalog: catalog.adminCatalog }));
  };
}
