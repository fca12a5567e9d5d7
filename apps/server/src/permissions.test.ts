import fs from 'node:fs';
import Fastify, { type HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import { COOKIE_KEYS, type TeamRole, type UserType } from '@tessera/contracts';
import { registerErrorHandling } from './http/error-handler.js';
import { createBuyer, createTeamMember, sessionFor, signInGuestWith, signUpSeller } from './test/roles.js';
import { createTestApp } from './test/app.js';
import { createDriverAccount } from './test/buying.js';
import { registerAccessControl, type Access, type Role } from './http/access.js';
import { fillParams, listRoutes, PERMISSIONS_DOC, readRouteAccess, renderPermissionsDoc, type MatrixRoleKey, type RouteAccess } from './permissions-matrix.js';

/**
 * The permissions matrix, checked two ways: docs/permissions.md is exactly what the routes declare,
 * and every route answers every role as the matrix says.
 */

const routes = await readRouteAccess();

/**
 * Routes the walk below does not call, each with the reason. Nothing is left out silently: a route
 * is either walked or listed here (and an entry for a route that no longer exists fails the test).
 */
const NOT_WALKED: Record<string, string> = Object.fromEntries(
  routes
    .filter((route) => route.url.startsWith('/chat/') && !route.url.startsWith('/chat/attachment/:'))
    .map((route) => [`${route.method} ${route.url}`, 'open to the access-token hook; the chat checks its own licenseKey, appSecret and userToken (modules/chat/chat.rest.test.ts)']),
);

describe('docs/permissions.md', () => {
  it('is what the routes declare (run `npm run docs:permissions` after changing an access)', () => {
    const current = fs.existsSync(PERMISSIONS_DOC) ? fs.readFileSync(PERMISSIONS_DOC, 'utf8') : '';
    expect(current, 'docs/permissions.md is out of date: run `npm run docs:permissions` and commit the result').toBe(renderPermissionsDoc(routes));
  });

  it('lists the API routes, GET ones with their HEAD twins', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(expect.arrayContaining(['POST /v1/guest/signIn', 'POST /v1/site/unlock', 'GET /v1/seller/store', 'HEAD /v1/seller/store', 'DELETE /v1/admin/team/:id']));
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of routes) expect(route.url).toMatch(/^\/(v1|chat)\//);
  });
});

// The walk runs against an app of the same configuration as the one the matrix was read from: the
// site gate is on, so that its route exists too, and every request carries the gate's cookie.
const SITE_PASSWORD = 'walk every route';
const { app } = await createTestApp({ sitePassword: SITE_PASSWORD, signInRateLimitPerMinute: 1_000_000 });
const unlocked = await app.inject({ method: 'POST', url: '/v1/site/unlock', payload: { password: SITE_PASSWORD } });
const gate = { [COOKIE_KEYS.sitePass]: unlocked.cookies.find((c) => c.name === COOKIE_KEYS.sitePass)?.value as string };

interface Walker {
  name: string;
  /** The matrix column whose answer this caller must get. */
  column: MatrixRoleKey;
  /** Who the caller is; undefined: no token. */
  user?: { userId: string; userType: UserType; teamRole: TeamRole | null };
}

const guest = await signInGuestWith(app, { cookies: gate });
const seller = await signUpSeller(app, {}, { cookies: gate });
const team = async (teamRole: TeamRole) => ({ ...(await createTeamMember(app, teamRole)), teamRole });
const buyerOf = async (kind?: 'retailer' | 'distributor' | 'institution') => ({ ...(await createBuyer(app, kind)), teamRole: null });

const WALKERS: Walker[] = [
  { name: 'anonymous', column: 'anonymous' },
  { name: 'guest', column: 'guest', user: { ...guest, teamRole: null } },
  { name: 'buyer', column: 'buyer', user: await buyerOf() },
  { name: 'retailer buyer', column: 'buyer', user: await buyerOf('retailer') },
  { name: 'distributor buyer', column: 'buyer', user: await buyerOf('distributor') },
  { name: 'institution buyer', column: 'buyer', user: await buyerOf('institution') },
  { name: 'seller', column: 'seller', user: { ...seller, teamRole: null } },
  { name: 'driver', column: 'driver', user: { ...(await createDriverAccount(app)), teamRole: null } },
  { name: 'team owner', column: 'team:owner', user: await team('owner') },
  { name: 'team moderator', column: 'team:moderator', user: await team('moderator') },
  { name: 'team support', column: 'team:support', user: await team('support') },
];

