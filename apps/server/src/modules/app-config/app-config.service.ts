import { CHAT_DEFAULT_APP_SECRET, CHAT_DEFAULT_LICENSE_KEY, CURRENCIES, DEFAULT_CURRENCY_CODE, DEFAULT_LANGUAGE, LANGUAGES, SNACKBAR_TIMEOUT_MS, type TAppConfig } from '@tessera/contracts';

/**
 * The seed's "config data": what every client needs before it can draw a page. It is built once
 * from the configuration; pages rendered on the server read the same object, so the page head's
 * defaults and the API never disagree.
 */
export function buildAppConfig(options: {
  publicUrl: string;
  sitePassword: boolean;
  map?: { tileUrl: string | undefined; attribution: string | undefined };
  chat?: { licenseKey: string; appSecret: string };
}): TAppConfig {
  return {
    appName: 'Tessera',
    languages: [...LANGUAGES],
    defaultLanguage: DEFAULT_LANGUAGE,
    currencies: CURRENCIES.map((c) => ({ ...c })),
    defaultCurrency: DEFAULT_CURRENCY_CODE,
    deviceType: 3,
    platform: 3,
    snackbarTimeoutMs: SNACKBAR_TIMEOUT_MS,
    seo: {
      title: 'Tessera — sustainable sourcing, direct from the makers',
      description:
        'Designers, retailers and distributors source certified sustainable goods directly from artisans and cooperatives: quotations, custom work, multi-seller carts and live order tracking.',
      image: `${options.publicUrl}/icons/social-512.png`,
      imageWidth: 512,
      imageHeight: 512,
      siteUrl: options.publicUrl,
    },
    features: {
      sitePassword: options.sitePassword,
      guestCheckout: false,
      chat: true,
      wallet: true,
      cashOnDelivery: true,
    },
    paymentTypes: ['COD', 'Card', 'Wallet'],
    deliveryModes: ['DELIVERY', 'SELF_PICKUP'],
    map: { tileUrl: options.map?.tileUrl ?? null, attribution: options.map?.attribution ?? null },
    chat: { licenseKey: options.chat?.licenseKey ?? CHAT_DEFAULT_LICENSE_KEY, appSecret: options.chat?.appSecret ?? CHAT_DEFAULT_APP_SECRET },
  };
}
