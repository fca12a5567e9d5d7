import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import type { Services } from "../../services.js";
import {
  createCatalogVersion,
  type CatalogVersion,
} from "./catalog-version.js";
import { createCatalogRead, type CatalogRead } from "./catalog-read.module.js";
import { catalogReadRoutes } from "./catalog.routes.js";
import { AdminCatalogService } from "./admin-catalog.service.js";
import { adminCatalogRoutes } from "./admin-catalog.routes.js";
import { RecentSearchesService } from "./recent-searches.service.js";
import { searchRoutes } from "./search.routes.js";
import { createSearch } from "./search/create-search.js";
import type { SearchPort } from "./search/search.port.js";
import { SuggestionsService } from "./search/suggestions.service.js";
import { notifyMeRoutes, sellerProductsRoutes } from "./seller-products.routes.js";
import { SellerProductsService } from "./seller-products.service.js";
import { StockNotificationsService } from "./stock-notifications.service.js";

/**
 * The catalog module's wiring: its services (built once per app, after the shared ones) and its
 * route plugins. Each part of the catalog adds its service and its routes here.
 */
export interface CatalogServices {
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

export async function createCatalogServices(options: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  shared: Omit<Services, "catalog">;
}): Promise<CatalogServices> {
  const version = await createCatalogVersion({
    dialect: options.db.dialect,
    databaseUrl: options.config.databaseUrl,
    redisUrl: options.config.redisUrl,
    db: options.db.kysely,
    log: options.log,
  });
  void options;
  const adminCatalog = new AdminCatalogService({ db: options.db.kysely, uploads: options.shared.uploads, version });
  const search = createSearch(options.db);
  const recentSearches = new RecentSearchesService(options.db.kysely);
  const suggestions = new SuggestionsService({ db: options.db.kysely, search });
  const stockNotifications = new StockNotificationsService({ db: options.db.kysely, notifications: options.shared.notifications, publicUrl: options.config.publicUrl });
  const sellerProducts = new SellerProductsService({ db: options.db.kysely, dialect: options.db.dialect, uploads: options.shared.uploads, search, version, stockNotifications });
  const read = createCatalogRead({ db: options.db.kysely, version, search: () => search, appConfig: options.shared.appConfig, cursorKey: options.shared.signingKey });
  return { version, read, adminCatalog, search, recentSearches, suggestions, sellerProducts, stockNotifications };
}

/** Every catalog route plugin, registered by app.ts after the access-control hook. */
export function catalogRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    void app;
    void services;
    await app.register(catalogReadRoutes({ ...services.catalog.read, auth: services.auth, recentSearches: () => services.catalog.recentSearches }));
    await app.register(adminCatalogRoutes({ adminCatalog: services.catalog.adminCatalog }));
    await app.register(searchRoutes({ recentSearches: services.catalog.recentSearches, suggestions: services.catalog.suggestions }));
    await app.register(sellerProductsRoutes(services.catalog.sellerProducts));
    await app.register(notifyMeRoutes(services.catalog.stockNotifications));
  };
}
