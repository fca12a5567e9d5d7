import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  clearAllFilters,
  emptyListingState,
  isFacetSelected,
  majorToMinor,
  parseListingParams,
  parsePriceRange,
  toApiQuery,
  toggleFacet,
  toSearchParams,
  type ListingState,
} from './listing-url';

const parse = (query: string) => parseListingParams(new URLSearchParams(query));

describe('the listing URL', () => {
  it('reads every filter and the sort, and writes them back in a fixed order', () => {
    const state = parse('sort=price_asc&q=organic+cotton&colour=red,blue&certification=GOTS&rating=4&discount=20&price=1000-5000&inStock=1&origin=IN');
    expect(state.q).toBe('organic cotton');
    expect(state.sort).toBe('price_asc');
    expect(state.multi.colour).toEqual(['red', 'blue']);
    expect(state.multi.certification).toEqual(['GOTS']);
    expect(state.multi.origin).toEqual(['IN']);
    expect(state).toMatchObject({ rating: 4, discount: 20, price: { min: 1000, max: 5000 }, inStock: true });
    expect(toSearchParams(state).toString()).toBe(
      'q=organic+cotton&sort=price_asc&colour=red%2Cblue&certification=GOTS&origin=IN&rating=4&discount=20&price=1000-5000&inStock=1',
    );
    // Equal states give equal URLs, whatever order the parameters came in.
    expect(toSearchParams(parse(toSearchParams(state).toString())).toString()).toBe(toSearchParams(state).toString());
  });

  it('does not apply an inverted price range, nor swap it: it is kept to be shown back with the error', () => {
    const fromUrl = parseListingParams(new URLSearchParams('price=5000-1000'));
    expect(fromUrl.price).toBeNull();
    expect(fromUrl.priceInverted).toEqual({ min: 5000, max: 1000 });
    const typed = parseListingParams(new URLSearchParams('priceMin=50&priceMax=10'), { minorDigits: 2 });
    expect(typed.price).toBeNull();
    expect(typed.priceInverted).toEqual({ min: 5000, max: 1000 });
    expect(toSearchParams(typed).has('price')).toBe(false);
    const fine = parseListingParams(new URLSearchParams('priceMin=10&priceMax=50'), { minorDigits: 2 });
    expect(fine).toMatchObject({ price: { min: 1000, max: 5000 }, priceInverted: null });
  });

  it('reads what a plain form sends: repeated names and prices in major units', () => {
    const state = parseListingParams(new URLSearchParams('colour=red&colour=blue&colour=red&priceMin=12.5&priceMax=40'), { minorDigits: 2 });
    expect(state.multi.colour).toEqual(['red', 'blue']);
    expect(state.price).toEqual({ min: 1250, max: 4000 });
    expect(parseListingParams(new URLSearchParams('priceMin=&priceMax=300'), { minorDigits: 0 }).price).toEqual({ min: null, max: 300 });
  });

  it('drops values it cannot use instead of failing', () => {
    const state = parse('sort=cheapest&rating=9&discount=-5&price=abc&inStock=maybe&q=' + 'x'.repeat(200));
    expect(state.sort).toBeNull();
    expect(state.rating).toBeNull();
    expect(state.discount).toBeNull();
    expect(state.price).toBeNull();
    expect(state.inStock).toBe(false);
    expect(state.q).toHaveLength(120);
  });

  it('parses price ranges with an open side and leaves a reversed one unapplied', () => {
    expect(parsePriceRange('-5000')).toEqual({ min: null, max: 5000 });
    expect(parsePriceRange('2000-')).toEqual({ min: 2000, max: null });
    expect(parsePriceRange('5000-1000')).toBeNull();
    expect(parsePriceRange('-')).toBeNull();
    expect(majorToMinor('12,5', 2)).toBe(1250);
    expect(majorToMinor('twelve', 2)).toBeNull();
  });

  it('toggles facet values on and off, and a new filter starts from the first page', () => {
    let state: ListingState = { ...parse('q=linen'), cursor: 'abc' };
    state = toggleFacet(state, 'colour', 'red');
    expect(state.cursor).toBeNull();
    state = toggleFacet(toggleFacet(state, 'colour', 'blue'), 'rating', '4');
    expect(state.multi.colour).toEqual(['red', 'blue']);
    expect(isFacetSelected(state, 'rating', '4')).toBe(true);
    state = toggleFacet(toggleFacet(state, 'colour', 'red'), 'rating', '4');
    expect(state.multi.colour).toEqual(['blue']);
    expect(state.rating).toBeNull();
    state = toggleFacet(toggleFacet(state, 'price', '0-2000'), 'inStock', '1');
    expect(activeFilters(state)).toEqual([
      { key: 'colour', value: 'blue' },
      { key: 'price', value: '0-2000' },
      { key: 'inStock', value: '1' },
    ]);
    expect(toggleFacet(state, 'price', '0-2000').price).toBeNull();
    expect(clearAllFilters(state)).toEqual({ ...emptyListingState(), q: 'linen' });
  });

  it('leaves the filters a page path fixes out of its URL but sends them to the API', () => {
    const state = toggleFacet(parse('colour=green'), 'category', 'textiles');
    expect(toSearchParams(state, { fixed: ['category'] }).toString()).toBe('colour=green');
    expect(activeFilters(state, ['category'])).toEqual([{ key: 'colour', value: 'green' }]);
    expect(toApiQuery(parse('colour=green&cursor=xyz'), { store: 'atelier-nurul' }, 24)).toBe('?colour=green&store=atelier-nurul&cursor=xyz&limit=24');
  });
});
