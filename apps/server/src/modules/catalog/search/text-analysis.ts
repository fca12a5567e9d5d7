import type { Language } from '@tessera/contracts';
import { normaliseArabic, stemArabic } from './stemmers/arabic.js';
import { stemEnglish } from './stemmers/english.js';
import { stemMalay } from './stemmers/malay.js';
import { stemSpanish } from './stemmers/spanish.js';

/**
 * The one text analysis of the search, in TypeScript so that SQLite and PostgreSQL index and query
 * exactly the same terms: Unicode tokens, lower case, Latin diacritics folded, Arabic normalised,
 * then stemmed by the text's language. Two forms come out of every word:
 * - the *word* (normalised, not stemmed): the vocabulary that typo correction and suggestions use;
 * - the *stem*: what the full-text index holds and queries match.
 */

const MAX_WORD_LENGTH = 40;
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const LATIN_LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

// Words too common to tell products apart; left out of the index and of queries alike.
const STOP_WORDS = new Set([
  ...['a', 'an', 'and', 'the', 'of', 'for', 'with', 'in', 'on', 'to', 'by', 'or', 'at', 'from', 'is'],
  ...['de', 'del', 'la', 'el', 'los', 'las', 'y', 'e', 'en', 'con', 'para', 'por', 'un', 'una', 'o'],
  ...['dan', 'yang', 'untuk', 'dengan', 'dari', 'ke', 'atau'],
  ...['في', 'من', 'على', 'و', 'مع', 'الى'],
]);

export type Script = 'arabic' | 'latin' | 'other';

export interface Token {
  /** As typed, lower-cased (for showing a corrected query). */
  original: string;
  /** Normalised: the vocabulary form. */
  word: string;
  script: Script;
}

const scriptOf = (word: string): Script => (ARABIC.test(word) ? 'arabic' : /[a-z]/.test(word) ? 'latin' : 'other');

/**
 * Words repeat endlessly across a catalog, so their analysis is remembered: rebuilding the index of
 * 100,000 products analyses tens of millions of words but only some tens of thousands distinct ones.
 * Bounded, and simply emptied when full.
 */
function memo<T>(compute: (key: string) => T, limit = 100_000): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = compute(key);
      if (cache.size >= limit) cache.clear();
      cache.set(key, value);
    }
    return value;
  };
}

/** Folds one lower-case word to its vocabulary form. */
export const normaliseWord = memo(foldWord);

function foldWord(raw: string): string {
  if (ARABIC.test(raw)) return normaliseArabic(raw);
  return raw
    .normalize('NFD')
    .replace(/([a-z])\p{M}+/gu, '$1')
    .normalize('NFC')
    .replace(/[ßæœøłđðþı]/g, (c) => LATIN_LIGATURES[c] ?? c);
}

/** Splits text into normalised word tokens (apostrophes join, everything else that is not a letter, mark or digit splits). */
export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  const lowered = text.toLowerCase().replace(/['’‘`´]/g, '');
  for (const original of lowered.split(/[^\p{L}\p{M}\p{N}]+/u)) {
    if (!original || original.length > MAX_WORD_LENGTH) continue;
    const word = normaliseWord(original);
    if (!word || STOP_WORDS.has(word)) continue;
    tokens.push({ original, word, script: scriptOf(word) });
  }
  return tokens;
}

const english = memo(stemEnglish);
// Latin words in an Arabic text (brand names, 'GOTS') are stemmed as English.
const STEMMERS: Record<Language, (word: string) => string> = { en: english, es: memo(stemSpanish), ms: memo(stemMalay), ar: english };
const stemArabicWord = memo(stemArabic);

/** The stem of a vocabulary word in a language (Arabic script is stemmed as Arabic whatever the language says). */
export function stem(word: string, language: Language, script: Script = scriptOf(word)): string {
  if (script === 'arabic') return stemArabicWord(word);
  if (script !== 'latin') return word;
  return STEMMERS[language](word);
}

const LATIN_STEMMERS: Language[] = ['en', 'es', 'ms'];

/**
 * Every stem a query word may have been indexed under: the index stems each text with its own
 * language, and buyers search across languages ('cesta' typed with the English interface still
 * finds the Spanish title), so a Latin word is looked up under each Latin stemmer.
 */
export function queryStems(token: Token): string[] {
  if (token.script !== 'latin') return [stem(token.word, 'en', token.script)];
  return [...new Set(LATIN_STEMMERS.map((language) => stem(token.word, language, token.script)))];
}

/** One field's analysed text: its stems in order and its words, each with its form as written. */
export function analyse(text: string, language: Language): { stems: string[]; words: Array<[word: string, display: string]> } {
  const stems: string[] = [];
  const words: Array<[string, string]> = [];
  for (const token of tokenise(text)) {
    const s = stem(token.word, language, token.script);
    if (s) stems.push(s);
    words.push([token.word, token.script === 'arabic' ? token.word : token.original]);
  }
  return { stems, words };
}

/** A query's de-duplication key for recent searches: its normalised words, in order. */
export function normaliseQuery(query: string): string {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map(normaliseWord)
    .join(' ');
}
