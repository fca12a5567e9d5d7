import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COOKIE_KEYS, TEAM_ROLES, USER_TYPES, type TeamRole, type UserType } from '@tessera/contracts';
import { AppError } from '../lib/errors.js';

/**
 * Who may call a route. Every /v1 and /chat route declares it in `config.access`, and the one
 * hook below enforces it; a route that declares nothing makes the server refuse to start.
 * docs/permissions.md is generated from these declarations (src/permissions-matrix.ts).
 *
 * - 'public': anyone, no token needed (sign-in, refresh, the site gate).
 * - 'session': any valid token, guests included.
 * - a list of roles: a valid token of one of those user types, or a store-team member with one
 *   of the listed team roles ('team:owner', 'team:moderator', 'team:support').
 */
export type Role = UserType | `team:${TeamRole}`;
export type Access = 'public' | 'session' | readonly Role[];

/** Who is calling: attached to every authenticated request (the auth module issues and checks the tokens). */
export interface AuthContext {
  userId: string;
  userType: UserType;
  sessionId: string;
}

/** What the access hook needs of the auth module: a token in, the caller out (401/406 as AppErrors). */
export interface Authenticator {
  authenticate(options: { accessToken: string | undefined }): Promise<AuthContext>;
}

/** Every role a route may list. */
export const ROLES: readonly Role[] = [...USER_TYPES, ...TEAM_ROLES.map((role) => `team:${role}` as const)];

/** Looks up a team member's current role (roles change without new tokens). */
export type TeamRoleLookup = (userId: string) => Promise<TeamRole | null>;

/** Who is calling, as far as access is concerned; null: no token at all. */
export type Caller = { userType: UserType; teamRole: TeamRole | null } | null;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Also accept the access token from the web app's `token` cookie. Only for GET routes that
     * browsers load by themselves (an uploaded image in an <img>), which cannot send headers;
     * the cookie is SameSite=Strict, so another site cannot make the browser use it.
     */
    tokenCookie?: boolean;
    /**
     * Also accept `Authorization: Ghost {token}` (the seed's blog admin client sends its BlogToken
     * so for URLs containing /admin/posts). Only the blog's admin routes set it: anywhere else the
     * Ghost form is not a token and gets 401 as before.
     */
    ghostToken?: boolean;
  }
  interface FastifyRequest {
    /** Set when the route's access is not 'public'. */
    auth: AuthContext;
  }
}

const GUARDED_PREFIXES = ['/v1/', '/chat/'];

/** Whether a path is one whose routes must declare their access. */
export const isGuardedPath = (url: string): boolean => GUARDED_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * The rule, in one place: whether a caller may call a route with this access. The hook below
 * enforces it and the permissions matrix (docs/permissions.md) is written from it.
 */
export function allows(access: Access, caller: Caller): boolean {
  if (access === 'public') return true;
  if (caller === null) return false;
  if (access === 'session') return true;
  if (access.includes(caller.userType)) return true;
  return caller.userType === 'team' && caller.teamRole !== null && access.includes(`team:${caller.teamRole}`);
}

/** Whether the caller's current team role matters (the access lists team roles, not all of 'team'). */
const needsTeamRole = (access: Exclude<Access, 'public' | 'session'>): boolean => !access.includes('team') && access.some((role) => role.startsWith('team:'));

function assertValidAccess(method: string, url: string, access: unknown): void {
  if (access === 'public' || access === 'session') return;
  if (!Array.isArray(access) || access.length === 0 || !access.every((role) => (ROLES as readonly unknown[]).includes(role))) {
    throw new Error(`${method} ${url} declares an invalid access ${JSON.stringify(access)}: use 'public', 'session' or a non-empty list of ${ROLES.join(', ')}`);
  }
}

export function registerAccessControl(app: FastifyInstance, auth: Authenticator, teamRoleOf: TeamRoleLookup = async () => null): void {
  app.decorateRequest('auth', undefined as unknown as AuthContext);

  app.addHook('onRoute', (route) => {
    if (!isGuardedPath(route.url)) return;
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    if (route.config?.access === undefined) {
      throw new Error(`${method} ${route.url} declares no access: add config.access to the route`);
    }
    assertValidAccess(method, route.url, route.config.access);
  });

  const authorize = async (request: FastifyRequest, access: Exclude<Access, 'public'>) => {
    const cookieToken = request.routeOptions.config.tokenCookie ? request.cookies?.[COOKIE_KEYS.token] : undefined;
    const header = request.headers.authorization;
    const accessToken = header !== undefined && request.routeOptions.config.ghostToken ? header.replace(/^Ghost\s+/, '') : header;
    request.auth = await auth.authenticate({ accessToken: accessToken ?? cookieToken });
    const { userType, userId } = request.auth;
    const teamRole = userType === 'team' && access !== 'session' && needsTeamRole(access) ? await teamRoleOf(userId) : null;
    if (!allows(access, { userType, teamRole })) throw new AppError('FORBIDDEN');
  };

  // A callback hook, so that public routes (the busy catalog reads) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) {
      // A route registered before this hook escaped the start-up check: refuse rather than let
      // an undeclared API route answer everyone. (Unmatched URLs have no route: they get 404.)
      const url = request.routeOptions.url;
      if (url !== undefined && isGuardedPath(url)) {
        request.log.error({ route: url }, 'route declares no access: refused');
        done(new AppError('FORBIDDEN'));
        return;
      }
      done();
      return;
    }
    if (access === 'public') {
      done();
      return;
    }
    authorize(request, access).then(() => done(), done);
  });
}
