import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { FIELDS, type SearchDocument } from './search-documents.js';
import { phraseForms, type QueryGroup } from './query-groups.js';
import { SearchEngine } from './search-engine.js';
import type { TermCandidate } from './typo.js';


/** A broad search's tiers: every word in the title; in the title, store or meta; anywhere. */
const TIERS = ['{title} : ', '{title store meta} : ', ''];

/**
 * SQLite: an FTS5 table of the analysed fields ranked by bm25 (title and store weigh most), and an
 * FTS5 trigram table over the vocabulary for typo candidates (migration 006_search).
 */
export class SqliteSearch extends SearchEngine {
  protected async runMatch(db: Kysely<Database>, groups: QueryGroup[], limit: number): Promise<string[]> {
    const query = ftsQuery(groups);
    // SQLite reads LIMIT -1 as no limit: every match.
    const cap = Number.isFinite(limit) ? limit : -1;
    // bm25 costs a call per matching row: rank every match when there are few (the usual, specific
    // search); for a broad one, take the matches in tiers (all words in the title; in title, store
    // and meta; anywhere), each tier in index order, which reindexAll lays out most popular first.
    const probe = await sql<{ rowid: number }>`select rowid from search_fts where search_fts match ${query} limit ${this.rankedMax + 1}`.execute(db);
    if (probe.rows.length <= this.rankedMax) {
      // bm25 weights per column: title, store, meta (materials, tags, category), description.
      const { rows } = await sql<{ product_id: string }>`
        select d.product_id from (
          select rowid, bm25(search_fts, 10.0, 6.0, 3.0, 1.0) as score from search_fts where search_fts match ${query} order by score limit ${cap}
        ) m join search_documents d on d.id = m.rowid
        order by m.score, d.product_id`.execute(db);
      return rows.map((row) => row.product_id);
    }
    return cap === -1 ? this.allInTiers(db, query) : this.firstInTiers(db, query, cap);
  }

  /** The best few of a broad search (suggestions): each tier read only as far as it is needed. */
  private async firstInTiers(db: Kysely<Database>, query: string, limit: number): Promise<string[]> {
    const found: string[] = [];
    const seen = new Set<string>();
    for (const tier of TIERS) {
      const { rows } = await sql<{ product_id: string }>`
        select d.product_id from (select rowid from search_fts where search_fts match ${`${tier}(${query})`} limit ${limit + found.length}) m
        join search_documents d on d.id = m.rowid`.execute(db);
      for (const { product_id: id } of rows) {
        if (found.length >= limit) break;
        if (!seen.has(id)) found.push(id);
        seen.add(id);
      }
      if (found.length >= limit) break;
    }
    return found;
  }

  /**
   * Every match of a broad search, in tiers: the two narrower ones are read as rowids only, the
   * widest brings the product ids. A tier's rows come in rowid order, which is index order.
   */
  private async allInTiers(db: Kysely<Database>, query: string): Promise<string[]> {
    const [title, named] = await Promise.all(
      TIERS.slice(0, 2).map(async (tier) => {
        const { rows } = await sql<{ rowid: number }>`select rowid from search_fts where search_fts match ${`${tier}(${query})`}`.execute(db);
        return rows.map((row) => row.rowid);
      }),
    );
    const { rows: all } = await sql<{ id: number; product_id: string }>`
      select d.id, d.product_id from (select rowid from search_fts where search_fts match ${query}) m
      join search_documents d on d.id = m.rowid order by d.id`.execute(db);
    const productOf = new Map(all.map((row) => [row.id, row.product_id]));
    const found: string[] = [];
    const seen = new Set<number>();
    for (const rowid of [...(title as number[]), ...(named as number[]), ...all.map((row) => row.id)]) {
      const id = productOf.get(rowid);
      if (seen.has(rowid) || id === undefined) continue;
      seen.add(rowid);
      found.push(id);
    }
    return found;
  }

