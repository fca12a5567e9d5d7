import type { TAppConfig } from '@tessera/contracts';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { buildAppConfig } from './modules/app-config/app-config.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { loadSigningKey } from './modules/auth/signing-key.js';
import { AccessTokens } from './modules/auth/tokens.js';

/** Every domain service, wired once per app; routes receive the ones they need. */
export interface Services {
  accounts: AccountsService;
  auth: AuthService;
  tokens: AccessTokens;
  appConfig: TAppConfig;
  signingKey: Uint8Array;
}

export async function createServices(config: Config, db: Db): Promise<Services> {
  const signingKey = await loadSigningKey(db.kysely, config.jwtSecret);
  const tokens = new AccessTokens(signingKey, config.accessTokenTtlSeconds);
  const accounts = new AccountsService(db.kysely);
  const auth = new AuthService({
    sessions: new SessionsRepository(db.kysely),
    accounts,
    tokens,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
  });
  const appConfig = buildAppConfig({ publicUrl: config.publicUrl, sitePassword: !!config.sitePassword });
  return { accounts, auth, tokens, appConfig, signingKey };
}
