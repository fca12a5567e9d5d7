import type { CatalogTranslation } from "./index";

/** Bahasa Melayu */
export const catalogMs: CatalogTranslation = {
  title: "Katalog",
};
