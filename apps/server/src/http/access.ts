import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COOKIE_KEYS, type TeamRole, type UserType } from '@tessera/contracts';
import { AppError } from '../lib/errors.js';
import type { AuthContext, AuthService } from '../modules/auth/auth.service.js';

/**
 * Who may call a route. Every /v1 and /chat route declares it in `config.access`, and the one
 * hook below enforces it; a route that declares nothing makes the server refuse to start.
 *
 * - 'public': anyone, no token needed (sign-in, refresh, the site gate).
 * - 'session': any valid token, guests included.
 * - a list of roles: a valid token of one of those user types, or a store-team member with one
 *   of the listed team roles ('team:owner', 'team:moderator', 'team:support').
 */
export type Role = UserType | `team:${TeamRole}`;
export type Access = 'public' | 'session' | readonly Role[];

/** Looks up a team member's current role (roles change without new tokens). */
export type TeamRoleLookup = (userId: string) => Promise<TeamRole | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Also accept the access token from the web app's `token` cookie. Only for GET routes that
     * browsers load by themselves (an uploaded image in an <img>), which cannot send headers;
     * the cookie is SameSite=Strict, so another site cannot make the browser use it.
     */
    tokenCookie?: boolean;
  }
  interface FastifyRequest {
    /** Set when the route's access is not 'public'. */
    auth: AuthContext;
  }
}

const GUARDED_PREFIXES = ['/v1/', '/chat/'];

export function registerAccessControl(app: FastifyInstance, auth: AuthService, teamRoleOf: TeamRoleLookup = async () => null): void {
  app.decorateRequest('auth', undefined as unknown as AuthContext);

  app.addHook('onRoute', (route) => {
    if (!GUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    if (route.config?.access === undefined) {
      throw new Error(`${route.method} ${route.url} declares no access: add config.access to the route`);
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const cookieToken = request.routeOptions.config.tokenCookie ? request.cookies?.[COOKIE_KEYS.token] : undefined;
    request.auth = await auth.authenticate({ accessToken: request.headers.authorization ?? cookieToken });
    if (access === 'session' || access.includes(request.auth.userType)) return;
    if (request.auth.userType === 'team' && access.some((role) => role.startsWith('team:'))) {
      const teamRole = await teamRoleOf(request.auth.userId);
      if (teamRole && access.includes(`team:${teamRole}`)) return;
    }
    throw new AppError('FORBIDDEN');
  });
}
