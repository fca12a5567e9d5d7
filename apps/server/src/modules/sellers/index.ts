/** The sellers module's public surface: what services.ts, app.ts and other modules use. */
export { sellersRoutes } from './sellers.routes.js';
export { SellersService, STORE_CHANGED, type StoreChanged } from './sellers.service.js';
export type { SellersTables } from './sellers.tables.js';
