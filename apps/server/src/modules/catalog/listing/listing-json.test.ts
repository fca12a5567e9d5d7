import { describe, expect, it } from 'vitest';
import type { TListingResponse, TProductCard } from '@tessera/contracts';
import { listingJson } from './listing-json.js';

const card = (id: string, title: string, extra: Partial<TProductCard> = {}): TProductCard => ({
  id,
  slug: `${id}-slug`,
  title,
  price: { amount: 1250, currency: 'EUR' },
  mrp: { amount: 1500, currency: 'EUR' },
  discountPercent: 16,
  moq: 1,
  stockState: 'in_stock',
  rating: 4.5,
  reviewCount: 3,
  image: null,
  colours: ['red', 'natural'],
  store: { id: 's1', storeAliasName: 'atelier', storeName: 'Atelier "Nurul" \\ سجادة' },
  brand: null,
  originCountry: 'MY',
  certifications: ['GOTS'],
  leadTimeDays: 7,
  ...extra,
});

const answer = (items: TProductCard[], q: string | null = null): TListingResponse => ({
  message: 'ok',
  data: {
    items,
    total: items.length,
    facets: [{ key: 'colour', label: 'Colour', values: [{ value: 'red', label: 'Red \u2028 "items"', count: 2, selected: false }] }],
    nextCursor: items.length ? 'abc.def' : null,
    correctedQuery: q,
    emptyMessage: items.length ? null : 'No products',
  },
});

describe('listingJson', () => {
  it('writes the same bytes as JSON.stringify, with cards seen before and new ones, in any language', () => {
    const shared = card('p1', 'Handwoven basket \u{1F9FA}');
    const first = answer([shared, card('p2', 'Cesta tejida \u0000 \ud800')]);
    expect(listingJson(first)).toBe(JSON.stringify(first));
    // The same card object again (its text kept), beside a new one, and a query holding the marker's words.
    const second = answer([card('p3', 'بساط صوف'), shared], '\u0000items\u0000');
    expect(listingJson(second)).toBe(JSON.stringify(second));
    expect(JSON.parse(listingJson(second))).toEqual(second);
  });

  it('writes an empty page as JSON.stringify does', () => {
    const empty = answer([]);
    expect(listingJson(empty)).toBe(JSON.stringify(empty));
  });
});
