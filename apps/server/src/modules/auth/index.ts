/** The auth module's public surface: what services.ts, app.ts and other modules use. */
export { authRoutes } from './auth.routes.js';
export { type AuthContext, AuthService } from './auth.service.js';
export { createInProcessRevocationFeed, createRedisRevocationFeed, type RevocationFeed } from './revocation-feed.js';
export { SessionsRepository } from './sessions.repository.js';
export { loadSigningKey, SIGNING_KEY_IN_DATABASE_WARNING } from './signing-key.js';
export { AccessTokens } from './tokens.js';
