/**
 * A light Malay stemmer: particles and possessives (-lah, -kah, -pun, -nya, -ku, -mu), the common
 * suffixes -kan, -an, -i and prefixes meN-, peN-, ber-, ter-, di-, ke-, se-, each removed only when
 * a root of at least four letters remains, so that short roots are never cut down to nothing:
 * 'anyaman', 'dianyam' and 'menganyam' → 'anyam'; 'tenunan' and 'bertenun' → 'tenun'.
 */

const MIN_ROOT = 4;

const PARTICLES = ['lah', 'kah', 'tah', 'pun'];
const POSSESSIVES = ['nya', 'ku', 'mu'];
const SUFFIXES = ['kan', 'an', 'i'];

function stripSuffix(word: string, suffixes: string[]): string {
  for (const suffix of suffixes) if (word.endsWith(suffix) && word.length - suffix.length >= MIN_ROOT) return word.slice(0, -suffix.length);
  return word;
}

/** meN-/peN- change the root's first sound: menulis → tulis, memukul → pukul, menyapu → sapu, mengirim → kirim. */
function stripNasalPrefix(word: string): string {
  const m = /^(me|pe)(ng|ny|n|m)?(.*)$/.exec(word);
  if (!m) return word;
  const nasal = m[2] ?? '';
  const rest = m[3]!;
  const startsWithVowel = /^[aeiou]/.test(rest);
  let root = rest;
  if (nasal === 'ny' && startsWithVowel) root = 's' + rest;
  else if (nasal === 'm' && startsWithVowel) root = 'p' + rest;
  else if (nasal === 'n' && startsWithVowel) root = 't' + rest;
  else if (nasal === 'ng' && /^[aeiou]/.test(rest)) root = rest;
  else if (nasal === '' && !/^[lrwy]/.test(rest)) return word;
  return root.length >= MIN_ROOT ? root : word;
}

export function stemMalay(input: string): string {
  if (input.length <= MIN_ROOT || !/^[a-z]+$/.test(input)) return input;
  let word = stripSuffix(input, PARTICLES);
  word = stripSuffix(word, POSSESSIVES);
  word = stripSuffix(word, SUFFIXES);
  if (/^(me|pe)/.test(word)) return stripNasalPrefix(word);
  for (const prefix of ['ber', 'ter', 'di', 'ke', 'se', 'be']) {
    if (word.startsWith(prefix) && word.length - prefix.length >= MIN_ROOT) return word.slice(prefix.length);
  }
  return word;
}
