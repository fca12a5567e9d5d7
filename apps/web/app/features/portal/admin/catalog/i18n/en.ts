/**
 * The 'adminCatalog' namespace. The admin console's catalog: categories, brands, menus, banners and specialities.
 * English is the source; every other language has exactly these keys (checked by ./i18n.test.ts).
 */
export const adminCatalogEn = {
  title: "Catalog",
} as const;
