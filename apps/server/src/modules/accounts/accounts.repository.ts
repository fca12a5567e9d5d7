import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { prepared } from '../../db/prepared-query.js';
import type { AddressesTable, CompaniesTable, InstitutionProfilesTable } from './accounts.tables.js';

export type Executor = Kysely<Database> | Transaction<Database>;

// Every checkout asks it (assertMayCheckOut): built and compiled once (db/prepared-query.ts).
const companyOfUser = prepared((db, userId: string) => db.selectFrom('companies').selectAll().where('user_id', '=', userId));
export type UserRow = Selectable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type AddressRow = Selectable<AddressesTable>;
export type InstitutionRow = Selectable<InstitutionProfilesTable>;

/** Data access for users, companies, institution profiles and addresses; only accounts services call it. */
export class AccountsRepository {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async insertUser(user: Insertable<UsersTable>, db: Executor = this.db): Promise<void> {
    await db.insertInto('users').values(user).execute();
  }

  findUser(id: string, db: Executor = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findUserByEmail(email: string, db: Executor = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findUserByPhone(countryCode: string, phone: string, db: Executor = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('country_code', '=', countryCode).where('phone', '=', phone).executeTakeFirst();
  }

  async updateUser(id: string, changes: Updateable<UsersTable>, db: Executor = this.db): Promise<number> {
    const result = await db.updateTable('users').set(changes).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Turns a guest row into a registered account in place, so everything the guest owned stays. */
  async upgradeGuest(id: string, changes: Updateable<UsersTable>, db: Executor = this.db): Promise<boolean> {
    const result = await db.updateTable('users').set(changes).where('id', '=', id).where('type', '=', 'guest').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async countRegistered(db: Executor = this.db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '!=', 'guest')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // Companies

  async insertCompany(company: Insertable<CompaniesTable>, db: Executor = this.db): Promise<void> {
    await db.insertInto('companies').values(company).execute();
  }

  findCompanyByUser(userId: string, db: Executor = this.db): Promise<CompanyRow | undefined> {
    return companyOfUser.first(db, userId);
  }

  findCompany(id: string, db: Executor = this.db): Promise<CompanyRow | undefined> {
    return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findCompanyByRegistration(number: string, db: Executor = this.db): Promise<CompanyRow | undefined> {
    return db.selectFrom('companies').selectAll().where('registration_number', '=', number).executeTakeFirst();
  }

  listCompanies(options: { status?: string; before?: { createdAt: number; id: string }; limit: number }, db: Executor = this.db) {
    let query = db.selectFrom('companies').selectAll();
    if (options.status) query = query.where('status', '=', options.status);
    if (options.before) {
      const { createdAt, id } = options.before;
      query = query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  }

  /** Removes a rejected application (the applicant is applying again); false when it was not rejected. */
  async deleteRejectedCompany(id: string, db: Executor = this.db): Promise<boolean> {
    const result = await db.deleteFrom('companies').where('id', '=', id).where('status', '=', 'rejected').executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Records a decision on a pending company; false when it was no longer pending. */
  async reviewCompany(id: string, changes: Updateable<CompaniesTable>, db: Executor = this.db): Promise<boolean> {
    const result = await db.updateTable('companies').set(changes).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // Institution buyers

  findInstitution(userId: string, db: Executor = this.db): Promise<InstitutionRow | undefined> {
    return db.selectFrom('institution_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async upsertInstitution(row: InstitutionRow, db: Executor = this.db): Promise<void> {
    await db
      .insertInto('institution_profiles')
      .values(row)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          institution_name: row.institution_name,
          institution_type: row.institution_type,
          tax_id: row.tax_id,
          department: row.department,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  // Addresses

  listAddresses(userId: string, db: Executor = this.db): Promise<AddressRow[]> {
    return db.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  }

  findAddress(userId: string, id: string, db: Executor = this.db): Promise<AddressRow | undefined> {
    return db.selectFrom('addresses').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  async insertAddress(row: Insertable<AddressesTable>, db: Executor = this.db): Promise<void> {
    await db.insertInto('addresses').values(row).execute();
  }

  async updateAddress(userId: string, id: string, changes: Updateable<AddressesTable>, db: Executor = this.db): Promise<void> {
    await db.updateTable('addresses').set(changes).where('user_id', '=', userId).where('id', '=', id).execute();
  }

  async deleteAddress(userId: string, id: string, db: Executor = this.db): Promise<void> {
    await db.deleteFrom('addresses').where('user_id', '=', userId).where('id', '=', id).execute();
  }

  async clearDefaultAddress(userId: string, db: Executor = this.db): Promise<void> {
    await db.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).execute();
  }
}
