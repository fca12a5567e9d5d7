/** On top — 'notify me' sign-ups and the back-in-stock messages sent when a product is restocked. */
export { type ProductWatcher, type StockLevels, StockNotificationsService, type WatchedProduct } from './stock-notifications.service.js';
export { notifyMeRoutes } from './notify-me.routes.js';
