import {
  catalogLabel,
  CERTIFICATION_SCHEMES,
  COLOUR_KEYS,
  LANGUAGES,
  MAKER_TYPES,
  MATERIALS,
  PRODUCTION_METHODS,
  SIZES,
  type Language,
} from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { loadTexts } from '../../lib/i18n/texts';
import { catalogLabels } from './labels';

/** Every label a page can show in `language`, through the page's labels and through the contracts' (the server's) catalogLabel. */
function bothWays(language: Language) {
  const page = catalogLabels(language);
  const pairs: Array<[string, string, string]> = [];
  for (const colour of COLOUR_KEYS) pairs.push([colour, page.colour(colour), catalogLabel('colour', colour, language)]);
  for (const size of SIZES) pairs.push([size, page.size(size), catalogLabel('size', size, language)]);
  for (const material of MATERIALS) pairs.push([material, page.material(material), catalogLabel('material', material, language)]);
  for (const type of MAKER_TYPES) pairs.push([type, page.makerType(type), catalogLabel('makerType', type, language)]);
  for (const method of PRODUCTION_METHODS) pairs.push([method, page.productionMethod(method), catalogLabel('productionMethod', method, language)]);
  for (const scheme of CERTIFICATION_SCHEMES) pairs.push([scheme, page.certification(scheme), catalogLabel('certification', scheme, language)]);
  // Values outside the vocabularies (a seller's own size) read as they are.
  pairs.push(['50x70', page.size('50x70'), '50x70'], ['unknown-material', page.material('unknown-material'), 'unknown-material']);
  return pairs;
}

describe("the catalog's labels of a page", () => {
  it("come with the language's catalog texts, without the other languages", async () => {
    // As in a browser showing an Arabic page: only the Arabic texts were fetched.
    await loadTexts('ar', 'catalog');
    const pairs = bothWays('ar');
    expect(pairs.filter(([, page, contracts]) => page !== contracts)).toEqual([]);
    expect(catalogLabels('ar').colour('black')).toBe('أسود');
  });

  it("are the contracts' labels in every language", async () => {
    for (const language of LANGUAGES) {
      await loadTexts(language, 'catalog');
      expect(
        bothWays(language).filter(([, page, contracts]) => page !== contracts),
        language,
      ).toEqual([]);
    }
  });
});
