import type { CatalogTranslation } from "./index";

/** العربية */
export const catalogAr: CatalogTranslation = {
  title: "الكتالوج",
};
