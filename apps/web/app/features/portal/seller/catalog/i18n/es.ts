import type { SellerCatalogTranslation } from "./index";

/** Español */
export const sellerCatalogEs: SellerCatalogTranslation = {
  title: "Catálogo",
};
