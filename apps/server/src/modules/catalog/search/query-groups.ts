import { queryStems, splitsInTwo, type Token } from './text-analysis.js';

/**
 * A query as the adapters match it: every group must match (AND), a group through any of its forms
 * (OR). Joined, hyphenated and spaced spellings of a word are one term (docs/catalog.md, "Joined and
 * split words"): the index holds a hyphenated word's joined form beside its parts
 * (text-analysis.ts), and the query, checked against the index's own vocabulary, adds
 * - to a word that splits into two known words, the split as adjacent words ('ecofriendly' →
 *   "eco friendly"), which finds texts that write it apart;
 * - to two adjacent words whose joined form is known, that form ('hand woven' → handwoven), which
 *   finds texts that write it joined.
 */
export interface QueryGroup {
  /** The word's stems (one per Latin stemmer it may have been indexed under). */
  stems: string[];
  /** Matched as a prefix (the user may still be typing it): the stems, and the last part of a phrase. */
  prefix: boolean;
  /** The word written as two adjacent words: each phrase a list of parts, each part its stems. */
  phrases?: string[][][];
  /** Two query words the vocabulary knows joined (`stems` is the joined form): these groups, together, are the other form. */
  apart?: QueryGroup[];
}

/** Each phrase's spellings: one stem per part, every combination (the parts rarely have more than one stem). */
export function phraseForms(phrase: string[][]): string[][] {
  let forms: string[][] = [[]];
  for (const part of phrase) forms = forms.flatMap((form) => part.map((stem) => [...form, stem]));
  return forms;
}

/** The vocabulary words a query's other spellings may be made of: each word's two parts, and each two adjacent words joined. */
export function compoundCandidates(tokens: readonly Token[]): string[] {
  const words = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.script === 'other') return;
    for (const [head, tail] of splitsInTwo(token.word)) {
      words.add(head);
      words.add(tail);
    }
    const next = tokens[index + 1];
    if (next && next.script === token.script) words.add(token.word + next.word);
  });
  return [...words];
}

/** A word's cuts into two words the vocabulary knows, as phrases of stems. */
export function splitPhrases(token: Token, known: ReadonlySet<string>): string[][][] {
  if (token.script === 'other') return [];
  return splitsInTwo(token.word)
    .filter(([head, tail]) => known.has(head) && known.has(tail))
    .map(([head, tail]) => [queryStems({ ...token, word: head }), queryStems({ ...token, word: tail })]);
}

/** Known to the vocabulary whole, or as two of its words (then it is not a typo to correct). */
export const understood = (token: Token, known: ReadonlySet<string>): boolean => known.has(token.word) || splitPhrases(token, known).length > 0;

/** One query word's group: its stems and its splits. */
export function wordGroup(token: Token, known: ReadonlySet<string>, prefix: boolean): QueryGroup {
  const phrases = splitPhrases(token, known);
  return phrases.length ? { stems: queryStems(token), prefix, phrases } : { stems: queryStems(token), prefix };
}

/** Pairs adjacent words whose joined form the vocabulary knows: (a AND b) OR ab; left to right, a word in one pair at most. */
export function joinAdjacent(tokens: readonly Token[], groups: readonly QueryGroup[], known: ReadonlySet<string>): QueryGroup[] {
  const joined: QueryGroup[] = [];
  for (let index = 0; index < groups.length; index++) {
    const token = tokens[index]!;
    const next = tokens[index + 1];
    const word = next && next.script === token.script && token.script !== 'other' ? token.word + next.word : null;
    if (word !== null && known.has(word)) {
      joined.push({ stems: queryStems({ ...token, word }), prefix: false, apart: [groups[index]!, groups[index + 1]!] });
      index += 1;
    } else joined.push(groups[index]!);
  }
  return joined;
}
