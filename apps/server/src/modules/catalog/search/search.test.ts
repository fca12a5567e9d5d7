import { describe, expect, it } from 'vitest';
import type { Language } from '@tessera/contracts';
import { createTestApp } from '../../../test/app.js';
import { createApprovedStore, createCategory, createProduct } from '../../../test/catalog.js';
import { createSearch } from './create-search.js';

const { app } = await createTestApp();
const search = app.services.catalog.search;
const db = app.db.kysely;

const kampung = await createApprovedStore(app, { storeName: 'Kampung Weavers' });
const loom = await createApprovedStore(app, { storeName: 'Loom and Leaf' });
const category = await createCategory(app, { name: { en: 'Home goods', es: 'Hogar' } });
const base = { categoryId: category.id, description: { en: 'Made by hand.' } };

const tote = await createProduct(app, {
  ...base,
  storeId: loom.storeId,
  title: { en: 'Organic cotton tote bag', es: 'Bolsa de algodón orgánico', ar: 'حقيبة من القطن العضوي', ms: 'Beg kapas organik' },
  materials: [{ material: 'organic-cotton', share: 100 }],
  popularity: 5,
});
const baskets = await createProduct(app, {
  ...base,
  storeId: loom.storeId,
  title: { en: 'Handwoven seagrass baskets', es: 'Cestas tejidas a mano', ar: 'سلة منسوجة يدويا', ms: 'Bakul anyaman tangan' },
  materials: [{ material: 'seagrass', share: 100 }],
});
const candle = await createProduct(app, {
  ...base,
  storeId: kampung.storeId,
  title: { en: 'Hand-poured candle' },
  tags: ['aromatherapy'],
  materials: [{ material: 'beeswax', share: 100 }],
});
const napkins = await createProduct(app, {
  ...base,
  storeId: loom.storeId,
  title: { en: 'Table napkins' },
  description: { en: 'Stonewashed flax with a running stitch along every edge.' },
  materials: [{ material: 'linen', share: 100 }],
});
const linenTitle = await createProduct(app, {
  ...base,
  storeId: loom.storeId,
  title: { en: 'Linen apron' },
  description: { en: 'A workshop apron.' },
  materials: [{ material: 'hemp', share: 100 }],
});
const linenBody = await createProduct(app, {
  ...base,
  storeId: loom.storeId,
  title: { en: 'Workshop apron' },
  description: { en: 'Cut from a heavy linen canvas.' },
  materials: [{ material: 'hemp', share: 100 }],
});
const scarf = await createProduct(app, {
  ...base,
  storeId: loom.storeId,
  title: { en: 'Red scarf', ar: 'وشاحٌ أحمرُ مطرّز' },
  materials: [{ material: 'silk', share: 100 }],
});
const draft = await createProduct(app, { ...base, storeId: loom.storeId, title: { en: 'Secret prototype lantern' }, status: 'draft', materials: [{ material: 'brass', share: 100 }] });

const find = async (query: string, language: Language = 'en') => (await search.match({ query, language, limit: 50 })).productIds;

