import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { allows, isGuardedPath, type Access, type Caller } from './http/access.js';

/**
 * The permissions matrix: every API route with the access it declares (`config.access`), and what
 * that means for each role. `npm run docs:permissions` writes it to docs/permissions.md, and
 * src/permissions.test.ts fails when that file is out of date and calls every route as every
 * role to check that the server answers as the matrix says.
 */

/** The columns of the matrix: who can be calling. */
export const MATRIX_ROLES = [
  { key: 'anonymous', label: 'anonymous', caller: null },
  { key: 'guest', label: 'guest', caller: { userType: 'guest', teamRole: null } },
  { key: 'buyer', label: 'buyer', caller: { userType: 'buyer', teamRole: null } },
  { key: 'seller', label: 'seller', caller: { userType: 'seller', teamRole: null } },
  { key: 'driver', label: 'driver', caller: { userType: 'driver', teamRole: null } },
  { key: 'team:owner', label: 'team owner', caller: { userType: 'team', teamRole: 'owner' } },
  { key: 'team:moderator', label: 'team moderator', caller: { userType: 'team', teamRole: 'moderator' } },
  { key: 'team:support', label: 'team support', caller: { userType: 'team', teamRole: 'support' } },
] as const satisfies ReadonlyArray<{ key: string; label: string; caller: Caller }>;

export type MatrixRoleKey = (typeof MATRIX_ROLES)[number]['key'];

export interface RouteAccess {
  method: string;
  /** The route's path as declared, with its parameters (`/v1/admin/team/:id`). */
  url: string;
  access: Access;
  /** The route also takes the access token from the `token` cookie (`config.tokenCookie`). */
  tokenCookie: boolean;
}

/** docs/permissions.md at the root of the repository. */
export const PERMISSIONS_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/permissions.md');

/** The site password of the app the matrix is read from: with it set, the gate's own route exists too. */
const MATRIX_SITE_PASSWORD = 'permissions-matrix';

/** A made-up id for path parameters: the route matches, and nothing has that id. */
export const DUMMY_ID = '0190aaaa-0000-7000-8000-000000000000';

/** A request path for a route: parameters filled with a dummy id, a wildcard with a dummy name. */
export const fillParams = (url: string): string => url.replace(/:[A-Za-z0-9_]+/g, DUMMY_ID).replace(/\*$/, 'x');

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function compareRoutes(a: { method: string; url: string }, b: { method: string; url: string }): number {
  if (a.url !== b.url) return a.url < b.url ? -1 : 1;
  return METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method);
}

/**
 * Every method and path the app routes, read from Fastify's own route tree (`printRoutes`), so
 * that a route registered anywhere, in any order, is listed. Works once the app is ready.
 */
export function listRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (line.trim() === '') continue;
    // "│   ├── /logo (POST)": four characters of tree per level, a path segment, its methods.
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) throw new Error(`cannot read the route tree line ${JSON.stringify(line)}`);
    const depth = (match[1] as string).length / 4;
    const url = (depth > 0 ? (parents[depth - 1] ?? '') : '') + (match[2] as string);
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes.sort(compareRoutes);
}

/**
 * The declared access of every /v1 and /chat route of an app that is not ready yet. Which routes
 * exist comes from the route tree; what each declares is read from the options of the route that
 * Fastify matches for one anonymous request to it (in an onResponse hook), so nothing is taken
 * from a list kept by hand. The probes carry no token and no body: they change nothing.
 */
export async function collectRouteAccess(app: FastifyInstance): Promise<RouteAccess[]> {
  const declared = new Map<string, { access: Access | undefined; tokenCookie: boolean }>();
  app.addHook('onResponse', async (request) => {
    const { method, url, config } = request.routeOptions;
    if (url !== undefined) declared.set(`${String(method)} ${url}`, { access: config.access, tokenCookie: config.tokenCookie === true });
  });
  await app.ready();
  const routes: RouteAccess[] = [];
  for (const route of listRoutes(app).filter((r) => isGuardedPath(r.url))) {
    const key = `${route.method} ${route.url}`;
    await app.inject({ method: route.method as HTTPMethods, url: fillParams(route.url) });
    const found = declared.get(key);
    if (!found) throw new Error(`${key}: a request to ${fillParams(route.url)} did not reach the route`);
    if (found.access === undefined) throw new Error(`${key} declares no access: add config.access to the route`);
    routes.push({ ...route, access: found.access, tokenCookie: found.tokenCookie });
  }
  return routes;
}

