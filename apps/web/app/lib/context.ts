import {
  CURRENCIES,
  DEFAULT_CURRENCY_CODE,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  WEB_DEVICE_TYPE,
  WEB_PLATFORM,
  SNACKBAR_TIMEOUT_MS,
  toLanguage,
  type TAppConfig,
  type WebContext,
} from '@tessera/contracts';

export type { WebContext };

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends Partial<WebContext> {}
}

export const SOCIAL_IMAGE_PATH = '/icons/social-512.png';

/** Used when the app is rendered without the Tessera server (e.g. `react-router dev` on its own). */
export const FALLBACK_CONFIG: TAppConfig = {
  appName: 'Tessera',
  languages: [...LANGUAGES],
  defaultLanguage: DEFAULT_LANGUAGE,
  currencies: CURRENCIES.map((c) => ({ ...c })),
  defaultCurrency: DEFAULT_CURRENCY_CODE,
  deviceType: WEB_DEVICE_TYPE,
  platform: WEB_PLATFORM,
  snackbarTimeoutMs: SNACKBAR_TIMEOUT_MS,
  seo: {
    title: 'Tessera — sustainable sourcing marketplace',
    description:
      'Source responsibly made goods directly from artisans and independent makers: quotes, direct chat and live order tracking for designers, retailers and distributors.',
    image: SOCIAL_IMAGE_PATH,
    imageWidth: 512,
    imageHeight: 512,
    siteUrl: 'http://localhost:3000',
  },
  features: { sitePassword: false, guestCheckout: true, chat: true, wallet: true, cashOnDelivery: true },
  paymentTypes: ['COD', 'Card', 'Wallet'],
  deliveryModes: ['DELIVERY', 'SELF_PICKUP'],
  map: { tileUrl: null, attribution: null },
  // Unknown until the server's config arrives (the chat reads it then; nothing is embedded here).
  chat: { licenseKey: '', appSecret: '' },
};

/** Fills the gaps of a partial load context so that a render never fails on a missing field. */
export function resolveWebContext(context: Partial<WebContext> | undefined): WebContext {
  const config = context?.config ?? FALLBACK_CONFIG;
  const publicUrl = (context?.publicUrl ?? config.seo.siteUrl).replace(/\/+$/, '');
  return {
    config,
    language: toLanguage(context?.language ?? config.defaultLanguage),
    isMobile: context?.isMobile ?? false,
    siteLocked: context?.siteLocked ?? false,
    publicUrl,
    nonce: context?.nonce ?? '',
  };
}
