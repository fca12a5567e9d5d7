import { COOKIE_KEYS, DEFAULT_CURRENCY_CODE, findCurrency, toLanguage } from '@tessera/contracts';
import { browserCookies } from './cookies';
import { buildGuestPayload, createDeviceId } from './device';
import { createHttpClient, type HttpClient, type Locale } from './http';
import { DEVICE_ID_STORAGE_KEY } from './session-keys';

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The device id: created once (prefix plus timestamp) and kept in local storage. */
export function deviceId(): string {
  const storage = localStorageOrNull();
  const stored = storage?.getItem(DEVICE_ID_STORAGE_KEY);
  if (stored) return stored;
  const id = createDeviceId();
  try {
    storage?.setItem(DEVICE_ID_STORAGE_KEY, id);
  } catch {
    // Without storage a new id per sign-in is still a valid id.
  }
  return id;
}

/** Language and currency as the visitor chose them (cookies), else the page's language. */
export function currentLocale(): Locale {
  const language = toLanguage(browserCookies.get(COOKIE_KEYS.lang) ?? document.documentElement.lang);
  const currency = findCurrency(browserCookies.get(COOKIE_KEYS.currencyCode)) ?? findCurrency(DEFAULT_CURRENCY_CODE);
  return {
    language,
    currencyCode: currency?.code ?? DEFAULT_CURRENCY_CODE,
    currencySymbol: currency?.symbol ?? browserCookies.get(COOKIE_KEYS.currencySymbol) ?? '€',
  };
}

let client: HttpClient | undefined;
let leaving = false;

/** The browser's API client (one token queue for the whole page). */
export function api(): HttpClient {
  if (typeof window === 'undefined') throw new Error('The API client runs in the browser only');
  client ??= createHttpClient({
    cookies: browserCookies,
    storage: localStorageOrNull(),
    getLocale: currentLocale,
    getGuestPayload: () => buildGuestPayload({ userAgent: navigator.userAgent, deviceId: deviceId() }),
    onSessionCleared: () => {
      if (leaving) return;
      leaving = true;
      window.location.assign('/');
    },
    onSiteLocked: () => {
      if (leaving) return;
      leaving = true;
      window.location.reload();
    },
  });
  return client;
}
