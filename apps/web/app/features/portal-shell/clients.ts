import { TEAM_ROLES, type TeamRole, type TProfile, type TSessionResponse } from '@tessera/contracts';
import { currentLocale, deviceId } from '../../lib/api';
import { browserCookies, parseCookieHeader, type CookieJar } from '../../lib/cookies';
import { buildGuestPayload } from '../../lib/device';
import { API_PATHS, createHttpClient, type HttpClient, type SessionKeys } from '../../lib/http';
import { SESSION_COOKIE_DAYS, TOKEN_COOKIE_DAYS } from '../../lib/session-keys';
import { buildLogoutPayload } from '../session/session';

/**
 * The seller portal and the admin console keep their own sessions, apart from the storefront's
 * (seed §6: "Seller: separate seller token and flag"): a buyer, a seller and a team member can be
 * signed in side by side in one browser. Neither portal ever signs in as a guest.
 */
export type Portal = 'seller' | 'admin' | 'driver';

/** The seed's seller flag cookie (like `authPass` for buyers). */
export const SELLER_FLAG_COOKIE = 'sellerauthPass';
/** Who is signed in to the console: id, name and team role from the login answer. */
export const ADMIN_PROFILE_COOKIE = 'adminProfile';

export const PORTAL_KEYS: Record<Portal, SessionKeys> = {
  seller: {
    token: 'sellerToken',
    refreshToken: 'sellerRefreshToken',
    accessExpireAt: 'sellerAccessExpireAt',
    extra: [SELLER_FLAG_COOKIE],
    guest: false,
  },
  admin: {
    token: 'adminToken',
    refreshToken: 'adminRefreshToken',
    accessExpireAt: 'adminAccessExpireAt',
    extra: [ADMIN_PROFILE_COOKIE],
    guest: false,
  },
  // The driver page (/driver, issue #11 §5): a store's driver on his phone.
  driver: {
    token: 'driverToken',
    refreshToken: 'driverRefreshToken',
    accessExpireAt: 'driverAccessExpireAt',
    extra: [],
    guest: false,
  },
};

/** Where each portal starts (its login form when signed out). */
export const PORTAL_HOME: Record<Portal, string> = { seller: '/seller', admin: '/admin', driver: '/driver' };

const LOGIN_PATHS: Record<Portal, string> = { seller: '/v1/seller/login', admin: '/v1/admin/login', driver: '/v1/driver/login' };

export interface AdminProfile {
  id: string;
  name: string;
  email: string | null;
  teamRole: TeamRole;
}

export interface PortalSessionState {
  signedIn: boolean;
  /** The console's signed-in member (admin only). */
  profile: AdminProfile | null;
}

function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value);
}

export function parseAdminProfile(raw: string | undefined): AdminProfile | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AdminProfile>;
    if (typeof value.id !== 'string' || typeof value.name !== 'string' || !isTeamRole(value.teamRole)) return null;
    return { id: value.id, name: value.name, email: typeof value.email === 'string' ? value.email : null, teamRole: value.teamRole };
  } catch {
    return null;
  }
}

/** A portal's session as its cookies tell it: on the server (the Cookie header) or in the browser. */
export function readPortalSession(portal: Portal, cookies: Pick<CookieJar, 'get'>): PortalSessionState {
  const keys = PORTAL_KEYS[portal];
  const signedIn = Boolean(cookies.get(keys.token) || cookies.get(keys.refreshToken));
  return { signedIn, profile: signedIn && portal === 'admin' ? parseAdminProfile(cookies.get(ADMIN_PROFILE_COOKIE)) : null };
}

/** For the layouts' loaders: the session from the request's Cookie header. */
export function readPortalSessionFromHeader(portal: Portal, header: string | null): PortalSessionState {
  const values = parseCookieHeader(header);
  return readPortalSession(portal, { get: (name) => values[name] });
}

const clients = new Map<Portal, HttpClient>();
let leaving = false;

/** The browser's API client of a portal: its own cookies and token queue. */
export function portalClient(portal: Portal): HttpClient {
  if (typeof window === 'undefined') throw new Error('The portal clients run in the browser only');
  let client = clients.get(portal);
  if (!client) {
    client = createHttpClient({
      keys: PORTAL_KEYS[portal],
      cookies: browserCookies,
      // The storefront's local storage (device id, config) is not the portal's to clear.
      storage: null,
      getLocale: currentLocale,
      // Never used: `guest: false` makes the client throw NotSignedIn instead.
      getGuestPayload: () => buildGuestPayload({ userAgent: navigator.userAgent, deviceId: deviceId() }),
      onSessionCleared: () => {
        if (leaving) return;
        leaving = true;
        window.location.assign(PORTAL_HOME[portal]);
      },
      onSiteLocked: () => {
        if (leaving) return;
        leaving = true;
        window.location.reload();
      },
    });
    clients.set(portal, client);
  }
  return client;
}

/** The user id (`sub`) of an access token, read without verifying it (the server does that). */
export function tokenSubject(token: string | undefined): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

export function adminProfileOf(user: TProfile): AdminProfile {
  return { id: user.id, name: user.name, email: user.email, teamRole: user.teamRole ?? 'support' };
}

export function storeAdminProfile(profile: AdminProfile): void {
  browserCookies.set(ADMIN_PROFILE_COOKIE, JSON.stringify(profile), { days: TOKEN_COOKIE_DAYS });
}

/** Keeps a login or signup answer as the portal's session; answers the signed-in user. */
export function keepPortalSession(portal: Portal, answer: TSessionResponse): TProfile {
  const { token, sessionId, user } = answer.data;
  portalClient(portal).storeSession({ token, sessionId, userType: portal === 'seller' ? 'seller' : portal === 'driver' ? 'driver' : 'team' });
  if (portal === 'seller') browserCookies.set(SELLER_FLAG_COOKIE, 'true', { days: SESSION_COOKIE_DAYS });
  else if (portal === 'admin') storeAdminProfile(adminProfileOf(user));
  return user;
}

export async function portalLogin(portal: Portal, credentials: { email: string; password: string }): Promise<TProfile> {
  const answer = await portalClient(portal).post<TSessionResponse>(LOGIN_PATHS[portal], credentials, { auth: false });
  return keepPortalSession(portal, answer);
}

/** Seed §4 logout for a portal: the call, then the portal's cookies go whether or not it worked. */
export async function portalLogout(portal: Portal): Promise<void> {
  const client = portalClient(portal);
  const refToken = browserCookies.get(PORTAL_KEYS[portal].refreshToken);
  try {
    if (refToken) await client.post(API_PATHS.logout, buildLogoutPayload(refToken));
  } catch (error) {
    console.warn('Logout call failed; clearing the portal session anyway', error);
  } finally {
    client.clearSession();
  }
}
