import { COOKIE_KEYS, type TLogoutRequest } from '@tessera/contracts';
import { api, deviceId } from '../../lib/api';
import { browserCookies } from '../../lib/cookies';
import { formatDeviceTime, parseUserAgent, UNKNOWN_IP } from '../../lib/device';
import { API_PATHS } from '../../lib/http';
import { GUEST_USER_TYPE_CODE } from '../../lib/session-keys';

export interface SessionInfo {
  /** A token is stored (a guest or a signed-in session exists in this browser). */
  active: boolean;
  /** The seed's user-active flag: a uid cookie exists (a registered user). */
  userActive: boolean;
  userTypeCode: number;
}

export function readSession(): SessionInfo {
  const userType = Number(browserCookies.get(COOKIE_KEYS.userType));
  return {
    active: Boolean(browserCookies.get(COOKIE_KEYS.token) || browserCookies.get(COOKIE_KEYS.refreshToken)),
    userActive: Boolean(browserCookies.get(COOKIE_KEYS.uid)),
    userTypeCode: Number.isFinite(userType) && userType > 0 ? userType : GUEST_USER_TYPE_CODE,
  };
}

/** The logout payload of seed §3: the refresh token plus the device's description. */
export function buildLogoutPayload(refToken: string): TLogoutRequest {
  const info = parseUserAgent(navigator.userAgent);
  return {
    refToken,
    deviceMake: info.name.slice(0, 64),
    deviceModel: info.version.slice(0, 64),
    deviceOsVersion: info.os.slice(0, 64),
    deviceTime: formatDeviceTime(new Date()),
    ipAddress: UNKNOWN_IP,
    deviceId: deviceId(),
    extra: { screen: `${window.screen.width}x${window.screen.height}`, language: navigator.language },
  };
}

/**
 * Seed §4 logout: call logout, then clear the session whether or not the call succeeded.
 * The caller goes to the home path afterwards.
 */
export async function logout(): Promise<void> {
  const refToken = browserCookies.get(COOKIE_KEYS.refreshToken);
  try {
    if (refToken) await api().post(API_PATHS.logout, buildLogoutPayload(refToken));
  } catch (error) {
    console.warn('Logout call failed; clearing the session anyway', error);
  } finally {
    api().clearSession();
  }
}
