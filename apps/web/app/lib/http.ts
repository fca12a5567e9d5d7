import {
  TOKEN_NOT_EXPIRED_STATUS,
  WEB_PLATFORM,
  type ErrorCode,
  type Language,
  type TGenerateTokenResponse,
  type TGuestSignInRequest,
  type TGuestSignInResponse,
} from '@tessera/contracts';
import type { CookieJar } from './cookies';
import {
  COOKIE_KEYS,
  GUEST_USER_TYPE_CODE,
  SESSION_COOKIES,
  SESSION_COOKIE_DAYS,
  TOKEN_COOKIE_DAYS,
  USER_TYPE_CODES,
} from './session-keys';

/**
 * The API client and its token queue (seed §4 "Token flow", DESIGN §4 "Client token queue").
 *
 * - With no access token one guest sign-in is made; every request waits for it (one sign-in however
 *   many requests are waiting).
 * - 406 (expired access token): one refresh, shared by every request that got a 406 meanwhile; the
 *   held requests are retried with the new token. A refresh answer without a token falls back to a
 *   guest sign-in; one whose message contains 407 keeps the old token.
 * - 401: with a refresh-token cookie the session is cleared and the browser goes home; without one a
 *   new guest token is fetched and the request retried.
 */

export interface Locale {
  language: Language;
  currencyCode: string;
  currencySymbol: string;
}

/**
 * Where a client keeps its session. The storefront uses the seed's `token` / `refreshToken`
 * cookies and signs in as a guest when it has none; the seller portal and the admin console keep
 * their own sessions (seed §6: "Seller: separate seller token and flag") and never sign in as guests.
 */
export interface SessionKeys {
  token: string;
  refreshToken: string;
  accessExpireAt: string;
  /** Cookies cleared with the session, besides the three above. */
  extra: readonly string[];
  /** Sign in as a guest when there is no token (the storefront); else requests need a login first. */
  guest: boolean;
}

export const STOREFRONT_KEYS: SessionKeys = {
  token: COOKIE_KEYS.token,
  refreshToken: COOKIE_KEYS.refreshToken,
  accessExpireAt: COOKIE_KEYS.accessExpireAt,
  extra: SESSION_COOKIES,
  guest: true,
};

/** A request that needs a login, made by a client that has no session (portals): log in first. */
export class NotSignedIn extends Error {
  constructor() {
    super('Not signed in');
    this.name = 'NotSignedIn';
  }
}

export interface HttpClientOptions {
  /** Prefix of every path ('' = same origin). */
  baseUrl?: string;
  /** Default: the storefront's cookies, with guest sign-in. */
  keys?: SessionKeys;
  fetch?: typeof fetch;
  cookies: CookieJar;
  /** localStorage (cleared with the session); null where there is none. */
  storage?: Pick<Storage, 'clear'> | null;
  getLocale(): Locale;
  getGuestPayload(): TGuestSignInRequest;
  /** After the session was cleared on a 401 (the browser goes to the home page). */
  onSessionCleared?(): void;
  /** The server answered SITE_LOCKED: the password gate must be shown (reload). */
  onSiteLocked?(): void;
}

export interface RequestOptions {
  /** JSON, or FormData sent as multipart (the browser sets the boundary). */
  body?: unknown;
  /** 'blob': answer the response's bytes (uploads shown with a token); default JSON. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  /** Send the access token (and obtain one first). Default true. */
  auth?: boolean;
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode | string | undefined;
  readonly field: string | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const record = isRecord(body) ? body : {};
    const message = typeof record.message === 'string' ? record.message : `HTTP ${status}`;
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = typeof record.code === 'string' ? record.code : undefined;
    this.field = typeof record.field === 'string' ? record.field : undefined;
    this.body = body;
  }
}

/** 401 codes that mean the access token itself was refused (missing, invalid, revoked session). */
const TOKEN_REJECTIONS: readonly string[] = ['TOKEN_MISSING', 'TOKEN_INVALID', 'SESSION_REVOKED', 'REFRESH_TOKEN_INVALID'];

