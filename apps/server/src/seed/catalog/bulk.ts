import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Most bound parameters per statement: SQLite allows 32,766, PostgreSQL 65,535; stay under both
 * so one chunk size works on either dialect.
 */
const MAX_PARAMETERS = 30_000;

/**
 * Multi-row inserts in chunks that fit the parameter limit; `rows` all have the same columns.
 * Chunks are a fixed size and the remainder is split in powers of two, so a long seed reuses a
 * few statement shapes: the SQLite driver keeps prepared statements by their text, and a new
 * shape per chunk would fill that cache with statements of thousands of parameters.
 */
export async function insertRows<T extends keyof Database & string>(db: Kysely<Database> | Transaction<Database>, table: T, rows: ReadonlyArray<Insertable<Database[T]>>): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first).length;
  let size = 2 ** Math.floor(Math.log2(Math.max(1, MAX_PARAMETERS / columns)));
  let start = 0;
  while (start < rows.length) {
    while (size > rows.length - start) size /= 2;
    // Kysely cannot narrow a table chosen by a type parameter; the rows are typed by the signature.
    await db
      .insertInto(table)
      .values(rows.slice(start, start + size) as never)
      .execute();
    start += size;
  }
}
