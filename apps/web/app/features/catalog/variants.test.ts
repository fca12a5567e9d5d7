import type { TVariant } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { chooseVariant } from './variants';

const money = (amount: number) => ({ amount, currency: 'EUR' });
function variant(id: string, colour: string | null, size: string | null, stock: number, price = 1000): TVariant {
  return { id, colour, size, sku: null, price: money(price), mrp: money(price), stock, stockState: stock > 0 ? 'in_stock' : 'out_of_stock' };
}

const variants = [variant('a', 'red', 'L', 0), variant('b', 'red', 'S', 3, 900), variant('c', 'blue', 'M', 0), variant('d', 'blue', 'XS', 2, 1200)];

describe('choosing a variant', () => {
  it('starts with the first variant in stock, sizes in size order for its colour', () => {
    const choice = chooseVariant({ variants }, {});
    expect(choice).toMatchObject({ colour: 'red', size: 'S', variant: { id: 'b' } });
    expect(choice.sizes).toEqual([
      { value: 'S', available: true },
      { value: 'L', available: false },
    ]);
    expect(choice.colours).toEqual([
      { value: 'red', available: true },
      { value: 'blue', available: true },
    ]);
  });

  it('follows the picked colour and size, out of stock ones included', () => {
    expect(chooseVariant({ variants }, { colour: 'blue' })).toMatchObject({ colour: 'blue', size: 'XS', variant: { id: 'd', price: money(1200) } });
    expect(chooseVariant({ variants }, { colour: 'blue', size: 'M' }).variant?.id).toBe('c');
  });

  it('ignores values the product does not have', () => {
    expect(chooseVariant({ variants }, { colour: 'green', size: 'XXL' })).toMatchObject({ colour: 'red', size: 'S' });
    expect(chooseVariant({ variants: [] }, { colour: 'red' })).toMatchObject({ colour: null, size: null, variant: null, colours: [], sizes: [] });
  });
});
