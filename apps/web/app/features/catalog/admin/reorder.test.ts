import { describe, expect, it } from 'vitest';
import { moveAmongSiblings, slugify } from './reorder';

describe('moveAmongSiblings', () => {
  const items = [
    { id: 'a', sort: 10 },
    { id: 'b', sort: 20 },
    { id: 'c', sort: 30 },
  ];
  it('swaps an item with its neighbour and saves only the changed sort values', () => {
    expect(moveAmongSiblings(items, 'c', -1)).toEqual([
      { id: 'c', sort: 20 },
      { id: 'b', sort: 30 },
    ]);
    expect(moveAmongSiblings(items, 'a', 1)).toEqual([
      { id: 'b', sort: 10 },
      { id: 'a', sort: 20 },
    ]);
  });
  it('renumbers siblings that share a sort value', () => {
    const same = items.map((item) => ({ ...item, sort: 0 }));
    expect(moveAmongSiblings(same, 'b', -1)).toEqual([
      { id: 'b', sort: 10 },
      { id: 'a', sort: 20 },
      { id: 'c', sort: 30 },
    ]);
  });
  it('does nothing past either end or for an unknown id', () => {
    expect(moveAmongSiblings(items, 'a', -1)).toEqual([]);
    expect(moveAmongSiblings(items, 'c', 1)).toEqual([]);
    expect(moveAmongSiblings(items, 'z', 1)).toEqual([]);
  });
});

describe('slugify', () => {
  it('makes a slug the server accepts from a name', () => {
    expect(slugify('Home & Living')).toBe('home-and-living');
    expect(slugify('  Cerámica artesanal! ')).toBe('ceramica-artesanal');
    expect(slugify('منسوجات')).toBe('');
  });
});
