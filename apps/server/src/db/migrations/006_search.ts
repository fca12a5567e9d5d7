import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Product search (issue #4), dialect specific behind one port (modules/catalog/search):
 * - search_documents: one row per published product with its analysed text, and the distinct
 *   vocabulary words it contributed (so a reindex can take them back out of the counts);
 * - search_terms: the vocabulary of indexed words with their document frequencies, for typo
 *   correction and suggestions; rows stay when their count drops to 0 (queries skip those);
 * - SQLite: an FTS5 table of the analysed text (bm25) and an FTS5 trigram table over the vocabulary;
 *   PostgreSQL: a weighted tsvector with a GIN index, and pg_trgm's GIN index over the vocabulary.
 * The text is analysed in TypeScript (stemmed, folded) before it reaches either database.
 */
export const search: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create table search_documents (product_id text primary key, doc tsvector not null, words text not null)`.execute(db);
      await sql`create index search_documents_doc on search_documents using gin (doc)`.execute(db);
      // Byte order, so that a prefix is one index range whatever the database's collation.
      await sql`create table search_terms (term text collate "C" primary key, display text not null, df integer not null)`.execute(db);
      await sql`create index search_terms_trigram on search_terms using gin (term gin_trgm_ops)`.execute(db);
      return;
    }
    await sql`create table search_documents (id integer primary key, product_id text not null unique, words text not null)`.execute(db);
    // Contentless: the analysed text is not worth keeping twice; rows are deleted by rowid (= search_documents.id).
    await sql`create virtual table search_fts using fts5(title, store, meta, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
    await sql`create table search_terms (term text primary key, display text not null, df integer not null)`.execute(db);
    await sql`create virtual table search_terms_trigram using fts5(term, content = 'search_terms', content_rowid = 'rowid', tokenize = 'trigram')`.execute(db);
    // Vocabulary words are never renamed or removed (a count of 0 hides them), so an insert trigger keeps the trigram index whole.
    await sql`create trigger search_terms_trigram_insert after insert on search_terms begin insert into search_terms_trigram (rowid, term) values (new.rowid, new.term); end`.execute(db);
  },
};
