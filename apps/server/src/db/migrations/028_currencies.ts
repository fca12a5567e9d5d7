import type { Kysely, Migration } from 'kysely';

/**
 * Currency rates (modules/currencies): units of a currency per one unit of the default currency
 * (EUR), kept as exact decimal strings. Starting rates for the currencies the app offered so far;
 * the store team maintains them (PUT /v1/admin/currencies/:code).
 */
const STARTING_RATES: ReadonlyArray<[code: string, symbol: string, minorDigits: number, rate: string]> = [
  ['EUR', '€', 2, '1'],
  ['USD', '$', 2, '1.08'],
  ['GBP', '£', 2, '0.85'],
  ['INR', '₹', 2, '90.5'],
  ['AED', 'د.إ', 2, '3.97'],
  ['MYR', 'RM', 2, '4.75'],
];

export const currencies: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('currency_rates')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('symbol', 'text', (c) => c.notNull())
      .addColumn('minor_digits', 'integer', (c) => c.notNull())
      .addColumn('rate', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();
    const now = Date.now();
    await db
      .insertInto('currency_rates' as never)
      .values(STARTING_RATES.map(([code, symbol, minorDigits, rate]) => ({ code, symbol, minor_digits: minorDigits, rate, enabled: 1, updated_at: now, updated_by: null })) as never)
      .execute();
  },
};
