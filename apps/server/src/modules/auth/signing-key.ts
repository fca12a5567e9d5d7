import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const KEY_NAME = 'access-token-hs256';

/** Logged at start in production when JWT_SECRET is not set (docs/security.md, "Secrets"). */
export const SIGNING_KEY_IN_DATABASE_WARNING =
  'JWT_SECRET is not set: the signing key of access tokens (and of codes and cursors) is kept in the database, so a copy of ' +
  'the database is enough to sign tokens. Set JWT_SECRET (at least 32 random characters) from a secret store; see docs/security.md.';

/**
 * The access-token signing key: JWT_SECRET when set; otherwise a random key generated on first
 * start and kept in the database (for SQLite that file lives in DATA_DIR), so that every instance
 * on the same PostgreSQL signs and verifies with the same key and tokens survive restarts.
 */
export async function loadSigningKey(db: Kysely<Database>, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  // Insert-if-absent, then read: two instances starting together agree on whichever key won.
  await db
    .insertInto('app_secrets')
    .values({ name: KEY_NAME, value: randomBytes(64).toString('base64url'), created_at: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