describe('search', () => {
  it('corrects a typo to the closest frequent word and says so', async () => {
    const result = await search.match({ query: 'orgnic cotton', language: 'en', limit: 50 });
    expect(result.productIds).toContain(tote.id);
    expect(result.correctedQuery).toBe('organic cotton');
    const longer = await search.match({ query: 'aromatheraphy', language: 'en', limit: 50 });
    expect(longer.productIds).toEqual([candle.id]);
    expect(longer.correctedQuery).toBe('aromatherapy');
    // Two edits away (found through the trigram index), and a short word one edit away.
    expect(await search.match({ query: 'aromtherpy', language: 'en', limit: 50 })).toEqual({ productIds: [candle.id], correctedQuery: 'aromatherapy' });
    const short = await search.match({ query: 'aprno', language: 'en', limit: 50 });
    expect(short.correctedQuery).toBe('apron');
    expect(short.productIds).toHaveLength(2);
    expect((await search.match({ query: 'organic cotton', language: 'en', limit: 50 })).correctedQuery).toBeNull();
  });

  it('finds nothing and corrects nothing for a word nowhere near the vocabulary', async () => {
    expect(await search.match({ query: 'zzyzx', language: 'en', limit: 50 })).toEqual({ productIds: [], correctedQuery: null });
    expect(await search.match({ query: '  !!  ', language: 'en', limit: 50 })).toEqual({ productIds: [], correctedQuery: null });
  });

  it('stems English: plural and singular, -ing', async () => {
    expect(await find('basket')).toEqual([baskets.id]);
    expect(await find('candles')).toEqual([candle.id]);
    expect(await find('stitches')).toEqual([napkins.id]);
    expect(await find('run ')).toEqual([napkins.id]);
    expect(await find('runs ')).toEqual([napkins.id]);
  });

  it('stems Spanish and folds its accents', async () => {
    expect(await find('cesta', 'es')).toEqual([baskets.id]);
    expect(await find('cestas', 'es')).toEqual([baskets.id]);
    expect(await find('tejida', 'es')).toEqual([baskets.id]);
    expect(await find('algodon organico', 'es')).toEqual([tote.id]);
    expect(await find('ALGODÓN orgánica', 'es')).toEqual([tote.id]);
  });

  it('normalises Arabic: the article, hamza forms, tashkeel and tatweel', async () => {
    expect(await find('القطن', 'ar')).toEqual([tote.id]);
    expect(await find('قطن', 'ar')).toEqual([tote.id]);
    expect(await find('السلة', 'ar')).toEqual([baskets.id]);
    expect(await find('سَلّة', 'ar')).toEqual([baskets.id]);
    expect(await find('احمر', 'ar')).toEqual([scarf.id]);
    expect(await find('إحمر', 'ar')).toEqual([scarf.id]);
    expect(await find('أحـــمر', 'ar')).toEqual([scarf.id]);
    expect(await find('مطرز', 'ar')).toEqual([scarf.id]);
  });

  it('matches Malay words through their affixes', async () => {
    expect(await find('anyam', 'ms')).toEqual([baskets.id]);
    expect(await find('dianyam', 'ms')).toEqual([baskets.id]);
    expect(await find('kapas', 'ms')).toEqual([tote.id]);
  });

  it('matches store names, materials in every language and tags', async () => {
    expect(await find('kampung weavers')).toEqual([candle.id]);
    expect(await find('beeswax')).toEqual([candle.id]);
    expect(await find('cera de abeja', 'es')).toEqual([candle.id]);
    expect(await find('lilin lebah', 'ms')).toEqual([candle.id]);
    expect(await find('aromatherapy')).toEqual([candle.id]);
    expect(await find('hogar', 'es')).toHaveLength(7);
  });

  it('ranks a title match above a description match', async () => {
    const ids = await find('linen ');
    expect(ids.indexOf(linenTitle.id)).toBeLessThan(ids.indexOf(linenBody.id));
    expect(ids).toEqual(expect.arrayContaining([linenTitle.id, linenBody.id, napkins.id]));
  });

  it('answers a broad search (more matches than it ranks one by one) within the limit', async () => {
    // The same index, read as a search that finds more matches than it ranks one by one.
    const broad = createSearch(app.db, { rankedMax: 1 });
    const ids = (await broad.match({ query: 'linen ', language: 'en', limit: 50 })).productIds;
    if (app.db.dialect === 'sqlite') {
      // SQLite orders it by tier: all words in the title, then in store, materials or tags, then anywhere.
      expect(ids).toEqual([linenTitle.id, napkins.id, linenBody.id]);
      expect((await broad.match({ query: 'linen ', language: 'en', limit: 2 })).productIds).toEqual([linenTitle.id, napkins.id]);
    } else {
      expect([...ids].sort()).toEqual([linenTitle.id, napkins.id, linenBody.id].sort());
      expect((await broad.match({ query: 'linen ', language: 'en', limit: 2 })).productIds).toHaveLength(2);
    }
    expect((await broad.match({ query: 'orgnic cotton', language: 'en', limit: 50 })).productIds).toEqual([tote.id]);
  });

  it('matches a half-typed last word by prefix', async () => {
    expect(await find('organic cot')).toEqual([tote.id]);
    expect(await find('aromath')).toEqual([candle.id]);
  });

  it('never finds unpublished or deleted products', async () => {
    expect(await find('prototype lantern')).toEqual([]);
    const gone = await createProduct(app, { ...base, storeId: loom.storeId, title: { en: 'Vanishing teapot' }, materials: [{ material: 'clay', share: 100 }] });
    expect(await find('teapot')).toEqual([gone.id]);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('products').where('id', '=', gone.id).execute();
      await search.reindex({ productIds: [gone.id], trx });
    });
    expect(await find('teapot')).toEqual([]);
    expect(await search.suggest({ prefix: 'teap', language: 'en', limit: 5 })).toEqual([]);

    const unpublished = await createProduct(app, { ...base, storeId: loom.storeId, title: { en: 'Seasonal wreath' }, materials: [{ material: 'jute', share: 100 }] });
    expect(await find('wreath')).toEqual([unpublished.id]);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ status: 'unpublished' }).where('id', '=', unpublished.id).execute();
      await search.reindex({ productIds: [unpublished.id], trx });
    });
    expect(await find('wreath')).toEqual([]);
    expect(draft.id).toBeTruthy();
  });

  it('suggests completions of the last word, keeping the earlier ones, most frequent first', async () => {
    expect(await search.suggest({ prefix: 'organic cot', language: 'en', limit: 5 })).toEqual(['organic cotton']);
    expect(await search.suggest({ prefix: 'algod', language: 'es', limit: 5 })).toEqual(['algodón']);
    // 'apron' is in two products, 'aromatherapy' in one.
    expect(await search.suggest({ prefix: 'ap', language: 'en', limit: 5 })).toEqual(['apron']);
    expect((await search.suggest({ prefix: 'a', language: 'en', limit: 20 })).indexOf('apron')).toBeLessThan(
      (await search.suggest({ prefix: 'a', language: 'en', limit: 20 })).indexOf('aromatherapy'),
    );
    expect(await search.suggest({ prefix: 'orgnic', language: 'en', limit: 5 })).toEqual(['organic']);
    expect(await search.suggest({ prefix: 'organic ', language: 'en', limit: 5 })).toEqual([]);
  });

  it('rebuilds the whole index to the same answers', async () => {
    const before = await search.match({ query: 'orgnic cotton', language: 'en', limit: 50 });
    await search.reindexAll();
    expect(await search.match({ query: 'orgnic cotton', language: 'en', limit: 50 })).toEqual(before);
    expect(await find('cestas', 'es')).toEqual([baskets.id]);
    expect(await find('prototype')).toEqual([]);
    expect(await search.suggest({ prefix: 'ap', language: 'en', limit: 5 })).toEqual(['apron']);
  });
});
