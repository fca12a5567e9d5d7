import { catalogLabel, type Language } from '@tessera/contracts';
import { usePreferences } from '../../lib/preferences';

/** Labels of the catalog's fixed vocabularies in the page's language (contracts/catalog-labels). */
export interface CatalogLabels {
  colour(key: string): string;
  /** A size: the word sizes translated, codes (XS, 50x70) as they are. */
  size(key: string): string;
  material(key: string): string;
  makerType(key: string): string;
  productionMethod(key: string): string;
  certification(scheme: string): string;
}

export function catalogLabels(language: Language): CatalogLabels {
  return {
    colour: (key) => catalogLabel('colour', key, language),
    size: (key) => catalogLabel('size', key, language),
    material: (key) => catalogLabel('material', key, language),
    makerType: (key) => catalogLabel('makerType', key, language),
    productionMethod: (key) => catalogLabel('productionMethod', key, language),
    certification: (scheme) => catalogLabel('certification', scheme, language),
  };
}

export function useCatalogLabels(): CatalogLabels {
  return catalogLabels(usePreferences().language);
}
