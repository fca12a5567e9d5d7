/**
 * The 'sellerCatalog' namespace. The seller portal's catalog: products, variants, provenance, images and stock.
 * English is the source; every other language has exactly these keys (checked by ./i18n.test.ts).
 */
export const sellerCatalogEn = {
  title: "Catalog",
} as const;
