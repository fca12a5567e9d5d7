import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { prepared } from './prepared-query.js';

let t: TestDatabase;
const now = 1_700_000_000_000;

beforeAll(async () => {
  t = await createTestDatabase();
  const db = t.db.kysely;
  await db
    .insertInto('tax_rates')
    .values(['AA', 'BB', 'CC'].map((country, i) => ({ country, rate_bp: 100 * (i + 1), updated_at: now })))
    .execute();
});
afterAll(() => t.drop());

const rateOf = prepared((db, country: string) => db.selectFrom('tax_rates').select(['country', 'rate_bp']).where('country', '=', country));
const ratesOf = prepared((db, countries: readonly string[]) =>
  db.selectFrom('tax_rates').select(['country', 'rate_bp']).where('country', 'in', countries).orderBy('country'),
);
// A constant of the build stays bound beside the arguments.
const rateAbove = prepared((db, floor: number) =>
  db.selectFrom('tax_rates').select('country').where('rate_bp', '>', floor).where('country', '!=', 'CC').orderBy('country'),
);
const setRate = prepared((db, country: string, rate: number) => db.updateTable('tax_rates').set({ rate_bp: rate }).where('country', '=', country));

describe('prepared queries (compiled once, values bound per call)', () => {
  it('answers each call with its own values, in and out of a transaction', async () => {
    const db = t.db.kysely;
    expect(await rateOf.first(db, 'AA')).toEqual({ country: 'AA', rate_bp: 100 });
    expect(await rateOf.first(db, 'BB')).toEqual({ country: 'BB', rate_bp: 200 });
    expect(await rateOf.first(db, 'ZZ')).toBeUndefined();
    expect(await rateAbove.all(db, 100)).toEqual([{ country: 'BB' }]);
    expect(await rateAbove.all(db, 0)).toEqual([{ country: 'AA' }, { country: 'BB' }]);
    await db.transaction().execute(async (trx) => {
      expect(await setRate.affected(trx, 'CC', 333)).toBe(1);
      expect(await rateOf.first(trx, 'CC')).toEqual({ country: 'CC', rate_bp: 333 });
    });
    expect(await setRate.affected(db, 'ZZ', 1)).toBe(0);
  });

  it('compiles an `in` list per length and binds every item', async () => {
    const db = t.db.kysely;
    expect(await ratesOf.all(db, ['AA'])).toEqual([{ country: 'AA', rate_bp: 100 }]);
    expect((await ratesOf.all(db, ['CC', 'AA'])).map((r) => r.country)).toEqual(['AA', 'CC']);
    expect((await ratesOf.all(db, ['BB', 'ZZ'])).map((r) => r.country)).toEqual(['BB']);
    expect((await ratesOf.all(db, ['AA', 'BB', 'CC'])).map((r) => r.country)).toEqual(['AA', 'BB', 'CC']);
  });

  it('inserts rows given as objects (one or many), compiled per set of fields', async () => {
    const db = t.db.kysely;
    const insertRates = prepared((db, rows: { country: string; rate_bp: number; updated_at: number }[]) => db.insertInto('tax_rates').values(rows));
    expect(await insertRates.affected(db, [{ country: 'DD', rate_bp: 400, updated_at: now }])).toBe(1);
    expect(
      await insertRates.affected(db, [
        { country: 'EE', rate_bp: 500, updated_at: now },
        { country: 'FF', rate_bp: 600, updated_at: now },
      ]),
    ).toBe(2);
    const insertRate = prepared((db, row: { country: string; rate_bp: number; updated_at: number }) => db.insertInto('tax_rates').values(row));
    await insertRate.execute(db, { country: 'GG', rate_bp: 700, updated_at: now });
    expect((await ratesOf.all(db, ['DD', 'EE', 'FF', 'GG'])).map((r) => r.rate_bp)).toEqual([400, 500, 600, 700]);
  });

  it('refuses a build that does not bind an argument as a value', async () => {
    const ignoring = prepared((db, _country: string) => db.selectFrom('tax_rates').select('country'));
    await expect(async () => ignoring.all(t.db.kysely, 'AA')).rejects.toThrow(/not parameters/);
  });
});
