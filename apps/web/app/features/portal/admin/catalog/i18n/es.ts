import type { AdminCatalogTranslation } from "./index";

/** Español */
export const adminCatalogEs: AdminCatalogTranslation = {
  title: "Catálogo",
};
