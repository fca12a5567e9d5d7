/**
 * The catalog module's public surface: what app.ts and services.ts wire, and what other modules read
 * (card and text helpers, the version, the stock watcher). Sub-modules are listed in docs/catalog.md.
 */
export { catalogRoutes, createCatalogServices, type CatalogServices, type CatalogSharedDeps } from './catalog.module.js';
export { CachedAnswer, type CatalogVersion, createReadCache, type ReadCache, sendCached } from './cache/index.js';
export type { CatalogTables } from './catalog.tables.js';
export { deriveFacetRows, type ImageRow, loadCards, mediaUrl, pickText, setProductRating, toImage } from './model/index.js';
export type { SearchPort } from './search/index.js';
export { reindexStoreOnChange } from './seller/index.js';
export type { ProductWatcher, StockNotificationsService, WatchedProduct } from './stock-alerts/index.js';
export { storeSummary } from './storefront/index.js';
