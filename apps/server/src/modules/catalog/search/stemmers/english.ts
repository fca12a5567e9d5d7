/**
 * The Snowball English (Porter2) stemmer, on lower-case ASCII words: 'baskets' → 'basket',
 * 'weaving' → 'weav', 'woven' stays. Both search adapters stem with it at index and query time,
 * so its exact outputs only have to agree with themselves.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);
const DOUBLES = ['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt'];
const LI_ENDINGS = new Set(['c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't']);

const EXCEPTIONS: Record<string, string> = {
  skis: 'ski',
  skies: 'sky',
  dying: 'die',
  lying: 'lie',
  tying: 'tie',
  idly: 'idl',
  gently: 'gentl',
  ugly: 'ugli',
  early: 'earli',
  only: 'onli',
  singly: 'singl',
  sky: 'sky',
  news: 'news',
  howe: 'howe',
  atlas: 'atlas',
  cosmos: 'cosmos',
  bias: 'bias',
  andes: 'andes',
};
const AFTER_STEP_1A = new Set(['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed']);

const STEP2: Array<[string, string]> = [
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['tional', 'tion'],
  ['biliti', 'ble'],
  ['lessli', 'less'],
  ['entli', 'ent'],
  ['ation', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['ousli', 'ous'],
  ['iviti', 'ive'],
  ['fulli', 'ful'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['izer', 'ize'],
  ['ator', 'ate'],
  ['alli', 'al'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['li', ''],
];
const STEP3: Array<[string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ative', ''],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
];
const STEP4 = ['ement', 'ance', 'ence', 'able', 'ible', 'ment', 'ant', 'ent', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize', 'ion', 'al', 'er', 'ic'];

const isVowel = (c: string | undefined) => c !== undefined && VOWELS.has(c);

function regionAfterVowelConsonant(word: string, from: number): number {
  for (let i = from + 1; i < word.length; i++) if (!isVowel(word[i]) && isVowel(word[i - 1])) return i + 1;
  return word.length;
}

function shortSyllableAt(word: string, end: number): boolean {
  // A short syllable ending at `end` (exclusive): non-vowel, vowel, non-vowel other than w, x, Y; or vowel, non-vowel at the start.
  if (end === 2) return isVowel(word[0]) && !isVowel(word[1]);
  if (end < 3) return false;
  const [a, b, c] = [word[end - 3], word[end - 2], word[end - 1]];
  return !isVowel(a) && isVowel(b) && !isVowel(c) && c !== 'w' && c !== 'x' && c !== 'Y';
}

export function stemEnglish(input: string): string {
  if (input.length <= 2 || !/^[a-z']+$/.test(input)) return input;
  const exception = EXCEPTIONS[input];
  if (exception) return exception;
  let word = input.replace(/^'/, '');
  word = word.replace(/^y/, 'Y').replace(/([aeiouy])y/g, '$1Y');

  let r1 = regionAfterVowelConsonant(word, 0);
  const special = /^(gener|commun|arsen)/.exec(word);
  if (special) r1 = special[0].length;
  const r2 = regionAfterVowelConsonant(word, r1);
  const inR1 = (suffix: string) => word.length - suffix.length >= r1;
  const inR2 = (suffix: string) => word.length - suffix.length >= r2;
  const isShort = () => shortSyllableAt(word, word.length) && r1 >= word.length;

  // Step 0
  word = word.replace(/'(s'?)?$/, '');
  // Step 1a
  if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (word.endsWith('ied') || word.endsWith('ies')) word = word.slice(0, -3) + (word.length > 4 ? 'i' : 'ie');
  else if (word.endsWith('us') || word.endsWith('ss')) {
    /* kept */
  } else if (word.endsWith('s') && /[aeiouy]/.test(word.slice(0, -2))) word = word.slice(0, -1);
  if (AFTER_STEP_1A.has(word)) return word;

  // Step 1b
  const eed = /(eedly|eed)$/.exec(word);
  if (eed) {
    if (inR1(eed[0])) word = word.slice(0, -eed[0].length) + 'ee';
  } else {
    const ed = /(ingly|edly|ing|ed)$/.exec(word);
    if (ed && /[aeiouy]/.test(word.slice(0, -ed[0].length))) {
      word = word.slice(0, -ed[0].length);
      if (/(at|bl|iz)$/.test(word)) word += 'e';
      else if (DOUBLES.some((d) => word.endsWith(d))) word = word.slice(0, -1);
      else if (isShort()) word += 'e';
    }
  }
  // Step 1c
  if (/[yY]$/.test(word) && word.length > 2 && !isVowel(word[word.length - 2])) word = word.slice(0, -1) + 'i';

  // Step 2
  for (const [suffix, replacement] of STEP2) {
    if (!word.endsWith(suffix)) continue;
    if (inR1(suffix)) {
      if (suffix === 'ogi') {
        if (word[word.length - 4] === 'l') word = word.slice(0, -3) + replacement;
      } else if (suffix === 'li') {
        if (LI_ENDINGS.has(word[word.length - 3] ?? '')) word = word.slice(0, -2);
      } else word = word.slice(0, -suffix.length) + replacement;
    }
    break;
  }
  // Step 3
  for (const [suffix, replacement] of STEP3) {
    if (!word.endsWith(suffix)) continue;
    if (inR1(suffix) && (suffix !== 'ative' || inR2(suffix))) word = word.slice(0, -suffix.length) + replacement;
    break;
  }
  // Step 4
  for (const suffix of STEP4) {
    if (!word.endsWith(suffix)) continue;
    if (inR2(suffix)) {
      if (suffix === 'ion') {
        if (/[st]ion$/.test(word)) word = word.slice(0, -3);
      } else word = word.slice(0, -suffix.length);
    }
    break;
  }
  // Step 5
  if (word.endsWith('e')) {
    if (inR2('e') || (inR1('e') && !shortSyllableAt(word, word.length - 1))) word = word.slice(0, -1);
  } else if (word.endsWith('ll') && inR2('l')) word = word.slice(0, -1);

  return word.replace(/Y/g, 'y');
}
