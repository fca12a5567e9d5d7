import { LANGUAGES, type Language } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';

type Tree = string | readonly Tree[] | { readonly [key: string]: Tree };

/** Every text of a translation tree by its dotted path. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') return out.set(prefix, tree);
  for (const [key, value] of Object.entries(tree)) {
    for (const [path, text] of leaves(value as Tree, prefix ? `${prefix}.${key}` : key)) out.set(path, text);
  }
  return out;
}

/**
 * The checks every i18next namespace gets (used by each namespace's i18n.test.ts): every language has
 * exactly English's keys, none empty, with the same {{placeholders}}, and is actually translated
 * except for the paths listed in `sameAsEnglish` (loan words, brand names, bare placeholders).
 */
export function describeNamespaceParity(name: string, translations: Record<Language, unknown>, sameAsEnglish: readonly string[] = []) {
  const same = new Set(sameAsEnglish);
  describe(`the '${name}' namespace`, () => {
    const english = leaves(translations.en as Tree);
    it.each(LANGUAGES)('%s has every key of English, each non-empty, with the same placeholders', (language) => {
      const other = leaves(translations[language] as Tree);
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      for (const [path, text] of other) {
        expect(text.trim(), path).not.toBe('');
        expect(placeholders(text), path).toEqual(placeholders(english.get(path) ?? ''));
        if (language !== 'en' && !same.has(path)) expect(text, `${language} ${path} is still English`).not.toBe(english.get(path));
      }
    });
  });
}
