import type { CatalogTranslation } from "./index";

/** Español */
export const catalogEs: CatalogTranslation = {
  title: "Catálogo",
};
