import type { Kysely, Transaction } from "kysely";
import type { Language } from "@tessera/contracts";
import type { Database } from "../../../db/schema.js";

/**
 * Full-text product search behind one port: SQLite FTS5 (sqlite-search.ts) and PostgreSQL
 * tsvector + pg_trgm (postgres-search.ts). Indexes title, description, store name, materials and
 * tags in every language the product has.
 */
export interface SearchMatch {
  /** Matching published product ids, best first: every match, or the best `limit` when a limit is given. */
  productIds: string[];
  /** The query actually run when a typo was corrected ("orgnic cotton" → "organic cotton"); else null. */
  correctedQuery: string | null;
}

export interface SearchPort {
  /** Rebuilds the index rows of these products (deleted or unpublished ones are removed). */
  reindex(options: {
    productIds: readonly string[];
    trx?: Transaction<Database>;
  }): Promise<void>;
  /** Rebuilds the whole index (after a bulk seed). */
  reindexAll(): Promise<void>;
  /**
   * Products matching the query, typo tolerant, best first. Without `limit`, all of them: a listing
   * counts, filters and pages over every match, never over the best few.
   */
  match(options: {
    query: string;
    language: Language;
    limit?: number;
  }): Promise<SearchMatch>;
  /** Completions of the last word as the user types ("org" → "organic"), most frequent first. */
  suggest(options: {
    prefix: string;
    language: Language;
    limit: number;
  }): Promise<string[]>;
}

export type SearchDb = Kysely<Database>;
