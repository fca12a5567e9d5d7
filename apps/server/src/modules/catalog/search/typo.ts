/**
 * Typo correction helpers. A query word missing from the vocabulary is corrected to the closest
 * frequent vocabulary word within an edit distance that grows with the word's length. Candidates
 * come from indexes, never from a scan of the vocabulary: every word one edit away is generated
 * here and looked up by primary key; longer words also ask the trigram index for words two edits away.
 */

const LATIN = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ARABIC = 'ءابتثجحخدذرزسشصضطظعغفقكلمنهوي';

/** Edits allowed for a word: none for one or two letters, one up to five letters, two beyond. */
export function allowedDistance(word: string): number {
  const length = [...word].length;
  if (length <= 2) return 0;
  return length <= 5 ? 1 : 2;
}

/** Every string one deletion, transposition, substitution or insertion away (letters of the word's script). */
export function editsOne(word: string): string[] {
  const letters = [...word];
  const alphabet = [...(/[\u0600-\u06ff]/.test(word) ? ARABIC : /[a-z]/.test(word) ? LATIN : '')];
  const edits = new Set<string>();
  for (let i = 0; i <= letters.length; i++) {
    const head = letters.slice(0, i).join('');
    const tail = letters.slice(i);
    if (tail.length) edits.add(head + tail.slice(1).join(''));
    if (tail.length > 1) edits.add(head + tail[1] + tail[0] + tail.slice(2).join(''));
    for (const c of alphabet) {
      if (tail.length) edits.add(head + c + tail.slice(1).join(''));
      edits.add(head + c + tail.join(''));
    }
  }
  edits.delete(word);
  return [...edits];
}

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions), capped: returns max + 1 when farther. */
export function editDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, previous2[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return Math.min(previous[t.length]!, max + 1);
}

export interface TermCandidate {
  term: string;
  display: string;
  df: number;
}

/** The closest candidate within the allowed distance, the most frequent among equals; null when none. */
export function bestCorrection(word: string, candidates: readonly TermCandidate[]): TermCandidate | null {
  const max = allowedDistance(word);
  let best: { candidate: TermCandidate; distance: number } | null = null;
  for (const candidate of candidates) {
    if (candidate.term === word || candidate.df <= 0) continue;
    const distance = editDistance(word, candidate.term, max);
    if (distance > max) continue;
    if (!best || distance < best.distance || (distance === best.distance && candidate.df > best.candidate.df)) best = { candidate, distance };
  }
  return best?.candidate ?? null;
}