/**
 * What the matrix says, worked out here from the declaration rather than with the server's own
 * `allows`, so that a mistake in the rule shows up as a difference.
 */
function expectAllowed(access: Access, walker: Walker): boolean {
  if (access === 'public') return true;
  if (!walker.user) return false;
  if (access === 'session') return true;
  const roles: readonly string[] = access;
  return roles.includes(walker.user.userType) || (walker.user.teamRole !== null && roles.includes(`team:${walker.user.teamRole}`));
}

const withBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);

/** Calls a route as a walker, with a fresh session (a route such as logout may end the one it is given). */
async function call(route: RouteAccess, walker: Walker, tokenIn: 'header' | 'cookie') {
  const token = walker.user ? await sessionFor(app, walker.user) : undefined;
  return app.inject({
    method: route.method as HTTPMethods,
    url: fillParams(route.url),
    headers: token && tokenIn === 'header' ? { authorization: token } : {},
    cookies: { ...gate, ...(token && tokenIn === 'cookie' ? { [COOKIE_KEYS.token]: token } : {}) },
    ...(withBody(route.method) ? { payload: {} } : {}),
  });
}

describe('every route, as every role', () => {
  it('walks the routes of the app under test, and skips only what NOT_WALKED lists', () => {
    const served = listRoutes(app)
      .filter((r) => /^\/(v1|chat)\//.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(served.sort()).toEqual(routes.map((r) => `${r.method} ${r.url}`).sort());
    for (const skipped of Object.keys(NOT_WALKED)) expect(served).toContain(skipped);
  });

  const walked = routes.filter((r) => !(`${r.method} ${r.url}` in NOT_WALKED));
  it.each(walked.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', async (_name, route) => {
    const problems: string[] = [];
    for (const tokenIn of route.tokenCookie ? (['header', 'cookie'] as const) : (['header'] as const)) {
      for (const walker of WALKERS) {
        const response = await call(route, walker, tokenIn);
        const status = response.statusCode;
        // A form post (POST /v1/contact/form) answers a page's redirect, not JSON: it has no code to read.
        const json = route.method !== 'HEAD' && String(response.headers['content-type'] ?? '').includes('json');
        const code = json ? (response.json() as { code?: string }).code : undefined;
        const who = `${walker.name}${tokenIn === 'cookie' ? ' (token cookie)' : ''}`;
        if (status >= 500) problems.push(`${who}: ${status} ${response.body}`);
        if (expectAllowed(route.access, walker)) {
          if (status === 401 || status === 403) problems.push(`${who} is allowed but got ${status} ${code ?? ''}`);
        } else if (!walker.user) {
          if (status !== 401 || (code !== undefined && code !== 'TOKEN_MISSING')) problems.push(`${who} must get 401 TOKEN_MISSING, got ${status} ${code ?? ''}`);
        } else if (status !== 403 || (code !== undefined && code !== 'FORBIDDEN')) {
          problems.push(`${who} must get 403 FORBIDDEN, got ${status} ${code ?? ''}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('access declarations', () => {
  it('refuse to start with an empty or unknown list of roles', () => {
    const bare = Fastify();
    registerAccessControl(bare, app.services.auth);
    expect(() => bare.get('/v1/nobody', { config: { access: [] } }, async () => 'x')).toThrow('GET /v1/nobody declares an invalid access []');
    expect(() => bare.get('/chat/admins', { config: { access: ['admin' as Role] } }, async () => 'x')).toThrow('declares an invalid access ["admin"]');
  });

  it('fail closed: an API route registered before the hook, with nothing declared, answers 403', async () => {
    const bare = Fastify();
    registerErrorHandling(bare);
    bare.get('/v1/early', async () => ({ secret: true }));
    bare.get('/outside', async () => ({ page: true }));
    registerAccessControl(bare, app.services.auth);
    const refused = await bare.inject({ url: '/v1/early' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await bare.inject({ url: '/outside' })).statusCode).toBe(200);
    expect((await bare.inject({ url: '/v1/unknown' })).statusCode).toBe(404);
    await bare.close();
  });
});
