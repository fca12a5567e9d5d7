import { ERROR_MESSAGES, LANGUAGES } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { createServerI18n, translate, TRANSLATIONS } from './all.server';
import { SCREENS_TRANSLATIONS } from './screens';

type Tree = string | readonly Tree[] | { readonly [key: string]: Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') {
    out.set(prefix, tree);
    return out;
  }
  for (const [key, value] of Object.entries(tree)) {
    for (const [path, text] of leaves(value as Tree, prefix ? `${prefix}.${key}` : key)) out.set(path, text);
  }
  return out;
}

describe('translations', () => {
  const english = leaves(TRANSLATIONS.en as unknown as Tree);

  it.each(LANGUAGES)('%s has every key of English, each non-empty, with the same placeholders', (language) => {
    const other = leaves(TRANSLATIONS[language] as unknown as Tree);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, text] of other) {
      expect(text.trim(), path).not.toBe('');
      const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(placeholders(text), path).toEqual(placeholders(english.get(path) ?? ''));
    }
  });

  it('translates the texts that the other languages must not leave in English', () => {
    for (const language of ['es', 'ar', 'ms'] as const) {
      const other = leaves(TRANSLATIONS[language] as unknown as Tree);
      const untranslated = [...other].filter(([path, text]) => text === english.get(path) && !/appName/.test(path));
      expect(untranslated, language).toEqual([]);
    }
  });

  it('keeps the contract texts of the error catalogue', () => {
    for (const language of LANGUAGES) {
      expect(TRANSLATIONS[language].notFound.title).toBe(ERROR_MESSAGES[language].PAGE_NOT_FOUND);
    }
    expect(SCREENS_TRANSLATIONS.en.cart.empty).toBe('cart is empty');
    expect(createServerI18n('en').t('cart.empty')).toBe('cart is empty');
    expect(TRANSLATIONS.en.search.empty).toBe('no products match your filters or search');
  });

  it('creates instances synchronously and translates outside React', () => {
    const i18n = createServerI18n('ar');
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('gate.submit')).toBe('متابعة');
    expect(translate('es', 'footer.rights', { year: 2030 })).toContain('2030');
    expect(translate('ms', 'cart.title')).toBe('Troli anda');
  });
});
