import { isLanguage, MATERIAL_LABELS, type Language, type Material } from '@tessera/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { analyse } from './text-analysis.js';

/**
 * What the index holds for one published product, analysed once in TypeScript for both adapters.
 * Four fields, weighted from strongest to weakest: the title; the store (its names, alias and the
 * maker); meta (materials in every language, tags, the category); the description.
 */
export interface SearchDocument {
  productId: string;
  title: string[];
  store: string[];
  meta: string[];
  body: string[];
  /** Distinct vocabulary words → how to show them (as first written, accents kept). */
  words: Map<string, string>;
}

export const FIELDS = ['title', 'store', 'meta', 'body'] as const;

/** The documents of those products that are published; the others have none (they leave the index). */
export async function loadSearchDocuments(db: Kysely<Database>, productIds: readonly string[]): Promise<SearchDocument[]> {
  if (!productIds.length) return [];
  const ids = [...productIds];
  const [products, materials] = await Promise.all([
    db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.title', 'p.description', 'p.tags', 'p.maker_name', 's.store_name', 's.store_alias_name', 'c.name as category_name'])
      .where('p.id', 'in', ids)
      .where('p.status', '=', 'published')
      .execute(),
    db.selectFrom('product_materials').select(['product_id', 'material']).where('product_id', 'in', ids).execute(),
  ]);
  const materialsOf = new Map<string, string[]>();
  for (const row of materials) materialsOf.set(row.product_id, [...(materialsOf.get(row.product_id) ?? []), row.material]);

  return products.map((product) => {
    const words = new Map<string, string>();
    const field = (parts: Array<[text: string, language: Language]>) => {
      const stems: string[] = [];
      for (const [text, language] of parts) {
        const analysed = analyse(text, language);
        stems.push(...analysed.stems);
        for (const [word, display] of analysed.words) if (!words.has(word)) words.set(word, display);
      }
      return stems;
    };
    const materialTexts = (materialsOf.get(product.id) ?? []).flatMap((material) => materialLabels(material));
    const tags = parseJson<unknown[]>(product.tags, []).filter((tag): tag is string => typeof tag === 'string');
    return {
      productId: product.id,
      title: field(translations(product.title)),
      store: field([...translations(product.store_name), [product.store_alias_name.replace(/[-_]+/g, ' '), 'en'], [product.maker_name, 'en']]),
      meta: field([...materialTexts, ...tags.map((tag): [string, Language] => [tag, 'en']), ...translations(product.category_name)]),
      body: field(translations(product.description)),
      words,
    };
  });
}

/** A material's English name from its key ('organic-cotton' → 'organic cotton') and its label in every language. */
function materialLabels(material: string): Array<[string, Language]> {
  const texts: Array<[string, Language]> = [[material.replace(/-/g, ' '), 'en']];
  for (const [language, labels] of Object.entries(MATERIAL_LABELS)) {
    const label = (labels as Record<string, string>)[material as Material];
    if (label && isLanguage(language)) texts.push([label, language]);
  }
  return texts;
}

/** A translated JSON text's entries, each with its language (an unknown key is read as English). */
function translations(json: string): Array<[string, Language]> {
  const texts = parseJson<Record<string, unknown>>(json, {});
  if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) return typeof texts === 'string' ? [[texts, 'en']] : [];
  return Object.entries(texts).flatMap(([language, text]) => (typeof text === 'string' ? [[text, isLanguage(language) ? language : 'en'] as [string, Language]] : []));
}

function parseJson<T>(json: string, fallback: T): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}
