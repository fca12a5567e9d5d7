import type { Language } from '@tessera/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { pickText } from '../model/index.js';
import type { SearchPort } from './search.port.js';

export interface ProductSuggestion {
  id: string;
  slug: string;
  title: string;
  thumbUrl: string | null;
}

const PRODUCT_SUGGESTIONS = 5;

/** What the search box shows as the user types: completions of the last word and the best few products. */
export class SuggestionsService {
  constructor(private readonly deps: { db: Kysely<Database>; search: SearchPort }) {}

  async suggest(options: { q: string; language: Language; limit: number }): Promise<{ terms: string[]; products: ProductSuggestion[] }> {
    const { db, search } = this.deps;
    const [terms, matched] = await Promise.all([
      search.suggest({ prefix: options.q, language: options.language, limit: options.limit }),
      search.match({ query: options.q, language: options.language, limit: PRODUCT_SUGGESTIONS }),
    ]);
    const ids = matched.productIds;
    if (!ids.length) return { terms, products: [] };
    const rows = await db
      .selectFrom('products as p')
      .select((eb) => [
        'p.id',
        'p.slug',
        'p.title',
        eb
          .selectFrom('product_images as i')
          .select('i.thumb_upload_id')
          .whereRef('i.product_id', '=', 'p.id')
          .orderBy('i.position')
          .limit(1)
          .as('thumb'),
      ])
      .where('p.id', 'in', ids)
      .where('p.status', '=', 'published')
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const products = ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [{ id: row.id, slug: row.slug, title: pickText(row.title, options.language), thumbUrl: row.thumb ? `/media/${row.thumb}` : null }];
    });
    return { terms, products };
  }
}
