import type { Language } from "@tessera/contracts";
import { adminCatalogAr } from "./ar";
import { adminCatalogEn } from "./en";
import { adminCatalogEs } from "./es";
import { adminCatalogMs } from "./ms";

export type { adminCatalogEn };

type Widen<T> = T extends string
  ? string
  : { readonly [K in keyof T]: Widen<T[K]> };
export type AdminCatalogTranslation = Widen<typeof adminCatalogEn>;

/** The 'adminCatalog' namespace in every language (all of them on the server: lib/i18n/all.server.ts; the browser fetches one language: lib/i18n/texts.ts). */
export const ADMIN_CATALOG_TRANSLATIONS: Record<
  Language,
  AdminCatalogTranslation
> = {
  en: adminCatalogEn,
  es: adminCatalogEs,
  ar: adminCatalogAr,
  ms: adminCatalogMs,
};
