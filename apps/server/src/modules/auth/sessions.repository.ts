import type { Kysely, Transaction } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Data access for sessions and their refresh tokens; only the auth service calls it. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async insertSession(session: SessionsTable, db: Executor = this.db): Promise<void> {
    await db.insertInto('sessions').values(session).execute();
  }

  async insertRefreshToken(
    token: { token_hash: string; session_id: string; created_at: number; expires_at: number },
    db: Executor = this.db,
  ): Promise<void> {
    await db.insertInto('refresh_tokens').values({ ...token, used_at: null }).execute();
  }

  findSession(id: string, db: Executor = this.db) {
    return db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'user_type', 'expires_at', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findRefreshToken(tokenHash: string, db: Executor = this.db) {
    return db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .select([
        'refresh_tokens.session_id',
        'refresh_tokens.expires_at',
        'refresh_tokens.used_at',
        'sessions.user_id',
        'sessions.user_type',
        'sessions.revoked_at',
      ])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks a refresh token used, only if it was unused; false means another request used it first. */
  async markRefreshTokenUsed(tokenHash: string, at: number, db: Executor = this.db): Promise<boolean> {
    const result = await db
      .updateTable('refresh_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async extendSession(id: string, at: number, expiresAt: number, db: Executor = this.db): Promise<void> {
    await db.updateTable('sessions').set({ last_refreshed_at: at, expires_at: expiresAt }).where('id', '=', id).execute();
  }

  async revokeUserSessions(userId: string, at: number, reason: string, db: Executor = this.db): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: at, revoked_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeSession(id: string, at: number, reason: string, db: Executor = this.db): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: at, revoked_reason: reason })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
