import { LANGUAGES } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { createServerI18n, translate } from '../../../lib/i18n/all.server';
import { PORTAL_TRANSLATIONS } from './index';

type Tree = string | { readonly [key: string]: Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') return out.set(prefix, tree);
  for (const [key, value] of Object.entries(tree)) {
    for (const [path, text] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(path, text);
  }
  return out;
}

/** Texts that are the same in English and another language on purpose. */
const SAME_AS_ENGLISH = new Set([
  'admin.companies.none',
  'admin.sellers.none',
  'admin.dashboard.atLeast',
  'admin.outbox.channels.sms',
  'admin.outbox.lastError',
  'admin.outbox.status',
  'admin.team.status',
  'admin.roles.moderator',
  'seller.store.sizes.web',
  'seller.home.alias',
  'seller.store.logo',
]);

describe("the 'portal' namespace", () => {
  const english = leaves(PORTAL_TRANSLATIONS.en as unknown as Tree);

  it.each(LANGUAGES)('%s has every key of English, each non-empty, with the same placeholders', (language) => {
    const other = leaves(PORTAL_TRANSLATIONS[language] as unknown as Tree);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, text] of other) {
      expect(text.trim(), path).not.toBe('');
      const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(placeholders(text), path).toEqual(placeholders(english.get(path) ?? ''));
    }
  });

  it('leaves nothing in English in the other languages', () => {
    for (const language of ['es', 'ar', 'ms'] as const) {
      const other = leaves(PORTAL_TRANSLATIONS[language] as unknown as Tree);
      const untranslated = [...other].filter(([path, text]) => text === english.get(path) && !SAME_AS_ENGLISH.has(path));
      expect(untranslated, language).toEqual([]);
    }
  });

  it('is registered beside the storefront texts, in React and outside it', () => {
    const i18n = createServerI18n('ar');
    expect(i18n.t('common.sellerPortal', { ns: 'portal' })).toBe('بوابة البائعين');
    expect(i18n.t('gate.submit')).toBe('متابعة');
    expect(translate('es', 'portal:admin.queue.approve')).toBe('Aprobar');
    expect(translate('ms', 'portal:seller.status.pending')).toBe('Menunggu kelulusan');
  });
});
