import { pickCurrency, type RateTable } from '../currencies/index.js';
import type { CartCurrency } from './cart-pricing.js';

/**
 * The cart in the buyer's currency (issue #11 §6): the currency the request names (`currencycode`,
 * an enabled one, else the default, as the catalog does), converted from the store's currency at the
 * rates of `table` — one read of the rates for a whole cart, so every amount of an answer (and of an
 * order) is converted at the same rate.
 *
 * Rounding (docs/payments.md): each unit price, MRP and per-seller fee is converted once, half away
 * from zero; line totals, subtotals, tax and totals are then computed from those shown amounts by the
 * cart calculator, so every total is exactly the sum of what the buyer sees.
 */
export function cartCurrency(table: RateTable, requested: string | undefined): CartCurrency {
  const target = pickCurrency(table, requested);
  const store = table.defaultCurrency;
  const convert = (amount: number, from: string, to: string) => (from === to || amount === 0 ? amount : table.quote(from, to).convert(amount));
  return {
    code: target.code,
    storeCurrency: store,
    convert: (amount, from) => convert(amount, from, target.code),
    toStore: (amount, from) => convert(amount, from, store),
    exchange: target.code === store ? null : { from: store, to: target.code, rate: table.quote(store, target.code).rate, rateSetAt: target.updatedAt },
  };
}
