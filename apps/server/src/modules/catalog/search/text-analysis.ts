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
  /** Written joined to the token before it by a hyphen ('hand-woven': 'woven'). */
  hyphenated?: boolean;
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

/** A separator that joins two words into one: a hyphen (ASCII, Unicode hyphen, non-breaking hyphen). */
const HYPHEN = /^[-\u2010\u2011]$/;

/** Splits text into normalised word tokens (apostrophes join, everything else that is not a letter, mark or digit splits). */
export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  const lowered = text.toLowerCase().replace(/['’‘`´]/g, '');
  // Words and the separators between them, alternately: a separator that is one hyphen joins.
  const parts = lowered.split(/([^\p{L}\p{M}\p{N}]+)/u);
  let previousKept = false;
  for (let k = 0; k < parts.length; k += 2) {
    const original = parts[k] as string;
    const hyphenated = previousKept && k > 0 && HYPHEN.test(parts[k - 1] as string);
    previousKept = false;
    if (!original || original.length > MAX_WORD_LENGTH) continue;
    const word = normaliseWord(original);
    if (!word || STOP_WORDS.has(word)) continue;
    tokens.push(hyphenated ? { original, word, script: scriptOf(word), hyphenated } : { original, word, script: scriptOf(word) });
    previousKept = true;
  }
  return tokens;
}

/**
 * The joined forms of words written with hyphens ('hand-woven' → 'handwoven', 'biri-biri' →
 * 'biribiri'; 'hand-block-printed' → 'handblock', 'blockprinted', 'handblockprinted'), each with
 * its display as written. The index holds them beside the parts, so the joined spelling is a term of
 * the index and a word of the vocabulary (suggestions and typo correction know it).
 */
export function hyphenJoins(tokens: readonly Token[]): Array<{ word: string; display: string; script: Script }> {
  const joins: Array<{ word: string; display: string; script: Script }> = [];
  for (let start = 0; start < tokens.length; start++) {
    let word = tokens[start]!.word;
    let display = tokens[start]!.original;
    for (let end = start + 1; end < tokens.length && tokens[end]!.hyphenated; end++) {
      word += tokens[end]!.word;
      display += `-${tokens[end]!.original}`;
      if (word.length <= MAX_WORD_LENGTH) joins.push({ word, display, script: scriptOf(word) });
    }
  }
  return joins;
}

/** Shortest part of a word split in two ('eco' + 'friendly'). */
const SPLIT_PART_MIN = 2;

/** Every way to cut a word in two parts of at least two letters ('ecofriendly' → 'ec' + 'ofriendly', …, 'eco' + 'friendly', …). */
export function splitsInTwo(word: string): Array<[string, string]> {
  const letters = [...word];
  const splits: Array<[string, string]> = [];
  for (let cut = SPLIT_PART_MIN; cut <= letters.length - SPLIT_PART_MIN; cut++) splits.push([letters.slice(0, cut).join(''), letters.slice(cut).join('')]);
  return splits;
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

/**
 * One field's analysed text: its stems in order and its words, each with its form as written. The
 * joined forms of hyphenated words come after the text's own stems, so that the words as written
 * stay next to each other (a query's split 'hand' + 'woven' is matched as adjacent words).
 */
export function analyse(text: string, language: Language): { stems: string[]; words: Array<[word: string, display: string]> } {
  const stems: string[] = [];
  const words: Array<[string, string]> = [];
  const tokens = tokenise(text);
  for (const token of tokens) {
    const s = stem(token.word, language, token.script);
    if (s) stems.push(s);
    words.push([token.word, token.script === 'arabic' ? token.word : token.original]);
  }
  for (const join of hyphenJoins(tokens)) {
    const s = stem(join.word, language, join.script);
    if (s) stems.push(s);
    words.push([join.word, join.script === 'arabic' ? join.word : join.display]);
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
