import type { Kysely } from 'kysely';
import {
  LISTING_PAGE_SIZE_DEFAULT,
  SORT_KEYS,
  catalogLabel,
  type Language,
  type TFacet,
  type TListingQuery,
  type TListingResponse,
} from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import { createCursorCodec, type CursorCodec } from '../../../lib/cursor.js';
import { type Dictionary, pickText } from '../model/index.js';
import type { CardCache } from './card-cache.js';
import { computeFacets } from './listing-facets.js';
import type { ListingIndex } from './listing-index.js';
import { relevancePage, sortedPage, type Order, type Position } from './listing-page.js';
import { resolveFilters } from './listing-query.js';
import type { SearchMatch, SearchPort } from '../search/index.js';

/** Distinct searches whose hits are kept. */
const SEARCH_MATCHES_KEPT = 2000;
/**
 * Ids kept over all those searches (a search keeps every match, so a broad word at 100,000 products
 * holds tens of thousands): the oldest searches go first past it. About 60 bytes an id.
 */
const SEARCH_IDS_KEPT = 1_000_000;


/**
 * `GET /v1/products`: published products that match every filter, in one of the sorts, a keyset
 * page at a time, with facet counts. Filters, counts and pages come from the in-memory listing index
 * (listing-index.ts); the page's cards are read from the database. The id breaks ties in every sort
 * and makes the cursor exact.
 */
export class ListingService {
  private readonly db: Kysely<Database>;
  private readonly dictionary: () => Promise<Dictionary>;
  private readonly search: () => SearchPort | undefined;
  private readonly cursors: CursorCodec<Position>;
  private readonly index: () => Promise<ListingIndex>;
  private readonly cards: CardCache;
  private readonly version: () => number;
  /**
   * The search's hits per query and language for the current catalog version: the same words with
   * other filters, another sort or the next page do not search again.
   */
  private readonly matches = new Map<string, Promise<SearchMatch>>();
  /** Ids held per kept search (known once it has answered), and their sum. */
  private readonly matchSizes = new Map<string, number>();
  private matchIds = 0;
  private matchesVersion = -1;
  /** Approved stores' alias and names by id (null: not approved), for the current catalog version. */
  private readonly storeLabels = new Map<string, StoreLabel | null>();
  private storeLabelsVersion = -1;

  constructor(deps: {
    db: Kysely<Database>;
    cards: CardCache;
    version: () => number;
    dictionary: () => Promise<Dictionary>;
    index: () => Promise<ListingIndex>;
    search: () => SearchPort | undefined;
    cursorKey: Uint8Array;
  }) {
    this.db = deps.db;
    this.index = deps.index;
    this.cards = deps.cards;
    this.version = deps.version;
    this.dictionary = deps.dictionary;
    this.search = deps.search;
    this.cursors = createCursorCodec<Position>({ key: deps.cursorKey, purpose: 'listing', field: 'query.cursor' });
  }

  async list(options: { query: TListingQuery; language: Language; now?: number }): Promise<TListingResponse> {
    const { query, language } = options;
    const now = options.now ?? Date.now();
    const limit = query.limit ?? LISTING_PAGE_SIZE_DEFAULT;
    const q = query.q?.trim() || undefined;
    const order: Order = query.sort ?? (q ? 'relevance' : 'popularity');
    const after = query.cursor ? this.cursors.decode(query.cursor, (p) => isPosition(p) && p.s === order) : undefined;
    const dictionary = await this.dictionary();
    const { filters, selected } = await resolveFilters({ query, dictionary, db: this.db });

    let correctedQuery: string | null = null;
    if (q) {
      const match = await this.match(q, language);
      filters.searchIds = match.productIds;
      correctedQuery = match.correctedQuery;
    }

    const index = await this.index();
    const facetResult = computeFacets({ index, filters, selected, dictionary, language, now });
    const matches = facetResult.isMatch;
    const page =
      order === 'relevance'
        ? relevancePage({ index, matches, ranked: filters.searchIds ?? [], after, limit })
        : sortedPage({ index, matches, order, after, limit, price: filters.price, total: facetResult.total });
    const items = await this.cards.cards(page.ids, language, now);
    const facets = await this.labelStores(facetResult.facets, selected.store, language);
    return {
      message: 'ok',
      data: {
        items,
        total: facetResult.total,
        facets,
        nextCursor: page.next ? this.cursors.encode(page.next) : null,
        correctedQuery,
        emptyMessage: items.length === 0 ? catalogLabel('phrase', 'noProducts', language) : null,
      },
    };
  }

