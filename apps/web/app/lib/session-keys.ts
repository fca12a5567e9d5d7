import { COOKIE_KEYS, SESSION_COOKIE_DAYS, TOKEN_COOKIE_DAYS, type UserType } from '@tessera/contracts';

/**
 * The userType cookie holds a number (seed §4: "clearing sets userType to 1", i.e. back to guest).
 */
export const USER_TYPE_CODES: Record<UserType, number> = { guest: 1, buyer: 2, seller: 3, team: 4, driver: 5 };
export const GUEST_USER_TYPE_CODE = USER_TYPE_CODES.guest;

/** Cookies that belong to a session and go when it is cleared (language and currency stay). */
export const SESSION_COOKIES = [
  COOKIE_KEYS.token,
  COOKIE_KEYS.refreshToken,
  COOKIE_KEYS.accessExpireAt,
  COOKIE_KEYS.sid,
  COOKIE_KEYS.uid,
  COOKIE_KEYS.authPass,
  COOKIE_KEYS.userType,
] as const;

export { COOKIE_KEYS, SESSION_COOKIE_DAYS, TOKEN_COOKIE_DAYS };

/** Preferences (language, currency) outlive sessions: kept as long as the token cookies. */
export const PREFERENCE_COOKIE_DAYS = TOKEN_COOKIE_DAYS;

/** localStorage key of the device id sent with guest sign-in and logout. */
export const DEVICE_ID_STORAGE_KEY = 'deviceId';
/** localStorage key of the last app config the client fetched (seed §3 "config"). */
export const CONFIG_STORAGE_KEY = 'config';
