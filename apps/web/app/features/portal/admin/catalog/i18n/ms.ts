import type { AdminCatalogTranslation } from "./index";

/** Bahasa Melayu */
export const adminCatalogMs: AdminCatalogTranslation = {
  title: "Katalog",
};
