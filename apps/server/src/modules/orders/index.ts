/** The orders module's public surface: its services and routes (wired by modules/buying), the placement step checkout calls, the order e-mails. */
export { AdminOrderSearch } from './admin-orders.js';
export { driversRoutes } from './drivers.routes.js';
export { DriversService } from './drivers.service.js';
export { ORDER_EMAIL_STATUSES, ORDER_TEMPLATES_COPY, orderTemplate, type OrderTemplateName, type OrderUpdateParams } from './order-emails.js';
export { OrderEvents } from './order-events.js';
export { OrderInvoices } from './order-invoice.js';
export { type PlacedPayment, recordPlacedOrder } from './order-placement.js';
export { orderRefunds } from './order-refunds.js';
export { OrdersRepository } from './orders.repository.js';
export { ordersRoutes } from './orders.routes.js';
export { OrdersService } from './orders.service.js';
export type { OrdersTables } from './orders.tables.js';
