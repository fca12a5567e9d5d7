import { LANGUAGES, type Language } from "@tessera/contracts";
import { ADMIN_CATALOG_TRANSLATIONS } from "../../features/catalog/admin/i18n";
import { CATALOG_TRANSLATIONS } from "../../features/catalog/i18n";
import { CHAT_TRANSLATIONS } from "../../features/chat/i18n";
import { BLOG_TRANSLATIONS } from "../../features/blog/i18n";
import { SOCIAL_TRANSLATIONS } from "../../features/social/i18n";
import { QUOTATIONS_TRANSLATIONS } from "../../features/quotations/i18n";
import { COMMISSIONS_TRANSLATIONS } from "../../features/commissions/i18n";
import { PORTAL_TRANSLATIONS } from "../../features/portal-shell/i18n";
import { SELLER_CATALOG_TRANSLATIONS } from "../../features/catalog/seller/i18n";
import { ar } from "./ar";
import { en } from "./en";
import { es } from "./es";
import { ms } from "./ms";
import { SCREENS_TRANSLATIONS } from "./screens";
import { createI18n, setTranslator, type I18n, type Namespace, type NamespaceTexts, type Translation } from "./index";
import type { Resources } from "./runtime";

// Server only (the `.server` name keeps it out of the browser bundle): every language of every
// namespace, imported synchronously, so that a server render never waits for a text.

/** The storefront's texts in every language. */
export const TRANSLATIONS: Record<Language, Translation> = { en, es, ar, ms };

/** Every namespace in every language. */
export const ALL_TRANSLATIONS: { [N in Namespace]: Record<Language, NamespaceTexts[N]> } = {
  translation: TRANSLATIONS,
  screens: SCREENS_TRANSLATIONS,
  portal: PORTAL_TRANSLATIONS,
  catalog: CATALOG_TRANSLATIONS,
  sellerCatalog: SELLER_CATALOG_TRANSLATIONS,
  adminCatalog: ADMIN_CATALOG_TRANSLATIONS,
  chat: CHAT_TRANSLATIONS,
  blog: BLOG_TRANSLATIONS,
  social: SOCIAL_TRANSLATIONS,
  quotations: QUOTATIONS_TRANSLATIONS,
  commissions: COMMISSIONS_TRANSLATIONS,
};

const RESOURCES: Resources = Object.fromEntries(
  LANGUAGES.map((language) => [language, Object.fromEntries(Object.entries(ALL_TRANSLATIONS).map(([ns, texts]) => [ns, texts[language]]))]),
);

/** A fresh instance in `language` with every text (the server makes one per request; the texts are shared, never changed). */
export function createServerI18n(language: Language): I18n {
  return createI18n(language, RESOURCES);
}

const translator = createServerI18n("en");
setTranslator((lng) => (key, values) => translator.translate(key, { ...values, lng }) as string);

export { translate } from "./index";
