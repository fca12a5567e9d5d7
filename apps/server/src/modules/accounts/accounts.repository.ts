import type { Kysely, Transaction } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Data access for user accounts; only the accounts service calls it. */
export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(user: UsersTable, db: Executor = this.db): Promise<void> {
    await db.insertInto('users').values(user).execute();
  }

  findById(id: string, db: Executor = this.db) {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string, db: Executor = this.db) {
    return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async countRegistered(db: Executor = this.db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '!=', 'guest')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
