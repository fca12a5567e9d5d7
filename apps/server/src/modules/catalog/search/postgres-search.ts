import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { SearchDocument } from './search-documents.js';
import { phraseForms, type QueryGroup } from './query-groups.js';
import { SearchEngine } from './search-engine.js';
import type { TermCandidate } from './typo.js';

// tsvector weights per field: title A, store B, meta (materials, tags, category) C, description D.
const WEIGHTS = { title: 'A', store: 'B', meta: 'C', body: 'D' } as const;
const MAX_POSITION = 16383;
const MAX_POSITIONS_PER_LEXEME = 32;

/**
 * PostgreSQL: a weighted tsvector per product with a GIN index, ranked by ts_rank, and pg_trgm's
 * GIN index over the vocabulary for typo candidates (migration 006_search). The text arrives
 * analysed, so the vectors and queries are written as literals: the same as the 'simple'
 * configuration over analysed words, but independent of the database's locale, which decides
 * what PostgreSQL's own parser calls a letter (an Arabic word in a C-locale database).
 */
export class PostgresSearch extends SearchEngine {
  protected async runMatch(db: Kysely<Database>, groups: QueryGroup[], limit: number): Promise<string[]> {
    const query = tsQuery(groups);
    // LIMIT NULL is no limit: every match.
    const cap = Number.isFinite(limit) ? limit : null;
    // ts_rank reads (and unpacks) every matching vector: rank them all when there are few (the usual,
    // specific search). A broad one is ordered in tiers as on SQLite (all words in the title; in title,
    // store and meta; anywhere), each tier in table order, which reindexAll lays out most popular first:
    // a tier is a test of the vector the match already read, with the query limited to those weights.
    const { rows: first } = await sql<{ product_id: string }>`${matches(query)} select product_id from m limit ${Math.max(cap ?? 0, this.rankedMax + 1)}`.execute(db);
    if (!first.length) return [];
    // The best few of a broad search (suggestions): the first in table order, as they come.
    if (first.length > this.rankedMax && cap !== null) return first.slice(0, cap).map((row) => row.product_id);
    if (first.length > this.rankedMax) {
      const { rows } = await sql<{ product_id: string }>`
        with m as materialized (select product_id, doc, ctid as at from search_documents where doc @@ ${query}::tsquery)
        select product_id from m
        order by case when doc @@ ${tsQuery(groups, 'A')}::tsquery then 0 when doc @@ ${tsQuery(groups, 'ABC')}::tsquery then 1 else 2 end, at
        limit ${cap}`.execute(db);
      return rows.map((row) => row.product_id);
    }
    const { rows } = await sql<{ product_id: string }>`
      select product_id from search_documents where product_id = any(${first.map((row) => row.product_id)}::text[])
      order by ts_rank(doc, ${query}::tsquery) desc, product_id limit ${cap}`.execute(db);
    return rows.map((row) => row.product_id);
  }

  protected async anyMatch(db: Kysely<Database>, groups: QueryGroup[]): Promise<boolean> {
    const { rows } = await sql`${matches(tsQuery(groups))} select 1 from m limit 1`.execute(db);
    return rows.length > 0;
  }

  protected async termsIn(db: Kysely<Database>, words: string[]): Promise<TermCandidate[]> {
    if (!words.length) return [];
    // A join on the primary key: with `term = any(…)` the planner picks the trigram index, which
    // also answers equality but costs a trigram search per word (hundreds of typo candidates).
    const { rows } = await sql<TermCandidate>`
      select t.term, t.display, t.df from unnest(${words}::text[]) w(term) join search_terms t on t.term = w.term where t.df > 0`.execute(db);
    return rows;
  }

  protected async trigramNeighbours(db: Kysely<Database>, word: string, limit: number): Promise<TermCandidate[]> {
    const { rows } = await sql<TermCandidate>`
      select term, display, df from search_terms where term % ${word} and df > 0
      order by similarity(term, ${word}) desc limit ${limit}`.execute(db);
    return rows;
  }

  protected async removeDocuments(db: Kysely<Database>, productIds: string[]): Promise<string[][]> {
    const { rows } = await sql<{ words: string }>`delete from search_documents where product_id = any(${productIds}::text[]) returning words`.execute(db);
    return rows.map((row) => (row.words ? row.words.split(' ') : []));
  }

  protected async insertDocuments(db: Kysely<Database>, documents: SearchDocument[]): Promise<void> {
    for (let start = 0; start < documents.length; start += 500) {
      const batch = documents.slice(start, start + 500);
      const values = batch.map((d) => sql`(${d.productId}, ${tsVector(d)}::tsvector, ${[...d.words.keys()].join(' ')})`);
      await sql`insert into search_documents (product_id, doc, words) values ${sql.join(values)}`.execute(db);
    }
  }

  protected async clearAll(db: Kysely<Database>): Promise<void> {
    await sql`truncate search_documents, search_terms`.execute(db);
  }

  override async reindexAll(): Promise<void> {
    await super.reindexAll();
    // Fresh statistics at once rather than whenever autovacuum comes by: the planner needs them to
    // pick the GIN indexes.
    await sql`analyze search_documents`.execute(this.db);
    await sql`analyze search_terms`.execute(this.db);
  }
}

/**
 * The documents matching a query, as a materialised CTE named m. Under a plain LIMIT the planner
 * bets on a sequential scan finding matches early, which reads every vector when a word is rare
 * or absent; planned on its own the CTE uses the GIN index, and the outer LIMIT still stops early.
 */
const matches = (query: string) => sql`with m as materialized (select product_id from search_documents where doc @@ ${query}::tsquery)`;

/** A tsvector literal: each stem with its positions and its field's weight. */
function tsVector(document: SearchDocument): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  for (const field of ['title', 'store', 'meta', 'body'] as const) {
    for (const stem of document[field]) {
      position = Math.min(position + 1, MAX_POSITION);
      const list = positions.get(stem) ?? [];
      if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(`${position}${WEIGHTS[field]}`);
      positions.set(stem, list);
    }
  }
  return [...positions].map(([stem, list]) => `'${quote(stem)}':${list.join(',')}`).join(' ');
}

/**
 * A tsquery literal: AND over groups; OR over each group's stems, its splits as adjacent words
 * ('eco' <-> 'friendly') and its words written apart; `:*` for a half-typed last word; `weights`
 * limits where they may be found.
 */
function tsQuery(groups: QueryGroup[], weights = ''): string {
  return groups.map((group) => tsGroup(group, weights)).join(' & ');
}

function tsGroup(group: QueryGroup, weights: string): string {
  const label = (prefix: boolean) => (prefix || weights ? `:${prefix ? '*' : ''}${weights}` : '');
  const forms = group.stems.map((s) => `'${quote(s)}'${label(group.prefix)}`);
  for (const phrase of group.phrases ?? []) {
    for (const parts of phraseForms(phrase)) forms.push(`(${parts.map((s, k) => `'${quote(s)}'${label(group.prefix && k === parts.length - 1)}`).join(' <-> ')})`);
  }
  if (group.apart) forms.push(`(${group.apart.map((g) => tsGroup(g, weights)).join(' & ')})`);
  return `(${forms.join(' | ')})`;
}

// Analysed stems are letters, marks and digits only; escaping anyway keeps a literal a literal.
const quote = (text: string) => text.replace(/\\/g, '\\\\').replace(/'/g, "''");
