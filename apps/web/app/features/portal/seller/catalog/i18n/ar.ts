import type { SellerCatalogTranslation } from "./index";

/** العربية */
export const sellerCatalogAr: SellerCatalogTranslation = {
  title: "الكتالوج",
};
