/** The accounts module's public surface: what services.ts, app.ts and other modules use. */
export { accountsRoutes } from './accounts.routes.js';
export { AccountsService, type NewAccount, uploadUrl } from './accounts.service.js';
export type { AccountsTables } from './accounts.tables.js';
export { AddressesService } from './addresses.service.js';
export { CompaniesService } from './companies.service.js';
export { CredentialsService, type Notifier } from './credentials.service.js';
export { hashPassword } from './passwords.js';
export { openSessionResponse } from './session-response.js';
