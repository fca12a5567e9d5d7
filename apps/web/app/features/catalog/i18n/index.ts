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

/** The 'catalog' namespace in every language (registered in lib/i18n/index.ts). */
export const CATALOG_TRANSLATIONS: Record<Language, CatalogTranslation> = {
  en: catalogEn,
  es: catalogEs,
  ar: catalogAr,
  ms: catalogMs,
};
