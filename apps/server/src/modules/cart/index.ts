/** The cart module's public surface: what services.ts, app.ts and other modules use. */
export type { SellerTotals, Totals } from './cart-calculator.js';
export { priceCart, type PricedCart } from './cart-pricing.js';
export { CartRepository } from './cart.repository.js';
export { cartRoutes } from './cart.routes.js';
export { CartService } from './cart.service.js';
export type { CartTables } from './cart.tables.js';
