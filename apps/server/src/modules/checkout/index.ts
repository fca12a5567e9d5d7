/** The checkout module's public surface: what services.ts, app.ts and other modules use. */
export type { CheckoutPlan } from './checkout-plan.js';
export type { CheckoutMoney } from './checkout-ports.js';
export { checkoutRoutes } from './checkout.routes.js';
export { CheckoutService } from './checkout.service.js';
export type { CheckoutTables } from './checkout.tables.js';
export { checkoutMoney, walletAmountAt } from './money-ports.js';
export { returnStock, stockLevels } from './stock.js';
