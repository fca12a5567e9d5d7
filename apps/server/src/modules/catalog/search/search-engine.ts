import type { Language } from '@tessera/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { loadSearchDocuments, type SearchDocument } from './search-documents.js';
import type { SearchDb, SearchMatch, SearchPort } from './search.port.js';
import { compoundCandidates, joinAdjacent, understood, wordGroup, type QueryGroup } from './query-groups.js';
import { normaliseWord, queryStems, tokenise, type Token } from './text-analysis.js';
import { allowedDistance, bestCorrection, editsOne, type TermCandidate } from './typo.js';

export type { QueryGroup } from './query-groups.js';

const MAX_QUERY_WORDS = 8;
const REINDEX_CHUNK = 500;
const REINDEX_ALL_CHUNK = 1000;
const TERM_BATCH = 2000;
/** How many completions of a half-typed last word widen a query that found nothing. */
const PREFIX_EXPANSION = 5;
const RANKED_MAX = 500;

/**
 * The search's logic on top of two dialect adapters: query analysis, the retry with typo
 * correction and prefix expansion, suggestions, and the vocabulary counts. Subclasses store and
 * match documents (FTS5 or tsvector) and find trigram neighbours (FTS5 trigram or pg_trgm).
 */
export abstract class SearchEngine implements SearchPort {
  /** Up to this many matches are ranked one by one (bm25, ts_rank); a broader search is ordered by tier and index order. */
  protected readonly rankedMax: number;

  constructor(
    protected readonly db: SearchDb,
    options: { rankedMax?: number } = {},
  ) {
    this.rankedMax = options.rankedMax ?? RANKED_MAX;
  }

  /** The matching ids, best first; all of them when `limit` is Infinity. */
  protected abstract runMatch(db: Kysely<Database>, groups: QueryGroup[], limit: number): Promise<string[]>;
  protected abstract anyMatch(db: Kysely<Database>, groups: QueryGroup[]): Promise<boolean>;
  /** Vocabulary rows (counted in at least one document) among these words. */
  protected abstract termsIn(db: Kysely<Database>, words: string[]): Promise<TermCandidate[]>;
  /** Vocabulary words sharing trigrams with this one, best first. */
  protected abstract trigramNeighbours(db: Kysely<Database>, word: string, limit: number): Promise<TermCandidate[]>;
  /** Removes these products' documents; returns the words they had counted. */
  protected abstract removeDocuments(db: Kysely<Database>, productIds: string[]): Promise<string[][]>;
  protected abstract insertDocuments(db: Kysely<Database>, documents: SearchDocument[]): Promise<void>;
  protected abstract clearAll(db: Kysely<Database>): Promise<void>;

  async reindex(options: { productIds: readonly string[]; trx?: Transaction<Database> }): Promise<void> {
    const ids = [...new Set(options.productIds)];
    if (!ids.length) return;
    const write = async (db: Kysely<Database>) => {
      for (let start = 0; start < ids.length; start += REINDEX_CHUNK) {
        const chunk = ids.slice(start, start + REINDEX_CHUNK);
        const removed = await this.removeDocuments(db, chunk);
        const documents = await loadSearchDocuments(db, chunk);
        await this.insertDocuments(db, documents);
        const deltas = new Map<string, { display: string; df: number }>();
        for (const words of removed) for (const word of words) addDelta(deltas, word, word, -1);
        for (const document of documents) for (const [word, display] of document.words) addDelta(deltas, word, display, 1);
        await this.adjustTerms(db, deltas);
      }
    };
    if (options.trx) await write(options.trx);
    else await this.db.transaction().execute(write);
  }

