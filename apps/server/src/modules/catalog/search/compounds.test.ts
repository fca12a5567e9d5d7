import { describe, expect, it } from 'vitest';
import { ZListingResponseSchema } from '@tessera/contracts';
import { ADJECTIVES, MATERIAL_NAMES } from '../../../seed/catalog/vocabulary.js';
import { createTestApp } from '../../../test/app.js';
import { createApprovedStore, createCategory, createProduct } from '../../../test/catalog.js';

/**
 * Joined, hyphenated and spaced spellings of a word find the same products, in the four languages,
 * with words of the demo catalog (seed/catalog/vocabulary.ts): through the listing's search and
 * the search box's suggestions, as a buyer sees them.
 */
const { app } = await createTestApp();
const store = await createApprovedStore(app, { storeName: 'Kampung Weavers' });
const category = await createCategory(app, { name: { en: 'Baskets', es: 'Cestas' } });
const base = { storeId: store.storeId, categoryId: category.id, description: { en: 'Made to last.' } };

// The demo catalog's hand-woven adjective, in each language (the Arabic one written apart).
const woven = ADJECTIVES.handwoven;
const hyphenated = await createProduct(app, {
  ...base,
  title: { en: `${woven.en} seagrass basket`, es: `Cesta ${woven.es[1]}`, ar: `سلة ${woven.ar[1]}`, ms: `Bakul ${woven.ms}` },
  materials: [{ material: 'seagrass', share: 100 }],
});
const joined = await createProduct(app, { ...base, title: { en: 'Handwoven jute basket' }, materials: [{ material: 'jute', share: 100 }] });
const spaced = await createProduct(app, { ...base, title: { en: 'Hand woven rattan basket' }, materials: [{ material: 'rattan', share: 100 }] });
// Both words, but not one after the other: not the compound.
const apart = await createProduct(app, { ...base, title: { en: 'Woven hand towel' }, materials: [{ material: 'linen', share: 100 }] });

const ecoHyphen = await createProduct(app, { ...base, title: { en: 'Eco-friendly tote' }, materials: [{ material: 'organic-cotton', share: 100 }] });
const ecoJoined = await createProduct(app, { ...base, title: { en: 'Ecofriendly notebook' }, materials: [{ material: 'paper', share: 100 }] });
const ecoSpaced = await createProduct(app, { ...base, title: { en: 'Eco friendly candle' }, materials: [{ material: 'soy-wax', share: 100 }] });

// Spanish: the demo category "Velas y bienestar" writes bienestar joined.
const wellbeing = await createProduct(app, {
  ...base,
  title: { en: 'Bath salts', es: 'Sales de baño para el bienestar' },
  materials: [{ material: 'clay', share: 100 }],
});
// Malay: wool is "bulu biri-biri" (hyphenated), recycled is "kitar semula" (apart).
const wool = await createProduct(app, {
  ...base,
  title: { en: 'Wool throw', ms: `Selimut ${MATERIAL_NAMES.wool.ms}` },
  materials: [{ material: 'wool', share: 100 }],
});
const glass = await createProduct(app, {
  ...base,
  title: { en: 'Glass vase', ms: `Pasu ${MATERIAL_NAMES['recycled-glass'].ms}` },
  materials: [{ material: 'clay', share: 100 }],
});

async function search(q: string, language = 'en') {
  const response = await app.inject({ method: 'GET', url: `/v1/products?q=${encodeURIComponent(q)}&limit=60`, headers: { language } });
  expect(response.statusCode, response.body).toBe(200);
  const { data } = ZListingResponseSchema.parse(response.json());
  return { ids: new Set(data.items.map((item) => item.id)), total: data.total, correctedQuery: data.correctedQuery };
}
const found = async (q: string, language = 'en') => (await search(q, language)).ids;

async function suggestions(q: string, language = 'en'): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/v1/search/suggest?q=${encodeURIComponent(q)}&limit=5`, headers: { language } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { terms: string[] } }).data.terms;
}

describe('joined, hyphenated and spaced words', () => {
  it('find the same products in English, however the word is written in the query or the product', async () => {
    const baskets = new Set([hyphenated.id, joined.id, spaced.id]);
    for (const q of ['handwoven', 'hand-woven', 'hand woven', 'Hand‑Woven', 'handwoven basket', 'hand-woven baskets', 'hand woven basket']) {
      const ids = await found(q);
      expect(ids.has(apart.id) ? new Set([...ids].filter((id) => id !== apart.id)) : ids, q).toEqual(baskets);
    }
    // Written as one word, the compound needs its parts next to each other.
    expect(await found('handwoven')).not.toContain(apart.id);
    const eco = new Set([ecoHyphen.id, ecoJoined.id, ecoSpaced.id]);
    for (const q of ['eco-friendly', 'ecofriendly', 'eco friendly', 'ecofriendly tote']) {
      expect(await found(q), q).toEqual(q.endsWith('tote') ? new Set([ecoHyphen.id]) : eco);
    }
  });

  it('correct a typo next to a compound, and a typo inside one', async () => {
    const typo = await search('handwoven baskt');
    expect(typo.ids).toEqual(new Set([hyphenated.id, joined.id, spaced.id]));
    expect(typo.correctedQuery).toBe('handwoven basket');
    const inside = await search('handwovn');
    expect(inside.ids).toEqual(new Set([hyphenated.id, joined.id, spaced.id]));
    expect(inside.correctedQuery?.replace('-', '')).toBe('handwoven');
  });

  it('are suggested joined as the buyer types, and complete the next word', async () => {
    expect((await suggestions('handwo')).map((term) => term.replace('-', ''))).toContain('handwoven');
    expect((await suggestions('ecofri')).map((term) => term.replace('-', ''))).toContain('ecofriendly');
    expect(await suggestions('handwoven bask')).toContain('handwoven basket');
    expect(await suggestions('handwoven baskt')).toEqual(['handwoven basket']);
    // Split words the vocabulary knows are not taken for typos.
    expect(await suggestions('kitarsemula pas', 'ms')).toEqual(['kitarsemula pasu']);
  });

  it('find the same products in Spanish, Malay and Arabic', async () => {
    for (const q of ['bienestar', 'bien estar', 'bien-estar']) expect(await found(q, 'es'), q).toEqual(new Set([wellbeing.id]));
    for (const q of ['biri-biri', 'biribiri', 'biri biri', 'bulu biribiri']) expect(await found(q, 'ms'), q).toEqual(new Set([wool.id]));
    for (const q of ['kitar semula', 'kitarsemula', 'kitar-semula']) expect(await found(q, 'ms'), q).toEqual(new Set([glass.id]));
    expect(await found('tenunan tangan', 'ms')).toEqual(new Set([hyphenated.id]));
    expect(await found('tenunantangan', 'ms')).toEqual(new Set([hyphenated.id]));
    // "منسوجة يدويًا" (hand-woven) typed apart, joined or hyphenated.
    for (const q of [woven.ar[1], woven.ar[1].replace(' ', ''), woven.ar[1].replace(' ', '-')])
      expect(await found(q, 'ar'), q).toEqual(new Set([hyphenated.id]));
    // Spanish hand-woven ("tejida a mano") also finds the basket with its stop word dropped.
    expect(await found(woven.es[1], 'es')).toEqual(new Set([hyphenated.id]));
  });
});
