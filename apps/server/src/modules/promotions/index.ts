/** The promotions module's public surface: what services.ts, app.ts and other modules use. */
export { promotionsRoutes } from './promotions.routes.js';
export { PromotionsService } from './promotions.service.js';
export type { PromotionsTables } from './promotions.tables.js';
