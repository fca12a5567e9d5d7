/**
 * Arabic normalisation and light stemming (after Larkey's light10): the hamza forms of alef
 * (أ إ آ ٱ) become ا, ى becomes ي and ة becomes ه; tashkeel and tatweel go; then the definite
 * article and its attached forms (ال، وال، بال، كال، فال، لل) and a few common suffixes are stripped
 * while at least two letters remain, so 'السلة' and 'سلة' meet, as do 'القطن' and 'قطن'.
 */

// Tashkeel, Quranic marks and the superscript alef; the hamza and madda marks that NFD splits off.
const MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed]/g;
const TATWEEL = /\u0640/g;

export function normaliseArabic(word: string): string {
  return word
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(TATWEEL, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u06a9/g, '\u0643')
    .replace(/\u06cc/g, '\u064a')
    .normalize('NFC')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

const ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
const SUFFIXES = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'];

/** Light stemming of an already normalised word. */
export function stemArabic(word: string): string {
  let stem = word;
  for (const article of ARTICLES) {
    if (stem.startsWith(article) && stem.length - article.length >= 2) {
      stem = stem.slice(article.length);
      break;
    }
  }
  if (stem === word && stem.startsWith('و') && stem.length >= 4) stem = stem.slice(1);
  for (const suffix of SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 2) stem = stem.slice(0, -suffix.length);
  }
  return stem;
}