  async reindexAll(): Promise<void> {
    await this.clearAll(this.db);
    // The vocabulary counts stay in memory (one entry per distinct word, far fewer than products)
    // and are written once at the end; documents go in chunk by chunk, each in its own transaction.
    const counts = new Map<string, { display: string; df: number }>();
    // Most popular first: a broad search that is not ranked row by row reads them in this order.
    let after: Position | null = null;
    for (;;) {
      const cursor: Position | null = after;
      const rows: Position[] = await this.db
        .selectFrom('products')
        .select(['id', 'popularity'])
        .where('status', '=', 'published')
        .$if(cursor !== null, (qb) =>
          qb.where((eb) => eb.or([eb('popularity', '<', cursor!.popularity), eb.and([eb('popularity', '=', cursor!.popularity), eb('id', '>', cursor!.id)])])),
        )
        .orderBy('popularity', 'desc')
        .orderBy('id')
        .limit(REINDEX_ALL_CHUNK)
        .execute();
      if (!rows.length) break;
      after = rows[rows.length - 1]!;
      await this.db.transaction().execute(async (trx) => {
        const order = new Map(rows.map((row, index) => [row.id, index]));
        const documents = (await loadSearchDocuments(trx, [...order.keys()])).sort((a, b) => order.get(a.productId)! - order.get(b.productId)!);
        await this.insertDocuments(trx, documents);
        for (const document of documents) for (const [word, display] of document.words) addDelta(counts, word, display, 1);
      });
    }
    await this.db.transaction().execute((trx) => this.adjustTerms(trx, counts));
  }

  async match(options: { query: string; language: Language; limit?: number }): Promise<SearchMatch> {
    const limit = options.limit === undefined ? Number.POSITIVE_INFINITY : Math.max(1, Math.floor(options.limit));
    const tokens = tokenise(options.query).slice(0, MAX_QUERY_WORDS);
    if (!tokens.length) return { productIds: [], correctedQuery: null };
    // The vocabulary's words among the query's words, their two-part splits and adjacent pairs joined.
    const known = await this.knownWords(tokens);
    // A last word still being typed is matched by prefix, unless it is already a whole known word.
    const typing = !/\s$/.test(options.query) && !known.has(tokens[tokens.length - 1]!.word);
    const groups = tokens.map((token, index) => wordGroup(token, known, typing && index === tokens.length - 1));
    const found = await this.runMatch(this.db, joinAdjacent(tokens, groups, known), limit);
    if (found.length) return { productIds: found, correctedQuery: null };

    // Nothing matched: widen a half-typed last word to its likely completions, and correct the words
    // that neither the vocabulary nor the index knows.
    const corrections: Array<{ original: string; display: string }> = [];
    const retried = await Promise.all(
      tokens.map(async (token, index): Promise<QueryGroup | Token> => {
        const group = groups[index]!;
        if (understood(token, known)) return group;
        if (group.prefix) {
          const completions = await this.completions(token.word, PREFIX_EXPANSION);
          if (completions.length) return { ...group, stems: [...new Set([...group.stems, ...completions.flatMap((c) => queryStems({ ...token, word: c.term }))])] };
        }
        if (await this.anyMatch(this.db, [{ ...group, prefix: false }])) return group;
        const correction = await this.correct(token);
        if (!correction) return group;
        corrections.push({ original: token.original, display: correction.display });
        return { ...token, word: correction.term };
      }),
    );
    // A corrected word is looked up whole and split like any other ('handwovn' → handwoven, which
    // also finds "hand woven").
    const correctedTokens = retried.filter((item): item is Token => 'word' in item);
    const knownCorrected = correctedTokens.length ? new Set([...known, ...(await this.knownWords(correctedTokens))]) : known;
    const retriedGroups = retried.map((item) => ('word' in item ? wordGroup(item, knownCorrected, false) : item));
    const productIds = await this.runMatch(this.db, joinAdjacent(tokens, retriedGroups, known), limit);
    if (!productIds.length || !corrections.length) return { productIds, correctedQuery: null };
    let correctedQuery = options.query.trim().toLowerCase().replace(/\s+/g, ' ');
    for (const { original, display } of corrections) correctedQuery = correctedQuery.replace(original, display);
    return { productIds, correctedQuery };
  }

