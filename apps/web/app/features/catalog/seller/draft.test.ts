import { ZProductInputSchema, type TSellerProduct } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { asciiDigits, categoryOptions, discountPercent, draftOf, emptyDraft, emptySpec, fromMinor, isExpired, materialsTotal, payloadOf, toMinor, type Draft } from './draft';

describe('money typed in major units', () => {
  it('reads dots, commas and Arabic digits into minor units', () => {
    expect(toMinor('24.50', 'EUR')).toBe(2450);
    expect(toMinor('24,5', 'EUR')).toBe(2450);
    expect(toMinor('٢٤٫٥', 'EUR')).toBe(2450);
    expect(toMinor(' 1200 ', 'MYR')).toBe(120000);
  });
  it('refuses what is not an amount, or has more decimals than the currency', () => {
    for (const text of ['', 'abc', '-3', '1.234', '1.2.3']) expect(toMinor(text, 'EUR'), text).toBeNull();
  });
  it('writes minor units back as the form shows them', () => {
    expect(fromMinor(2450, 'EUR')).toBe('24.50');
    expect(fromMinor(null, 'EUR')).toBe('');
  });
  it('turns Arabic-Indic and Persian digits into ASCII', () => {
    expect(asciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۹')).toBe('0123456789 09');
  });
});

describe('what the form shows live', () => {
  it('derives the whole-percent discount from price and MRP', () => {
    expect(discountPercent(7500, 10000)).toBe(25);
    expect(discountPercent(6667, 10000)).toBe(33);
    expect(discountPercent(10000, 10000)).toBe(0);
    expect(discountPercent(null, 10000)).toBe(0);
  });
  it('adds the material shares, counting what is not a number as 0', () => {
    const draft = { materials: [{ key: 'a', material: 'organic-cotton', share: '80' }, { key: 'b', material: 'linen', share: '2x' }] } as Pick<Draft, 'materials'>;
    expect(materialsTotal(draft)).toBe(80);
  });
  it('flags a certificate whose expiry date has passed', () => {
    const now = Date.UTC(2026, 10, 22);
    expect(isExpired('2026-11-21', now)).toBe(true);
    expect(isExpired('2026-11-22', now)).toBe(false);
    expect(isExpired('', now)).toBe(false);
  });
  it('orders categories depth first under their parents', () => {
    const c = (id: string, parentId: string | null) => ({ id, parentId, slug: id, name: id, imageUrl: null, productCount: 0 });
    expect(categoryOptions([c('rugs', 'home'), c('home', null), c('textiles', null)]).map((o) => `${o.depth}:${o.id}`)).toEqual(['0:home', '1:rugs', '0:textiles']);
  });
});

describe('the payload', () => {
  function filled(): Draft {
    const draft = emptyDraft('EUR');
    draft.title.en = 'Handwoven batik scarf';
    draft.title.ar = 'وشاح باتيك';
    draft.description.en = 'Hand-drawn batik on organic cotton.';
    draft.highlights.en = 'Hand-drawn\n\n  Natural dyes ';
    draft.categoryId = '01a21196-0000-7000-8000-0000000000c1';
    draft.manufacturer = 'Atelier Nurul';
    draft.price = '24,50';
    draft.mrp = '30';
    draft.materials = [{ key: 'm', material: 'organic-cotton', share: '100' }];
    draft.originCountry = 'MY';
    draft.makerName = 'Nurul Aziz';
    draft.tags = ['batik'];
    return draft;
  }

  it('is what the contracts schema accepts, with money in minor units and only the written languages', () => {
    const payload = payloadOf(filled());
    expect(ZProductInputSchema.safeParse(payload).success).toBe(true);
    expect(payload.price).toBe(2450);
    expect(payload.mrp).toBe(3000);
    expect(payload.title).toEqual({ en: 'Handwoven batik scarf', ar: 'وشاح باتيك' });
    expect(payload.highlights).toEqual({ en: ['Hand-drawn', 'Natural dyes'] });
    expect(payload.brandId).toBeNull();
  });

  it('sends each spec in English with the translations written, drops empty rows, and reads them back the same', () => {
    const draft = filled();
    const weight = emptySpec();
    Object.assign(weight.label, { en: 'Weight ', ar: 'الوزن', es: 'Peso' });
    Object.assign(weight.value, { en: '900 g', ar: '900 غ' });
    const care = emptySpec();
    Object.assign(care.label, { en: 'Care' });
    Object.assign(care.value, { en: 'Hand wash', ms: '  ' });
    draft.specs = [weight, emptySpec(), care];
    const payload = payloadOf(draft);
    expect(ZProductInputSchema.safeParse(payload).success).toBe(true);
    expect(payload.specs).toEqual([
      { label: 'Weight', value: '900 g', translations: { es: { label: 'Peso' }, ar: { label: 'الوزن', value: '900 غ' } } },
      { label: 'Care', value: 'Hand wash' },
    ]);
    // The seller's product as the API reads it back: the payload's fields with what the server adds.
    const stored = { ...payload, id: 'p1', slug: 'p1', status: 'draft', variants: [], certifications: [], images: [] } as unknown as TSellerProduct;
    const again = draftOf(stored);
    expect(again.specs.map(({ label, value }) => ({ label, value }))).toEqual([
      { label: { en: 'Weight', es: 'Peso', ar: 'الوزن', ms: '' }, value: { en: '900 g', es: '', ar: '900 غ', ms: '' } },
      { label: { en: 'Care', es: '', ar: '', ms: '' }, value: { en: 'Hand wash', es: '', ar: '', ms: '' } },
    ]);
  });

  it('takes the MRP as the price when it is left empty, and the stock from the variants when there are some', () => {
    const draft = filled();
    draft.mrp = '';
    draft.variants = [
      { key: 'v1', colour: 'red', size: 'M', sku: '', price: '', mrp: '', stock: '3' },
      { key: 'v2', colour: 'blue', size: 'L', sku: 'B-L', price: '26', mrp: '', stock: '4' },
    ];
    const payload = payloadOf(draft);
    expect(payload.mrp).toBe(2450);
    expect(payload.stock).toBe(7);
    expect(payload.variants.map((v) => [v.sku, v.price, v.mrp])).toEqual([
      [null, null, null],
      ['B-L', 2600, null],
    ]);
  });

  it('sends a variant’s own MRP when one is typed, in minor units', () => {
    const draft = filled();
    draft.variants = [{ key: 'v1', colour: 'red', size: 'M', sku: '', price: '26', mrp: '39.90', stock: '3' }];
    expect(payloadOf(draft).variants[0]?.mrp).toBe(3990);
    draft.variants = [{ key: 'v1', colour: 'red', size: 'M', sku: '', price: '26', mrp: 'lots', stock: '3' }];
    expect(ZProductInputSchema.safeParse(payloadOf(draft)).error?.issues.map((issue) => issue.path.join('.'))).toContain('variants.0.mrp');
  });

  it('lets the schema name the field of a value that is not a number', () => {
    const draft = filled();
    draft.price = 'twelve';
    draft.variants = [{ key: 'v', colour: '', size: '', sku: '', price: '', mrp: '', stock: '-' }];
    const parsed = ZProductInputSchema.safeParse(payloadOf(draft));
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('price');
    expect(paths).toContain('variants.0.stock');
  });
});
