/**
 * The buying modules (cart, delivery, checkout, orders, tracking) wired together: `services.buying`
 * and their routes. Wiring lives here, not in orders, so that checkout can use orders and orders can
 * be wired with checkout without a cycle between the two modules.
 */
export { buyingRoutes, type BuyingServices, createBuyingServices } from './buying.module.js';
