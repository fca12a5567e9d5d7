import type { Language } from '@tessera/contracts';
import type * as English from '@tessera/contracts/catalog-labels/en';

/** The tables of one language that the web pages show (the server's facet, sort and phrase tables stay out). */
export type PageCatalogLabels = Pick<typeof English, 'colour' | 'size' | 'material' | 'makerType' | 'productionMethod' | 'certification'>;

/**
 * The catalog's labels of the languages this page has, by language. Each language's 'catalog' texts
 * module (./i18n/<language>.ts) puts its language here when it loads, so the labels arrive with the
 * texts: before hydration for the page's language, before a language switch for the new one, and all
 * four on the server (lib/i18n/all.server.ts imports every language). A page downloads one language's
 * labels, not the four of @tessera/contracts' catalog-labels (docs/decisions/010-public-pages-load-on-demand.md).
 */
const loaded = new Map<Language, PageCatalogLabels>();

export function provideCatalogLabels(language: Language, labels: PageCatalogLabels): void {
  loaded.set(language, labels);
}

/** As contracts' catalogLabel: the language's label, else the English one (when loaded), else the key itself. */
export function catalogLabelOf(kind: keyof PageCatalogLabels, key: string, language: Language): string {
  const own = loaded.get(language)?.[kind] as Record<string, string> | undefined;
  const english = loaded.get('en')?.[kind] as Record<string, string> | undefined;
  return own?.[key] ?? english?.[key] ?? key;
}
