import type { Language } from '@tessera/contracts';
import { usePreferences } from '../../lib/preferences';
import { catalogLabelOf } from './labels-store';

/** Labels of the catalog's fixed vocabularies in the page's language (contracts/catalog-labels, loaded per language: ./labels-store.ts). */
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
    colour: (key) => catalogLabelOf('colour', key, language),
    size: (key) => catalogLabelOf('size', key, language),
    material: (key) => catalogLabelOf('material', key, language),
    makerType: (key) => catalogLabelOf('makerType', key, language),
    productionMethod: (key) => catalogLabelOf('productionMethod', key, language),
    certification: (scheme) => catalogLabelOf('certification', scheme, language),
  };
}

export function useCatalogLabels(): CatalogLabels {
  return catalogLabels(usePreferences().language);
}
