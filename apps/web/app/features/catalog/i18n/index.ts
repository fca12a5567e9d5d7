import type { Language } from "@tessera/contracts";
import { catalogAr } from "./ar";
import { catalogEn } from "./en";
import { catalogEs } from "./es";
import { catalogMs } from "./ms";

export type { catalogEn };

type Widen<T> = T extends string
  ? string
  : { readonly [K in keyof T]: Widen<T[K]> };
export type CatalogTranslation = Widen<typeof catalogEn>;

/** The 'catalog' namespace in every language (all of them on the server: lib/i18n/all.server.ts; the browser fetches one language: lib/i18n/texts.ts). */
export const CATALOG_TRANSLATIONS: Record<Language, CatalogTranslation> = {
  en: catalogEn,
  es: catalogEs,
  ar: catalogAr,
  ms: catalogMs,
};
