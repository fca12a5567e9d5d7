import type { Language } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from './all.server';
import { I18n, type Bundle, type Resources } from './runtime';

// Plain lookups through the untyped entry (`translate`): the resources below are made up for the
// cases, so the app's key types do not apply to them.
const say = (i18n: I18n, key: string, options?: Record<string, unknown>) => i18n.translate(key, options);

const items = (forms: Record<string, string>): Bundle => ({
  cart: { items: Object.fromEntries(Object.entries(forms).map(([form, text]) => [`count_${form}`, text])) },
});

const PLURALS: Resources = {
  en: { translation: items({ one: '{{count}} item', other: '{{count}} items' }) },
  es: { translation: items({ one: '{{count}} artículo', other: '{{count}} artículos' }) },
  ms: { translation: items({ other: '{{count}} barang' }) },
  ar: {
    translation: items({
      zero: 'لا عناصر',
      one: 'عنصر واحد',
      two: 'عنصران',
      few: '{{count}} عناصر',
      many: '{{count}} عنصرًا',
      other: '{{count}} عنصر',
    }),
  },
};

describe('the texts runtime', () => {
  it("picks i18next's plural suffix by Intl.PluralRules, then _other", () => {
    const i18n = new I18n('en', PLURALS);
    const count = (lng: Language, n: number) => say(i18n, 'cart.items.count', { lng, count: n });
    expect([0, 1, 2].map((n) => count('en', n))).toEqual(['0 items', '1 item', '2 items']);
    // Spanish says 'many' for a million, which the resource does not write: `_other` it is.
    expect([1, 5, 1_000_000].map((n) => count('es', n))).toEqual(['1 artículo', '5 artículos', '1000000 artículos']);
    expect([0, 1, 7].map((n) => count('ms', n))).toEqual(['0 barang', '1 barang', '7 barang']);
    expect([0, 1, 2, 3, 11, 100].map((n) => count('ar', n))).toEqual(['لا عناصر', 'عنصر واحد', 'عنصران', '3 عناصر', '11 عنصرًا', '100 عنصر']);
  });

  it('prefers a `_zero` text for 0 where the language has no zero form, and the bare key when there is no plural', () => {
    const i18n = new I18n('en', { en: { translation: { a: { n_zero: 'none', n_other: '{{count}}' }, b: 'Only {{count}} left' } } });
    expect(say(i18n, 'a.n', { count: 0 })).toBe('none');
    expect(say(i18n, 'a.n', { count: 4 })).toBe('4');
    expect(say(i18n, 'b', { count: 3 })).toBe('Only 3 left');
  });

  it('fills placeholders, leaves one without a value as written and empties one named but undefined', () => {
    const i18n = new I18n('en', { en: { translation: { hi: 'Hello {{name}}, {{- raw}} and {{ other }} at {{place.city}}' } } });
    expect(say(i18n, 'hi', { name: '<b>Amira</b>', raw: 'x', other: 0, place: { city: 'Kuching' } })).toBe('Hello <b>Amira</b>, x and 0 at Kuching');
    expect(say(i18n, 'hi', { name: 'Amira', raw: undefined })).toBe('Hello Amira,  and {{ other }} at {{place.city}}');
    expect(say(i18n, 'hi')).toBe('Hello {{name}}, {{- raw}} and {{ other }} at {{place.city}}');
  });

  it("looks a key up in the asked namespace, then in 'screens'; a key names its namespace with `ns:`", () => {
    const i18n = new I18n('ms', {
      ms: { translation: { shared: 'dalam translation' }, screens: { shared: 'dalam screens', only: 'hanya screens' }, portal: { title: 'Portal' } },
    });
    expect(say(i18n, 'shared')).toBe('dalam translation');
    expect(say(i18n, 'only')).toBe('hanya screens');
    expect(say(i18n, 'only', { ns: 'portal' })).toBe('hanya screens');
    expect(say(i18n, 'portal:title')).toBe('Portal');
    expect(say(i18n, 'title')).toBe('title');
    expect(say(i18n, 'missing.key')).toBe('missing.key');
  });

  it('returns a tree with `returnObjects` and the key for a tree without it', () => {
    const sections = [{ heading: 'A', body: 'a' }];
    const i18n = new I18n('en', { en: { translation: { pages: { about: { sections } } } } });
    expect(say(i18n, 'pages.about.sections', { returnObjects: true })).toEqual(sections);
    expect(say(i18n, 'pages.about')).toBe('pages.about');
  });

  it('translates in another language with `lng` and through a fixed t', () => {
    const i18n = createServerI18n('en');
    expect(i18n.t('gate.submit')).toBe('Continue');
    expect(i18n.t('gate.submit', { lng: 'ar' })).toBe('متابعة');
    expect(i18n.getFixedT('es', 'portal')('common.sellerPortal')).toBe(createServerI18n('es').t('common.sellerPortal', { ns: 'portal' }));
    // A fixed t without a language follows the instance's.
    const t = i18n.getFixedT(null);
    i18n.language = 'ms';
    expect(t('cart.title')).toBe('Troli anda');
  });

  it('fetches a missing namespace once, however many ask for it meanwhile', async () => {
    const asked: string[] = [];
    const i18n = new I18n('es', { es: { translation: { a: 'a' } } }, async (language, namespace) => {
      asked.push(`${language}|${namespace}`);
      return { title: `${namespace} en ${language}` };
    });
    expect(i18n.settled(['translation', 'blog'])).toBe(false);
    await Promise.all([i18n.loadNamespaces(['translation', 'blog']), i18n.loadNamespaces(['blog'])]);
    expect(asked).toEqual(['es|blog']);
    expect(i18n.settled(['translation', 'blog'])).toBe(true);
    expect(say(i18n, 'title', { ns: 'blog' })).toBe('blog en es');
    expect(i18n.namespaces.sort()).toEqual(['blog', 'translation']);
  });

  it('counts a namespace that failed to download as settled (no endless wait) and fetches it again when asked', async () => {
    let fail = true;
    const i18n = new I18n('en', { en: { translation: {} } }, async () => {
      if (fail) throw new Error('offline');
      return { title: 'Blog' };
    });
    await expect(i18n.loadNamespaces(['blog'])).rejects.toThrow('offline');
    expect(i18n.settled(['blog'])).toBe(true);
    expect(i18n.hasResourceBundle('en', 'blog')).toBe(false);
    fail = false;
    await i18n.loadNamespaces(['blog']);
    expect(say(i18n, 'title', { ns: 'blog' })).toBe('Blog');
  });

  it('switches language once the texts of every namespace in use are there, and tells the listeners', async () => {
    const loads: string[] = [];
    const i18n = new I18n('en', { en: { translation: { hi: 'Hello' }, catalog: { c: 'Catalog' } } }, async (language, namespace) => {
      loads.push(`${language}|${namespace}`);
      return namespace === 'translation' ? { hi: 'مرحبا' } : { c: 'الكتالوج' };
    });
    const heard: Array<[Language, string]> = [];
    const listener = (language: Language) => heard.push([language, String(say(i18n, 'hi'))]);
    i18n.on('languageChanged', listener);
    await i18n.loadLanguage('ar');
    expect(i18n.language).toBe('en');
    expect(say(i18n, 'hi', { lng: 'ar' })).toBe('مرحبا');
    await i18n.changeLanguage('ar');
    expect(heard).toEqual([['ar', 'مرحبا']]);
    expect(loads.sort()).toEqual(['ar|catalog', 'ar|translation']);
    await i18n.changeLanguage('ar');
    i18n.off('languageChanged', listener);
    await i18n.changeLanguage('en');
    expect(heard).toHaveLength(1);
    expect(say(i18n, 'c', { ns: 'catalog' })).toBe('Catalog');
  });
});
