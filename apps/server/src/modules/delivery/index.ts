/** The delivery module's public surface: what services.ts, app.ts and other modules use. */
export { type DeliverySettings, quoteDelivery } from './delivery-rules.js';
export { DeliveryService, type Location } from './delivery.service.js';
export type { DeliveryTables } from './delivery.tables.js';
