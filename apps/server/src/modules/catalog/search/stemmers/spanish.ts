/**
 * The Snowball Spanish stemmer on words whose accents are already folded ('algodón' → 'algodon'),
 * so that a query typed without accents meets the indexed text: 'cestas' and 'cesta' → 'cest',
 * 'tejidos' → 'tej'. The suffix lists are Snowball's with their accents removed.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);
const isVowel = (c: string | undefined) => c !== undefined && VOWELS.has(c);

function regionAfterVowelConsonant(word: string, from: number): number {
  for (let i = from + 1; i < word.length; i++) if (!isVowel(word[i]) && isVowel(word[i - 1])) return i + 1;
  return word.length;
}

function rvStart(word: string): number {
  if (word.length < 2) return word.length;
  if (!isVowel(word[1])) {
    for (let i = 2; i < word.length; i++) if (isVowel(word[i])) return i + 1;
    return word.length;
  }
  if (isVowel(word[0])) {
    for (let i = 2; i < word.length; i++) if (!isVowel(word[i])) return i + 1;
    return word.length;
  }
  return 3;
}

const byLength = (list: string[]) => [...list].sort((a, b) => b.length - a.length);

const PRONOUNS = byLength(['me', 'se', 'sela', 'selo', 'selas', 'selos', 'la', 'le', 'lo', 'las', 'les', 'los', 'nos']);
const STEP1: Array<{ suffixes: string[]; apply: (word: string, suffix: string, r1: number, r2: number) => string | null }> = [
  {
    suffixes: ['anza', 'anzas', 'ico', 'ica', 'icos', 'icas', 'ismo', 'ismos', 'able', 'ables', 'ible', 'ibles', 'ista', 'istas', 'oso', 'osa', 'osos', 'osas', 'amiento', 'amientos', 'imiento', 'imientos'],
    apply: (w, s, _r1, r2) => (w.length - s.length >= r2 ? w.slice(0, -s.length) : null),
  },
  {
    suffixes: ['adora', 'ador', 'acion', 'adoras', 'adores', 'aciones', 'ante', 'antes', 'ancia', 'ancias'],
    apply: (w, s, _r1, r2) => {
      if (w.length - s.length < r2) return null;
      const stem = w.slice(0, -s.length);
      return stem.endsWith('ic') && stem.length - 2 >= r2 ? stem.slice(0, -2) : stem;
    },
  },
  { suffixes: ['logia', 'logias'], apply: (w, s, _r1, r2) => (w.length - s.length >= r2 ? w.slice(0, -s.length) + 'log' : null) },
  { suffixes: ['ucion', 'uciones'], apply: (w, s, _r1, r2) => (w.length - s.length >= r2 ? w.slice(0, -s.length) + 'u' : null) },
  { suffixes: ['encia', 'encias'], apply: (w, s, _r1, r2) => (w.length - s.length >= r2 ? w.slice(0, -s.length) + 'ente' : null) },
  {
    suffixes: ['amente'],
    apply: (w, s, r1, r2) => {
      if (w.length - s.length < r1) return null;
      let stem = w.slice(0, -s.length);
      if (stem.endsWith('iv') && stem.length - 2 >= r2) {
        stem = stem.slice(0, -2);
        if (stem.endsWith('at') && stem.length - 2 >= r2) stem = stem.slice(0, -2);
      } else {
        const m = /(os|ic|ad)$/.exec(stem);
        if (m && stem.length - 2 >= r2) stem = stem.slice(0, -2);
      }
      return stem;
    },
  },
  {
    suffixes: ['mente'],
    apply: (w, s, _r1, r2) => {
      if (w.length - s.length < r2) return null;
      const stem = w.slice(0, -s.length);
      const m = /(ante|able|ible)$/.exec(stem);
      return m && stem.length - m[0].length >= r2 ? stem.slice(0, -m[0].length) : stem;
    },
  },
  {
    suffixes: ['idad', 'idades'],
    apply: (w, s, _r1, r2) => {
      if (w.length - s.length < r2) return null;
      const stem = w.slice(0, -s.length);
      const m = /(abil|ic|iv)$/.exec(stem);
      return m && stem.length - m[0].length >= r2 ? stem.slice(0, -m[0].length) : stem;
    },
  },
  {
    suffixes: ['iva', 'ivo', 'ivas', 'ivos'],
    apply: (w, s, _r1, r2) => {
      if (w.length - s.length < r2) return null;
      const stem = w.slice(0, -s.length);
      return stem.endsWith('at') && stem.length - 2 >= r2 ? stem.slice(0, -2) : stem;
    },
  },
];
const STEP1_SUFFIXES = byLength(STEP1.flatMap((rule) => rule.suffixes));
const STEP1_RULE = new Map(STEP1.flatMap((rule) => rule.suffixes.map((s) => [s, rule] as const)));

const STEP2A = byLength(['ya', 'ye', 'yan', 'yen', 'yeron', 'yendo', 'yo', 'yas', 'yes', 'yais', 'yamos']);
const STEP2B_GU = ['en', 'es', 'eis', 'emos'];
const STEP2B = byLength([
  ...STEP2B_GU,
  ...['arian', 'arias', 'aran', 'aras', 'ariais', 'aria', 'areis', 'ariamos', 'aremos', 'ara', 'are'],
  ...['erian', 'erias', 'eran', 'eras', 'eriais', 'eria', 'ereis', 'eriamos', 'eremos', 'era', 'ere'],
  ...['irian', 'irias', 'iran', 'iras', 'iriais', 'iria', 'ireis', 'iriamos', 'iremos', 'ira', 'ire'],
  ...['aba', 'ada', 'ida', 'ia', 'iera', 'ad', 'ed', 'id', 'ase', 'iese', 'aste', 'iste', 'an', 'aban', 'ian', 'aran', 'ieran', 'asen'],
  ...['iesen', 'aron', 'ieron', 'ado', 'ido', 'ando', 'iendo', 'io', 'ar', 'er', 'ir', 'as', 'abas', 'adas', 'idas', 'ias', 'aras'],
  ...['ieras', 'ases', 'ieses', 'is', 'ais', 'abais', 'iais', 'arais', 'ierais', 'aseis', 'ieseis', 'asteis', 'isteis', 'ados', 'idos'],
  ...['amos', 'abamos', 'iamos', 'imos', 'aramos', 'ieramos', 'iesemos', 'asemos'],
]);
const STEP3 = byLength(['os', 'a', 'o', 'i']);

export function stemSpanish(input: string): string {
  if (input.length <= 2 || !/^[a-z]+$/.test(input)) return input;
  let word = input;
  const rv = rvStart(word);
  const r1 = regionAfterVowelConsonant(word, 0);
  const r2 = regionAfterVowelConsonant(word, r1);

  // Step 0: attached pronouns after a gerund or infinitive.
  for (const pronoun of PRONOUNS) {
    if (!word.endsWith(pronoun) || word.length - pronoun.length < rv) continue;
    const before = word.slice(0, -pronoun.length);
    if (/(iendo|ando|ar|er|ir)$/.test(before) || /uyendo$/.test(before)) word = before;
    break;
  }

  // Step 1: standard suffixes.
  let changed = false;
  for (const suffix of STEP1_SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    const next = STEP1_RULE.get(suffix)!.apply(word, suffix, r1, r2);
    if (next !== null) {
      word = next;
      changed = true;
    }
    break;
  }

  // Step 2: verb suffixes, only when step 1 removed nothing.
  if (!changed) {
    let done = false;
    for (const suffix of STEP2A) {
      if (word.endsWith(suffix) && word.length - suffix.length >= rv && word[word.length - suffix.length - 1] === 'u') {
        word = word.slice(0, -suffix.length);
        done = true;
        break;
      }
    }
    if (!done) {
      for (const suffix of STEP2B) {
        if (!word.endsWith(suffix) || word.length - suffix.length < rv) continue;
        word = word.slice(0, -suffix.length);
        if (STEP2B_GU.includes(suffix) && word.endsWith('gu')) word = word.slice(0, -1);
        break;
      }
    }
  }

  // Step 3: residual suffix.
  for (const suffix of STEP3) {
    if (word.endsWith(suffix) && word.length - suffix.length >= rv) {
      word = word.slice(0, -suffix.length);
      return word;
    }
  }
  if (word.endsWith('e') && word.length - 1 >= rv) {
    word = word.slice(0, -1);
    if (word.endsWith('gu') && word.length - 1 >= rv) word = word.slice(0, -1);
  }
  return word;
}
