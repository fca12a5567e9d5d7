import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AuthContext, AuthService } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every route registered through `authenticated`; absent on public routes. */
    auth: AuthContext;
  }
}

/**
 * Wraps a group of routes so that each of them requires a valid access token (the seed's
 * `Authorization: <accessToken>` header). Authentication is decided by where a route is
 * registered, never by checks inside handlers: missing, malformed or revoked → 401, expired → 406.
 */
export function authenticated(auth: AuthService, routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request) => {
      request.auth = await auth.authenticate({ accessToken: request.headers.authorization });
    });
    await scope.register(routes);
  };
}