  private match(query: string, language: Language): Promise<SearchMatch> {
    const search = this.search();
    if (!search) return Promise.resolve({ productIds: [], correctedQuery: null });
    const version = this.version();
    if (version !== this.matchesVersion) {
      this.matches.clear();
      this.matchSizes.clear();
      this.matchIds = 0;
      this.matchesVersion = version;
    }
    const key = `${language}\u0000${query}`;
    let match = this.matches.get(key);
    if (!match) {
      // Every match, not the best few: the total, the facets and every page count them all.
      const pending = search.match({ query, language });
      match = pending;
      this.matches.set(key, pending);
      pending.then(
        (found) => {
          if (this.matches.get(key) !== pending) return;
          this.matchSizes.set(key, found.productIds.length);
          this.matchIds += found.productIds.length;
          this.evict();
        },
        // A failed search is not remembered.
        () => this.matches.get(key) === pending && this.forget(key),
      );
      this.evict();
    }
    return match;
  }

  /** The oldest searches go past either bound (never the one just asked: it is the newest). */
  private evict(): void {
    while (this.matches.size > SEARCH_MATCHES_KEPT || (this.matchIds > SEARCH_IDS_KEPT && this.matches.size > 1)) {
      this.forget(this.matches.keys().next().value as string);
    }
  }

  private forget(key: string): void {
    this.matches.delete(key);
    this.matchIds -= this.matchSizes.get(key) ?? 0;
    this.matchSizes.delete(key);
  }

  /** Store facet values come back as ids: answer aliases and names in the language. */
  private async labelStores(facets: TFacet[], selectedAliases: Set<string> | undefined, language: Language): Promise<TFacet[]> {
    const facet = facets.find((f) => f.key === 'store');
    if (!facet) return facets;
    // Store names change rarely and every change moves the catalog version: read each store once per version.
    const version = this.version();
    if (version !== this.storeLabelsVersion) {
      this.storeLabels.clear();
      this.storeLabelsVersion = version;
    }
    const labels = new Map<string, StoreLabel | null>();
    let missing: string[] | undefined;
    for (const v of facet.values) {
      const label = this.storeLabels.get(v.value);
      if (label === undefined) (missing ??= []).push(v.value);
      else labels.set(v.value, label);
    }
    if (missing) {
      const stores = await this.db.selectFrom('stores').select(['id', 'store_alias_name', 'store_name', 'status']).where('id', 'in', missing).execute();
      const byId = new Map(stores.map((store) => [store.id, store]));
      for (const id of missing) {
        const store = byId.get(id);
        const label = store?.status === 'approved' ? { alias: store.store_alias_name, name: store.store_name, names: {} } : null;
        labels.set(id, label);
        // Kept only if no change came meanwhile.
        if (this.storeLabelsVersion === version && this.version() === version) this.storeLabels.set(id, label);
      }
    }
    const chosen = selectedAliases ?? new Set<string>();
    const values: TFacet['values'] = [];
    for (const v of facet.values) {
      const store = labels.get(v.value);
      // The name in a language is picked from its JSON once per store and version, not per listing.
      if (!store) continue;
      const label = (store.names[language] ??= pickText(store.name, language));
      values.push({ value: store.alias, label, count: v.count, selected: chosen.has(store.alias) });
    }
    // A chosen store the counts left out (only the largest stores are counted) keeps its name: the
    // page's filter chip shows it.
    const unlisted = [...chosen].filter((alias) => !values.some((v) => v.value === alias));
    if (unlisted.length) {
      const named = await this.db.selectFrom('stores').select(['store_alias_name', 'store_name']).where('store_alias_name', 'in', unlisted).execute();
      const names = new Map(named.map((store) => [store.store_alias_name, pickText(store.store_name, language)]));
      for (const alias of unlisted) values.push({ value: alias, label: names.get(alias) ?? alias, count: 0, selected: true });
    }
    return facets.map((f) => (f === facet ? { ...f, values } : f));
  }
}

/** An approved store's alias, its names (JSON by language) and those already picked per language. */
interface StoreLabel {
  alias: string;
  name: string;
  names: Partial<Record<Language, string>>;
}

function isPosition(value: unknown): value is Position {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return (
    (p.s === 'relevance' || (SORT_KEYS as readonly unknown[]).includes(p.s)) &&
    (p.v === null || (typeof p.v === 'number' && Number.isFinite(p.v))) &&
    typeof p.i === 'string' &&
    p.i.length <= 40
  );
}
