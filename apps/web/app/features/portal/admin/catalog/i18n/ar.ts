import type { AdminCatalogTranslation } from "./index";

/** العربية */
export const adminCatalogAr: AdminCatalogTranslation = {
  title: "الكتالوج",
};
