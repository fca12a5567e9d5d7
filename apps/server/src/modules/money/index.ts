/** The money module's public surface: what services.ts, app.ts and other modules use. */
export { createMoneyServices, type MoneyServices } from './money.module.js';
export { moneyRoutes } from './money.routes.js';
export type { MoneyTables } from './money.tables.js';