  protected async anyMatch(db: Kysely<Database>, groups: QueryGroup[]): Promise<boolean> {
    const { rows } = await sql`select rowid from search_fts where search_fts match ${ftsQuery(groups)} limit 1`.execute(db);
    return rows.length > 0;
  }

  protected async termsIn(db: Kysely<Database>, words: string[]): Promise<TermCandidate[]> {
    if (!words.length) return [];
    const { rows } = await sql<TermCandidate>`
      select term, display, df from search_terms where term in (select value from json_each(${JSON.stringify(words)})) and df > 0`.execute(db);
    return rows;
  }

  protected async trigramNeighbours(db: Kysely<Database>, word: string, limit: number): Promise<TermCandidate[]> {
    const letters = [...word];
    const trigrams = new Set<string>();
    for (let i = 0; i + 3 <= letters.length; i++) trigrams.add(letters.slice(i, i + 3).join(''));
    if (!trigrams.size) return [];
    const query = [...trigrams].map((trigram) => `"${trigram}"`).join(' OR ');
    const { rows } = await sql<TermCandidate>`
      select t.term, t.display, t.df from (
        select rowid, rank from search_terms_trigram where search_terms_trigram match ${query} order by rank limit ${limit}
      ) g join search_terms t on t.rowid = g.rowid where t.df > 0`.execute(db);
    return rows;
  }

  protected async removeDocuments(db: Kysely<Database>, productIds: string[]): Promise<string[][]> {
    const ids = JSON.stringify(productIds);
    const { rows } = await sql<{ id: number; words: string }>`
      select id, words from search_documents where product_id in (select value from json_each(${ids}))`.execute(db);
    if (!rows.length) return [];
    const rowids = JSON.stringify(rows.map((row) => row.id));
    await sql`delete from search_fts where rowid in (select value from json_each(${rowids}))`.execute(db);
    await sql`delete from search_documents where id in (select value from json_each(${rowids}))`.execute(db);
    return rows.map((row) => (row.words ? row.words.split(' ') : []));
  }

  protected async insertDocuments(db: Kysely<Database>, documents: SearchDocument[]): Promise<void> {
    for (let start = 0; start < documents.length; start += 500) {
      const batch = documents.slice(start, start + 500);
      const { rows } = await sql<{ id: number; product_id: string }>`
        insert into search_documents (product_id, words)
        values ${sql.join(batch.map((d) => sql`(${d.productId}, ${[...d.words.keys()].join(' ')})`))}
        returning id, product_id`.execute(db);
      const idOf = new Map(rows.map((row) => [row.product_id, row.id]));
      const values = batch.map((d) => sql`(${idOf.get(d.productId)}, ${sql.join(FIELDS.map((field) => d[field].join(' ')))})`);
      await sql`insert into search_fts (rowid, title, store, meta, body) values ${sql.join(values)}`.execute(db);
    }
  }

  protected async clearAll(db: Kysely<Database>): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await sql`delete from search_documents`.execute(trx);
      await sql`insert into search_fts (search_fts) values ('delete-all')`.execute(trx);
      await sql`delete from search_terms`.execute(trx);
      await sql`insert into search_terms_trigram (search_terms_trigram) values ('delete-all')`.execute(trx);
    });
  }
}

/**
 * An FTS5 query: every group must match (AND), through any of its stems, its splits as adjacent
 * words (a phrase: "eco" + "friendly") or its words written apart (OR); a half-typed last word by prefix.
 */
function ftsQuery(groups: QueryGroup[]): string {
  return groups.map(ftsGroup).join(' AND ');
}

function ftsGroup(group: QueryGroup): string {
  const star = group.prefix ? '*' : '';
  const forms = group.stems.map((s) => `"${s}"${star}`);
  for (const phrase of group.phrases ?? []) {
    for (const parts of phraseForms(phrase)) forms.push(parts.map((s, k) => `"${s}"${k === parts.length - 1 ? star : ''}`).join(' + '));
  }
  if (group.apart) forms.push(`(${group.apart.map(ftsGroup).join(' AND ')})`);
  return `(${forms.join(' OR ')})`;
}
