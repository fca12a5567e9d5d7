/** The notifications module's public surface: what services.ts, app.ts and other modules use. */
export { notificationsRoutes } from './notifications.routes.js';
export { NotificationsService, type QueuedMessage, type TransactionalNotifier } from './notifications.service.js';
export type { NotificationsTables } from './notifications.tables.js';
