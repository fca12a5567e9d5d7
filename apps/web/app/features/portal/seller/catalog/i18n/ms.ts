import type { SellerCatalogTranslation } from "./index";

/** Bahasa Melayu */
export const sellerCatalogMs: SellerCatalogTranslation = {
  title: "Katalog",
};