/** Builds the server on a throw-away in-memory database and reads its routes' declared access. */
export async function readRouteAccess(): Promise<RouteAccess[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-permissions-'));
  const db = openDatabase({ databaseUrl: undefined, sqliteFile: ':memory:' });
  try {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'permissions-matrix-signing-key-not-for-production',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      SITE_PASSWORD: MATRIX_SITE_PASSWORD,
    });
    const app = await buildApp(config, { db, web: false });
    try {
      return await collectRouteAccess(app);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Whether a role may call a route, by the rule the server enforces (`allows` in access.ts). */
export function roleMayCall(access: Access, role: MatrixRoleKey): boolean {
  const found = MATRIX_ROLES.find((r) => r.key === role);
  if (!found) throw new Error(`unknown role ${role}`);
  return allows(access, found.caller);
}

const describeAccess = (access: Access): string => (typeof access === 'string' ? `\`${access}\`` : access.map((role) => `\`${role}\``).join(', '));

/** docs/permissions.md for these routes. */
export function renderPermissionsDoc(routes: readonly RouteAccess[]): string {
  // A GET route answers HEAD too, with the same declaration: one row for both.
  const rows: Array<{ methods: string[]; url: string; access: Access; tokenCookie: boolean }> = [];
  for (const route of [...routes].sort(compareRoutes)) {
    const get = rows.find((row) => row.url === route.url && row.methods.includes('GET'));
    if (route.method === 'HEAD' && get && JSON.stringify(get.access) === JSON.stringify(route.access) && get.tokenCookie === route.tokenCookie) {
      get.methods.push('HEAD');
      continue;
    }
    rows.push({ methods: [route.method], url: route.url, access: route.access, tokenCookie: route.tokenCookie });
  }
  const header = `| method | route | declared | ${MATRIX_ROLES.map((r) => r.label).join(' | ')} |`;
  const rule = `|---|---|---|${MATRIX_ROLES.map(() => ':-:').join('|')}|`;
  const lines = rows.map((row) => {
    const cells = MATRIX_ROLES.map((role) => (roleMayCall(row.access, role.key) ? '✓' : '—'));
    return `| ${row.methods.join(', ')} | \`${row.url}\` | ${describeAccess(row.access)}${row.tokenCookie ? ' ¹' : ''} | ${cells.join(' | ')} |`;
  });
  return `# Permissions

<!-- Generated from the routes' \`config.access\` by \`npm run docs:permissions\`
     (apps/server/src/permissions-matrix.ts). Do not edit by hand: the server tests fail when
     this file and the code disagree. -->

Who may call each route of the API. Every \`/v1\` and \`/chat\` route declares its access in
\`config.access\`; one \`onRequest\` hook (\`apps/server/src/http/access.ts\`) enforces it for every
route, before the body is read, and the server refuses to start when an API route declares nothing.
\`apps/server/src/permissions.test.ts\` calls every route below as every role and checks the
answer against this table.

## Roles

| role | who | token from |
|---|---|---|
| anonymous | a caller without a token | — |
| guest | a visitor the web client signed in as a guest | \`POST /v1/guest/signIn\` |
| buyer | a signed-up buyer. Retailers, distributors and institution buyers are all of user type \`buyer\`: their kind and their company's approval decide what they may buy (a pending company cannot check out), not which routes they may call | \`POST /v1/customer/signup\`, \`POST /v1/customer/login\` |
| seller | a seller with a store, pending or approved | \`POST /v1/seller/signup\`, \`POST /v1/seller/login\` |
| team owner | a store-team member who also manages the team (invites, roles, removals); there is always at least one | \`POST /v1/admin/login\` |
| team moderator | a store-team member who approves and rejects companies and sellers | \`POST /v1/admin/login\` |
| team support | a store-team member who reads the queues, the team and the outbox | \`POST /v1/admin/login\` |

A team member's role is looked up on every request, so a change of role takes effect at once,
without a new token; a removed member's sessions end at once.

## What a route declares

- \`public\`: anyone, without a token (sign-in, signup, login, refresh, password reset, the site gate).
- \`session\`: any valid token, a guest's included.
- a list of roles: a valid token of one of the user types listed (\`guest\`, \`buyer\`, \`seller\`,
  \`team\` for every team member), or of a team member whose role is listed (\`team:owner\`,
  \`team:moderator\`, \`team:support\`).

A caller the route does not allow gets **401** without a valid token (\`TOKEN_MISSING\`,
\`TOKEN_INVALID\`, \`SESSION_REVOKED\`; **406** \`TOKEN_EXPIRED\` for an expired one) and **403**
\`FORBIDDEN\` with a valid token of the wrong role. Whose data it is comes after that, in the
services: another buyer's address, or an upload that is neither the caller's own nor asked for by
the store team, answers 404 as if it did not exist. With \`SITE_PASSWORD\` set, every API call but
\`POST /v1/site/unlock\` (which exists only then) first needs the gate's cookie (401 \`SITE_LOCKED\`).

## Matrix

${header}
${rule}
${lines.join('\n')}
${
  rows.some((row) => row.tokenCookie)
    ? `
¹ Also takes the access token from the web app's \`token\` cookie when no \`Authorization\` header
is sent: a browser loads an uploaded image in an \`<img>\` by itself, without headers. The cookie is
\`SameSite=Strict\`, so another site cannot make the browser use it; the roles allowed are the same.
`
    : ''
}`;
}

/** Writes docs/permissions.md (or another file) from the server's routes; returns its path. */
export async function writePermissionsDoc(file = PERMISSIONS_DOC): Promise<string> {
  fs.writeFileSync(file, renderPermissionsDoc(await readRouteAccess()));
  return file;
}
