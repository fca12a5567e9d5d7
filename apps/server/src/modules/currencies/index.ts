/** The currencies module's public surface: what services.ts, app.ts and other modules use. */
export { currenciesRoutes } from './currencies.routes.js';
export { CurrenciesService, type CurrencyInfo, pickCurrency, type RateTable } from './currencies.service.js';
export type { CurrenciesTables } from './currencies.tables.js';
export { atRate } from './money-math.js';
