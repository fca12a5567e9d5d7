import { z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY_CODE, DEFAULT_LANGUAGE, LANGUAGES, type Language } from './locale.js';

/** The seed's snackbar timeout and password-gate error time (seed §9). */
export const SNACKBAR_TIMEOUT_MS = 3000;
export const PASSWORD_GATE_ERROR_MS = 1500;
/** Width at or below which the client is "mobile" (seed §4). */
export const MOBILE_MAX_WIDTH = 600;
/** Session cookies live one day; token, refresh token and expiry cookies thirty days (seed §9). */
export const SESSION_COOKIE_DAYS = 1;
export const TOKEN_COOKIE_DAYS = 30;
/** Browser storage keys that the client uses (seed §3). */
export const COOKIE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  accessExpireAt: 'accessExpireAt',
  sid: 'sid',
  uid: 'uid',
  userType: 'userType',
  lang: 'lang',
  currencyCode: 'currencyCode',
  currencySymbol: 'currencySymbol',
  authPass: 'authPass',
  /** Set when the visitor has passed the site password gate. */
  sitePass: 'sitePass',
} as const;

export const ZCurrencySchema = z.object({
  code: z.string(),
  symbol: z.string(),
  minorDigits: z.number().int(),
});

/** The answer of GET /v1/config: the seed's "get config data". */
export const ZAppConfigSchema = z.object({
  appName: z.string(),
  languages: z.array(z.enum(LANGUAGES)),
  defaultLanguage: z.enum(LANGUAGES),
  currencies: z.array(ZCurrencySchema),
  defaultCurrency: z.string(),
  deviceType: z.literal(3),
  platform: z.literal(3),
  snackbarTimeoutMs: z.number().int(),
  seo: z.object({
    title: z.string(),
    description: z.string(),
    image: z.string(),
    imageWidth: z.literal(512),
    imageHeight: z.literal(512),
    siteUrl: z.string(),
  }),
  features: z.object({
    sitePassword: z.boolean(),
    guestCheckout: z.boolean(),
    chat: z.boolean(),
    wallet: z.boolean(),
    cashOnDelivery: z.boolean(),
  }),
  paymentTypes: z.array(z.enum(['COD', 'Card', 'Wallet'])),
  deliveryModes: z.array(z.enum(['DELIVERY', 'SELF_PICKUP'])),
  /**
   * The tracking map's base layer (issue #11 §5): a raster tile template (`…/{z}/{x}/{y}.png`) or a
   * MapLibre style URL from MAP_TILE_URL; null draws land and borders from the world outline the
   * web app ships (the embedded default: no tile server is needed).
   */
  map: z.object({ tileUrl: z.string().nullable(), attribution: z.string().nullable() }),
  /** The chat service's application credentials (CHAT_LICENSE_KEY / CHAT_APP_SECRET), sent by the web as the seed's licenseKey and appSecret headers. */
  chat: z.object({ licenseKey: z.string(), appSecret: z.string() }),
});
export type TAppConfig = z.infer<typeof ZAppConfigSchema>;

export const ZAppConfigResponseSchema = z.object({ message: z.string(), data: ZAppConfigSchema });
export type TAppConfigResponse = z.infer<typeof ZAppConfigResponseSchema>;

export const DEFAULT_APP_CONFIG_LOCALE = {
  defaultLanguage: DEFAULT_LANGUAGE,
  defaultCurrency: DEFAULT_CURRENCY_CODE,
  currencies: CURRENCIES,
};

/** POST /v1/site/unlock: the password gate. */
export const ZSiteUnlockRequestSchema = z.object({ password: z.string().max(256) }).strict();
export type TSiteUnlockRequest = z.infer<typeof ZSiteUnlockRequestSchema>;

/** What the server hands to every page render: React Router's load context (one shape for both sides). */
export interface WebContext {
  config: TAppConfig;
  language: Language;
  isMobile: boolean;
  siteLocked: boolean;
  /** Origin the site is reached at, e.g. https://tessera.example (no trailing slash). */
  publicUrl: string;
  /** Per-request CSP nonce that every inline script must carry. */
  nonce: string;
  /**
   * A GET on the API made in process while a page renders on the server (public catalog pages load
   * their data with it; no network hop). Absent when the app is rendered without the Tessera server.
   */
  api?: (path: string, headers: Record<string, string>) => Promise<{ status: number; body: unknown }>;
}