/** Whether a 401 refuses the token; one with another code (WRONG_PASSWORD…) answers the request. */
function isTokenRejection(body: unknown): boolean {
  if (!isRecord(body) || typeof body.code !== 'string') return true;
  return TOKEN_REJECTIONS.includes(body.code);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const API_PATHS = {
  guestSignIn: '/v1/guest/signIn',
  generateToken: '/v1/generateToken',
  logout: '/v1/customer/logout',
  config: '/v1/config',
  siteUnlock: '/v1/site/unlock',
} as const;

export interface HttpClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  /** Removes the session cookies and local storage; userType goes back to 1 (guest). */
  clearSession(): void;
  /** The access token, obtaining a guest token first when there is none. */
  getAccessToken(): Promise<string>;
  /**
   * An access token the server takes now: the stored one until shortly before it expires, else a
   * refreshed one. For connections that cannot answer a 406 with a retry (the MQTT broker).
   */
  freshAccessToken(): Promise<string>;
  /** Keeps the tokens of a login or signup answer as this client's session. */
  storeSession(session: { token: { accessToken: string; refreshToken: string; accessExpireAt: number }; sessionId: string; userType: keyof typeof USER_TYPE_CODES }): void;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { cookies } = options;
  const keys = options.keys ?? STOREFRONT_KEYS;
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  /** The guest sign-in or refresh in flight; every request waits for it. */
  let pending: Promise<string> | null = null;

  function localeHeaders(): Record<string, string> {
    const locale = options.getLocale();
    return {
      language: locale.language,
      // Header values must be ISO-8859-1; symbols such as € are sent percent-encoded.
      currencysymbol: encodeURIComponent(locale.currencySymbol),
      currencycode: locale.currencyCode,
      platform: String(WEB_PLATFORM),
    };
  }

  async function send(method: string, path: string, token: string | undefined, init: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...localeHeaders(), ...init.headers };
    // The seed's blog admin calls (URLs containing /admin/posts) carry the token in the Ghost form
    // (docs/blog.md); the server accepts it there and only there.
    if (token) headers.authorization = path.includes('/admin/posts') ? `Ghost ${token}` : token;
    let body: string | FormData | undefined;
    if (typeof FormData !== 'undefined' && init.body instanceof FormData) {
      body = init.body;
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    return doFetch(`${baseUrl}${path}`, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      ...(init.signal ? { signal: init.signal } : {}),
    });
  }

  let siteLockReported = false;
  function siteLocked(status: number, body: unknown): boolean {
    if (status !== 401 || !isRecord(body) || body.code !== 'SITE_LOCKED') return false;
    if (!siteLockReported) {
      siteLockReported = true;
      options.onSiteLocked?.();
    }
    return true;
  }

  function storeTokens(token: { accessToken: string; refreshToken?: string; accessExpireAt: number }): void {
    const opts = { days: TOKEN_COOKIE_DAYS };
    cookies.set(keys.token, token.accessToken, opts);
    if (token.refreshToken) cookies.set(keys.refreshToken, token.refreshToken, opts);
    cookies.set(keys.accessExpireAt, String(token.accessExpireAt), opts);
  }

  function storeSession(session: { token: { accessToken: string; refreshToken: string; accessExpireAt: number }; sessionId: string; userType: keyof typeof USER_TYPE_CODES }): void {
    storeTokens(session.token);
    if (keys === STOREFRONT_KEYS) {
      cookies.set(COOKIE_KEYS.sid, session.sessionId, { days: SESSION_COOKIE_DAYS });
      cookies.set(COOKIE_KEYS.userType, String(USER_TYPE_CODES[session.userType]), { days: SESSION_COOKIE_DAYS });
    }
  }

  async function guestSignIn(): Promise<string> {
    if (!keys.guest) throw new NotSignedIn();
    const response = await send('POST', API_PATHS.guestSignIn, undefined, { body: options.getGuestPayload() });
    const body = await readBody(response);
    if (!response.ok) {
      siteLocked(response.status, body);
      throw new HttpError(response.status, body);
    }
    const data = (body as TGuestSignInResponse).data;
    storeSession(data);
    return data.token.accessToken;
  }

  async function refresh(expired: string): Promise<string> {
    const refToken = cookies.get(keys.refreshToken);
    if (!refToken) return guestSignIn();
    const response = await send('POST', API_PATHS.generateToken, undefined, {
      body: { refToken, accessToken: expired },
    });
    const body = (await readBody(response)) as TGenerateTokenResponse | undefined;
    if (siteLocked(response.status, body)) throw new HttpError(response.status, body);
    const data = response.ok ? body?.data : undefined;
    if (data?.accessToken) {
      storeTokens(data);
      return data.accessToken;
    }
    // The access token has not expired yet: keep it.
    if (response.ok && typeof body?.message === 'string' && body.message.includes(String(TOKEN_NOT_EXPIRED_STATUS))) {
      return expired;
    }
    // The reply holds no token: start over as a guest.
    return guestSignIn();
  }

  /** Runs one token operation at a time; callers arriving meanwhile share its result. */
  function exclusive(work: () => Promise<string>): Promise<string> {
    if (!pending) {
      pending = work().finally(() => {
        pending = null;
      });
    }
    return pending;
  }

  async function getAccessToken(): Promise<string> {
    if (pending) return pending;
    const token = cookies.get(keys.token);
    if (token) return token;
    return exclusive(guestSignIn);
  }

  /** The token to retry with after `used` was refused: someone else's new token, or a fresh one. */
  function replacement(used: string, work: () => Promise<string>): Promise<string> {
    if (pending) return pending;
    const current = cookies.get(keys.token);
    if (current && current !== used) return Promise.resolve(current);
    return exclusive(work);
  }

  /** Refresh this long before the stored expiry: the token must still hold when it reaches the server. */
  const EXPIRY_MARGIN_MS = 10_000;

  async function freshAccessToken(): Promise<string> {
    const token = await getAccessToken();
    const expiresAt = Number(cookies.get(keys.accessExpireAt));
    if (!Number.isFinite(expiresAt) || expiresAt === 0 || expiresAt - EXPIRY_MARGIN_MS > Date.now()) return token;
    return replacement(token, () => refresh(token));
  }

  function clearSession(): void {
    for (const name of [keys.token, keys.refreshToken, keys.accessExpireAt, ...keys.extra]) cookies.remove(name);
    if (keys !== STOREFRONT_KEYS) return;
    cookies.set(COOKIE_KEYS.userType, String(GUEST_USER_TYPE_CODE), { days: SESSION_COOKIE_DAYS });
    try {
      options.storage?.clear();
    } catch {
      // Storage can be unavailable (privacy modes); the cookies are gone anyway.
    }
  }

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    const auth = init.auth ?? true;
    let token = auth ? await getAccessToken() : undefined;
    let response = await send(method, path, token, init);

    if (auth && token && response.status === 406) {
      const used = token;
      token = await replacement(used, () => refresh(used));
      response = await send(method, path, token, init);
    } else if (auth && token && response.status === 401) {
      const used = token;
      const body = await readBody(response);
      if (siteLocked(response.status, body)) throw new HttpError(response.status, body);
      // A 401 about the request itself (a wrong password at login), not about the token: the caller's.
      if (!isTokenRejection(body)) throw new HttpError(response.status, body);
      const current = cookies.get(keys.token);
      if (pending || (current && current !== used)) {
        // Another request already replaced the token: retry with it.
        token = await replacement(used, guestSignIn);
      } else if (cookies.get(keys.refreshToken)) {
        clearSession();
        options.onSessionCleared?.();
        throw new HttpError(response.status, body);
      } else {
        token = await exclusive(guestSignIn);
      }
      response = await send(method, path, token, init);
    }

    if (response.ok && init.responseType === 'blob') return (await response.blob()) as T;
    const body = await readBody(response);
    if (!response.ok) {
      siteLocked(response.status, body);
      throw new HttpError(response.status, body);
    }
    return body as T;
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    clearSession,
    getAccessToken,
    freshAccessToken,
    storeSession,
  };
}
