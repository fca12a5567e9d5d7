/**
 * The 'catalog' namespace. The public catalog: home, listing and search, product, store and specialities pages.
 * English is the source; every other language has exactly these keys (checked by ./i18n.test.ts).
 */
export const catalogEn = {
  title: "Catalog",
} as const;