  async suggest(options: { prefix: string; language: Language; limit: number }): Promise<string[]> {
    const limit = Math.max(1, Math.min(20, Math.floor(options.limit)));
    const typed = options.prefix.trim().replace(/\s+/g, ' ');
    if (!typed || /\s$/.test(options.prefix)) return [];
    const cut = typed.lastIndexOf(' ');
    const earlier = cut < 0 ? '' : typed.slice(0, cut + 1).toLowerCase();
    const last = tokenise(typed.slice(cut + 1)).at(-1) ?? null;
    const lastWord = last?.word ?? normaliseWord(typed.slice(cut + 1).toLowerCase());
    if (!lastWord) return [];
    let terms = await this.completions(lastWord, limit);
    if (!terms.length && last) {
      const correction = await this.correct(last);
      if (correction) terms = [correction];
    }
    const before = await this.correctWords(earlier);
    return [...new Set(terms.map((term) => before + term.display))];
  }

  /** Words typed before the last one, each misspelt one that the vocabulary does not know corrected ('orgnic coton' → 'organic cotton', not 'orgnic cotton'). */
  protected async correctWords(text: string): Promise<string> {
    const tokens = tokenise(text).slice(0, MAX_QUERY_WORDS);
    if (!tokens.length) return text;
    const known = await this.knownWords(tokens);
    let corrected = text;
    for (const token of tokens) {
      if (understood(token, known)) continue;
      const correction = await this.correct(token);
      if (correction) corrected = corrected.replace(token.original, correction.display);
    }
    return corrected;
  }

  /** The vocabulary words among these words, their two-part splits and each adjacent two joined (one lookup). */
  protected async knownWords(tokens: readonly Token[]): Promise<Set<string>> {
    const words = [...new Set([...tokens.map((t) => t.word), ...compoundCandidates(tokens)])];
    return new Set((await this.termsIn(this.db, words)).map((t) => t.term));
  }

  /** Vocabulary words starting with a prefix, most frequent first (one primary-key range). */
  protected async completions(prefix: string, limit: number): Promise<TermCandidate[]> {
    const { rows } = await sql<TermCandidate>`
      select term, display, df from search_terms
      where term >= ${prefix} and term < ${prefix + '\uffff'} and df > 0
      order by df desc, term limit ${limit}`.execute(this.db);
    return rows;
  }

  /** The vocabulary word a misspelt one most likely meant, or null. */
  protected async correct(token: Token): Promise<TermCandidate | null> {
    const max = allowedDistance(token.word);
    if (max === 0 || token.script === 'other') return null;
    const near = bestCorrection(token.word, await this.termsIn(this.db, editsOne(token.word)));
    if (near || max < 2) return near;
    return bestCorrection(token.word, await this.trigramNeighbours(this.db, token.word, 50));
  }

  /** Adds (or takes back) document counts; terms in a fixed order so concurrent writers lock rows alike. */
  protected async adjustTerms(db: Kysely<Database>, deltas: Map<string, { display: string; df: number }>): Promise<void> {
    const rows = [...deltas].filter(([, delta]) => delta.df !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (let start = 0; start < rows.length; start += TERM_BATCH) {
      const values = rows.slice(start, start + TERM_BATCH).map(([term, { display, df }]) => sql`(${term}, ${display}, ${df})`);
      await sql`
        insert into search_terms (term, display, df) values ${sql.join(values)}
        on conflict (term) do update set df = search_terms.df + excluded.df`.execute(db);
    }
  }
}

interface Position {
  popularity: number;
  id: string;
}

function addDelta(deltas: Map<string, { display: string; df: number }>, word: string, display: string, change: number) {
  const entry = deltas.get(word);
  if (entry) entry.df += change;
  else deltas.set(word, { display, df: change });
}
