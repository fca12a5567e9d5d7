import type { Language } from "@tessera/contracts";
import { sellerCatalogAr } from "./ar";
import { sellerCatalogEn } from "./en";
import { sellerCatalogEs } from "./es";
import { sellerCatalogMs } from "./ms";

export type { sellerCatalogEn };

type Widen<T> = T extends string
  ? string
  : { readonly [K in keyof T]: Widen<T[K]> };
export type SellerCatalogTranslation = Widen<typeof sellerCatalogEn>;

/** The 'sellerCatalog' namespace in every language (all of them on the server: lib/i18n/all.server.ts; the browser fetches one language: lib/i18n/texts.ts). */
export const SELLER_CATALOG_TRANSLATIONS: Record<
  Language,
  SellerCatalogTranslation
> = {
  en: sellerCatalogEn,
  es: sellerCatalogEs,
  ar: sellerCatalogAr,
  ms: sellerCatalogMs,
};
