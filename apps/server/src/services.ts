import type { FastifyBaseLogger } from 'fastify';
import type { TAppConfig } from '@tessera/contracts';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { AddressesService } from './modules/accounts/addresses.service.js';
import { CompaniesService } from './modules/accounts/companies.service.js';
import { CredentialsService, type Notifier } from './modules/accounts/credentials.service.js';
import { createCatalogServices, type CatalogServices } from './modules/catalog/catalog.module.js';
import { reindexStoreOnChange } from './modules/catalog/store-changes.js';
import { buildAppConfig } from './modules/app-config/app-config.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { loadSigningKey } from './modules/auth/signing-key.js';
import { AccessTokens } from './modules/auth/tokens.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { SellersService } from './modules/sellers/sellers.service.js';
import { TeamService } from './modules/team/team.service.js';
import { createFileStore, type FileStore } from './modules/uploads/file-store.js';
import { UploadsService } from './modules/uploads/uploads.service.js';

/** Every domain service, wired once per app; routes receive the ones they need. */
export interface Services {
  accounts: AccountsService;
  addresses: AddressesService;
  auth: AuthService;
  companies: CompaniesService;
  credentials: CredentialsService;
  notifications: NotificationsService;
  sellers: SellersService;
  team: TeamService;
  tokens: AccessTokens;
  uploads: UploadsService;
  fileStore: FileStore;
  appConfig: TAppConfig;
  signingKey: Uint8Array;
  catalog: CatalogServices;
}

export async function createServices(config: Config, db: Db, log: FastifyBaseLogger): Promise<Services> {
  const kysely = db.kysely;
  const signingKey = await loadSigningKey(kysely, config.jwtSecret);
  const tokens = new AccessTokens(signingKey, config.accessTokenTtlSeconds);
  const accounts = new AccountsService(kysely);
  const auth = new AuthService({ sessions: new SessionsRepository(kysely), accounts, tokens, refreshTokenTtlDays: config.refreshTokenTtlDays });
  const notifications = new NotificationsService({ db: kysely, smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, log, cursorKey: signingKey });
  const notifier = notifications as unknown as Notifier;
  const fileStore = await createFileStore({ dataDir: config.dataDir, s3: config.s3 });
  const uploads = new UploadsService({ db: kysely, store: fileStore });
  const credentials = new CredentialsService({ db: kysely, notifier, sessions: auth, codeKey: signingKey, publicUrl: config.publicUrl });
  const companies = new CompaniesService({ repository: accounts.repository, uploads, notifier, cursorKey: signingKey });
  const sellers = new SellersService({ db: kysely, accounts, uploads, notifier, cursorKey: signingKey });
  const team = new TeamService({ db: kysely, accounts, credentials, auth });
  const appConfig = buildAppConfig({ publicUrl: config.publicUrl, sitePassword: !!config.sitePassword });
  const shared = {
    accounts,
    addresses: new AddressesService(accounts.repository),
    auth,
    companies,
    credentials,
    notifications,
    sellers,
    team,
    tokens,
    uploads,
    fileStore,
    appConfig,
    signingKey,
  };
  const catalog = await createCatalogServices({ config, db, log, shared });
  sellers.onStoreChanged(reindexStoreOnChange({ db: kysely, search: catalog.search, version: catalog.version }));
  return { ...shared, catalog };
}
