import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, type Language } from "@tessera/contracts";
import { ar } from "./ar";
import { en } from "./en";
import { es } from "./es";
import { ms } from "./ms";
import type { Translation } from "./types";
import { PORTAL_TRANSLATIONS, type portalEn } from "../../features/portal/i18n";
import {
  CATALOG_TRANSLATIONS,
  type catalogEn,
} from "../../features/catalog/i18n";
import {
  SELLER_CATALOG_TRANSLATIONS,
  type sellerCatalogEn,
} from "../../features/portal/seller/catalog/i18n";
import {
  ADMIN_CATALOG_TRANSLATIONS,
  type adminCatalogEn,
} from "../../features/portal/admin/catalog/i18n";

export type { Translation };

/** Every language's resources, bundled into the app (no HTTP backend). */
export const TRANSLATIONS: Record<Language, Translation> = { en, es, ar, ms };

/** Each language's name written in that language, for the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  ar: "العربية",
  ms: "Bahasa Melayu",
};

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: {
      translation: typeof en;
      portal: typeof portalEn;
      catalog: typeof catalogEn;
      sellerCatalog: typeof sellerCatalogEn;
      adminCatalog: typeof adminCatalogEn;
    };
  }
}

/**
 * A fresh i18next instance in `language`, initialised synchronously (the resources are bundled).
 * The server makes one per request; the browser makes one for the page's lifetime.
 */
export function createI18n(
  language: Language,
  options: { react?: boolean } = {},
): I18n {
  const instance = createInstance();
  if (options.react ?? true) instance.use(initReactI18next);
  void instance.init({
    lng: language,
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    // 'portal': the seller portal and the admin console (features/portal/i18n); 'catalog': the
    // public catalog pages; 'sellerCatalog' and 'adminCatalog': the portals' catalog screens.
    ns: ["translation", "portal", "catalog", "sellerCatalog", "adminCatalog"],
    defaultNS: "translation",
    resources: Object.fromEntries(
      LANGUAGES.map((lng) => [
        lng,
        {
          translation: TRANSLATIONS[lng],
          portal: PORTAL_TRANSLATIONS[lng],
          catalog: CATALOG_TRANSLATIONS[lng],
          sellerCatalog: SELLER_CATALOG_TRANSLATIONS[lng],
          adminCatalog: ADMIN_CATALOG_TRANSLATIONS[lng],
        },
      ]),
    ),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const translators = new Map<Language, I18n>();

/** A translation outside React (route `meta` functions). */
export function translate(
  language: Language,
  key: string,
  values?: Record<string, string | number>,
): string {
  let instance = translators.get(language);
  if (!instance) {
    instance = createI18n(language, { react: false });
    translators.set(language, instance);
  }
  const t = instance.t as unknown as (
    key: string,
    values?: Record<string, string | number>,
  ) => string;
  return t(key, values);
}
