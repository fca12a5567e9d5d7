/** The wallet module's public surface: what services.ts, app.ts and other modules use. */
export { TopUpsService } from './topups.service.js';
export { walletRoutes } from './wallet.routes.js';
export { type Executor, WalletService } from './wallet.service.js';
export type { WalletTables } from './wallet.tables.js';
